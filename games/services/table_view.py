"""Which way a player sees the game page's table: the drawn board or the text view.

The choice is the player's own bookkeeping (like a note: not an event, nobody else reads
it), kept per account so that the view a screen-reader user chose once is the one every
game link (a turn email, *Next game*, My games) opens, on any device.
"""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from common.errors import InvalidRequestError
from games.models import TablePreference, TableView

# The attribute of a user instance holding the view they chose as read with them (the
# session's user, ``accounts.auth``; None when they never chose): the game page then reads
# no preference of its own.
USER_TABLE_VIEW = "stored_table_view"


def table_view_of(*, user: User | AnonymousUser) -> str:
    """``"text"`` or ``"board"``: the view ``user`` last chose (the board until they choose)."""
    if not user.is_authenticated:
        return TableView.BOARD
    if hasattr(user, USER_TABLE_VIEW):
        chosen = getattr(user, USER_TABLE_VIEW)
    else:
        chosen = TablePreference.objects.filter(user=user).values_list("view", flat=True).first()
    return str(chosen or TableView.BOARD)


def table_view_choose(*, user: User, view: str) -> str:
    """Remember ``view`` (``"text"`` or ``"board"``) as the way ``user`` sees game tables."""
    if view not in TableView.values:
        raise InvalidRequestError(
            "bad_table_view", _("Choose the board or the text view of the table.")
        )
    TablePreference.objects.update_or_create(user=user, defaults={"view": view})
    return view

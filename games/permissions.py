"""Who may do what in a game: a seat's player, a user who is not suspended, a moderator.

Used by the services (which refuse with ``NotAllowedError``) and by the pages and the API
(which show or hide what a user may not use).
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser, Permission, User
from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from common.errors import NotAllowedError
from games.models import Game, Seat, active_suspension

MODERATE_PERMISSION = "games.moderate_game"


def may_moderate(user: User | AnonymousUser | None) -> bool:
    """Whether ``user`` may use the moderation tools (and see what players do not)."""
    return bool(
        user is not None
        and user.is_authenticated
        and user.is_active
        and user.has_perm(MODERATE_PERMISSION)
    )


def moderator_users() -> QuerySet[User]:
    """Active staff who may moderate (a report's possible assignees)."""
    permission = Q(
        codename="moderate_game", content_type__app_label="games", content_type__model="game"
    )
    granted = Permission.objects.filter(permission)
    return (
        get_user_model()
        .objects.filter(is_active=True, is_staff=True)
        .filter(
            Q(is_superuser=True)
            | Q(user_permissions__in=granted)
            | Q(groups__permissions__in=granted)
        )
        .distinct()
        .order_by("username")
    )


def require_not_suspended(user: User | AnonymousUser | None) -> None:
    """A suspended user (see ``games.moderation.user_suspend``) may not act in any game."""
    suspension = active_suspension(user)
    if suspension is not None:
        raise NotAllowedError("suspended", suspension.message)


def seat_of(game: Game, user: User, seats: list[Seat] | None = None) -> Seat:
    """``user``'s seat in ``game`` (from ``seats`` when the caller has them)."""
    seats = list(game.seats.all()) if seats is None else seats
    for seat in seats:
        if seat.user_id == user.pk:
            return seat
    raise NotAllowedError("not_seated", gettext("You do not have a seat in this game."))

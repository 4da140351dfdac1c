"""Private notes and the list of one's games: a player's own bookkeeping, never the game's.

A note belongs to its author only: it is read by ``note_of`` with the reader as its owner, so
no other seat, spectator or moderator ever gets it, and it is not an event, so the record,
the replay and the emails to other players cannot carry it. Dismissing a finished game hides
it from the player's own list of games (``games.selectors.game_list_for_user``); the other
players keep theirs.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import ConflictError, InvalidRequestError
from games.models import NOTE_MAX_CHARS, DismissedGame, Game, GameNote
from games.permissions import require_not_suspended, seat_of


def note_of(*, game: Game, user: User) -> GameNote | None:
    """``user``'s own note on ``game``, if they wrote one (never anyone else's)."""
    if not user.is_authenticated:
        return None
    return GameNote.objects.filter(game=game, user=user).first()


def note_save(*, game: Game, user: User, text: str) -> GameNote | None:
    """Write the player's note on a game they have a seat in; an empty text deletes it (None).
    A note is the player's own: it changes nothing in the game and tells nobody."""
    require_not_suspended(user)
    seat_of(game, user)
    text = text.strip()
    if len(text) > NOTE_MAX_CHARS:
        raise InvalidRequestError(
            "note_too_long",
            _("A note has at most %(max)d characters.") % {"max": NOTE_MAX_CHARS},
        )
    with transaction.atomic():
        if not text:
            GameNote.objects.filter(game=game, user=user).delete()
            return None
        note, _created = GameNote.objects.update_or_create(
            game=game, user=user, defaults={"text": text}
        )
    return note


def game_dismiss(*, game: Game, user: User) -> None:
    """Stop listing a finished game in the player's own list of games (theirs only). Doing it
    twice is the same as once."""
    seat_of(game, user)
    if not game.is_over:
        raise ConflictError(
            "game_not_over", _("Only a finished game can be dismissed from your list.")
        )
    DismissedGame.objects.get_or_create(game=game, user=user)


def game_undismiss(*, game: Game, user: User) -> None:
    """List a dismissed game again."""
    seat_of(game, user)
    DismissedGame.objects.filter(game=game, user=user).delete()

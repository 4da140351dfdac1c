"""Moving the site's clock in tests of clocks: a frozen ``timezone.now()``, players living in
a time zone, and a whole turn played at a given instant."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from unittest import mock

from games.models import Game
from notifications.preferences import preference_set
from tests.notifications.helpers import decide


@contextmanager
def frozen(at: datetime) -> Iterator[None]:
    """Every ``timezone.now()`` of the site says ``at``."""
    with mock.patch("django.utils.timezone.now", return_value=at):
        yield


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)  # type: ignore[misc]


def living_in(user, zone: str):
    preference_set(user=user, time_zone=zone)
    return user


def end_turn(game: Game, at: datetime) -> Game:
    """The seat to move plays its whole turn at ``at``."""
    seat = game.current_seat
    with frozen(at):
        for _ in range(40):
            decide(game)
            game.refresh_from_db()
            if game.current_seat != seat:
                return game
    raise AssertionError("the turn did not end")

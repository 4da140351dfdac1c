"""What a game is called: the name given at creation, or one built from its players.

A name is what people say to each other ("our Sunday game"), so the lists, the game page's
title and the emails use it; the public id stays the address. Without a given name the game
is called after whoever sits at it, "ann vs ben" or "ann, ben and cleo", so that a list of
games reads as a list of tables rather than of ids.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Protocol

from django.utils.translation import gettext

from common.errors import InvalidRequestError

# The longest name a game may be given: it has to fit a list row and an email subject.
GAME_NAME_LENGTH = 60

_SPACES = re.compile(r"\s+")


class SeatLike(Protocol):
    """What a name is built from: a seat's player or bot (``games.models.Seat``)."""

    index: int
    bot: str

    @property
    def player_name(self) -> str: ...


def name_check(raw: str) -> str:
    """A given name, tidied (spaces collapsed), or "" for none; refuses control characters
    and names longer than ``GAME_NAME_LENGTH``."""
    name = _SPACES.sub(" ", raw).strip()
    if any(unicodedata.category(ch).startswith("C") for ch in name):
        raise InvalidRequestError(
            "bad_name", gettext("A game's name cannot hold control characters.")
        )
    if len(name) > GAME_NAME_LENGTH:
        raise InvalidRequestError(
            "bad_name",
            gettext("A game's name is at most %(max)d characters long.")
            % {"max": GAME_NAME_LENGTH},
        )
    return name


def players_name(names: Iterable[str]) -> str:
    """ "ann vs ben" for two, "ann, ben and cleo" for more."""
    people = list(names)
    if len(people) <= 1:
        return people[0] if people else ""
    if len(people) == 2:
        return gettext("%(first)s vs %(second)s") % {"first": people[0], "second": people[1]}
    return gettext("%(others)s and %(last)s") % {
        "others": ", ".join(people[:-1]),
        "last": people[-1],
    }


def game_title(given: str, seats: Iterable[SeatLike]) -> str:
    """The game's name: the given one as it was typed, else built from its seats in seat
    order, in the active language ("alice vs normal bot", "alice contre bot normal"): only
    a given name is stored, so each reader reads a built one in their own language."""
    if given:
        return given
    return players_name(seat.player_name for seat in sorted(seats, key=lambda s: s.index))

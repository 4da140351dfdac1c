"""No page or email a player reads shows a component by the engine's id.

The engine names each card and tile by an id of its own (``blue-04``, ``outlaw-green-03``,
``flood-1``, ``m3_red-4``, ``p0-jersey-1``) that is printed on nothing: a player knows a
tile by what is printed on it ("a blue teepee (black hand)"). "What changed for me" once
named tiles by these ids ("building outlaw-green-03"). The French pages' check takes such
ids for identifiers and lets them through (``tests.french_text``), so this test looks for
them in English: on the game page of the seat whose turn starts (where "what changed for
me" shows), on every seat's pages as the game goes, on the replay and in the emails.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from django.core import mail
from django.test import Client

import engine
from games.models import Game
from tests.french_text import readable_text
from tests.games.helpers import play_one, started_game
from tests.games.play_helpers import client_of
from tests.notifications.inbound_support import configure, deliver_all

pytestmark = pytest.mark.django_db

# The engine's own ids: in small letters, numbered after a hyphen. The ids in capitals
# (CERT-4, OBJ-04, ROCKFALL-1) are words of the move notation, shown on purpose, and a
# building's number (1a) is printed on it.
_ID_SHAPE = re.compile(r"[a-z][a-z0-9_]*(?:-[a-z0-9_]+)*-\d+")
_URL = re.compile(r"https?://\S+")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict | list):
        for item in value.values() if isinstance(value, dict) else value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


@cache
def component_ids() -> re.Pattern[str]:
    """Every card and tile id of both editions (318), from the state of a new game of 4
    players, where every component is dealt or stacked somewhere."""
    ids = {
        text
        for edition in ("1e", "2e")
        for text in _strings(engine.new_game(4, 0, edition=edition))
        if _ID_SHAPE.fullmatch(text)
    }
    alternatives = "|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])")


def ids_shown(text: str, where: str) -> list[str]:
    """The component ids in ``text`` (a page's or an email's), each with what surrounds it."""
    text = _URL.sub(" ", readable_text(text))
    return [
        f"{where}: {found.group(0)} in {text[max(0, found.start() - 50) : found.end() + 20]!r}"
        for found in component_ids().finditer(text)
    ]


def test_the_ids_are_found_where_they_are_shown() -> None:
    """The net catches what the bug showed, and lets through what is printed."""
    assert ids_shown("<p>building outlaw-green-03 placed on OL3</p>", "page")
    assert ids_shown("hazard flood-1, ahead of you", "email")
    assert ids_shown("bought m3_red-4; drew p2-jersey-1", "email")
    assert not ids_shown("<p>building 2b, a green outlaw (green hand)</p>", "page")
    assert not ids_shown('<p data-id="blue-04">a blue teepee</p>', "page")


def _pages(game: Game) -> list[str]:
    return [f"/games/{game.public_id}/", f"/games/{game.public_id}/text/", "/games/", "/"]


def _read(client: Client, path: str, where: str) -> list[str]:
    page = client.get(path)
    assert page.status_code == 200, f"{where}: {path} answered {page.status_code}"
    return ids_shown(page.content.decode(), f"{where} {path}")


@pytest.mark.parametrize(
    ("edition", "options"), [("1e", {}), ("2e", {"simmental": True})], ids=["1e", "2e-simmental"]
)
def test_no_page_or_email_names_a_component_by_its_id(
    edition, options, alice, bob, carol, settings
):
    configure(settings)  # turn emails sent, kept in memory
    game = started_game(alice, [bob, carol], edition=edition, options=options)
    clients = {seat.index: client_of(seat.user) for seat in game.seats.all()}
    found: list[str] = []
    moves = 0
    while game.status == "active":
        mover = game.current_seat
        play_one(game)
        game.refresh_from_db()
        moves += 1
        if game.status != "active":
            break
        if game.current_seat != mover:
            # A turn starts: its seat reads "what changed for me" at the top of its page.
            path = f"/games/{game.public_id}/"
            found += _read(clients[game.current_seat], path, f"@{moves}")
        if moves % 40 == 0:
            deliver_all()
            for index, client in clients.items():
                for path in _pages(game):
                    found += _read(client, path, f"seat {index} @{moves}")
    for index, client in clients.items():
        for path in [*_pages(game), f"/games/{game.public_id}/replay/"]:
            found += _read(client, path, f"seat {index}, ended")
    deliver_all()
    assert mail.outbox, "no email was sent: the emails were not read"
    for email in mail.outbox:
        found += ids_shown(email.subject + "\n" + email.body, f"email {email.subject!r}")
        for html, _kind in getattr(email, "alternatives", []):
            found += ids_shown(html, f"email {email.subject!r} (HTML)")
    assert not found, "\n".join(dict.fromkeys(found))

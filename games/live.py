"""What the open pages hear when a game changes: the topics and signals of ``common.live``.

A signal is sent once the transaction that made the change commits (``on_commit``): a page
that hears it and asks again must find the change, and a change that is rolled back is never
heard. It carries ids, the game's version and status, and whose turn it is (public on every
page), never a hand, a card or a chat line: the page fetches those through its ordinary view.

Topics:

``game:<public id>``
    Event ``game`` (``{"game", "version", "status"}``) when the game row changed: a move, an
    undo, a resignation, a timeout, a moderator's action, a player joining or leaving the
    waiting room. Every page of the game hears it, spectators' too.
``chat:<public id>``
    Event ``chat`` (``{"game"}``) when a line was written, hidden or shown again. Only the
    streams of those who may read the chat subscribe (``games.web.live``).
``user:<user id>``
    Event ``games`` (``{"game", "version", "status", "your_turn"}``) for each human player of
    a game that changed: their lobby lists, "it is your turn in ..." notices, and a program
    playing through the API, which learns from its own stream when its turn comes back and
    when a game ended.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from django.db import transaction

from common import live
from games.models import Game, Seat


def game_topic(public_id: str) -> str:
    return f"game:{public_id}"


def chat_topic(public_id: str) -> str:
    return f"chat:{public_id}"


def user_topic(user_id: int) -> str:
    return f"user:{user_id}"


def game_changed(game: Game, seats: Iterable[Seat] | None = None) -> None:
    """Tell the game's pages and its players' pages, once the transaction commits, that the
    game row is now as ``game`` has it. ``seats``: the game's seats when the caller has them
    (else they are read after the commit)."""
    players = None if seats is None else _players(seats)
    transaction.on_commit(
        partial(
            _send_game,
            game_pk=game.pk,
            public_id=game.public_id,
            version=game.version,
            status=str(game.status),
            current_seat=game.current_seat,
            players=players,
        )
    )


def chat_changed(public_id: str) -> None:
    """Tell the pages that may read the game's chat, once the transaction commits."""
    transaction.on_commit(
        partial(live.publish, [chat_topic(public_id)], "chat", {"game": public_id})
    )


def _players(seats: Iterable[Seat]) -> list[tuple[int, int]]:
    """(user id, seat index) of the seats people play (not a bot's, not an empty one)."""
    return [(s.user_id, s.index) for s in seats if s.user_id is not None and not s.bot]


def _send_game(
    *,
    game_pk: int,
    public_id: str,
    version: int,
    status: str,
    current_seat: int | None,
    players: list[tuple[int, int]] | None,
) -> None:
    if players is None:
        players = _players(Seat.objects.filter(game_id=game_pk).only("user_id", "index", "bot"))
    signals: list[tuple[list[str], str, dict[str, object]]] = [
        ([game_topic(public_id)], "game", {"game": public_id, "version": version, "status": status})
    ]
    to_move = current_seat if status == "active" else None
    for your_turn in (True, False):
        users = sorted({user for user, index in players if (index == to_move) == your_turn})
        if users:
            signals.append(
                (
                    [user_topic(user) for user in users],
                    "games",
                    {
                        "game": public_id,
                        "version": version,
                        "status": status,
                        "your_turn": your_turn,
                    },
                )
            )
    live.publish_all(signals)  # one round trip to Redis

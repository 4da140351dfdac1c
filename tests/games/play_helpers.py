"""Helpers for the game page and replay tests."""

from __future__ import annotations

from typing import Any

from django.test import Client

from games import services
from games.models import Game
from tests.games.helpers import play_one, started_game


def client_of(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def finished_against_bot(user: Any, max_moves: int = 5000) -> Game:
    """A finished two-player game of ``user`` (seat 0, heuristic moves) against a bot.

    The bot's runs of moves are played as one transaction each, as the Celery task does:
    much quicker than one request per move."""
    game = started_game(user, bots=[1])
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != "active":
            return game
        if game.current_seat == 1:
            services.bot_turns_play(game_id=game.pk, version=game.version)
        else:
            play_one(game)
    raise AssertionError(f"the game did not end within {max_moves} moves")

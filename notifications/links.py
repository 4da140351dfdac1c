"""Absolute links put in emails, all built here so that a page's address changes in one place.

The game pages are served at ``/games/<public id>/``; the replay of a finished game at
``/games/<public id>/replay/``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.urls import reverse

from common.links import absolute
from games.models import Game


def game_url(game: Game) -> str:
    return absolute(f"/games/{game.public_id}/")


def absolute_home() -> str:
    """The site's home page (a message about several games links there)."""
    return absolute(reverse("home"))


def invite_url(game: Game) -> str:
    """The game's waiting room, where an invited player takes a seat."""
    return absolute(reverse("lobby-join", kwargs={"public_id": game.public_id}))


def replay_url(game: Game) -> str:
    return absolute(f"/games/{game.public_id}/replay/")


def moves_help_url() -> str:
    """The move notation reference (docs/moves.md served as a page)."""
    return absolute(reverse("help-moves"))


def email_help_url() -> str:
    """How to play by email (docs/email.md served as a page)."""
    return absolute(reverse("help-email"))


UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def unsubscribe_token(*, user_id: int, game_id: int | None = None) -> str:
    """A signed token naming the user (and the game the email was about); it never expires."""
    return signing.dumps({"u": user_id, "g": game_id}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_url(token: str) -> str:
    return absolute(reverse("notifications-unsubscribe", args=[token]))


def mail_domain() -> str:
    """The domain used in Message-IDs: the site's host name."""
    return urlsplit(settings.SITE_URL).hostname or "localhost"

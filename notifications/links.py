"""Absolute links put in emails, all built here so that a page's address changes in one place.

The game pages are served at ``/games/<public id>/``; the replay of a finished game at
``/games/<public id>/replay/``.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.urls import reverse

from common.links import absolute, path_around
from games.models import Game


def game_url(game: Game) -> str:
    return absolute(f"/games/{game.public_id}/")


# What ``reverse`` leaves as it is in a path: a value made only of these is put in the
# path as given (RFC 3986's unreserved characters, its sub-delimiters, ":" and "@").
_AS_IS = re.compile(r"[A-Za-z0-9\-._~!$&'()*+,;=:@]+")
_MARK = "0mark0"


def _path(name: str, value: str | None = None) -> str:
    """``reverse(name)``, or ``reverse(name, args=[value])`` for a pattern of one argument.

    Every email has several links: the path around the argument is reversed once
    (``common.links.path_around``), and a value that ``reverse`` would not quote is put in
    between (any other goes through ``reverse``)."""
    head, tail = path_around(name, None if value is None else _MARK)
    if value is None:
        return head
    if _AS_IS.fullmatch(value):
        return f"{head}{value}{tail}"
    return reverse(name, args=[value])


def absolute_home() -> str:
    """The site's home page (a message about several games links there)."""
    return absolute(_path("home"))


def invite_url(game: Game) -> str:
    """The game's waiting room, where an invited player takes a seat."""
    return absolute(_path("lobby-join", game.public_id))


def replay_url(game: Game) -> str:
    return absolute(f"/games/{game.public_id}/replay/")


def moves_help_url() -> str:
    """The move notation reference (docs/moves.md served as a page)."""
    return absolute(_path("help-moves"))


def email_help_url() -> str:
    """How to play by email (docs/email.md served as a page)."""
    return absolute(_path("help-email"))


UNSUBSCRIBE_SALT = "notifications.unsubscribe"


def unsubscribe_token(*, user_id: int, game_id: int | None = None) -> str:
    """A signed token naming the user (and the game the email was about); it never expires."""
    return signing.dumps({"u": user_id, "g": game_id}, salt=UNSUBSCRIBE_SALT)


def unsubscribe_url(token: str) -> str:
    return absolute(_path("notifications-unsubscribe", token))


def mail_domain() -> str:
    """The domain used in Message-IDs: the site's host name."""
    return urlsplit(settings.SITE_URL).hostname or "localhost"

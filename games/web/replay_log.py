"""The replay viewer's game log: its lines kept between the steps, and written as HTML.

A finished game has hundreds of steps. The template's loop over them cost more than the
rest of the page together (each line's half-dozen variables resolved, localized and
escaped one by one by the template engine); the same markup is written here in one pass,
escaped as the template escaped it (``tests/games/test_web_replay.py`` renders both).

Stepping through a replay asks for the same log again at every step: reading the game's
events and writing their lines was a third of a step's cost. So each process keeps the
lines of the logs it wrote last (an htmx step comes back to the process of the page, on
the same keep-alive connection), under everything they are made of, so that an entry is
never another log's: the game and its version (every event changes it) and the time its
row was last updated (an entry of a timeline that did not last, a transaction rolled back
or a backup restored, never matches), the language, the viewing seat, and the seats'
names and which of them bots hold. The names of the people who made the decisions (a
seat can change hands) are in the entry and read again to check it: a player renamed
since is a miss. Kept in the process, not in Django's cache, the lines of a release never
outlive it: the next one may word them otherwise.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.models import Game
from games.replay import LocalEntries

LOCAL_CACHE_SIZE = 64  # logs kept in each process (about 100 kB each for a finished game)

Rows = list[dict[str, Any]]
Actors = dict[int, str]  # the user ids of the decisions' authors, with their names

local_logs = LocalEntries(LOCAL_CACHE_SIZE)


def cached_rows(
    game: Game,
    viewer: int | None,
    names: Mapping[int, str],
    bots: Iterable[int],
    build: Callable[[], tuple[Rows, Actors]],
) -> Rows:
    """The log's rows (``games.web.play.log_rows``) kept by the process, else from
    ``build`` (the rows, and the names of the users they name as the decisions' authors),
    then kept. At once: rows read in a transaction that does not last are kept under the
    time of its update of the game row, which no lasting one will have."""
    key = _key(game, viewer, names, bots)
    rows = _rows_of(local_logs.get(key), key)
    if rows is not None:
        return rows
    rows, actors = build()
    local_logs.put(key, {"key": key, "actors": actors, "rows": rows})
    return rows


def _key(game: Game, viewer: int | None, names: Mapping[int, str], bots: Iterable[int]) -> str:
    stamp = game.updated_at.isoformat() if game.updated_at is not None else ""
    seats = json.dumps([sorted(names.items()), sorted(bots)], ensure_ascii=False)
    made_of = json.dumps(
        [game.public_id, game.version, stamp, get_language() or "", viewer, seats],
        ensure_ascii=False,
    )
    return "games:replay-log:" + hashlib.blake2b(made_of.encode(), digest_size=16).hexdigest()


def _rows_of(entry: Any, key: str) -> Rows | None:
    """The rows of ``entry`` if it is the entry of ``key`` and its authors still bear the
    names it has; else None."""
    if not isinstance(entry, dict) or entry.get("key") != key:
        return None
    actors, rows = entry.get("actors"), entry.get("rows")
    if not isinstance(actors, dict) or not isinstance(rows, list):
        return None
    if actors:
        users = get_user_model().objects.filter(pk__in=list(actors))
        named = dict(users.values_list("pk", users.model.USERNAME_FIELD))
        if named != actors:
            return None
    return rows


def log_items(rows: Iterable[Mapping[str, Any]], seq: int, replay_url: str) -> SafeString:
    """The ``<li>`` of each of the log's ``rows`` (``games.web.play.log_rows``), the step
    ``seq`` marked as the current one; ``replay_url``: the viewer's address, without query."""
    url = conditional_escape(replay_url)
    mark = conditional_escape(_("(taken back)"))
    items = []
    for row in rows:
        step = int(row["seq"])
        current = ' class="current" aria-current="step"' if step == seq else ""
        who = (
            f'<span class="log-who">{conditional_escape(row["who"])}</span>: ' if row["who"] else ""
        )
        taken_back = (
            f' <span class="log-taken-back-mark">{mark}</span>' if row["taken_back"] else ""
        )
        items.append(
            f'\n        <li value="{step}"{current}>\n'
            f'          <a href="{url}?at={step}" hx-get="{url}?at={step}"'
            ' hx-target="#replay-frame" hx-swap="outerHTML" hx-push-url="true">'
            f'<span class="log-seq">#{step}</span> {who}{conditional_escape(row["text"])}'
            f"{taken_back}</a>\n"
            "        </li>\n      "
        )
    return mark_safe("".join(items))

"""The rows of the lobby's game tables ("My games", open games) as HTML, written in Python.

A player with thousands of games gets pages of 50 rows, and each row drawn by the template
language (a dozen translated phrases, three links, a cell per seat) cost about half a
millisecond: most of the page's time. Written here, a page of rows costs a few. The HTML
is byte for byte what ``games/_lobby_games.html`` drew with a loop over the rows (the same
lines and indentation, the same escaping: values escaped, translated phrases as they are),
and the phrases are the same messages, so the catalogues need nothing new.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext

from games.models import PUBLIC_ID_LENGTH, GameStatus
from games.terms import names
from games.web.display import GameRow, SeatLine


@dataclass(frozen=True)
class _Words:
    """The table's phrases in the active language, translated once per table, not per row."""

    game: str
    players: str
    status: str
    turn: str
    note: str
    game_id: str
    round: str
    edition: str
    score: str
    waiting: str
    since: str
    deadline: str
    ended: str
    not_started: str
    your_game: str
    join: str
    take_over: str
    replay: str
    dismiss: str

    @classmethod
    def now(cls) -> _Words:
        return cls(
            game=gettext("Game"),
            players=gettext("Players"),
            status=gettext("Status"),
            turn=gettext("Turn"),
            note=gettext("You have a note on this game"),
            game_id=gettext("game %(id)s"),
            round=gettext("round %(round)s"),
            edition=gettext("%(edition)s, %(players)s players, %(layout)s layout"),
            score=gettext("%(score)s VP"),
            waiting=gettext("for %(waiting)s"),
            since=gettext("since %(since)s"),
            deadline=gettext("deadline %(deadline)s"),
            ended=gettext("ended %(since)s"),
            not_started=gettext("not started"),
            your_game=gettext("Your game: open its page"),
            join=gettext("Join"),
            take_over=gettext("Take over"),
            replay=gettext("Replay"),
            dismiss=gettext("Dismiss"),
        )


class _Links:
    """A row's addresses. Each route is reversed once per table, with a stand-in id, and
    a row's address is its id between the two halves: a game's address is the same around
    its id, and ``reverse()`` for every link of every row was a fifth of a table's time."""

    _STAND_IN = "a" * PUBLIC_ID_LENGTH

    def __init__(self) -> None:
        self._around: dict[str, tuple[str, str]] = {}

    def __call__(self, route: str, public_id: str) -> str:
        around = self._around.get(route)
        if around is None:
            before, _, after = reverse(route, args=[self._STAND_IN]).partition(self._STAND_IN)
            around = self._around[route] = (escape(before), escape(after))
        return f"{around[0]}{escape(public_id)}{around[1]}"


def rows_html(
    rows: Iterable[GameRow],
    *,
    csrf_token: str = "",
    join_buttons: bool = False,
    take_over_buttons: bool = False,
    dismiss_buttons: bool = False,
) -> SafeString:
    """The ``<tr>`` of each row, with the buttons asked for (their forms carry
    ``csrf_token``, the page's token, as the ``{% csrf_token %}`` tag would)."""
    words = _Words.now()
    links = _Links()
    token = (
        f'<input type="hidden" name="csrfmiddlewaretoken" value="{escape(csrf_token)}">'
        if csrf_token and csrf_token != "NOTPROVIDED"
        else ""
    )
    parts: list[str] = []
    for row in rows:
        _row(parts, row, words, links, token, join_buttons, take_over_buttons, dismiss_buttons)
    return mark_safe("".join(parts))  # every value in them is escaped by _row and _seat


def _row(
    out: list[str],
    row: GameRow,
    words: _Words,
    links: _Links,
    token: str,
    join_buttons: bool,
    take_over_buttons: bool,
    dismiss_buttons: bool,
) -> None:
    game = row.game
    public_id = escape(game.public_id)
    is_open = game.status == GameStatus.OPEN
    is_over = game.is_over
    title = escape(row.title)
    join_url = links("lobby-join", game.public_id) if is_open or join_buttons else ""
    your_turn = " your-turn" if row.your_turn else ""
    out.append(f'\n    <tr class="game-row{your_turn}" data-game="{public_id}">')
    out.append(f'\n      <td data-label="{words.game}">\n        ')
    if is_open:
        out.append(f'\n          <a href="{join_url}" class="game-name">{title}</a>\n        ')
    else:
        play_url = links("game-play", game.public_id)
        out.append(f'\n          <a href="{play_url}" class="game-name">{title}</a>\n        ')
    out.append("\n        ")
    if getattr(game, "has_note", False):
        out.append(
            f'<span class="note-marker" data-testid="note-marker" title="{words.note}">'
            f'&#128221;<span class="visually-hidden">{words.note}</span></span>'
        )
    out.append('\n        <span class="muted">')
    out.append(words.game_id % {"id": public_id})
    if row.round:
        round_text = words.round % {"round": escape(str(row.round))}
        out.append(f', <span data-testid="round">{round_text}</span>')
    out.append(";</span>")
    layout = names.layout_name((game.options or {}).get("layout") or "beginner")
    edition = words.edition % {
        "edition": escape(game.edition_label),
        "players": escape(str(game.players)),
        "layout": escape(layout),
    }
    out.append(f'\n        <span class="muted">{edition}</span>\n        ')
    if is_open:
        out.append(f'<span class="muted clock" data-testid="clock">{escape(row.clock)}</span>')
    out.append(f'\n      </td>\n      <td data-label="{words.players}">')
    out.append('\n        <ul class="seat-list">\n          ')
    for seat in row.seats:
        _seat(out, seat, words)
    out.append("\n        </ul>\n      </td>")
    result = f": {escape(row.result)}" if row.result else ""
    out.append(f'\n      <td data-label="{words.status}">{escape(row.status)}{result}</td>')
    out.append(f'\n      <td data-label="{words.turn}">\n        ')
    if row.turn:
        out.append(f"\n          <strong>{escape(row.turn)}</strong>")
        if row.waiting_for:
            out.append(", " + words.waiting % {"waiting": escape(row.waiting_for)})
        out.append("\n          ")
        if row.since:
            since = words.since % {"since": escape(row.since)}
            out.append(f'<span class="muted">{since}</span>')
        out.append("\n          ")
        if row.deadline:
            deadline = words.deadline % {"deadline": escape(row.deadline)}
            out.append(f'<span class="muted">{deadline}</span>')
        out.append("\n        ")
    elif is_over and row.since:
        ended = words.ended % {"since": escape(row.since)}
        out.append(f'\n          <span class="muted">{ended}</span>\n        ')
    elif is_open:
        out.append(f'\n          <span class="muted">{words.not_started}</span>\n        ')
    out.append("\n        ")
    if join_buttons and row.seated:
        out.append(f'\n          <a href="{join_url}">{words.your_game}</a>\n        ')
    elif join_buttons:
        out.append(_post_button(join_url, token, "", words.join))
    out.append("\n        ")
    if take_over_buttons:
        take_over_url = links("game-take-over", game.public_id)
        out.append(_post_button(take_over_url, token, ' data-testid="take-over"', words.take_over))
    out.append("\n        ")
    if is_over:
        replay_url = links("game-replay", game.public_id)
        out.append(f'<a href="{replay_url}">{words.replay}</a>')
    out.append("\n        ")
    if dismiss_buttons:
        dismiss_url = links("game-dismiss", game.public_id)
        out.append(
            _post_button(
                dismiss_url, token, ' class="secondary" data-testid="dismiss"', words.dismiss
            )
        )
    out.append("\n      </td>\n    </tr>\n  ")


def _post_button(url: str, token: str, attributes: str, label: str) -> str:
    """A row's one-button form (join, take over, dismiss), laid out as the template's."""
    return (
        f'\n          <form method="post" action="{url}" class="inline-form">'
        f"\n            {token}"
        f'\n            <button type="submit"{attributes}>{label}</button>'
        "\n          </form>\n        "
    )


def _seat(out: list[str], seat: SeatLine, words: _Words) -> None:
    out.append(
        f'<li class="seat seat-{escape(seat.colour)}"><span class="seat-dot" aria-hidden="true">'
        f"</span>{escape(seat.name)}"
    )
    if seat.reliability:
        out.append(
            ' <span class="muted reliability" data-testid="reliability">'
            f"({escape(seat.reliability)})</span>"
        )
    if seat.score is not None:
        score = words.score % {"score": escape(str(seat.score))}
        out.append(f' <span class="seat-score" data-testid="score">{score}</span>')
    out.append("</li>")

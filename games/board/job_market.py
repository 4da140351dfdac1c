"""The job market: a row of workers per price, the row the token is on, and what leaving a
row does (refill the cattle market, trigger the game end).

A row is kept by its workers and whether the token is on it (``games/board/memo.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache

from django.utils.translation import get_language, gettext, pgettext

from engine.data import player_board as board_data
from games.board import layout as lay
from games.board.editions import edition
from games.board.elements import Element, Markup, frozen
from games.board.memo import Pieces, freeze
from games.board.pieces import group, heading, rect, text
from games.board.words import View
from games.terms import names as term_names

_ROWS = Pieces(256)


def job_market(view: View) -> Element:
    """The job market as a ``<g class="job-market">``.

    :param view: the engine's view of the position.
    """
    arrows = edition(view).job_row_arrows
    jm = view.get("job_market", {})
    token_row = jm.get("token_row")
    columns = frozenset(jm.get("columns", range(board_data.JOB_COLUMNS)))
    costs = jm.get("costs", board_data.JOB_ROW_COSTS)
    g = Element("g", {"class": "job-market"}, _heading(get_language() or ""))
    for i, row in enumerate(jm.get("rows", [])):
        cost = costs[i] if i < len(costs) else ""
        is_token = i == token_row
        arrow = arrows[i] if i < len(arrows) else "black"
        key = (i, freeze(row), is_token, cost, columns, arrow)
        g.children.append(_ROWS.get(key, _row, i, row, is_token, cost, columns, arrow))
    return g


@cache
def _heading(language: str) -> Markup:
    """The heading, in ``language`` (the active one)."""
    return frozen(heading(lay.JOB_LEFT, lay.JOB_TOP - 14, gettext("Job market")))


def _row(
    i: int,
    row: Sequence[str | None],
    is_token: bool,
    cost: object,
    columns: Collection[int],
    arrow: str,
) -> Element:
    """Row ``i``: its price, a cell per column (workers, empty or unused for this seat count),
    and the arrow leaving it (black: nothing; yellow: refill; red, green in the 2nd edition:
    the game end)."""
    x0, y = lay.JOB_LEFT, lay.JOB_TOP + i * lay.JOB_ROW_H
    workers = [_worker_name(w) for w in row if w]
    words = gettext("job market row %(row)d, $%(cost)s: %(workers)s") % {
        "row": i + 1,
        "cost": cost,
        "workers": ", ".join(workers) or pgettext("job market row", "empty"),
    }
    if is_token:
        words += gettext("; the job market token is here")
    if arrow == "yellow":
        words += gettext("; leaving this row refills the cattle market")
    elif arrow in ("red", "green"):
        words += gettext("; leaving this row triggers the game end")
    g = group("job-row token-row" if is_token else "job-row", words, row=i)
    width = lay.JOB_LABEL_W + board_data.JOB_COLUMNS * lay.JOB_CELL_W + 4
    if is_token:
        g.append(rect(x0 - 4, y - 2, width + 8, lay.JOB_ROW_H, "token-row-band", r=4))
    g.append(text(x0 + 2, y + 15, f"${cost}", "job-cost"))
    cell_w, cell_h = lay.JOB_CELL_W - 4, lay.JOB_ROW_H - 4
    for c in range(board_data.JOB_COLUMNS):
        cx = x0 + lay.JOB_LABEL_W + c * lay.JOB_CELL_W
        kind = row[c] if c < len(row) else None
        if kind:
            g.append(
                rect(cx, y, cell_w, cell_h, f"worker worker-{kind}"),
                text(cx + cell_w / 2, y + 14, str(lay.WORKER_SHORT.get(kind, kind)), "job-worker"),
            )
        else:
            g.append(rect(cx, y, cell_w, cell_h, "slot-empty" if c in columns else "slot-unused"))
    end_x = x0 + width + 2
    if is_token:
        g.append(text(end_x + 6, y + 15, "\u25c0 " + pgettext("board box", "token"), "token-note"))
    elif arrow != "black":
        word = (
            pgettext("board box", "refill") if arrow == "yellow" else pgettext("board box", "end")
        )
        g.append(text(end_x + 6, y + 15, word, f"arrow-{arrow}"))
    return g


def _worker_name(kind: str) -> str:
    """A worker of the market in words (an unknown kind as it is)."""
    pair = term_names.WORKERS.get(kind)
    return pair[0] if pair else kind

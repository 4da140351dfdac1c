"""Write an HTML page showing the board and player boards of a bot-played position.

    python manage.py board_preview out.html --players 4 --seed 7 --at 0.5 [--seat 0] [--edition 2e]

``--at`` is how far through the game to stop (0 = the start, 1 = the end). The page inlines
the board stylesheet so it can be opened from disk or screenshot with a headless browser,
e.g. ``chromium --headless --screenshot=out.png --window-size=375,2000 out.html``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

import engine
from engine import Move, State, View, bots
from games.board.svg import board_svg, player_board_svg
from games.move_presentation import board_targets, present_moves

CSS_PATH = Path(__file__).resolve().parents[2] / "static" / "games" / "board.css"


def bot_position(
    players: int,
    seed: int,
    at: float,
    edition: str = "1e",
    options: Mapping[str, object] | None = None,
) -> State:
    """The state ``at`` (0..1) of the way through a game of ``edition`` the heuristic bots
    play."""
    state = engine.new_game(players, seed, edition, options)
    moves: list[tuple[int, Move]] = []
    while not state["over"]:
        seat = state["current"]
        move = bots.choose_move(state, seat, "heuristic", rng=seed)
        state = engine.apply(state, seat, move)
        moves.append((seat, move))
    stop = round(len(moves) * max(0.0, min(1.0, at)))
    return engine.replay(players, seed, moves[:stop], edition, options)


def preview_page(view: View, targets: Mapping[str, int] | None = None) -> str:
    """A standalone HTML page of the table and every player board drawn from ``view``, with
    the board stylesheet inlined (for previews and screenshots of either edition)."""
    boards = "".join(
        f'<div class="pb">{player_board_svg(view, s)}</div>' for s in range(len(view["players"]))
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>Board preview</title><style>{CSS_PATH.read_text()}"
        "body{margin:0;padding:8px;background:#fff}"
        ".pbs{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));"
        "gap:8px;margin-top:8px}</style></head><body>"
        f'{board_svg(view, targets=targets)}<div class="pbs">{boards}</div></body></html>'
    )


class Command(BaseCommand):
    help = "Write an HTML preview of the drawn board for a bot-played position."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("out", help="the HTML file to write")
        parser.add_argument("--players", type=int, default=4)
        parser.add_argument("--seed", type=int, default=7)
        parser.add_argument("--at", type=float, default=0.5, help="0 = start, 1 = end")
        parser.add_argument("--edition", default="1e", help="1e or 2e")
        parser.add_argument(
            "--seat", type=int, default=None, help="viewing seat (default: to move)"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if not 2 <= options["players"] <= 4:
            raise CommandError("--players must be 2, 3 or 4.")
        edition = options["edition"]
        try:
            engine.edition_data(edition)
        except engine.IllegalMove as error:
            raise CommandError(error.message) from error
        state = bot_position(options["players"], options["seed"], options["at"], edition)
        seat = options["seat"]
        if seat is None:
            seat = state["current"] if not state["over"] else 0
        view = engine.view(state, seat)
        targets: dict[str, int] = {}
        if not state["over"] and state["current"] == seat:
            moves = engine.legal_moves(state, seat)
            targets = board_targets(present_moves(state, seat, moves))
        page = preview_page(view, targets)
        Path(options["out"]).write_text(page, encoding="utf-8")
        self.stdout.write(f"wrote {options['out']} (move {view['seq']}, {len(targets)} targets)")

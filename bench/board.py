"""How long does drawing the board take?  Run: .venv/bin/python bench/board.py [--games N]

The game page and the replay viewer draw the whole table as SVG on every render, so the
drawing must stay small next to a request's budget. Measures, over every position of N
heuristic-bot 4-player games drawn in order (as a page redraws after each move), the CPU
time of ``board_svg`` (the seat to move's view) and of ``player_board_svg`` for each seat,
and the markup size of a late board. The drawing keeps the pieces it has drawn
(``games/board/memo.py``), so it also measures a first draw, with nothing kept, of every
tenth position and of the late board. Target: a late 4-player board <= 5 ms, first draw
included. Not part of ``make test``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import django

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine
from engine import bots

TARGET_MS = 5.0


def _positions(games: int) -> list[dict[str, Any]]:
    """Every position of ``games`` heuristic 4-player games (seeds 1..games)."""
    states = []
    for seed in range(1, games + 1):
        state = engine.new_game(players=4, seed=seed)
        states.append(state)
        while not engine.is_over(state):
            seat = engine.current_player(state)
            state = engine.apply(state, seat, bots.choose_move(state, seat, kind="heuristic"))
            states.append(state)
    return states


def main() -> None:
    # The drawing is pure, but it lives in a Django app whose package imports models; the
    # development settings need no secret key or server from the environment.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
    os.environ.setdefault("GWT_ENV", "development")
    django.setup()
    from games.board.memo import clear_all
    from games.board.svg import board_svg, player_board_svg

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    args = parser.parse_args()

    print(f"python {platform.python_version()} on {platform.machine()}, {args.games} games")
    views = [engine.view(s, engine.current_player(s)) for s in _positions(args.games)]
    board_ms, player_ms = [], []
    for view in views:
        started = time.process_time()
        board_svg(view)
        board_ms.append((time.process_time() - started) * 1000)
        started = time.process_time()
        for seat in range(len(view["players"])):
            player_board_svg(view, seat)
        player_ms.append((time.process_time() - started) * 1000 / len(view["players"]))

    first_board_ms, first_player_ms = [], []
    for view in views[::10]:
        clear_all()
        started = time.process_time()
        board_svg(view)
        first_board_ms.append((time.process_time() - started) * 1000)
        clear_all()
        started = time.process_time()
        player_board_svg(view, 0)
        first_player_ms.append((time.process_time() - started) * 1000)

    late = views[-2]
    started = time.process_time()
    for _ in range(50):
        board_svg(late)
    late_ms = (time.process_time() - started) * 1000 / 50
    late_first_ms = 0.0
    for _ in range(20):
        clear_all()
        started = time.process_time()
        board_svg(late)
        late_first_ms += (time.process_time() - started) * 1000 / 20

    def line(name: str, values: list[float]) -> str:
        q = statistics.quantiles(values, n=100)
        return f"{name:<22} median {statistics.median(values):6.2f} ms  p99 {q[98]:6.2f} ms"

    print(f"positions drawn        {len(views)}")
    print(line("board_svg", board_ms))
    print(line("player_board_svg", player_ms))
    print(line("first board_svg", first_board_ms))
    print(line("first player_board", first_player_ms))
    verdict = "ok" if max(late_ms, late_first_ms) <= TARGET_MS else "MISSED"
    print(
        f"late 4p board          {late_ms:6.2f} ms, first draw {late_first_ms:.2f} ms "
        f"(target <= {TARGET_MS} ms: {verdict})"
    )
    print(f"late board markup      {len(board_svg(late)) / 1024:6.1f} KB")


if __name__ == "__main__":
    main()

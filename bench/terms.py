"""What saying moves in the game's terms costs: per move, the game log's journal line that the
ledger writes with every move event, beside the ``engine.apply`` the move costs anyway; per
decision, the game page's buttons (``present_moves``: prices, notation and words).

    .venv/bin/python bench/terms.py                 # 4 heuristic 3-player games per edition
    .venv/bin/python bench/terms.py --games 10

It plays heuristic games through the engine, keeps every position, then times over them:
``engine.apply`` of the move played; the ledger's journal line for it (``ledger.move_journal``:
two views, a price where needed, the words); ``present_moves`` for the seat to move; and
``choice_words`` alone for every legal move. Medians and 99th percentiles in microseconds.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
    os.environ.setdefault("GWT_ENV", "development")
    import django

    django.setup()


def positions(edition: str, games: int) -> list[tuple[Any, int, dict[str, Any]]]:
    import engine
    import engine.bots

    out = []
    for seed in range(games):
        state = engine.new_game(players=3, seed=seed, edition=edition)
        while not engine.is_over(state):
            seat = engine.current_player(state)
            assert seat is not None
            move = engine.bots.choose_move(state, seat, kind="heuristic")
            out.append((state, seat, move))
            state = engine.apply(state, seat, move)
    return out


def timed(items: list[Any], call: Callable[[Any], Any]) -> list[float]:
    times = []
    for item in items:
        started = time.perf_counter()
        call(item)
        times.append((time.perf_counter() - started) * 1e6)
    return times


def line(label: str, times: list[float]) -> str:
    p99 = statistics.quantiles(times, n=100)[98] if len(times) >= 100 else max(times)
    return f"  {label:<44} median {statistics.median(times):8.1f} us   p99 {p99:8.1f} us"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    args = parser.parse_args()
    setup()
    import engine
    from games import ledger
    from games.move_presentation import present_moves
    from games.terms.choices import choice_words

    print(f"Python {platform.python_version()} on {platform.machine()} ({os.cpu_count()} cpus)")
    for edition in ("1e", "2e"):
        played = positions(edition, args.games)
        sample = played[::5]
        print(f"{edition}: {args.games} games, {len(played)} moves ({len(sample)} decisions timed)")

        def apply(item: Any) -> Any:
            state, seat, move = item
            return engine.apply(state, seat, move)

        after = {id(item): apply(item) for item in played}

        def journal(item: Any, after: dict[int, Any] = after) -> tuple[str, dict[str, str]]:
            state, seat, move = item
            before = engine.view(state, seat)
            return ledger.move_journal(state, before, seat, move, after[id(item)])

        def buttons(item: Any) -> Any:
            state, seat, _ = item
            return present_moves(state, seat, engine.legal_moves(state, seat))

        def words(item: Any) -> list[str]:
            state, seat, _ = item
            view = engine.view(state, seat)
            return [choice_words(view, m) for m in engine.legal_moves(state, seat)]

        print(line("engine.apply (the move itself)", timed(played, apply)))
        print(line("journal line (view before + after, words)", timed(played, journal)))
        print(line("present_moves (every button of a decision)", timed(sample, buttons)))
        print(line("choice_words only (every button)", timed(sample, words)))


if __name__ == "__main__":
    main()

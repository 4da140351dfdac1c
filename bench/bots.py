"""How strong is the heuristic bot?  Run: .venv/bin/python bench/bots.py [--games N]

For each edition and player count (and, in the 2nd edition, with and without the Simmental
variant), plays ``--games`` games of one heuristic bot against random bots, the heuristic
bot moving one seat on every game (later seats start richer), and as many games between
heuristic bots only.  Prints, per setting, the average final score of the heuristic bot and
of the random bots, the heuristic bot's share of wins, and the average score of a table of
heuristic bots (its level against itself, which the tables of both editions should keep
comparable).  Game ``i`` uses seed ``--seed + i`` with the beginner layout; every figure is
reproducible.  Not part of ``make test``; ``docs/bots.md`` quotes its output.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.errors import IllegalMove
from engine.simulate import play_game
from engine.state_types import GameOptions


@dataclass(frozen=True)
class Setting:
    edition: str
    players: int
    simmental: bool | None  # None: the edition has no such option

    @property
    def options(self) -> GameOptions:
        if self.simmental is None:
            return {"layout": "beginner"}
        return {"layout": "beginner", "simmental": self.simmental}

    @property
    def label(self) -> str:
        variant = {None: "", False: ", Simmental off", True: ", Simmental on"}[self.simmental]
        return f"{self.edition}, {self.players} players{variant}"


def settings(editions: list[str]) -> Iterator[Setting]:
    for edition in editions:
        for players in (2, 3, 4):
            if edition == "1e":
                yield Setting(edition, players, None)
            else:
                yield Setting(edition, players, False)
                yield Setting(edition, players, True)


def measure(setting: Setting, games: int, seed0: int) -> dict[str, float]:
    n = setting.players
    heuristic: list[int] = []
    random: list[int] = []
    wins = 0.0
    selfplay: list[int] = []
    for g in range(games):
        seat = g % n
        table = ["random"] * n
        table[seat] = "heuristic"
        scores = play_game(n, seed0 + g, table, setting.options, setting.edition).scores
        totals = [s["total"] for s in scores]
        heuristic.append(totals[seat])
        random.extend(t for i, t in enumerate(totals) if i != seat)
        winners = [i for i, s in enumerate(scores) if s["winner"]]
        wins += (seat in winners) / len(winners)
        record = play_game(n, seed0 + g, ["heuristic"] * n, setting.options, setting.edition)
        selfplay.extend(s["total"] for s in record.scores)
    return {
        "heuristic": statistics.mean(heuristic),
        "heuristic_sd": statistics.stdev(heuristic) if games > 1 else 0.0,
        "random": statistics.mean(random),
        "wins": wins / games,
        "selfplay": statistics.mean(selfplay),
        "selfplay_sd": statistics.stdev(selfplay) if len(selfplay) > 1 else 0.0,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50, help="games per setting and table")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--edition", action="append", choices=("1e", "2e"), help="default: both editions"
    )
    args = parser.parse_args()
    editions = args.edition or ["1e", "2e"]
    print(f"{args.games} games per setting and table, seeds {args.seed}.., beginner layout")
    print(
        "| setting | heuristic vs random: heuristic | random | heuristic wins "
        "| heuristic bots only |"
    )
    print("|---|---|---|---|---|")
    start = time.process_time()
    for setting in settings(editions):
        try:
            r = measure(setting, args.games, args.seed)
        except IllegalMove as e:  # an option this engine does not play
            print(f"| {setting.label} | {e} | | | |", flush=True)
            continue
        print(
            f"| {setting.label} | {r['heuristic']:.1f} (sd {r['heuristic_sd']:.1f}) "
            f"| {r['random']:.1f} | {r['wins']:.0%} "
            f"| {r['selfplay']:.1f} (sd {r['selfplay_sd']:.1f}) |",
            flush=True,
        )
    print(f"({time.process_time() - start:.0f} s of CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

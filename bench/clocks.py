"""What a clock that stops at night costs: the turn deadline a move sets (``deadline_after``)
and the waking time a turn took (``waking_time``, twice per turn that passes on: its
``TurnTime`` and, in a game with a time bank, the bank), with and without quiet hours and a
weekend pause, for turns of a few hours to several weeks.

    .venv/bin/python bench/clocks.py
    .venv/bin/python bench/clocks.py --samples 5000

Random start instants over two years (both daylight-saving changes of each zone inside) in
Europe/Paris, America/New_York and Australia/Sydney. Medians and 99th percentiles in
microseconds per call.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from common.waking_time import ClockRules, deadline_after, waking_time

ZONES = [ZoneInfo(z) for z in ("Europe/Paris", "America/New_York", "Australia/Sydney")]
RULES = {
    "no rules": ClockRules(),
    "quiet 23-07": ClockRules(quiet_start=23, quiet_end=7),
    "quiet + weekend": ClockRules(quiet_start=23, quiet_end=7, weekend_pause=True),
}
BUDGETS = {
    "3 hours": timedelta(hours=3),
    "3 days": timedelta(days=3),
    "30 days": timedelta(days=30),
}


def timed(calls: list[tuple[object, ...]], fn: object) -> tuple[float, float]:
    spent = []
    for args in calls:
        start = time.perf_counter()
        fn(*args)  # type: ignore[operator]
        spent.append((time.perf_counter() - start) * 1e6)
    spent.sort()
    return statistics.median(spent), spent[int(len(spent) * 0.99) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=2000)
    args = parser.parse_args()
    rng = random.Random(21)
    origin = datetime(2026, 1, 1, tzinfo=UTC)
    print(f"Python {platform.python_version()} on {platform.machine()}, {args.samples} samples")
    print(f"{'rules':<16} {'budget':<8} {'deadline_after µs':>20} {'waking_time µs':>18}")
    for rules_name, rules in RULES.items():
        for budget_name, budget in BUDGETS.items():
            starts = [
                (origin + timedelta(seconds=rng.randrange(730 * 86400)), rng.choice(ZONES))
                for _ in range(args.samples)
            ]
            deadline_calls = [(s, budget, rules, z) for s, z in starts]
            ends = [deadline_after(*call) for call in deadline_calls]
            waking_calls = [(s, e, rules, z) for (s, z), e in zip(starts, ends, strict=True)]
            d_med, d_p99 = timed(deadline_calls, deadline_after)
            w_med, w_p99 = timed(waking_calls, waking_time)
            print(
                f"{rules_name:<16} {budget_name:<8} {d_med:>9.1f} (p99 {d_p99:>6.1f})"
                f" {w_med:>8.1f} (p99 {w_p99:>6.1f})"
            )


if __name__ == "__main__":
    main()

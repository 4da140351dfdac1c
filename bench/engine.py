"""How fast is the rules engine?  Run: .venv/bin/python bench/engine.py [--games N]
[--edition 2e [--simmental]]

Measures, on 4-player games of the chosen edition (the 1st by default; the 2nd with or
without the Simmental variant):

* random play: moves per second, ``legal_moves`` + random choice + ``engine.apply``;
* apply only: moves per second of ``engine.apply`` on pre-recorded moves (a state copy per
  move, as the contract requires), and of the in-place path ``engine.replay`` uses;
* replay: median time to rebuild a complete game from its moves with ``engine.replay``, and
  with one ``engine.apply`` per move for comparison;
* legal moves and views: mean time of one ``engine.legal_moves`` for the seat to move, and of
  one ``engine.view`` for a seat, over every 5th state of the recorded games;
* the heuristic bot: median time for a whole 4-player game, decisions included;
* size of a late-game state as JSON (``json.dumps(engine.to_json(state))``).

Targets (2-core machine): replay of a complete 4-player game <= 50 ms median; apply alone
>= 10,000 moves/s; state JSON <= 64 KB.  Times are CPU time of this process
(``time.process_time``), which other work on a shared machine disturbs less than wall-clock
time.  Not part of ``make test``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import engine

# Past the public contract on purpose: "apply only, in place" times the path
# ``engine.replay`` takes, move by move (``flow.apply_in_place``), which the contract does
# not expose on its own; the bot games are played by the ``engine.simulate`` tool.
from engine import bots, flow
from engine.simulate import play_game

PLAYERS = 4
EDITION = "1e"  # --edition
OPTIONS: dict[str, object] = {"layout": "beginner"}  # --simmental adds the 2e option
TARGET_REPLAY_MS = 50.0
TARGET_APPLY_PER_S = 10_000
TARGET_JSON_KB = 64.0


def random_games(n: int, seed0: int) -> tuple[list[list[tuple[int, dict]]], float, int]:
    """Play ``n`` random games through the public contract; return their moves and timing."""
    games: list[list[tuple[int, dict]]] = []
    moves_played = 0
    start = time.process_time()
    for g in range(n):
        seed = seed0 + g
        state = engine.new_game(PLAYERS, seed, EDITION, OPTIONS)
        moves: list[tuple[int, dict]] = []
        while not engine.is_over(state):
            seat = engine.current_player(state)
            legal = engine.legal_moves(state, seat)
            move = legal[bots.random_index(state, seat, len(legal), seed)]
            state = engine.apply(state, seat, move)
            moves.append((seat, move))
        games.append(moves)
        moves_played += len(moves)
    return games, time.process_time() - start, moves_played


def time_apply(games: list[list[tuple[int, dict]]], seed0: int) -> tuple[float, float]:
    """Moves per second of engine.apply (copying) and of the in-place path, on known moves."""
    total = sum(len(m) for m in games)
    copying = in_place = 0.0
    for g, moves in enumerate(games):
        state = engine.new_game(PLAYERS, seed0 + g, EDITION, OPTIONS)
        start = time.process_time()
        for seat, move in moves:
            state = engine.apply(state, seat, move)
        copying += time.process_time() - start
        state = engine.new_game(PLAYERS, seed0 + g, EDITION, OPTIONS)
        start = time.process_time()
        for seat, move in moves:
            flow.apply_in_place(state, seat, move)
        in_place += time.process_time() - start
    return total / copying, total / in_place


def time_replay(games: list[list[tuple[int, dict]]], seed0: int, repeat: int) -> dict[str, float]:
    """Median milliseconds to rebuild a whole game, with replay and with apply per move."""
    with_replay: list[float] = []
    with_apply: list[float] = []
    for g, moves in enumerate(games):
        seed = seed0 + g
        for _ in range(repeat):
            start = time.process_time()
            engine.replay(PLAYERS, seed, moves, EDITION, OPTIONS)
            with_replay.append(time.process_time() - start)
            start = time.process_time()
            state = engine.new_game(PLAYERS, seed, EDITION, OPTIONS)
            for seat, move in moves:
                state = engine.apply(state, seat, move)
            with_apply.append(time.process_time() - start)
    return {
        "replay": 1000 * statistics.median(with_replay),
        "replay_max": 1000 * max(with_replay),
        "apply": 1000 * statistics.median(with_apply),
    }


def json_kb(games: list[list[tuple[int, dict]]], seed0: int) -> tuple[float, float]:
    """Median and largest JSON size of the final (latest, largest) state of each game."""
    sizes = []
    for g, moves in enumerate(games):
        state = engine.replay(PLAYERS, seed0 + g, moves, EDITION, OPTIONS)
        sizes.append(len(json.dumps(engine.to_json(state))) / 1024)
    return statistics.median(sizes), max(sizes)


def time_queries(games: list[list[tuple[int, dict]]], seed0: int) -> tuple[float, float]:
    """Mean microseconds of one ``engine.legal_moves`` (the seat to move) and of one
    ``engine.view`` (each seat in turn), on every 5th state of the games."""
    legal_time = view_time = 0.0
    legal_calls = view_calls = 0
    for g, moves in enumerate(games):
        state = engine.new_game(PLAYERS, seed0 + g, EDITION, OPTIONS)
        for i, (seat, move) in enumerate(moves):
            if i % 5 == 0:
                start = time.process_time()
                engine.legal_moves(state, seat)
                legal_time += time.process_time() - start
                legal_calls += 1
                start = time.process_time()
                engine.view(state, i % PLAYERS)
                view_time += time.process_time() - start
                view_calls += 1
            flow.apply_in_place(state, seat, move)
    return 1e6 * legal_time / legal_calls, 1e6 * view_time / view_calls


def heuristic_games(n: int, seed0: int) -> tuple[float, float, int]:
    times, moves = [], 0
    for g in range(n):
        start = time.process_time()
        record = play_game(PLAYERS, seed0 + g, ["heuristic"] * PLAYERS, OPTIONS, EDITION)
        times.append(time.process_time() - start)
        moves += len(record.moves)
    return 1000 * statistics.median(times), 1000 * max(times), moves // n


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="4-player games to play")
    parser.add_argument("--repeat", type=int, default=3, help="replays of each game")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--edition", default="1e", choices=("1e", "2e"))
    parser.add_argument(
        "--simmental", action="store_true", help="2nd edition games with the Simmental variant"
    )
    args = parser.parse_args()
    if args.simmental and args.edition != "2e":
        parser.error("--simmental needs --edition 2e")
    global EDITION, OPTIONS
    EDITION = args.edition
    if EDITION == "2e":
        OPTIONS = {"layout": "beginner", "simmental": args.simmental}

    print(
        f"engine {engine.current_rules_version(EDITION)}"
        f"{' with Simmental' if OPTIONS.get('simmental') else ''}; "
        f"Python {platform.python_version()} "
        f"({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} CPUs, {platform.system()} {platform.release()}"
    )
    games, seconds, played = random_games(args.games, args.seed)
    lengths = [len(m) for m in games]
    print(
        f"random play (legal_moves + choice + apply): {played / seconds:,.0f} moves/s "
        f"({args.games} games, {statistics.mean(lengths):.0f} moves on average)"
    )
    copying, in_place = time_apply(games, args.seed)
    print(
        f"apply only, engine.apply (copy per move):   {copying:,.0f} moves/s  "
        f"[target >= {TARGET_APPLY_PER_S:,}: {verdict(copying >= TARGET_APPLY_PER_S)}]"
    )
    print(f"apply only, in place (as engine.replay):    {in_place:,.0f} moves/s")
    replay = time_replay(games, args.seed, args.repeat)
    print(
        f"replay a complete game, engine.replay:       median {replay['replay']:.1f} ms, "
        f"max {replay['replay_max']:.1f} ms  "
        f"[target <= {TARGET_REPLAY_MS:.0f} ms: {verdict(replay['replay'] <= TARGET_REPLAY_MS)}]"
    )
    print(f"replay a complete game, engine.apply x N:    median {replay['apply']:.1f} ms")
    median_kb, max_kb = json_kb(games, args.seed)
    print(
        f"late-game state as JSON:                     median {median_kb:.1f} KB, "
        f"max {max_kb:.1f} KB  [target <= {TARGET_JSON_KB:.0f} KB: "
        f"{verdict(max_kb <= TARGET_JSON_KB)}]"
    )
    legal_us, view_us = time_queries(games, args.seed)
    print(f"legal_moves (seat to move), one call:        mean {legal_us:.0f} µs")
    print(f"view (one seat), one call:                   mean {view_us:.0f} µs")
    h_median, h_max, h_moves = heuristic_games(max(3, args.games // 4), args.seed)
    print(
        f"heuristic bots, whole game (decisions incl.): median {h_median:.0f} ms, "
        f"max {h_max:.0f} ms ({h_moves} moves on average)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

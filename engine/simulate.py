"""Play whole games between bots and print what happened.

    python -m engine.simulate --players 4 --games 200 --bot heuristic [--seed N]
    python -m engine.simulate --players 4 --games 200 --bots heuristic,random,random,random
    python -m engine.simulate --players 3 --games 100 --bot heuristic --layout random
    python -m engine.simulate --players 4 --games 100 --bot random --edition 2e
    python -m engine.simulate --players 3 --games 100 --bot heuristic --edition 2e --simmental
    python -m engine.simulate --players 3 --games 50 --edition 2e --out-of-turn 0.05

It prints the games played, the average number of moves, the average and maximum score of
each seat (and of each bot kind, with its win rate), and the moves per second of the whole
run (bot decisions included).  ``--rotate`` moves the bots one seat on every game, so that a
comparison between bot kinds is not skewed by the seat order (later seats start richer).

Game ``i`` uses seed ``N + i``; the random bot's own seed is the game's seed, so every run
is reproducible.  ``--out-of-turn P`` (2nd edition): before each move, with probability
``P``, a random seat that is not to move uses an exchange token (R2-TURN-01), drawn from a
PRNG of its own seeded from the game's seed; the bot of a seat owing the discards makes them
on one move in two, or first thing in its own turn (off by default: the bots' figures and
the golden games are played without it).  This command-line tool reads the clock for its
moves-per-second figure; the rules themselves never do.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import engine
from engine import bots, editions, flow
from engine import rng as prng
from engine.move_types import Move
from engine.state_types import GameOptions, State
from engine.view_types import Score

MAX_MOVES = 20_000  # far above any real game; a bot stuck in a loop is a bug


@dataclass
class GameRecord:
    players: int
    seed: int
    options: GameOptions
    bots: list[str]
    moves: list[tuple[int, Move]] = field(default_factory=list)
    state: State | None = None

    @property
    def scores(self) -> list[Score]:
        assert self.state is not None
        return engine.scores(self.state)


def play_game(
    players: int,
    seed: int,
    kinds: Sequence[str],
    options: Mapping[str, object] | None = None,
    edition: str = "1e",
    out_of_turn: float = 0.0,
) -> GameRecord:
    """Play one game to its end with bot ``kinds[seat]`` in each seat (and, ``out_of_turn``
    > 0, exchange tokens used out of turn now and then: see the module docstring).

    Moves are applied in place (as ``engine.replay`` does): the bots never keep old states,
    so copying the state for each move would only cost time."""
    if len(kinds) != players:
        raise ValueError(f"{players} players need {players} bots, got {len(kinds)}")
    state = engine.new_game(players, seed, edition, options=options)
    record = GameRecord(players, seed, state["options"].copy(), list(kinds))
    side_rng = prng.seed_state(seed, OUT_OF_TURN_STREAM) if out_of_turn > 0 else None
    while not state["over"]:
        seat, move = _out_of_turn(state, kinds, seed, side_rng, out_of_turn)
        if move is None:
            seat = state["current"]
            move = bots.choose_move(state, seat, kinds[seat], rng=seed)
        flow.apply_in_place(state, seat, move)
        record.moves.append((seat, move))
        if len(record.moves) > MAX_MOVES:
            raise RuntimeError(f"game with seed {seed} did not end after {MAX_MOVES} moves")
    record.state = state
    return record


OUT_OF_TURN_STREAM = 7  # the PRNG stream of the out-of-turn choices (not the game's own)
_MILLION = 1_000_000


def _out_of_turn(
    state: State,
    kinds: Sequence[str],
    seed: int,
    side_rng: list[int] | None,
    rate: float,
) -> tuple[int, Move | None]:
    """A move of a seat that is not to move, or (current seat, None): the discards a seat
    owes for its token, made by its bot on one move in two; or, with probability ``rate``,
    a token used by a random seat that is not to move (how many cards: at random)."""
    current = state["current"]
    if side_rng is None:
        return current, None
    others = [s for s in range(state["num_players"]) if s != current]
    owing = [s for s in others if engine.side_decision(state, s) is not None]
    if owing and prng.below(side_rng, 2) == 0:
        seat = owing[prng.below(side_rng, len(owing))]
        return seat, bots.choose_move(state, seat, kinds[seat], rng=seed)
    if prng.below(side_rng, _MILLION) < rate * _MILLION:
        able = [s for s in others if s not in owing and engine.legal_moves(state, s)]
        if able:
            seat = able[prng.below(side_rng, len(able))]
            moves = engine.legal_moves(state, seat)
            return seat, moves[prng.below(side_rng, len(moves))]
    return current, None


def _parse_bots(args: argparse.Namespace) -> list[str]:
    if args.bots:
        kinds = [k.strip() for k in args.bots.split(",")]
        if len(kinds) != args.players:
            raise SystemExit(f"--bots lists {len(kinds)} bots for {args.players} players")
    else:
        kinds = [args.bot] * args.players
    for k in kinds:
        if k not in bots.KINDS:
            raise SystemExit(f"unknown bot {k!r}; known: {', '.join(bots.KINDS)}")
    return kinds


def _layout(args: argparse.Namespace, i: int) -> GameOptions:
    layout = args.layout
    if layout == "mixed":
        layout = "random" if i % 2 else "beginner"
    if args.simmental:
        return {"layout": layout, "simmental": True}
    return {"layout": layout}


def run(args: argparse.Namespace) -> str:
    kinds = _parse_bots(args)
    n = args.players
    seat_totals: list[list[int]] = [[] for _ in range(n)]
    kind_totals: dict[str, list[int]] = {k: [] for k in kinds}
    kind_wins: dict[str, float] = dict.fromkeys(kinds, 0.0)
    move_counts: list[int] = []
    start = time.perf_counter()
    for i in range(args.games):
        shift = i % n if args.rotate else 0
        table = kinds[-shift:] + kinds[:-shift] if shift else list(kinds)
        record = play_game(
            n, args.seed + i, table, _layout(args, i), args.edition, args.out_of_turn
        )
        move_counts.append(len(record.moves))
        scores = record.scores
        winners = [s for s, r in enumerate(scores) if r["winner"]]
        for seat, r in enumerate(scores):
            seat_totals[seat].append(r["total"])
            kind_totals[table[seat]].append(r["total"])
            if seat in winners:
                kind_wins[table[seat]] += 1 / len(winners)  # a shared win counts shared
    elapsed = time.perf_counter() - start
    total_moves = sum(move_counts)
    lines = [
        ("" if args.edition == "1e" else f"edition {args.edition}, ")
        + ("Simmental, " if args.simmental else "")
        + f"players {n}, bots {','.join(kinds)}{' (rotated)' if args.rotate else ''}, "
        f"layout {args.layout}, seeds {args.seed}..{args.seed + args.games - 1}",
        f"games played     {args.games}",
        f"average moves    {total_moves / args.games:.1f} "
        f"(min {min(move_counts)}, max {max(move_counts)})",
    ]
    for seat in range(n):
        t = seat_totals[seat]
        lines.append(f"seat {seat}           average {sum(t) / len(t):6.1f}   max {max(t):4d}")
    if len(set(kinds)) > 1 or args.rotate:
        for k, t in kind_totals.items():
            seats_played = len(t)
            lines.append(
                f"bot {k:<12} average {sum(t) / seats_played:6.1f}   max {max(t):4d}   "
                f"wins {kind_wins[k] / args.games:6.1%} of games"
            )
    lines.append(
        f"moves per second {total_moves / elapsed:,.0f} "
        f"({total_moves} moves in {elapsed:.2f} s, bot decisions included)"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.simulate", description=__doc__)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="heuristic", choices=bots.KINDS)
    parser.add_argument("--bots", help="one bot per seat, comma-separated (overrides --bot)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--layout", default="beginner", choices=("beginner", "random", "mixed"))
    parser.add_argument("--edition", default="1e", choices=sorted(editions.EDITIONS))
    parser.add_argument(
        "--simmental", action="store_true", help="2nd edition games with the Simmental variant"
    )
    parser.add_argument(
        "--out-of-turn",
        type=float,
        default=0.0,
        help="2nd edition: chance per move that a seat not to move uses an exchange token",
    )
    parser.add_argument(
        "--rotate", action="store_true", help="move the bots one seat on every game"
    )
    args = parser.parse_args(argv)
    if args.simmental and args.edition != "2e":
        parser.error("--simmental needs --edition 2e")
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())

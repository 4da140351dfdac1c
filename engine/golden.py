"""Golden games: complete recorded games that the test suite replays move by move.

    python -m engine.golden            # regenerate tests/engine/golden/<rules version>/*.json
                                       # (the newest rules version of every edition)
    python -m engine.golden --check    # only say whether the stored files are up to date

Each file holds a whole game between heuristic bots (fixed seed, fixed options), a compact
digest of the state every ``CHECKPOINT_EVERY`` moves, and the exact final scores.
``tests/engine/test_golden.py`` replays the moves through the engine and compares.  When a
rule change alters a game on purpose, regenerate the files and review the diff: the first
differing checkpoint says where the games part.

The moves are re-chosen by the bots on every regeneration, so a rule change gives a new,
complete and legal game rather than a stale move list. Only the newest rules version's
folder is ever written: the games of every earlier revision stay as they are, forever, and
the tests replay each under its own revision (a change that alters one is a bug unless it
comes as a new revision: engine/revisions.py).  A developer tool: the rules modules
never import it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import engine
from engine import flow
from engine.simulate import play_game
from engine.state_types import GameOptions, State

CHECKPOINT_EVERY = 50
DEFAULT_DIR = Path(__file__).resolve().parent.parent / "tests" / "engine" / "golden"

# name -> (players, seed, options).  Seeds are arbitrary but fixed; cover 2, 3 and 4 players
# and both layouts.
GAMES: dict[str, tuple[int, int, GameOptions]] = {
    "2p-beginner-s11": (2, 11, {"layout": "beginner"}),
    "3p-random-s23": (3, 23, {"layout": "random"}),
    "4p-beginner-s42": (4, 42, {"layout": "beginner"}),
    "4p-random-s7": (4, 7, {"layout": "random"}),
}
GAMES_2E: dict[str, tuple[int, int, GameOptions]] = {
    "2p-beginner-s12": (2, 12, {"layout": "beginner", "simmental": False}),
    "3p-random-s24": (3, 24, {"layout": "random", "simmental": False}),
    "4p-beginner-s43": (4, 43, {"layout": "beginner", "simmental": False}),
    "4p-random-s8": (4, 8, {"layout": "random", "simmental": False}),
    # The Simmental variant (R2-SIMM-*), with 2, 3 and 4 players; seeds whose random games
    # buy Calves and upgrade them.
    "2p-simmental-beginner-s19": (2, 19, {"layout": "beginner", "simmental": True}),
    "3p-simmental-random-s27": (3, 27, {"layout": "random", "simmental": True}),
    "4p-simmental-beginner-s14": (4, 14, {"layout": "beginner", "simmental": True}),
}
# The games of each edition, and the bot that plays them: the 2nd edition's are played by
# the random bot, whose moves do not change when the heuristic bot is tuned.
EDITION_GAMES: dict[str, tuple[dict[str, tuple[int, int, GameOptions]], str]] = {
    "1e": (GAMES, "heuristic"),
    "2e": (GAMES_2E, "random"),
}
BOT = "heuristic"


def state_hash(state: State) -> str:
    """sha256 of the canonical JSON of the whole state (hidden parts and the PRNG included)."""
    text = json.dumps(engine.to_json(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def digest(state: State) -> dict[str, object]:
    """A small, readable summary of a state, plus the hash of all of it."""
    players = state["players"]
    return {
        "seq": state["seq"],
        "current": engine.current_player(state),
        "money": [p["money"] for p in players],
        "engine": [p["engine"] for p in players],
        "herder": [p["herder"] for p in players],
        "certificates": [p["cert"] for p in players],
        "discs_left": [len(p["discs"]) for p in players],
        "hand_sizes": [len(p["hand"]) for p in players],
        "job_market_token_row": state["job_market"]["token_row"],
        "sha256": state_hash(state),
    }


def record(
    players: int, seed: int, options: GameOptions, edition: str = "1e", bot: str = BOT
) -> dict[str, object]:
    """Play one game with the bots (under the newest rules) and return its golden record."""
    game = play_game(players, seed, [bot] * players, options, edition)
    state = engine.new_game(players, seed, edition, options=options)
    checkpoints: dict[str, dict[str, object]] = {}
    for i, (seat, move) in enumerate(game.moves, 1):
        flow.apply_in_place(state, seat, move)
        if i % CHECKPOINT_EVERY == 0:
            checkpoints[str(i)] = digest(state)
    checkpoints[str(len(game.moves))] = digest(state)
    assert engine.is_over(state)
    return {
        "edition": state["edition"],
        "engine_version": engine.rules_version(state),
        "players": players,
        "seed": seed,
        "options": game.options,
        "bots": game.bots,
        "moves": [[seat, move] for seat, move in game.moves],
        "checkpoints": checkpoints,
        "final_scores": engine.scores(state),
    }


def dumps(data: dict[str, Any]) -> str:
    """JSON with one move, checkpoint or score per line, so that a diff reads as a game log."""

    def one(x: object) -> str:
        return json.dumps(x, sort_keys=True, ensure_ascii=False)

    def block(open_: str, rows: list[str], close: str) -> list[str]:
        return [open_, *(f"    {r}," for r in rows[:-1]), *(f"    {r}" for r in rows[-1:]), close]

    lines = ["{"]
    for k, (key, value) in enumerate(data.items()):
        comma = "," if k + 1 < len(data) else ""
        if key in ("moves", "final_scores"):
            lines += block(f"  {one(key)}: [", [one(x) for x in value], f"  ]{comma}")
        elif key == "checkpoints":
            rows = [f"{one(name)}: {one(v)}" for name, v in value.items()]
            lines += block(f"  {one(key)}: {{", rows, f"  }}{comma}")
        else:
            lines.append(f"  {one(key)}: {one(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.golden", description=__doc__)
    parser.add_argument("--out", type=Path, default=DEFAULT_DIR, help="directory of the files")
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if any file would change"
    )
    args = parser.parse_args(argv)
    stale = []
    for edition, (games, bot) in EDITION_GAMES.items():
        folder = args.out / engine.current_rules_version(edition)
        if not args.check:
            folder.mkdir(parents=True, exist_ok=True)
        stale += _write(folder, games, edition, bot, args.check)
    if args.check and stale:
        print(f"out of date: {', '.join(stale)}; run `make golden` and review the diff")
        return 1
    return 0


def _write(
    folder: Path,
    games: dict[str, tuple[int, int, GameOptions]],
    edition: str,
    bot: str,
    check: bool,
) -> list[str]:
    """Record ``games`` into ``folder``; the names of those that changed."""
    stale = []
    for name, (players, seed, options) in games.items():
        text = dumps(record(players, seed, options, edition, bot))
        path = folder / f"{name}.json"
        old = path.read_text() if path.exists() else None
        status = "unchanged" if old == text else ("new" if old is None else "changed")
        if status != "unchanged":
            stale.append(f"{folder.name}/{name}")
            if not check:
                path.write_text(text)
        data = json.loads(text)
        totals = [s["total"] for s in data["final_scores"]]
        print(f"{path}: {status}, {len(data['moves'])} moves, scores {totals}")
    return stale


if __name__ == "__main__":
    sys.exit(main())

"""Golden games: recorded complete games replay to the same states and the same scores.

The files in ``tests/engine/golden/`` are written by ``python -m engine.golden`` (also
``make golden``).  A failure here means the engine now plays a recorded game differently.
If that change is intended (a rule fix), regenerate the files and review the diff; if not,
the failure points at the first move or checkpoint where the game went another way.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import engine
from engine import flow, golden
from tests.engine import invariants

GOLDEN_DIR = Path(__file__).parent / "golden"
# One folder per rules version: each game replays under the revision it was recorded with.
FILES = sorted(GOLDEN_DIR.glob("*/*.json"))
CURRENT = GOLDEN_DIR / engine.current_rules_version("1e")
REGENERATE = (
    "If the change is intended, run `make golden` (python -m engine.golden) and review the diff."
)


@pytest.mark.parametrize("edition", sorted(golden.EDITION_GAMES))
def test_there_are_golden_games_for_2_3_and_4_players(edition: str):
    """Of the newest rules of each edition (R2-SAME-01: the 2nd edition's too)."""
    games, _ = golden.EDITION_GAMES[edition]
    current = sorted((GOLDEN_DIR / engine.current_rules_version(edition)).glob("*.json"))
    players = {json.loads(f.read_text())["players"] for f in current}
    assert players == {2, 3, 4}, f"golden games missing; {REGENERATE}"
    assert {f.stem for f in current} == set(games), f"golden files out of date; {REGENERATE}"


def _new_game(data: dict, path: Path):
    """The recorded game's setup under the rules of the folder it lies in."""
    edition, revision = engine.parse_rules_version(path.parent.name)
    assert data["engine_version"] == path.parent.name, f"{path} lies in another rules' folder"
    return engine.new_game(
        data["players"], data["seed"], edition, data["options"], revision=revision
    )


@pytest.mark.parametrize("path", FILES, ids=[f"{f.parent.name}/{f.stem}" for f in FILES])
def test_golden_game_replays_exactly(path: Path):
    data = json.loads(path.read_text())
    state = _new_game(data, path)
    checkpoints = data["checkpoints"]
    for i, (seat, move) in enumerate(data["moves"], 1):
        try:
            flow.apply_in_place(state, seat, move)
        except engine.IllegalMove as exc:
            pytest.fail(
                f"{path.name}: move {i} {move} by seat {seat} is now illegal ({exc}). {REGENERATE}"
            )
        expected = checkpoints.get(str(i))
        if expected is not None:
            actual = golden.digest(state)
            if actual != expected:
                diff = {
                    k: (expected[k], actual.get(k))
                    for k in expected
                    if expected[k] != actual.get(k)
                }
                pytest.fail(f"{path.name}: after move {i} the state differs: {diff}. {REGENERATE}")
            invariants.check_state(state)
    assert engine.is_over(state), (
        f"{path.name}: the game no longer ends after its moves. {REGENERATE}"
    )
    assert engine.scores(state) == data["final_scores"], (
        f"{path.name}: final scores differ. {REGENERATE}"
    )


@pytest.mark.parametrize("path", FILES, ids=[f"{f.parent.name}/{f.stem}" for f in FILES])
def test_golden_game_replays_through_engine_replay(path: Path):
    """The service rebuilds states with engine.replay; it must agree with move-by-move play."""
    data = json.loads(path.read_text())
    moves = [(seat, move) for seat, move in data["moves"]]
    edition, revision = engine.parse_rules_version(path.parent.name)
    state = engine.replay(
        data["players"], data["seed"], moves, edition, data["options"], revision=revision
    )
    last = data["checkpoints"][str(len(moves))]
    assert golden.digest(state) == last, REGENERATE

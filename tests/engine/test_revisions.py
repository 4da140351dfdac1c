"""Rules revisions: a state keeps the rules it started with (engine/revisions.py).

The test revision below changes one rule on purpose (the cattleman walks one space less), the
way a real correction would be written: a branch on ``revisions.since`` at the point that
changed. Games of the first revision must go on exactly as before; new games get the change.
"""

from __future__ import annotations

import json

import pytest

import engine
from engine.simulate import play_game
from tests.revisions import shorter_walks as revision_with_shorter_walks


@pytest.fixture
def shorter_walks(monkeypatch):
    return revision_with_shorter_walks(monkeypatch)


def longest_walk(state) -> int:
    seat = engine.current_player(state)
    walks = [m for m in engine.legal_moves(state, seat) if m["type"] == "move"]
    return max(len(m.get("via", [])) + 1 for m in walks)


def test_a_first_revision_state_has_no_revision_key_and_names_its_rules():
    state = engine.new_game(3, seed=5)
    assert "revision" not in state
    assert engine.rules_version(state) == "1e-1" == engine.current_rules_version("1e")


def test_a_rules_version_names_edition_and_revision():
    assert engine.parse_rules_version("1e-1") == ("1e", 1)
    for bad in ("1e", "1e-x", "2x-1", "1e-7", ""):
        with pytest.raises(engine.IllegalMove):
            engine.parse_rules_version(bad)


def test_an_unknown_revision_is_refused():
    with pytest.raises(engine.IllegalMove) as refused:
        engine.new_game(2, seed=1, revision=7)
    assert refused.value.code == "bad_revision"


def test_new_games_get_the_newest_revision_and_keep_it(shorter_walks):
    state = engine.new_game(2, seed=3)
    assert (state["revision"], engine.rules_version(state)) == (2, "1e-2")
    state = engine.apply(state, 0, engine.legal_moves(state, 0)[0])
    assert engine.rules_version(engine.from_json(json.loads(json.dumps(state)))) == "1e-2"


def test_the_changed_rule_applies_only_from_its_revision(shorter_walks):
    old = engine.new_game(4, seed=9, revision=1)
    new = engine.new_game(4, seed=9, revision=shorter_walks)
    while not any(m["type"] == "move" for m in engine.legal_moves(old, old["current"])):
        start = engine.legal_moves(old, old["current"])[0]  # the start buildings first
        old, new = (
            engine.apply(old, old["current"], start),
            engine.apply(new, new["current"], start),
        )
    assert longest_walk(new) == longest_walk(old) - 1


def test_a_first_revision_game_replays_identically_after_the_change(monkeypatch):
    game = play_game(3, 17, ["heuristic"] * 3, {"layout": "random"})
    before = engine.replay(3, 17, game.moves, options={"layout": "random"})

    revision_with_shorter_walks(monkeypatch)
    after = engine.replay(3, 17, game.moves, options={"layout": "random"}, revision=1)

    assert after == before
    assert engine.scores(after) == engine.scores(before)

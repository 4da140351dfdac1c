"""Editions: the registry, a state's edition, the engine reading its data only through the
edition, and every registered edition playable to the end (engine.editions)."""

from __future__ import annotations

import ast
import types
from pathlib import Path

import pytest

import engine
from engine import bots, data, editions, revisions
from engine.editions import EDITIONS, FIRST_EDITION, Edition

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
FAMILIES = (
    "trail",
    "buildings",
    "cattle",
    "cities",
    "objectives",
    "player_board",
    "railroad",
    "tiles",
)
# The only engine modules that may import the data modules: the registry, the package
# (which re-exports engine.data for callers), and the data package itself.
MAY_IMPORT_DATA = {"engine/editions.py", "engine/__init__.py"}


def test_the_registry_holds_the_first_edition_with_its_data_modules():
    assert set(EDITIONS) >= {"1e"}
    assert EDITIONS["1e"] is FIRST_EDITION
    assert FIRST_EDITION.name == "1e"
    for family in FAMILIES:
        assert getattr(FIRST_EDITION, family) is getattr(data, family)


def test_every_edition_is_registered_under_its_name_and_has_every_family():
    for name, edition in EDITIONS.items():
        assert isinstance(edition, Edition)
        assert edition.name == name
        for family in FAMILIES:
            assert isinstance(getattr(edition, family), types.ModuleType), (name, family)


def test_a_state_knows_its_edition():
    for name in EDITIONS:
        state = engine.new_game(2, 1, edition=name)
        assert state["edition"] == name
        assert editions.of(state) is EDITIONS[name]
        assert editions.of(engine.from_json(engine.to_json(state))) is EDITIONS[name]


def test_an_unknown_edition_is_refused_with_the_editions_there_are():
    for bad in ("9e", "", None, 1):
        with pytest.raises(engine.IllegalMove) as refused:
            editions.get(bad)
        assert refused.value.code == "bad_edition"
        with pytest.raises(engine.IllegalMove) as refused:
            engine.new_game(2, 1, edition=bad)
        assert refused.value.code == "bad_edition"
    assert "'1e'" in str(refused.value)


def test_the_public_accessor_gives_an_editions_data():
    assert "edition_data" in engine.__all__
    assert "Edition" in engine.__all__
    assert engine.edition_data("1e") is FIRST_EDITION
    assert engine.edition_data("1e").trail is engine.data.trail
    with pytest.raises(engine.IllegalMove):
        engine.edition_data("9e")


def test_card_text_reads_the_cards_of_the_edition_asked_for():
    assert engine.card_text("holstein-1", edition="1e") == engine.card_text("holstein-1")
    with pytest.raises(engine.IllegalMove):
        engine.card_text("holstein-1", edition="9e")


def _imports_of_data(source: str, filename: str) -> list[str]:
    """Every import of ``engine.data`` (or of one of its modules) anywhere in ``source``."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: import {a.name}"
                for a in node.names
                if a.name == "engine.data" or a.name.startswith("engine.data.")
            ]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [a.name for a in node.names]
            if node.module == "engine.data" or node.module.startswith("engine.data."):
                found.append(f"line {node.lineno}: from {node.module} import {', '.join(names)}")
            elif node.module == "engine" and "data" in names:
                found.append(f"line {node.lineno}: from engine import data")
    return found


def test_the_scan_sees_every_way_of_importing_the_data():
    source = (
        "import engine.data.trail\n"
        "from engine.data import cattle\n"
        "from engine.data.tiles import TILES\n"
        "from engine import data, flow\n"
        "def f():\n"
        "    from engine.data import railroad\n"
    )
    assert len(_imports_of_data(source, "probe.py")) == 5
    assert _imports_of_data("from engine import editions, flow\nimport engine\n", "ok.py") == []


def test_no_engine_module_but_the_registry_imports_the_data():
    """Rule modules, setup, flow, view, notation, components, pricing, state and the bots
    reach the component data through the game's edition (editions.of), never by import."""
    offenders = {
        str(path.relative_to(ROOT)): found
        for path in sorted(ENGINE.rglob("*.py"))
        if not path.is_relative_to(ENGINE / "data")
        and str(path.relative_to(ROOT)) not in MAY_IMPORT_DATA
        and (found := _imports_of_data(path.read_text(encoding="utf-8"), str(path)))
    }
    assert offenders == {}


@pytest.mark.parametrize("name", sorted(EDITIONS))
@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 11), (4, 29)])
def test_the_random_bot_plays_every_edition_to_the_end(name: str, players: int, seed: int):
    state = engine.new_game(players, seed, edition=name)
    moves = 0
    while not engine.is_over(state):
        seat = engine.current_player(state)
        assert seat is not None
        state = engine.apply(state, seat, bots.choose_move(state, seat, "random", rng=seed))
        moves += 1
        assert moves < 5000, "the game does not end"
    assert state["edition"] == name
    assert len(engine.scores(state)) == players
    view = engine.view(state, None, reveal_all=True)
    assert view["edition"] == name
    assert view["scores"] == engine.scores(state)


def test_registering_an_edition_is_one_entry_and_its_rules_revisions(monkeypatch):
    """An edition registered under another name with the 1st edition's data plays the same
    game: nothing in the engine is tied to the name "1e" (its lookups are cached apart)."""
    twin = Edition("twin", **{family: getattr(data, family) for family in FAMILIES})
    monkeypatch.setitem(editions.EDITIONS, "twin", twin)
    monkeypatch.setitem(revisions.REVISIONS, "twin", {1: "the 1st edition under another name"})
    games = {}
    for name in ("1e", "twin"):
        state = engine.new_game(3, 17, edition=name, options={"layout": "random"})
        while not engine.is_over(state):
            seat = engine.current_player(state)
            state = engine.apply(state, seat, bots.choose_move(state, seat, "heuristic"))
        games[name] = state
    assert games["twin"]["edition"] == "twin"
    assert {**games["twin"], "edition": "1e"} == games["1e"]
    assert twin.card_cache
    assert twin.card_cache is not FIRST_EDITION.card_cache

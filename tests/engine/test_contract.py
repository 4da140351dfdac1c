"""The engine's public contract: every name in ``engine.__all__`` works, the types describe
the dicts the engine really makes, and the rule modules stay free of import loops."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path
from typing import NotRequired, get_origin, get_type_hints

import engine
from engine.data import buildings, objectives
from engine.rules import actions

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"


def test_every_public_name_is_there():
    for name in engine.__all__:
        assert hasattr(engine, name), name
    assert callable(engine.bots.choose_move)
    assert engine.data.trail.KC == "KC"


def test_bots_and_data_are_reachable_after_importing_engine_alone():
    code = (
        "import engine\n"
        "engine.bots.choose_move(engine.new_game(2, 1), 0)\n"
        "for m in ('trail', 'buildings', 'railroad', 'cities', 'player_board', 'cattle',"
        " 'tiles', 'objectives'):\n"
        "    getattr(engine.data, m)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr


def test_json_copies_unless_told_the_caller_owns_the_dict():
    state = engine.new_game(2, 1)
    data = engine.to_json(state)
    assert data == state
    assert data is not state
    assert data["players"] is not state["players"]
    back = engine.from_json(data)
    assert back == state
    assert back is not data
    assert engine.to_json(state, copy=False) is state
    assert engine.from_json(data, copy=False) is data


def test_card_text_names_cards_as_the_notation_does():
    assert engine.card_text("holstein-1") == "holstein/1vp"
    assert engine.card_text("p0-dutch_belt-2") == "dutch-belt"
    assert engine.card_text("OBJ-07") == "OBJ-07"


# The keys only one edition has (NotRequired in the types): view, player view, player state.
EDITION_KEYS: dict[str, dict[str, set[str]]] = {
    "1e": {"view": {"indian_trade"}, "player_view": {"teepees"}, "player": {"teepees"}},
    "2e": {
        "view": {"outlaw_section"},
        "player_view": {"outlaws", "exchange_tokens", "side_decision"},
        "player": {"outlaws", "exchange_tokens"},
    },
}
# With the Simmental variant: its two stacks, in the state and in views (R2-SIMM-06).
SIMMENTAL_KEYS: dict[str, set[str]] = {"view": {"simmental"}, "state": {"simmental"}}


def _not_required(typed_dict: type) -> set[str]:
    """The keys a TypedDict marks NotRequired (read from its type hints: with postponed
    annotations Python 3.11 does not put them into ``__optional_keys__``)."""
    hints = get_type_hints(typed_dict, include_extras=True)
    return {k for k, v in hints.items() if get_origin(v) is NotRequired}


def _required(typed_dict: type) -> set[str]:
    return set(get_type_hints(typed_dict)) - _not_required(typed_dict)


def _state_keys() -> set[str]:
    """The keys every state has (``__required_keys__`` holds the NotRequired ones too, with
    postponed annotations, but not the total=False ``revision``)."""
    return set(engine.State.__required_keys__) - _not_required(engine.State)


def _keys_seen(
    players: int, seed: int, kind: str, edition: str = "1e", simmental: bool = False
) -> dict[str, set[str]]:
    seen: dict[str, set[str]] = {"frame": set(), "move": set(), "decision": set()}
    extra = {k: set(v) for k, v in EDITION_KEYS[edition].items()}
    extra["state"] = set()
    if simmental:
        for k, v in SIMMENTAL_KEYS.items():
            extra[k] |= v
    assert extra["view"] <= _not_required(engine.View)
    assert extra["player_view"] <= _not_required(engine.PlayerView)
    assert extra["player"] <= _not_required(engine.PlayerState)
    assert extra["state"] <= _not_required(engine.State)
    options = {"simmental": True} if simmental else None
    state = engine.new_game(players, seed, edition, options)
    while not engine.is_over(state):
        seat = engine.current_player(state)
        for frame in state["stack"]:
            seen["frame"] |= set(frame)
        for move in engine.legal_moves(state, seat):
            seen["move"] |= set(move)
        view = engine.view(state, seat)
        assert set(view) == _required(engine.View) | extra["view"]
        for p in view["players"]:
            assert set(p) == _required(engine.PlayerView) | extra["player_view"]
        seen["decision"] |= set(view["decision"])
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, kind, rng=seed))
    assert set(state) == _state_keys() | extra["state"]
    for p in state["players"]:
        assert set(p) == _required(engine.PlayerState) | extra["player"]
    for score in engine.scores(state):
        assert set(score) == set(engine.Score.__required_keys__)
    assert set(engine.to_json(state)) == _state_keys() | extra["state"]
    return seen


def test_the_types_name_every_key_the_engine_uses():
    """Both editions' states, views, frames and moves (R2-SETUP-01: outlaws and the outlaw
    section in the 2nd edition; R2-EXCH-01: exchange tokens; R2-SIMM-06: the Simmental
    stacks)."""
    seen = _keys_seen(3, 5, "heuristic")
    for key, found in _keys_seen(2, 8, "random").items():
        seen[key] |= found
    for key, found in _keys_seen(3, 4, "random", "2e").items():
        seen[key] |= found
    for key, found in _keys_seen(2, 6, "random", "2e", simmental=True).items():
        seen[key] |= found
    frame_keys = engine.Frame.__required_keys__ | engine.Frame.__optional_keys__
    move_keys = engine.Move.__required_keys__ | engine.Move.__optional_keys__
    decision_keys = engine.Decision.__required_keys__ | engine.Decision.__optional_keys__
    assert seen["frame"] <= frame_keys
    assert seen["move"] <= move_keys
    assert seen["decision"] <= decision_keys


def _action_kinds() -> set[str]:
    specs = [spec for slots in buildings.NEUTRAL.values() for slot in slots for spec in slot]
    specs += [spec for *_, slots in buildings.PRIVATE.values() for slot in slots for spec in slot]
    specs += [*buildings.RISK.values(), *buildings.WORKER_ACTIONS.values(), buildings.AUX]
    kinds = {spec["kind"] for spec in specs}
    # Objective cards' immediate actions (engine.rules.objectives.play).
    return kinds | {kind for kind, _ in objectives.IMMEDIATE.values() if kind != "gain"}


def test_every_action_kind_has_its_moves_and_its_effect():
    kinds = _action_kinds()
    assert kinds <= set(actions.SPEC_MOVES)
    assert kinds <= set(actions.PERFORM)
    assert set(actions.SPEC_MOVES) == set(actions.PERFORM)


def _imports(path: Path) -> tuple[set[str], list[int]]:
    """Engine modules ``path`` imports at module level, and the lines of any import made
    inside a function."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
            for alias in node.names:
                sub = f"{node.module}.{alias.name}"
                module = sub if _module_path(sub) else node.module
                names.add(module)
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names if a.name.startswith("engine")}
    nested = [
        node.lineno
        for top in tree.body
        if isinstance(top, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef)
        for node in ast.walk(top)
        if isinstance(node, ast.Import | ast.ImportFrom)
    ]
    return names, nested


def _module_path(module: str) -> Path | None:
    base = ROOT / Path(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.exists():
            return path
    return None


def test_rule_modules_import_at_the_top_and_without_loops():
    graph: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        module = module.removesuffix(".__init__")
        names, nested = _imports(path)
        assert nested == [], f"{module} imports inside a function at lines {nested}"
        graph[module] = {n for n in names if n != "engine"}

    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        assert module not in path, "import loop: " + " -> ".join([*path, module])
        if module in done:
            return
        for nxt in sorted(graph.get(module, ())):
            visit(nxt, [*path, module])
        done.add(module)

    for module in graph:
        if module != "engine":  # the package imports its parts to re-export them
            visit(module, [])

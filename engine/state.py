"""Small helpers over the game state, a plain JSON-ready dict.

The state is a dict of dicts, lists, strings, ints, bools and None only, so that a copy
needs no pickling and ``to_json`` is the identity.  Hidden information (hands, draw stacks,
supply stacks, the PRNG) is in it; only ``engine.view`` decides what a seat sees.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, Unpack, cast

from engine import editions
from engine import rng as prng
from engine.components import is_objective
from engine.editions import Edition
from engine.state_types import Frame, FrameFields, PlayerState, State

# --- copying ------------------------------------------------------------------------------
#
# ``engine.apply`` copies the whole state for every move, so the copy is the largest cost of
# a move.  Strings and numbers are immutable and can be shared; only the containers must be
# new.  The copiers below know the shape of each top-level key (most are flat lists of ids)
# and copy them with C-level slices and ``dict()``; a top-level key, player field or job
# market field they do not know (a new field, the decision frames) gets the generic deep
# copy.  About twice as fast as a ``marshal`` round trip, and an equal state;
# tests/engine/invariants.py checks on random games that no container is ever shared.


def _deep(x: Any) -> Any:
    """Deep copy of JSON-like data: new dicts and lists, shared immutable leaves."""
    if isinstance(x, dict):
        return {k: _deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_deep(v) for v in x]
    return x


def _same(x: Any) -> Any:
    return x


def _flat(x: list[Any]) -> list[Any]:
    return x[:]


def _dict_of_flat(x: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {k: v[:] for k, v in x.items()}


def _list_of_flat(x: list[list[Any]]) -> list[list[Any]]:
    return [v[:] for v in x]


def _dict_of_flat_dicts(x: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {k: dict(v) for k, v in x.items()}


def _job_market(jm: Mapping[str, Any]) -> dict[str, Any]:
    new = _deep_unknown(jm, _JOB_MARKET_KNOWN)
    new["rows"] = _list_of_flat(jm["rows"])
    return new


_PLAYER_FLAT: Final = (
    "hand",
    "draw",
    "discard",
    "removed",
    "objectives",
    "discs",
    "hazards",
    "teepees",
    "station_masters",
    "buildings",
)
# A 2nd edition player collects outlaws instead of teepees (and counts exchange tokens).
_PLAYER_FLAT_2E: Final = tuple("outlaws" if k == "teepees" else k for k in _PLAYER_FLAT)
_PLAYER_KNOWN = frozenset(
    {
        "seat",
        "money",
        "cert",
        "herder",
        "engine",
        "job_token",
        "workers",
        "exchange_tokens",
        *_PLAYER_FLAT,
        *_PLAYER_FLAT_2E,
    }
)
_JOB_MARKET_KNOWN = frozenset({"token_row", "rows"})


def _deep_unknown(d: Mapping[str, Any], known: frozenset[str]) -> dict[str, Any]:
    """A shallow copy of ``d`` in which every value of a key not in ``known`` (whose copy
    the caller makes) is deep-copied."""
    new = dict(d)
    for k in d.keys() - known:
        new[k] = _deep(d[k])
    return new


def _player(p: Mapping[str, Any]) -> dict[str, Any]:
    new = _deep_unknown(p, _PLAYER_KNOWN)
    for key in _PLAYER_FLAT if "teepees" in p else _PLAYER_FLAT_2E:
        new[key] = p[key][:]
    new["workers"] = _dict_of_flat(p["workers"])
    return new


def _players(players: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [_player(p) for p in players]


_COPIERS: dict[str, Callable[[Any], Any]] = {
    "edition": _same,
    "num_players": _same,
    "seq": _same,
    "revealed": _same,
    "over": _same,
    "current": _same,
    "options": dict,
    "rng": _flat,
    "trail": _dict_of_flat_dicts,
    "job_market": _job_market,
    "station_masters": dict,
    "station_workers": dict,
    "supply": _dict_of_flat,
    "market": _flat,
    "market_stack": _flat,
    "simmental": _dict_of_flat,
    "foresight": _list_of_flat,
    "objective_stack": _flat,
    "objective_display": _flat,
    "building_sides": dict,
    "removed_tiles": _flat,
    "removed_cards": _flat,
    "players": _players,
    "stations": _dict_of_flat,
    "cities": _dict_of_flat,
}


def copy_state(state: Mapping[str, Any]) -> State:
    """An equal state sharing no container with ``state`` (only immutable leaves).

    Also the way a JSON dict becomes a ``State`` (``engine.from_json``): the copiers are
    generic over the shape, so the result has the keys it was given."""
    return cast(State, {k: _COPIERS.get(k, _deep)(v) for k, v in state.items()})


def player(state: State, seat: int) -> PlayerState:
    return state["players"][seat]


def cur(state: State) -> PlayerState:
    return state["players"][state["current"]]


# --- decision stack -------------------------------------------------------------------


def push(state: State, t: str, **fields: Unpack[FrameFields]) -> Frame:
    frame: Frame = {"t": t, **fields}
    state["stack"].append(frame)
    return frame


def top(state: State) -> Frame | None:
    return state["stack"][-1] if state["stack"] else None


def find_frame(state: State, t: str) -> Frame | None:
    for frame in reversed(state["stack"]):
        if frame["t"] == t:
            return frame
    return None


def side_frames(state: State, seat: int) -> list[Frame]:
    """``seat``'s own pending frames outside the main stack, top last ([] when none): the
    discards of an exchange token used out of turn (``engine.rules.out_of_turn``)."""
    side = state.get("side")
    return side.get(str(seat), []) if side else []


def side_owed(state: State, seat: int) -> int:
    """The cards ``seat`` still owes to its side discards."""
    return sum(frame["n"] for frame in side_frames(state, seat))


# --- cards --------------------------------------------------------------------------------


def mark_revealed(state: State) -> None:
    state["revealed"] = True


def draw_cards(state: State, p: PlayerState, n: int) -> int:
    """Draw up to ``n`` cards into the hand; reshuffle the discard pile only when a card must
    be drawn from an empty draw stack (R1-DRAW-04/05).  Returns the number drawn."""
    drawn = 0
    for _ in range(n):
        if not p["draw"]:
            if not p["discard"]:
                break  # R1-DRAW-10: play on with fewer cards
            p["draw"] = p["discard"]
            p["discard"] = []
            prng.shuffle(state["rng"], p["draw"])
        p["hand"].append(p["draw"].pop())
        drawn += 1
    if drawn:
        mark_revealed(state)
    return drawn


def discard_card(p: PlayerState, cid: str) -> None:
    p["hand"].remove(cid)
    p["discard"].append(cid)


# --- player board ----------------------------------------------------------------------------


def cleared(p: PlayerState, disc: str) -> bool:
    return disc not in p["discs"]


def workers(p: PlayerState, kind: str) -> int:
    """Workers in a row, the printed one included (R1-HIRE-08)."""
    return 1 + len(p["workers"][kind])


def hand_limit(ed: Edition, p: PlayerState) -> int:
    return ed.player_board.HAND_LIMIT_START + sum(1 for d in ("HAND-1", "HAND-2") if cleared(p, d))


def step_limit(state: State, p: PlayerState) -> int:
    board = editions.of(state).player_board
    n = state["num_players"]
    limit = board.STEP_BASE[n]
    if cleared(p, "STEP-CASH"):
        limit += board.STEP_CASH_BONUS[n]
    if cleared(p, "STEP-VP"):
        limit += board.STEP_VP_BONUS[n]
    return limit


def cert_limit_index(p: PlayerState) -> int:
    """Index on the certificate track of the temporary limit (3, 4 or 6; R1-KC-30)."""
    if cleared(p, "CERT-4"):
        return 5 if cleared(p, "CERT-6") else 4
    return 3


def certificates(ed: Edition, p: PlayerState) -> int:
    return ed.player_board.CERT_TRACK[p["cert"]]


def permanent_certificates(ed: Edition, p: PlayerState) -> int:
    """Each station master tile adds the certificates printed on it: 1 in the 1st edition,
    1 or 2 in the 2nd (R1-KC-17, R2-KC-03)."""
    printed = ed.railroad.PERMANENT_CERTIFICATES
    return sum(printed[sm] for sm in p["station_masters"])


def section_tiles(p: PlayerState) -> list[str]:
    """The tiles a player collected from the board's section: teepees (1st edition) or
    outlaws (2nd edition, R2-OUTLAW-03/07)."""
    return p["teepees"] if "teepees" in p else p["outlaws"]


def builders(ed: Edition, p: PlayerState) -> int:
    """Craftsmen (1st edition) or builders (2nd edition, R2-SETUP-01), the printed one
    included."""
    return workers(p, ed.tiles.BUILDER_KIND)


def advance_certificate(p: PlayerState, spaces: int) -> None:
    """Move the marker forward; never beyond the temporary limit (R1-LOCAL-14)."""
    p["cert"] = min(p["cert"] + spaces, max(p["cert"], cert_limit_index(p)))


def hand_cattle(ed: Edition, p: PlayerState) -> list[str]:
    return [c for c in p["hand"] if not is_objective(ed, c)]

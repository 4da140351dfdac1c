"""Great Western Trail rules engine: pure, deterministic, no Django.

The public contract: everything a caller (the web service, emails, notifications, bots,
benchmarks) needs is a name of this package, listed in ``__all__``.  Moves and their
notation are in docs/moves.md.  ::

    state = new_game(players=3, seed=42, edition="1e", options={"layout": "beginner"})
    current_player(state) -> int | None
    legal_moves(state, seat) -> list[Move]   # a seat not to move: what it may do out of turn
    side_decision(state, seat) -> SideDecision | None   # its pending out-of-turn discards
    apply(state, seat, move) -> new State (the given one is never modified; raises
                                 IllegalMove(code, sentence) when the move is not legal)
    apply_in_place(state, seat, move) -> None   # the same, changing the given state
    replay(players, seed, moves, edition="1e", options=None) -> State   # from (seat, move)s
    is_over(state) -> bool
    scores(state) -> list[Score]          # per seat: total, categories, winner
    view(state, seat, reveal_all=False) -> View   # seat=None: a spectator
    to_json(state) -> State ; from_json(d) -> State  # JSON-ready; exact round trip
                                 # (copy=False: no copy, for a caller that owns the dict)
    describe(state, seat, move) -> str ; parse_move(state, seat, text) -> Move
    move_revealed(state) -> bool   # did the last move reveal hidden information?
    turn_preview(state, seat) -> State | None   # seat's next turn as if it began now (plans)
    price(state, seat, move) -> Price   # what a legal move costs and gives the seat
    priced_from_position(move) -> bool  # price read off the position, not by playing the move
    card_text(card_id, edition="1e") -> str   # a card as the notation names it ("holstein/1vp")
    edition_data(edition) -> Edition    # an edition's component data, family by family
    rules_version(state) -> str         # the rules the game is played under, e.g. "1e-1"
    current_rules_version(edition) -> str ; parse_rules_version("1e-1") -> ("1e", 1)

**Rules versions.** ``new_game`` and ``replay`` take ``revision=`` (default: the newest of
the edition). A game keeps the revision it started with, in its state, and every function
above plays that revision's rules: a record replays to the same states and scores under
every later release (``engine.revisions`` says how older behaviour is kept).

``price`` answers ``{"cost": 3, "cost_text": "$3 in fees", "gains": {"money": -3}}``:
``cost`` in dollars (negative: the move pays, None: no price of its own), the words a button
or an email shows ("$3 in fees", "no fees", "+$2", "$6, 2 craftsmen", "$5" for a hand
disc), and ``gains``, the change the move makes to the seat's public counters (money,
certificates, workers, hazards, teepees, station masters; in the 2nd edition builders,
outlaws and exchange tokens).  Callers never re-derive rules.

**Editions.** ``"1e"`` and ``"2e"`` (the 2nd edition: its options always carry
``"simmental"``; its states and views have outlaws and exchange tokens instead of teepees,
and the moves ``exchange`` and the first-turn ``discard``: docs/moves.md).

Also public:

* ``bots`` — computer players: ``engine.bots.choose_move(state, seat, kind="heuristic")``
  (see docs/bots.md).
* ``data`` — the printed component facts of the 1st edition, read-only:
  ``engine.data.trail``, ``buildings``, ``railroad``, ``cities``, ``player_board``,
  ``cattle``, ``tiles``, ``objectives`` (callers write ``from engine.data import trail``).
  Read them to name and draw what a view holds; never change them.
* ``edition_data(edition)`` — the same facts for any edition the engine has: an ``Edition``
  whose ``trail``, ``buildings``, ``railroad``, ``cities``, ``player_board``, ``cattle``,
  ``tiles`` and ``objectives`` are that edition's data modules
  (``engine.edition_data(view["edition"]).trail.NODES``; ``engine.edition_data("1e").trail``
  is ``engine.data.trail``).  IllegalMove("bad_edition") for an edition it does not have.
* The types: ``State`` (with ``PlayerState``, ``Frame``), ``Move``, ``Price``, ``View``
  (with ``PlayerView``, ``Decision``, ``Count``), ``Score``, ``Card``, ``Tile`` — ``TypedDict``s, so
  at run time plain JSON-ready dicts — and ``Edition`` (a frozen record, ``engine.editions``).
* ``IllegalMove`` (``code``, ``message``), and ``ENGINE_VERSION``: the layout of the states
  this code builds (caches and snapshots of states are keyed by it; it is not the rules).

Everything else (``engine.flow``, ``engine.rules``, ``engine.state``, ...) is internal and
may change without notice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, cast

from engine import bots, data, editions, flow, notation, revisions, setup
from engine import view as _view
from engine.component_types import Card, Tile
from engine.editions import Edition
from engine.errors import IllegalMove
from engine.move_types import Move, Price
from engine.pricing import price, priced_from_position
from engine.rules import out_of_turn, scoring, turn
from engine.state import copy_state
from engine.state_types import Frame, PlayerState, State
from engine.view_types import Count, Decision, PlayerView, Score, SideDecision, View

ENGINE_VERSION = "1e-1"

__all__ = [
    "ENGINE_VERSION",
    "Card",
    "Count",
    "Decision",
    "Edition",
    "Frame",
    "IllegalMove",
    "Move",
    "PlayerState",
    "PlayerView",
    "Price",
    "Score",
    "SideDecision",
    "State",
    "Tile",
    "View",
    "apply",
    "apply_in_place",
    "bots",
    "card_text",
    "current_player",
    "current_rules_version",
    "data",
    "describe",
    "edition_data",
    "from_json",
    "is_over",
    "legal_moves",
    "move_revealed",
    "new_game",
    "parse_move",
    "parse_rules_version",
    "price",
    "priced_from_position",
    "replay",
    "rules_version",
    "scores",
    "side_decision",
    "to_json",
    "turn_preview",
    "view",
]


def new_game(
    players: int,
    seed: int,
    edition: str = "1e",
    options: Mapping[str, object] | None = None,
    *,
    revision: int | None = None,
) -> State:
    state = setup.new_game(players, seed, edition, options, revision)
    turn.start_turn(state, 0)
    flow.advance(state)
    return state


def current_player(state: State) -> int | None:
    return None if state["over"] else state["current"]


def legal_moves(state: State, seat: int) -> list[Move]:
    return flow.legal_moves(state, seat)


def side_decision(state: State, seat: int) -> SideDecision | None:
    """``seat``'s pending side decision (2nd edition: the discards owed for an exchange
    token used out of turn), as every view shows it; None when it has none."""
    return out_of_turn.decision(state, seat) if out_of_turn.valid_seat(state, seat) else None


def apply(state: State, seat: int, move: Mapping[str, Any]) -> State:
    new = copy_state(state)
    flow.apply_in_place(new, seat, move)
    return new


def apply_in_place(state: State, seat: int, move: Mapping[str, Any]) -> None:
    """``apply`` without the copy: changes ``state`` itself, for a replay that owns its state
    (``replay`` uses it). An illegal move raises IllegalMove before anything is changed."""
    flow.apply_in_place(state, seat, move)


def replay(
    players: int,
    seed: int,
    moves: Sequence[tuple[int, Mapping[str, Any]]],
    edition: str = "1e",
    options: Mapping[str, object] | None = None,
    *,
    revision: int | None = None,
) -> State:
    """Rebuild a state from its moves, applying them in place (no copy per move)."""
    state = new_game(players, seed, edition, options, revision=revision)
    for seat, move in moves:
        flow.apply_in_place(state, seat, move)
    return state


def is_over(state: State) -> bool:
    return bool(state["over"])


def scores(state: State) -> list[Score]:
    return scoring.scores(state)


def view(state: State, seat: int | None, reveal_all: bool = False) -> View:
    return _view.view(state, seat, reveal_all=reveal_all)


def to_json(state: State, *, copy: bool = True) -> State:
    """The state is its own JSON: a copy, ready for ``json.dumps``. ``copy=False`` gives the
    state itself, for a caller that serializes it at once and keeps nothing (a late-game
    state's copy takes about 21 µs, as long as decoding its text and four times as long as
    encoding it with orjson)."""
    return copy_state(state) if copy else state


def from_json(data: Mapping[str, Any], *, copy: bool = True) -> State:
    """The state ``data`` holds. ``copy=False`` takes ``data`` itself, for a caller that owns
    it and keeps no other reference (JSON it has just decoded)."""
    return copy_state(data) if copy else cast(State, data)


def describe(state: State, seat: int, move: Move) -> str:
    return notation.describe(state, seat, move)


def parse_move(state: State, seat: int, text: str) -> Move:
    return notation.parse(state, seat, text)


def card_text(card_id: str, edition: str = "1e") -> str:
    """A card as the notation names it: ``"holstein/1vp"``, ``"dutch-belt"``, ``"OBJ-07"``."""
    return notation.card_text(editions.get(edition), card_id)


def edition_data(edition: str) -> Edition:
    """The component data of ``edition`` (``"1e"``); IllegalMove("bad_edition") if unknown."""
    return editions.get(edition)


def rules_version(state: State) -> str:
    """The rules ``state`` is played under: edition and revision, e.g. ``"1e-1"``."""
    return revisions.version(state["edition"], revisions.of(state))


def current_rules_version(edition: str = "1e") -> str:
    """The rules new games of ``edition`` are played under."""
    return revisions.version(edition, revisions.current(edition))


def parse_rules_version(name: str) -> tuple[str, int]:
    """``"1e-1"`` -> ``("1e", 1)`` (edition and revision); IllegalMove when unknown."""
    return revisions.parse(name)


def move_revealed(state: State) -> bool:
    """True when the last move drew a card or tile, refilled a display or shuffled: undo
    may go back to, but not across, such a move."""
    return bool(state["revealed"])


def turn_preview(state: State, seat: int) -> State | None:
    """A copy of ``state`` in which ``seat``'s turn begins now: the others' unfinished
    decisions are dropped, the board, markets and hands stay as they are. None when the game
    is over or ``seat`` will not have another turn (the last round has passed it).

    A player prepares a planned turn against it: its legal moves, prices and notation are
    those of the position they can see now. Nothing hidden is read until a move reveals
    something (``move_revealed``), where a plan stops; the caller never shows the copy.
    """
    if state["over"] or not 0 <= seat < state["num_players"]:
        return None
    end = state["end"]
    if end is not None and seat not in end["remaining"]:
        return None
    preview = copy_state(state)
    preview["stack"] = []
    if preview["end"] is not None:
        preview["end"]["remaining"].remove(seat)
    turn.start_turn(preview, seat)
    flow.advance(preview)
    preview["revealed"] = False
    return preview

"""Which events make a position, and the replay of them: pure, no database.

The state after event ``seq`` is defined by the events alone:

* ``setup`` (seq 1) starts the game: ``engine.new_game(players, seed, edition, options,
  revision)`` under the rules version it names, with the seed from the game row (it is
  secret, so it is not in the event);
* ``move`` applies its move to the state after the event before it;
* ``undo``, ``rollback`` and ``takeback`` (payload ``to_seq``) make the state equal to the
  state after ``to_seq`` again;
* ``rules_upgrade`` (payload ``to``: a rules version) makes the state the replay of every
  move that led to it under the newer rules, from the setup on: the game plays those rules
  from then on, and the positions before the upgrade stay what they were;
* any other kind (``resign``, ``pause``, ...) is recorded and leaves the state as it was.

So every event resolves to a *node*: the setup, a move or an upgrade whose state is current
after it. The state of a node is the setup followed by the moves on its *lineage* (the node,
its parent, and so on back to the setup), under the rules of the last upgrade on it (or the
setup's); undone moves are simply not on it.

``games.replay`` reads the events from the database, starts from snapshots and caches;
the corpus of recorded games and offline records replay through the same functions.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, NamedTuple

import engine
from engine import State
from games.models import EventKind

STATE_CHANGING = {EventKind.SETUP, EventKind.MOVE, EventKind.RULES_UPGRADE}
RESTORING = {EventKind.UNDO, EventKind.ROLLBACK, EventKind.TAKEBACK}


class ReplayError(Exception):
    """The events cannot be replayed (a corrupt log, or an engine that changed its rules)."""


class EventRef(NamedTuple):
    """What replay needs to know of an event without its move."""

    seq: int
    kind: str
    seat: int | None
    to_seq: int | None
    revealed: bool
    rules: str | None = None  # a rules upgrade's rules version


class Lineage:
    """For each event, its node; for each move or upgrade node, its parent."""

    def __init__(self, refs: Sequence[EventRef]) -> None:
        self.refs: dict[int, EventRef] = {}
        self.node: dict[int, int] = {}
        self.parent: dict[int, int] = {}
        previous: int | None = None
        for ref in refs:
            if ref.seq in self.refs or (previous is not None and ref.seq != previous + 1):
                raise ReplayError(f"event seqs are not consecutive at {ref.seq}")
            self.refs[ref.seq] = ref
            if ref.kind == EventKind.SETUP:
                if previous is not None:
                    raise ReplayError(f"a second setup event at {ref.seq}")
                self.node[ref.seq] = ref.seq
            elif previous is None:
                raise ReplayError(f"the first event ({ref.seq}) is not the setup")
            elif ref.kind in (EventKind.MOVE, EventKind.RULES_UPGRADE):
                if ref.kind == EventKind.RULES_UPGRADE and not ref.rules:
                    raise ReplayError(f"rules upgrade {ref.seq} names no rules version")
                self.parent[ref.seq] = self.node[previous]
                self.node[ref.seq] = ref.seq
            elif ref.kind in RESTORING:
                if ref.to_seq is None or ref.to_seq not in self.node:
                    raise ReplayError(f"event {ref.seq} restores an unknown seq {ref.to_seq}")
                self.node[ref.seq] = self.node[ref.to_seq]
            else:
                self.node[ref.seq] = self.node[previous]
            previous = ref.seq
        self.last = previous

    def path(self, seq: int) -> list[int]:
        """The setup, move and upgrade seqs whose replay gives the state after ``seq``."""
        if seq not in self.node:
            raise ReplayError(f"no event {seq}")
        x = self.node[seq]
        path = [x]
        while x in self.parent:
            x = self.parent[x]
            path.append(x)
        path.reverse()
        return path

    def undone(self) -> set[int]:
        """The moves that are not on the lineage of the last event: decisions taken back by
        an undo or a moderator's rollback."""
        if self.last is None:
            return set()
        kept = set(self.path(self.last))
        return {
            seq for seq, ref in self.refs.items() if ref.kind == EventKind.MOVE and seq not in kept
        }

    def taken_back_by(self) -> dict[int, int]:
        """For each move an undo, a rollback or a takeback took off the lineage: the event
        that did. The log shows a takeback's decisions, marked, where an undo's vanish."""
        by: dict[int, int] = {}
        for seq, ref in self.refs.items():
            if ref.kind not in RESTORING or ref.to_seq is None:
                continue
            target = self.node[ref.to_seq]
            x = self.node[seq - 1]
            while x != target and x in self.parent:
                if self.refs[x].kind == EventKind.MOVE:
                    by[x] = seq
                x = self.parent[x]
        return by

    def rules_on(self, path: Sequence[int]) -> tuple[str | None, int]:
        """The rules version of the last upgrade on ``path`` and its position there, or
        (None, -1): the rules are then the setup's."""
        for position in range(len(path) - 1, -1, -1):
            ref = self.refs[path[position]]
            if ref.kind == EventKind.RULES_UPGRADE:
                return ref.rules, position
        return None, -1


def new_state(setup: Mapping[str, Any], seed: int, rules: str | None = None) -> State:
    """The state after a setup event (payload ``setup``), under the rules version it names,
    or ``rules``."""
    edition, revision = engine.parse_rules_version(rules or setup_rules_version(setup))
    return engine.new_game(
        players=int(setup["players"]),
        seed=seed,
        edition=setup.get("edition", edition),
        options=dict(setup.get("options") or {}),
        revision=revision,
    )


def setup_rules_version(setup: Mapping[str, Any]) -> str:
    """The rules a setup event starts the game under. Setups written before rules versions
    name the engine's version instead, which was then the same string ("1e-1")."""
    edition = setup.get("edition", "1e")
    return str(setup.get("rules_version") or setup.get("engine_version") or f"{edition}-1")


def apply_recorded_move(state: State, ref: EventRef, payload: Mapping[str, Any]) -> State:
    if ref.seat is None:  # a move's event names its seat (ledger.move_event)
        raise ReplayError(f"move {ref.seq} names no seat")
    try:
        return engine.apply(state, ref.seat, payload["move"])
    except engine.IllegalMove as exc:
        raise ReplayError(
            f"move {ref.seq} ({payload.get('text')!r}) no longer replays: {exc.message}"
        ) from exc


def apply_recorded_move_in_place(state: State, ref: EventRef, payload: Mapping[str, Any]) -> None:
    """``apply_recorded_move`` on a state the replay owns: no copy of the whole state per
    move, which was most of the cost of replaying from a snapshot."""
    if ref.seat is None:
        raise ReplayError(f"move {ref.seq} names no seat")
    try:
        engine.apply_in_place(state, ref.seat, payload["move"])
    except engine.IllegalMove as exc:
        raise ReplayError(
            f"move {ref.seq} ({payload.get('text')!r}) no longer replays: {exc.message}"
        ) from exc


def replay_path(
    lineage: Lineage,
    path: Sequence[int],
    payloads: Mapping[int, Mapping[str, Any]],
    *,
    seed: int,
    start: tuple[int, State] | None = None,
) -> State:
    """The state after the last node of ``path``: the setup and the moves on it under the
    rules of its last upgrade. ``start``: (position on the path, state there) to go on from
    (a snapshot at or after that upgrade), a state the replay then owns: it is advanced in
    place, so pass a copy the caller does not use again; ``payloads`` needs the events
    replayed."""
    rules, _ = lineage.rules_on(path)
    position, state = start if start is not None else (-1, None)
    for seq in path[position + 1 :]:
        ref = lineage.refs[seq]
        if ref.kind == EventKind.SETUP:
            state = new_state(payloads[seq], seed, rules)
        elif ref.kind == EventKind.MOVE:
            if state is None:
                raise ReplayError(f"event {seq} comes before the setup it should follow")
            apply_recorded_move_in_place(state, ref, payloads[seq])
    if state is None:
        raise ReplayError("no setup event on the path")
    return state


def replay_events(
    lineage: Lineage, payloads: Mapping[int, Mapping[str, Any]], *, seed: int
) -> Iterator[tuple[int, State, str | None]]:
    """(seq, state after it, how its move reads now) for each event in order: the notation
    ``engine.describe`` gives each move in the position it was made (None for other events).

    Fast, for whole-log checks: one state advanced in place, with copies kept only of the
    positions an undo or a rollback returns to. Each state yielded is valid until the next
    step; copy it (``engine.to_json``) to keep it.
    """
    returned_to = {
        lineage.node[ref.to_seq]
        for ref in lineage.refs.values()
        if ref.kind in RESTORING and ref.to_seq is not None
    }
    kept: dict[int, State] = {}
    live: State | None = None
    live_node: int | None = None
    for seq, ref in lineage.refs.items():
        text = None
        if ref.kind == EventKind.SETUP:
            live, live_node = new_state(payloads[seq], seed), seq
        elif ref.kind == EventKind.MOVE:
            parent = lineage.parent[seq]
            if parent != live_node or live is None:
                live = engine.from_json(kept[parent])
            if ref.seat is None:
                raise ReplayError(f"move {seq} names no seat")
            move = payloads[seq]["move"]
            try:
                text = engine.describe(live, ref.seat, move)
                engine.apply_in_place(live, ref.seat, move)
            except engine.IllegalMove as exc:
                raise ReplayError(
                    f"move {seq} ({payloads[seq].get('text')!r}) no longer replays: {exc.message}"
                ) from exc
            live_node = seq
        elif ref.kind == EventKind.RULES_UPGRADE:
            live, live_node = replay_path(lineage, lineage.path(seq), payloads, seed=seed), seq
        elif lineage.node[seq] != live_node:  # an undo or a rollback
            live, live_node = engine.from_json(kept[lineage.node[seq]]), lineage.node[seq]
        if live is None:
            raise ReplayError(f"event {seq} comes before the setup it should follow")
        if live_node in returned_to and live_node == seq:
            kept[seq] = engine.to_json(live)
        yield seq, live, text


def states_after_each(
    lineage: Lineage, payloads: Mapping[int, Mapping[str, Any]], *, seed: int
) -> Iterator[tuple[int, State]]:
    """Every (seq, state after it) in order, replayed incrementally from the setup (a rules
    upgrade replays its whole path again under its rules). The states are shared with the
    replay (``engine.apply`` never changes the state it is given): copy one
    (``engine.to_json``) before changing it."""
    states: dict[int, State] = {}
    for seq, ref in lineage.refs.items():
        if ref.kind == EventKind.SETUP:
            states[seq] = new_state(payloads[seq], seed)
        elif ref.kind == EventKind.MOVE:
            states[seq] = apply_recorded_move(states[lineage.parent[seq]], ref, payloads[seq])
        elif ref.kind == EventKind.RULES_UPGRADE:
            states[seq] = replay_path(lineage, lineage.path(seq), payloads, seed=seed)
        yield seq, states[lineage.node[seq]]

"""Does every stored game still replay as it was played? (``manage.py check_replays``)

A game's events, replayed from scratch under the rules it records (``games.lineage``: no
cache, no snapshot), must give back what the database says about it: every move legal and
read the same way (its notation), the stored snapshots equal to the replayed states, the
game row's version, rules version and seat to move, and a finished game's final scores. A
difference means a release changed how recorded games play: a bug, unless it came as a new
rules revision (docs/rules-notes.md, "Rules revisions").

Read-only and lock-free: safe on a live database. Each game costs two queries (its events,
its snapshots) and a replay.
"""

from __future__ import annotations

from typing import Any

import engine
from engine import State
from games import move_store
from games.lineage import EventRef, Lineage, ReplayError, replay_events
from games.models import Event, EventKind, Game, GameStatus, Snapshot


def check_game(game: Game) -> list[str]:
    """What does not match when ``game`` is replayed from its events ([] when all does)."""
    read = list(
        Event.objects.filter(game=game)
        .order_by("seq")
        .values_list("seq", "kind", "seat", *move_store.READ)
    )
    if not read:
        return [] if game.version == 0 else [f"the row says version {game.version}, no events"]
    payloads = move_store.payloads((seq, *values) for seq, _, _, *values in read)
    rows = [(seq, kind, seat, payloads[seq]) for seq, kind, seat, *_ in read]
    snapshots = dict(
        Snapshot.objects.filter(game=game, engine_version=engine.ENGINE_VERSION).values_list(
            "seq", "state"
        )
    )
    problems: list[str] = []
    try:
        lineage = Lineage([_ref(seq, kind, seat, payload) for seq, kind, seat, payload in rows])
        final: State | None = None
        for seq, state, text in replay_events(lineage, payloads, seed=game.seed):
            recorded = payloads[seq].get("text")
            if text is not None and recorded is not None and text != recorded:
                problems.append(f"move #{seq} now reads {text!r}, recorded as {recorded!r}")
            if seq in snapshots and engine.to_json(state) != snapshots[seq]:
                problems.append(f"the state after #{seq} differs from its snapshot")
            final = state  # the last one yielded is not changed any more
    except ReplayError as exc:
        return [*problems, f"does not replay: {exc}"]
    if final is None:
        return problems
    return problems + _row_problems(game, lineage, final)


def _ref(seq: int, kind: str, seat: int | None, payload: dict[str, Any]) -> EventRef:
    to_seq = payload.get("to_seq")
    rules = payload.get("to") if kind == EventKind.RULES_UPGRADE else None
    return EventRef(
        seq,
        kind,
        seat,
        int(to_seq) if to_seq is not None else None,
        bool(payload.get("revealed")),
        str(rules) if rules else None,
    )


def _row_problems(game: Game, lineage: Lineage, final: State) -> list[str]:
    problems = []
    if lineage.last != game.version:
        problems.append(f"the row says version {game.version}, the events end at {lineage.last}")
    if game.rules_version and engine.rules_version(final) != game.rules_version:
        problems.append(
            f"the row says rules {game.rules_version}, the replay plays "
            f"{engine.rules_version(final)}"
        )
    if game.status in (GameStatus.ACTIVE, GameStatus.PAUSED):
        if engine.is_over(final):
            problems.append("the game is over when replayed, but not in the database")
        elif engine.current_player(final) != game.current_seat:
            problems.append(
                f"seat {engine.current_player(final)} is to move when replayed, "
                f"seat {game.current_seat} in the database"
            )
    result = game.result or {}
    if game.status == GameStatus.FINISHED and result.get("reason") == "game_over":
        if not engine.is_over(final):
            problems.append("the game is not over when replayed")
        elif engine.scores(final) != result.get("scores"):
            problems.append(
                f"final scores {[s['total'] for s in engine.scores(final)]} when replayed, "
                f"{[s.get('total') for s in result.get('scores') or []]} recorded"
            )
    return problems

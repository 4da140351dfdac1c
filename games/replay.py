"""Rebuild a game's engine state from its events in the database.

Which events make a position, and how they replay, is ``games.lineage`` (pure). Here: a
``Snapshot`` holds the state after some seq and lets the replay start from the deepest node
of the lineage it covers (at or after the lineage's last rules upgrade, whose rules a
snapshot from before it was not played under).

States are also cached, in each process (the last ``LOCAL_CACHE_SIZE`` states it used: a
player's next request usually reaches the same process, on the same keep-alive connection)
and in Django's cache (shared by the processes, and by the Celery workers that play the
bots). Like a snapshot, a cached state is never the truth, and it is used only when it
matches the state asked for:

* its key is (engine version, game, seq), and the entry repeats them: an entry found under
  a key that is not its own (a corrupt or foreign value) is ignored;
* for the game's current version it also carries the time the game row was last updated,
  which every event changes: an entry written in a timeline that did not last (a
  transaction rolled back, a database restored from a backup) never matches;
* it is written only once the transaction that read or wrote the events commits;
* anything that does not decode to a state is a miss.

A miss replays from the nearest snapshot and caches the result. An earlier seq has no such
stamp to check: after restoring a database backup, clear the cache and restart the web and
worker processes, or a replay of a seq beyond the restored version could show a state of the
lost timeline.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import orjson
from django.conf import settings
from django.core.cache import cache
from django.db import connection, transaction
from django.db.models.fields.json import KT
from django.db.models.functions import Mod

import engine
from common import after_response
from engine import State
from games import lineage as lineage_replay
from games import metrics, move_store, prepared, retention
from games.lineage import EventRef, Lineage, ReplayError
from games.models import Event, EventKind, Game, GameStatus, Snapshot

if TYPE_CHECKING:
    from games.event_rows import EventRow

CACHE_TIMEOUT_SECONDS = 6 * 3600
LOCAL_CACHE_SIZE = 512  # states kept in each process (a few kB each)


def event_refs(game: Game, upto: int | None = None) -> list[EventRef]:
    """The refs of the game's events (up to ``upto``) in seq order: on PostgreSQL in a
    statement written once (``prepared.event_ref_rows``), elsewhere through the ORM."""
    if connection.vendor == "postgresql":
        return [_ref(*row) for row in prepared.event_ref_rows(game_pk=game.pk, upto=upto)]
    events = Event.objects.filter(game=game)
    if upto is not None:
        events = events.filter(seq__lte=upto)
    # The text keys are read as text: SQLite's JSON_EXTRACT gives a string unquoted, and the
    # JSON field would decode "1e-2" as the number 0.01.
    texts = {f"ref_{key}": KT(f"payload__{key}") for key in prepared.REF_TEXT_KEYS}
    columns = [
        f"ref_{key}" if key in prepared.REF_TEXT_KEYS else f"payload__{key}"
        for key in prepared.REF_KEYS
    ]
    rows = events.order_by("seq").annotate(**texts).values_list("seq", "kind", "seat", *columns)
    return [_ref(*row) for row in rows]


def refs_of(events: Iterable[Event | EventRow]) -> list[EventRef]:
    """The refs of events already read whole, in seq order: what ``event_refs`` would read
    again (the replay viewer reads every event of the game for its log anyway)."""
    refs = []
    for event in events:
        payload = event.payload if isinstance(event.payload, dict) else {}
        refs.append(
            _ref(
                event.seq,
                event.kind,
                event.seat,
                payload.get("to_seq"),
                payload.get("revealed"),
                payload.get("to"),
            )
        )
    return refs


def _ref(seq: int, kind: str, seat: int | None, to_seq: Any, revealed: Any, rules: Any) -> EventRef:
    return EventRef(
        seq,
        kind,
        seat,
        int(to_seq) if to_seq is not None else None,
        bool(revealed),
        str(rules) if kind == EventKind.RULES_UPGRADE and rules else None,
    )


class LocalEntries:
    """The entries this process used last (least recently used first out), thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> dict[str, Any] | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def put(self, key: str, entry: dict[str, Any]) -> None:
        with self._lock:
            self._entries[key] = entry
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


local_states = LocalEntries(LOCAL_CACHE_SIZE)


def _cache_key(game: Game, seq: int) -> str:
    # The public id is random, so a key never meets another database's game with the same pk.
    return f"games:state:{engine.ENGINE_VERSION}:{game.public_id}:{seq}"


def _stamp(game: Game, seq: int) -> str | None:
    """What an entry for ``seq`` must also match: the game row's last update, for its current
    version (the row changes with every event); None for an earlier seq."""
    if seq == game.version and game.updated_at is not None:
        return game.updated_at.isoformat()
    return None


def _entry(game: Game, seq: int, state: State) -> dict[str, Any]:
    """The cache entry of the state after ``seq``. The state is kept as its JSON text, not as
    the nested lists and dicts of its JSON form: an entry then holds nothing the garbage
    collector tracks. Hundreds of entries live in each process (``local_states``), and
    each of them in that form was about ninety containers that every collection of the
    oldest generation walked again, and that every move's new entry added to the young
    ones (``bench/README.md``). Decoding the text costs less than a state copy."""
    return {
        "engine": engine.ENGINE_VERSION,
        "game": game.public_id,
        "seq": seq,
        "stamp": _stamp(game, seq),
        "state": orjson.dumps(engine.to_json(state, copy=False)),  # encoded now: no copy
    }


def _names(entry: Any, game: Game, seq: int) -> bool:
    """Whether ``entry`` says it is the entry for (game, seq) (its state not yet decoded)."""
    if not isinstance(entry, dict) or not isinstance(entry.get("state"), (bytes, dict)):
        return False
    if (entry.get("engine"), entry.get("game"), entry.get("seq")) != (
        engine.ENGINE_VERSION,
        game.public_id,
        seq,
    ):
        return False
    stamp = _stamp(game, seq)
    return stamp is None or entry.get("stamp") == stamp


def _state_of(entry: Any, game: Game, seq: int) -> State | None:
    """The state held by ``entry`` if it is the entry for (game, seq); else None."""
    if not _names(entry, game, seq):
        return None
    try:
        held = entry["state"]  # the JSON text (an entry of an earlier release: the JSON form)
        if isinstance(held, bytes):  # decoded here: this call's own, no copy needed
            state = engine.from_json(orjson.loads(held), copy=False)
        else:
            state = engine.from_json(held)
    except Exception:  # not a state: a miss, and the replay writes a good entry
        return None
    current = seq == game.version and game.status == GameStatus.ACTIVE
    if current and engine.current_player(state) != game.current_seat:
        return None  # not the position the game row says it is in
    return state


def cache_state(game: Game, seq: int, state: State) -> None:
    """Keep the state after ``seq`` in the caches once the current transaction commits."""
    key, entry = _cache_key(game, seq), _entry(game, seq, state)

    def share() -> None:
        cache.set(key, entry, CACHE_TIMEOUT_SECONDS)

    def keep() -> None:
        local_states.put(key, entry)
        after_response.defer(share)  # other processes need it later than this request's answer

    # robust: the events are committed by then; a cache that is down must not fail the request.
    transaction.on_commit(keep, robust=True)


def _cached_state(game: Game, seq: int) -> State | None:
    """The state after ``seq`` from this process's states or the shared cache; else None."""
    key = _cache_key(game, seq)
    state = _state_of(local_states.get(key), game, seq)
    if state is not None:
        return state
    try:
        entry = cache.get(key)
    except Exception:  # an entry that cannot be read (or a cache that is down) is a miss
        return None
    state = _state_of(entry, game, seq)
    if state is not None:
        local_states.put(key, entry)
    return state


def read_states(wanted: Iterable[tuple[Game, int]]) -> None:
    """Bring the shared cache's states after (game, seq) for each of ``wanted`` into this
    process's states, in one round trip, for the ``state_at`` that follows for each.

    A worker that sends a batch of turn emails needs the current state of twenty games, and
    one read per game cost a round trip to the cache each. The entries are checked as
    ``state_at`` checks them (and again when it uses them); a state found in neither cache
    is replayed by ``state_at`` as before.
    """
    keys: dict[str, tuple[Game, int]] = {}
    for game, seq in wanted:
        key = _cache_key(game, seq)
        if not _names(local_states.get(key), game, seq):
            keys[key] = (game, seq)
    if not keys:
        return
    try:
        found = cache.get_many(list(keys))
    except Exception:  # a cache that is down: each state_at finds it so, as before
        return
    for key, entry in found.items():
        game, seq = keys[key]
        if _names(entry, game, seq):
            local_states.put(key, entry)


def initial_state(game: Game, setup_payload: dict[str, Any]) -> State:
    """The state after a game's setup event, under the rules it names."""
    return lineage_replay.new_state(setup_payload, game.seed)


def state_at(
    game: Game,
    seq: int | None = None,
    *,
    use_cache: bool = True,
    lineage: Lineage | None = None,
    payloads: Mapping[int, Mapping[str, Any]] | None = None,
) -> State:
    """The engine state after event ``seq`` (default: the game's version).

    Uses the cache, then the deepest snapshot on the lineage, then replays the remaining moves.
    A caller that has read the game's events already passes their ``lineage`` (of the
    events up to ``seq`` at least: a later event changes no earlier node) and their
    ``payloads`` by seq, which the replay then does not read again.
    """
    seq = game.version if seq is None else seq
    if seq < 1:
        raise ReplayError("the game has not started: there is no state yet")
    if use_cache:
        state = _cached_state(game, seq)
        if state is not None:
            return state
    started = time.perf_counter()
    if lineage is None:
        lineage = Lineage(event_refs(game, upto=seq))
    path = lineage.path(seq)
    state = _replay_path(game, lineage, path, use_snapshots=use_cache, payloads=payloads, upto=seq)
    metrics.REPLAY_SECONDS.observe(time.perf_counter() - started)
    if use_cache:
        cache_state(game, seq, state)
    return state


def replay_from_scratch(game: Game, seq: int | None = None) -> State:
    """The state after ``seq`` from the setup and the moves alone: no cache, no snapshot."""
    seq = game.version if seq is None else seq
    lineage = Lineage(event_refs(game, upto=seq))
    return _replay_path(game, lineage, lineage.path(seq), use_snapshots=False)


def _replay_path(
    game: Game,
    lineage: Lineage,
    path: list[int],
    *,
    use_snapshots: bool,
    payloads: Mapping[int, Mapping[str, Any]] | None = None,
    upto: int | None = None,
) -> State:
    """The state after ``path``'s last node, replayed from the deepest snapshot on it taken
    after an event up to ``upto`` (default: that node; the state after a later event that is
    not a move, such as the resignation an ended game's final position is kept at, is the
    same)."""
    start: tuple[int, State] | None = None
    # The moves after the latest snapshot (or all), read with the snapshots when the caller
    # has no payloads: enough when the replay starts from that snapshot (or the setup).
    after_latest: list[tuple[int, Any, Any, Any]] | None = None
    if use_snapshots:
        position = {node: i for i, node in enumerate(path)}
        _, first_usable = lineage.rules_on(path)  # a snapshot before an upgrade: older rules
        best: tuple[int, int] | None = None  # (position on the path, snapshot seq)
        if upto is None:
            upto = path[-1] if path else 0
        if payloads is None:
            seqs, latest_state, after_latest = prepared.snapshot_and_moves(
                game_pk=game.pk, seq=upto, engine_version=engine.ENGINE_VERSION
            )
        else:
            seqs, latest_state = prepared.snapshots_upto(
                game_pk=game.pk, seq=upto, engine_version=engine.ENGINE_VERSION
            )
        for snap_seq in seqs:
            node = lineage.node.get(snap_seq)
            if (
                node in position
                and position[node] >= first_usable
                and (best is None or position[node] > best[0])
            ):
                best = (position[node], snap_seq)
        if best is not None:
            if best[1] == max(seqs):  # the latest, read with the seqs
                data = latest_state
            else:
                data = Snapshot.objects.filter(
                    game=game, seq=best[1], engine_version=engine.ENGINE_VERSION
                ).values_list("state", flat=True)[0]
                after_latest = None  # the moves between it and the latest are needed too
            start = (best[0], engine.from_json(data, copy=False))  # just read: this replay's
        elif seqs:
            after_latest = None  # no snapshot used: every move of the path is needed
    needed = path[start[0] + 1 :] if start is not None else path
    if payloads is None and after_latest is not None:
        payloads = move_store.payloads(after_latest)
        if any(seq not in payloads for seq in needed):
            # A node before the snapshot's seq (the snapshot is of a position an undo or a
            # rollback returned to, and the path goes on from there through older moves).
            payloads = None
    if payloads is None:
        payloads = move_store.payloads(
            Event.objects.filter(game=game, seq__in=needed).values_list("seq", *move_store.READ)
        )
    return lineage_replay.replay_path(lineage, path, payloads, seed=game.seed, start=start)


def states_by_seq(game: Game) -> Iterable[tuple[int, State]]:
    """Every (seq, state) of the game in order, replayed incrementally from the setup."""
    lineage = Lineage(event_refs(game))
    payloads = move_store.payloads(
        Event.objects.filter(game=game).values_list("seq", *move_store.READ)
    )
    return lineage_replay.states_after_each(lineage, payloads, seed=game.seed)


def snapshot_due(seq: int) -> bool:
    every = int(getattr(settings, "GAME_SNAPSHOT_EVERY", 0) or 0)
    return every > 0 and seq % every == 0


def snapshots_thin(game: Game, *, final: int | None) -> None:
    """Delete the game's snapshots once it has ended, but those at a multiple of
    ``GAME_FINISHED_SNAPSHOT_EVERY`` and the one of its final position, after event ``final``
    (0: all of them). A past position of a game that is over is asked for rarely (the replay
    viewer) and then replays from a kept snapshot, at most that many events; the snapshots of
    a game in play, written every ``GAME_SNAPSHOT_EVERY`` events, were most of a finished
    game's storage (``games.retention``, ``games.final_positions``)."""
    every = retention.finished_snapshot_every()
    snapshots = Snapshot.objects.filter(game=game)
    if every > 0:
        snapshots = snapshots.annotate(off=Mod("seq", every)).exclude(off=0)
        if final is not None:
            snapshots = snapshots.exclude(seq=final)
    snapshots.delete()


def snapshot_write(game: Game, seq: int, state: State) -> None:
    """Keep the state after the event ``seq`` that is being written (in its transaction)."""
    Snapshot.objects.create(
        game=game, seq=seq, engine_version=engine.ENGINE_VERSION, state=engine.to_json(state)
    )

"""The cached engine states (per process and shared): used when they are provably right,
ignored otherwise, and never written by a transaction that does not commit."""

from __future__ import annotations

import gc
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

import engine
import engine.bots
from games import moderation, replay, services
from games.models import Game
from tests.games.helpers import find_undoable_position, play_one, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_caches():
    replay.local_states.clear()
    cache.clear()
    yield
    replay.local_states.clear()


@pytest.fixture
def commits(django_capture_on_commit_callbacks):
    """Run what would run after commit (the cache writes) as soon as the block ends."""

    def run(action, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return action(*args, **kwargs)

    return run


def scratch(game: Game, seq: int | None = None) -> dict:
    return engine.to_json(replay.replay_from_scratch(game, seq))


def cached_entries(game: Game, seq: int) -> tuple[object, object]:
    key = replay._cache_key(game, seq)
    return replay.local_states.get(key), cache.get(key)


def state_without_queries(game: Game, seq: int | None = None) -> dict:
    with CaptureQueriesContext(connection) as queries:
        state = replay.state_at(game, seq)
    assert len(queries) == 0, [q["sql"] for q in queries.captured_queries]
    return engine.to_json(state)


def play_committed(commits, game: Game) -> services.MoveResult:
    result = commits(play_one, game)
    game.refresh_from_db()
    return result


def test_a_committed_move_caches_its_state_in_the_process_and_the_shared_cache(commits, alice, bob):
    game = started_game(alice, [bob])
    result = play_committed(commits, game)

    local, shared = cached_entries(game, game.version)
    assert local is not None
    assert shared is not None
    assert local["seq"] == shared["seq"] == game.version
    assert state_without_queries(game) == scratch(game) == engine.to_json(result.state)


def test_a_cached_entry_holds_nothing_the_garbage_collector_walks(commits, alice, bob):
    """Each process keeps hundreds of entries: as nested lists and dicts, every collection of
    the oldest generation walked them all again (bench/README.md)."""
    game = started_game(alice, [bob])
    play_committed(commits, game)

    for entry in cached_entries(game, game.version):
        assert isinstance(entry, dict)
        assert not gc.is_tracked(entry)
    assert state_without_queries(game) == scratch(game)


def test_an_entry_of_an_earlier_release_is_still_read(alice, bob):
    """Entries written before the state was kept as text hold its JSON form."""
    game = started_game(alice, [bob])
    for _ in range(2):
        play_one(game)
    game.refresh_from_db()
    forge(game, game.version, scratch(game))

    assert state_without_queries(game) == scratch(game)


def test_the_shared_cache_serves_another_process_and_fills_this_one(commits, alice, bob):
    game = started_game(alice, [bob])
    play_committed(commits, game)
    replay.local_states.clear()  # as in another process

    assert state_without_queries(game) == scratch(game)
    assert cached_entries(game, game.version)[0] is not None


def test_a_miss_replays_from_the_events_and_caches_after_commit(commits, alice, bob):
    game = started_game(alice, [bob])
    for _ in range(3):
        play_committed(commits, game)
    replay.local_states.clear()
    cache.clear()

    with CaptureQueriesContext(connection) as queries:
        state = commits(replay.state_at, game)
    assert len(queries) > 0
    assert engine.to_json(state) == scratch(game)
    assert state_without_queries(game) == scratch(game)


def test_a_cached_state_handed_out_cannot_change_the_cached_one(commits, alice, bob):
    game = started_game(alice, [bob])
    play_committed(commits, game)
    state = replay.state_at(game)
    state["players"][0]["money"] += 100

    assert state_without_queries(game) == scratch(game)


def test_a_rolled_back_move_leaves_nothing_in_the_caches(
    commits, django_capture_on_commit_callbacks, alice, bob
):
    game = started_game(alice, [bob])
    play_committed(commits, game)
    version = game.version
    replay.local_states.clear()
    cache.clear()

    class AbortError(Exception):
        pass

    def move_then_fail() -> None:
        with transaction.atomic():
            result = play_one(game)
            replay.state_at(result.game, result.version - 1)  # a miss: replayed in there
            raise AbortError

    with (
        django_capture_on_commit_callbacks(execute=True) as callbacks,
        pytest.raises(AbortError),
    ):
        move_then_fail()

    game.refresh_from_db()
    assert game.version == version
    assert callbacks == []
    assert cached_entries(game, version) == (None, None)
    assert cached_entries(game, version + 1) == (None, None)


def forge(game: Game, key_seq: int, state: dict, fields: dict | None = None) -> None:
    """Put an entry under the key of (game, key_seq) holding ``state`` in both caches."""
    entry = {
        "engine": engine.ENGINE_VERSION,
        "game": game.public_id,
        "seq": key_seq,
        "stamp": replay._stamp(game, key_seq),
        "state": state,
        **(fields or {}),
    }
    key = replay._cache_key(game, key_seq)
    replay.local_states.put(key, entry)
    cache.set(key, entry)


def another_position(game: Game) -> dict:
    """A state the game is not in: one move further (the same player may still be to move)."""
    state = replay.state_at(game, use_cache=False)
    seat = engine.current_player(state)
    return engine.to_json(engine.apply(state, seat, engine.legal_moves(state, seat)[0]))


@pytest.mark.parametrize(
    "fields",
    [
        {"seq": "earlier"},  # an entry of an earlier version, under this version's key
        {"game": "another-game"},
        {"engine": "an-older-engine"},
        {"stamp": "2001-01-01T00:00:00+00:00"},  # written for this seq in a lost timeline
    ],
    ids=["other-seq", "other-game", "other-engine", "other-timeline"],
)
def test_an_entry_that_is_not_for_this_game_version_is_ignored(alice, bob, fields):
    game = started_game(alice, [bob])
    for _ in range(3):
        play_one(game)
    game.refresh_from_db()
    if fields.get("seq") == "earlier":
        fields = {"seq": game.version - 1}
    forge(game, game.version, another_position(game), fields)

    assert engine.to_json(replay.state_at(game)) == scratch(game)


def test_an_entry_that_disagrees_with_the_game_row_is_ignored(alice, bob):
    game = started_game(alice, [bob])
    for _ in range(2):
        play_one(game)
    game.refresh_from_db()
    wrong = engine.to_json(replay.state_at(game, use_cache=False))
    wrong["current"] = 1 - game.current_seat
    forge(game, game.version, wrong)

    assert engine.to_json(replay.state_at(game)) == scratch(game)


@pytest.mark.parametrize(
    "entry",
    [
        "not an entry",
        {"engine": engine.ENGINE_VERSION},
        {"state": ["not", "a", "state"]},
        None,
    ],
)
def test_a_corrupt_entry_is_a_miss(alice, bob, entry):
    game = started_game(alice, [bob])
    play_one(game)
    game.refresh_from_db()
    key = replay._cache_key(game, game.version)
    if isinstance(entry, dict):
        entry = {"game": game.public_id, "seq": game.version, **entry}
    replay.local_states.put(key, entry)
    cache.set(key, entry)

    assert engine.to_json(replay.state_at(game)) == scratch(game)


def test_an_unreadable_shared_cache_is_a_miss(alice, bob, monkeypatch):
    game = started_game(alice, [bob])
    play_one(game)
    game.refresh_from_db()

    def broken(*args, **kwargs):
        raise ValueError("cannot unpickle")

    monkeypatch.setattr(cache, "get", broken)
    assert engine.to_json(replay.state_at(game)) == scratch(game)


def test_a_row_update_without_an_event_only_costs_a_replay(commits, alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(days=1))
    play_committed(commits, game)
    game.turn_deadline = game.turn_deadline + timedelta(hours=1)
    game.save(update_fields=["turn_deadline", "updated_at"])

    with CaptureQueriesContext(connection) as queries:
        state = commits(replay.state_at, game)
    assert len(queries) > 0  # the entry was for the row as it was
    assert engine.to_json(state) == scratch(game)
    assert state_without_queries(game) == scratch(game)


def test_undo_caches_the_restored_state_and_keeps_the_earlier_ones(commits, alice, bob):
    game = started_game(alice, [bob])
    seat, move = find_undoable_position(game)
    game.refresh_from_db()
    user = game.seats.get(index=seat).user
    before = game.version
    commits(services.move_submit, game=game, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
    moved = game.version
    moved_state = state_without_queries(game)

    result = commits(services.move_undo, game=game, user=user, expected_version=moved)
    game.refresh_from_db()

    assert engine.to_json(result.state) == scratch(game, before)
    assert state_without_queries(game) == scratch(game) == scratch(game, before)
    assert state_without_queries(game, moved) == moved_state == scratch(game, moved)


def test_a_moderator_rollback_caches_the_state_it_goes_back_to(commits, moderator, alice, bob):
    game = started_game(alice, [bob])
    for _ in range(6):
        play_committed(commits, game)
    to_seq = game.version - 4
    last = game.version

    commits(moderation.game_rollback, game=game, to_seq=to_seq, moderator=moderator, reason="r")
    game.refresh_from_db()

    assert game.version == last + 1
    assert state_without_queries(game) == scratch(game) == scratch(game, to_seq)
    assert replay.state_at(game, last) is not None
    assert engine.to_json(replay.state_at(game, last)) == scratch(game, last)


def test_pause_and_resume_leave_the_state_and_its_cache_right(commits, moderator, alice, bob):
    game = started_game(alice, [bob])
    for _ in range(3):
        play_committed(commits, game)
    state = scratch(game)

    commits(moderation.game_pause, game=game, moderator=moderator, reason="pause")
    game.refresh_from_db()
    assert engine.to_json(commits(replay.state_at, game)) == state
    commits(moderation.game_resume, game=game, moderator=moderator, reason="resume")
    game.refresh_from_db()

    assert engine.to_json(commits(replay.state_at, game)) == state == scratch(game)
    result = play_committed(commits, game)
    assert state_without_queries(game) == scratch(game) == engine.to_json(result.state)


def test_bot_runs_are_cached_and_replay_the_same(commits, alice):
    game = started_game(alice, bots=[1])
    for _ in range(40):
        game.refresh_from_db()
        if game.status != "active":
            break
        if game.current_seat == 1:
            commits(services.bot_turns_play, game_id=game.pk, version=game.version)
        else:
            play_committed(commits, game)
        game.refresh_from_db()
        assert state_without_queries(game) == scratch(game)


def test_read_states_brings_the_shared_entries_here_in_one_read(commits, monkeypatch, alice, bob):
    games = [started_game(alice, [bob]) for _ in range(3)]
    for game in games:
        play_committed(commits, game)  # the shared cache has each current state
    replay.local_states.clear()  # as in another process
    stale = games[2]
    key = replay._cache_key(stale, stale.version)
    cache.set(key, {**cache.get(key), "stamp": "another timeline"})
    reads = []
    real_get_many = cache.get_many
    monkeypatch.setattr(cache, "get_many", lambda keys: reads.append(keys) or real_get_many(keys))

    replay.read_states((game, game.version) for game in games)

    assert len(reads) == 1
    assert replay.local_states.get(replay._cache_key(games[0], games[0].version)) is not None
    assert replay.local_states.get(replay._cache_key(games[1], games[1].version)) is not None
    assert replay.local_states.get(key) is None, "an entry of another timeline stays out"
    monkeypatch.setattr(cache, "get", lambda *a, **k: pytest.fail("read here first"))
    for game in games[:2]:
        assert state_without_queries(game) == scratch(game)
    replay.read_states((game, game.version) for game in games[:2])
    assert len(reads) == 1, "nothing read again that is here already"

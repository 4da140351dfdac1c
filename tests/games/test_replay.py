"""The state is always the replay of the events: from scratch, from snapshots, or as played."""

from __future__ import annotations

import pytest
from django.core.cache import cache

import engine
from common.errors import ConflictError
from games import moderation, replay, services
from games.models import Snapshot
from tests.games.helpers import find_undoable_position, play_one, started_game, user_of_seat

pytestmark = pytest.mark.django_db


def play_full_game_with_undos(game) -> dict[int, dict]:
    """Play to the end, taking back a decision now and then; the states as they were played."""
    played: dict[int, dict] = {1: engine.to_json(replay.state_at(game))}
    undo_next = False
    for _ in range(5000):
        game.refresh_from_db()
        if game.status != "active":
            return played
        seat = game.current_seat
        user = user_of_seat(game, seat)
        if undo_next and user is not None:
            try:
                result = services.move_undo(game=game, user=user)
            except ConflictError:
                result = None
            if result is not None:
                played[result.version] = engine.to_json(result.state)
        result = play_one(game)
        played[result.version] = engine.to_json(result.state)
        undo_next = result.version % 7 == 0
    pytest.fail("the game did not end")


def test_replay_from_scratch_and_from_snapshots_agree_at_every_seq_of_a_full_game(
    alice, bob, settings
):
    settings.GAME_SNAPSHOT_EVERY = 5
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 10  # once over, every other one is kept, and the last
    game = started_game(alice, [bob])
    played = play_full_game_with_undos(game)
    game.refresh_from_db()

    assert game.status == "finished"
    kept = list(Snapshot.objects.filter(game=game).values_list("seq", flat=True))
    final = [game.version] if game.version % 10 else []  # games.final_positions
    assert sorted(kept) == list(range(10, game.version + 1, 10)) + final
    kinds = set(game.events.values_list("kind", flat=True))
    assert {"setup", "move", "undo"} <= kinds

    scratch = dict(replay.states_by_seq(game))
    assert sorted(scratch) == list(range(1, game.version + 1))
    for seq in range(1, game.version + 1):
        from_snapshots = engine.to_json(replay.state_at(game, seq, use_cache=False))
        assert from_snapshots == engine.to_json(scratch[seq]), f"they differ after event {seq}"
        if seq in played:
            assert played[seq] == from_snapshots, f"the played state differs after event {seq}"
        assert engine.to_json(replay.state_at(game, seq)) == from_snapshots  # the cached path
    final = engine.to_json(replay.replay_from_scratch(game))
    assert final == engine.to_json(scratch[game.version])
    assert engine.is_over(replay.replay_from_scratch(game))


def test_a_resignation_is_recorded_and_changes_no_state(alice, bob, carol, eager_celery):
    game = started_game(alice, [bob, carol])
    for _ in range(3):
        play_one(game)
    game.refresh_from_db()
    before = engine.to_json(replay.state_at(game, use_cache=False))

    services.game_resign(game=game, user=bob)

    game.refresh_from_db()
    seq = game.events.get(kind="resign").seq
    assert engine.to_json(replay.replay_from_scratch(game, seq)) == before


def test_the_lineage_follows_undo_and_rollback_back_to_earlier_states():
    refs = [
        replay.EventRef(1, "setup", None, None, False),
        replay.EventRef(2, "move", 0, None, False),
        replay.EventRef(3, "move", 0, None, False),
        replay.EventRef(4, "undo", 0, 2, False),
        replay.EventRef(5, "move", 0, None, False),
        replay.EventRef(6, "pause", None, None, False),
        replay.EventRef(7, "rollback", None, 3, False),
        replay.EventRef(8, "move", 1, None, False),
    ]
    lineage = replay.Lineage(refs)

    assert lineage.path(3) == [1, 2, 3]
    assert lineage.path(4) == [1, 2]
    assert lineage.path(5) == [1, 2, 5]
    assert lineage.path(6) == [1, 2, 5]
    assert lineage.path(7) == [1, 2, 3]
    assert lineage.path(8) == [1, 2, 3, 8]


SETUP = replay.EventRef(1, "setup", None, None, False)


@pytest.mark.parametrize(
    "refs",
    [
        [replay.EventRef(1, "move", 0, None, False)],
        [SETUP, replay.EventRef(3, "move", 0, None, False)],
        [SETUP, replay.EventRef(2, "undo", 0, 9, False)],
        [SETUP, SETUP],
    ],
)
def test_a_broken_log_is_reported_not_replayed(refs):
    with pytest.raises(replay.ReplayError):
        replay.Lineage(refs)


def test_a_latest_snapshot_off_the_lineage_is_passed_over_for_an_earlier_one(
    alice, bob, moderator, settings, django_assert_num_queries
):
    """The snapshots' seqs, the latest one's state and the moves after it come in one
    statement; when that latest one was rolled back, the replay reads the deepest one on
    the lineage and the moves after it instead."""
    from games import moderation

    settings.GAME_SNAPSHOT_EVERY = 5
    game = started_game(alice, [bob])
    while game.version < 12:
        play_one(game)
        game.refresh_from_db()
    with django_assert_num_queries(2):  # the lineage; the latest snapshot and the moves after
        at_twelve = replay.state_at(game, 12, use_cache=True)
    assert engine.to_json(at_twelve) == engine.to_json(replay.replay_from_scratch(game, 12))
    moderation.game_rollback(game=game, to_seq=7, moderator=moderator, reason="misclick")
    play_one(game)
    game.refresh_from_db()
    assert set(Snapshot.objects.filter(game=game).values_list("seq", flat=True)) == {5, 10}

    # The lineage, the snapshots (10 is off the lineage), the snapshot at 5, the moves.
    with django_assert_num_queries(4):
        from_snapshot = replay.state_at(game, use_cache=True)
    assert engine.to_json(from_snapshot) == engine.to_json(replay.replay_from_scratch(game))
    with django_assert_num_queries(2):  # the lineage, the latest snapshot with the seqs
        at_ten = replay.state_at(game, 10, use_cache=True)  # no move after it to replay
    assert engine.to_json(at_ten) == engine.to_json(replay.replay_from_scratch(game, 10))


def test_a_snapshot_of_a_position_an_undo_returned_to_replays_the_moves_before_it(
    alice, bob, superuser, settings
):
    """A moderator's rollback to a decision that was undone: the path goes back through the
    undone move, whose seq is below the undo's snapshot, so the moves after that snapshot
    are not all the replay needs and the others are read too."""
    game = started_game(alice, [bob])
    seat, move = find_undoable_position(game)
    game.refresh_from_db()
    user = user_of_seat(game, seat)
    settings.GAME_SNAPSHOT_EVERY = game.version + 2  # only the undo's position is kept
    moved = services.move_submit(game=game, user=user, move=move).version
    services.move_undo(game=game, user=user)
    moderation.game_rollback(game=game, to_seq=moved, moderator=superuser, reason="it stood")
    game.refresh_from_db()
    assert list(
        Snapshot.objects.filter(game=game, seq__gt=moved).values_list("seq", flat=True)
    ) == [moved + 1]
    replay.local_states.clear()
    cache.clear()

    assert engine.to_json(replay.state_at(game)) == engine.to_json(replay.replay_from_scratch(game))

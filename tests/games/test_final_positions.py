"""An ended game keeps its final position as a snapshot (games.final_positions): written as
the game ends, however it ends, spared by the trims, given to older games by the command and
the daily task, and read as the same state the events replay to."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.cache import cache
from django.core.management import call_command

import engine
from games import final_positions, lineage, moderation, replay, services
from games.models import Game, GameStatus, Snapshot, TimeoutPolicy
from games.retention import ended_games_trim
from games.tasks import trim_ended_games
from games.timecontrol.deadlines import turn_deadline_apply
from tests.games.helpers import play_one, play_to_end, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def snapshots(settings):
    settings.GAME_SNAPSHOT_EVERY = 5
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 20


def snapshot_seqs(game: Game) -> list[int]:
    return sorted(Snapshot.objects.filter(game=game).values_list("seq", flat=True))


def from_scratch(game: Game) -> str:
    return engine.to_json(replay.replay_from_scratch(game))


def assert_final_position_kept(game: Game) -> None:
    """The snapshot at the game's version holds the state its events replay to, and the
    other snapshots kept are the sparse set."""
    game.refresh_from_db()
    assert game.status in (GameStatus.FINISHED, GameStatus.ABANDONED)
    seqs = snapshot_seqs(game)
    assert seqs[-1] == game.version
    assert all(seq % 20 == 0 for seq in seqs[:-1]), seqs
    kept = final_positions.final_snapshot(game).values_list("state", flat=True).get()
    assert engine.to_json(engine.from_json(kept)) == from_scratch(game)


def test_a_game_played_to_its_end_keeps_its_final_position(alice, bob, settings):
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 10_000  # beyond any game: the final one alone
    game = play_to_end(started_game(alice, [bob]))
    assert snapshot_seqs(game) == [game.version]
    assert_final_position_kept(game)


def test_a_resignation_and_a_timeout_that_end_the_game_keep_its_final_position(alice, bob, carol):
    resigned = started_game(alice, [bob])
    for _ in range(7):
        play_one(resigned)
    services.game_resign(game=resigned, user=bob)
    assert_final_position_kept(resigned)

    timed_out = started_game(carol, [alice], turn_time_limit=timedelta(hours=1))
    for _ in range(3):
        play_one(timed_out)
    timed_out.refresh_from_db()
    Game.objects.filter(pk=timed_out.pk).update(
        timeout_policy=TimeoutPolicy.ABANDON,
        turn_deadline=timed_out.turn_deadline - timedelta(days=1),
    )
    assert turn_deadline_apply(game_id=timed_out.pk) == TimeoutPolicy.ABANDON
    assert_final_position_kept(timed_out)


def test_a_moderators_abandon_keeps_the_position_after_its_own_event(alice, bob, superuser):
    game = started_game(alice, [bob])
    for _ in range(24):
        play_one(game)

    moderation.game_abandon(game=game, moderator=superuser, reason="cheating")

    assert_final_position_kept(game)  # at the abandon event's seq, the game's version
    assert ended_games_trim().snapshots == 0  # nothing of it is trimmed afterwards
    assert final_positions.write_missing(limit=10) == 0


def test_the_creator_leaving_an_open_game_writes_no_snapshot(alice):
    game = services.game_create(creator=alice, players=2)
    services.game_leave(game=game, user=alice)
    game.refresh_from_db()
    assert game.status == GameStatus.ABANDONED
    assert snapshot_seqs(game) == []


def test_the_final_position_is_read_without_replaying_a_move(alice, bob, monkeypatch):
    game = started_game(alice, [bob])
    for _ in range(13):
        play_one(game)
    services.game_resign(game=game, user=bob)
    game.refresh_from_db()
    starts = []
    replay_path = lineage.replay_path

    def replay_path_seen(tree, path, payloads, *, seed, start):
        starts.append((start[0] if start else None, len(path), len(payloads)))
        return replay_path(tree, path, payloads, seed=seed, start=start)

    monkeypatch.setattr(lineage, "replay_path", replay_path_seen)
    replay.local_states.clear()
    cache.clear()

    state = replay.state_at(game)

    last = len(replay.Lineage(replay.event_refs(game)).path(game.version)) - 1
    assert starts == [(last, last + 1, 0)]  # from the snapshot at the end, no move read
    assert engine.to_json(state) == from_scratch(game)


def test_with_no_snapshots_kept_an_ended_game_keeps_no_final_position(alice, bob, settings):
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 0
    game = started_game(alice, [bob])
    for _ in range(6):
        play_one(game)
    services.game_resign(game=game, user=bob)
    assert snapshot_seqs(game) == []
    assert final_positions.write_missing(limit=10) == 0


def test_games_that_ended_without_one_get_it_from_the_command_and_the_daily_task(alice, bob, carol):
    """Games ended before final positions were kept (their snapshots thinned as then) are
    given theirs oldest first, a limited number at a time, and only once."""
    games = []
    for players in ([alice, bob], [bob, carol], [carol, alice]):
        game = started_game(players[0], players[1:])
        for _ in range(9):
            play_one(game)
        services.game_resign(game=game, user=players[1])
        game.refresh_from_db()
        final_positions.final_snapshot(game).delete()  # as a game ended before
        games.append(game)
    in_play = started_game(alice, [carol])
    for _ in range(9):
        play_one(in_play)
    older_first = sorted(games, key=lambda g: Game.objects.get(pk=g.pk).finished_at)
    assert set(final_positions.missing()) == set(games)

    out = StringIO()
    call_command("keep_final_positions", "--limit", "1", stdout=out)

    assert out.getvalue().strip() == "1 final positions kept"
    assert list(final_positions.missing()) == older_first[1:]
    assert_final_position_kept(older_first[0])
    assert trim_ended_games() == 2  # nothing to trim, two final positions written
    for game in games:
        assert_final_position_kept(game)
    assert snapshot_seqs(in_play) == [5, 10]  # a game in play is left alone
    assert trim_ended_games() == 0


def test_the_daily_task_stops_starting_games_once_its_time_is_spent(alice, bob, monkeypatch):
    """Each game is its own transaction: the run stops between two games, once its
    ``DAILY_SECONDS`` are spent, after at least one, and the next run goes on from there."""
    games = []
    for _ in range(3):
        game = started_game(alice, [bob])
        play_one(game)
        services.game_resign(game=game, user=bob)
        game.refresh_from_db()
        final_positions.final_snapshot(game).delete()
        games.append(game)
    monkeypatch.setattr(final_positions, "DAILY_SECONDS", 0.0)

    assert trim_ended_games() == 1
    assert trim_ended_games() == 1
    assert final_positions.write_missing(limit=10, seconds=3600) == 1
    assert not final_positions.missing().exists()

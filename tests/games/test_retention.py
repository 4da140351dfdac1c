"""What an ended game keeps besides its events (games.retention): the trim of the snapshots
and idempotency keys of games that ended, and that every position still reads the same."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command
from django.utils import timezone

import engine
from games import replay, services
from games.models import Event, Game, GameStatus, IdempotencyKey, Snapshot
from games.retention import ended_games_trim
from games.tasks import trim_ended_games
from tests.games.helpers import play_one, started_game

pytestmark = pytest.mark.django_db


def played(creator, others, moves: int) -> Game:
    """A game with ``moves`` moves played, a snapshot after each move (with
    ``GAME_SNAPSHOT_EVERY`` = 1) and a key for each."""
    game = started_game(creator, others)
    for _ in range(moves):
        play_one(game)
    game.refresh_from_db()
    IdempotencyKey.objects.bulk_create(
        IdempotencyKey(game=game, key=f"k{seq}", seq=seq) for seq in range(2, game.version + 1)
    )
    return game


def ended(game: Game, status: str, hours_ago: float) -> Game:
    """The game as one that ended ``hours_ago`` before this policy thinned anything."""
    Game.objects.filter(pk=game.pk).update(
        status=status, finished_at=timezone.now() - timedelta(hours=hours_ago)
    )
    game.refresh_from_db()
    return game


def snapshot_seqs(game: Game) -> list[int]:
    return sorted(Snapshot.objects.filter(game=game).values_list("seq", flat=True))


def test_ended_games_keep_a_sparse_set_of_snapshots_and_read_every_position_the_same(
    alice, bob, carol, settings
):
    settings.GAME_SNAPSHOT_EVERY = 1
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 4
    finished = played(alice, [bob], 12)
    abandoned = played(bob, [carol], 9)
    in_play = played(carol, [alice], 9)
    before = {
        seq: engine.to_json(replay.state_at(finished, seq, use_cache=False))
        for seq in range(1, finished.version + 1)
    }
    assert snapshot_seqs(finished) == list(range(2, finished.version + 1))  # after each move
    ended(finished, GameStatus.FINISHED, hours_ago=1)
    ended(abandoned, GameStatus.ABANDONED, hours_ago=1)

    trimmed = ended_games_trim()

    def sparse_and_final(game: Game) -> list[int]:
        """Every 4th, and the final position's (games.final_positions)."""
        return sorted({*range(4, game.version + 1, 4), game.version})

    assert snapshot_seqs(finished) == sparse_and_final(finished)
    assert snapshot_seqs(abandoned) == sparse_and_final(abandoned)
    assert snapshot_seqs(in_play) == list(range(2, in_play.version + 1))
    kept = len(sparse_and_final(finished)) + len(sparse_and_final(abandoned))
    assert trimmed.snapshots == finished.version - 1 + abandoned.version - 1 - kept
    for seq, state in before.items():
        assert engine.to_json(replay.state_at(finished, seq, use_cache=False)) == state, seq
    assert ended_games_trim().snapshots == 0  # nothing left to do


def test_with_no_snapshot_kept_a_finished_game_replays_from_its_setup(alice, bob, settings):
    settings.GAME_SNAPSHOT_EVERY = 2
    game = played(alice, [bob], 8)
    last = engine.to_json(replay.state_at(game, use_cache=False))
    ended(game, GameStatus.FINISHED, hours_ago=0)
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 0

    ended_games_trim()

    assert snapshot_seqs(game) == []
    assert engine.to_json(replay.state_at(game, use_cache=False)) == last
    assert Event.objects.filter(game=game).count() == game.version  # the events stay


def test_the_keys_of_an_ended_game_go_a_day_after_it_ended(alice, bob, carol, settings):
    settings.GAME_ENDED_KEYS_KEEP_HOURS = 24
    long_ago = ended(played(alice, [bob], 3), GameStatus.FINISHED, hours_ago=25)
    just_now = ended(played(bob, [carol], 3), GameStatus.ABANDONED, hours_ago=23)
    in_play = played(carol, [alice], 3)
    keys = {g.pk: IdempotencyKey.objects.filter(game=g).count() for g in (just_now, in_play)}

    trimmed = ended_games_trim()

    assert not IdempotencyKey.objects.filter(game=long_ago).exists()
    assert trimmed.keys == long_ago.version - 1
    assert {g.pk: IdempotencyKey.objects.filter(game=g).count() for g in (just_now, in_play)} == (
        keys
    )


def test_the_daily_task_and_the_command_trim_in_batches(alice, bob, settings, monkeypatch):
    monkeypatch.setattr("games.retention.TRIM_BATCH", 2)
    settings.GAME_SNAPSHOT_EVERY = 1
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 0
    first = ended(played(alice, [bob], 4), GameStatus.FINISHED, hours_ago=48)
    second = ended(played(bob, [alice], 4), GameStatus.FINISHED, hours_ago=48)
    out = StringIO()

    call_command("trim_ended_games", "--limit", "3", stdout=out)

    assert out.getvalue().strip() == "3 snapshots and 3 idempotency keys deleted"
    snapshots = first.version - 1 + second.version - 1 - 3
    keys = first.version + second.version - 2 - 3
    assert trim_ended_games() == snapshots + keys
    assert not Snapshot.objects.filter(game__in=[first, second]).exists()
    assert not IdempotencyKey.objects.filter(game__in=[first, second]).exists()
    schedule = django_settings.CELERY_BEAT_SCHEDULE.values()
    assert {"task": "games.trim_ended_games", "schedule": 86400.0} in schedule


def test_snapshots_of_an_earlier_layout_of_the_states_go_in_every_game(alice, bob, carol, settings):
    """After an upgrade that changed ``engine.ENGINE_VERSION`` no reader reads the earlier
    snapshots: the trim deletes them, in games in play as in ended ones, and keeps the
    current ones; an ended game then gets its final position again in the current layout."""
    settings.GAME_SNAPSHOT_EVERY = 2
    settings.GAME_FINISHED_SNAPSHOT_EVERY = 4
    in_play = played(alice, [bob], 6)
    over = played(bob, [carol], 6)
    services.game_resign(game=over, user=carol)
    over.refresh_from_db()
    current = {g.pk: snapshot_seqs(g) for g in (in_play, over)}
    for game in (in_play, over):
        Snapshot.objects.bulk_create(
            Snapshot(game=game, seq=seq, engine_version="0-earlier", state={"layout": "old"})
            for seq in range(1, game.version + 1)
        )

    trimmed = ended_games_trim()

    assert trimmed.snapshots == in_play.version + over.version
    assert {g.pk: snapshot_seqs(g) for g in (in_play, over)} == current
    assert not Snapshot.objects.exclude(engine_version=engine.ENGINE_VERSION).exists()
    assert current[over.pk][-1] == over.version  # the final position, in today's layout

"""The restore drill (issue 20, Operations): a backup of a small database is restored into a
scratch database, every game is replayed there, and a backup that does not replay as recorded
fails the drill. Committed data is needed (pg_dump reads it from another connection)."""

from __future__ import annotations

import shutil
import subprocess
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games.models import Game
from tests.games.helpers import play_one, started_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql" or not shutil.which("pg_restore"),
        reason="the drill restores PostgreSQL dumps (needs the server and its client tools)",
    ),
]


def scratch_exists(name: str) -> bool:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        return cursor.fetchone() is not None


@pytest.fixture
def small_site(alice, bob):
    """Two games with a few moves each, committed."""
    games = [started_game(alice, [bob]), started_game(bob, bots=[1])]
    for game in games:
        for _ in range(6):
            play_one(game)
    return games


def test_a_fresh_backup_restores_and_every_game_replays(small_site):
    out = StringIO()

    call_command("restore_drill", stdout=out)

    report = out.getvalue()
    scratch = f"{connection.settings_dict['NAME']}_restore_drill"
    assert f"into '{scratch}'" in report
    assert "2 rows in games_game" in report
    assert "2 games replayed: all as recorded." in report
    assert report.rstrip().splitlines()[-1].startswith("Restore drill passed in")
    assert not scratch_exists(scratch)  # dropped afterwards


def test_a_backup_that_does_not_replay_fails_the_drill(small_site, tmp_path):
    game = small_site[0]
    # A game row that disagrees with its events (the seat to move), as a bad backup would.
    Game.objects.filter(pk=game.pk).update(current_seat=1 - game.current_seat)
    dump = tmp_path / "backup.sql"
    settings_dict = connection.settings_dict
    subprocess.run(
        ["pg_dump", "--no-owner", "-f", str(dump), "-d", settings_dict["NAME"],
         "-h", settings_dict["HOST"] or "localhost", "-p", str(settings_dict["PORT"] or 5432),
         "-U", settings_dict["USER"] or "postgres"],
        check=True,
        env={"PGPASSWORD": settings_dict["PASSWORD"] or ""},
    )  # fmt: skip
    out = StringIO()

    scratch = f"{settings_dict['NAME']}_restore_drill"
    try:
        with pytest.raises(CommandError, match="does not replay as recorded"):
            call_command("restore_drill", "--dump", str(dump), "--keep", stdout=out)

        assert f"{game.public_id}: " in out.getvalue()
        assert scratch_exists(scratch)  # --keep: left to look into
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{scratch}" WITH (FORCE)')


def test_a_missing_backup_file_is_refused(tmp_path):
    with pytest.raises(CommandError, match="No backup file"):
        call_command("restore_drill", "--dump", str(tmp_path / "absent.dump"), stdout=StringIO())

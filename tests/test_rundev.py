"""``make run`` creates a demo admin with a generated password and says how to log in."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.contrib.auth import get_user_model

from gwt_site.management.commands.rundev import (
    DEMO_ADMIN_USERNAME,
    Command,
    child_environment,
    site_url_for,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def var_dir(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    return tmp_path


def test_the_first_run_creates_a_superuser_with_a_fresh_random_password(var_dir):
    lines = Command()._ensure_demo_admin()

    username, password = (var_dir / "demo-admin.txt").read_text().split()
    user = get_user_model().objects.get(username=username)
    assert username == DEMO_ADMIN_USERNAME
    assert user.is_superuser
    assert user.is_staff
    assert user.check_password(password)
    assert len(password) >= 16
    assert password in lines[0]
    assert (var_dir / "demo-admin.txt").stat().st_mode & 0o077 == 0


def test_no_two_fresh_installs_get_the_same_password(var_dir):
    Command()._ensure_demo_admin()
    first = (var_dir / "demo-admin.txt").read_text()
    get_user_model().objects.all().delete()
    (var_dir / "demo-admin.txt").unlink()

    Command()._ensure_demo_admin()

    assert (var_dir / "demo-admin.txt").read_text() != first


def test_a_new_database_gets_the_password_already_kept_in_var(var_dir):
    Command()._ensure_demo_admin()
    _, password = (var_dir / "demo-admin.txt").read_text().split()
    get_user_model().objects.all().delete()

    lines = Command()._ensure_demo_admin()

    assert get_user_model().objects.get(username=DEMO_ADMIN_USERNAME).check_password(password)
    assert password in lines[0]


def test_later_runs_print_the_stored_password_again(var_dir):
    first = Command()._ensure_demo_admin()

    again = Command()._ensure_demo_admin()

    assert again[0] == first[0]
    assert get_user_model().objects.filter(username=DEMO_ADMIN_USERNAME).count() == 1


def test_a_changed_password_is_not_printed(var_dir):
    Command()._ensure_demo_admin()
    user = get_user_model().objects.get(username=DEMO_ADMIN_USERNAME)
    user.set_password("chosen-by-the-owner")
    user.save()

    lines = Command()._ensure_demo_admin()

    assert "the password you set" in lines[0]
    assert "chosen-by-the-owner" not in " ".join(lines)


def test_the_web_server_is_the_asgi_application_under_uvicorn_reloading_the_apps_only():
    from django.conf import settings

    from gwt_site.management.commands.rundev import RELOAD_DIRS, web_command

    argv = web_command("/venv/python", "127.0.0.1", 8001)

    assert argv[:4] == ["/venv/python", "-m", "uvicorn", "gwt_site.asgi:application"]
    assert argv[argv.index("--host") + 1 : argv.index("--host") + 4] == [
        "127.0.0.1",
        "--port",
        "8001",
    ]
    assert "--reload" in argv
    watched = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--reload-dir"]
    assert watched == list(RELOAD_DIRS)
    assert all((settings.BASE_DIR / folder).is_dir() for folder in watched)  # not .venv
    # Open live streams must not keep Ctrl-C waiting.
    assert int(argv[argv.index("--timeout-graceful-shutdown") + 1]) <= 5


# --- make run ADDR=host:port: every link follows the address ---------------------------------

ADDR_URL = "http://127.0.0.1:8123"


@pytest.mark.parametrize(
    ("host", "port", "url"),
    [
        ("127.0.0.1", 8123, "http://127.0.0.1:8123"),
        ("localhost", 9000, "http://localhost:9000"),
        ("0.0.0.0", 8001, "http://127.0.0.1:8001"),
        ("::1", 8002, "http://[::1]:8002"),
    ],
)
def test_the_site_url_follows_the_address_the_server_listens_on(host, port, url):
    assert site_url_for(host, port) == url
    assert child_environment({"PATH": "/bin"}, host, port)["SITE_URL"] == url


def test_a_site_url_set_explicitly_is_kept(monkeypatch):
    env = child_environment({"SITE_URL": "https://gwt.example.org"}, "127.0.0.1", 8123)

    assert env["SITE_URL"] == "https://gwt.example.org"
    assert env["PYTHONUNBUFFERED"] == "1"


def test_the_children_of_make_run_build_links_on_the_address(settings):
    """A child process started with rundev's environment reads SITE_URL from it: links,
    allowed hosts and trusted origins all name the address given to ``--addr``."""
    environ = {k: v for k, v in os.environ.items() if k not in {"SITE_URL", "ALLOWED_HOSTS"}}
    env = child_environment({**environ, "GWT_ENV": "test"}, "127.0.0.1", 8123)
    code = (
        "from django.conf import settings; from common.links import absolute; "
        "print(absolute('/games/')); print(settings.CSRF_TRUSTED_ORIGINS[0])"
    )
    out = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", code],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.split()

    assert out == [f"{ADDR_URL}/games/", ADDR_URL]


def test_confirmation_invite_and_turn_links_use_the_site_url(settings, client, alice, bob):
    from django.core import mail

    from accounts import services as account_services
    from games import services
    from notifications.delivery import deliver_due
    from notifications.models import Kind, Notification
    from notifications.outbox import invitation_send
    from tests.games.helpers import started_game
    from tests.notifications.helpers import pass_turn

    settings.SITE_URL = ADDR_URL
    user = get_user_model().objects.create_user("dora", "dora@example.com", "x" * 12)
    account_services.confirmation_send(user=user)
    open_game = services.game_create(creator=alice, players=3)
    client.force_login(alice)
    room = client.get(f"/games/join/{open_game.public_id}/").content.decode()
    invitation_send(game=open_game, inviter=alice, invitee=bob)
    game = started_game(alice, [bob])
    pass_turn(game)
    assert Notification.objects.filter(kind=Kind.YOUR_TURN, recipient=bob).exists()
    deliver_due()

    assert f'value="{ADDR_URL}/games/join/{open_game.public_id}/"' in room
    by_subject = {message.subject: message.body for message in mail.outbox}
    confirmation = next(body for subject, body in by_subject.items() if "onfirm" in subject)
    invitation = next(body for subject, body in by_subject.items() if "invites you" in subject)
    turn = next(body for subject, body in by_subject.items() if "turn" in subject.lower())
    assert f"{ADDR_URL}/accounts/confirm/" in confirmation
    assert f"{ADDR_URL}/games/join/{open_game.public_id}/" in invitation
    assert f"{ADDR_URL}/games/{game.public_id}/" in turn
    for message in mail.outbox:
        assert "127.0.0.1:8000" not in message.body, message.subject

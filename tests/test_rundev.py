"""``make run`` creates a demo admin with a generated password and says how to log in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from gwt_site.management.commands.rundev import DEMO_ADMIN_USERNAME, Command

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

"""``make run``: the whole service on one machine, in one terminal.

Starts the ASGI server (uvicorn, reloading when the code changes: the pages and their live
streams, ``games.web.live``), a Celery worker and Celery beat as child processes,
prefixes their output, prints where to go and how to log in, and stops them all on Ctrl-C
(or SIGTERM). If any of them dies, the others are stopped too.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

DEMO_ADMIN_USERNAME = "admin"
STOP_GRACE_SECONDS = 10.0
# The folders whose Python files restart the web server when they change (not .venv).
RELOAD_DIRS = ("accounts", "common", "engine", "games", "gwt_site", "notifications")
# Open live streams never end by themselves: the server closes them after this on Ctrl-C.
SHUTDOWN_SECONDS = 2


@dataclass
class Child:
    name: str
    argv: list[str]
    # Stop the whole process group (the dev server's autoreloader runs the server in a child
    # process); Celery's main process stops its own pool processes.
    stop_group: bool = False
    process: subprocess.Popen[bytes] | None = None
    pump: threading.Thread | None = field(default=None, repr=False)


class Command(BaseCommand):
    help = "Run the web server, a Celery worker and Celery beat together (development)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--addr", default="127.0.0.1:8000", help="host:port for the server")

    def handle(self, *args: Any, **options: Any) -> None:
        host, _, port_text = options["addr"].rpartition(":")
        if not host or not port_text.isdigit():
            raise CommandError("--addr must look like 127.0.0.1:8000")
        port = int(port_text)
        if _port_answers(host, port):
            raise CommandError(
                f"Something already listens on {host}:{port}. Stop it, or choose another "
                "address: make run ADDR=127.0.0.1:8001"
            )
        settings.VAR_DIR.mkdir(parents=True, exist_ok=True)
        Path(settings.EMAIL_FILE_PATH).mkdir(parents=True, exist_ok=True)
        login_lines = self._ensure_demo_admin()

        python = sys.executable
        children = [
            Child("web", web_command(python, host, port), stop_group=True),
            Child(
                "worker",
                [python, "-m", "celery", "-A", "gwt_site", "worker", "--loglevel=INFO",
                 "--concurrency=1", "--without-gossip", "--without-mingle"],
            ),
            Child(
                "beat",
                [python, "-m", "celery", "-A", "gwt_site", "beat", "--loglevel=INFO",
                 f"--schedule={settings.CELERY_BEAT_SCHEDULE_FILENAME}", "--pidfile="],
            ),
        ]  # fmt: skip

        stop = threading.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: stop.set())

        env = child_environment(os.environ, host, port)
        for child in children:
            # Own session: Ctrl-C reaches only this command, which then stops each child
            # (and the dev server's autoreloader) once, cleanly.
            child.process = subprocess.Popen(
                child.argv,
                cwd=settings.BASE_DIR,
                env=env,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
            child.pump = threading.Thread(
                target=_pump, args=(child.name, child.process.stdout), daemon=True
            )
            child.pump.start()

        url = f"http://{host}:{port}/"
        if env["SITE_URL"] != site_url_for(host, port):
            login_lines.append(f"Links in emails and pages use SITE_URL={env['SITE_URL']}")
        if _wait_for_port(host, port, timeout=30.0, stop=stop):
            # Prove the worker path once at start; beat repeats it every HEARTBEAT_INTERVAL.
            from notifications.tasks import heartbeat

            heartbeat.delay()
            self._banner(url, login_lines)

        exit_code = 0
        while not stop.is_set():
            dead = [
                (c.name, c.process.returncode)
                for c in children
                if c.process and c.process.poll() is not None
            ]
            if dead:
                names = ", ".join(f"{name} (exit {code})" for name, code in dead)
                self.stderr.write(f"Stopped: {names}. Stopping the others.")
                exit_code = 1
                break
            stop.wait(0.5)

        _stop_all(children)
        self.stdout.write("All processes stopped.")
        if exit_code:
            sys.exit(exit_code)

    def _ensure_demo_admin(self) -> list[str]:
        """Create the demo admin on first run with a random password; say how to log in.

        The password is generated once per ``var/`` and kept there, so that it can be shown
        again (and is reused if the admin is created in another database, e.g. PostgreSQL).
        """
        credentials = settings.VAR_DIR / "demo-admin.txt"
        stored = credentials.read_text(encoding="utf-8").split() if credentials.exists() else []
        stored_password = stored[1] if len(stored) == 2 and stored[0] == DEMO_ADMIN_USERNAME else ""
        user_model = get_user_model()
        user = user_model.objects.filter(username=DEMO_ADMIN_USERNAME).first()
        if user is None:
            password = stored_password or secrets.token_urlsafe(12)
            user_model.objects.create_superuser(
                username=DEMO_ADMIN_USERNAME, email="admin@localhost", password=password
            )
            if not stored_password:
                credentials.write_text(f"{DEMO_ADMIN_USERNAME}\n{password}\n", encoding="utf-8")
                credentials.chmod(0o600)
            return [
                f'Log in as "{DEMO_ADMIN_USERNAME}" with password: {password}',
                f"(new demo admin; the password is kept in {_relative(credentials)})",
            ]
        if stored_password and user.check_password(stored_password):
            return [f'Log in as "{DEMO_ADMIN_USERNAME}" with password: {stored_password}']
        return [
            f'Log in as "{DEMO_ADMIN_USERNAME}" with the password you set. To choose a new '
            f"one: .venv/bin/python manage.py changepassword {DEMO_ADMIN_USERNAME}",
        ]

    def _banner(self, url: str, login_lines: list[str]) -> None:
        rule = "=" * 72
        lines = [
            rule,
            f"Great Western Trail is running at {url}",
            f"Admin (moderation): {url}admin/",
            *login_lines,
            f"Health: {url}healthz   Emails are written to {_relative(settings.EMAIL_FILE_PATH)}/"
            if settings.EMAIL_BACKEND.endswith("filebased.EmailBackend")
            else f"Health: {url}healthz",
            "Web server, Celery worker and Celery beat are running. Ctrl-C stops them all.",
            rule,
        ]
        self.stdout.write("\n".join(lines))
        self.stdout.flush()


def web_command(python: str, host: str, port: int) -> list[str]:
    """The web server of ``make run``: the ASGI application under uvicorn, which serves the
    pages (static files through WhiteNoise) and their live streams at one address, and
    restarts when the code changes (its reloader runs the server in a child process)."""
    reload_dirs = [arg for folder in RELOAD_DIRS for arg in ("--reload-dir", folder)]
    return [
        python, "-m", "uvicorn", "gwt_site.asgi:application", "--host", host,
        "--port", str(port), "--reload", *reload_dirs,
        "--timeout-graceful-shutdown", str(SHUTDOWN_SECONDS), "--log-level", "info",
    ]  # fmt: skip


# Addresses a server listens on that no browser can open: links name this machine instead.
_WILDCARD_HOSTS = {"0.0.0.0", "::", "[::]", "*"}


def site_url_for(host: str, port: int) -> str:
    """The site's public address when the server listens on ``host:port`` (``--addr``).

    Links in emails and on pages (confirmation, invite, turn emails) are built from
    SITE_URL, so a server moved to another port must take SITE_URL along, or every link
    points at the default one. A wildcard address is opened as 127.0.0.1.
    """
    if host in _WILDCARD_HOSTS:
        host = "127.0.0.1"
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"  # an IPv6 address in a URL
    return f"http://{host}:{port}"


def child_environment(environ: Mapping[str, str], host: str, port: int) -> dict[str, str]:
    """The environment of the web server, the worker and beat: SITE_URL follows ``--addr``
    unless it was set explicitly (a proxy in front, a public name)."""
    env = {**environ, "PYTHONUNBUFFERED": "1"}
    if not env.get("SITE_URL"):
        env["SITE_URL"] = site_url_for(host, port)
    return env


def _relative(path: str | Path) -> str:
    try:
        return str(Path(path).relative_to(settings.BASE_DIR))
    except ValueError:
        return str(path)


def _pump(name: str, stream: IO[bytes] | None) -> None:
    if stream is None:
        return
    prefix = f"[{name:<6}] "
    for raw in iter(stream.readline, b""):
        sys.stdout.write(prefix + raw.decode("utf-8", "replace").rstrip("\n") + "\n")
        sys.stdout.flush()


def _port_answers(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def _wait_for_port(host: str, port: int, *, timeout: float, stop: threading.Event) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not stop.is_set():
        if _port_answers(host, port):
            return True
        stop.wait(0.3)
    return False


def _stop_all(children: list[Child]) -> None:
    running = [c for c in children if c.process and c.process.poll() is None]
    for child in running:
        assert child.process is not None
        with contextlib.suppress(ProcessLookupError):
            if child.stop_group:
                os.killpg(child.process.pid, signal.SIGTERM)
            else:
                child.process.terminate()
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for child in running:
        assert child.process is not None
        try:
            child.process.wait(timeout=max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            _signal_group(child, signal.SIGKILL)
            child.process.wait()
    for child in children:
        if child.pump is not None:
            child.pump.join(timeout=2)


def _signal_group(child: Child, signum: int) -> None:
    assert child.process is not None
    with contextlib.suppress(ProcessLookupError):
        os.killpg(child.process.pid, signum)

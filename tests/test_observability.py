"""Logs as JSON lines in production, and errors reported to Sentry only when SENTRY_DSN is
set (issue 20, Operations). Each production case runs in a fresh interpreter, as a server
process starts: logging and Sentry are process-wide."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.test_settings_env import load_settings

ROOT = Path(__file__).resolve().parent.parent

# What a production process does: start Django, then log (an error with its traceback too).
LOGGING_SCRIPT = """
import logging, django
django.setup()
log = logging.getLogger("games.ledger")
log.info("game %s advanced", "k3x9", extra={"game": "k3x9", "seq": 12})
try:
    raise ValueError("the marker error")
except ValueError:
    log.exception("it failed\\non two lines")
"""


def run_production(script: str, tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("SENTRY_", "LOG_", "DJANGO_", "GWT_"))
    }
    environ.update(
        GWT_ENV="production",
        SECRET_KEY="k" * 50,
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        VAR_DIR=str(tmp_path / "var"),
        DJANGO_SETTINGS_MODULE="gwt_site.settings",
        PYTHONPATH=str(ROOT),
        **env,
    )
    environ.pop("REDIS_URL", None)
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )


def test_production_logs_one_json_object_per_line(tmp_path):
    result = run_production(LOGGING_SCRIPT, tmp_path)

    lines = result.stderr.strip().splitlines()
    records = [json.loads(line) for line in lines]  # every line is one JSON object
    info, error = records[-2:]
    assert info["message"] == "game k3x9 advanced"
    assert (info["level"], info["logger"]) == ("INFO", "games.ledger")
    assert (info["game"], info["seq"]) == ("k3x9", 12)
    assert info["time"].endswith("+00:00")
    assert isinstance(info["process"], int)
    assert error["level"] == "ERROR"
    assert error["message"] == "it failed\non two lines"
    assert "ValueError: the marker error" in error["exc_info"]
    assert len(lines) == len(records)


def test_log_format_plain_keeps_text_lines_in_production(tmp_path):
    result = run_production(LOGGING_SCRIPT, tmp_path, LOG_FORMAT="plain")

    assert " INFO games.ledger: game k3x9 advanced" in result.stderr
    with pytest.raises(json.JSONDecodeError):
        json.loads(result.stderr.strip().splitlines()[0])


def test_development_logs_plain_text_unless_told(monkeypatch, tmp_path):
    plain = load_settings(monkeypatch, tmp_path, GWT_ENV="development")
    json_lines = load_settings(monkeypatch, tmp_path, GWT_ENV="development", LOG_FORMAT="json")

    assert plain["LOG_FORMAT"] == "plain"
    assert "()" not in plain["LOGGING"]["formatters"]["default"]
    assert json_lines["LOGGING"]["formatters"]["default"]["()"] == (
        "pythonjsonlogger.json.JsonFormatter"
    )


# --- Sentry ----------------------------------------------------------------------------------


class _Envelopes(BaseHTTPRequestHandler):
    received: list[tuple[str, bytes]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if self.headers.get("Content-Encoding") == "gzip":
            body = gzip.decompress(body)
        self.received.append((self.path, body))
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def sentry_server():
    """A stand-in for Sentry on loopback that keeps the envelopes it is sent."""
    _Envelopes.received = []
    server = HTTPServer(("127.0.0.1", 0), _Envelopes)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


SENTRY_SCRIPT = """
import logging, django, sentry_sdk
django.setup()
from django.conf import settings
print("enabled", settings.SENTRY_ENABLED)
try:
    raise RuntimeError("the sentry marker")
except RuntimeError:
    logging.getLogger("games.tasks").exception("a task failed")
sentry_sdk.flush(timeout=10)
"""


def test_errors_go_to_sentry_when_a_dsn_is_set(tmp_path, sentry_server):
    port = sentry_server.server_address[1]
    result = run_production(
        SENTRY_SCRIPT, tmp_path, SENTRY_DSN=f"http://publickey@127.0.0.1:{port}/42"
    )

    assert "enabled True" in result.stdout
    [(path, body)] = [item for item in _Envelopes.received if b"the sentry marker" in item[1]]
    assert path == "/api/42/envelope/"
    event = json.loads(body.splitlines()[2])  # envelope header, item header, event
    assert event["environment"] == "production"
    assert event["exception"]["values"][-1]["value"] == "the sentry marker"
    assert "user" not in event  # no personal data


def test_sentry_stays_off_without_a_dsn(monkeypatch, tmp_path):
    import sentry_sdk

    values = load_settings(monkeypatch, tmp_path, GWT_ENV="development")

    assert values["SENTRY_ENABLED"] is False
    assert not sentry_sdk.get_client().is_active()

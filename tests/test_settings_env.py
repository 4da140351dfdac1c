"""Settings come from the environment: the typed readers, the URL parsers, and settings.py."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured

from gwt_site.env import (
    env_bool,
    env_choice,
    env_int,
    env_list,
    env_required,
    env_str,
    parse_database_url,
    parse_email_url,
    redact_url,
)

ROOT = Path(__file__).resolve().parent.parent
SETTINGS_FILE = ROOT / "gwt_site" / "settings.py"
BASE = Path("/srv/gwt")

SETTINGS_VARIABLES = [
    "GWT_ENV",
    "VAR_DIR",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
    "TRUST_X_FORWARDED_PROTO",
    "TRUSTED_PROXY_COUNT",
    "ACCOUNT_EMAIL_RATE_PER_ADDRESS",
    "ACCOUNT_EMAIL_RATE_PER_IP",
    "ACCOUNT_EMAIL_RATE_WINDOW",
    "DATABASE_URL",
    "DATABASE_MIGRATE_URL",
    "REDIS_URL",
    "EMAIL_URL",
    "EMAIL_BACKEND",
    "DEFAULT_FROM_EMAIL",
    "SERVER_EMAIL",
    "SITE_URL",
    "CELERY_TASK_TIME_LIMIT",
    "CELERY_TASK_SOFT_TIME_LIMIT",
    "HEARTBEAT_INTERVAL",
    "LOG_LEVEL",
    "GWT_EDITIONS",
    "LOG_FORMAT",
    "SENTRY_DSN",
    "SENTRY_ENVIRONMENT",
    "SENTRY_RELEASE",
    "SENTRY_TRACES_SAMPLE_RATE",
    "METRICS_TOKEN",
    "METRICS_PORT",
    "DATABASE_HEALTH_CHECK_IDLE",
    "DATABASE_PARALLEL_WORKERS",
    "NOTIFY_SMTP_CONNECTIONS",
]


def load_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, **env: str) -> dict[str, Any]:
    """Run settings.py afresh with exactly ``env`` (plus VAR_DIR in tmp_path) set."""
    for name in SETTINGS_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("VAR_DIR", str(tmp_path / "var"))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(SETTINGS_FILE))


# --- typed readers ------------------------------------------------------------------------


def test_env_str_falls_back_to_the_default_when_unset_or_empty():
    assert env_str("X", "d", {}) == "d"
    assert env_str("X", "d", {"X": ""}) == "d"
    assert env_str("X", "d", {"X": "v"}) == "v"


def test_env_required_names_the_missing_variable():
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        env_required("SECRET_KEY", {})
    assert env_required("SECRET_KEY", {"SECRET_KEY": "k"}) == "k"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("YES", True), ("on", True), ("0", False), ("False", False),
     ("no", False), ("off", False), ("", False)],
)  # fmt: skip
def test_env_bool_reads_the_usual_spellings(raw: str, expected: bool):
    assert env_bool("B", not expected, {"B": raw}) is expected


def test_env_bool_rejects_anything_else_and_defaults_when_unset():
    assert env_bool("B", True, {}) is True
    with pytest.raises(ImproperlyConfigured, match="not a boolean"):
        env_bool("B", False, {"B": "maybe"})


def test_env_int_parses_integers_and_rejects_words():
    assert env_int("N", 7, {}) == 7
    assert env_int("N", 7, {"N": " 42 "}) == 42
    with pytest.raises(ImproperlyConfigured, match="not an integer"):
        env_int("N", 7, {"N": "forty"})


def test_env_list_splits_on_commas_and_drops_blanks():
    assert env_list("L", ["a"], {}) == ["a"]
    assert env_list("L", ["a"], {"L": " x.org, ,y.org ,"}) == ["x.org", "y.org"]


def test_env_choice_accepts_only_its_choices():
    assert env_choice("E", ("a", "b"), "a", {"E": "B"}) == "b"
    with pytest.raises(ImproperlyConfigured, match="must be one of"):
        env_choice("E", ("a", "b"), "a", {"E": "c"})


# --- URLs ----------------------------------------------------------------------------------


def test_a_postgres_url_gives_every_connection_field_and_its_options():
    db = parse_database_url(
        "postgres://gwt:p%40ss@db.internal:6543/gwt_prod?sslmode=require&conn_max_age=60", BASE
    )
    assert db == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "gwt_prod",
        "USER": "gwt",
        "PASSWORD": "p@ss",
        "HOST": "db.internal",
        "PORT": "6543",
        "CONN_MAX_AGE": 60,
        "OPTIONS": {"sslmode": "require"},
    }


def test_a_postgres_url_without_a_database_name_is_refused():
    with pytest.raises(ImproperlyConfigured, match="names no database"):
        parse_database_url("postgresql://u:secret@h:5432/", BASE)


def test_a_relative_sqlite_url_is_under_the_project_and_has_a_file_test_database():
    db = parse_database_url("sqlite:///var/db.sqlite3", BASE)
    assert db["ENGINE"] == "django.db.backends.sqlite3"
    assert db["NAME"] == "/srv/gwt/var/db.sqlite3"
    assert db["TEST"] == {"NAME": "/srv/gwt/var/test-db.sqlite3"}


def test_an_absolute_sqlite_url_and_an_in_memory_one():
    assert parse_database_url("sqlite:////tmp/x.db", BASE)["NAME"] == "/tmp/x.db"
    assert parse_database_url("sqlite://:memory:", BASE)["NAME"] == ":memory:"


def _two_writers_that_read_first(path: Path, query: str, options: dict[str, Any]) -> list[str]:
    """Two connections to one SQLite file, each reading and then writing in a transaction
    (``atomic``), the second committing while the first holds its read: what each ended
    with."""
    import threading
    import time

    from django.db import connections, transaction

    alias = f"lock_check_{path.stem}"
    settings = parse_database_url(f"sqlite:///{path}{query}", BASE)
    settings["OPTIONS"] = {**settings["OPTIONS"], **options}
    configured = connections.configure_settings({"default": settings})["default"]
    connections.settings[alias] = configured
    outcomes: list[str] = []

    def second_writer() -> None:
        try:
            with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
                cursor.execute("SELECT count(*) FROM t")
                cursor.execute("INSERT INTO t VALUES (2)")
            outcomes.append("second committed")
        except Exception as exc:  # the outcome is the assertion
            outcomes.append(f"second: {exc}")
        finally:
            connections[alias].close()

    try:
        with connections[alias].cursor() as cursor:
            cursor.execute("CREATE TABLE t (n integer)")
        other = threading.Thread(target=second_writer)
        try:
            with transaction.atomic(using=alias), connections[alias].cursor() as cursor:
                cursor.execute("SELECT count(*) FROM t")
                other.start()
                time.sleep(0.5)  # the second writes and waits to commit meanwhile
                cursor.execute("INSERT INTO t VALUES (1)")
            outcomes.append("first committed")
        except Exception as exc:  # the outcome is the assertion
            outcomes.append(f"first: {exc}")
        other.join()
    finally:
        connections[alias].close()
        del connections[alias]
        del connections.settings[alias]
    return sorted(outcomes)


def test_sqlite_transactions_take_the_write_lock_first_so_concurrent_writers_wait(
    tmp_path, django_db_blocker
):
    """The development service writes from the web, the worker and beat at once. With
    SQLite's deferred transactions, a transaction that reads and then writes while another
    commits fails at once ("database is locked"); immediate ones wait their turn."""
    assert parse_database_url("sqlite:///var/db.sqlite3", BASE)["OPTIONS"] == {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    assert parse_database_url("sqlite:///var/db.sqlite3?timeout=5", BASE)["OPTIONS"] == {
        "transaction_mode": "IMMEDIATE",
        "timeout": 5.0,  # seconds, as sqlite3.connect takes them (it refuses text)
    }
    with pytest.raises(ImproperlyConfigured, match="timeout must be a number of seconds"):
        parse_database_url("sqlite:///var/db.sqlite3?timeout=soon", BASE)
    with django_db_blocker.unblock():  # connections of its own to files of its own
        immediate = _two_writers_that_read_first(tmp_path / "a.sqlite3", "?timeout=5", {})
        deferred = _two_writers_that_read_first(
            tmp_path / "b.sqlite3", "", {"transaction_mode": None}
        )
    assert immediate == ["first committed", "second committed"]
    assert "first: database is locked" in deferred


def test_an_unknown_database_scheme_is_refused():
    with pytest.raises(ImproperlyConfigured, match="not supported"):
        parse_database_url("mysql://u@h/db", BASE)


def test_an_smtp_url_with_starttls():
    email = parse_email_url("smtp://mailer:s%3Acret@smtp.example.org:587?tls=1", BASE)
    assert email == {
        "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": 587,
        "EMAIL_HOST_USER": "mailer",
        "EMAIL_HOST_PASSWORD": "s:cret",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": 10,
    }


def test_an_smtps_url_uses_implicit_tls_on_port_465():
    email = parse_email_url("smtps://u:p@smtp.example.org", BASE)
    assert (email["EMAIL_PORT"], email["EMAIL_USE_SSL"], email["EMAIL_USE_TLS"]) == (
        465,
        True,
        False,
    )


def test_file_console_and_locmem_email_urls():
    assert parse_email_url("file://var/mail", BASE)["EMAIL_FILE_PATH"] == "/srv/gwt/var/mail"
    assert parse_email_url("file:///tmp/mail", BASE)["EMAIL_FILE_PATH"] == "/tmp/mail"
    assert parse_email_url("console://", BASE)["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert parse_email_url("locmem://", BASE)["EMAIL_BACKEND"].endswith("locmem.EmailBackend")
    with pytest.raises(ImproperlyConfigured):
        parse_email_url("carrier-pigeon://coop", BASE)


def test_redact_url_hides_only_the_password():
    assert redact_url("redis://:hunter2@cache:6379/0") == "redis://:***@cache:6379/0"
    assert redact_url("postgres://u:pw@db/x") == "postgres://u:***@db/x"
    assert redact_url("redis://cache:6379/0") == "redis://cache:6379/0"


# --- settings.py read from the environment -------------------------------------------------


def test_production_refuses_to_start_without_a_secret_key(monkeypatch, tmp_path):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set"):
        load_settings(monkeypatch, tmp_path, GWT_ENV="production")


def test_production_is_assumed_when_gwt_env_is_unset(monkeypatch, tmp_path):
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY"):
        load_settings(monkeypatch, tmp_path)


def test_production_uses_the_given_secret_key_with_debug_off(monkeypatch, tmp_path):
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="production", SECRET_KEY="from-env")
    assert s["SECRET_KEY"] == "from-env"
    assert s["DEBUG"] is False
    assert s["STORAGES"]["staticfiles"]["BACKEND"].startswith("whitenoise.")


def test_development_generates_a_secret_key_into_var_once_and_keeps_it(monkeypatch, tmp_path):
    first = load_settings(monkeypatch, tmp_path, GWT_ENV="development")
    second = load_settings(monkeypatch, tmp_path, GWT_ENV="development")
    key_file = tmp_path / "var" / "secret_key"
    assert len(first["SECRET_KEY"]) >= 50
    assert first["SECRET_KEY"] == second["SECRET_KEY"] == key_file.read_text().strip()
    assert key_file.stat().st_mode & 0o077 == 0


def test_debug_is_off_unless_asked_for(monkeypatch, tmp_path):
    assert load_settings(monkeypatch, tmp_path, GWT_ENV="development")["DEBUG"] is False
    assert load_settings(monkeypatch, tmp_path, GWT_ENV="development", DEBUG="1")["DEBUG"] is True


def test_allowed_hosts_and_csrf_origins_follow_site_url_unless_given(monkeypatch, tmp_path):
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="test", SITE_URL="https://gwt.example.org/")
    assert s["SITE_URL"] == "https://gwt.example.org"
    assert "gwt.example.org" in s["ALLOWED_HOSTS"]
    assert s["CSRF_TRUSTED_ORIGINS"] == ["https://gwt.example.org"]
    assert s["SESSION_COOKIE_SECURE"] is True
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="test", ALLOWED_HOSTS="a.org,b.org")
    assert s["ALLOWED_HOSTS"] == ["a.org", "b.org"]


def test_a_site_url_without_a_host_is_refused(monkeypatch, tmp_path):
    with pytest.raises(ImproperlyConfigured, match="SITE_URL"):
        load_settings(monkeypatch, tmp_path, GWT_ENV="test", SITE_URL="gwt.example.org")


def test_the_proxy_header_is_trusted_only_when_asked(monkeypatch, tmp_path):
    assert "SECURE_PROXY_SSL_HEADER" not in load_settings(monkeypatch, tmp_path, GWT_ENV="test")
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="test", TRUST_X_FORWARDED_PROTO="1")
    assert s["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")


def test_account_email_limits_and_trusted_proxies_have_defaults_and_can_be_set(
    monkeypatch, tmp_path
):
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="test")
    assert (
        s["ACCOUNT_EMAIL_RATE_PER_ADDRESS"],
        s["ACCOUNT_EMAIL_RATE_PER_IP"],
        s["ACCOUNT_EMAIL_RATE_WINDOW"],
        s["TRUSTED_PROXY_COUNT"],
    ) == (3, 20, 3600, 0)
    s = load_settings(
        monkeypatch,
        tmp_path,
        GWT_ENV="test",
        ACCOUNT_EMAIL_RATE_PER_ADDRESS="5",
        ACCOUNT_EMAIL_RATE_PER_IP="0",
        ACCOUNT_EMAIL_RATE_WINDOW="600",
        TRUSTED_PROXY_COUNT="1",
    )
    assert (
        s["ACCOUNT_EMAIL_RATE_PER_ADDRESS"],
        s["ACCOUNT_EMAIL_RATE_PER_IP"],
        s["ACCOUNT_EMAIL_RATE_WINDOW"],
        s["TRUSTED_PROXY_COUNT"],
    ) == (5, 0, 600, 1)
    with pytest.raises(ImproperlyConfigured, match="ACCOUNT_EMAIL_RATE_WINDOW"):
        load_settings(monkeypatch, tmp_path, GWT_ENV="test", ACCOUNT_EMAIL_RATE_WINDOW="0")


def test_both_editions_are_offered_unless_the_operator_restricts_them(monkeypatch, tmp_path):
    assert load_settings(monkeypatch, tmp_path, GWT_ENV="test")["GWT_EDITIONS"] == ["1e", "2e"]
    assert load_settings(monkeypatch, tmp_path, GWT_ENV="test", GWT_EDITIONS="1e")[
        "GWT_EDITIONS"
    ] == ["1e"]
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="test", GWT_EDITIONS="2e, 1e")
    assert s["GWT_EDITIONS"] == ["2e", "1e"]


def test_without_urls_the_database_is_sqlite_and_the_broker_a_folder_under_var(
    monkeypatch, tmp_path
):
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="development")
    var = tmp_path / "var"
    assert s["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert s["DATABASES"]["default"]["NAME"] == str(var / "db.sqlite3")
    assert s["CELERY_BROKER_URL"].startswith("filesystem://")
    options = s["CELERY_BROKER_TRANSPORT_OPTIONS"]
    assert options["data_folder_in"] == options["data_folder_out"] == str(var / "broker" / "queue")
    assert (var / "broker" / "queue").is_dir()
    assert s["CACHES"]["default"]["BACKEND"].endswith("LocMemCache")
    assert s["EMAIL_BACKEND"].endswith("filebased.EmailBackend")
    assert s["EMAIL_FILE_PATH"] == str(var / "mail")


def test_database_url_selects_postgresql(monkeypatch, tmp_path):
    s = load_settings(
        monkeypatch, tmp_path, GWT_ENV="test", DATABASE_URL="postgres://u:p@db:5432/gwt"
    )
    # Django's backend with a cheaper health check of busy connections.
    assert s["DATABASES"]["default"]["ENGINE"] == "gwt_site.postgresql"
    assert s["DATABASES"]["default"]["HOST"] == "db"


def test_redis_url_is_the_broker_and_the_cache(monkeypatch, tmp_path):
    s = load_settings(monkeypatch, tmp_path, GWT_ENV="test", REDIS_URL="redis://cache:6379/2")
    assert s["CELERY_BROKER_URL"] == "redis://cache:6379/2"
    assert s["CACHES"]["default"]["BACKEND"] == "gwt_site.cache.RedisCache"
    assert s["CACHES"]["default"]["LOCATION"] == "redis://cache:6379/2"


def test_email_url_and_email_backend_and_sender(monkeypatch, tmp_path):
    s = load_settings(
        monkeypatch,
        tmp_path,
        GWT_ENV="test",
        EMAIL_URL="smtp://u:p@mail:2525",
        DEFAULT_FROM_EMAIL="GWT <turns@example.org>",
    )
    assert s["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert (s["EMAIL_HOST"], s["EMAIL_PORT"], s["EMAIL_HOST_PASSWORD"]) == ("mail", 2525, "p")
    assert s["DEFAULT_FROM_EMAIL"] == s["SERVER_EMAIL"] == "GWT <turns@example.org>"
    s = load_settings(
        monkeypatch, tmp_path, GWT_ENV="test", EMAIL_BACKEND="anymail.backends.test.EmailBackend"
    )
    assert s["EMAIL_BACKEND"] == "anymail.backends.test.EmailBackend"


def test_celery_is_json_only_acks_late_and_time_limited(monkeypatch, tmp_path):
    s = load_settings(
        monkeypatch,
        tmp_path,
        GWT_ENV="test",
        CELERY_TASK_TIME_LIMIT="120",
        CELERY_TASK_SOFT_TIME_LIMIT="100",
        HEARTBEAT_INTERVAL="15",
    )
    assert s["CELERY_ACCEPT_CONTENT"] == ["json"]
    assert s["CELERY_TASK_SERIALIZER"] == s["CELERY_RESULT_SERIALIZER"] == "json"
    assert s["CELERY_TASK_ACKS_LATE"] is True
    assert s["CELERY_TASK_REJECT_ON_WORKER_LOST"] is True
    assert s["CELERY_WORKER_PREFETCH_MULTIPLIER"] == 1
    assert (s["CELERY_TASK_TIME_LIMIT"], s["CELERY_TASK_SOFT_TIME_LIMIT"]) == (120, 100)
    assert s["CELERY_BEAT_SCHEDULE"]["worker-heartbeat"]["schedule"] == 15.0
    assert s["CELERY_BEAT_SCHEDULE_FILENAME"] == str(tmp_path / "var" / "celerybeat-schedule")


def test_the_celery_app_reads_its_configuration_from_django_settings():
    from gwt_site.celery import app

    # What a worker or beat does when it starts: import the apps' tasks modules (autodiscovery).
    # Without it the tasks are registered only if something in this process imported them.
    app.loader.import_default_modules()
    assert app.conf.accept_content == ["json"]
    assert app.conf.task_serializer == "json"
    assert app.conf.task_acks_late is True
    assert app.conf.task_time_limit > app.conf.task_soft_time_limit > 0
    assert "notifications.heartbeat" in app.tasks


# --- database roles (issue 17, item 8) -------------------------------------------------------


def test_a_migrate_url_adds_the_owner_connection_for_migrations(monkeypatch, tmp_path):
    loaded = load_settings(
        monkeypatch,
        tmp_path,
        GWT_ENV="development",
        DATABASE_URL="postgres://gwt_app:a@db:5432/gwt?conn_max_age=60",
        DATABASE_MIGRATE_URL="postgres://gwt:o@db:5432/gwt",
    )

    databases = loaded["DATABASES"]
    assert (databases["default"]["USER"], databases["owner"]["USER"]) == ("gwt_app", "gwt")
    assert databases["owner"]["NAME"] == databases["default"]["NAME"] == "gwt"
    assert databases["owner"]["TEST"] == {"MIRROR": "default"}
    assert databases["default"]["CONN_HEALTH_CHECKS"] is True
    assert databases["default"]["OPTIONS"]["connect_timeout"] == "5"


@pytest.fixture
def options(monkeypatch, tmp_path):
    """The default database's connection options, as settings.py makes them from ``env``."""

    def read(**env: str) -> dict[str, Any]:
        loaded = load_settings(monkeypatch, tmp_path, GWT_ENV="development", **env)
        return dict(loaded["DATABASES"]["default"]["OPTIONS"])

    return read


def test_postgresql_sessions_start_no_parallel_workers_unless_told(options):
    """A statement of the service is short: by default its sessions start no parallel
    workers (``max_parallel_workers_per_gather``); a number sets it, "server" leaves the
    server's setting, and the URL's own ``options`` are kept (and win for that setting)."""
    url = "postgres://gwt:a@db:5432/gwt"
    assert options(DATABASE_URL=url)["options"] == "-c max_parallel_workers_per_gather=0"
    assert options(DATABASE_URL=url, DATABASE_PARALLEL_WORKERS="2")["options"] == (
        "-c max_parallel_workers_per_gather=2"
    )
    assert "options" not in options(DATABASE_URL=url, DATABASE_PARALLEL_WORKERS="server")
    assert options(DATABASE_URL=f"{url}?options=-c%20work_mem%3D8MB")["options"] == (
        "-c work_mem=8MB -c max_parallel_workers_per_gather=0"
    )
    own = "-c max_parallel_workers_per_gather=1"
    assert options(DATABASE_URL=f"{url}?options={own.replace(' ', '%20')}")["options"] == own
    assert "options" not in options(DATABASE_URL="sqlite:///var/db.sqlite3")
    for wrong in ("-1", "many"):
        with pytest.raises(ImproperlyConfigured, match="DATABASE_PARALLEL_WORKERS"):
            options(DATABASE_URL=url, DATABASE_PARALLEL_WORKERS=wrong)


@pytest.mark.django_db
def test_a_postgresql_session_of_the_service_starts_no_parallel_workers():
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("PostgreSQL's setting")
    with connection.cursor() as cursor:
        cursor.execute("SHOW max_parallel_workers_per_gather")
        assert cursor.fetchone() == ("0",)


def test_postgresql_statements_are_prepared_after_five_runs_unless_told(options):
    """By default psycopg prepares a statement a connection has run five times, with the
    server-side parameters that needs; a number sets the runs, "off" keeps Django's
    client-side parameters (a pooler that drops a session's prepared statements)."""
    url = "postgres://gwt:a@db:5432/gwt"
    default = options(DATABASE_URL=url)
    assert (default["server_side_binding"], default["prepare_threshold"]) == (True, 5)
    assert options(DATABASE_URL=url, DATABASE_PREPARE_THRESHOLD="0")["prepare_threshold"] == 0
    off = options(DATABASE_URL=url, DATABASE_PREPARE_THRESHOLD="Off")
    assert "server_side_binding" not in off
    assert "prepare_threshold" not in off
    assert "prepare_threshold" not in options(DATABASE_URL="sqlite:///var/db.sqlite3")
    for wrong in ("-1", "always"):
        with pytest.raises(ImproperlyConfigured, match="DATABASE_PREPARE_THRESHOLD"):
            options(DATABASE_URL=url, DATABASE_PREPARE_THRESHOLD=wrong)


def test_without_a_migrate_url_there_is_one_connection(monkeypatch, tmp_path):
    loaded = load_settings(monkeypatch, tmp_path, GWT_ENV="development")

    assert set(loaded["DATABASES"]) == {"default"}


def test_migrate_runs_as_the_owner_when_there_is_one(monkeypatch):
    from django.db import connections

    from gwt_site.management.commands.migrate import Command

    def database_default() -> str:
        return Command().create_parser("manage.py", "migrate").parse_args([]).database

    assert database_default() == "default"
    monkeypatch.setitem(connections.settings, "owner", dict(connections.settings["default"]))
    assert database_default() == "owner"

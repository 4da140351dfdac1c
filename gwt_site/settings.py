"""Django settings, all read from the environment (see README.md, "Configuration").

GWT_ENV says where the code runs:

* ``production`` (the default when nothing says otherwise; wsgi/asgi assume it): SECRET_KEY
  must be set, DEBUG is off unless DEBUG=1.
* ``development`` (``manage.py`` and ``make run`` assume it): a SECRET_KEY is generated once
  into ``var/`` and kept there.
* ``test`` (set by the test suite): like development, plus fast password hashing.

With no DATABASE_URL the database is SQLite under ``var/``; with no REDIS_URL the broker is
kombu's filesystem transport under ``var/broker`` and the cache is in-process. Outgoing mail is
written to ``var/mail`` unless EMAIL_URL or EMAIL_BACKEND says otherwise.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

from gwt_site.env import (
    env_bool,
    env_choice,
    env_float,
    env_int,
    env_list,
    env_required,
    env_str,
    parse_database_url,
    parse_email_url,
    with_parallel_workers,
    with_prepared_statements,
)
from gwt_site.observability import init_sentry, logging_config

BASE_DIR = Path(__file__).resolve().parent.parent

GWT_ENV = env_choice("GWT_ENV", ("development", "production", "test"), "production")
PRODUCTION = GWT_ENV == "production"

# Local state of a development machine: SQLite database, broker queue, mail, secret key.
VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))
if not VAR_DIR.is_absolute():
    VAR_DIR = BASE_DIR / VAR_DIR


def _development_secret_key(path: Path) -> str:
    """The key stored at ``path``, created on first use (by whichever process comes first)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with path.open("x", encoding="ascii") as handle:
            handle.write(secrets.token_urlsafe(50))
        path.chmod(0o600)
    except FileExistsError:
        pass
    key = path.read_text(encoding="ascii").strip()
    if not key:
        raise ImproperlyConfigured(f"{path} is empty: delete it to have a new key generated.")
    return key


if PRODUCTION:
    SECRET_KEY = env_required("SECRET_KEY", why="it is required when GWT_ENV=production")
else:
    SECRET_KEY = env_str("SECRET_KEY") or _development_secret_key(VAR_DIR / "secret_key")

DEBUG = env_bool("DEBUG", False)

SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000").rstrip("/")
_site = urlsplit(SITE_URL)
if _site.scheme not in {"http", "https"} or not _site.hostname:
    raise ImproperlyConfigured(f"SITE_URL={SITE_URL!r} must be an http(s) URL with a host.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [_site.hostname, "localhost", "127.0.0.1", "[::1]"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [f"{_site.scheme}://{_site.netloc}"])

# Behind a proxy that terminates TLS and sets X-Forwarded-Proto.
if env_bool("TRUST_X_FORWARDED_PROTO", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# How many proxies in front of the app append the address they saw to X-Forwarded-For
# (gwt_site/client_ip.py). 0: REMOTE_ADDR is the client's address (direct, or a server that
# rewrites it, e.g. gunicorn with --proxy-protocol). Too many lets clients forge their address.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = _site.scheme == "https"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "anymail",
    "gwt_site",
    "common",
    "games",
    "notifications",
    "players",
    "accounts",
]

MIDDLEWARE = [
    # /metrics for Prometheus (token only, any host); every other response counted and timed.
    "gwt_site.metrics.MetricsMiddleware",
    # The Content-Security-Policy of every answer (gwt_site/security.py).
    "gwt_site.security.ContentSecurityPolicyMiddleware",
    # A database outage answers 503 (JSON under /api/, a "back soon" page elsewhere).
    "gwt_site.failures.DatabaseUnavailableMiddleware",
    # A NUL character in the path or query is a 400 before any view (or query) runs.
    "gwt_site.failures.UnstorableInputMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The visitor's language: the switcher's cookie, else the browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Notes when a signed-in user was last on the site (no turn email to someone who is).
    "notifications.middleware.ActivityMiddleware",
    # request.time_zone: the signed-in user's time zone, for the pages that show times.
    "notifications.middleware.TimeZoneMiddleware",
    # A signed-in user's own language (their account setting) wins over the browser's; API
    # tokens get theirs in accounts.auth.
    "notifications.middleware.UserLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "gwt_site.urls"
WSGI_APPLICATION = "gwt_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        # Searched before the apps' folders, so that gwt_site/templates/admin/ can extend
        # the admin's own templates (django.contrib.admin comes first among the apps).
        "DIRS": [BASE_DIR / "gwt_site" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.display",
                "notifications.context_processors.email_problem",
                "notifications.context_processors.dead_endpoints",
            ],
        },
    },
]

# --- database --------------------------------------------------------------------------

DATABASE_URL = env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}")
DATABASES = {"default": parse_database_url(DATABASE_URL, BASE_DIR)}
if DATABASES["default"]["ENGINE"].endswith("sqlite3") and DATABASES["default"]["NAME"] != (
    ":memory:"
):
    Path(DATABASES["default"]["NAME"]).parent.mkdir(parents=True, exist_ok=True)
# A persistent connection (conn_max_age) is checked at the start of each request, so the first
# request after a database outage reconnects instead of failing on a dead connection.
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# Busy connections skip that check: the last request or task used this one less than this
# many seconds ago (gwt_site/postgresql/base.py; 0: check every reuse, as Django does).
DATABASE_HEALTH_CHECK_IDLE = env_float("DATABASE_HEALTH_CHECK_IDLE", 1.0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    DATABASES["default"]["ENGINE"] = "gwt_site.postgresql"
# Parallel workers a statement may start (PostgreSQL's max_parallel_workers_per_gather), or
# "server" to leave the server's setting. The service's statements are short: at the server's
# default (2) a player's list of 2,000 games was planned in parallel, and starting the workers
# cost more than the work they shared (60 ms against 27 ms at the median, bench/README.md).
DATABASE_PARALLEL_WORKERS = env_str("DATABASE_PARALLEL_WORKERS", "0")
# Runs of the same statement on a connection after which it is prepared on the server (parsed
# and planned once for that connection), or "off". The service runs a few dozen statements
# over and over: prepared, they cost PostgreSQL about a third less CPU per move
# (bench/README.md). "off" for a pooler that cannot keep a session's prepared statements
# (PgBouncer in transaction mode before 1.21, or without max_prepared_statements).
DATABASE_PREPARE_THRESHOLD = env_str("DATABASE_PREPARE_THRESHOLD", "5")
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # An unreachable server fails a request within seconds (a 503), not after minutes.
    DATABASES["default"]["OPTIONS"].setdefault("connect_timeout", "5")
    DATABASES["default"]["OPTIONS"] = with_parallel_workers(
        DATABASES["default"]["OPTIONS"], DATABASE_PARALLEL_WORKERS
    )
    DATABASES["default"]["OPTIONS"] = with_prepared_statements(
        DATABASES["default"]["OPTIONS"], DATABASE_PREPARE_THRESHOLD
    )
# The schema owner, for migrations only (docs/deployment.md, "Database roles"): with it set,
# `manage.py migrate` connects as the owner and grants the web and worker role (DATABASE_URL)
# no more than it needs: that role then cannot alter, truncate or drop tables, nor disable
# the event log's triggers.
DATABASE_MIGRATE_URL = env_str("DATABASE_MIGRATE_URL")
if DATABASE_MIGRATE_URL:
    DATABASES["owner"] = {
        **parse_database_url(DATABASE_MIGRATE_URL, BASE_DIR),
        "TEST": {"MIRROR": "default"},
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: broker and cache -----------------------------------------------------------

REDIS_URL = env_str("REDIS_URL")

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "gwt_site.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "gwt",
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- live updates (common/live.py) -----------------------------------------------------

# The pages' streams hear that a game moved, its chat changed or a player's turn came through
# Redis publish/subscribe with REDIS_URL (one channel, named after the database and the Redis
# URL so that two sites sharing a Redis server keep apart; Redis channels ignore the database
# number), else through a Unix datagram socket under var/ (make run: one ASGI process).
LIVE_CHANNEL = env_str(
    "LIVE_CHANNEL", f"gwt-live:{REDIS_URL.rsplit('/', 1)[-1]}:{DATABASES['default']['NAME']}"
)
LIVE_SOCKET = VAR_DIR / "live.sock"
# How long one stream stays open before the browser reconnects (and signs in again): a
# logged-out session stops hearing within this time.
LIVE_STREAM_SECONDS = env_int("LIVE_STREAM_SECONDS", 600)

# --- Celery (read by gwt_site/celery.py through the CELERY_ namespace) -------------------

BROKER_DIR = VAR_DIR / "broker"

if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS: dict[str, object] = {
        "socket_connect_timeout": 5,
        "socket_timeout": 30,
        # Must exceed the longest task, or an unacknowledged task is delivered twice.
        "visibility_timeout": 3600,
    }
else:
    # kombu's filesystem transport: one folder is both "in" and "out", so every process on
    # this machine shares the same queues. For one machine only (development, tests).
    CELERY_BROKER_URL = (
        "filesystem://localhost//"  # the host is ignored; naming one keeps kombu quiet
    )
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "queue"),
        "data_folder_out": str(BROKER_DIR / "queue"),
        "control_folder": str(BROKER_DIR / "control"),
        "store_processed": False,
    }
    for _folder in ("queue", "control"):
        (BROKER_DIR / _folder).mkdir(parents=True, exist_ok=True)

CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_RESULT_ACCEPT_CONTENT = ["json"]
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Workers close database connections as web requests do (CONN_MAX_AGE; gwt_site/celery.py),
# not after every task as Celery's Django fixup would without this setting.
CELERY_DB_REUSE_MAX = 1_000_000
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 300)
CELERY_TASK_SOFT_TIME_LIMIT = env_int("CELERY_TASK_SOFT_TIME_LIMIT", 240)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    "worker-heartbeat": {
        "task": "notifications.heartbeat",
        "schedule": float(env_int("HEARTBEAT_INTERVAL", 60)),
    },
    "games-sweep-bot-turns": {"task": "games.sweep_bot_turns", "schedule": 60.0},
    # Turn deadlines live in the database; this sweep finds the passed ones.
    "notifications-turn-deadlines": {
        "task": "notifications.sweep_turn_deadlines",
        "schedule": 60.0,
    },
    # Whatever was left unsent (a lost task, a dead worker, a broker outage).
    "notifications-sweep-outbox": {"task": "notifications.sweep_outbox", "schedule": 60.0},
    # Sent rows of ended games, long after (NOTIFY_KEEP_SENT_DAYS).
    "notifications-purge-sent": {"task": "notifications.purge_sent", "schedule": 86400.0},
    "notifications-reminders": {"task": "notifications.send_reminders", "schedule": 300.0},
    # Each user's digest goes out during their chosen hour: checking often is enough.
    "notifications-digests": {"task": "notifications.send_digests", "schedule": 600.0},
    # Snapshots and idempotency keys that ended games no longer keep (games/retention.py).
    "games-trim-ended": {"task": "games.trim_ended_games", "schedule": 86400.0},
    # Finished rated games whose ratings task was lost (players.ratings.unsettled_games).
    "players-sweep-ratings": {"task": "players.sweep_ratings", "schedule": 300.0},
}

# --- email -----------------------------------------------------------------------------

EMAIL_URL = env_str("EMAIL_URL", f"file://{VAR_DIR / 'mail'}")
_email = parse_email_url(EMAIL_URL, BASE_DIR)
# EMAIL_BACKEND names any other backend (e.g. a provider's), configured by its own settings.
EMAIL_BACKEND = env_str("EMAIL_BACKEND", _email["EMAIL_BACKEND"])
EMAIL_FILE_PATH = _email.get("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
EMAIL_HOST = _email.get("EMAIL_HOST", "localhost")
EMAIL_PORT = _email.get("EMAIL_PORT", 25)
EMAIL_HOST_USER = _email.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = _email.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _email.get("EMAIL_USE_TLS", False)
EMAIL_USE_SSL = _email.get("EMAIL_USE_SSL", False)
EMAIL_TIMEOUT = _email.get("EMAIL_TIMEOUT", 10)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Great Western Trail <noreply@localhost>")
SERVER_EMAIL = env_str("SERVER_EMAIL", DEFAULT_FROM_EMAIL)

# --- notifications (notifications/outbox.py, delivery.py; times in seconds) --------------

# Rated games a player needs to be listed on an edition's leaderboard (docs/ratings.md).
RATINGS_LEADERBOARD_MIN_GAMES = env_int("RATINGS_LEADERBOARD_MIN_GAMES", 5)

# The Celery queue of the sending tasks; workers must consume it (`-Q celery,<name>` when it
# is not the default queue).
NOTIFICATIONS_QUEUE = env_str("NOTIFICATIONS_QUEUE", "celery")
# A reminder to a player who has not moved for this long (once per position).
NOTIFY_REMINDER_AFTER = env_int("NOTIFY_REMINDER_AFTER", 24 * 3600)
# A warning this long before a turn deadline (never in the first half of the turn's time).
NOTIFY_DEADLINE_WARNING_BEFORE = env_int("NOTIFY_DEADLINE_WARNING_BEFORE", 12 * 3600)
# A player who made a request on the site this recently is looking at it (0: never): a "your
# turn" email waits until they have been away this long (and is not sent if they moved
# meanwhile); the other emails are not sent to them.
NOTIFY_SKIP_IF_ACTIVE_WITHIN = env_int("NOTIFY_SKIP_IF_ACTIVE_WITHIN", 60)
# The delivery task for the emails that wait (above) starts at the end of a bucket of this
# many seconds: one task per bucket, however many moves queued such emails meanwhile.
NOTIFY_DELAYED_KICK_BUCKET = env_int("NOTIFY_DELAYED_KICK_BUCKET", 15)
# Transient failures are retried after NOTIFY_RETRY_BACKOFF, doubling each time (at most an
# hour), up to NOTIFY_MAX_ATTEMPTS attempts in all; then the notification is "failed".
NOTIFY_MAX_ATTEMPTS = env_int("NOTIFY_MAX_ATTEMPTS", 6)
NOTIFY_RETRY_BACKOFF = env_int("NOTIFY_RETRY_BACKOFF", 30)
# A worker's claim on a notification lasts this long: it must exceed the time one email can
# take (EMAIL_TIMEOUT per SMTP step); the sweep re-sends what a dead worker left claimed.
NOTIFY_CLAIM_LEASE = env_int("NOTIFY_CLAIM_LEASE", 300)
# SMTP connections each worker process keeps open and sends a batch over at once (an email
# mostly waits for the server's answers; notifications/emails.py).
NOTIFY_SMTP_CONNECTIONS = max(1, env_int("NOTIFY_SMTP_CONNECTIONS", 4))
# The sweep queues again what is still pending this long after it was due.
NOTIFY_SWEEP_AFTER = env_int("NOTIFY_SWEEP_AFTER", 60)
# Outbox rows sent (or skipped) this many days ago are deleted once their game has ended, or
# when they are about no game (notifications/retention.py); 0 keeps them for ever.
NOTIFY_KEEP_SENT_DAYS = env_int("NOTIFY_KEEP_SENT_DAYS", 30)

# --- push and webhook notifications (notifications/channel_delivery.py, docs/notifications.md)

# The site's VAPID key pair for Web Push (`python manage.py vapid_keys` makes one) and the
# contact the push services may write to (mailto: or https:). Without the keys the site
# offers no push, and everything else works as before.
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY").strip()
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY").strip()
VAPID_SUBJECT = env_str("VAPID_SUBJECT", "mailto:admin@localhost").strip()
# A push subscription or chat webhook that fails this many times in a row is disabled until
# its owner enables it again on their account page.
NOTIFY_ENDPOINT_MAX_FAILURES = max(1, env_int("NOTIFY_ENDPOINT_MAX_FAILURES", 5))
# Endpoints on plain http and on local or private addresses (a development machine, tests).
# Never in production: a user could make the workers post to the site's own network.
NOTIFY_ENDPOINTS_ALLOW_LOCAL = env_bool("NOTIFY_ENDPOINTS_ALLOW_LOCAL", False)
# A "your turn" with less than this left on its clock is urgent: sent in the player's quiet
# hours (the rest waits for their morning and is gathered into one message).
NOTIFY_URGENT_WITHIN = env_int("NOTIFY_URGENT_WITHIN", 6 * 3600)

# --- play by email: inbound replies (notifications/inbound.py, docs/email.md) ---------------

# The domain whose mail reaches the inbound webhook or mailbox; turn emails carry a signed
# Reply-To reply+<token>@INBOUND_EMAIL_DOMAIN. Empty: no Reply-To, replies are not taken.
INBOUND_EMAIL_DOMAIN = env_str("INBOUND_EMAIL_DOMAIN").strip().lower()
# The email providers whose webhooks anymail parses ("": none).
_EMAIL_PROVIDERS = (
    "",
    "mailgun",
    "postmark",
    "sendgrid",
    "amazon_ses",
    "brevo",
    "mailersend",
    "mailjet",
    "mailtrap",
    "postal",
    "resend",
    "sparkpost",
)
# The provider whose inbound webhook is mounted at /email/anymail/<provider>/inbound/ ("": none;
# read_mailbox works without one).
INBOUND_EMAIL_PROVIDER = env_choice(
    "INBOUND_EMAIL_PROVIDER",
    _EMAIL_PROVIDERS,
    "",
)
# The provider whose delivery reports (bounces, complaints) are taken at
# /email/anymail/<provider>/tracking/ ("": none). A hard bounce or a complaint stops email to
# the address until its owner says it is fixed (notifications/bounces.py).
EMAIL_TRACKING_PROVIDER = env_choice(
    "EMAIL_TRACKING_PROVIDER",
    _EMAIL_PROVIDERS,
    "",
)
# After this many delays or soft bounces in a row (no delivery between), the owner is told
# their mail is probably not arriving (email still goes out).
NOTIFY_SOFT_BOUNCES_SHOWN = env_int("NOTIFY_SOFT_BOUNCES_SHOWN", 3)
# Reply-address signing keys, "kid:secret,kid2:secret2" (key ids: 1-4 lowercase letters or
# digits); INBOUND_REPLY_KEY_ID signs new addresses. Unset: one key derived from SECRET_KEY.
INBOUND_REPLY_KEYS = {
    kid.strip().lower(): secret.strip()
    for kid, _, secret in (item.partition(":") for item in env_list("INBOUND_REPLY_KEYS"))
}
INBOUND_REPLY_KEY_ID = env_str("INBOUND_REPLY_KEY_ID").strip().lower()
if INBOUND_REPLY_KEY_ID and INBOUND_REPLY_KEY_ID not in INBOUND_REPLY_KEYS:
    raise ImproperlyConfigured("INBOUND_REPLY_KEY_ID must be one of INBOUND_REPLY_KEYS' ids.")
# How long a reply address is accepted after its email was sent (seconds).
INBOUND_REPLY_TTL = env_int("INBOUND_REPLY_TTL", 30 * 24 * 3600)
# Larger messages are refused (bytes, headers and attachments included).
INBOUND_MAX_BYTES = env_int("INBOUND_MAX_BYTES", 256 * 1024)
# Per INBOUND_RATE_WINDOW seconds: at most INBOUND_RATE_LIMIT authenticated messages per
# player, and INBOUND_ORIGIN_RATE_LIMIT refused ones per envelope sender (notifications.inbound).
INBOUND_RATE_LIMIT = env_int("INBOUND_RATE_LIMIT", 30)
INBOUND_ORIGIN_RATE_LIMIT = env_int("INBOUND_ORIGIN_RATE_LIMIT", 100)
INBOUND_RATE_WINDOW = env_int("INBOUND_RATE_WINDOW", 3600)
ANYMAIL = {
    name: value
    for name, value in {
        # HTTP basic auth "user:password" the provider's webhook must send (checked by anymail).
        "WEBHOOK_SECRET": env_str("ANYMAIL_WEBHOOK_SECRET"),
        # Mailgun signs its webhooks with this key (required for the Mailgun webhook).
        "MAILGUN_WEBHOOK_SIGNING_KEY": env_str("MAILGUN_WEBHOOK_SIGNING_KEY"),
    }.items()
    if value
}

# --- auth, i18n, static ----------------------------------------------------------------

# Suspended users cannot log in (accounts/auth.py).
AUTHENTICATION_BACKENDS = ["accounts.auth.SuspensionAwareBackend"]

# The site's own account pages (accounts/views.py): a new account stays inactive until
# the link emailed to it is followed, within ACCOUNT_CONFIRMATION_DAYS.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby-my-games"
LOGOUT_REDIRECT_URL = "home"
ACCOUNT_CONFIRMATION_DAYS = env_int("ACCOUNT_CONFIRMATION_DAYS", 3)
# Emails the account pages send (sign-up, confirmation again, password reset, email change)
# are limited per ACCOUNT_EMAIL_RATE_WINDOW seconds: per target address, counted whether or
# not an account uses it, and per client IP (sign-ups included). 0 turns a limit off.
ACCOUNT_EMAIL_RATE_PER_ADDRESS = env_int("ACCOUNT_EMAIL_RATE_PER_ADDRESS", 3)
ACCOUNT_EMAIL_RATE_PER_IP = env_int("ACCOUNT_EMAIL_RATE_PER_IP", 20)
ACCOUNT_EMAIL_RATE_WINDOW = env_int("ACCOUNT_EMAIL_RATE_WINDOW", 3600)
if ACCOUNT_EMAIL_RATE_WINDOW < 1:
    raise ImproperlyConfigured("ACCOUNT_EMAIL_RATE_WINDOW must be at least 1 (seconds).")
# Failed logins (the log-in page, POST /api/token/) per username and per client IP per
# LOGIN_FAILURE_WINDOW seconds before further attempts are refused (common.login_throttle).
LOGIN_FAILURES_PER_ACCOUNT = env_int("LOGIN_FAILURES_PER_ACCOUNT", 10)
LOGIN_FAILURES_PER_IP = env_int("LOGIN_FAILURES_PER_IP", 50)
LOGIN_FAILURE_WINDOW = max(1, env_int("LOGIN_FAILURE_WINDOW", 900))
# Seconds an API token lasts from when it was issued (common.api_tokens).
API_TOKEN_TTL = max(60, env_int("API_TOKEN_TTL", 30 * 24 * 3600))
# Seconds a web process remembers an API token's user between requests, asking the shared
# cache at each request whether the user changed (accounts.token_cache); 0: read the
# database every time. Off without Redis, whose generations every process shares.
API_TOKEN_CACHE_SECONDS = max(0, env_int("API_TOKEN_CACHE_SECONDS", 300 if REDIS_URL else 0))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
if GWT_ENV == "test":
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# The languages of the site and its emails (docs/translation.md): English is the source,
# each app's French catalogue is <app>/locale/fr/LC_MESSAGES/django.po (and its compiled .mo,
# committed). Names in their own language, as the switcher shows them.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("fr", "Français")]
LANGUAGE_COOKIE_NAME = "gwt_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 3600
LANGUAGE_COOKIE_SAMESITE = "Lax"
LANGUAGE_COOKIE_SECURE = SESSION_COOKIE_SECURE
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Outside production, static files are served straight from the apps (no collectstatic).
WHITENOISE_USE_FINDERS = WHITENOISE_AUTOREFRESH = not PRODUCTION

# --- REST API and games ---------------------------------------------------------------

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # Token first: an unauthenticated API request gets 401 with a WWW-Authenticate header.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.auth.SuspensionAwareTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["common.json_renderer.JSONRenderer"]
    + (["rest_framework.renderers.BrowsableAPIRenderer"] if DEBUG else []),
    "DEFAULT_PARSER_CLASSES": ["common.api.JSONParser"],
    "EXCEPTION_HANDLER": "common.api.exception_handler",
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Great Western Trail API",
    "DESCRIPTION": (
        "Asynchronous Great Western Trail: games, seats, moves and replays. Authenticate with "
        "`Authorization: Token <key>` (from `POST /api/token/`) or a session. Errors are "
        '`{"code", "message"}`.'
    ),
    "VERSION": "0.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "BotKindEnum": "games.models.BotKind",
        "GameStatusEnum": "games.models.GameStatus",
    },
    # Swagger UI's files come from the drf-spectacular-sidecar package: no CDN needed.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "common.api.document_bad_request_everywhere",
    ],
}

# A snapshot of the engine state every this many events (a cache: 0 turns them off).
GAME_SNAPSHOT_EVERY = env_int("GAME_SNAPSHOT_EVERY", 25)
# Once a game has ended, only its snapshots at a multiple of this many events are kept (0:
# none): a finished game's position is rebuilt from the nearest one (games/retention.py).
GAME_FINISHED_SNAPSHOT_EVERY = env_int("GAME_FINISHED_SNAPSHOT_EVERY", 200)
# A bot's turn that a web request hands over is played by that web process once the answer
# is sent, up to this many of the bots' decisions (the rest by the Celery worker); 0: always
# by the worker (games/services/bots.py).
BOT_MOVES_AFTER_RESPONSE = max(0, env_int("BOT_MOVES_AFTER_RESPONSE", 40))
# An ended game's idempotency keys are deleted this many hours after it ended (the daily
# games.trim_ended_games): no client is retrying a request by then.
GAME_ENDED_KEYS_KEEP_HOURS = env_int("GAME_ENDED_KEYS_KEEP_HOURS", 24)

# The editions of the game new games may be played with, in the order the pages offer them
# (the first is the default); an edition the engine does not have is not offered
# (games/editions.py). Games keep their edition whatever this says later.
GWT_EDITIONS = env_list("GWT_EDITIONS", ["1e", "2e"])

# --- operations: logs, errors, metrics (docs/deployment.md, "Watching the service") ---------

# One line per record on stderr: JSON objects in production (LOG_FORMAT=json), plain text
# elsewhere, or as LOG_FORMAT says.
LOG_FORMAT = env_choice("LOG_FORMAT", ("json", "plain"), "json" if PRODUCTION else "plain")
LOGGING = logging_config(json_lines=LOG_FORMAT == "json", level=env_str("LOG_LEVEL", "INFO"))

# Errors go to Sentry when SENTRY_DSN is set (SENTRY_ENVIRONMENT, SENTRY_RELEASE name them;
# SENTRY_TRACES_SAMPLE_RATE > 0 also sends that share of requests' timings).
SENTRY_DSN = env_str("SENTRY_DSN")
SENTRY_ENABLED = init_sentry(
    SENTRY_DSN,
    environment=env_str("SENTRY_ENVIRONMENT", GWT_ENV),
    release=env_str("SENTRY_RELEASE"),
    traces_sample_rate=env_float("SENTRY_TRACES_SAMPLE_RATE", 0.0),
)

# /metrics answers only a request with "Authorization: Bearer <METRICS_TOKEN>"; unset, it is
# off (404). A Celery worker serves its processes' metrics on METRICS_PORT (0: not at all).
METRICS_TOKEN = env_str("METRICS_TOKEN")
METRICS_PORT = env_int("METRICS_PORT", 0)

# Everything a developer or CI needs, from a fresh clone with only Python 3.11+.
#   make run    the whole service on this machine (web, Celery worker, Celery beat)
#   make test   lint + format check + type check of engine/ + the full test suite
# The virtualenv (.venv) is created and the pinned requirements installed on first use, and
# reinstalled whenever requirements.txt changes.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-requirements
NODE_STAMP := node_modules/.package-lock.json
ADDR   ?= 127.0.0.1:8000
EDITION ?= 1e
# The test suite's parallel workers (pytest-xdist): one more than the cores (a worker often
# waits on PostgreSQL or the browser), four at most; 0 runs it in this one process.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n + 1 < 4 ? n + 1 : 4 )))

.DEFAULT_GOAL := help
.PHONY: help venv run migrate check fmt test test-sqlite messages golden corpus screenshots restore-drill clean

help:
	@echo "make run      start web server + Celery worker + beat (SQLite and files under var/"
	@echo "              unless DATABASE_URL / REDIS_URL are set); prints URL and admin login"
	@echo "make test     make check, then the whole test suite"
	@echo "make test-sqlite  the tests of what differs on SQLite (make run's database), on SQLite"
	@echo "make check    ruff check + format check, the import contracts (lint-imports), mypy"
	@echo "make fmt      fix lint where safe and format the code"
	@echo "make migrate  create the database if needed and apply migrations"
	@echo "make messages update the French catalogues from the code (needs gettext) and"
	@echo "              compile them; then translate what shows as untranslated"
	@echo "make golden   regenerate the golden games of the newest rules (tests/engine/golden/); review the diff"
	@echo "make corpus   build the recorded games of the newest rules, once (tests/records/;"
	@echo "              EDITION=2e for the 2nd edition's)"
	@echo "make screenshots  PNGs of the lobby, a mid-game board and the replay at desktop and"
	@echo "              phone widths, of both editions' tables, and of the leaderboard, a"
	@echo "              profile and a finished game's result, in var/screenshots/"
	@echo "              (needs Debian's chromium)"
	@echo "make restore-drill  restore a backup (DUMP=file, default a fresh pg_dump) into a"
	@echo "              scratch PostgreSQL database and replay every game there"
	@echo "make clean    remove .venv, var/ and caches"

venv: $(STAMP)

$(STAMP): requirements.txt
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "Python 3.11 or newer is needed (PYTHON=$(PYTHON))"; exit 1; }
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $(STAMP)

messages: $(STAMP)
	GWT_ENV=development $(PY) manage.py check_messages --refresh $(APPS)

migrate: $(STAMP)
	GWT_ENV=development $(PY) manage.py ensuredb
	GWT_ENV=development $(PY) manage.py migrate --noinput

run: $(STAMP)
	GWT_ENV=development DEBUG=1 $(PY) manage.py ensuredb
	GWT_ENV=development DEBUG=1 $(PY) manage.py migrate --noinput
	GWT_ENV=development DEBUG=1 $(PY) manage.py rundev --addr $(ADDR)

check: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports --no-cache
	GWT_ENV=development $(PY) -m mypy engine common games notifications players accounts gwt_site

fmt: $(STAMP)
	$(PY) -m ruff check --fix .
	$(PY) -m ruff format .

# tests/conftest.py picks PostgreSQL and Redis when reachable (DATABASE_URL / REDIS_URL, or
# 127.0.0.1:5432 and :6379), else SQLite and the embedded broker, and says which.
# REQUIRE_SERVICES=1 turns the fallback into a failure. Extra pytest arguments: ARGS="...".
# The workers (TEST_WORKERS) each have their own test database, Redis database and files.
# The browser tests' front-end assets (axe-core, package-lock.json) are installed by npm ci
# when npm is on the machine; without them the accessibility checks are skipped and say why.
test: check $(NODE_STAMP)
	$(PY) -m pytest -n $(TEST_WORKERS) $(ARGS)

# The tests of what the code does differently on SQLite, the database of `make run`, run on
# SQLite (CI runs them after the whole suite on PostgreSQL).
SQLITE_TESTS := tests/games/test_api.py tests/games/test_moves.py tests/games/test_takebacks.py \
	tests/games/test_final_positions.py \
	tests/games/test_rules_versions.py tests/games/test_web_play.py tests/games/test_list_scale.py \
	tests/players tests/test_token_cache.py tests/test_migrations.py tests/test_healthz.py \
	tests/notifications/test_delivery.py tests/notifications/test_inbound_full_game.py \
	tests/browser/test_every_player_reached.py
test-sqlite: $(STAMP) $(NODE_STAMP)
	REQUIRE_SERVICES= DATABASE_URL=sqlite:///$(CURDIR)/var/test-sqlite/db.sqlite3 \
		TEST_VAR_DIR=$(CURDIR)/var/test-sqlite $(PY) -m pytest -n $(TEST_WORKERS) $(SQLITE_TESTS) $(ARGS)

$(NODE_STAMP): package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --no-audit --no-fund --loglevel=error; \
	else echo "npm not found: the accessibility checks (axe-core) will be skipped"; fi

# Golden games are replayed by tests/engine/test_golden.py; regenerate them after an
# intended rule change and review the diff (the first differing checkpoint shows where).
golden: $(STAMP)
	$(PY) -m engine.golden

# The recorded games of the newest rules version (tests/records/<version>.jsonl.xz), played
# through the service on a scratch database; written once per rules version and kept.
corpus: $(STAMP)
	$(PY) -m tests.records.build --edition $(EDITION)

# A scratch site (SQLite under var/screenshots/work) with games set up, photographed by
# Debian's chromium through Playwright (CHROMIUM=/path/to/chromium to use another one).
screenshots: $(STAMP)
	$(PY) bench/screenshots.py
	$(PY) bench/board_screenshots.py
	$(PY) bench/players_screenshots.py

# A backup is only a backup once it has been restored: DUMP=path/to/file.dump (pg_dump -Fc or
# plain SQL), or none for a fresh pg_dump of DATABASE_URL (docs/deployment.md).
restore-drill: $(STAMP)
	$(PY) manage.py restore_drill $(if $(DUMP),--dump $(DUMP))

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .mypy_cache .hypothesis staticfiles
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

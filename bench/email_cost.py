"""What one turn email costs the worker, without a worker: CPU time and SQL per email.

`bench/notifications.py` measures a Celery worker's rate, which on a shared machine says more
about the load than about the code. This runs the worker's own function
(``notifications.delivery.deliver_due``, batches of 20) in this process over N "your turn"
rows queued as a move queues them (the games of `bench/notifications.py`, kept in the bench
database), with Django's in-memory email backend (the message is built whole, MIME included,
and not sent), and prints the process's CPU time and the SQL statements per email.
``--profile FILE`` writes a cProfile of the sending.

    .venv/bin/python bench/email_cost.py                   # 400 emails
    .venv/bin/python bench/email_cost.py --count 400 --profile /tmp/email.prof
    .venv/bin/python bench/email_cost.py --dump /tmp/a   # each email's text and HTML, to diff

``--dump`` signs with a fixed secret key, so that two trees' emails can be compared byte for
byte (``diff -r``): a change that makes emails cheaper must not change what they say.

Needs PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL, as for the other benches).
"""

from __future__ import annotations

import argparse
import os
import platform
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
if sys.path and Path(sys.path[0] or ".").absolute() == Path(__file__).absolute().parent:
    sys.path[0] = str(ROOT)


def configure(secret_key: str) -> None:
    os.environ.update(
        {
            "GWT_ENV": "production",
            "SECRET_KEY": secret_key,
            "DEBUG": "0",
            "DATABASE_URL": os.environ.get(
                "BENCH_DATABASE_URL",
                "postgres://postgres@127.0.0.1:5432/gwt_bench?conn_max_age=600",
            ),
            "REDIS_URL": os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/3"),
            "LOG_LEVEL": "WARNING",
            "VAR_DIR": tempfile.mkdtemp(prefix="gwt-bench-"),
            "DJANGO_SETTINGS_MODULE": "gwt_site.settings",
        }
    )
    for command in (["ensuredb"], ["migrate", "--noinput", "-v", "0"]):
        subprocess.run([sys.executable, "manage.py", *command], cwd=ROOT, check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--profile", help="write a cProfile of the sending (CPU time)")
    parser.add_argument("--dump", help="write each email's text and HTML to this folder")
    args = parser.parse_args()
    configure("bench-email-dump-" + "k" * 40 if args.dump else secrets.token_urlsafe(40))

    from bench.notifications import prepare

    targets = prepare(args.count)

    from django.conf import settings
    from django.core import mail
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.models import Game
    from notifications import delivery
    from notifications.models import Kind, Notification, Status
    from notifications.outbox import notification_queue

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    mail.outbox = []
    games = Game.objects.in_bulk([game_id for game_id, _, _, _ in targets])
    for game_id, user_id, seq, context in targets:
        with transaction.atomic():
            notification_queue(
                recipient_id=user_id,
                kind=Kind.YOUR_TURN,
                game=games[game_id],
                event_seq=seq,
                context=context,
            )
    # Due now: the players of these games are not on the site.
    Notification.objects.filter(status=Status.PENDING).update(next_attempt_at=timezone.now())

    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)
    with CaptureQueriesContext(connection) as queries:
        started = time.process_time()
        if profiler is not None:
            profiler.enable()
        outcomes = delivery.deliver_due(budget_seconds=3600)
        if profiler is not None:
            profiler.disable()
        spent = time.process_time() - started
    sent = outcomes.get("sent", 0)
    if sent != len(targets) or len(mail.outbox) != sent:
        sys.exit(f"expected {len(targets)} emails sent, got {outcomes} ({len(mail.outbox)})")
    print(
        f"bench/email_cost.py: {sent} turn emails, deliver_due in one process, locmem backend;"
        f" PostgreSQL; Python {platform.python_version()}, {platform.machine()},"
        f" {os.cpu_count()} cores"
    )
    print(
        f"CPU per email {spent / sent * 1000:.2f} ms ({sent / spent:.0f} emails per CPU second);"
        f" SQL per email {len(queries) / sent:.2f}"
    )
    if profiler is not None:
        profiler.dump_stats(args.profile)
        print(f"profile: {args.profile}")
    if args.dump:
        folder = Path(args.dump)
        folder.mkdir(parents=True, exist_ok=True)
        for message in mail.outbox:
            html = message.alternatives[0][0]  # type: ignore[index]
            name = "".join(c if c.isalnum() else "-" for c in f"{message.to[0]} {message.subject}")
            (folder / f"{name}.txt").write_text(f"{message.subject}\n\n{message.body}")
            (folder / f"{name}.html").write_text(str(html))
        print(f"emails: {folder}")


if __name__ == "__main__":
    main()

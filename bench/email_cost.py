"""What one turn email costs the worker, without a worker: CPU time and SQL per email.

`bench/notifications.py` measures a Celery worker's rate, which on a shared machine says more
about the load than about the code. This runs the worker's own function
(``notifications.delivery.deliver_due``, batches of 20) in this process over N "your turn"
rows queued as a move queues them (the games of `bench/notifications.py`, kept in the bench
database), with a backend that does what the worker's SMTP connections do to a message but
the socket's write (``WireBackend``: the addresses checked, the MIME message built and turned
into the bytes SMTP would send, ``notifications.smtp_wire``), and prints the process's CPU
time and the SQL statements per email. ``--locmem`` uses Django's in-memory backend
instead, as earlier figures did: it builds the MIME message but not its bytes, and keeps a
deep copy of every message, which no worker pays.
``--profile FILE`` writes a cProfile of the sending; ``--sample`` prints where its CPU goes
from the stacks sampled every millisecond of it (``bench/move_cost.py``'s ``Sampler``). A
first batch (``--warm-up``, 20 rows of other games) is sent before the measure, as a
long-lived worker process has sent earlier emails: what the first email alone pays (the URL
patterns imported, the templates compiled, the catalogues read) is not counted per email.
``--language fr`` sends the emails to players who read French (the bench's players are set
to it; ``en`` sets them back).

    .venv/bin/python bench/email_cost.py                   # 400 emails
    .venv/bin/python bench/email_cost.py --count 400 --profile /tmp/email.prof
    .venv/bin/python bench/email_cost.py --count 800 --sample
    .venv/bin/python bench/email_cost.py --dump /tmp/a   # each email (text, HTML, message)
    .venv/bin/python bench/email_cost.py --language fr --dump /tmp/a-fr   # in French

``--dump`` signs with a fixed secret key, so that two trees' emails can be compared byte for
byte (``diff -r``): a change that makes emails cheaper must not change what they say. The
whole message is written too, with what differs between two runs of the same email left out
(its date, the row's id, the MIME boundaries, the time its unsubscribe link was signed at).

Needs PostgreSQL and Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL, as for the other benches).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).absolute().parent.parent
if sys.path and Path(sys.path[0] or ".").absolute() == Path(__file__).absolute().parent:
    sys.path[0] = str(ROOT)


# The bytes each message of ``mail.outbox`` was sent as, by id, for ``--dump``.
SENT: dict[int, bytes] = {}


class WireBackend:
    """The worker's SMTP backend without the socket: for each message the sender and
    recipients sanitised, the MIME message built and serialised to the bytes ``sendmail``
    would be given (``notifications.smtp_wire.envelope``, what its kept connections send).
    The messages are kept, not copied, in ``mail.outbox`` for ``--dump``."""

    def __init__(self, fail_silently: bool = False, **kwargs: object) -> None:
        self.fail_silently = fail_silently
        self.bytes_sent = 0

    def open(self) -> bool:
        return True

    def close(self) -> None:
        pass

    def __enter__(self) -> WireBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def send_messages(self, messages: list) -> int:
        from django.core import mail

        from notifications.smtp_wire import envelope

        outbox = mail.__dict__.setdefault("outbox", [])
        sent = 0
        for message in messages:
            if not message.recipients():
                continue
            data = envelope(message)[2]
            self.bytes_sent += len(data)
            SENT[id(message)] = data  # kept with the message in mail.outbox
            outbox.append(message)
            sent += 1
        return sent


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
    parser.add_argument(
        "--sample",
        action="store_true",
        help="sample the sending's stacks every millisecond of CPU and print where it goes "
        "(cProfile inflates code made of many small calls; samples do not)",
    )
    parser.add_argument("--dump", help="write each email's text and HTML to this folder")
    parser.add_argument(
        "--warm-up", type=int, default=20, help="emails sent first, not measured (default 20)"
    )
    parser.add_argument(
        "--language", choices=("en", "fr"), default="en", help="the players' language"
    )
    parser.add_argument(
        "--locmem",
        action="store_true",
        help="Django's in-memory backend (MIME built, a deep copy kept) instead of the wire",
    )
    args = parser.parse_args()
    configure("bench-email-dump-" + "k" * 40 if args.dump else secrets.token_urlsafe(40))

    from bench.notifications import prepare

    every = prepare(args.warm_up + args.count)
    warm_up, targets = every[: args.warm_up], every[args.warm_up :]

    from django.conf import settings
    from django.core import mail
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from games.models import Game
    from notifications import delivery
    from notifications.models import Kind, Notification, NotificationPreference, Status
    from notifications.outbox import notification_queue

    settings.EMAIL_BACKEND = (
        "django.core.mail.backends.locmem.EmailBackend"
        if args.locmem
        else "bench.email_cost.WireBackend"
    )
    for user_id in {user_id for _, user_id, _, _ in every}:
        NotificationPreference.objects.update_or_create(
            user_id=user_id, defaults={"language": args.language}
        )
    games = Game.objects.in_bulk([game_id for game_id, _, _, _ in every])

    def queue(rows: list[tuple[int, int, int, dict]]) -> None:
        for game_id, user_id, seq, context in rows:
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

    if warm_up:
        queue(warm_up)
        delivery.deliver_due(budget_seconds=3600)
    # The collector as a worker's pool process has it (gwt_site/collector.py): what start-up
    # left frozen, so that no full collection walks it during the measure.
    from gwt_site import collector

    collector.settle()
    mail.outbox = []
    SENT.clear()
    queue(targets)

    sampler = None
    if args.sample:
        from bench.move_cost import Sampler

        sampler = Sampler()
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.process_time)
    with CaptureQueriesContext(connection) as queries:
        started = time.process_time()
        if profiler is not None:
            profiler.enable()
        if sampler is not None:
            sampler.kind = "deliver_due"
        outcomes = delivery.deliver_due(budget_seconds=3600)
        if sampler is not None:
            sampler.kind = ""
        if profiler is not None:
            profiler.disable()
        spent = time.process_time() - started
    sent = outcomes.get("sent", 0)
    if sent != len(targets) or len(mail.outbox) != sent:
        sys.exit(f"expected {len(targets)} emails sent, got {outcomes} ({len(mail.outbox)})")
    print(
        f"bench/email_cost.py: {sent} turn emails, deliver_due in one process,"
        f" {'locmem' if args.locmem else 'wire'} backend;"
        f" PostgreSQL; Python {platform.python_version()}, {platform.machine()},"
        f" {os.cpu_count()} cores"
    )
    print(
        f"CPU per email {spent / sent * 1000:.2f} ms ({sent / spent:.0f} emails per CPU second);"
        f" SQL per email {len(queries) / sent:.2f}"
    )
    if sampler is not None:
        sampler.report(top=60)
    if profiler is not None:
        profiler.dump_stats(args.profile)
        print(f"profile: {args.profile}")
    if args.dump:
        folder = Path(args.dump)
        folder.mkdir(parents=True, exist_ok=True)
        for message in mail.outbox:
            html = message.alternatives[0][0]  # type: ignore[index]
            name = "".join(c if c.isalnum() else "-" for c in f"{message.to[0]} {message.subject}")
            (folder / f"{name}.txt").write_text(_timeless(f"{message.subject}\n\n{message.body}"))
            (folder / f"{name}.html").write_text(_timeless(str(html)))
            sent = SENT.get(id(message))  # as sent (the wire backend), else as Django writes it
            if sent is not None:
                raw = _comparable(sent.replace(b"\r\n", b"\n"))
            else:
                raw = _comparable(message.message().as_bytes())
            (folder / f"{name}.eml").write_bytes(_timeless(raw.decode()).encode())
        print(f"emails: {folder}")


def _timeless(text: str) -> str:
    """``text`` with the time its unsubscribe link was signed at, and so its signature, left
    out (what it names is kept): two runs sign at different times."""
    return re.sub(r"(/unsubscribe/[^:/]+):[^/]+/", r"\1:-/", text)


def _comparable(raw: bytes) -> bytes:
    """The whole message with what differs between two runs of the same email replaced: its
    date, the row's id (Message-ID, X-GWT-Notification) and the MIME boundaries."""
    raw = re.sub(rb"^Date: .*$", b"Date: -", raw, flags=re.M)
    raw = re.sub(rb"notification-\d+@", b"notification-N@", raw)
    raw = re.sub(rb"^(X-GWT-Notification:) \d+", rb"\1 N", raw, flags=re.M)
    for n, boundary in enumerate(dict.fromkeys(re.findall(rb'boundary="([^"]+)"', raw))):
        raw = raw.replace(boundary, b"boundary-%d" % n)
    return raw


if __name__ == "__main__":
    main()

"""``manage.py read_mailbox PATH``: play the replies waiting in a local mailbox.

For a deployment without an inbound provider: the mail server delivers the reply domain's
mail into an mbox file or a Maildir, and this command (run from cron or a systemd timer)
puts every message through the same pipeline as the webhook
(``notifications.inbound.receive``).

What happens to a message once read: in a Maildir it is moved from ``new/`` to ``cur/``
and flagged seen (``S``), so the next run skips it unless ``--all`` is given; an mbox is
read whole every time unless ``--delete`` empties it of the messages processed. Reading a
message twice is harmless either way: the Message-ID makes a message apply once.
"""

from __future__ import annotations

import logging
import mailbox
from pathlib import Path
from typing import Any

from anymail.inbound import AnymailInboundMessage
from django.core.management.base import BaseCommand, CommandError

from notifications.inbound import receive

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Process the email replies in an mbox file or a Maildir directory."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("path", help="an mbox file or a Maildir directory")
        parser.add_argument(
            "--all",
            dest="read_all",
            action="store_true",
            help="Maildir: also read the messages already marked seen",
        )
        parser.add_argument(
            "--delete",
            action="store_true",
            help="remove each message from the mailbox once it is processed",
        )

    def handle(self, *args: Any, path: str, read_all: bool, delete: bool, **options: Any) -> None:
        target = Path(path)
        if target.is_dir():
            if not (target / "cur").is_dir() or not (target / "new").is_dir():
                raise CommandError(f"{path} is a directory but not a Maildir (no cur/ and new/)")
            box: mailbox.Mailbox = mailbox.Maildir(target, factory=None, create=False)
        elif target.is_file():
            box = mailbox.mbox(target, factory=None, create=False)
        else:
            raise CommandError(f"{path}: no such mbox file or Maildir directory")
        counts: dict[str, int] = {}
        box.lock()
        try:
            for key in list(box.keys()):
                # A Maildir's messages are MaildirMessages (with flags), an mbox's are not.
                message = box.get_message(key)
                seen = isinstance(message, mailbox.MaildirMessage) and "S" in message.get_flags()
                if seen and not read_all:
                    continue
                raw = box.get_bytes(key)
                try:
                    parsed = AnymailInboundMessage.parse_raw_mime_bytes(raw)
                    outcome = receive(parsed, source="mailbox", size=len(raw)).outcome
                except Exception:
                    # Left in place (not marked, not deleted) for the next run to try again.
                    logger.exception("read_mailbox: message %s could not be processed", key)
                    counts["error"] = counts.get("error", 0) + 1
                    continue
                counts[outcome] = counts.get(outcome, 0) + 1
                if delete:
                    box.remove(key)
                elif isinstance(message, mailbox.MaildirMessage):
                    message.set_subdir("cur")
                    message.add_flag("S")
                    box[key] = message
            box.flush()
        finally:
            box.unlock()
            box.close()
        summary = ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items()))
        self.stdout.write(f"{sum(counts.values())} message(s) read: {summary or 'none'}")

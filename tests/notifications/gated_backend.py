"""An SMTP email backend that can be held just before it hands a message over.

Used by the worker process of the crash test: while the file named by
``GWT_TEST_MAIL_GATE`` exists, sending stops at the gate (after the worker has claimed the
notification, before the mail server sees anything) and ``<gate>.reached`` is created, so
that the test knows it can kill the worker at exactly that point.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from django.core.mail.backends.smtp import EmailBackend


class GatedSMTPBackend(EmailBackend):
    def send_messages(self, email_messages):  # type: ignore[no-untyped-def]
        gate = Path(os.environ.get("GWT_TEST_MAIL_GATE", "/nonexistent"))
        if gate.exists():
            Path(f"{gate}.reached").touch()
            while gate.exists():
                time.sleep(0.05)
        return super().send_messages(email_messages)

"""``notifications.smtp_wire`` hands ``sendmail`` what Django's SMTP backend hands it: the
same sanitised addresses and the same bytes, the MIME boundaries drawn from the same random
numbers and kept or changed as the standard library keeps or changes them."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import sanitize_address
from hypothesis import given, settings
from hypothesis import strategies as st

from notifications import emails, smtp_wire
from notifications.emails import PlayerEmail

DATE = "Thu, 26 Nov 2026 12:00:00 -0000"
# Any text, with lines that start like a boundary now and then.
BODIES = st.lists(
    st.one_of(
        st.text(max_size=80),
        st.just("--==============="),
        st.builds(lambda n: "--" + "=" * 15 + str(n) + "==", st.integers(0, 10**19)),
        st.text(alphabet="=-0123456789", max_size=45),
    ),
    max_size=8,
).map("\n".join)


def _email(body: str, html: str) -> PlayerEmail:
    email = PlayerEmail(
        subject="À toi de jouer dans « Dimanche » (k3x9)",
        body=body,
        from_email="Great Western Trail <play@example.test>",
        to=["ann@example.test", "Bob Été <bob@exämple.test>"],
        headers={"Message-ID": "<notification-7@example.test>", "Date": DATE},
    )
    email.attach_alternative(html, "text/html")
    return email


def _django(email: EmailMultiAlternatives) -> tuple[str, list[str], bytes]:
    """``django.core.mail.backends.smtp.EmailBackend._send``'s arguments to ``sendmail``."""
    sender = sanitize_address(email.from_email, "utf-8")
    recipients = [sanitize_address(value, "utf-8") for value in email.recipients()]
    return sender, recipients, email.message().as_bytes(linesep="\r\n")


def _both(email: EmailMultiAlternatives, seed: int) -> tuple[Any, Any]:
    random.seed(seed)
    reference = _django(email)
    random.seed(seed)
    return reference, smtp_wire.envelope(email)


@settings(max_examples=150, deadline=None)
@given(body=BODIES, html=BODIES, seed=st.integers(0, 2**32))
def test_the_envelope_is_what_django_sends(body: str, html: str, seed: int) -> None:
    reference, quick = _both(_email(body, html), seed)
    assert quick == reference


def test_a_boundary_found_in_the_text_is_changed_as_the_standard_library_changes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    token = 1234
    boundary = "=" * 15 + f"{token:0{len(repr(sys.maxsize - 1))}d}" + "=="
    body = f"Hello\n--{boundary}\n--{boundary}.0--\nbye\n"
    monkeypatch.setattr(random, "randrange", lambda _: token)
    email = _email(body, f"<p>--{boundary}</p>")
    # On "\n" lines the standard library finds its boundary in the text and changes it (on
    # "\r\n" lines its expression finds no line's end: it keeps it, and so does ours).
    for linesep, chosen in (("\n", f"{boundary}.1"), ("\r\n", boundary)):
        quick = smtp_wire.wire_bytes(email.message(), linesep=linesep)
        assert quick == email.message().as_bytes(linesep=linesep)
        assert f'boundary="{chosen}"'.encode() in quick


def test_an_address_is_sanitised_once_and_a_bad_one_is_refused_every_time() -> None:
    assert smtp_wire.address("Ann <ann@example.test>", "utf-8") == sanitize_address(
        "Ann <ann@example.test>", "utf-8"
    )
    assert smtp_wire.address(("Ann", "ann@example.test"), "utf-8") == "Ann <ann@example.test>"
    for _ in range(2):
        with pytest.raises(ValueError, match="Invalid address"):
            smtp_wire.address("not an address <", "utf-8")


def test_the_kept_connections_send_through_it(settings: Any) -> None:
    settings.EMAIL_BACKEND = smtp_wire.DJANGO_SMTP
    assert type(emails._kept_backend()) is smtp_wire.EmailBackend
    # Any other SMTP backend is used as it is.
    settings.EMAIL_BACKEND = "tests.notifications.gated_backend.GatedSMTPBackend"
    assert type(emails._kept_backend()).__name__ == "GatedSMTPBackend"

"""``notifications.mime_direct`` writes a player's email as Django's MIME message and the
standard library's generator write it, byte for byte, and leaves every other shape to them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.core.mail import EmailMultiAlternatives
from hypothesis import given, settings
from hypothesis import strategies as st

from notifications import mime_direct, smtp_wire
from notifications.emails import PlayerEmail

# Lines of any text, long ones now and then (past 998 bytes: quoted-printable, left to
# Django), and every kind of line break.
LINES = st.lists(
    st.one_of(
        st.text(max_size=60),
        st.text(alphabet="aé€ ", min_size=300, max_size=400),
        st.sampled_from(["", "From here", "--==============", ".", " x "]),
    ),
    max_size=6,
)
BODIES = st.tuples(LINES, st.sampled_from(["\n", "\r\n", "\r"]), st.booleans()).map(
    lambda t: t[1].join(t[0]) + (t[1] if t[2] else "")
)
HEADER_TEXT = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=126), max_size=90),
    st.text(max_size=40).filter(lambda s: "\n" not in s and "\r" not in s),
)
ADDRESSES = st.sampled_from(
    ["ann@example.test", "Ann <ann@example.test>", "Bob Été <bob@example.test>"]
)


def made(
    subject: str,
    body: str,
    html: str,
    to: list[str],
    reply_to: list[str],
    extra: dict[str, str],
) -> PlayerEmail:
    email = PlayerEmail(
        subject=subject,
        body=body,
        from_email="Great Western Trail <play@example.test>",
        to=to,
        reply_to=reply_to,
        headers={"Message-ID": "<notification-7@example.test>", **extra},
    )
    email.attach_alternative(html, "text/html")
    return email


def both(email: EmailMultiAlternatives, seed: int, linesep: str = "\r\n") -> tuple[Any, Any]:
    random.seed(seed)
    direct = mime_direct.message_bytes(email, linesep)
    random.seed(seed)
    reference = email.message().as_bytes(linesep=linesep)
    return direct, reference


@pytest.fixture(autouse=True)
def same_second(monkeypatch):
    """Both writings in the same second: Date is the time it is written."""
    monkeypatch.setattr(mime_direct, "formatdate", lambda localtime: "Thu, 26 Nov 2026 12:00:00")
    monkeypatch.setattr(
        "django.core.mail.message.formatdate", lambda localtime: "Thu, 26 Nov 2026 12:00:00"
    )


@settings(max_examples=300, deadline=None)
@given(
    subject=HEADER_TEXT,
    body=BODIES,
    html=BODIES,
    to=st.lists(ADDRESSES, max_size=2),
    reply_to=st.lists(ADDRESSES, max_size=1),
    extra=st.dictionaries(
        st.sampled_from(["List-Unsubscribe", "X-GWT-Notification", "Auto-Submitted"]),
        HEADER_TEXT,
        max_size=3,
    ),
    seed=st.integers(0, 2**32),
    linesep=st.sampled_from(["\r\n", "\n"]),
)
def test_a_player_email_is_written_as_django_writes_it(
    subject, body, html, to, reply_to, extra, seed, linesep
):
    direct, reference = both(made(subject, body, html, to, reply_to, extra), seed, linesep)
    if direct is not None:
        assert direct == reference
    else:  # only what Django writes otherwise: a line too long for 8bit, an empty body
        assert not body or any(len(line.encode()) > 998 for line in (body + html).splitlines())


def test_a_turn_email_is_written_directly(monkeypatch):
    email = made(
        "Your turn in Sunday game", "Hello,\n\n  1. start A\n", "<p>é</p>", ["a@b.test"], [], {}
    )
    direct, reference = both(email, 1)
    assert direct is not None
    assert direct == reference
    random.seed(1)
    assert smtp_wire.envelope(email)[2] == reference


@pytest.mark.parametrize(
    "change",
    [
        lambda e: setattr(e, "cc", ["c@example.test"]),
        lambda e: e.attach("a.txt", "x", "text/plain"),
        lambda e: e.attach_alternative("x", "text/x-other"),
        lambda e: setattr(e, "encoding", "latin-1"),
        lambda e: e.extra_headers.update({"Date": "Thu, 26 Nov 2026 12:00:00"}),
        lambda e: e.extra_headers.update({"To": "other@example.test"}),
        lambda e: e.extra_headers.pop("Message-ID"),
        lambda e: setattr(e, "body", ""),
    ],
)
def test_any_other_shape_is_left_to_django(change):
    email = made("Hi", "Hello\n", "<p>Hello</p>", ["a@b.test"], [], {})
    change(email)
    assert mime_direct.message_bytes(email) is None

"""What a player wrote, without quotes, signatures and reply headers."""

from __future__ import annotations

import email
from email.policy import default

import pytest

from notifications.reply_text import html_to_text, message_text, reply_lines
from tests.notifications.inbound_support import STYLES, attachment_only

ORIGINAL = "Hello alice,\n\nYour options now:\n  1. start A\n  2. start B\n\nmove B-2"


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("parse", ["modern", "compat32"])
def test_every_client_style_gives_back_just_the_lines_written(style, parse):
    raw = STYLES[style](
        "alice@example.test", "reply+x@reply.example.test", ["3", "move B-2"], original=ORIGINAL
    )
    if parse == "modern":
        message = email.message_from_bytes(raw, policy=default)
    else:
        message = email.message_from_bytes(raw)
    assert reply_lines(message_text(message)) == ["3", "move B-2"]


def test_a_message_with_only_an_attachment_has_no_text():
    raw = attachment_only("alice@example.test", "reply+x@reply.example.test")
    assert message_text(email.message_from_bytes(raw, policy=default)) is None


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("end\n\nOn Tue, 3 Nov 2026, GWT <a@b> wrote:\n> 1. start A\n", ["end"]),
        ("end\nOn Tue, 3 Nov 2026 at 10:05, Great Western Trail\n<reply+x@y> wrote:\n> x", ["end"]),
        ("end\n-----Original Message-----\nFrom: x\nstart A", ["end"]),
        (
            "end\n\nFrom: Great Western Trail\nSent: Tuesday\nTo: alice\nSubject: x\n\nstart A",
            ["end"],
        ),
        ("end\n-- \nAlice\nstart A", ["end"]),
        ("end\n\nSent from my iPhone\n", ["end"]),
        ("end\r\n\r\nGet Outlook for Android\r\n", ["end"]),
        ("> quoted first\nstart B\n> quoted\nend", ["start B", "end"]),
        ("Le mar. 3 nov. 2026 à 10:05, GWT <a@b> a écrit :\n> x", []),
        ("Am 03.11.2026 um 10:05 schrieb GWT <a@b>:\n> x", []),
        ("  start   B  \n\u00a0\n  end", ["start   B", "end"]),
    ],
)
def test_quotes_and_signatures_are_dropped(text, lines):
    assert reply_lines(text) == lines


def test_html_is_read_block_by_block_without_styles_or_quotes():
    html = (
        "<html><head><style>p {color: red}</style></head><body>"
        "<div>start B</div><p>aux&nbsp;gain<br>end</p>"
        '<blockquote type="cite">start A</blockquote><p>after the quote</p>'
        '<div class="gmail_quote">On ... wrote: start C</div><p>never</p></body></html>'
    )
    assert reply_lines(html_to_text(html)) == ["start B", "aux gain", "end", "after the quote"]

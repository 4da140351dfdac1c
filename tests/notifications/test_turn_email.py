"""The "your turn" email written in Python (notifications/turn_email.py) says exactly what its
templates (your_turn.txt and .html, which stay the reference) render, in every language and
every branch: same words, spacing and escaping."""

from __future__ import annotations

from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from notifications import emails, turn_email

CHOICES = [
    {"n": 1, "text": "start A", "words": "Start on neutral building A", "cost": ""},
    {"n": 2, "text": "x <b> & 'y'", "words": 'Take "it"', "cost": "$1"},
]
BASE: dict[str, Any] = {
    "name": "bob <b>",
    "game_name": "Sunday & 'friends' (game k3x9)",
    "colour": "blue",
    "game_url": "http://127.0.0.1:8000/games/k3x9/?a=1&b=2",
    "site_url": "http://127.0.0.1:8000",
    "unsubscribe_url": "http://127.0.0.1:8000/unsubscribe/abc:def/",
    "moves_help_url": "http://127.0.0.1:8000/help/moves/",
    "money": 7,
    "hand": ["Jersey (value 1)"],
    "herder_word": "cattleman",
    "herder": "at B-2",
    "engine_at": 3,
    "certificates": 1,
    "exchange_tokens": None,
    "workers": "1 cowboy",
    "objectives": [],
    "draw_pile": 9,
    "decision": "",
    "choices": CHOICES,
    "reply_to": "play+abc@example.test",
    "plan": None,
    "concerns": [],
    "concerns_replay_url": "",
    "summary": [],
    "summary_more": 0,
    "options": [],
    "options_more": 0,
    "deadline": "",
    "clock_lines": [],
}
VARIANTS: list[dict[str, Any]] = [
    {},
    {"plan": {"played": ["buy 2", "move <3>"], "stopped_before": "", "reason": ""}},
    {"plan": {"played": [], "stopped_before": "hire & 'x'", "reason": "it costs <$4>"}},
    {"plan": {"played": ["a"], "stopped_before": "b", "reason": "c"}, "concerns": ["#3 x"]},
    {"plan": {"played": [1, 2]}},  # not strings: the join filter leaves the list
    {"plan": {"other": 1}},
    {
        "concerns": ["#4 alice (red): moved <to> B", "#5 bot & co: 'hired'"],
        "concerns_replay_url": "http://127.0.0.1:8000/games/k3x9/replay/?at=4&only=4,5",
    },
    {"summary": ["alice: moved", "bob <b>: hired"], "summary_more": 3},
    {"summary": ["alice: moved"], "summary_more": 0, "deadline": "Monday 3 <pm> & co"},
    {"deadline": "Tuesday", "clock_lines": ["You have 2 days left.", "<Nights> & 'weekends'"]},
    {"choices": [], "options": ["start A (Start)", "x <y> & 'z'"], "options_more": 0},
    {"choices": [], "options": ["start A"], "options_more": 42},
    {"choices": [], "options": [], "reply_to": ""},
    {"reply_to": "", "summary": ["a"], "summary_more": 1000, "concerns": ["#1 a"]},
]


def context_of(values: dict[str, Any]) -> dict[str, Any]:
    """What ``emails._context`` gives the templates: the lists written, the facts to call."""
    context = dict(values)
    emails.add_written_parts(context)
    return context


def rendered(context: dict[str, Any]) -> tuple[str, str]:
    return (
        render_to_string("notifications/email/your_turn.txt", context),
        render_to_string("notifications/email/your_turn.html", context),
    )


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_turn_email_reads_as_its_templates_render_it(language, variant):
    with translation.override(language):
        context = context_of({**BASE, **variant})
        text, html = rendered(context)
        assert turn_email.text(context) == text
        assert turn_email.html(context) == html


@pytest.mark.parametrize("language", ["en", "fr"])
def test_values_missing_from_an_old_context_are_shown_as_the_templates_show_them(language):
    context = context_of({**BASE, "plan": {"played": ["a"], "stopped_before": "b"}})
    for key in ("name", "colour", "game_url", "site_url", "unsubscribe_url", "clock_lines"):
        del context[key]
    context["deadline"] = "soon"
    with translation.override(language):
        text, html = rendered(context)
        assert turn_email.text(context) == text
        assert turn_email.html(context) == html

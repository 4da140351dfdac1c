"""The email's long lists written in Python say exactly what the template loops they replace
wrote (notifications/email_lines.py): same spacing, same escaping."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from django.template import Context, Template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy
from hypothesis import given
from hypothesis import strategies as st

from notifications import email_lines

# The loops as the templates had them (_turn_facts.txt/.html, your_turn.txt/.html).
CHOICES_TEXT = (
    "{% autoescape off %}{% for choice in choices %}  {{ choice.n }}. {{ choice.text }}"
    "{% if choice.words or choice.cost %}  ({{ choice.words }}"
    "{% if choice.words and choice.cost %}; {% endif %}{{ choice.cost }}){% endif %}\n"
    "{% endfor %}{% endautoescape %}"
)
CHOICES_HTML = (
    '{% for choice in choices %}<li value="{{ choice.n }}"><code>{{ choice.text }}</code>'
    "{% if choice.words %} &ndash; {{ choice.words }}{% endif %}"
    '{% if choice.cost %} <span style="color: #6b5a45;">({{ choice.cost }})</span>{% endif %}'
    "</li>{% endfor %}"
)
SUMMARY_TEXT = (
    "{% autoescape off %}{% for line in summary %}  - {{ line }}\n{% endfor %}{% endautoescape %}"
)
SUMMARY_HTML = "{% for line in summary %}<li>{{ line }}</li>{% endfor %}"

CHOICES: list[list[dict[str, Any]]] = [
    [],
    [{"n": 1, "text": "start A", "words": "Start on neutral building A", "cost": ""}],
    [
        {"n": 1, "text": "x <b>", "words": 'Take "it" & go', "cost": "$1 'now'"},
        {"n": 2, "text": "pay 3", "words": "", "cost": "$3 in fees"},
        {"n": 10, "text": "end", "words": "", "cost": ""},
        {"n": 1234, "text": "big", "words": "w", "cost": "c"},
        {"n": 5, "text": "old"},  # options stored before they had words
    ],
]
SUMMARIES = [[], ["alice (red): moved to B-2", "bob <script>&amp; 'x'", 'say "hi"']]


def render(source: str, **context: Any) -> str:
    return Template(source).render(Context(context))


@pytest.mark.parametrize("choices", CHOICES)
def test_the_options_read_as_the_template_loop_wrote_them(choices):
    assert email_lines.choice_lines(choices) == render(CHOICES_TEXT, choices=choices)
    assert email_lines.choice_items(choices) == render(CHOICES_HTML, choices=choices)


@pytest.mark.parametrize("summary", SUMMARIES)
def test_the_summary_reads_as_the_template_loop_wrote_it(summary):
    assert email_lines.summary_lines(summary) == render(SUMMARY_TEXT, summary=summary)
    assert email_lines.summary_items(summary) == render(SUMMARY_HTML, summary=summary)


def test_html_values_are_escaped_and_the_text_part_keeps_them_as_written():
    choices = [{"n": 1, "text": "<b>", "words": "a & b", "cost": ""}]
    assert "<code>&lt;b&gt;</code> &ndash; a &amp; b" in email_lines.choice_items(choices)
    assert email_lines.choice_lines(choices) == "  1. <b>  (a & b)\n"


ODD_VALUES: list[Any] = [
    "",
    "plain",
    "<b> & \"quoted\" 'single'",
    mark_safe("<b>safe</b>"),
    gettext_lazy("Your options now:"),
    0,
    -12,
    True,
    None,
    Decimal("1.50"),
    2.5,
    ["a", "<b>"],
]


@pytest.mark.parametrize("value", ODD_VALUES, ids=repr)
def test_escaped_is_conditional_escape(value):
    assert email_lines.escaped(value) == str(conditional_escape(value))


@given(st.one_of(st.text(), st.integers()))
def test_escaped_is_conditional_escape_for_any_text_or_integer(value):
    assert email_lines.escaped(value) == str(conditional_escape(value))

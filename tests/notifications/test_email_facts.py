"""The player's position and how to reply, written in Python (notifications/email_facts.py),
say exactly what the partial templates they replace wrote, in every language: same words,
spacing and escaping."""

from __future__ import annotations

from typing import Any

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation

from notifications import email_facts, email_lines

# The partials as they were (_turn_facts.txt/.html, with the _how_to_reply.txt/.html they
# included in place of the include); the text part was rendered with autoescape off.
FACTS_TEXT = (
    '{% load i18n %}{% translate "Your position:" %} ${{ money }}, {{ herder_word }}'
    " {{ herder }}, {% blocktranslate %}engine at {{ engine_at }}"
    "{% endblocktranslate %}, {% blocktranslate count certificates=certificates %}"
    "{{ certificates }} certificate{% plural %}{{ certificates }}"
    " certificates{% endblocktranslate %}{% if exchange_tokens is not None %}"
    ", {% blocktranslate count exchange_tokens=exchange_tokens %}"
    "{{ exchange_tokens }} exchange token{% plural %}{{ exchange_tokens }}"
    ' exchange tokens{% endblocktranslate %}{% endif %}; {% translate "workers:" %}'
    " {{ workers }}.\n"
    '{% translate "Your hand:" %} {% if hand %}{{ hand|join:", " }}{% else %}'
    '{% translate "(empty)" %}{% endif %}'
    " ({% blocktranslate count draw_pile=draw_pile %}{{ draw_pile }}"
    " card in your draw pile{% plural %}{{ draw_pile }}"
    " cards in your draw pile{% endblocktranslate %}).\n"
    '{% if objectives %}{% translate "Your objectives:" %} {{ objectives|join:"; " }}'
    ".\n"
    "{% endif %}{% if decision %}\n"
    '{% translate "Now:" %} {{ decision }}.\n'
    "{% endif %}\n"
    '{% translate "Your options now:" %}\n'
    "{{ choice_lines }}{% load i18n %}{% if reply_to %}\n"
    '{% translate "To play by email, reply to this message. Write one move per line'
    ' above the quoted text:" %}\n'
    "{% if choices %}{% blocktranslate with n=choices.0.n text=choices.0.text %}"
    'an option number from the list (e.g. "{{ n }}'
    '") or the move\'s notation (e.g. "{{ text }}").{% endblocktranslate %}{% else %}'
    '{% blocktranslate with n="1" text="end" %}'
    'an option number from the list (e.g. "{{ n }}'
    '") or the move\'s notation (e.g. "{{ text }}").{% endblocktranslate %}{% endif %}'
    "\n"
    '{% translate "Several lines are played in order as one batch: all of them, or'
    ' none if one fails." %}\n'
    '{% endif %}{% translate "Move notation:" %} {{ moves_help_url }}\n'
    "\n"
)
FACTS_HTML = (
    "{% load i18n %}"
    '<p style="margin-bottom: 4px;"><strong>{% translate "Your position:" %}'
    "</strong> ${{ money }}, {{ herder_word }} {{ herder }}, {% blocktranslate %}"
    "engine at {{ engine_at }}{% endblocktranslate %}"
    ", {% blocktranslate count certificates=certificates %}{{ certificates }}"
    " certificate{% plural %}{{ certificates }} certificates{% endblocktranslate %}"
    "{% if exchange_tokens is not None %}"
    ", {% blocktranslate count exchange_tokens=exchange_tokens %}"
    "{{ exchange_tokens }} exchange token{% plural %}{{ exchange_tokens }}"
    ' exchange tokens{% endblocktranslate %}{% endif %}; {% translate "workers:" %}'
    " {{ workers }}.</p>\n"
    '<p style="margin: 4px 0;"><strong>{% translate "Your hand:" %}'
    '</strong> {% if hand %}{{ hand|join:", " }}{% else %}{% translate "(empty)" %}'
    "{% endif %} ({% blocktranslate count draw_pile=draw_pile %}{{ draw_pile }}"
    " card in your draw pile{% plural %}{{ draw_pile }}"
    " cards in your draw pile{% endblocktranslate %}).</p>\n"
    "{% if objectives %}"
    '<p style="margin: 4px 0;"><strong>{% translate "Your objectives:" %}'
    '</strong> {{ objectives|join:"; " }}.</p>{% endif %}\n'
    '{% if decision %}<p><strong>{% translate "Now:" %}</strong> {{ decision }}'
    ".</p>{% endif %}\n"
    '<p>{% translate "Your options now:" %}</p>\n'
    '<ol style="font-family: monospace;">{{ choice_items }}</ol>\n'
    "{% load i18n %}{% if reply_to %}"
    '<p style="background: #f1e6d2; padding: 8px;">{% if choices %}'
    "{% blocktranslate with n=choices.0.n text=choices.0.text %}"
    "To play by email, <strong>reply to this message</strong>. Write one move per"
    " line above the quoted text: an option number from the list (e.g. <code>{{ n }}"
    "</code>) or the move's notation (e.g. <code>{{ text }}"
    "</code>). Several lines are played in order as one batch: all of them, or none"
    " if one fails.{% endblocktranslate %}{% else %}"
    '{% blocktranslate with n="1" text="end" %}'
    "To play by email, <strong>reply to this message</strong>. Write one move per"
    " line above the quoted text: an option number from the list (e.g. <code>{{ n }}"
    "</code>) or the move's notation (e.g. <code>{{ text }}"
    "</code>). Several lines are played in order as one batch: all of them, or none"
    " if one fails.{% endblocktranslate %}{% endif %}</p>\n"
    '{% endif %}<p style="font-size: 13px;"><a href="{{ moves_help_url }}'
    '">{% translate "Move notation reference" %}</a></p>\n'
    "\n"
)

CHOICES = [
    {"n": 1, "text": "start A", "words": "Start on neutral building A", "cost": ""},
    {"n": 2, "text": "x <b> & 'y'", "words": 'Take "it"', "cost": "$1"},
]
BASE: dict[str, Any] = {
    "money": 7,
    "hand": ["Jersey (value 1)", "Dutch Belt (value 2)"],
    "herder_word": "cattleman",
    "herder": "at B-2",
    "engine_at": 3,
    "certificates": 1,
    "exchange_tokens": None,
    "workers": "1 cowboy, 1 craftsman",
    "objectives": [],
    "draw_pile": 9,
    "decision": "",
    "choices": CHOICES,
    "reply_to": "",
    "moves_help_url": "http://example.test/help/moves/?a=1&b=2",
}
VARIANTS: list[dict[str, Any]] = [
    {},
    {"reply_to": "play+abc@example.test"},
    {"reply_to": "r@example.test", "choices": [], "hand": [], "draw_pile": 1},
    {"certificates": 0, "exchange_tokens": 2, "objectives": ["O1 (A B, 3 VP)", "O<2> & 'x'"]},
    {"exchange_tokens": 1, "decision": "Choose <a> & 'b'", "money": 2.5, "engine_at": None},
    {"herder": '<at> "X"', "workers": "a & b", "hand": ["<c>"], "certificates": 2},
    {"reply_to": "r@example.test", "choices": [{"text": "no number"}]},
]


def render(source: str, context: dict[str, Any]) -> str:
    return Template(source).render(Context(context))


def both(context: dict[str, Any]) -> tuple[dict[str, Any], str, str]:
    full = dict(context)
    full["choice_lines"] = email_lines.choice_lines(full.get("choices") or [])
    full["choice_items"] = email_lines.choice_items(full.get("choices") or [])
    old_text = render("{% autoescape off %}" + FACTS_TEXT + "{% endautoescape %}", full)
    return full, old_text, render(FACTS_HTML, full)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_the_facts_read_as_the_partials_wrote_them(language, variant):
    with translation.override(language):
        context, text, html = both({**BASE, **variant})
        assert email_facts.turn_facts_text(context) == text
        assert email_facts.turn_facts_html(context) == html


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_value_missing_from_an_old_context_is_shown_as_the_partials_showed_it(language):
    context = {**BASE, "reply_to": "r@example.test"}
    for key in ("money", "herder_word", "workers", "engine_at", "moves_help_url", "hand"):
        del context[key]
    with translation.override(language):
        context, text, html = both(context)
        assert email_facts.turn_facts_text(context) == text
        assert email_facts.turn_facts_html(context) == html


def test_a_count_that_is_not_a_number_is_a_template_error_as_it_was():
    context = {**BASE, "certificates": None}
    with pytest.raises(TemplateSyntaxError):
        render(FACTS_HTML, context)
    with pytest.raises(TemplateSyntaxError):
        email_facts.turn_facts_html(context)
    with pytest.raises(TemplateSyntaxError):
        email_facts.turn_facts_text(context)

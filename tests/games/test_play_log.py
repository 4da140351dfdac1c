"""The game page's log rows written in Python (``games.web.play_log``) are the bytes the
template loop they replaced wrote, in every combination of what a row may show."""

from __future__ import annotations

import itertools

import pytest
from django.template import engines
from django.utils import translation
from django.utils.safestring import mark_safe

from games.web.play_log import log_items

# The loop of games/play/_log.html before its rows were written in Python.
TEMPLATE_LOOP = (
    "{% load i18n %}"
    "{% for e in log %}\n"
    '      <li value="{{ e.seq }}"{% if e.notation %} title="{% blocktranslate with'
    ' notation=e.notation %}Notation: {{ notation }}{% endblocktranslate %}"{% endif %}>'
    '<span class="log-seq">#{{ e.seq }}</span> {% if e.who %}<span class="log-who">'
    "{{ e.who }}</span>: {% endif %}{% if e.taken_back %}"
    '<span class="log-taken-back">{{ e.text }}</span> <span class="log-taken-back-mark">'
    '{% translate "(taken back)" %}</span>{% else %}{{ e.text }}{% endif %}{% if e.from_plan %}'
    ' <span class="log-plan">{% translate "(from your plan)" %}</span>{% endif %}</li>\n'
    "    {% endfor %}"
)


def rows() -> list[dict[str, object]]:
    texts = ["Moved to the 2nd building space.", 'Sold <4> cattle & "hired"', mark_safe("<b>x</b>")]
    out: list[dict[str, object]] = []
    for seq, (text, notation, who, taken_back, plan) in enumerate(
        itertools.product(
            texts, ["", 'move 3 "a&b"'], ["", "Ann & <Co>"], [False, True], [None, False, True]
        ),
        start=995,
    ):
        row: dict[str, object] = {
            "seq": seq,
            "who": who,
            "text": text,
            "notation": notation,
            "taken_back": taken_back,
        }
        if plan is not None:  # the plan's display marks rows only for a plan's owner
            row["from_plan"] = plan
        out.append(row)
    return out


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_rows_are_the_bytes_the_template_loop_wrote(language):
    log = rows()
    with translation.override(language):
        expected = engines["django"].from_string(TEMPLATE_LOOP).render({"log": log})
        assert log_items(log) == expected
    assert "(repris)" in expected or language == "en"

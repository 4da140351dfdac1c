"""The game page's move buttons and its plan's, written in Python
(``games.web.move_buttons``), are the bytes the template loops they replaced wrote."""

from __future__ import annotations

import pytest
from django.template import engines
from django.utils import translation
from django.utils.safestring import mark_safe

from games.move_presentation import MoveChoice, MoveGroup
from games.web.move_buttons import move_buttons, plan_buttons

# The loops of games/play/_moves.html and _plan.html before their buttons were written in
# Python, with the text around them.
MOVES_LOOP = (
    "{% load i18n %}\n"
    "    {% for group in groups %}\n"
    '      <fieldset class="move-group" data-group="{{ group.key }}">\n'
    "        <legend>{{ group.title }}</legend>\n"
    "        {% for choice in group.choices %}\n"
    '          <button type="submit" name="move" value="{{ choice.index }}" class="move-button"\n'
    '                  data-move-index="{{ choice.index }}" data-move="{{ choice.move_json }}"'
    ' data-notation="{{ choice.notation }}" title="{% blocktranslate with'
    ' notation=choice.notation %}Notation: {{ notation }}{% endblocktranslate %}">'
    '{{ choice.text }}{% if choice.cost_text %} <span class="move-cost">{{ choice.cost_text }}'
    "</span>{% endif %}</button>\n"
    "        {% endfor %}\n"
    "      </fieldset>\n"
    "    {% endfor %}\n"
    "  </form>"
)
PLAN_LOOP = (
    "\n"
    "      {% for group in plan.groups %}\n"
    '        <fieldset class="move-group" data-group="{{ group.key }}">\n'
    "          <legend>{{ group.title }}</legend>\n"
    "          {% for choice in group.choices %}\n"
    '            <button type="submit" name="move" value="{{ choice.index }}" class="plan-button"'
    ' data-notation="{{ choice.notation }}">{{ choice.text }}{% if choice.cost_text %}'
    ' <span class="move-cost">{{ choice.cost_text }}</span>{% endif %}</button>\n'
    "          {% endfor %}\n"
    "        </fieldset>\n"
    "      {% endfor %}\n"
    "    </form>"
)
MOVES_NOW = "{% load i18n %}\n    {{ move_buttons }}\n  </form>"
PLAN_NOW = "\n      {{ plan.buttons }}\n    </form>"


def groups() -> list[MoveGroup]:
    texts = ["Move 2 spaces", 'Buy <2> cattle & "hire"', mark_safe("<b>safe</b>")]
    notations = ["", "move 3", 'buy "a&b" <x>']
    costs = ["", "$3 in fees", "+$2 & <more>"]
    found = []
    index = 0
    for number, key in enumerate(["move", "action:buy", 'odd"<key>&']):
        group = MoveGroup(key=key, title=f"Group {number} & <{key}>")
        for text in texts:
            for notation in notations:
                for cost in costs:
                    move = {"type": key, "n": index, "text": 'a "quoted" & <b>'}
                    group.choices.append(
                        MoveChoice(
                            index=index, move=move, text=text, notation=notation, cost_text=cost
                        )
                    )
                    index += 1
        found.append(group)
    found.append(MoveGroup(key="empty", title="No choices"))
    return found


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("count", [0, 1, 4])
def test_the_buttons_are_the_bytes_the_template_loops_wrote(language, count):
    offered = groups()[:count]
    django = engines["django"]
    with translation.override(language):
        expected = django.from_string(MOVES_LOOP).render({"groups": offered})
        written = django.from_string(MOVES_NOW).render({"move_buttons": move_buttons(offered)})
        assert written == expected
        expected = django.from_string(PLAN_LOOP).render({"plan": {"groups": offered}})
        plan = {"buttons": plan_buttons(offered)}
        assert django.from_string(PLAN_NOW).render({"plan": plan}) == expected
        if count:  # the title is in the reader's language
            assert ('title="Notation : move 3"' in written) == (language == "fr")

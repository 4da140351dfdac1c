"""The player's position and how to play by reply, in every email sent while it is their
turn, written in Python rather than by the partial templates that wrote them.

Those two partials (the position, hand, objectives, decision and numbered options, then how
to reply) were most of an email's ``{% translate %}`` and ``{% blocktranslate %}`` tags, and
in the template engine each tag is a lazy translation resolved, localized and escaped, which
made them the largest part of rendering a turn email (``bench/email_cost.py``). Here each
string is one ``gettext`` call with the same message id, so the catalogues are unchanged, and
the output is byte for byte what the partials wrote (``tests/notifications/
test_email_facts.py`` renders the partials as they were and compares): the text part takes
the values as they are (the text templates do not escape), the HTML part escapes the values
and the translated words as the template engine did, and a missing value is shown empty
where ``None`` is shown as ``None``, as ``{{ value }}`` shows them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from django.template import TemplateSyntaxError
from django.utils.formats import localize
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

from common.words import Words
from notifications.email_lines import escaped

MISSING = object()


# The facts are numbers and words, never times: ``{{ value }}`` localizes them (a decimal
# comma in French), and would only convert a time to the current time zone.
def as_text(value: Any) -> str:
    """A value as ``{{ value }}`` writes it in the text part (no escaping); a plain string,
    which ``localize`` leaves as it is, is returned at once."""
    if type(value) is str:
        return value
    return "" if value is MISSING else str(localize(value))


def as_html(value: Any) -> str:
    """The same in the HTML part (escaped unless marked safe): a plain string escaped
    directly (``email_lines.escaped``)."""
    if type(value) is str:
        return escaped(value)
    return "" if value is MISSING else str(conditional_escape(localize(value)))


def _count(context: Mapping[str, Any], key: str, tag: str = "blocktranslate") -> Any:
    """The number a ``{% blocktranslate count %}`` counts with; like the tag, anything else
    (a value missing from an old row's context) is a template error."""
    count = context.get(key, "")
    if not isinstance(count, (Decimal, float, int)):
        raise TemplateSyntaxError(f"{key!r} argument to {tag!r} tag must be a number.")
    return count


def _first_choice(context: Mapping[str, Any], key: str) -> Any:
    """``choices.0.<key>`` as the template engine looks it up (missing: shown empty)."""
    choices = context.get("choices") or []
    first = choices[0] if choices else {}
    return first.get(key, MISSING) if isinstance(first, Mapping) else MISSING


def _reply_example(context: Mapping[str, Any], show: Callable[[Any], str]) -> dict[str, str]:
    """The option number and notation the reply help shows as examples: the first option's,
    or "1" and "end" when the email lists none."""
    if not context.get("choices"):
        return {"n": "1", "text": "end"}
    return {"n": show(_first_choice(context, "n")), "text": show(_first_choice(context, "text"))}


def _position(
    context: Mapping[str, Any],
    show: Callable[[Any], str],
    lead: Callable[[str], str],
    words: Words,
) -> str:
    """The position line, up to its final full stop (the same words in both parts; ``lead``
    sets its first words apart)."""
    value = context.get
    certificates = _count(context, "certificates")
    your_position = words.gettext("Your position:")
    line = (
        f"{lead(your_position)} ${show(value('money', MISSING))},"
        f" {show(value('herder_word', MISSING))} {show(value('herder', MISSING))}, "
        + words.gettext("engine at %(engine_at)s")
        % {"engine_at": show(value("engine_at", MISSING))}
        + ", "
        + words.ngettext(
            "%(certificates)s certificate", "%(certificates)s certificates", certificates
        )
        % {"certificates": show(certificates)}
    )
    if value("exchange_tokens") is not None:
        tokens = _count(context, "exchange_tokens")
        line += ", " + words.ngettext(
            "%(exchange_tokens)s exchange token", "%(exchange_tokens)s exchange tokens", tokens
        ) % {"exchange_tokens": show(tokens)}
    workers = words.gettext("workers:")
    return f"{line}; {workers} {show(value('workers', MISSING))}."


def _draw_pile(context: Mapping[str, Any], show: Callable[[Any], str], words: Words) -> str:
    draw_pile = _count(context, "draw_pile")
    return words.ngettext(
        "%(draw_pile)s card in your draw pile", "%(draw_pile)s cards in your draw pile", draw_pile
    ) % {"draw_pile": show(draw_pile)}


def turn_facts_text(context: Mapping[str, Any]) -> str:
    """What ``_turn_facts.txt`` (and the ``_how_to_reply.txt`` it included) wrote."""
    value = context.get
    words = Words()
    hand = value("hand")
    objectives = value("objectives")
    out = [
        _position(context, as_text, str, words),
        "\n",
        words.gettext("Your hand:"),
        " ",
        ", ".join(hand) if hand else words.gettext("(empty)"),
        f" ({_draw_pile(context, as_text, words)}).\n",
    ]
    if objectives:
        your_objectives = words.gettext("Your objectives:")
        out.append(f"{your_objectives} {'; '.join(objectives)}.\n")
    if value("decision"):
        now = words.gettext("Now:")
        out.append(f"\n{now} {as_text(value('decision'))}.\n")
    out += ["\n", words.gettext("Your options now:"), "\n", as_text(value("choice_lines", MISSING))]
    if value("reply_to"):
        example = _reply_example(context, as_text)
        out += [
            "\n",
            words.gettext(
                "To play by email, reply to this message. Write one move per line above the"
                " quoted text:"
            ),
            "\n",
            words.gettext(
                'an option number from the list (e.g. "%(n)s") or the move\'s notation'
                ' (e.g. "%(text)s").'
            )
            % example,
            "\n",
            words.gettext(
                "Several lines are played in order as one batch: all of them, or none if one fails."
            ),
            "\n",
        ]
    out += [words.gettext("Move notation:"), " ", as_text(value("moves_help_url", MISSING)), "\n\n"]
    return "".join(out)


def turn_facts_html(context: Mapping[str, Any]) -> SafeString:
    """What ``_turn_facts.html`` (and the ``_how_to_reply.html`` it included) wrote."""
    value = context.get
    words = Words()

    def word(text: str) -> str:  # {% translate %}'s words: a safe message id, not escaped
        return text

    hand = value("hand")
    objectives = value("objectives")
    your_hand = words.gettext("Your hand:")
    your_objectives = words.gettext("Your objectives:")
    your_options = words.gettext("Your options now:")
    shown_hand = (
        ", ".join(escaped(card) for card in hand) if hand else word(words.gettext("(empty)"))
    )
    out = [
        '<p style="margin-bottom: 4px;">',
        _position(context, as_html, lambda text: f"<strong>{word(text)}</strong>", words),
        "</p>\n",
        f'<p style="margin: 4px 0;"><strong>{word(your_hand)}</strong> {shown_hand}',
        f" ({_draw_pile(context, as_html, words)}).</p>\n",
    ]
    if objectives:
        shown = "; ".join(escaped(item) for item in objectives)
        out.append(
            f'<p style="margin: 4px 0;"><strong>{word(your_objectives)}</strong> {shown}.</p>'
        )
    out.append("\n")
    if value("decision"):
        now = words.gettext("Now:")
        out.append(f"<p><strong>{word(now)}</strong> {as_html(value('decision'))}.</p>")
    out += [
        f"\n<p>{word(your_options)}</p>\n",
        f'<ol style="font-family: monospace;">{as_html(value("choice_items", MISSING))}</ol>\n',
    ]
    if value("reply_to"):
        example = _reply_example(context, as_html)
        out += [
            '<p style="background: #f1e6d2; padding: 8px;">',
            words.gettext(
                "To play by email, <strong>reply to this message</strong>. Write one move per"
                " line above the quoted text: an option number from the list (e.g."
                " <code>%(n)s</code>) or the move's notation (e.g. <code>%(text)s</code>)."
                " Several lines are played in order as one batch: all of them, or none if one"
                " fails."
            )
            % example,
            "</p>\n",
        ]
    out += [
        f'<p style="font-size: 13px;"><a href="{as_html(value("moves_help_url", MISSING))}">',
        word(words.gettext("Move notation reference")),
        "</a></p>\n\n",
    ]
    return mark_safe("".join(out))

"""The "your turn" email's text and HTML, written in Python rather than rendered from
``your_turn.txt`` and ``your_turn.html`` (and the ``base.txt`` and ``base.html`` they extend).

It is the email a worker sends most, and what was left in its templates (the greeting, the
plan, the catch-up, the deadline, the links and the footer, two dozen tags) still cost a
sixth of its CPU in the template engine's node walk and lookups (``bench/email_cost.py``).
Here each string is one ``gettext`` or ``ngettext`` call with the message id the template
tag made, so the catalogues are unchanged, and the output is byte for byte what the
templates write (``tests/notifications/test_turn_email.py`` renders the templates, which
stay the reference, and compares, in English and French): the text part takes the values
as they are, the HTML part escapes them, and the translated words are not escaped, as the
``{% translate %}`` of a literal and ``{% blocktranslate %}`` leave them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

from common.words import Words
from notifications.email_facts import MISSING, as_html, as_text
from notifications.email_lines import escaped


def _value(context: Mapping[str, Any], key: str) -> Any:
    """``{{ key }}`` as the template engine looks it up: a callable is called."""
    found = context.get(key, MISSING)
    return found() if callable(found) else found


def _attribute(value: Any, key: str) -> Any:
    """``value.key`` of a mapping (the plan's outcome), missing otherwise."""
    return value.get(key, MISSING) if isinstance(value, Mapping) else MISSING


def _joined(items: Any, show: Callable[[Any], str], escaping: bool) -> str:
    """``items|join:"; "`` shown: escaped item by item in the HTML part; a value that is not
    a list of strings is shown as it is, as the filter leaves it."""
    try:
        if escaping:
            return "; ".join([escaped(i) for i in items])
        return str("; ".join(items))
    except TypeError:
        return show(items)


def text(context: Mapping[str, Any]) -> str:
    """What ``your_turn.txt`` writes."""
    v = context.get
    words = Words()  # no language is activated while it writes
    show = as_text
    out = [
        words.gettext("Hello %(name)s,") % {"name": show(v("name", MISSING))},
        "\n\n",
        words.gettext("It is your turn in %(game_name)s (you play %(colour)s).")
        % {"game_name": show(v("game_name", MISSING)), "colour": show(v("colour", MISSING))},
        "\n",
    ]
    plan = v("plan")
    if plan:
        played = _attribute(plan, "played")
        if played is not MISSING and played:
            moves = _joined(played, show, escaping=False)
            out += ["\n", words.gettext("Your plan played: %(moves)s.") % {"moves": moves}]
        step = _attribute(plan, "stopped_before")
        if step is not MISSING and step:
            out += [
                "\n",
                words.gettext(
                    'Your plan stopped before "%(step)s": %(reason)s. The rest of the turn is'
                    " yours to decide."
                )
                % {"step": show(step), "reason": show(_attribute(plan, "reason"))},
            ]
        out.append("\n")
    concerns = v("concerns")
    if concerns:
        out += ["\n", words.gettext("What changed for you since your last decision:"), "\n"]
        out += [f"  - {show(line)}\n" for line in concerns]
        count = len(concerns)
        out += [
            words.ngettext(
                "Replay just this move: %(concerns_replay_url)s",
                "Replay just these %(n)s moves: %(concerns_replay_url)s",
                count,
            )
            % {"n": show(count), "concerns_replay_url": show(v("concerns_replay_url", MISSING))},
            "\n",
        ]
    if v("summary"):
        out += ["\n", words.gettext("Since your last turn:"), "\n"]
        more = v("summary_more")
        if more:
            out += [
                "  ... ",
                words.gettext("(%(summary_more)s earlier)") % {"summary_more": show(more)},
            ]
            out.append("\n")
        out.append(show(_value(context, "summary_lines")))
    if v("choices"):
        out += ["\n", show(_value(context, "turn_facts_text"))]
    elif v("options"):
        out += ["\n", words.gettext("Your options now:"), "\n"]
        out += [f"  - {show(line)}\n" for line in v("options") or ()]
        more = v("options_more")
        if more:
            out += [
                "  ... ",
                words.gettext("and %(options_more)s more") % {"options_more": show(more)},
            ]
            out.append("\n")
        out += [words.gettext("Move notation:"), " ", show(v("moves_help_url", MISSING)), "\n"]
    deadline = v("deadline")
    if deadline:
        out += [
            "\n",
            words.gettext("Please move before %(deadline)s.") % {"deadline": show(deadline)},
        ]
        out.append("\n")
        out += [f"{show(line)}\n" for line in v("clock_lines") or ()]
    out += [
        "\n",
        words.gettext("Play your move:"),
        " ",
        show(v("game_url", MISSING)),
        "\n\n--\nGreat Western Trail, ",
        show(v("site_url", MISSING)),
        "\n",
        words.gettext("Unsubscribe (one click, no login needed):"),
        " ",
        show(v("unsubscribe_url", MISSING)),
        "\n\n",
    ]
    return "".join(out)


def html(context: Mapping[str, Any]) -> SafeString:
    """What ``your_turn.html`` writes."""
    v = context.get
    words = Words()  # no language is activated while it writes
    show = as_html
    game_name, game_url = show(v("game_name", MISSING)), show(v("game_url", MISSING))
    out = [
        '<!doctype html>\n<html lang="',
        show(translation.get_language()),
        '">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,'
        ' initial-scale=1"><title>',
        words.gettext("Your turn in %(game_name)s") % {"game_name": game_name},
        "</title></head>\n"
        '<body style="font-family: Georgia, serif; color: #2b2118; background: #f6efe3;'
        ' margin: 0; padding: 16px;">\n'
        '<div style="max-width: 600px; margin: 0 auto; background: #fffaf2; padding: 20px;'
        ' border: 1px solid #d9c7a7;">\n<p>',
        words.gettext("Hello %(name)s,") % {"name": show(v("name", MISSING))},
        "</p>\n\n<p>",
        words.gettext(
            'It is <strong>your turn</strong> in <a href="%(game_url)s">%(game_name)s</a>'
            " (you play %(colour)s)."
        )
        % {"game_url": game_url, "game_name": game_name, "colour": show(v("colour", MISSING))},
        "</p>\n",
    ]
    plan = v("plan")
    if plan:
        played = _attribute(plan, "played")
        if played is not MISSING and played:
            moves = _joined(played, show, escaping=True)
            out += [
                "<p>",
                words.gettext("Your plan played: <code>%(moves)s</code>.") % {"moves": moves},
            ]
            out.append("</p>")
        step = _attribute(plan, "stopped_before")
        if step is not MISSING and step:
            stopped = words.gettext(
                "Your plan stopped before <code>%(step)s</code>: %(reason)s."
            ) % {
                "step": show(step),
                "reason": show(_attribute(plan, "reason")),
            }
            out += [
                "\n<p><strong>",
                stopped,
                "</strong> ",
                words.gettext("The rest of the turn is yours to decide."),
                "</p>",
            ]
    out.append("\n")
    concerns = v("concerns")
    if concerns:
        out += [
            "<p><strong>",
            words.gettext("What changed for you since your last decision:"),
            "</strong></p>\n<ul>",
        ]
        out += [f"<li>{show(line)}</li>" for line in concerns]
        count = len(concerns)
        replay = words.ngettext("Replay just this move", "Replay just these %(n)s moves", count)
        out += [
            '</ul>\n<p><a href="',
            show(v("concerns_replay_url", MISSING)),
            '">',
            replay % {"n": show(count)},
            "</a></p>",
        ]
    out.append("\n")
    if v("summary"):
        out += ["<p>", words.gettext("Since your last turn:"), "</p>\n<ul>"]
        more = v("summary_more")
        if more:
            earlier = words.gettext("(%(summary_more)s earlier)") % {"summary_more": show(more)}
            out += ["<li>&hellip; ", earlier, "</li>"]
        out += [show(_value(context, "summary_items")), "</ul>"]
    out.append("\n")
    if v("choices"):
        out += [show(_value(context, "turn_facts_html")), "\n"]
    elif v("options"):
        out += ["<p>", words.gettext("Your options now:"), "</p>\n<ul>"]
        out += [f"<li><code>{show(line)}</code></li>" for line in v("options") or ()]
        more = v("options_more")
        if more:
            out += [
                "<li>&hellip; ",
                words.gettext("and %(options_more)s more") % {"options_more": show(more)},
            ]
            out.append("</li>")
        out += [
            '</ul>\n<p style="font-size: 13px;"><a href="',
            show(v("moves_help_url", MISSING)),
            '">',
            words.gettext("Move notation reference"),
            "</a></p>",
        ]
    out.append("\n")
    deadline = v("deadline")
    if deadline:
        please = words.gettext("Please move before <strong>%(deadline)s</strong>.")
        out += ["<p>", please % {"deadline": show(deadline)}, "</p>"]
        out += [f'<p class="clock">{show(line)}</p>' for line in v("clock_lines") or ()]
    out += [
        '\n<p><a href="',
        game_url,
        '" style="background: #8a3b12; color: #fff; padding: 8px 14px; text-decoration: none;">',
        words.gettext("Play your move"),
        "</a></p>\n\n"
        '<hr style="border: none; border-top: 1px solid #d9c7a7; margin-top: 24px;">\n'
        '<p style="font-size: 12px; color: #6b5a45;">Great Western Trail, <a href="',
    ]
    site_url = show(v("site_url", MISSING))
    out += [
        site_url,
        '">',
        site_url,
        '</a><br>\n<a href="',
        show(v("unsubscribe_url", MISSING)),
        '">',
        words.gettext("Unsubscribe"),
        "</a> ",
        words.gettext("(one click, no login needed)"),
        "</p>\n</div>\n</body>\n</html>\n",
    ]
    return mark_safe("".join(out))

"""What a click from an out-of-date page is told: who changed the game since the page was
drawn, and that the click was not played.

A page's buttons belong to the position it shows (its version). When the game has moved on,
the service refuses the click (``StaleVersionError``); "the game is at version 12, not 11"
is true but tells a player nothing, so the page names the people (or the moderator, or the
clock) whose events came in between, and asks for a new choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.errors import StaleVersionError
from games.models import Event, EventKind

# What an event that is not a player's decision did, in the words of "... since this page
# was loaded" (marked for the catalogue, said in the reader's language).
_OTHER_ACTS: dict[str, str] = {
    EventKind.PAUSE: gettext_noop("a moderator paused the game"),
    EventKind.RESUME: gettext_noop("a moderator resumed the game"),
    EventKind.ROLLBACK: gettext_noop("a moderator rolled the game back"),
    EventKind.REPLACE_BY_BOT: gettext_noop("a moderator handed a seat to a bot"),
    EventKind.RESTORE: gettext_noop("a moderator gave a seat back to its player"),
    EventKind.ABANDON: gettext_noop("a moderator abandoned the game"),
    EventKind.EXTEND_DEADLINE: gettext_noop("a moderator moved the deadline"),
    EventKind.RULES_UPGRADE: gettext_noop("a moderator moved the game to newer rules"),
    EventKind.TIMEOUT: gettext_noop("a turn deadline passed"),
    EventKind.TAKEBACK_LAPSE: gettext_noop("a takeback request lapsed"),
}
_CHANGED = gettext_noop("the game changed")
# A seat's own events: (said of the reader, said of another player by name).
_SEAT_ACTS: dict[str, tuple[str, str]] = {
    EventKind.MOVE: (
        gettext_noop("you moved (in another window)"),
        gettext_noop("%(name)s moved"),
    ),
    EventKind.UNDO: (
        gettext_noop("you took a decision back (in another window)"),
        gettext_noop("%(name)s took a decision back"),
    ),
    EventKind.RESIGN: (gettext_noop("you resigned"), gettext_noop("%(name)s resigned")),
    EventKind.TAKEBACK_ASK: (
        gettext_noop("you asked for a takeback"),
        gettext_noop("%(name)s asked for a takeback"),
    ),
    EventKind.TAKEBACK_AGREE: (
        gettext_noop("you agreed to a takeback"),
        gettext_noop("%(name)s agreed to a takeback"),
    ),
    EventKind.TAKEBACK_REFUSE: (
        gettext_noop("you refused a takeback"),
        gettext_noop("%(name)s refused a takeback"),
    ),
    EventKind.TAKEBACK: (
        gettext_noop("your decision was taken back"),
        gettext_noop("%(name)s's decision was taken back"),
    ),
}


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return _("%(first)s and %(last)s") % {"first": ", ".join(parts[:-1]), "last": parts[-1]}


def _acts(events: Iterable[Event], names: Mapping[int, str], you: int | None) -> list[str]:
    """What happened, act by act, each once; an act that starts with a player's name keeps
    it as its owner spells it, the others are capitalised when they open the sentence."""
    acts: list[str] = []
    for event in events:
        if event.kind in _SEAT_ACTS:
            yours, theirs = _SEAT_ACTS[event.kind]
            seat = event.seat
            if seat == you:
                act = _(yours)
            elif seat is not None and seat in names:
                act = _(theirs) % {"name": names[seat]}
            else:
                act = _(theirs) % {"name": _("another player")}
        else:
            act = _(_OTHER_ACTS.get(event.kind, _CHANGED))
        if act not in acts:
            acts.append(act)
    return acts


def what_happened(events: Iterable[Event], names: Mapping[int, str], you: int | None) -> str:
    """'ben moved', 'you moved (in another window) and cleo took a decision back', ... in
    the order it happened, each actor and act once."""
    return _join(_acts(events, names, you)) or _(_CHANGED)


def stale_error(
    error: StaleVersionError, events: Iterable[Event], names: Mapping[int, str], you: int | None
) -> StaleVersionError:
    """The same refusal, telling the player what happened."""
    events = list(events)
    happened = what_happened(events, names, you)
    by_name = set(names.values()) - {""}
    if not any(happened.startswith(name) for name in by_name):
        # a username is written as its owner spells it; anything else opens with a capital
        happened = happened[:1].upper() + happened[1:]
    message = _(
        "%(happened)s since this page was loaded; your click was not played — choose again."
    ) % {"happened": happened}
    return StaleVersionError(
        expected=error.expected_version, current=error.current_version, message=message
    )

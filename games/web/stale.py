"""What a click from an out-of-date page is told: who changed the game since the page was
drawn, and that the click was not played.

A page's buttons belong to the position it shows (its version). When the game has moved on,
the service refuses the click (``StaleVersionError``); "the game is at version 12, not 11"
is true but tells a player nothing, so the page names the people (or the moderator, or the
clock) whose events came in between, and asks for a new choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from games.errors import StaleVersionError
from games.models import Event, EventKind

# What an event that is not a player's decision did, in the words of "... since this page
# was loaded".
_OTHER_ACTS: dict[str, str] = {
    EventKind.PAUSE: "a moderator paused the game",
    EventKind.RESUME: "a moderator resumed the game",
    EventKind.ROLLBACK: "a moderator rolled the game back",
    EventKind.REPLACE_BY_BOT: "a moderator handed a seat to a bot",
    EventKind.RESTORE: "a moderator gave a seat back to its player",
    EventKind.ABANDON: "a moderator abandoned the game",
    EventKind.EXTEND_DEADLINE: "a moderator moved the deadline",
    EventKind.RULES_UPGRADE: "a moderator moved the game to newer rules",
    EventKind.TIMEOUT: "a turn deadline passed",
}
_GENERIC_STARTS = ("a ", "another ", "the ", "you ")
_SEAT_VERBS: dict[str, str] = {EventKind.MOVE: "moved", EventKind.UNDO: "took a decision back"}


def _join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"


def what_happened(events: Iterable[Event], names: Mapping[int, str], you: int | None) -> str:
    """'ben moved', 'you moved (in another window) and cleo took a decision back', ... in
    the order it happened, each actor and act once."""
    acts: list[str] = []
    for event in events:
        if event.kind in _SEAT_VERBS or event.kind == EventKind.RESIGN:
            seat = event.seat
            if seat == you:
                who = "you"
                where = " (in another window)" if event.kind in _SEAT_VERBS else ""
            else:
                who = names.get(seat, "another player") if seat is not None else "another player"
                where = ""
            verb = _SEAT_VERBS.get(event.kind, "resigned")
            act = f"{who} {verb}{where}"
        else:
            act = _OTHER_ACTS.get(event.kind, "the game changed")
        if act not in acts:
            acts.append(act)
    return _join(acts) or "the game changed"


def stale_error(
    error: StaleVersionError, events: Iterable[Event], names: Mapping[int, str], you: int | None
) -> StaleVersionError:
    """The same refusal, telling the player what happened."""
    happened = what_happened(events, names, you)
    if happened.startswith(_GENERIC_STARTS):  # a username is written as its owner spells it
        happened = happened[:1].upper() + happened[1:]
    message = f"{happened} since this page was loaded; your click was not played — choose again."
    return StaleVersionError(
        expected=error.expected_version, current=error.current_version, message=message
    )

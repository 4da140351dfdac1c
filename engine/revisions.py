"""Rules revisions: a game is played, and replayed forever, under the rules it started with.

A *revision* is a number per edition that goes up whenever the engine's behaviour on some
sequence of moves changes: a rule correction, another reading of the rulebook, a fix that
makes a move legal or illegal, changes a price or a score. A *rules version* names both:
``"1e-1"`` is the 1st edition, revision 1.

The state carries its revision (``state["revision"]``; absent means 1, so that every state of
the first revision stays byte for byte what it always was). Old behaviour is kept beside the
new one at the very point that changed, and nowhere else::

    if revisions.since(state, 2):  # R1-XXX-NN read as ... (docs/rules-notes.md)
        ...the corrected rule...
    else:
        ...the rule as revision 1 played it...

so a game started under revision 1 finishes under revision 1 and its record replays to the
same states, views and scores after any later release, while new games get the newest
revision (``current``). A revision is never removed, and ``REVISIONS`` says what each one
changed; ``docs/rules-notes.md`` ("Rules revisions") has the procedure.
"""

from __future__ import annotations

from engine.errors import IllegalMove
from engine.state_types import State

# Edition -> revision -> what changed in it (the first: the edition as first served).
REVISIONS: dict[str, dict[int, str]] = {
    "1e": {1: "The 1st edition as first served (every rule of rules-checklist-1e)."},
    "2e": {1: "The 2nd edition as first served (rules-checklist-2e with the kept 1e rules)."},
}
FIRST = 1


def current(edition: str) -> int:
    """The revision new games of ``edition`` are played under."""
    return max(_revisions(edition))


def of(state: State) -> int:
    """The revision ``state`` is played under."""
    return state.get("revision", FIRST)


def since(state: State, revision: int) -> bool:
    """Whether ``state`` plays the rules of ``revision`` or a later one (for the branches
    that keep an older behaviour)."""
    return of(state) >= revision


def check(edition: str, revision: int) -> int:
    """``revision`` if ``edition`` has it; IllegalMove("bad_revision") otherwise."""
    if (
        not isinstance(revision, int)
        or isinstance(revision, bool)
        or revision not in _revisions(edition)
    ):
        known = ", ".join(str(r) for r in sorted(_revisions(edition)))
        raise IllegalMove(
            "bad_revision", f"Edition {edition!r} has no rules revision {revision!r} ({known})."
        )
    return revision


def version(edition: str, revision: int) -> str:
    """The rules version's name: ``version("1e", 1) == "1e-1"``."""
    return f"{edition}-{revision}"


def parse(name: str) -> tuple[str, int]:
    """``"1e-1"`` -> ``("1e", 1)``; IllegalMove("bad_rules_version") for anything else."""
    edition, _, number = str(name).rpartition("-")
    if not edition or not number.isdigit():
        raise IllegalMove("bad_rules_version", f"{name!r} is not a rules version like '1e-1'.")
    return edition, check(edition, int(number))


def _revisions(edition: str) -> dict[int, str]:
    known = REVISIONS.get(edition)
    if known is None:
        names = ", ".join(repr(e) for e in REVISIONS)
        raise IllegalMove("bad_edition", f"Edition {edition!r} is not available; use {names}.")
    return known

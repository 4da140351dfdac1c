"""The position in words: the status line at the top of the table, and the descriptions
that are the boards' ``<desc>`` (what a screen reader announces for the drawing).
"""

from __future__ import annotations

from django.utils.translation import gettext

from games.board.editions import edition
from games.board.layout import WORKER_PLURAL
from games.board.words import Names, View, plural, seat_label
from games.move_presentation import decision_text
from games.terms import names as term_names
from games.terms.places import edition_of, place_name, track_name


def status_line(view: View, names: Names = None) -> str:
    """Whose turn it is and what they decide, or that the game is over."""
    if view.get("over"):
        return gettext("Game over")
    current = view.get("current_player")
    if current is None:
        return gettext("Waiting")
    what = decision_text(view.get("decision"), str(view.get("edition", "1e")), view=view)
    line = gettext("%(seat)s to move") % {"seat": seat_label(int(current), names)}
    line = f"{line}: {what}" if what else line
    if view.get("end"):
        line = gettext("%(line)s (last turns: the game end is triggered)") % {"line": line}
    return line


def describe_board(view: View, names: Names = None) -> str:
    """The position in words (the board's ``<desc>``)."""
    sentences = [f"Move {view.get('seq', 0)}. {status_line(view, names)}."]
    if view.get("end"):
        by = view["end"].get("triggered_by")
        if by is not None:
            sentences.append(f"The game end was triggered by {seat_label(int(by), names)}.")
    for p in view["players"]:
        seat = int(p["seat"])
        herder = p.get("herder")
        figure = term_names.HERDER[edition_of(view)]
        where = f"{figure} at {place_name(view, herder)}" if herder else f"{figure} not yet placed"
        sentences.append(
            f"{seat_label(seat, names)}: {where}, engine on "
            f"{track_name(view, str(p.get('engine')))}, ${p.get('money')}."
        )
    scores = view.get("scores")
    if scores:
        totals = ", ".join(f"{seat_label(i, names)} {s.get('total')}" for i, s in enumerate(scores))
        sentences.append(f"Final scores: {totals}.")
    return " ".join(sentences)


def describe_player(view: View, seat: int, names: Names = None) -> str:
    """A player's board in words (its ``<desc>``): money, workers, discs, cards."""
    p = view["players"][seat]
    w = p.get("workers", {})
    workers = ", ".join(
        f"{w.get(kind, 0)} {WORKER_PLURAL[kind].lower()}" for kind in edition(view).worker_kinds
    )
    tokens = ""
    if edition(view).has_exchange_tokens:
        tokens = f"{plural(int(p.get('exchange_tokens', 0)), 'exchange token')}, "
        side = p.get("side_decision")
        if side:
            owed = plural(int(side.get("n", 0)), "card")
            tokens += f"{owed} to discard for an exchange token used out of turn, "
    return (
        f"{seat_label(seat, names)}: ${p.get('money')}, "
        f"{workers}, {tokens}{p.get('discs_left')} discs left, "
        f"{p.get('certificates')} certificates, {plural(hand_count(p), 'card')} in hand, "
        f"{plural(len(p.get('objectives', [])), 'objective')} in the objective area."
    )


def hand_count(player: View) -> int:
    """How many cards a player holds: the view gives the cards to their owner, a count to
    everyone else."""
    hand = player.get("hand")
    return len(hand) if isinstance(hand, list) else int((hand or {}).get("count", 0))

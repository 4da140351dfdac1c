"""The position in words: the status line at the top of the table, and the descriptions
that are the boards' ``<desc>`` (what a screen reader announces for the drawing).
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.board.editions import edition
from games.board.words import Names, View, seat_label
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
    sentences = [
        gettext("Move %(seq)s. %(status)s.")
        % {"seq": view.get("seq", 0), "status": status_line(view, names)}
    ]
    if view.get("end"):
        by = view["end"].get("triggered_by")
        if by is not None:
            sentences.append(
                gettext("The game end was triggered by %(seat)s.")
                % {"seat": seat_label(int(by), names)}
            )
    for p in view["players"]:
        seat = int(p["seat"])
        herder = p.get("herder")
        figure = term_names.HERDER[edition_of(view)]
        if herder:
            where = gettext("%(figure)s at %(place)s") % {
                "figure": figure,
                "place": place_name(view, herder),
            }
        else:
            where = gettext("%(figure)s not yet placed") % {"figure": figure}
        sentences.append(
            gettext("%(seat)s: %(where)s, engine on %(track)s, $%(money)s.")
            % {
                "seat": seat_label(seat, names),
                "where": where,
                "track": track_name(view, str(p.get("engine"))),
                "money": p.get("money"),
            }
        )
    scores = view.get("scores")
    if scores:
        totals = ", ".join(f"{seat_label(i, names)} {s.get('total')}" for i, s in enumerate(scores))
        sentences.append(gettext("Final scores: %(totals)s.") % {"totals": totals})
    return " ".join(sentences)


def describe_player(view: View, seat: int, names: Names = None) -> str:
    """A player's board in words (its ``<desc>``): money, workers, discs, cards."""
    p = view["players"][seat]
    w = p.get("workers", {})
    workers = ", ".join(
        f"{w.get(kind, 0)} {_worker_word(kind, int(w.get(kind, 0)))}"
        for kind in edition(view).worker_kinds
    )
    tokens = ""
    if edition(view).has_exchange_tokens:
        count = int(p.get("exchange_tokens", 0))
        tokens = ngettext("%(n)d exchange token", "%(n)d exchange tokens", count) % {"n": count}
        tokens += ", "
        side = p.get("side_decision")
        if side:
            n = int(side.get("n", 0))
            tokens += ngettext(
                "%(n)d card to discard for an exchange token used out of turn",
                "%(n)d cards to discard for an exchange token used out of turn",
                n,
            ) % {"n": n}
            tokens += ", "
    discs = int(p.get("discs_left") or 0)
    certificates = int(p.get("certificates") or 0)
    cards = hand_count(p)
    objectives = len(p.get("objectives", []))
    return gettext(
        "%(seat)s: $%(money)s, %(workers)s, %(tokens)s%(discs)s, %(certificates)s, "
        "%(cards)s in hand, %(objectives)s in the objective area."
    ) % {
        "seat": seat_label(seat, names),
        "money": p.get("money"),
        "workers": workers,
        "tokens": tokens,
        "discs": ngettext("%(n)d disc left", "%(n)d discs left", discs) % {"n": discs},
        "certificates": ngettext("%(n)d certificate", "%(n)d certificates", certificates)
        % {"n": certificates},
        "cards": ngettext("%(n)d card", "%(n)d cards", cards) % {"n": cards},
        "objectives": ngettext("%(n)d objective", "%(n)d objectives", objectives)
        % {"n": objectives},
    }


def _worker_word(kind: str, count: int) -> str:
    """A worker kind's name in the reader's language, as many as ``count`` say."""
    one, several = term_names.WORKERS[kind]
    return one if count == 1 else several


def hand_count(player: View) -> int:
    """How many cards a player holds: the view gives the cards to their owner, a count to
    everyone else."""
    hand = player.get("hand")
    return len(hand) if isinstance(hand, list) else int((hand or {}).get("count", 0))

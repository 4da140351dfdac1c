"""Who held a seat when: the stints of the seats that changed hands, read for the ratings,
the reliability signal, the log and the lists of seats seeking a substitute.

A stint starts with the event that gave a person the seat (the setup for its first player,
a ``take_over`` for the others) and ends with the ``hand_over`` with which they left it.
The ``Stint`` rows are written with those events (``games.services.substitutes``); the
decisions each person made are counted from the move events themselves (their ``actor``):
a bot's decisions have none, and are nobody's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from games import replay
from games.lineage import Lineage
from games.models import Event, EventKind, Game, Stint


def stints_of(game: Game) -> list[Stint]:
    """The game's stints, by seat then start, with their users."""
    return list(
        Stint.objects.filter(game=game).select_related("user").order_by("seat", "started_seq")
    )


def held_seat(game: Game, user_id: int) -> bool:
    """Whether ``user_id`` held a seat of ``game`` at some time (and left it)."""
    return Stint.objects.filter(game=game, user_id=user_id).exists()


def decision_counts(game: Game) -> Counter[tuple[int, int | None]]:
    """The decisions of the game as it stands (taken-back ones left out), per (seat, actor):
    actor None for a bot's."""
    if game.version == 0:
        return Counter()
    undone = Lineage(replay.event_refs(game)).undone()
    rows = Event.objects.filter(game=game, kind=EventKind.MOVE).values_list(
        "seq", "seat", "actor_id"
    )
    return Counter(
        (seat, actor) for seq, seat, actor in rows if seq not in undone and seat is not None
    )


def decision_shares(game: Game, stints: Iterable[Stint]) -> dict[int, float]:
    """Each stint's share of its seat's decisions (stint id: 0.0 to 1.0), bots' included in
    the whole: what decides whether a substitute's stint is rated (``players.policy``)."""
    stints = list(stints)
    if not stints:
        return {}
    counts = decision_counts(game)
    per_seat: Counter[int] = Counter()
    for (seat, _actor), count in counts.items():
        per_seat[seat] += count
    return {
        stint.pk: (counts[(stint.seat, stint.user_id)] / per_seat[stint.seat])
        if per_seat[stint.seat]
        else 0.0
        for stint in stints
    }

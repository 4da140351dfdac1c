"""What an email says about a game: its name, its players, what happened since a player's
last decision, what they may do now (numbered options and their facts), how it ended.

Built when the email is sent (``notifications.delivery``), for the event the notification
was queued for, so that every attempt at the same email says the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy, pgettext_lazy

from common.words import gettext as _
from games import catchup, journal_store, prepared, replay, services
from games.models import (
    Event,
    EventKind,
    Game,
    GameStatus,
    Seat,
    SeatStatus,
    TimeoutPolicy,
    TurnPlan,
    bot_strength,
)
from games.selectors import event_text
from notifications import links
from notifications.models import Notification, UserActivity
from notifications.turn_facts import turn_facts

# What a "your turn" email lists at most: the latest decisions of the others, your options.
MAX_SUMMARY_LINES = 40
MAX_OPTION_LINES = 100


def seats_of(game: Game, *, with_activity: bool = False) -> list[Seat]:
    """The game's seats with their users (and, ``with_activity``, when each user was last
    seen on the site: ``seat.user.activity``, absent for one never seen), in one prepared
    query (``games.prepared``): every email sent reads them, and every turn that passes to
    a person."""
    return prepared.seats_with_users(
        game_pk=game.pk, beside=UserActivity if with_activity else None
    )


def seat_at(seats: list[Seat], index: int | None) -> Seat | None:
    return next((seat for seat in seats if seat.index == index), None)


def human_to_move(game: Game, seats: list[Seat]) -> Seat | None:
    if game.status != GameStatus.ACTIVE:
        return None
    seat = seat_at(seats, game.current_seat)
    if seat is None or seat.bot or not seat.user_id or seat.status != SeatStatus.PLAYING:
        return None
    return seat


def seat_label(seat: Seat | None) -> str:
    """A seat as emails name it, in the active language: 'alice (blue)', 'normal bot (red)'."""
    if seat is None:
        return ""
    colour = colour_name(seat.colour)
    if seat.user and not seat.bot:
        return _("%(name)s (%(colour)s)") % {"name": seat.user.get_username(), "colour": colour}
    if seat.user:
        return _("%(name)s's bot (%(colour)s)") % {
            "name": seat.user.get_username(),
            "colour": colour,
        }
    return _("%(strength)s bot (%(colour)s)") % {
        "strength": strength_name(bot_strength(seat.bot) if seat.bot else "empty"),
        "colour": colour,
    }


# The words emails use for the seats' colours (games.models.SEAT_COLOURS) and the bots'
# strengths (games.models.bot_strength; "empty": a seat nobody plays).
COLOUR_NAMES = {
    "blue": gettext_lazy("blue"),
    "red": gettext_lazy("red"),
    "yellow": gettext_lazy("yellow"),
    "green": gettext_lazy("green"),
}
STRENGTH_NAMES = {
    "normal": pgettext_lazy("bot strength", "normal"),
    "beginner": pgettext_lazy("bot strength", "beginner"),
    "empty": gettext_lazy("empty"),
}


def colour_name(colour: str) -> str:
    return str(COLOUR_NAMES.get(colour, colour))


def strength_name(strength: str) -> str:
    return str(STRENGTH_NAMES.get(strength, strength))


def game_name(game: Game, seats: list[Seat] | None = None) -> str:
    """How emails name a game, in the active language: 'game k3x9mnpq2rst (alice, bob,
    normal bot)', or with the name it was given, 'Sunday table (game k3x9mnpq2rst)'."""
    if game.name:
        return _("%(name)s (game %(id)s)") % {"name": game.name, "id": game.public_id}
    seats = seats_of(game) if seats is None else seats
    names = [
        seat.user.get_username()
        if seat.user
        else _("%(strength)s bot") % {"strength": strength_name(bot_strength(seat.bot))}
        for seat in seats
        if seat.is_filled
    ]
    if not names:
        return _("game %(id)s") % {"id": game.public_id}
    return _("game %(id)s (%(players)s)") % {"id": game.public_id, "players": ", ".join(names)}


@dataclass(frozen=True)
class TurnReads:
    """What the "your turn" emails of a batch read, read for all of them at once (one
    statement each instead of one per email): the games' seats with their users, the
    events since each seat's last decision, and the seats' plans; and the games' states
    that the emails start from, from the shared cache in one round trip
    (``games.replay.read_states``)."""

    seats: dict[int, list[Seat]]
    events: dict[tuple[int, int, int], list[Event]]  # (game, seat, upto)
    plans: dict[tuple[int, int, int], TurnPlan]  # (game, seat, user)

    @classmethod
    def of(cls, notifications: list[Notification]) -> TurnReads:
        """For the rows' games at their current version (``your_turn_context``)."""
        turns = [
            (row.game, row.context.get("seat"))
            for row in notifications
            if row.game is not None and row.context.get("seat") is not None
        ]
        seats = prepared.seats_with_users_of([game.pk for game, _ in turns])
        events = prepared.events_since_own_moves(
            [(game.pk, index, game.version) for game, index in turns]
        )
        replay.read_states(
            (game, catchup.first_state(events[game.pk, index, game.version], upto=game.version))
            for game, index in turns
        )
        owners = [
            (game.pk, seat.index, seat.user_id)
            for game, index in turns
            if (seat := seat_at(seats.get(game.pk, []), index)) is not None
            and not seat.bot
            and seat.user_id is not None
        ]
        return cls(seats=seats, events=events, plans=prepared.seat_plans(owners))


def your_turn_context(notification: Notification, reads: TurnReads | None = None) -> dict[str, Any]:
    """The whole context of a "your turn" email, built by the delivery that sends it.

    Built for the game as it is when the email is sent (its version, read with the row when
    delivery claimed it), not for the event that queued it (``event_seq``): an email that
    waited while its player was on the site may go out after others moved (a moderator, an
    exchange token out of turn), and its options must be the legal ones of the moment. Its
    option numbers are those of the version its reply address signs. A row whose player
    decided anything since it was queued is never built: delivery skips it. ``reads``: what
    the batch it is sent with has read for it (``TurnReads``).
    """
    game = notification.game
    # Queued for a seat of a game at the event that gave it the turn (notifications.outbox).
    assert game is not None, "a your-turn row names its game"
    assert notification.event_seq is not None, "a your-turn row names the event that gave it"
    seq = game.version
    known = reads.seats.get(game.pk) if reads is not None else None
    seats = known if known is not None else seats_of(game)
    seat = seat_at(seats, notification.context["seat"])
    assert seat is not None, "a your-turn row names a seat of its game"
    key = (game.pk, seat.index, seq)
    if reads is not None and key in reads.events:
        events = reads.events[key]
    else:
        events = prepared.events_since_own_move(game_pk=game.pk, seat=seat.index, upto=seq)
    # What changed for the player (from their own views), and the state now, in one replay.
    found, state = catchup.concerns_in(game, seat.index, events, upto=seq)
    if reads is None:
        plan = services.seat_plan(game=game, seat=seat)
    elif seat.bot or seat.user_id is None:
        plan = None
    else:
        plan = reads.plans.get((game.pk, seat.index, seat.user_id))
    return {
        **notification.context,
        # Named again in the language it is sent in (the row was queued in the mover's).
        "game_name": game_name(game, seats),
        **turn_context(game, seat, seats, state, seq, events=events),
        # What the player's planned turn did (docs/plans.md): only ever their own plan.
        "plan": services.plan_outcome(plan, notification.event_seq),
        **concerns_context(game, seats, found),
    }


def concerns_context(game: Game, seats: list[Seat], found: list[Any]) -> dict[str, Any]:
    """What changed for the player since their last decision (``games.catchup``: from their
    own views), each move on a line, and the replay of just those moves."""
    if not found:
        return {"concerns": [], "concerns_replay_url": ""}
    by_index = {s.index: s for s in seats}
    seqs = ",".join(str(c.seq) for c in found)
    return {
        "concerns": [
            f"#{c.seq} {seat_label(by_index.get(c.seat)) if c.seat is not None else ''}: "
            + "; ".join(c.lines)
            for c in found
        ],
        "concerns_replay_url": f"{links.replay_url(game)}?at={found[0].seq}&only={seqs}",
    }


def turn_context(
    game: Game,
    seat: Seat,
    seats: list[Seat],
    state: Any,
    seq: int,
    *,
    events: list[Event] | None = None,
) -> dict[str, Any]:
    """What changed since the seat's last decision, and what it may do now (``events``: those
    since its last decision, when the caller has read them)."""
    if events is None:
        events = prepared.events_since_own_move(game_pk=game.pk, seat=seat.index, upto=seq)
    by_index = {s.index: s for s in seats}
    lines = []
    journal = journal_store.lines_of(events)
    for event in events:
        text = _event_text(event, journal)
        who = seat_label(by_index.get(event.seat)) if event.seat is not None else ""
        lines.append(f"{who}: {text}" if who else text)
    playable = playable_context(seat=seat, state=state, version=seq)
    # The notation to write, then the game page's words for the move.
    options = [
        f"{option['text']} ({option['words']})" if option.get("words") else option["text"]
        for option in playable["choices"]
    ]
    return {
        "summary": lines[-MAX_SUMMARY_LINES:],
        "summary_more": max(0, len(lines) - MAX_SUMMARY_LINES),
        "options": options[:MAX_OPTION_LINES],
        "options_more": max(0, len(options) - MAX_OPTION_LINES),
        **playable,
    }


def playable_context(*, seat: Seat, state: Any, version: int) -> dict[str, Any]:
    """What makes an email playable by reply, for ``seat`` at game ``version`` (``state``).

    Every email sent while it is the player's turn carries it (your turn, reminder, deadline
    warning, the answers to replies): the player's facts and numbered options, and the
    version that its reply address signs, so that the option numbers of a reply are read
    against exactly the position that email showed (``notifications/inbound.py``).
    """
    return {
        "seat": seat.index,
        "colour": colour_name(seat.colour),
        "reply_version": version,
        **facts_context(turn_facts(state, seat.index)),
    }


def facts_context(facts: dict[str, Any]) -> dict[str, Any]:
    """The turn facts as the email templates read them (``choices``: the numbered options)."""
    return {
        "money": facts["money"],
        "hand": facts["hand"],
        # Facts stored before the 2nd edition's "herder" have no word: a cattleman then.
        "herder_word": facts.get("herder_word", _("cattleman")),
        "herder": facts["herder"],
        "engine_at": facts["engine_at"],
        "certificates": facts["certificates"],
        "exchange_tokens": facts.get("exchange_tokens"),
        "workers": facts["workers"],
        "objectives": facts["objectives"],
        "draw_pile": facts["draw_pile"],
        "decision": facts["decision"],
        "choices": facts["options"],
    }


TIMEOUT_TEXTS = {
    "vacation_day": gettext_lazy("missed the deadline: a vacation day was used"),
    TimeoutPolicy.BOT_MOVE: gettext_lazy("missed the deadline: a bot played the turn"),
    TimeoutPolicy.REPLACE_BY_BOT: gettext_lazy("missed the deadline: a bot plays on for them"),
    TimeoutPolicy.ABANDON: gettext_lazy("missed the deadline: the game is abandoned"),
}


def _event_text(event: Event, lines: journal_store.Lines) -> str:
    if event.kind == EventKind.TIMEOUT:
        action = (event.payload or {}).get("action", "")
        return str(TIMEOUT_TEXTS.get(action, gettext_lazy("missed the deadline")))
    return event_text(event, lines)


def result_context(game: Game, seats: list[Seat]) -> dict[str, Any]:
    result = game.result or {}
    scores = result.get("scores") or []
    winners = set(result.get("winners") or [])
    rows: list[dict[str, Any]] = []
    for seat in seats:
        score = scores[seat.index] if seat.index < len(scores) else None
        rows.append(
            {
                "player": seat_label(seat),
                "total": score.get("total") if score else None,
                "winner": seat.index in winners,
            }
        )
    rows.sort(key=lambda row: -(row["total"] if row["total"] is not None else -1))
    return {"reason": result.get("reason", ""), "status": game.status, "rows": rows}

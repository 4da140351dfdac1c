"""Before a game starts: creating it, taking and leaving seats, and starting it.

The setup is the game's first event (seq 1): from then on every change is an event
(``games.ledger``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

import engine
from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from games import editions, ledger, naming, reliability, replay, signals
from games.models import (
    SEAT_COLOURS,
    BotKind,
    EventKind,
    Game,
    GameStatus,
    Seat,
    TimeoutPolicy,
    bot_kind_of,
)
from games.permissions import require_not_suspended, seat_of
from games.timecontrol.clock import time_control_check

MIN_PLAYERS, MAX_PLAYERS = 2, 4
# Bots are left out of the ratings (docs/ratings.md): a rated game ranks at least two people.
RATED_MIN_PEOPLE = 2


def game_create(
    *,
    creator: User,
    players: int,
    name: str = "",
    edition: str | None = None,
    options: dict[str, Any] | None = None,
    bots: list[int] | tuple[int, ...] = (),
    bot_kind: str = BotKind.HEURISTIC,
    turn_time_limit: timedelta | None = None,
    timeout_policy: str = TimeoutPolicy.BOT_MOVE,
    vacation_days: int = 0,
    bank_days: int = 0,
    bank_per_turn: timedelta = timedelta(0),
    quiet_hours: tuple[int, int] | None = None,
    weekend_pause: bool = False,
    min_finished_percent: int | None = None,
    lobby: bool = False,
    rated: bool | None = None,
    start_if_only_bots: bool = True,
) -> Game:
    """A new open game; the creator takes the first seat that is not a bot.

    When every other seat is a bot, the game is started at once (``game_start``), unless
    ``start_if_only_bots`` is False (a caller that sets the game up further first).

    ``rated``: whether it counts for the players' ratings (docs/ratings.md); None: rated when
    every seat is a person's. A rated game needs at least two people.

    ``bot_kind``: a kind ("heuristic") or the strength that names it ("normal").
    ``name``: what the players call it (``games.naming.name_check``); empty: the game is
    called after its players.
    ``edition``: one of those offered (``games.editions``; None: the first offered one);
    ``options``: the layout, and for the 2nd edition the Simmental variant
    (``{"layout": "random", "simmental": True}``), stored completed.
    ``bank_days``, ``bank_per_turn``, ``quiet_hours`` (start and end hour, in each player's
    own time zone) and ``weekend_pause``: the clock beyond the turn time limit
    (``games.timecontrol.clock``); the defaults are the clock of games before them.
    ``min_finished_percent``: only players who finished at least this share of their games
    may join (``games.reliability``); None: anyone.
    """
    name = naming.name_check(name)
    edition = edition or editions.default_edition()
    options = _validate_setup(edition=edition, players=players, options=options)
    bot_seats = set(bots)
    if not bot_seats <= set(range(players)):
        raise InvalidRequestError(
            "bad_bots",
            gettext("Bot seats must be seat numbers from 0 to %(last)d.") % {"last": players - 1},
        )
    if len(bot_seats) == players:
        raise InvalidRequestError("bad_bots", gettext("At least one seat must be left for you."))
    kind = bot_kind_of(bot_kind)
    if kind is None:
        raise InvalidRequestError(
            "bad_bots", gettext("Unknown bot kind %(kind)s.") % {"kind": repr(bot_kind)}
        )
    people = players - len(bot_seats)
    if rated is None:
        rated = people == players
    elif rated and people < RATED_MIN_PEOPLE:
        raise InvalidRequestError(
            "bad_rated",
            gettext(
                "A rated game needs at least %(count)d people: leave more seats to people, "
                "or create it unrated."
            )
            % {"count": RATED_MIN_PEOPLE},
        )
    if min_finished_percent is not None and not 1 <= min_finished_percent <= 100:
        raise InvalidRequestError(
            "bad_min_finished_percent",
            gettext("The share of games finished is given in percent, 1 to 100."),
        )
    quiet_start, quiet_end = quiet_hours or (None, None)
    time_control_check(
        turn_time_limit=turn_time_limit,
        timeout_policy=timeout_policy,
        vacation_days=vacation_days,
        bank_days=bank_days,
        bank_per_turn=bank_per_turn,
        quiet_start=quiet_start,
        quiet_end=quiet_end,
    )

    with transaction.atomic():
        game = Game.objects.create(
            name=name,
            edition=edition,
            options=options,
            players=players,
            lobby=lobby,
            rated=rated,
            turn_time_limit=turn_time_limit,
            timeout_policy=timeout_policy,
            vacation_days=vacation_days,
            bank_days=bank_days,
            bank_per_turn=bank_per_turn,
            quiet_start=quiet_start,
            quiet_end=quiet_end,
            weekend_pause=weekend_pause,
            min_finished_percent=min_finished_percent,
            created_by=creator,
        )
        creator_seat = min(set(range(players)) - bot_seats)
        Seat.objects.bulk_create(
            Seat(
                game=game,
                index=index,
                colour=SEAT_COLOURS[index],
                user=creator if index == creator_seat else None,
                bot=kind if index in bot_seats else "",
            )
            for index in range(players)
        )
        signals.seat_taken.send(sender=Seat, seat=Seat.objects.get(game=game, index=creator_seat))
        if start_if_only_bots and len(bot_seats) == players - 1:
            # Nobody else to wait for: the game starts at once, and a bot to move first
            # moves when this transaction commits (its task is queued by the ledger's
            # announcement, games.services.bots).
            return game_start(game=game, user=creator)
    return game


def _validate_setup(
    *, edition: str, players: int, options: dict[str, Any] | None
) -> dict[str, Any]:
    """The game's options, checked and completed for its edition (``games.editions``)."""
    options = editions.setup_options(edition, options)
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidRequestError("bad_players", gettext("A game has 2 to 4 players."))
    try:
        engine.new_game(players=players, seed=0, edition=edition, options=options)
    except Exception as exc:  # the engine is the judge of its own options
        raise InvalidRequestError(
            "bad_options", gettext("The engine refuses these options: %(error)s") % {"error": exc}
        ) from exc
    return options


def game_join(*, game: Game, user: User) -> Seat:
    """Take the first free seat of an open game (joining twice gives the same seat)."""
    require_not_suspended(user)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        mine = next((seat for seat in seats if seat.user_id == user.pk), None)
        if mine is not None:
            return mine
        if game.status != GameStatus.OPEN:
            raise ConflictError("game_not_open", gettext("This game is not open for joining."))
        free = next((seat for seat in seats if not seat.is_filled), None)
        if free is None:
            raise ConflictError("game_full", gettext("Every seat of this game is taken."))
        reliability.join_condition_check(game, user.pk)
        free.user = user
        free.save(update_fields=["user"])
        signals.seat_taken.send(sender=Seat, seat=free)
        ledger.write(game, fields=[], seats=seats)  # the waiting rooms hear it
        return free


def game_leave(*, game: Game, user: User) -> Game:
    """Give up a seat before the game starts; when the creator leaves, the game is abandoned."""
    with transaction.atomic():
        game, seats = ledger.lock(game)
        seat = seat_of(game, user, seats)
        if game.status != GameStatus.OPEN:
            raise ConflictError(
                "game_not_open", gettext("The game has started: resign instead of leaving.")
            )
        if user.pk == game.created_by_id:
            ledger.finish(game, status=GameStatus.ABANDONED, result=None, now=timezone.now())
            ledger.write(game, fields=ledger.FINISH_FIELDS)
        else:
            seat.user = None
            seat.save(update_fields=["user"])
            ledger.write(game, fields=[], seats=seats)
        return game


def game_start(*, game: Game, user: User) -> Game:
    """The creator starts a full game: the setup is event 1."""
    with transaction.atomic():
        game, seats = ledger.lock(game)
        if user.pk != game.created_by_id:
            raise NotAllowedError("not_creator", gettext("Only the game's creator can start it."))
        if game.status != GameStatus.OPEN:
            raise ConflictError(
                "game_not_open", gettext("This game has already started or was abandoned.")
            )
        if not all(seat.is_filled for seat in seats):
            raise ConflictError(
                "game_not_full", gettext("Every seat must be taken before the game starts.")
            )
        payload = {
            "players": game.players,
            "edition": game.edition,
            "options": game.options,
            "rules_version": engine.current_rules_version(game.edition),
            "seats": [
                {
                    "index": seat.index,
                    "colour": seat.colour,
                    "user": seat.user.get_username() if seat.user else None,
                    "bot": seat.bot or None,
                }
                for seat in seats
            ],
        }
        state = replay.initial_state(game, payload)
        seq = ledger.append(game, kind=EventKind.SETUP, payload=payload, actor=user)
        now = timezone.now()
        if game.has_time_bank:
            for seat in seats:
                seat.bank_left = timedelta(days=game.bank_days)
            Seat.objects.bulk_update(seats, ["bank_left"])
        game.status = GameStatus.ACTIVE
        game.started_at = now
        game.rules_version = payload["rules_version"]
        ledger.advance(game, state, seq=seq, now=now, seats=seats)
        return game

"""Read-only queries about games: lists, views, legal moves, history, records."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    F,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
)
from django.utils.translation import get_language, gettext, gettext_noop

import engine
from common.choices import choice_label
from common.errors import ConflictError, InvalidRequestError, NotAllowedError
from common.sql import unprepared
from engine import Move, State, View
from games import editions, games_page, journal_store, prepared, replay, seat_views
from games.errors import GameNotFoundError
from games.event_rows import EventRow
from games.lineage import Lineage, setup_rules_version
from games.models import (
    ENDED,
    OUT_OF_TURN,
    SEAT_COLOURS,
    DismissedGame,
    Event,
    EventKind,
    Game,
    GameNote,
    GameStatus,
    Seat,
    SeatStatus,
    Stint,
    active_suspension,
)
from games.terms import names

T = TypeVar("T")

RECORD_FORMAT = "gwt-record/1"
# The seats of a list of games, then their users in a query of their own (by primary key):
# joined to the seats instead, the plan reads ``auth_user`` whole (a hash join) once the
# page's seats are a hundred or so among a few thousand users (``bench/README.md``).
_SEATS_WITH_USERS = Prefetch("seats", queryset=Seat.objects.prefetch_related("user"))


def game_get(*, public_id: str, with_seats: bool = False) -> Game:
    """The game; ``with_seats``: with its creator, and its seats with their users (as
    ``select_related`` and ``prefetch_related`` leave them), all in one statement
    (``prepared.game_shown``: the ORM spent longer building the queries of the game and of
    the prefetch than the database answering them, on every page that shows a game)."""
    if not with_seats:
        game = Game.objects.filter(public_id=public_id).first()
        if game is None:
            raise GameNotFoundError(public_id)
        return game
    found = prepared.game_shown(public_id=public_id)
    if found is None:
        raise GameNotFoundError(public_id)
    game, creator, seats = found
    Game._meta.get_field("created_by").set_cached_value(game, creator)  # as select_related
    for seat in seats:
        seat.game = game
    prepared.seats_known(game, seats)
    return game


def game_for_play(*, public_id: str) -> Game:
    """The game with its seats (not their users) in one query: what the endpoints a player
    polls while playing (state, legal moves) need to know whose seat is asking."""
    seats = prepared.game_seats(public_id=public_id)
    if not seats:
        return game_get(public_id=public_id)  # raises GameNotFoundError
    game = seats[0].game
    prepared.seats_known(game, seats)
    return game


def game_with_seats(*, game: Game) -> Game:
    """The game read again, with its seats and their users (for showing it)."""
    return game_get(public_id=game.public_id, with_seats=True)


def game_list_for_user(
    *, user: User, status: str | None = None, dismissed: bool = False
) -> QuerySet[Game]:
    """The games the user has a seat in, in the order a player works through them: those
    where it is their turn first, then the games not over, each the nearest deadline first
    (no deadline last); then the finished ones, the last ended first. A finished game the
    user dismissed is left out (``dismissed=True``: listed too). Each game says whether it is
    the user's turn (``your_turn``) and whether they wrote a note on it (``has_note``). A page
    of it is read with ``games_of_page``, which brings the games' seats and users."""
    # The user's turn, read from the user's own seat, the one the list is joined to (a user
    # has one seat in a game): a subquery of the seats instead ran for every game of the
    # player's thousands before the page was cut.
    my_turn = (
        Q(status=GameStatus.ACTIVE)
        & Q(seats__index=F("current_seat"))
        & Q(seats__status__in=[s for s in SeatStatus.values if s != SeatStatus.RESIGNED])
    )
    games = Game.objects.filter(seats__user=user).annotate(
        your_turn=ExpressionWrapper(my_turn, output_field=BooleanField()),
        over=ExpressionWrapper(
            Q(status__in=ENDED),
            output_field=BooleanField(),
        ),
        has_note=Exists(GameNote.objects.filter(game=OuterRef("pk"), user=user)),
    )
    if not dismissed:
        games = games.exclude(Exists(DismissedGame.objects.filter(game=OuterRef("pk"), user=user)))
    if status:
        games = games.filter(status=status)
    return games.order_by(
        "-your_turn",
        "over",
        F("turn_deadline").asc(nulls_last=True),
        F("finished_at").desc(nulls_last=True),
        "-updated_at",
        "-pk",
    )


def game_list_read(rows: Iterable[T]) -> list[T]:
    """``rows`` of ``game_list_for_user`` (the list, a filter or a page of it, or of its
    ids), read with a plan made for this player: the sorted list is a handful of games for
    most players and thousands for some, so a plan kept for every player (a prepared
    statement's generic plan, ``common.sql``) would serve one kind badly."""
    with unprepared():
        return list(rows)


def game_count_for_user(
    *, user: User, dismissed: bool = False, statuses: Iterable[str] | None = None
) -> int:
    """How many games ``game_list_for_user(user=user, dismissed=dismissed)`` lists, counted
    from the user's seats alone (a user has one seat in a game, and every seat's game
    exists): the games' rows are not read, where the list's own count joined each of a
    player's thousands of seats to its game. ``statuses``: of the games in those statuses
    alone (the game's row is then read for its status, by its key)."""
    seats = Seat.objects.filter(user=user)
    if statuses is not None:
        seats = seats.filter(game__status__in=list(statuses))
    if not dismissed:
        seats = seats.exclude(
            Exists(DismissedGame.objects.filter(game=OuterRef("game_id"), user=user))
        )
    return seats.count()


def games_of_page(*, user: User, ids: Iterable[int], with_standing: bool = True) -> list[Game]:
    """The games ``ids`` (a page of ``game_list_for_user(user=user).values_list("pk")``), in
    that order, with the list's annotations, their creators and their seats with the seats'
    users (as ``prefetch_related`` of them leaves them). A list of a player's thousands of
    games is sorted over their ids and sort keys alone, and the page's rows alone are read
    whole, with what is computed for each (the player's note): computed in the sorting
    query, that work was done for every game before the page was cut. The rows are read in
    three prepared statements (``games.games_page``), without the ORM's query building.
    ``with_standing``: a game in play comes with its standing (the round and the scores the
    page shows, ``progress.standing``), read in SQL; every game's progress is deferred."""
    return games_page.games_of_page(user=user, ids=ids, with_standing=with_standing)


def waiting_games(*, user: User) -> QuerySet[Game]:
    """The games waiting for the user's decision, the nearest deadline first, then the one
    that has waited longest: the order the "next game" button goes through them."""
    return Game.objects.filter(
        status=GameStatus.ACTIVE,
        seats__user=user,
        seats__index=F("current_seat"),
        seats__status=SeatStatus.PLAYING,
    ).order_by(F("turn_deadline").asc(nulls_last=True), F("turn_since").asc(nulls_first=True), "pk")


def next_waiting_game(*, user: User, after: str = "") -> Game | None:
    """The game to open next from game ``after`` (a public id; '' from anywhere else): the
    first waiting game other than it, in ``waiting_games``'s order."""
    return waiting_games(user=user).exclude(public_id=after).only("public_id").first()


def game_list_lobby(*, user: User | None = None) -> QuerySet[Game]:
    """Open games listed in the lobby that still have a free seat (with ``user``: each says
    whether they wrote a note on it, ``has_note``)."""
    free_seat = Seat.objects.filter(game=OuterRef("pk"), user__isnull=True, bot="")
    games = Game.objects.filter(status=GameStatus.OPEN, lobby=True)
    if user is not None:
        games = games.annotate(
            has_note=Exists(GameNote.objects.filter(game=OuterRef("pk"), user=user))
        )
    return (
        games.filter(Exists(free_seat))
        .order_by("-created_at", "-pk")
        .prefetch_related(_SEATS_WITH_USERS)
    )


def game_list_seeking_substitute(*, user: User) -> QuerySet[Game]:
    """Games listed in the lobby whose seat seeks a substitute (``services.seat_take_over``),
    but those ``user`` sits at or left: the others' to take over."""
    seeking = Seat.objects.filter(game=OuterRef("pk"), seeking_substitute=True)
    theirs = Seat.objects.filter(game=OuterRef("pk"), user=user)
    left = Stint.objects.filter(game=OuterRef("pk"), user=user)
    return (
        Game.objects.filter(
            Exists(seeking),
            status__in=[GameStatus.ACTIVE, GameStatus.PAUSED],
            lobby=True,
        )
        .exclude(Exists(theirs))
        .exclude(Exists(left))
        .order_by("-updated_at", "-pk")
        .prefetch_related(_SEATS_WITH_USERS)
    )


def may_take_over(*, game: Game, user: User | AnonymousUser | None) -> bool:
    """Whether ``user`` sees the page's "Take over" button: a seat seeks a substitute in a
    game in progress, and they are not at its table and never left it (the service checks
    the join condition, and says why it refuses)."""
    if user is None or not user.is_authenticated:
        return False
    if game.status not in {GameStatus.ACTIVE, GameStatus.PAUSED}:
        return False
    seats = list(game.seats.all())
    if not any(s.seeking_substitute for s in seats) or any(s.user_id == user.pk for s in seats):
        return False
    return not Stint.objects.filter(game=game, user_id=user.pk).exists()


def seat_of(*, game: Game, user: User | AnonymousUser | None) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat
    return None


def viewing_seat(*, game: Game, user: User | AnonymousUser | None) -> int | None:
    """The seat whose hidden information the user may see; None for a spectator."""
    seat = seat_of(game=game, user=user)
    if seat is None or seat.status != SeatStatus.PLAYING:
        return None
    return seat.index


def view_of(*, game: Game, state: State, seat: int | None) -> View:
    """The engine's view for ``seat``; everything once the game is over."""
    if game.is_over:
        return engine.view(state, None, reveal_all=True)
    return engine.view(state, seat)


def view_after_move(*, game: Game, state: State, seat: int, version: int) -> View:
    """``view_of`` the position a move (or undo) of ``seat`` led to, the event ``version``;
    remembered by this process while it is the game's position, for the seat's next
    decision, whose log line is written from it (``games.seat_views``)."""
    view = view_of(game=game, state=state, seat=seat)
    if not game.is_over:
        seat_views.remember(game, version, seat, view)
    return view


def game_view_for_user(
    *, game: Game, user: User | AnonymousUser | None, at: int | None = None
) -> tuple[int, View]:
    """(seq, view) of the game after event ``at`` (default: now) as the user may see it."""
    if game.version == 0:
        raise ConflictError("game_not_started", gettext("The game has not started yet."))
    seq = game.version if at is None else at
    if not 1 <= seq <= game.version:
        raise InvalidRequestError(
            "bad_seq", gettext("'at' must be between 1 and %(last)d.") % {"last": game.version}
        )
    state = replay.state_at(game, seq)
    return seq, view_of(game=game, state=state, seat=viewing_seat(game=game, user=user))


def legal_moves_for_user(*, game: Game, user: User) -> tuple[int, list[Move]]:
    """(version, moves): the user's legal moves now, [] when they have nothing to decide.

    Whatever the engine lists for the seat: the decision of its turn, or, for a seat that
    is not to move, what it may do out of turn (2nd edition exchange tokens, R2-TURN-01).
    """
    seat = seat_of(game=game, user=user)
    if seat is None:
        raise NotAllowedError("not_seated", gettext("You do not have a seat in this game."))
    if game.status != GameStatus.ACTIVE or seat.status != SeatStatus.PLAYING or seat.bot:
        return game.version, []
    state = replay.state_at(game, game.version)
    return game.version, engine.legal_moves(state, seat.index)


def legal_moves_after(*, game: Game, state: State, seat: int, version: int) -> list[Move]:
    """The legal moves of ``seat`` in ``state``, the position after event ``version`` that a
    move of theirs led to: [] unless that is still the game's position (the game row being
    the one the move's transaction left). Out of its turn a seat may still have moves
    (``legal_moves_for_user``)."""
    if game.status != GameStatus.ACTIVE or game.version != version:
        return []
    return engine.legal_moves(state, seat)


def undo_possible(
    *, game: Game, user: User | AnonymousUser | None, lineage: Lineage | None = None
) -> bool:
    """Whether ``services.move_undo`` would take back a decision for ``user`` now.

    The same conditions as the service, read without a lock: the game is active, it is the
    user's decision, and the position now is that after a move of theirs which revealed
    nothing (a move's event says whether it did). So an undo button is shown exactly when
    pressing it can work (unless someone moves in between, which the service then refuses).
    ``lineage``: the game's, when the caller has read it (``game_lineage``).
    """
    seat = seat_of(game=game, user=user)
    if (
        seat is None
        or game.status != GameStatus.ACTIVE
        or game.current_seat != seat.index
        or active_suspension(user) is not None
    ):
        return False
    lineage = lineage if lineage is not None else game_lineage(game=game)
    if game.version not in lineage.node:
        return False
    last = lineage.refs[lineage.node[game.version]]
    return last.kind == EventKind.MOVE and last.seat == seat.index and not last.revealed


def event_history(*, game: Game) -> QuerySet[Event]:
    """Every event, as moderators see them (the admin, the API's event list), with who
    made each (``event_player``). The actors are read in a query of their own, by primary
    key: joined to a game's hundreds of events, the plan reads ``auth_user`` whole."""
    return Event.objects.filter(game=game).prefetch_related("actor").order_by("seq")


def game_lineage(*, game: Game) -> Lineage:
    """The lineage of all the game's events, read once for a page that asks several
    questions of it (the log, undo, takebacks): each question otherwise reads every event
    of the game again."""
    return Lineage(replay.event_refs(game))


def hidden_from_players(*, game: Game, lineage: Lineage | None = None) -> set[int]:
    """The events the players' log and the replay leave out: decisions taken back (by the
    player's undo or a moderator's rollback) and the undo events that took them back. Such
    a decision never happened as far as the game goes; the admin still lists it, and a
    rollback stays in the log with its reason. A takeback's decisions stay, marked
    (``taken_back``): the others saw them and agreed to take them back. ``lineage``: the
    game's, when the caller has read it (``game_lineage``)."""
    if game.version == 0:
        return set()
    return hidden_in(lineage if lineage is not None else game_lineage(game=game))


def hidden_in(lineage: Lineage) -> set[int]:
    """``hidden_from_players`` for a caller holding the game's lineage already."""
    undo_events = {seq for seq, ref in lineage.refs.items() if ref.kind == EventKind.UNDO}
    by_takeback = takeback_marks(lineage)
    return (lineage.undone() - set(by_takeback)) | undo_events


def taken_back(*, game: Game) -> dict[int, int]:
    """The decisions no longer part of the game, each with the event that took it back (an
    undo, a moderator's rollback or an agreed takeback): the events API marks them."""
    if game.version == 0:
        return {}
    return Lineage(replay.event_refs(game)).taken_back_by()


def taken_back_by_takeback(*, game: Game, lineage: Lineage | None = None) -> dict[int, int]:
    """The decisions an agreed takeback took back, each with its ``takeback`` event: the log
    and the replay show them, marked. ``lineage``: as ``hidden_from_players``'s."""
    if game.version == 0:
        return {}
    return takeback_marks(lineage if lineage is not None else game_lineage(game=game))


def takeback_marks(lineage: Lineage) -> dict[int, int]:
    """``taken_back_by_takeback`` for a caller holding the game's lineage already."""
    return {
        move: by
        for move, by in lineage.taken_back_by().items()
        if lineage.refs[by].kind == EventKind.TAKEBACK
    }


def player_history(*, game: Game, lineage: Lineage | None = None) -> QuerySet[Event]:
    """The events of the players' log and the replay, in order (``hidden_from_players``;
    ``lineage`` as its)."""
    hidden = hidden_from_players(game=game, lineage=lineage)
    return event_history(game=game).exclude(seq__in=hidden)


def event_text(event: Event | EventRow, lines: journal_store.Lines | None = None) -> str:
    """One line for the history (``lines``: ``journal_store.lines_of`` the events shown)."""
    payload = event.payload or {}
    if event.kind == EventKind.MOVE:
        line = journal_store.event_line(event, get_language() or "", lines)
        text = line or str(payload.get("text", ""))
        # 2nd edition: a seat that was not to move (an exchange token, R2-TURN-01)
        return (
            gettext("%(text)s (out of turn)") % {"text": text} if payload.get(OUT_OF_TURN) else text
        )
    if event.kind == EventKind.SETUP:
        edition = str(payload.get("edition") or "1e")
        return gettext("Game set up for %(players)s players (%(edition)s)") % {
            "players": payload.get("players"),
            "edition": editions.label(edition, payload.get("options")),
        }
    if event.kind == EventKind.UNDO:
        return gettext("took back to the position after #%(seq)s") % {"seq": payload.get("to_seq")}
    if event.kind in TAKEBACK_TEXTS:
        return gettext(TAKEBACK_TEXTS[event.kind]) % _takeback_words(event)
    if event.kind == EventKind.TAKEBACK_LAPSE:
        lapse = LAPSE_TEXTS.get(str(payload.get("reason")), LAPSE_TEXTS["gone"])
        return gettext(lapse) % _takeback_words(event)
    if event.kind == EventKind.ROLLBACK:
        text = gettext("a moderator rolled back to the position after #%(seq)s") % {
            "seq": payload.get("to_seq")
        }
        return _with_reason(text, payload)
    if event.kind == EventKind.RESIGN:
        outcome = {
            "finished": gettext_noop("the game is over"),
            "replaced_by_bot": gettext_noop("a bot plays on"),
            "abandoned": gettext_noop("no human is left: the game is abandoned"),
        }.get(payload.get("outcome", ""), "")
        if outcome:
            return gettext("resigned; %(outcome)s") % {"outcome": gettext(outcome)}
        return gettext("resigned")
    if event.kind in (EventKind.HAND_OVER, EventKind.TAKE_OVER):
        words = {
            "name": payload.get("user", ""),
            "seat": _seat_words({"seat": payload.get("seat")}),
        }
    if event.kind == EventKind.HAND_OVER:
        return (
            gettext(
                "%(name)s left %(seat)s to a substitute; a bot plays it until someone takes it over"
            )
            % words
        )
    if event.kind == EventKind.TAKE_OVER:
        if payload.get("assigned"):
            text = gettext("a moderator gave %(seat)s to %(name)s") % words
            return _with_reason(text, payload)
        return gettext("%(name)s took over %(seat)s") % words
    if event.kind in MODERATOR_TEXTS:
        text = gettext(MODERATOR_TEXTS[event.kind]) % {"seat": _seat_words(payload)}
        return _with_reason(text, payload)
    return choice_label(EventKind, event.kind)


# A takeback's events in the log ("ann: asked to take back #12 (move B-3)").
TAKEBACK_TEXTS: dict[str, str] = {
    EventKind.TAKEBACK_ASK: gettext_noop("asked to take back #%(seq)s (%(text)s)"),
    EventKind.TAKEBACK_AGREE: gettext_noop("agreed to take back #%(seq)s"),
    EventKind.TAKEBACK_REFUSE: gettext_noop("refused to take back #%(seq)s"),
    EventKind.TAKEBACK: gettext_noop(
        "took back #%(seq)s (%(text)s) and the decisions after it, with everyone's "
        "agreement: back to the position after #%(to_seq)s"
    ),
}
# Why a request lapsed (payload "reason").
LAPSE_TEXTS: dict[str, str] = {
    "moved": gettext_noop("the takeback of #%(seq)s lapsed: a decision was made meanwhile"),
    "gone": gettext_noop("the takeback of #%(seq)s lapsed: it can no longer be taken back"),
}


def _takeback_words(event: Event | EventRow) -> dict[str, Any]:
    """The decision a takeback event is about (each of them names it)."""
    payload = event.payload or {}
    return {
        "seq": payload.get("decision", ""),
        "text": payload.get("text", ""),
        "to_seq": payload.get("to_seq", ""),
    }


def event_player(event: Event | EventRow, seat_names: dict[int, str], bot_seats: set[int]) -> str:
    """Who made a decision, for the log: the person who played it (a seat can change hands:
    ``games.services.substitutes``), or "bot for <seat>" for a bot playing a person's seat
    (a late player's turn, a resigned or handed-over seat); ``names`` names the seats and
    ``bot_seats`` lists those a bot holds from the start. Other events name their seat."""
    name = seat_names.get(event.seat, "") if event.seat is not None else ""
    if event.kind != EventKind.MOVE or event.seat is None or event.seat in bot_seats:
        return name
    if event.actor_id is not None and event.actor is not None:
        return event.actor.get_username()
    colour = names.colour_name(SEAT_COLOURS[event.seat % len(SEAT_COLOURS)])
    return gettext("bot for %(seat)s") % {"seat": colour}


def bot_seats(seats: Iterable[Seat]) -> set[int]:
    """The seats a bot holds from the start (no person's seat: never handed over)."""
    return {s.index for s in seats if s.bot and s.user_id is None and not s.seeking_substitute}


def event_notation(event: Event | EventRow) -> str:
    """A move event's notation (what an email reply or a record writes), "" for others."""
    if event.kind != EventKind.MOVE:
        return ""
    return str((event.payload or {}).get("text", ""))


def _seat_words(payload: dict[str, Any]) -> str:
    """The seat a moderator's event concerns, named as the page names seats: by its player and
    colour ("alice (red)"), or by its number and colour when no one held it (the payload keeps
    the 0-based index and the player's name at the time)."""
    seat = payload.get("seat")
    if not isinstance(seat, int):
        return str(seat)
    colour = names.colour_name(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    user = payload.get("user")
    if user:
        return gettext("%(name)s (%(colour)s)") % {"name": user, "colour": colour}
    return gettext("seat %(number)d (%(colour)s)") % {"number": seat + 1, "colour": colour}


def _with_reason(text: str, payload: dict[str, Any]) -> str:
    """A moderator's event with the reason they gave (every moderator action has one)."""
    reason = str(payload.get("reason") or "").strip()
    return f"{text}: \u201c{reason}\u201d" if reason else text


MODERATOR_TEXTS: dict[str, str] = {
    EventKind.PAUSE: gettext_noop("a moderator paused the game"),
    EventKind.RESUME: gettext_noop("a moderator resumed the game"),
    EventKind.ABANDON: gettext_noop("a moderator abandoned the game"),
    EventKind.REPLACE_BY_BOT: gettext_noop("a moderator let a bot play for %(seat)s"),
    EventKind.RESTORE: gettext_noop("a moderator gave %(seat)s their seat back"),
    EventKind.EXTEND_DEADLINE: gettext_noop("a moderator moved the turn's deadline"),
}


def game_record(*, game: Game) -> dict[str, Any]:
    """The game as a record: setup and the moves that led to the current position.

    Undone moves are left out (the history keeps them). ``rules_version``: the rules the moves
    replay under (a moderator's upgrade replays them all under the newer rules). The seed is
    included only once the game is over; with it, ``manage.py replay_record`` replays the
    game.
    """
    if game.version == 0:
        raise ConflictError("game_not_started", gettext("The game has not started yet."))
    lineage = Lineage(replay.event_refs(game))
    path = lineage.path(game.version)
    events = {e.seq: e for e in Event.objects.filter(game=game, seq__in=path)}
    setup = events[path[0]].payload
    # After a rules upgrade, the moves replay from the setup under the newer rules.
    rules = lineage.rules_on(path)[0] or setup_rules_version(setup)
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "game": game.public_id,
        "edition": setup.get("edition", game.edition),
        "players": setup["players"],
        "options": setup.get("options", {}),
        "rules_version": rules,
        # The name records had before rules versions: the same value, for older readers.
        "engine_version": rules,
        "seats": setup.get("seats", []),
        "status": game.status,
        "version": game.version,
        "moves": [
            {
                "seq": seq,
                "seat": events[seq].seat,
                "move": events[seq].payload["move"],
                "text": events[seq].payload.get("text", ""),
            }
            for seq in path[1:]
            if events[seq].kind == EventKind.MOVE
        ],
        "takebacks": _record_takebacks(game, lineage),
        "result": game.result,
        # Who held a seat when: the seats that changed hands (games.services.substitutes).
        # The moves replay without them; a reader of the record sees who played them.
        "seat_changes": [
            {
                "seq": event.seq,
                "kind": event.kind,
                "seat": event.seat,
                "user": (event.payload or {}).get("user", ""),
            }
            for event in Event.objects.filter(
                game=game, kind__in=[EventKind.HAND_OVER, EventKind.TAKE_OVER]
            ).order_by("seq")
        ],
    }
    if game.is_over:
        record["seed"] = game.seed
    return record


def _record_takebacks(game: Game, lineage: Lineage) -> list[dict[str, Any]]:
    """The agreed takebacks, each with the decisions it took back: the record's moves are
    the game as it stands, and these say what was played and taken back on the way (a
    takeback's event ``seq`` returned the game to the position after ``to_seq``)."""
    by = takeback_marks(lineage)
    if not by:
        return []
    events = {
        e.seq: e
        for e in Event.objects.filter(game=game, seq__in=[*by, *set(by.values())]).order_by("seq")
    }
    return [
        {
            "seq": seq,
            "seat": events[seq].seat,
            "to_seq": events[seq].payload.get("to_seq"),
            "moves": [
                {
                    "seq": move,
                    "seat": events[move].seat,
                    "move": events[move].payload["move"],
                    "text": events[move].payload.get("text", ""),
                }
                for move in sorted(m for m, t in by.items() if t == seq)
            ],
        }
        for seq in sorted(set(by.values()))
    ]


def events_since(*, game: Game, seq: int, limit: int = 20) -> list[Event]:
    """The events after ``seq`` (the first ``limit`` of them): what happened since a page
    showing the position after ``seq`` was drawn."""
    return list(Event.objects.filter(game=game, seq__gt=seq).order_by("seq")[:limit])

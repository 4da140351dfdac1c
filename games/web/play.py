"""The game page: the table, the seat's legal moves as buttons, undo, the log and the chat.

Who sees what: a seated player sees the table as their seat does (their hand included);
any other signed-in user with the link watches as a spectator (public information only,
as the API's state endpoint shows it); once the game is over everything is revealed.
The chat and the report form are for the game's players (and moderators).

The page is one full render; the main panel (``#game-panel``) is re-rendered by htmx after a
move or an undo, and when polling finds that the game's version has moved on. Errors come
back with their HTTP status and go to the ``#play-messages`` live region (``play.js``
swaps them there), leaving the panel as it was.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Container, Mapping
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engine
from common.errors import InvalidRequestError, NotAllowedError, ServiceError
from common.timefmt import when, zone
from common.web import AuthenticatedHttpRequest, is_htmx, signed_in, time_zone_name
from engine import Move, View
from games import chat, journal_store, move_presentation, replay, selectors, services
from games.board.svg import board_svg, player_board_svg
from games.errors import StaleVersionError
from games.event_rows import latest_event_rows
from games.lineage import Lineage
from games.models import (
    ChatMessage,
    Game,
    GameStatus,
    ReportReason,
    Seat,
    TableView,
    bot_strength,
)
from games.moderation import may_moderate, reports
from games.services import table_view
from games.web import (
    catchup_display,
    finding,
    move_buttons,
    plan_display,
    play_log,
    stale,
    takeback_display,
    text_display,
)
from games.web.display import time_control_text

# How many of the latest events the game page lists (the replay has them all).
LOG_LENGTH = 40
# How often the page asks whether the game has moved on (seconds): soon while a bot is to
# move (its task answers within moments of the move that gave it the turn), then less often.
POLL_SECONDS = 3
# How many of the latest events a live update announces (a screen reader reads them out):
# the ones a player away for a few moves needs, not a whole round of a 4-player game.
ANNOUNCED_EVENTS = 6
BOT_POLL_SECONDS = 0.5
CHAT_POLL_SECONDS = 10


def seat_name(seat: Seat) -> str:
    if seat.user is not None and not seat.bot:
        return seat.user.get_username()
    if seat.user is not None:
        return _("%(name)s (a bot plays)") % {"name": seat.user.get_username()}
    if seat.bot:
        return _("Bot (%(strength)s)") % {"strength": bot_strength(seat.bot)}
    return _("empty seat")


def board_markup(view: View, targets: dict[str, int] | None, names: list[str] | None = None) -> str:
    return mark_safe(board_svg(view, targets=targets, names=names))


def player_board_markup(view: View, seat: int, names: list[str] | None = None) -> str:
    return mark_safe(player_board_svg(view, seat, names=names))


def names_by_seat(seat_rows: list[dict[str, Any]]) -> list[str]:
    return [row["name"] for row in sorted(seat_rows, key=lambda row: row["seat"].index)]


def error_response(
    request: HttpRequest, error: ServiceError, *, game: Game | None = None
) -> HttpResponse:
    """The error as a message in the live region; the rest of the page stays as it was.
    Without JavaScript the form post comes back to the page, which shows the message."""
    if isinstance(error, StaleVersionError) and game is not None:
        error = _stale_told(request, game, error)
    context = {"error": error, "game": game, "stale": isinstance(error, StaleVersionError)}
    if not is_htmx(request):
        if game is not None:
            messages.error(request, error.message)
            return redirect(page_name(request), public_id=game.public_id)
        return render(request, "games/error.html", context, status=error.status)
    response = render(request, "games/play/_error.html", context, status=error.status)
    response["HX-Retarget"] = "#play-messages"
    response["HX-Reswap"] = "innerHTML"
    return response


def _stale_told(request: HttpRequest, game: Game, error: StaleVersionError) -> StaleVersionError:
    """The refusal of a click from an out-of-date page, naming who changed the game."""
    seats = _seats_context(game, request.user)
    names = {row["seat"].index: row["name"] for row in seats["seats"]}
    mine = seats["my_seat"]
    events = selectors.events_since(game=game, seq=error.expected_version)
    return stale.stale_error(error, events, names, mine.index if mine is not None else None)


def error_page(request: HttpRequest, error: ServiceError) -> HttpResponse:
    return render(request, "games/error.html", {"error": error}, status=error.status)


# --- the page and its panel ---------------------------------------------------------------


@never_cache
@signed_in
@require_GET
def game_page(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as error:
        return error_page(request, error)
    if game.version == 0:
        return render(request, "games/play/not_started.html", _seats_context(game, request.user))
    text = table_view.table_view_of(user=request.user) == TableView.TEXT
    return render_page(request, game, text=text)


def render_page(request: AuthenticatedHttpRequest, game: Game, *, text: bool) -> HttpResponse:
    """The whole game page: the board view, or the table in words (``text``)."""
    context = play_context(request, game, text=text)
    context.update(chat_context(request, game))
    context.update(finding.note_context(request, game))
    template = text_display.PAGE_TEMPLATE if text else "games/play/page.html"
    return render(request, template, context)


def page_name(request: HttpRequest) -> str:
    """The page a form of the game page comes back to without JavaScript: the text view's
    own address when the form was on it."""
    return "game-text" if text_display.wants_text(request) else "game-play"


@never_cache
@signed_in
@require_GET
def game_panel(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """The main panel; 204 (nothing to swap) while the game is still at version ``since``."""
    try:
        game = selectors.game_get(public_id=public_id)  # one query while nothing has changed
    except ServiceError as error:
        return error_page(request, error)
    since = request.GET.get("since", "")
    if game.version == 0 or (since.isdigit() and int(since) == game.version):
        return HttpResponse(status=204)
    game = selectors.game_with_seats(game=game)
    text = text_display.wants_text(request)
    context = play_context(request, game, oob=True, text=text)
    if since.isdigit() and int(since) < game.version:
        news = moves_announcement(game, int(since), context)
        context["announcement"] = f"{news} {context['announcement']}".strip()
    template = text_display.PANEL_TEMPLATE if text else "games/play/_panel.html"
    return render(request, template, context)


def moves_announcement(game: Game, since: int, context: Mapping[str, Any]) -> str:
    """What happened after position ``since`` (the page's), as the live region reads it out
    when the panel is redrawn: 'bob: Moved to the 2nd building space. bot: ...'. The latest
    ``ANNOUNCED_EVENTS`` only, in the order they were played; decisions taken back are left
    out, as in the log."""
    names = {row["seat"].index: row["name"] for row in context["seats"]}
    events = list(
        selectors.player_history(game=game)
        .filter(seq__gt=since)
        .order_by("-seq")[:ANNOUNCED_EVENTS]
    )
    sentences = []
    bots = selectors.bot_seats(row["seat"] for row in context["seats"])
    for row in reversed(log_rows(events, names, bots)):
        text = str(row["text"]).rstrip(". ")
        if row["who"]:
            text = _("%(who)s: %(what)s") % {"who": row["who"], "what": text}
        sentences.append(f"{text}.")
    return " ".join(sentences)


@never_cache
@signed_in
@require_GET
def game_version(request: AuthenticatedHttpRequest, public_id: str) -> JsonResponse:
    """The game's version, status and seat to move: what a page needs to know it is stale."""
    try:
        game = selectors.game_get(public_id=public_id)
    except ServiceError as error:
        return JsonResponse({"code": error.code, "message": error.message}, status=error.status)
    return JsonResponse(
        {"version": game.version, "status": game.status, "current_seat": game.current_seat}
    )


@signed_in
@require_POST
def move_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """Play one of the seat's legal moves: by its index in the list the page showed (with
    the version that list belongs to), or as move JSON."""
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as error:
        return error_response(request, error)
    try:
        expected = expected_version(request)
        move = _posted_move(request, game, expected)
        services.move_submit(
            game=game.public_id,
            user=request.user,
            move=move,
            expected_version=expected,
            idempotency_key=request.POST.get("idempotency_key", "")[:100],
        )
    except ServiceError as error:
        return error_response(request, error, game=game)
    return after_change(request, game, _("Move played."))


@signed_in
@require_POST
def undo_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as error:
        return error_response(request, error)
    try:
        services.move_undo(
            game=game.public_id,
            user=request.user,
            expected_version=expected_version(request),
            idempotency_key=request.POST.get("idempotency_key", "")[:100],
        )
    except ServiceError as error:
        return error_response(request, error, game=game)
    return after_change(request, game, _("Your last decision was taken back."))


@signed_in
@require_POST
def resign_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """Resign (games.services.game_resign says what becomes of the game); asked to confirm
    on the page first."""
    try:
        game = selectors.game_get(public_id=public_id)
        services.game_resign(game=game, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("You resigned from this game."))
    return redirect(page_name(request), public_id=public_id)


@signed_in
@require_POST
def hand_over_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """Leave one's seat to a substitute (``services.seat_hand_over``); asked to confirm on
    the page first. The leaver no longer sees the seat: they land on the game as anyone."""
    try:
        game = selectors.game_get(public_id=public_id)
        services.seat_hand_over(game=game, user=request.user)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(
            request,
            _("You handed your seat over: a bot plays it until someone takes it over."),
        )
    return redirect("game-play", public_id=public_id)


@signed_in
@require_POST
def take_over_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """Take over a seat seeking a substitute (``services.seat_take_over``; the form names
    the seat, or the first one seeking is taken)."""
    raw = request.POST.get("seat", "")
    try:
        if raw and not raw.isdigit():
            raise InvalidRequestError("bad_seat", _("Choose a seat shown on the page."))
        game = selectors.game_get(public_id=public_id)
        services.seat_take_over(game=game, user=request.user, seat=int(raw) if raw else None)
    except ServiceError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("The seat is yours: you play it from now on."))
    return redirect("game-play", public_id=public_id)


def after_change(request: HttpRequest, game: Game, done: str) -> HttpResponse:
    if not is_htmx(request):
        messages.success(request, done)
        return redirect(page_name(request), public_id=game.public_id)
    game = selectors.game_get(public_id=game.public_id, with_seats=True)
    text = text_display.wants_text(request)
    context = play_context(request, game, oob=True, text=text)
    if not context["your_turn"]:
        context["announcement"] = done
    else:
        context["announcement"] = f"{done} {context['announcement']}".strip()
    template = text_display.PANEL_TEMPLATE if text else "games/play/_panel.html"
    return render(request, template, context)


def expected_version(request: HttpRequest) -> int:
    raw = request.POST.get("expected_version", "")
    if not raw.isdigit():
        raise InvalidRequestError(
            "bad_version", _("The page did not say which position it shows: reload it.")
        )
    return int(raw)


def _posted_move(request: HttpRequest, game: Game, expected: int) -> Mapping[str, Any]:
    raw_json = request.POST.get("move_json", "").strip()
    if raw_json:
        try:
            move = json.loads(raw_json)
        except ValueError as exc:
            raise InvalidRequestError("bad_move", _("That move is not valid JSON.")) from exc
        if not isinstance(move, dict):
            raise InvalidRequestError("bad_move", _("A move is an object with a 'type'."))
        return move
    raw_index = request.POST.get("move", "")
    if not raw_index.isdigit():
        raise InvalidRequestError("bad_move", _("Choose one of the moves shown."))
    if not 1 <= expected <= game.version:
        raise StaleVersionError(expected=expected, current=game.version)
    seat = selectors.seat_of(game=game, user=request.user)
    if seat is None:
        raise NotAllowedError("not_seated", _("You do not have a seat in this game."))
    # The index points into the list the page showed: the legal moves at that version.
    state = replay.state_at(game, expected)
    moves = engine.legal_moves(state, seat.index)
    index = int(raw_index)
    if index >= len(moves):
        if expected != game.version:
            raise StaleVersionError(expected=expected, current=game.version)
        if not moves:
            raise NotAllowedError("not_your_turn", _("It is not your turn."))
        raise InvalidRequestError("bad_move", _("There is no such move now: choose one shown."))
    return moves[index]


# --- what the panel shows -----------------------------------------------------------------


def _seats_context(game: Game, user: Any) -> dict[str, Any]:
    seats = list(game.seats.all())
    mine = next((s for s in seats if s.user_id == getattr(user, "pk", None)), None)
    return {
        "game": game,
        "seats": [{"seat": s, "name": seat_name(s), "mine": s is mine} for s in seats],
        "my_seat": mine,
    }


def play_context(
    request: HttpRequest, game: Game, *, oob: bool = False, text: bool = False
) -> dict[str, Any]:
    """Everything the panel shows; with ``text``, the table in words instead of drawn."""
    user = request.user
    context = _seats_context(game, user)
    names = {row["seat"].index: row["name"] for row in context["seats"]}
    # Read once for the position, the log, undo and takebacks, which each read every event
    # otherwise.
    lineage = selectors.game_lineage(game=game)
    state = replay.state_at(game, game.version, lineage=lineage)
    viewer = selectors.viewing_seat(game=game, user=user)
    view = selectors.view_of(game=game, state=state, seat=viewer)
    my_seat = context["my_seat"]

    moves: list[Move] = []
    if (
        my_seat is not None
        and viewer is not None
        and game.status == GameStatus.ACTIVE
        and not my_seat.bot
    ):
        # The seat to move gets its decision; any other seat what the engine lets it do out
        # of turn (2nd edition: an exchange token, then its discards; R2-TURN-01).
        moves = engine.legal_moves(state, my_seat.index)
    groups = (
        move_presentation.present_moves(state, viewer, moves)
        if moves and viewer is not None  # moves are listed only for the viewer's seat
        else []
    )
    your_turn = bool(moves) and my_seat is not None and game.current_seat == my_seat.index
    out_of_turn = bool(moves) and not your_turn
    targets = move_presentation.board_targets(groups) if your_turn else {}

    current = game.current_seat
    decision = view.get("decision")
    if game.is_over:
        announcement = _("The game is over.")
    elif your_turn:
        announcement = _("It is your turn.")
    else:
        announcement = ""
    players = player_rows(
        view,
        context["seats"],
        viewer=viewer,
        to_move=None if game.is_over else current,
        drawn=not text,
    )
    mine = next((row for row in players if row["is_viewer"] and row["hand"] is not None), None)
    context.update(
        {
            "view": view,
            "viewer": viewer,
            "players": players,
            # The seat's own hand, money and certificates, kept beside the move buttons.
            "mine": mine,
            "board": (
                "" if text else board_markup(view, targets or None, names_by_seat(context["seats"]))
            ),
            "table": TableView.TEXT if text else TableView.BOARD,
            "move_buttons": move_buttons.move_buttons(groups),
            "your_turn": your_turn,
            "out_of_turn": out_of_turn,
            "out_of_turn_text": (
                move_presentation.out_of_turn_text(view, viewer)
                if out_of_turn and viewer is not None
                else ""
            ),
            "decision_text": move_presentation.decision_text(decision, view["edition"], view=view),
            "decision_seat_name": names.get(current) if current is not None else None,
            "idempotency_key": secrets.token_urlsafe(16),
            "undo_key": secrets.token_urlsafe(16),
            "can_undo": selectors.undo_possible(game=game, user=user, lineage=lineage),
            "log": _log(game, names, lineage),
            "scores": (
                move_presentation.score_table(scores, names) if (scores := view["scores"]) else None
            ),
            "result": game.result,
            "winners": [names.get(i, "") for i in (game.result or {}).get("winners", [])],
            "announcement": announcement,
            # In the reader's time zone (their profile's; set from the browser at sign-up).
            "deadline_text": when(game.turn_deadline, zone(time_zone_name(request))),
            "clock_text": time_control_text(game),
            "oob": oob,
            "poll_seconds": _poll_seconds(game, context["seats"]),
            "spectator": viewer is None and not game.is_over,
            "can_take_over": selectors.may_take_over(game=game, user=user),
            "seeking_seats": [row for row in context["seats"] if row["seat"].seeking_substitute],
        }
    )
    if text:
        context.update(
            text_display.text_context(view, players, viewer, names_by_seat(context["seats"]))
        )
    context.update(plan_display.plan_context(user, game, state, my_seat, context["log"]))
    context["log_items"] = play_log.log_items(context["log"])  # once the plan has marked them
    context.update(catchup_display.catchup_context(game, my_seat, your_turn, names))
    context.update(takeback_display.takeback_context(game, my_seat, names, lineage))
    return context


def _poll_seconds(game: Game, seats: list[dict[str, Any]]) -> float:
    to_move = next((row["seat"] for row in seats if row["seat"].index == game.current_seat), None)
    bot_to_move = game.status == GameStatus.ACTIVE and to_move is not None and bool(to_move.bot)
    return BOT_POLL_SECONDS if bot_to_move else POLL_SECONDS


def player_rows(
    view: View,
    seat_rows: list[dict[str, Any]],
    *,
    viewer: int | None,
    to_move: int | None,
    drawn: bool = True,
) -> list[dict[str, Any]]:
    """Each player of a view, as the page lists them (the hand only where the view has it;
    their board drawn unless not ``drawn``: the text view says it in words)."""
    seats = {row["seat"].index: row for row in seat_rows}
    edition = view["edition"]
    rows = []
    for player in view["players"]:
        index = player["seat"]
        hand = player["hand"]
        rows.append(
            {
                "seat": index,
                "name": seats[index]["name"]
                if index in seats
                else _("seat %(number)d") % {"number": index + 1},
                "colour": seats[index]["seat"].colour if index in seats else "",
                "money": player["money"],
                "certificates": player.get("certificates", 0),
                "permanent_certificates": player.get("permanent_certificates", 0),
                "is_viewer": index == viewer,
                "to_move": index == to_move and not view.get("over"),
                "hand": (
                    [
                        {"card": card, "label": move_presentation.card_label(card, edition)}
                        for card in hand
                    ]
                    if isinstance(hand, list)
                    else None
                ),
                "hand_count": len(hand) if isinstance(hand, list) else hand["count"],
                # 2nd edition: an exchange token used out of turn whose discards are pending.
                "side_decision": player.get("side_decision"),
                "board": (
                    player_board_markup(view, index, names_by_seat(seat_rows)) if drawn else ""
                ),
            }
        )
    return rows


def log_rows(
    events: Any, names: dict[int, str], bots: set[int], taken_back: Container[int] = ()
) -> list[dict[str, Any]]:
    """The log's lines; ``bots``: the seats a bot holds from the start
    (``selectors.bot_seats``: on the others, a decision names who made it, a person or the
    bot playing for them); ``taken_back``: the decisions an agreed takeback took back,
    which stay in the log, marked."""
    events = list(events)
    lines = journal_store.lines_of(events)
    return [
        {
            "seq": event.seq,
            "who": selectors.event_player(event, names, bots),
            "text": selectors.event_text(event, lines),
            "notation": selectors.event_notation(event),
            "at": event.created_at,
            "taken_back": event.seq in taken_back,
        }
        for event in events
    ]


def _log(game: Game, names: dict[int, str], lineage: Lineage) -> list[dict[str, Any]]:
    # The latest first: what a returning player reads first.
    events = latest_event_rows(
        game,
        LOG_LENGTH,
        hidden=selectors.hidden_from_players(game=game, lineage=lineage),
        users={seat.user.pk: seat.user for seat in game.seats.all() if seat.user is not None},
    )
    taken_back = selectors.taken_back_by_takeback(game=game, lineage=lineage)
    return log_rows(events, names, selectors.bot_seats(game.seats.all()), taken_back)


# --- chat and reports ---------------------------------------------------------------------


def chat_context(request: AuthenticatedHttpRequest, game: Game) -> dict[str, Any]:
    """The chat for the page, or nothing for someone who may not read it."""
    try:
        lines = chat.chat_messages_for(game=game, user=request.user)
    except ServiceError:
        return {"chat_allowed": False}
    seats = {s.index: s for s in game.seats.all()}
    return {
        "chat_allowed": True,
        "chat_can_post": selectors.seat_of(game=game, user=request.user) is not None
        and game.status != GameStatus.ABANDONED,
        "chat_lines": [
            {
                "message": line,
                "colour": seats[line.seat].colour if line.seat in seats else "",
                "mine": line.author_id == request.user.pk,
            }
            for line in lines
        ],
        "chat_poll_seconds": CHAT_POLL_SECONDS,
        "game": game,
        "moderator": may_moderate(request.user),
    }


@never_cache
@signed_in
@require_http_methods(["GET", "POST"])
def chat_view(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """GET: the chat panel (polled); POST: write a line, then the panel again."""
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as exc:
        return error_page(request, exc)
    error: ServiceError | None = None
    if request.method == "POST":
        try:
            chat.chat_post(game=game, user=request.user, text=request.POST.get("text", ""))
        except ServiceError as exc:
            error = exc
        if not is_htmx(request):
            if error is not None:
                messages.error(request, error.message)
            return redirect(reverse("game-play", kwargs={"public_id": public_id}) + "#chat")
    context = chat_context(request, game)
    if not context["chat_allowed"]:
        return error_page(
            request, NotAllowedError("not_seated", _("Only the game's players can read its chat."))
        )
    context["chat_error"] = error
    context["chat_text"] = request.POST.get("text", "") if error is not None else ""
    return render(request, "games/play/_chat.html", context, status=200)


@signed_in
@require_http_methods(["GET", "POST"])
def report_view(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """Report a player of the game, or one of its chat messages, to the moderators."""
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
    except ServiceError as exc:
        return error_page(request, exc)
    if selectors.seat_of(game=game, user=request.user) is None:
        return error_page(
            request, NotAllowedError("not_seated", _("Only the game's players can report from it."))
        )
    source = request.POST if request.method == "POST" else request.GET
    message = _chat_message(game, source.get("message", ""))
    others = [s for s in game.seats.all() if s.user_id is not None and s.user_id != request.user.pk]
    form = {
        "reason": source.get("reason", ReportReason.ABUSE),
        "text": source.get("text", ""),
        "player": source.get("player", str(message.author_id) if message else ""),
    }
    error: ServiceError | None = None
    if request.method == "POST":
        reported = next((s.user for s in others if str(s.user_id) == form["player"]), None)
        try:
            reports.report_create(
                game=game,
                reporter=request.user,
                reason=form["reason"],
                text=form["text"],
                reported_user=None if message is not None else reported,
                message=message,
            )
        except ServiceError as exc:
            error = exc
        else:
            messages.success(request, _("Thank you: the moderators will look at your report."))
            return redirect("game-play", public_id=game.public_id)
    return render(
        request,
        "games/play/report.html",
        {
            "game": game,
            "message": message,
            "players": [{"id": s.user_id, "name": seat_name(s)} for s in others],
            "reasons": ReportReason.choices,
            "form": form,
            "error": error,
        },
        status=error.status if error is not None else 200,
    )


def _chat_message(game: Game, raw: str) -> ChatMessage | None:
    if not raw.isdigit():
        return None
    return ChatMessage.objects.filter(game=game, pk=int(raw), hidden_at__isnull=True).first()

"""The REST API of games: thin views over ``services`` and ``selectors`` (see docs/api.md).

Errors are the API's usual ``{"code", "message"}`` with a 4xx status (``common.api``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.utils.urls import replace_query_param
from rest_framework.views import APIView

from common import api_tokens, login_throttle
from common.api import AuthenticatedRequest, ErrorSerializer, api_time, error_responses, validated
from common.client_ip import client_ip
from common.errors import InvalidRequestError, RateLimitedError
from games import editions, journal_store, naming, selectors, services
from games.api.move_input import usual_move_input
from games.models import (
    BOT_STRENGTHS,
    BotKind,
    Event,
    Game,
    GameNote,
    GameStatus,
    Seat,
    SeatStatus,
    TimeoutPolicy,
)
from games.naming import GAME_NAME_LENGTH
from games.reliability import Reliability, reliability_of
from games.timecontrol.clock import (
    DEFAULT_QUIET_END,
    DEFAULT_QUIET_START,
    MAX_BANK_DAYS,
    MAX_VACATION_DAYS,
)

logger = logging.getLogger(__name__)

F = TypeVar("F", bound=Callable[..., Any])


# --- output ----------------------------------------------------------------------------


# Games on a page of ``GET /api/games/`` and ``GET /api/lobby/`` (``page_size``: up to the
# most); the next and previous pages are in the ``Link`` header.
GAME_PAGE_SIZE = 50
GAME_PAGE_MAX = 500


class GamePageQuery(serializers.Serializer[Any]):
    page = serializers.IntegerField(
        min_value=1, max_value=1_000_000, default=1, help_text="Page number (from 1)."
    )
    page_size = serializers.IntegerField(
        min_value=1,
        max_value=GAME_PAGE_MAX,
        default=GAME_PAGE_SIZE,
        help_text=f"Games per page (at most {GAME_PAGE_MAX}).",
    )


def _games_page(
    request: Request,
    games: Any,
    query: dict[str, Any],
    *,
    with_reliability: bool = False,
    player: User | None = None,
) -> Response:
    """One page of ``games`` as a JSON list, with links to the pages around it in a ``Link``
    header (RFC 8288: ``rel="next"``, ``rel="prev"``). One more row than the page is read to
    know whether a next page exists, so no list is ever counted. ``games`` prefetch their
    creators (and ``selectors`` their seats' users): read by primary key for the page, not
    joined to a list that can hold a player's thousands of games. ``player``: the games are
    that player's list (``selectors.game_list_for_user``); the page is cut from the games'
    ids, then its games alone are read, with their seats, users and creators
    (``selectors.games_of_page``)."""
    page, size = query["page"], query["page_size"]
    start = (page - 1) * size
    if player is not None:
        ids = selectors.game_list_read(games.values_list("pk", flat=True)[start : start + size + 1])
        rows = selectors.games_of_page(user=player, ids=ids[:size], with_standing=False)
        has_next = len(ids) > size
    else:
        rows = list(games[start : start + size + 1])
        rows, has_next = rows[:size], len(rows) > size
    context: dict[str, Any] = {"request": request}
    if with_reliability:  # where people choose whom to play with: two queries for the page
        users = {seat.user_id for game in rows for seat in game.seats.all()}
        context["reliability"] = reliability_of(pk for pk in users if pk is not None)
    response = Response(GameOutput(rows, many=True, context=context).data)
    url = request.build_absolute_uri()
    links = []
    if has_next:
        links.append(f'<{replace_query_param(url, "page", page + 1)}>; rel="next"')
    if page > 1:
        links.append(f'<{replace_query_param(url, "page", page - 1)}>; rel="prev"')
    if links:
        response["Link"] = ", ".join(links)
    return response


class SeatOutput(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    colour = serializers.CharField()
    user = serializers.CharField(allow_null=True, help_text="Username; null for a bot or empty.")
    bot = serializers.ChoiceField(choices=BotKind.choices, allow_null=True)
    status = serializers.CharField()
    seeking_substitute = serializers.BooleanField(
        help_text="Its player handed it over: a bot plays it until someone takes it over "
        "(POST /api/games/{id}/take-over/)."
    )

    def to_representation(self, seat: Seat) -> dict[str, Any]:
        return seat_fields(seat)


def seat_fields(seat: Seat) -> dict[str, Any]:
    """``SeatOutput``'s answer, written without building the serializer for each seat of a
    list."""
    return {
        "index": seat.index,
        "colour": seat.colour,
        "user": seat.user.get_username() if seat.user else None,
        "bot": seat.bot or None,
        "status": seat.status,
        "seeking_substitute": seat.seeking_substitute,
    }


def _seat_output(seat: Seat, signals: dict[int, Reliability] | None) -> dict[str, Any]:
    """A seat, with its player's reliability where the answer lists them (the lobby)."""
    out = seat_fields(seat)
    signal = signals.get(seat.user_id) if signals and seat.user_id else None
    if signal is not None:
        out["reliability"] = {
            "finished_percent": signal.percent,
            "games": signal.games,
            "median_response_seconds": signal.median_seconds,
        }
    return out


class GameOutput(serializers.Serializer[Any]):
    id = serializers.CharField(help_text="The game's public id; knowing it lets you join.")
    name = serializers.CharField(
        help_text='The name given at creation, or one built from the players ("ann vs ben").'
    )
    name_given = serializers.BooleanField(help_text="Whether the name was given at creation.")
    edition = serializers.CharField(help_text="1e or 2e.")
    edition_label = serializers.CharField(
        help_text='The edition and its variants in words, e.g. "2nd edition · Simmental".'
    )
    status = serializers.ChoiceField(choices=GameStatus.choices)
    version = serializers.IntegerField(help_text="Seq of the last event (0 before the start).")
    players = serializers.IntegerField()
    options = serializers.DictField(
        help_text='The options the engine was given: {"layout": ...}, and for the 2nd '
        'edition {"simmental": true or false}.'
    )
    lobby = serializers.BooleanField()
    rated = serializers.BooleanField(help_text="Counts for the players' ratings once finished.")
    current_seat = serializers.IntegerField(allow_null=True)
    turn_since = serializers.DateTimeField(allow_null=True)
    turn_deadline = serializers.DateTimeField(allow_null=True)
    turn_time_limit = serializers.IntegerField(allow_null=True, help_text="Seconds.")
    timeout_policy = serializers.ChoiceField(choices=TimeoutPolicy.choices)
    vacation_days = serializers.IntegerField()
    bank_days = serializers.IntegerField(help_text="Time bank: days per player at the start.")
    bank_per_turn = serializers.IntegerField(
        help_text="Seconds added to a player's bank each time a turn of theirs ends."
    )
    quiet_hours = serializers.ListField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="[start, end] local hours of each player's quiet hours (their own time "
        "zone): no clock runs and no reminder is sent; null: none.",
    )
    weekend_pause = serializers.BooleanField(
        help_text="No clock runs on each player's Saturday and Sunday."
    )
    min_finished_percent = serializers.IntegerField(
        allow_null=True,
        help_text="Join condition: only players who finished at least this share (%) of "
        "their games; null: anyone.",
    )
    bank_left = serializers.IntegerField(
        allow_null=True, help_text="Seconds left in your time bank (null: not seated)."
    )
    seats = SeatOutput(many=True)
    your_seat = serializers.IntegerField(allow_null=True)
    your_turn = serializers.BooleanField()
    has_note = serializers.BooleanField(
        help_text="Whether you wrote a note on this game (GET note/ reads it: only yours)."
    )
    created_by = serializers.CharField()
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    rules_version = serializers.CharField(
        help_text="The rules the game is played under: edition-revision, e.g. 1e-1."
    )
    engine_version = serializers.CharField(help_text="Deprecated: the same as rules_version.")
    result = serializers.DictField(allow_null=True)

    def to_representation(self, game: Game) -> dict[str, Any]:
        user = self.context["request"].user
        seats = list(game.seats.all())
        mine = next((seat for seat in seats if seat.user_id == user.pk), None)
        limit = game.turn_time_limit
        return {
            "id": game.public_id,
            "name": naming.game_title(game.name, seats),
            "name_given": bool(game.name),
            "edition": game.edition,
            "edition_label": game.edition_label,
            "status": game.status,
            "version": game.version,
            "players": game.players,
            "options": game.options,
            "lobby": game.lobby,
            "rated": game.rated,
            "current_seat": game.current_seat,
            "turn_since": api_time(game.turn_since),
            "turn_deadline": api_time(game.turn_deadline),
            "turn_time_limit": int(limit.total_seconds()) if limit else None,
            "timeout_policy": game.timeout_policy,
            "vacation_days": game.vacation_days,
            "bank_days": game.bank_days,
            "bank_per_turn": int(game.bank_per_turn.total_seconds()),
            "quiet_hours": (
                [game.quiet_start, game.quiet_end] if game.quiet_start is not None else None
            ),
            "weekend_pause": game.weekend_pause,
            "min_finished_percent": game.min_finished_percent,
            "bank_left": int(mine.bank_left.total_seconds()) if mine else None,
            "seats": [_seat_output(seat, self.context.get("reliability")) for seat in seats],
            "your_seat": mine.index if mine else None,
            "your_turn": bool(
                mine
                and game.status == GameStatus.ACTIVE
                and game.current_seat == mine.index
                and mine.status == SeatStatus.PLAYING
            ),
            "has_note": _has_note(game, user) if mine else False,
            "created_by": game.created_by.get_username(),
            "created_at": api_time(game.created_at),
            "started_at": api_time(game.started_at),
            "finished_at": api_time(game.finished_at),
            "rules_version": game.rules_version,
            "engine_version": game.rules_version,
            "result": game.result,
        }


def _has_note(game: Game, user: Any) -> bool:
    """From the list's annotation when there is one (one query for a page), else asked."""
    annotated = getattr(game, "has_note", None)
    if annotated is not None:
        return bool(annotated)
    return GameNote.objects.filter(game=game, user=user).exists()


class StateOutput(serializers.Serializer[Any]):
    version = serializers.IntegerField(help_text="The seq this view is after.")
    view = serializers.DictField(help_text="The engine's view for your seat (see docs/api.md).")


class MoveStateOutput(StateOutput):
    moves = serializers.ListField(
        child=serializers.DictField(),
        help_text=(
            "Your legal moves now, as GET legal-moves/ gives them: the next decision of your "
            "turn, or [] when the decision passed to another seat or the game ended."
        ),
    )


def _game_response(request: Request, game: Game, code: int = status.HTTP_200_OK) -> Response:
    game = selectors.game_with_seats(game=game)
    return Response(GameOutput(game, context={"request": request}).data, status=code)


# --- auth ------------------------------------------------------------------------------


class TokenApi(APIView):
    """Exchange a username and password for an API token (send it as `Authorization: Token …`).

    The same token comes back while it lasts (`expires_at`), a new one after. Failed
    attempts are throttled per account and per client address (429 `too_many_attempts`)."""

    authentication_classes = ()
    permission_classes = (AllowAny,)

    class TokenInput(serializers.Serializer[Any]):
        username = serializers.CharField(max_length=150)
        password = serializers.CharField(max_length=4096, trim_whitespace=False)

    class TokenOutput(serializers.Serializer[Any]):
        token = serializers.CharField()
        expires_at = serializers.DateTimeField()

    @extend_schema(
        request=TokenInput,
        responses={200: TokenOutput, 400: ErrorSerializer, 429: ErrorSerializer},
        auth=[],
    )
    def post(self, request: Request) -> Response:
        data = validated(self.TokenInput, request.data)
        address = client_ip(request)
        if login_throttle.blocked(username=data["username"], client_ip=address):
            raise RateLimitedError(
                "too_many_attempts",
                login_throttle.refusal_message(),
                retry_after=login_throttle.window(),
            )
        user = authenticate(request, username=data["username"], password=data["password"])
        if user is None or not user.is_active:
            login_throttle.failed(username=data["username"], client_ip=address)
            raise InvalidRequestError(
                "invalid_credentials", gettext("Unknown username or wrong password.")
            )
        token = api_tokens.token_issue(user=user)
        return Response(
            {"token": token.key, "expires_at": api_tokens.expires_at(token.created).isoformat()}
        )


class MeApi(APIView):
    """Who you are authenticated as."""

    permission_classes = (IsAuthenticated,)

    class MeOutput(serializers.Serializer[Any]):
        id = serializers.IntegerField()
        username = serializers.CharField()

    @extend_schema(responses={200: MeOutput, **error_responses()})
    def get(self, request: AuthenticatedRequest) -> Response:
        return Response({"id": request.user.pk, "username": request.user.get_username()})


# --- games -----------------------------------------------------------------------------


class EditionsApi(APIView):
    """The editions a new game may be created with here (the first is the default)."""

    permission_classes = (IsAuthenticated,)

    class EditionOutput(serializers.Serializer[Any]):
        edition = serializers.CharField(help_text="What POST /api/games/ takes: 1e, 2e.")
        name = serializers.CharField(help_text='"1st edition", "2nd edition".')
        variants = serializers.DictField(
            child=serializers.CharField(),
            help_text='Option key -> variant name, e.g. {"simmental": "Simmental"}: a boolean '
            "option of the game.",
        )

    @extend_schema(
        summary="The editions offered for new games",
        responses={200: EditionOutput(many=True), **error_responses()},
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        return Response(
            [
                {
                    "edition": edition,
                    "name": editions.edition_name(edition),
                    "variants": editions.offered_variants(edition),
                }
                for edition in editions.offered()
            ]
        )


class GameListApi(APIView):
    permission_classes = (IsAuthenticated,)

    class GameListFilter(GamePageQuery):
        status = serializers.ChoiceField(choices=GameStatus.choices, required=False)
        dismissed = serializers.BooleanField(
            default=False, help_text="List the finished games you dismissed too."
        )

    class GameCreateInput(serializers.Serializer[Any]):
        name = serializers.CharField(
            required=False,
            allow_blank=True,
            max_length=GAME_NAME_LENGTH,
            trim_whitespace=True,
            help_text="The game's name; left out or empty: it is called after its players "
            '("ann vs ben").',
        )
        edition = serializers.CharField(
            required=False,
            max_length=8,
            help_text="One of the editions this site offers (1e, and 2e where the operator "
            "enabled it); the first offered one when left out.",
        )
        players = serializers.IntegerField(min_value=2, max_value=4)
        options = serializers.DictField(
            required=False,
            help_text='Engine options: {"layout": "beginner" or "random"}, and for the 2nd '
            'edition {"simmental": true} to play the Simmental variant.',
        )
        bots = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=3),
            required=False,
            max_length=4,
            help_text="Seat indexes played by bots.",
        )
        bot_kind = serializers.ChoiceField(
            choices=[*BotKind.values, *BOT_STRENGTHS.values()],
            default=BotKind.HEURISTIC,
            help_text='How well the bots play: "normal" (the "heuristic" bot) or "beginner" '
            '(the "random" bot); seats show the kind.',
        )
        turn_time_limit = serializers.IntegerField(
            required=False,
            allow_null=True,
            min_value=60,
            max_value=60 * 86400,
            help_text="Seconds a human has for a turn.",
        )
        timeout_policy = serializers.ChoiceField(
            choices=TimeoutPolicy.choices,
            default=TimeoutPolicy.BOT_MOVE,
            help_text="What happens when a turn deadline passes.",
        )
        vacation_days = serializers.IntegerField(
            default=0,
            min_value=0,
            max_value=MAX_VACATION_DAYS,
            help_text="Days each player may run over deadlines in all before the policy applies.",
        )
        bank_days = serializers.IntegerField(
            default=0,
            min_value=0,
            max_value=MAX_BANK_DAYS,
            help_text="Time bank: days each player may spend beyond the turn time limit.",
        )
        bank_per_turn = serializers.IntegerField(
            default=0,
            min_value=0,
            max_value=86400,
            help_text="Seconds added to a player's bank each time a turn of theirs ends "
            "(needs a bank of a day or more).",
        )
        quiet_hours = serializers.ListField(
            child=serializers.IntegerField(min_value=0, max_value=23),
            min_length=2,
            max_length=2,
            allow_null=True,
            default=[DEFAULT_QUIET_START, DEFAULT_QUIET_END],
            help_text="[start, end]: local hours (each player's own time zone) when no clock "
            "runs and no reminder is sent; null: none. Left out: [23, 7].",
        )
        weekend_pause = serializers.BooleanField(
            default=False, help_text="No clock runs on each player's Saturday and Sunday."
        )
        min_finished_percent = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            help_text="Only players who finished at least this share (1-100 %) of their games "
            "may join (a new player, with no ended game, may); null: anyone.",
        )
        lobby = serializers.BooleanField(
            default=False, help_text="List the game in the open lobby."
        )
        rated = serializers.BooleanField(
            required=False,
            allow_null=True,
            default=None,
            help_text="Counts for the players' ratings (docs/ratings.md); left out or null: "
            "rated when every seat is a person's. A rated game needs at least two people.",
        )

    @extend_schema(
        summary="Your games, a page at a time (those where it is your turn first, then the "
        "games not over, each the nearest deadline first, then the finished ones, the last "
        "ended first, without those you dismissed; the other pages in the Link header)",
        parameters=[GameListFilter],
        responses={200: GameOutput(many=True), **error_responses(400)},
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        filters = validated(self.GameListFilter, request.query_params)
        games = selectors.game_list_for_user(
            user=request.user, status=filters.get("status"), dismissed=filters["dismissed"]
        )
        return _games_page(request, games, filters, player=request.user)

    @extend_schema(
        summary="Create a game (you take the first seat that is not a bot)",
        request=GameCreateInput,
        responses={201: GameOutput, **error_responses(400)},
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        data = validated(self.GameCreateInput, request.data)
        limit = data.get("turn_time_limit")
        game = services.game_create(
            creator=request.user,
            name=data.get("name", ""),
            edition=data.get("edition"),
            players=data["players"],
            options=data.get("options") or {},
            bots=data.get("bots") or [],
            bot_kind=data["bot_kind"],
            turn_time_limit=timedelta(seconds=limit) if limit else None,
            timeout_policy=data["timeout_policy"],
            vacation_days=data["vacation_days"],
            bank_days=data["bank_days"],
            bank_per_turn=timedelta(seconds=data["bank_per_turn"]),
            quiet_hours=tuple(quiet) if (quiet := data["quiet_hours"]) else None,
            weekend_pause=data["weekend_pause"],
            min_finished_percent=data.get("min_finished_percent"),
            lobby=data["lobby"],
            rated=data.get("rated"),
        )
        return _game_response(request, game, status.HTTP_201_CREATED)


class LobbyApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        summary="Open games with a free seat, listed in the lobby, newest first, a page at a "
        "time (the other pages in the Link header)",
        parameters=[GamePageQuery],
        responses={200: GameOutput(many=True), **error_responses(400)},
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        query = validated(GamePageQuery, request.query_params)
        return _games_page(
            request,
            selectors.game_list_lobby(user=request.user).prefetch_related("created_by"),
            query,
            with_reliability=True,
        )


class LobbySubstitutesApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        summary="Games in progress listed in the lobby with a seat seeking a substitute "
        "(but those you sit at or left), the last changed first, a page at a time",
        parameters=[GamePageQuery],
        responses={200: GameOutput(many=True), **error_responses(400)},
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        query = validated(GamePageQuery, request.query_params)
        return _games_page(
            request,
            selectors.game_list_seeking_substitute(user=request.user).prefetch_related(
                "created_by"
            ),
            query,
            with_reliability=True,
        )


class GameApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(summary="A game", responses={200: GameOutput, **error_responses(404)})
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id, with_seats=True)
        return Response(GameOutput(game, context={"request": request}).data)


def _action(summary: str, codes: tuple[int, ...]) -> Callable[[F], F]:
    return extend_schema(
        summary=summary, request=None, responses={200: GameOutput, **error_responses(404, *codes)}
    )


class GameJoinApi(APIView):
    permission_classes = (IsAuthenticated,)

    @_action("Join an open game (anyone with its id: the id is the invite)", (409,))
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        services.game_join(game=game, user=request.user)
        return _game_response(request, game)


class GameLeaveApi(APIView):
    permission_classes = (IsAuthenticated,)

    @_action("Leave a game before it starts (the creator leaving abandons it)", (403, 409))
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        services.game_leave(game=game, user=request.user)
        return _game_response(request, game)


class GameStartApi(APIView):
    permission_classes = (IsAuthenticated,)

    @_action("Start a full game (its creator only)", (403, 409))
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        services.game_start(game=game, user=request.user)
        return _game_response(request, game)


class GameResignApi(APIView):
    permission_classes = (IsAuthenticated,)

    @_action("Resign (2 players: the other wins; more: a bot takes your seat)", (403, 409))
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        services.game_resign(game=game, user=request.user)
        return _game_response(request, game)


class GameHandOverApi(APIView):
    permission_classes = (IsAuthenticated,)

    @_action(
        "Hand your seat over: a bot plays it until a substitute takes it over; you leave "
        "the game (it counts as not finishing it)",
        (403, 409),
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        services.seat_hand_over(game=game, user=request.user)
        return _game_response(request, game)


class GameTakeOverApi(APIView):
    permission_classes = (IsAuthenticated,)

    class TakeOverInput(serializers.Serializer[Any]):
        seat = serializers.IntegerField(
            required=False,
            min_value=0,
            help_text="The seat's index (from 0); absent: the first seat seeking a substitute.",
        )

    @extend_schema(
        summary="Take over a seat seeking a substitute (anyone with the game's id who is not "
        "at its table and meets its join condition)",
        request=TakeOverInput,
        responses={200: GameOutput, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.TakeOverInput, request.data)
        game = selectors.game_get(public_id=game_id)
        services.seat_take_over(game=game, user=request.user, seat=data.get("seat"))
        return _game_response(request, game)


class MoveOutputMixin:
    @staticmethod
    def answer(request: Request, result: services.MoveResult) -> Response:
        """The new position, and the mover's next options: most decisions are followed by
        another of the same turn, and a client then needs no second request to learn them."""
        view = selectors.view_after_move(
            game=result.game, state=result.state, seat=result.seat, version=result.version
        )
        moves = selectors.legal_moves_after(
            game=result.game, state=result.state, seat=result.seat, version=result.version
        )
        code = status.HTTP_200_OK if result.repeated else status.HTTP_201_CREATED
        return Response({"version": result.version, "view": view, "moves": moves}, status=code)


class GameUndoApi(MoveOutputMixin, APIView):
    permission_classes = (IsAuthenticated,)

    class UndoInput(serializers.Serializer[Any]):
        expected_version = serializers.IntegerField(required=False, min_value=0)
        idempotency_key = serializers.CharField(required=False, max_length=100)

    @extend_schema(
        summary="Take back your last decision of this turn",
        request=UndoInput,
        responses={
            201: MoveStateOutput,
            200: MoveStateOutput,
            **error_responses(400, 403, 404, 409),
        },
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.UndoInput, request.data)
        result = services.move_undo(
            game=game_id,
            user=request.user,
            expected_version=data.get("expected_version"),
            idempotency_key=data.get("idempotency_key", ""),
        )
        return self.answer(request, result)


class GameMovesApi(MoveOutputMixin, APIView):
    permission_classes = (IsAuthenticated,)

    class MoveInput(serializers.Serializer[Any]):
        move = serializers.DictField(required=False, help_text='A move, e.g. {"type": "…"}.')
        text = serializers.CharField(
            required=False, max_length=500, help_text="Or the move's text notation."
        )
        expected_version = serializers.IntegerField(
            required=False, min_value=0, help_text="The version your move is based on."
        )
        idempotency_key = serializers.CharField(
            required=False, max_length=100, help_text="Send the same key to retry safely."
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if ("move" in attrs) == ("text" in attrs):
                raise serializers.ValidationError(gettext("Give either 'move' or 'text'."))
            return attrs

    @extend_schema(
        summary="Make a move (201; 200 when an idempotency key repeats a move)",
        request=MoveInput,
        responses={
            201: MoveStateOutput,
            200: MoveStateOutput,
            **error_responses(400, 403, 404, 409),
        },
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = usual_move_input(request.data) or validated(self.MoveInput, request.data)
        result = services.move_submit(
            game=game_id,
            user=request.user,
            move=data.get("move"),
            text=data.get("text"),
            expected_version=data.get("expected_version"),
            idempotency_key=data.get("idempotency_key", ""),
        )
        return self.answer(request, result)


class GameStateApi(APIView):
    permission_classes = (IsAuthenticated,)

    class StateFilter(serializers.Serializer[Any]):
        at = serializers.IntegerField(
            required=False, min_value=1, help_text="A past seq (up to the current version)."
        )

    @extend_schema(
        summary="The game as your seat sees it (everything once it is over)",
        parameters=[StateFilter],
        responses={200: StateOutput, **error_responses(400, 404, 409)},
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        filters = validated(self.StateFilter, request.query_params)
        game = selectors.game_for_play(public_id=game_id)
        seq, view = selectors.game_view_for_user(game=game, user=request.user, at=filters.get("at"))
        return Response({"version": seq, "view": view})


class GameLegalMovesApi(APIView):
    permission_classes = (IsAuthenticated,)

    class LegalMovesOutput(serializers.Serializer[Any]):
        version = serializers.IntegerField()
        moves = serializers.ListField(child=serializers.DictField())

    @extend_schema(
        summary="Your legal moves now ([] when it is not your decision)",
        responses={200: LegalMovesOutput, **error_responses(403, 404)},
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_for_play(public_id=game_id)
        version, moves = selectors.legal_moves_for_user(game=game, user=request.user)
        return Response({"version": version, "moves": moves})


class EventPagination(PageNumberPagination):
    """Pages of the history: ``page_size`` is bounded (``max_page_size``) whatever is asked."""

    page_size = 100
    page_size_query_param = "page_size"
    max_page_size = 1000


class EventOutput(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField()
    text = serializers.CharField(help_text="the event in words, as the game log tells it")
    notation = serializers.CharField(help_text="a move's notation (empty for other events)")
    taken_back_by = serializers.IntegerField(
        allow_null=True,
        help_text="a decision no longer part of the game: the seq of the undo, rollback or "
        "takeback that took it back (null: it stands, or the event is not a decision)",
    )
    actor = serializers.CharField(
        allow_null=True,
        help_text="the username of who did it (null: a bot or the system); a seat can change "
        "hands, so a seat's decisions may have several",
    )
    by = serializers.CharField(
        help_text="who made a decision, as the log says it: a person, or 'bot for <seat>'"
    )
    created_at = serializers.DateTimeField()

    def to_representation(self, event: Event) -> dict[str, Any]:
        taken_back: dict[int, int] = self.context.get("taken_back", {})
        names: dict[int, str] = self.context.get("names", {})
        bots: set[int] = self.context.get("bots", set())
        return {
            "seq": event.seq,
            "seat": event.seat,
            "kind": event.kind,
            "actor": event.actor.get_username() if event.actor is not None else None,
            "by": selectors.event_player(event, names, bots),
            "text": selectors.event_text(event, self.context.get("lines")),
            "notation": selectors.event_notation(event),
            "taken_back_by": taken_back.get(event.seq),
            "created_at": api_time(event.created_at),
        }


class GameEventsApi(APIView):
    permission_classes = (IsAuthenticated,)
    pagination_class = EventPagination

    @extend_schema(
        summary="The game's history, oldest first",
        parameters=[
            OpenApiParameter("page", OpenApiTypes.INT, description="Page number (from 1)."),
            OpenApiParameter("page_size", OpenApiTypes.INT, description="Events per page."),
        ],
        responses={200: EventOutput(many=True), **error_responses(404)},
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        paginator = self.pagination_class()
        page = paginator.paginate_queryset(selectors.event_history(game=game), request, view=self)
        seats = list(game.seats.select_related("user"))
        context = {
            "taken_back": selectors.taken_back(game=game),
            "names": {seat.index: seat.player_name for seat in seats},
            "bots": selectors.bot_seats(seats),
            "lines": journal_store.lines_of(page or []),
        }
        return paginator.get_paginated_response(EventOutput(page, many=True, context=context).data)


class GameRecordApi(APIView):
    permission_classes = (IsAuthenticated,)

    @extend_schema(
        summary="The game record (the seed only once the game is over)",
        responses={
            200: inline_serializer(
                "GameRecord",
                {
                    "format": serializers.CharField(),
                    "game": serializers.CharField(),
                    "edition": serializers.CharField(),
                    "players": serializers.IntegerField(),
                    "options": serializers.DictField(),
                    "rules_version": serializers.CharField(),
                    "engine_version": serializers.CharField(),
                    "seats": serializers.ListField(child=serializers.DictField()),
                    "status": serializers.CharField(),
                    "version": serializers.IntegerField(),
                    "moves": serializers.ListField(child=serializers.DictField()),
                    "takebacks": serializers.ListField(
                        child=serializers.DictField(),
                        help_text="Agreed takebacks: seq, seat, to_seq and the moves taken back.",
                    ),
                    "result": serializers.DictField(allow_null=True),
                    "seed": serializers.IntegerField(required=False),
                },
            ),
            **error_responses(404, 409),
        },
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        return Response(selectors.game_record(game=game))

"""The REST API of a game's table talk: its chat and players' reports (see docs/api.md).

Thin views over ``games.chat`` and ``games.moderation.reports``; errors are the API's usual
``{"code", "message"}`` (``games.api.exception_handler``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import AuthenticatedRequest, api_time, error_responses, validated
from common.errors import InvalidRequestError
from games import chat, selectors
from games.models import CHAT_MESSAGE_MAX_CHARS, ChatMessage, Game, Report, ReportReason, Seat
from games.moderation import reports
from games.moderation.reports import REPORT_TEXT_MAX_CHARS

# Messages one chat request answers at most: a client reads the rest with ``after``.
CHAT_PAGE = 200


class ChatMessageOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    seat = serializers.IntegerField(help_text="The author's seat.")
    author = serializers.CharField(help_text="The author's username.")
    text = serializers.CharField()
    created_at = serializers.DateTimeField()
    hidden = serializers.BooleanField(
        help_text="Hidden by a moderator (only moderators ever get hidden messages)."
    )
    hidden_reason = serializers.CharField(
        allow_null=True, help_text="Why it was hidden (moderators only; null otherwise)."
    )

    def to_representation(self, message: ChatMessage) -> dict[str, Any]:
        return {
            "id": message.pk,
            "seat": message.seat,
            "author": message.author.get_username(),
            "text": message.text,
            "created_at": api_time(message.created_at),
            "hidden": message.is_hidden,
            "hidden_reason": message.hidden_reason if message.is_hidden else None,
        }


class GameChatApi(APIView):
    """The game's chat: its players (and moderators) read it; its players write in it."""

    permission_classes = (IsAuthenticated,)

    class ChatFilter(serializers.Serializer[Any]):
        after = serializers.IntegerField(
            required=False, min_value=0, help_text="Only messages with a greater id (polling)."
        )

    class ChatInput(serializers.Serializer[Any]):
        text = serializers.CharField(
            max_length=CHAT_MESSAGE_MAX_CHARS, help_text="The message (1 to 1000 characters)."
        )

    @extend_schema(
        summary=(
            f"The game's chat, oldest first, at most {CHAT_PAGE} messages a request "
            "(players of the game and moderators)"
        ),
        parameters=[ChatFilter],
        responses={200: ChatMessageOutput(many=True), **error_responses(400, 403, 404)},
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        filters = validated(self.ChatFilter, request.query_params)
        game = selectors.game_get(public_id=game_id)
        messages = chat.chat_messages_for(
            game=game, user=request.user, after=filters.get("after"), limit=CHAT_PAGE
        )
        return Response(ChatMessageOutput(messages, many=True).data)

    @extend_schema(
        summary="Write in the game's chat (its players)",
        request=ChatInput,
        responses={201: ChatMessageOutput, **error_responses(400, 403, 404, 409, 429)},
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.ChatInput, request.data)
        game = selectors.game_get(public_id=game_id)
        message = chat.chat_post(game=game, user=request.user, text=data["text"])
        return Response(ChatMessageOutput(message).data, status=status.HTTP_201_CREATED)


class ReportOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField(help_text="The game's id.")
    reported_user = serializers.CharField(help_text="The reported player's username.")
    message = serializers.IntegerField(allow_null=True, help_text="The reported message's id.")
    reason = serializers.ChoiceField(choices=ReportReason.choices)
    text = serializers.CharField()
    status = serializers.CharField(help_text="open, in_progress, resolved or dismissed.")
    created_at = serializers.DateTimeField()

    def to_representation(self, report: Report) -> dict[str, Any]:
        reported = report.reported_user
        assert reported is not None, "report_create always names the player reported"
        return {
            "id": report.pk,
            "game": report.game.public_id,
            "reported_user": reported.get_username(),
            "message": report.message_id,
            "reason": report.reason,
            "text": report.text,
            "status": report.status,
            "created_at": api_time(report.created_at),
        }


class GameReportsApi(APIView):
    """Players tell the moderators about another player or a chat message of the game."""

    permission_classes = (IsAuthenticated,)

    class ReportInput(serializers.Serializer[Any]):
        reported_seat = serializers.IntegerField(
            required=False, min_value=0, max_value=3, help_text="The seat of the player reported."
        )
        reported_user = serializers.CharField(
            required=False, max_length=150, help_text="Or their username."
        )
        message = serializers.IntegerField(
            required=False, min_value=1, help_text="Or the id of a chat message (its author)."
        )
        reason = serializers.ChoiceField(choices=ReportReason.choices)
        text = serializers.CharField(
            max_length=REPORT_TEXT_MAX_CHARS, help_text="What happened, for the moderators."
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            if "reported_seat" in attrs and "reported_user" in attrs:
                raise serializers.ValidationError(
                    gettext("Give 'reported_seat' or 'reported_user'.")
                )
            if not {"reported_seat", "reported_user", "message"} & attrs.keys():
                raise serializers.ValidationError(
                    gettext("Say whom you report: 'reported_seat', 'reported_user' or 'message'.")
                )
            return attrs

    @extend_schema(
        summary="Report a player or a chat message of the game to the moderators",
        request=ReportInput,
        responses={201: ReportOutput, **error_responses(400, 403, 404, 409, 429)},
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.ReportInput, request.data)
        game = selectors.game_get(public_id=game_id)
        report = reports.report_create(
            game=game,
            reporter=request.user,
            reason=data["reason"],
            text=data["text"],
            reported_user=_reported_user(game, data),
            message=_message(game, data.get("message")),
        )
        return Response(ReportOutput(report).data, status=status.HTTP_201_CREATED)


def _reported_user(game: Game, data: dict[str, Any]) -> Any:
    if "reported_seat" in data:
        seat = Seat.objects.filter(game=game, index=data["reported_seat"]).first()
        if seat is None:
            raise InvalidRequestError(
                "bad_seat",
                gettext("This game has no seat %(seat)s.") % {"seat": data["reported_seat"]},
            )
        if not seat.user_id:
            raise InvalidRequestError(
                "bad_seat",
                gettext("Seat %(seat)s has no player to report (a bot plays it).")
                % {"seat": seat.index},
            )
        return seat.user
    if "reported_user" in data:
        user = get_user_model().objects.filter(username=data["reported_user"]).first()
        if user is None:
            raise InvalidRequestError(
                "not_a_player",
                gettext("%(name)s does not play in this game.") % {"name": data["reported_user"]},
            )
        return user
    return None


def _message(game: Game, message_id: int | None) -> ChatMessage | None:
    if message_id is None:
        return None
    message = ChatMessage.objects.filter(game=game, pk=message_id).select_related("author").first()
    if message is None:
        raise InvalidRequestError("bad_message", gettext("This game's chat has no such message."))
    return message

"""The REST API of takebacks: the request waiting in a game, asking to take back one's last
decision, and agreeing or refusing (see docs/api.md and docs/playing.md).

Thin views over ``games.services.takebacks``.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import AuthenticatedRequest, error_responses, validated
from games import selectors, services
from games.permissions import seat_of
from games.services import TakebackRequest


class TakebackOutput(serializers.Serializer[Any]):
    version = serializers.IntegerField(help_text="The game's version.")
    request = serializers.IntegerField(
        allow_null=True, help_text="Seq of the request waiting for answers; null: none."
    )
    seat = serializers.IntegerField(allow_null=True, help_text="The seat that asked.")
    decision = serializers.IntegerField(allow_null=True, help_text="Seq of the decision.")
    back_to = serializers.IntegerField(
        allow_null=True, help_text="Seq of the position the takeback returns to."
    )
    text = serializers.CharField(help_text="The decision's notation.")
    agreed = serializers.ListField(child=serializers.IntegerField(), help_text="Seats agreed.")
    waiting = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seats whose answer is awaited."
    )


def takeback_output(version: int, pending: TakebackRequest | None) -> dict[str, Any]:
    if pending is None:
        return {
            "version": version,
            "request": None,
            "seat": None,
            "decision": None,
            "back_to": None,
            "text": "",
            "agreed": [],
            "waiting": [],
        }
    return {
        "version": version,
        "request": pending.seq,
        "seat": pending.seat,
        "decision": pending.decision,
        "back_to": pending.back_to,
        "text": pending.text,
        "agreed": list(pending.agreed),
        "waiting": list(pending.waiting),
    }


class GameTakebackApi(APIView):
    """The takeback request of a game: read it, ask one (your last decision), answer it."""

    permission_classes = (IsAuthenticated,)

    class AskInput(serializers.Serializer[Any]):
        expected_version = serializers.IntegerField(required=False, min_value=0)

    class AnswerInput(serializers.Serializer[Any]):
        agree = serializers.BooleanField(help_text="true: agree; false: refuse.")
        request = serializers.IntegerField(
            required=False, min_value=1, help_text="Seq of the request you answer."
        )

    @extend_schema(
        summary="The takeback request waiting for answers in the game (players of the game)",
        responses={200: TakebackOutput, **error_responses(403, 404)},
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id, with_seats=True)
        seat_of(game, request.user)
        pending = services.takeback_request(game)
        return Response(takeback_output(game.version, pending))

    @extend_schema(
        summary="Ask the other players to take back your last decision",
        request=AskInput,
        responses={201: TakebackOutput, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.AskInput, request.data)
        services.takeback_ask(
            game=game_id, user=request.user, expected_version=data.get("expected_version")
        )
        return self._answer(game_id, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Agree to or refuse the takeback another player asked",
        request=AnswerInput,
        responses={200: TakebackOutput, **error_responses(400, 403, 404, 409)},
    )
    def put(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.AnswerInput, request.data)
        services.takeback_answer(
            game=game_id, user=request.user, agree=data["agree"], request=data.get("request")
        )
        return self._answer(game_id, status.HTTP_200_OK)

    def _answer(self, game_id: str, code: int) -> Response:
        game = selectors.game_get(public_id=game_id, with_seats=True)
        return Response(takeback_output(game.version, services.takeback_request(game)), code)

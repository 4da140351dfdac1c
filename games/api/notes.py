"""The REST API of a player's own bookkeeping: their private note on a game, dismissing a
finished game from their list, and the games waiting for their move (see docs/api.md).

Thin views over ``games.services.notes`` and ``games.selectors``. A note is only ever read
by its author: there is no way to ask for anyone else's.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import AuthenticatedRequest, api_time, error_responses, validated
from games import selectors
from games.models import NOTE_MAX_CHARS, GameNote
from games.permissions import seat_of
from games.services import notes


class NoteOutput(serializers.Serializer[Any]):
    text = serializers.CharField(help_text="Your note ('' when you have none).")
    updated_at = serializers.DateTimeField(allow_null=True)

    def to_representation(self, note: GameNote | None) -> dict[str, Any]:
        if note is None:
            return {"text": "", "updated_at": None}
        return {
            "text": note.text,
            "updated_at": api_time(note.updated_at),
        }


class GameNoteApi(APIView):
    """Your private note on a game you have a seat in: nobody else ever reads it."""

    permission_classes = (IsAuthenticated,)

    class NoteInput(serializers.Serializer[Any]):
        text = serializers.CharField(
            allow_blank=True,
            max_length=NOTE_MAX_CHARS,
            trim_whitespace=False,
            help_text=f"The note (at most {NOTE_MAX_CHARS} characters); empty: delete it.",
        )

    @extend_schema(
        summary="Your note on the game ('' when none; players of the game only)",
        responses={200: NoteOutput, **error_responses(403, 404)},
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        seat_of(game, request.user)
        return Response(NoteOutput(notes.note_of(game=game, user=request.user)).data)

    @extend_schema(
        summary="Write your note on the game (an empty text deletes it)",
        request=NoteInput,
        responses={200: NoteOutput, **error_responses(400, 403, 404)},
    )
    def put(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.NoteInput, request.data)
        game = selectors.game_get(public_id=game_id)
        note = notes.note_save(game=game, user=request.user, text=data["text"])
        return Response(NoteOutput(note).data)

    @extend_schema(
        summary="Delete your note on the game",
        request=None,
        responses={204: None, **error_responses(403, 404)},
    )
    def delete(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        notes.note_save(game=game, user=request.user, text="")
        return Response(status=status.HTTP_204_NO_CONTENT)


class GameDismissApi(APIView):
    """A finished game you no longer want in your list (GET games/ leaves it out)."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        summary="Dismiss a finished game from your list of games (yours only)",
        request=None,
        responses={204: None, **error_responses(403, 404, 409)},
    )
    def post(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        notes.game_dismiss(game=game, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="List a dismissed game again",
        request=None,
        responses={204: None, **error_responses(403, 404)},
    )
    def delete(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = selectors.game_get(public_id=game_id)
        notes.game_undismiss(game=game, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WaitingOutput(serializers.Serializer[Any]):
    count = serializers.IntegerField(help_text="Games where your decision is awaited.")
    games = serializers.ListField(
        child=serializers.CharField(),
        help_text="Their ids, the nearest deadline first (the first is the next to play).",
    )


class WaitingApi(APIView):
    """The games waiting for your move, in the order the "next game" button takes them."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        summary="The games waiting for your move, the nearest deadline first",
        responses={200: WaitingOutput},
    )
    def get(self, request: AuthenticatedRequest) -> Response:
        ids = list(selectors.waiting_games(user=request.user).values_list("public_id", flat=True))
        return Response({"count": len(ids), "games": ids})

"""REST API for notification preferences and invitations (mounted at /api/notifications/).

Errors are the API's usual ``{"code", "message"}`` (``common.api``).
"""

from __future__ import annotations

from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import AuthenticatedRequest, error_responses, validated
from games.errors import GameNotFoundError
from games.models import Seat
from games.selectors import game_get
from notifications import languages, outbox, preferences, selectors
from notifications.models import GameNotificationPreference, Mode


class PreferencesApi(APIView):
    """Your email preferences: when to be told (immediately, in a daily digest, or never)."""

    permission_classes = (IsAuthenticated,)

    class PreferencesSerializer(serializers.Serializer[Any]):
        mode = serializers.ChoiceField(choices=Mode.choices, required=False)
        digest_hour = serializers.IntegerField(
            min_value=0, max_value=23, required=False, help_text="Local hour of the digest."
        )
        time_zone = serializers.CharField(
            max_length=64, required=False, help_text="IANA name, e.g. Europe/Paris."
        )
        language = serializers.ChoiceField(
            choices=settings.LANGUAGES,
            required=False,
            help_text="The language of the site, the API's messages and every email.",
        )

        def validate_time_zone(self, value: str) -> str:
            if value not in available_timezones():
                raise serializers.ValidationError(
                    _("Unknown time zone %(zone)s.") % {"zone": repr(value)}
                )
            return value

    def _output(self, request: AuthenticatedRequest) -> Response:
        preference = selectors.preference_of(user=request.user)
        return Response(
            {
                "mode": preference.mode,
                "digest_hour": preference.digest_hour,
                "time_zone": preference.time_zone,
                "language": languages.supported(preference.language),
            }
        )

    @extend_schema(responses={200: PreferencesSerializer, **error_responses()})
    def get(self, request: AuthenticatedRequest) -> Response:
        return self._output(request)

    @extend_schema(
        request=PreferencesSerializer,
        responses={200: PreferencesSerializer, **error_responses(400)},
    )
    def put(self, request: AuthenticatedRequest) -> Response:
        preferences.preference_set(
            user=request.user, **validated(self.PreferencesSerializer, request.data)
        )
        return self._output(request)

    patch = put


class GamePreferenceApi(APIView):
    """Your mode for one game, overriding your preferences (``null``: no override)."""

    permission_classes = (IsAuthenticated,)

    class GameModeSerializer(serializers.Serializer[Any]):
        mode = serializers.ChoiceField(choices=Mode.choices, allow_null=True)

    class GameModeOutput(serializers.Serializer[Any]):
        game = serializers.CharField(help_text="The game's id.")
        mode = serializers.ChoiceField(choices=Mode.choices, allow_null=True)

    def _output(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = game_get(public_id=game_id)
        mode = (
            GameNotificationPreference.objects.filter(user_id=request.user.pk, game=game)
            .values_list("mode", flat=True)
            .first()
        )
        return Response({"game": game.public_id, "mode": mode})

    @extend_schema(responses={200: GameModeOutput, **error_responses(404)})
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        # Only a player of the game has a mode for it: anyone else learns nothing, not even
        # that the game exists (the same 404 as for no game at all).
        game = game_get(public_id=game_id)
        if not Seat.objects.filter(game=game, user_id=request.user.pk).exists():
            raise GameNotFoundError(game_id)
        return self._output(request, game_id)

    @extend_schema(
        request=GameModeSerializer,
        responses={200: GameModeOutput, **error_responses(400, 403, 404)},
    )
    def put(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.GameModeSerializer, request.data)
        preferences.game_preference_set(
            user=request.user, game=game_get(public_id=game_id), mode=data["mode"]
        )
        return self._output(request, game_id)


class InvitationApi(APIView):
    """Invite a user to an open game you play in: they get an email with the game's link."""

    permission_classes = (IsAuthenticated,)

    class InvitationInput(serializers.Serializer[Any]):
        game = serializers.CharField(max_length=32, help_text="The game's id.")
        username = serializers.CharField(max_length=150)

    class InvitationOutput(serializers.Serializer[Any]):
        invited = serializers.CharField(help_text="The username invited.")
        new = serializers.BooleanField(help_text="False: they had been invited before.")

    @extend_schema(
        request=InvitationInput,
        responses={
            201: InvitationOutput,
            200: InvitationOutput,
            **error_responses(400, 403, 404, 409),
        },
    )
    def post(self, request: AuthenticatedRequest) -> Response:
        data = validated(self.InvitationInput, request.data)
        game = game_get(public_id=data["game"])
        invitee, created = outbox.invitation_by_username(
            game=game, inviter=request.user, username=data["username"]
        )
        return Response(
            {"invited": invitee.get_username(), "new": created is not None},
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )

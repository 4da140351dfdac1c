"""REST API for notification preferences and invitations (mounted at /api/notifications/).

Errors are the API's usual ``{"code", "message"}`` (``common.api``).
"""

from __future__ import annotations

from typing import Any
from zoneinfo import available_timezones

from django.conf import settings
from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import AuthenticatedRequest, error_responses, validated
from common.errors import InvalidRequestError
from games.errors import GameNotFoundError
from games.models import Seat
from games.selectors import game_get
from notifications import endpoints, languages, outbox, preferences, selectors
from notifications.models import ChannelKind, GameNotificationPreference, Mode


class PreferencesApi(APIView):
    """Your notification preferences: when to be emailed (immediately, in a daily digest, or
    never), whether even while a page of yours is open, your quiet hours, and whether push
    and your own webhooks are used."""

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

        always_notify = serializers.BooleanField(
            required=False, help_text="Notify even while one of your pages is open."
        )
        quiet_start = serializers.IntegerField(
            min_value=0,
            max_value=23,
            required=False,
            allow_null=True,
            help_text="Your quiet hours' first local hour (null with quiet_end: none).",
        )
        quiet_end = serializers.IntegerField(
            min_value=0,
            max_value=23,
            required=False,
            allow_null=True,
            help_text="The local hour your quiet hours end.",
        )
        push = serializers.BooleanField(required=False, help_text="Web Push to your browsers.")
        webhook = serializers.BooleanField(
            required=False, help_text="Posts to your own chat webhooks."
        )

        def validate_time_zone(self, value: str) -> str:
            if value not in available_timezones():
                raise serializers.ValidationError(
                    _("Unknown time zone %(zone)s.") % {"zone": repr(value)}
                )
            return value

    def _output(self, request: AuthenticatedRequest) -> Response:
        preference = selectors.preference_of(user=request.user)
        channels = endpoints.channel_preferences_of(user=request.user)
        return Response(
            {
                "mode": preference.mode,
                "digest_hour": preference.digest_hour,
                "time_zone": preference.time_zone,
                "language": languages.supported(preference.language),
                "always_notify": preference.always_notify,
                "quiet_start": preference.quiet_start,
                "quiet_end": preference.quiet_end,
                **{channel: channels.get((None, channel), True) for channel in ChannelKind.values},
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
        data = validated(self.PreferencesSerializer, request.data)
        channels = {key: data.pop(key) for key in ChannelKind.values if key in data}
        quiet: dict[str, Any] = {}
        if "quiet_start" in data or "quiet_end" in data:
            start, end = data.pop("quiet_start", None), data.pop("quiet_end", None)
            if (start is None) != (end is None):
                raise InvalidRequestError(
                    "bad_quiet_hours", _("Quiet hours need a start and an end.")
                )
            quiet["quiet_hours"] = None if start is None else (start, end)
        with transaction.atomic():
            preferences.preference_set(user=request.user, **data, **quiet)
            for channel, enabled in channels.items():
                endpoints.channel_preference_set(
                    user=request.user, channel=channel, enabled=enabled
                )
        return self._output(request)

    patch = put


class GamePreferenceApi(APIView):
    """Your email mode and channels for one game, overriding your preferences (``null``: no
    override)."""

    permission_classes = (IsAuthenticated,)

    class GameModeSerializer(serializers.Serializer[Any]):
        mode = serializers.ChoiceField(choices=Mode.choices, allow_null=True)
        push = serializers.BooleanField(
            required=False, allow_null=True, help_text="Web Push for this game (null: as set)."
        )
        webhook = serializers.BooleanField(
            required=False,
            allow_null=True,
            help_text="Your own webhooks for this game (null: as set).",
        )

    class GameModeOutput(serializers.Serializer[Any]):
        game = serializers.CharField(help_text="The game's id.")
        mode = serializers.ChoiceField(choices=Mode.choices, allow_null=True)
        push = serializers.BooleanField(allow_null=True)
        webhook = serializers.BooleanField(allow_null=True)

    def _output(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = game_get(public_id=game_id)
        mode = (
            GameNotificationPreference.objects.filter(user_id=request.user.pk, game=game)
            .values_list("mode", flat=True)
            .first()
        )
        channels = endpoints.channel_preferences_of(user=request.user)
        return Response(
            {
                "game": game.public_id,
                "mode": mode,
                **{channel: channels.get((game.pk, channel)) for channel in ChannelKind.values},
            }
        )

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
        game = game_get(public_id=game_id)
        with transaction.atomic():
            preferences.game_preference_set(user=request.user, game=game, mode=data["mode"])
            for channel in ChannelKind.values:
                if channel in data:
                    endpoints.channel_preference_set(
                        user=request.user, channel=channel, enabled=data[channel], game=game
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

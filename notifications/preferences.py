"""A player's notification preferences: how they are emailed (immediately, a daily digest,
or never), per game too; whether to be told even while their page is open; their quiet
hours; and the one-click unsubscribe that needs no login. (Which channels besides email,
and where to: ``notifications.endpoints``.)"""

from __future__ import annotations

import enum
from typing import Any, Final
from zoneinfo import available_timezones

from django.contrib.auth import get_user_model
from django.core import signing
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import InvalidRequestError, NotAllowedError
from games.models import NOT_ENDED, Game, Seat
from games.timecontrol.clock import quiet_check
from notifications import languages, links
from notifications.models import GameNotificationPreference, Mode, NotificationPreference


class Unset(enum.Enum):
    """A setting not given (None means "none" for the quiet hours)."""

    UNSET = 0


UNSET: Final = Unset.UNSET


def preference_set(
    *,
    user: Any,
    mode: str | None = None,
    digest_hour: int | None = None,
    time_zone: str | None = None,
    language: str | None = None,
    always_notify: bool | None = None,
    quiet_hours: tuple[int, int] | Unset | None = UNSET,
) -> NotificationPreference:
    """Change some of the user's preferences (those given). ``quiet_hours``: (start, end)
    local hours, or None for none (left as they are when not given)."""
    if quiet_hours is not UNSET:
        start, end = quiet_hours if isinstance(quiet_hours, tuple) else (None, None)
        quiet_check(start, end)
    if mode is not None and mode not in Mode.values:
        raise InvalidRequestError("bad_mode", _("The mode is 'immediate', 'digest' or 'off'."))
    if digest_hour is not None and not 0 <= digest_hour <= 23:
        raise InvalidRequestError("bad_digest_hour", _("The digest hour is 0 to 23."))
    if time_zone is not None and time_zone not in available_timezones():
        raise InvalidRequestError(
            "bad_time_zone", _("Unknown time zone %(zone)s.") % {"zone": repr(time_zone)}
        )
    if language is not None and language not in languages.codes():
        raise InvalidRequestError(
            "bad_language", _("Unknown language %(language)s.") % {"language": repr(language)}
        )
    changes: dict[str, object] = {
        key: value
        for key, value in {
            "mode": mode,
            "digest_hour": digest_hour,
            "time_zone": time_zone,
            "language": language,
            "always_notify": always_notify,
        }.items()
        if value is not None
    }
    if isinstance(quiet_hours, tuple):
        changes["quiet_start"], changes["quiet_end"] = quiet_hours
    elif quiet_hours is None:
        changes["quiet_start"] = changes["quiet_end"] = None
    with transaction.atomic():
        preference, created = NotificationPreference.objects.select_for_update().get_or_create(
            user_id=user.pk, defaults=changes
        )
        if not created and changes:
            for key, value in changes.items():
                setattr(preference, key, value)
            preference.save()
        if time_zone is not None:
            # The clocks of their games that have not ended run in their zone from now on
            # (a turn already running keeps the deadline it was given).
            Seat.objects.filter(
                user_id=user.pk,
                game__status__in=NOT_ENDED,
            ).exclude(time_zone=time_zone).update(time_zone=time_zone)
    return preference


def game_preference_set(*, user: Any, game: Game, mode: str | None) -> None:
    """Override the user's mode for one game in which they have a seat (None: no override)."""
    if not Seat.objects.filter(game=game, user_id=user.pk).exists():
        raise NotAllowedError("not_seated", _("You do not have a seat in this game."))
    if mode is None:
        GameNotificationPreference.objects.filter(user_id=user.pk, game=game).delete()
        return
    if mode not in Mode.values:
        raise InvalidRequestError("bad_mode", _("The mode is 'immediate', 'digest' or 'off'."))
    GameNotificationPreference.objects.update_or_create(
        user_id=user.pk, game=game, defaults={"mode": mode}
    )


class BadUnsubscribeTokenError(Exception):
    """The unsubscribe token was altered, forged, or names no user."""


def unsubscribe_read(*, token: str) -> tuple[Any, Game | None]:
    """(user, game or None) named by a token; BadUnsubscribeTokenError if it is not genuine."""
    try:
        data = signing.loads(token, salt=links.UNSUBSCRIBE_SALT)
        user_id, game_id = data["u"], data.get("g")
    except (signing.BadSignature, KeyError, TypeError, ValueError) as exc:
        raise BadUnsubscribeTokenError("bad token") from exc
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None:
        raise BadUnsubscribeTokenError("no such user")
    game = Game.objects.filter(pk=game_id).first() if game_id is not None else None
    return user, game


def unsubscribe(*, token: str, only_game: bool = False) -> tuple[Any, Game | None]:
    """Stop the emails of the token's user: all of them, or with ``only_game`` only the
    emails about the token's game. Needs no login: the token is the proof."""
    user, game = unsubscribe_read(token=token)
    if only_game and game is not None:
        game_preference_set(user=user, game=game, mode=Mode.OFF)
        return user, game
    preference_set(user=user, mode=Mode.OFF)
    return user, None

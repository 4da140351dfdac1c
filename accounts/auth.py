"""Authentication that keeps suspended users out (see ``games.moderation.user_suspend``).

* ``SuspensionAwareBackend``: password login (the site, the admin, ``POST /api/token/``)
  refuses a suspended user, and a session of one stops being authenticated.
* ``SuspensionAwareTokenAuthentication``: an API token of a suspended user is refused
  (401, code ``suspended``), and so is an expired one (``token_expired``, see
  ``common.api_tokens``). Every API request pays for this lookup, so the token's user
  and whether a suspension is in force come from one prepared SQL statement (the ORM would
  spend five times as long building the query as the database spends answering it); the
  user instance then remembers the check (``note_not_suspended``), so the services the
  request calls do not repeat it. The same statement reads the user's language, which the
  request then speaks (the messages of the API's errors).
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, TypedDict, cast

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import User
from django.db import connection
from django.db.models import OuterRef, Subquery
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from common import api_tokens
from games.models import Suspension, active_suspension, note_not_suspended, user_is_suspended
from notifications import languages
from notifications.models import NotificationPreference

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _TokenUserColumns(TypedDict):
    """What ``_token_user_sql`` selects besides the user's own columns."""

    suspended_now: bool
    token_created: datetime
    language: str | None


class SuspensionAwareBackend(ModelBackend):
    def user_can_authenticate(self, user: Any) -> bool:
        return super().user_can_authenticate(user) and not user_is_suspended(user)

    def get_user(self, user_id: int) -> Any:
        """The session's user, read with their language in the same query
        (``languages.USER_LANGUAGE``): every request of a session speaks the user's current
        setting, even one changed in another browser, at no extra query."""
        preference = NotificationPreference.objects.filter(user_id=OuterRef("pk"))
        users = get_user_model()._default_manager.annotate(
            **{languages.USER_LANGUAGE: Subquery(preference.values("language")[:1])}
        )
        user = users.filter(pk=user_id).first()
        return user if user is not None and self.user_can_authenticate(user) else None


class SuspensionAwareTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        # DRF's Token: this class keeps TokenAuthentication's model.
        token_model = cast(type[Token], self.get_model())
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        users = list(get_user_model().objects.raw(_token_user_sql(token_model), [now, key]))
        if not users:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = cast("WithAnnotations[User, _TokenUserColumns]", users[0])
        if api_tokens.is_expired(user.token_created):
            raise exceptions.AuthenticationFailed(
                _("The token has expired: ask for a new one (POST /api/token/)."),
                code="token_expired",
            )
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        suspension = active_suspension(user) if user.suspended_now else None
        if suspension is not None:
            raise exceptions.AuthenticationFailed(suspension.message, code="suspended")
        note_not_suspended(user)
        # The API answers in the user's language (its errors' messages; codes stay English),
        # read in the same statement as the user.
        translation.activate(languages.supported(user.language))
        # The token as the request needs it (its other fields load if anything reads them).
        token = token_model.from_db(connection.alias, ["key", "user_id"], [key, user.pk])
        token.user = user
        return user, token


@cache
def _token_user_sql(token_model: Any) -> str:
    """The user of the token (param 2) and whether a suspension is in force at param 1, the
    same test as ``Suspension.objects.active()``: not lifted, with no end or a later one."""
    qn = connection.ops.quote_name
    user, token, suspension = get_user_model()._meta, token_model._meta, Suspension._meta
    preference = NotificationPreference._meta

    def column(meta: Any, name: str) -> str:
        return qn(meta.get_field(name).column)

    until = column(suspension, "until")
    return (
        f"SELECT u.*, EXISTS (SELECT 1 FROM {qn(suspension.db_table)} s"
        f" WHERE s.{column(suspension, 'user')} = u.{column(user, user.pk.name)}"
        f" AND s.{column(suspension, 'lifted_at')} IS NULL"
        f" AND (s.{until} IS NULL OR s.{until} > %s)) AS suspended_now,"
        f" t.{column(token, 'created')} AS token_created,"
        f" (SELECT p.{column(preference, 'language')} FROM {qn(preference.db_table)} p"
        f" WHERE p.{column(preference, 'user')} = u.{column(user, user.pk.name)}) AS language"
        f" FROM {qn(user.db_table)} u JOIN {qn(token.db_table)} t"
        f" ON t.{column(token, 'user')} = u.{column(user, user.pk.name)}"
        f" WHERE t.{qn(token.pk.column)} = %s"
    )

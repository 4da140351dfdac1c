"""Authentication that keeps suspended users out (see ``games.moderation.user_suspend``).

* ``SuspensionAwareBackend``: password login (the site, the admin, ``POST /api/token/``)
  refuses a suspended user, and a session of one stops being authenticated; the session's
  user is read with that check and their language in one prepared statement, and the
  instance remembers the check, as a token's does.
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

import time
from dataclasses import replace
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, Any, TypedDict, cast

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.models import Group, Permission, User
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.utils import timezone, translation
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from accounts import token_cache
from accounts.display import USER_DISPLAY
from accounts.models import DisplayPreference
from common import api_tokens
from games.models import (
    Suspension,
    TablePreference,
    active_suspension,
    note_not_suspended,
    user_is_suspended,
)
from games.prepared import Converters
from games.services.table_view import USER_TABLE_VIEW
from notifications import languages
from notifications.models import NotificationPreference
from notifications.selectors import USER_TIME_ZONE

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
        """The session's user, read with their language (``languages.USER_LANGUAGE``: every
        request of a session speaks the user's current setting, even one changed in another
        browser), their time zone (``notifications.selectors.USER_TIME_ZONE``, for the
        pages that show times), the table view they chose (``table_view.USER_TABLE_VIEW``,
        for the game page), their display preference (``display.USER_DISPLAY``, for
        every page's frame) and whether a suspension is in force, in one prepared
        statement as a token's user is: every page of a signed-in user pays for this
        lookup, and the ORM's queries (the user, the suspensions, the preferences) took
        longer to build than to answer."""
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        users = list(get_user_model().objects.raw(_session_user_sql(), [now, user_id]))
        if not users:
            return None
        user = users[0]
        # The check is not kept on the user: the mark below says it was made.
        suspended_now = user.__dict__.pop("suspended_now")
        setattr(user, USER_DISPLAY, _display_read(user.__dict__))
        if not ModelBackend.user_can_authenticate(self, user) or suspended_now:
            return None
        # As for a token: the services this request calls need not ask again.
        note_not_suspended(user)
        return user

    def get_all_permissions(self, user_obj: Any, obj: Any = None) -> set[str]:
        """``ModelBackend``'s, with a user's own and their groups' permissions read in one
        prepared statement instead of two ORM queries (the game page asks, for its chat:
        ``games.permissions.may_moderate``). A superuser's, an inactive or anonymous
        user's, and the set already read are ``ModelBackend``'s own."""
        if (
            not user_obj.is_active
            or user_obj.is_anonymous
            or obj is not None
            or user_obj.is_superuser
            or hasattr(user_obj, "_perm_cache")
        ):
            return super().get_all_permissions(user_obj, obj)
        with connection.cursor() as cursor:
            cursor.execute(_permissions_sql(), [user_obj.pk, user_obj.pk])
            found = {f"{app_label}.{codename}" for app_label, codename in cursor.fetchall()}
        user_obj._perm_cache = found
        return found


class SuspensionAwareTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        # DRF's Token: this class keeps TokenAuthentication's model.
        token_model = cast(type[Token], self.get_model())
        remembered = token_cache.recall(key) if token_cache.enabled() else None
        if remembered is None:
            user, remembered = self._read(token_model, key)
        else:
            user = self._rebuild(remembered)
            self._check(user)
        # The API answers in the user's language (its errors' messages; codes stay English),
        # read in the same statement as the user.
        translation.activate(languages.supported(remembered.language))
        # The token as the request needs it (its other fields load if anything reads them).
        token = token_model.from_db(connection.alias, ["key", "user_id"], [key, user.pk])
        token.user = user
        return user, token

    def _read(self, token_model: type[Token], key: str) -> tuple[User, token_cache.Remembered]:
        """The token's user from the database (one statement), checked, and remembered by
        this process when the cache is on (``accounts.token_cache``)."""
        read_started = time.time()
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        users = list(get_user_model().objects.raw(_token_user_sql(token_model), [now, key]))
        if not users:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        user = cast("WithAnnotations[User, _TokenUserColumns]", users[0])
        # An annotation of a raw statement gets no field's converter: SQLite's text would
        # stay a naive time.
        user.token_created = _token_created_converters(token_model).apply([user.token_created])[0]
        suspension = active_suspension(user) if user.suspended_now else None
        self._check(user, suspension)
        remembered = token_cache.Remembered(
            user_id=user.pk,
            fields=_user_fields(),
            values=tuple(getattr(user, name) for name in _user_fields()),
            token_created=user.token_created,
            language=user.language,
            generation=None,
            read_at=time.monotonic(),
        )
        if token_cache.enabled():
            try:
                current = token_cache.generation(user.pk)
            except Exception:  # the shared cache is down: nothing is remembered
                pass
            else:
                if token_cache.settled(current, read_started=read_started):
                    token_cache.remember(key, replace(remembered, generation=current))
        return user, remembered

    @staticmethod
    def _rebuild(remembered: token_cache.Remembered) -> User:
        """A fresh user instance from a remembered row (each request gets its own)."""
        user = get_user_model().from_db(connection.alias, remembered.fields, remembered.values)
        user.token_created = remembered.token_created  # type: ignore[attr-defined]
        user.suspended_now = False  # type: ignore[attr-defined]
        user.language = remembered.language  # type: ignore[attr-defined]
        return user

    @staticmethod
    def _check(user: Any, suspension: Suspension | None = None) -> None:
        """Refuse an expired token, an inactive user or one suspended now (401)."""
        if api_tokens.is_expired(user.token_created):
            raise exceptions.AuthenticationFailed(
                _("The token has expired: ask for a new one (POST /api/token/)."),
                code="token_expired",
            )
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        if suspension is not None:
            raise exceptions.AuthenticationFailed(suspension.message, code="suspended")
        note_not_suspended(user)


@cache
def _user_fields() -> tuple[str, ...]:
    """The user row's columns by attribute name, as ``Model.from_db`` takes them."""
    return tuple(field.attname for field in get_user_model()._meta.concrete_fields)


def _column(meta: Any, name: str) -> str:
    """The quoted column of the field ``name`` of a model's ``meta``."""
    return connection.ops.quote_name(meta.get_field(name).column)


def _user_row_column(model: Any, name: str, alias: str) -> str:
    """Column ``name`` of the user's row of ``model`` (one per user at most; NULL when they
    have none), as ``alias``: a preference read with the user rather than in a query of its
    own."""
    qn = connection.ops.quote_name
    user, meta = get_user_model()._meta, model._meta
    return (
        f"(SELECT r.{_column(meta, name)} FROM {qn(meta.db_table)} r"
        f" WHERE r.{_column(meta, 'user')} = u.{_column(user, user.pk.name)})"
        f" AS {qn(alias)}"
    )


def _user_columns(language_alias: str) -> str:
    """The user's columns (``u``), whether a suspension is in force at param 1 (the same
    test as ``Suspension.objects.active()``: not lifted, with no end or a later one) and
    the user's language, as ``language_alias``."""
    qn = connection.ops.quote_name
    user, suspension = get_user_model()._meta, Suspension._meta
    until = _column(suspension, "until")
    return (
        f"u.*, EXISTS (SELECT 1 FROM {qn(suspension.db_table)} s"
        f" WHERE s.{_column(suspension, 'user')} = u.{_column(user, user.pk.name)}"
        f" AND s.{_column(suspension, 'lifted_at')} IS NULL"
        f" AND (s.{until} IS NULL OR s.{until} > %s)) AS suspended_now,"
        f" {_user_row_column(NotificationPreference, 'language', language_alias)}"
    )


def _time_zone_column() -> str:
    """The user's preference's time zone (NULL when they never chose), as
    ``USER_TIME_ZONE``: the pages that show times read it from the session's user."""
    return _user_row_column(NotificationPreference, "time_zone", USER_TIME_ZONE)


def _table_view_column() -> str:
    """The table view the user chose (NULL when they never chose), as ``USER_TABLE_VIEW``:
    the game page reads it from the session's user."""
    return _user_row_column(TablePreference, "view", USER_TABLE_VIEW)


@cache
def _permissions_sql() -> str:
    """The app label and codename of each permission given to user param 1, or to a group
    of user param 2: ``ModelBackend``'s two queries (``user_permissions`` and the groups')
    as one."""
    qn = connection.ops.quote_name
    permission, content_type = Permission._meta, ContentType._meta
    # The tables of the user's own permissions, of their groups and of the groups'.
    given, member = User.user_permissions.through._meta, User.groups.through._meta
    granted = Group.permissions.through._meta
    return (
        f"SELECT ct.{_column(content_type, 'app_label')}, p.{_column(permission, 'codename')}"
        f" FROM {qn(permission.db_table)} p JOIN {qn(content_type.db_table)} ct"
        f" ON ct.{_column(content_type, 'id')} = p.{_column(permission, 'content_type')}"
        f" WHERE p.{_column(permission, 'id')} IN"
        f" (SELECT g.{_column(given, 'permission')} FROM {qn(given.db_table)} g"
        f" WHERE g.{_column(given, 'user')} = %s)"
        f" OR p.{_column(permission, 'id')} IN"
        f" (SELECT gp.{_column(granted, 'permission')} FROM {qn(granted.db_table)} gp"
        f" JOIN {qn(member.db_table)} m"
        f" ON m.{_column(member, 'group')} = gp.{_column(granted, 'group')}"
        f" WHERE m.{_column(member, 'user')} = %s)"
    )


@cache
def _token_user_sql(token_model: Any) -> str:
    """The user of the token (param 2), with ``_user_columns`` and the token's creation."""
    qn = connection.ops.quote_name
    user, token = get_user_model()._meta, token_model._meta
    return (
        f"SELECT {_user_columns('language')},"
        f" t.{_column(token, 'created')} AS token_created"
        f" FROM {qn(user.db_table)} u JOIN {qn(token.db_table)} t"
        f" ON t.{_column(token, 'user')} = u.{_column(user, user.pk.name)}"
        f" WHERE t.{_column(token, token.pk.name)} = %s"
    )


@cache
def _token_created_converters(token_model: Any) -> Converters:
    """What the ORM would do to the token's ``created`` as the database gives it."""
    return Converters(token_model, [token_model._meta.get_field("created")])


@cache
def _display_columns() -> tuple[str, list[str], list[str], Converters]:
    """The columns of the user's display preference (``d``) as the session's statement
    selects them, their aliases, the fields' attribute names and their converters."""
    qn = connection.ops.quote_name
    fields = list(DisplayPreference._meta.concrete_fields)
    aliases = [f"display_{field.attname}" for field in fields]
    columns = ", ".join(
        f"d.{_column(DisplayPreference._meta, field.name)} AS {qn(alias)}"
        for field, alias in zip(fields, aliases, strict=True)
    )
    attnames = [field.attname for field in fields]
    return columns, aliases, attnames, Converters(DisplayPreference, fields)


def _display_read(columns: dict[str, Any]) -> DisplayPreference | None:
    """The display preference read with the user (its columns taken out of ``columns``, the
    user instance's attributes), None when they have none: what ``display_of`` would read."""
    _sql, aliases, attnames, converters = _display_columns()
    values = [columns.pop(alias) for alias in aliases]
    if values[attnames.index(DisplayPreference._meta.pk.attname)] is None:
        return None
    return DisplayPreference.from_db(connection.alias, attnames, converters.apply(values))


@cache
def _session_user_sql() -> str:
    """The user of primary key param 2, with ``_user_columns`` (the language under the name
    the session's user has always had it, ``languages.USER_LANGUAGE``) and their time zone
    (``_time_zone_column``), the table view they chose (``_table_view_column``) and their
    display preference's columns (``_display_columns``:
    a row or none, joined by primary key)."""
    qn = connection.ops.quote_name
    user, display = get_user_model()._meta, DisplayPreference._meta
    return (
        f"SELECT {_user_columns(languages.USER_LANGUAGE)}, {_time_zone_column()},"
        f" {_table_view_column()}, {_display_columns()[0]}"
        f" FROM {qn(user.db_table)} u LEFT JOIN {qn(display.db_table)} d"
        f" ON d.{_column(display, display.pk.name)} = u.{_column(user, user.pk.name)}"
        f" WHERE u.{_column(user, user.pk.name)} = %s"
    )

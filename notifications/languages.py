"""The language each person reads: theirs on the pages once logged in, and in every email
they get, whoever's action sent it.

A user's language is a setting of theirs (``NotificationPreference.language``; no row: the
site's default). Visitors get the language of the switcher's cookie or of their browser's
Accept-Language (Django's LocaleMiddleware); a new account starts with the language its
sign-up page was shown in. A logged-in request reads the user's setting with the session's
user, so that a change made in one browser reaches the user's other sessions at their next
request; an API token's request gets it with the token's user (``accounts.auth``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.utils import translation

from notifications.models import NotificationPreference

# The attribute a session user carries its stored language in (None: never chose).
USER_LANGUAGE = "stored_language"


def codes() -> list[str]:
    """The languages the site speaks, the default first."""
    return [code for code, _ in settings.LANGUAGES]


def supported(code: str | None) -> str:
    """``code`` as one of the site's languages ("fr-CA" is "fr"), else the default."""
    if code:
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            pass
    return str(settings.LANGUAGE_CODE)


def language_of(*, user_id: int) -> str:
    """The user's language (the default when they never chose)."""
    stored = (
        NotificationPreference.objects.filter(user_id=user_id)
        .values_list("language", flat=True)
        .first()
    )
    return supported(stored)


def languages_of(user_ids: Iterable[int]) -> dict[int, str]:
    """Each user's language, in one query (users who never chose get the default)."""
    ids = list(set(user_ids))
    stored = dict(
        NotificationPreference.objects.filter(user_id__in=ids).values_list("user_id", "language")
    )
    return {user_id: supported(stored.get(user_id)) for user_id in ids}


def for_user(*, user_id: int) -> translation.override:
    """A context in which text comes out in the user's language: what an email to them is
    built and rendered in."""
    return translation.override(language_of(user_id=user_id))


def override(language: str | None) -> translation.override:
    """``for_user`` when the caller has read the language already (None: the default)."""
    return translation.override(supported(language))


def by_language(user_ids: Iterable[int]) -> dict[str, list[int]]:
    """The users grouped by their language (one query), so that what is said to several
    of them is built once per language."""
    groups: dict[str, list[int]] = {}
    for user_id, language in sorted(languages_of(user_ids).items()):
        groups.setdefault(language, []).append(user_id)
    return groups


def request_language(user: Any) -> str:
    """The signed-in user's language for this request. The session's user comes with it
    (``accounts.auth.SuspensionAwareBackend.get_user`` reads it in the user's own query), so
    a change made in another browser applies at this one's next request; a user loaded
    otherwise costs one query."""
    if hasattr(user, USER_LANGUAGE):
        return supported(getattr(user, USER_LANGUAGE))
    return language_of(user_id=user.pk)

"""The accounts that tests are played with, for the shared fixtures in tests/conftest.py.

Every made user is active, with the password ``PASSWORD`` and the address
``<username>@example.test`` unless told otherwise; a moderator is a staff user in the
"Moderators" group (which ``games.moderators`` makes after every migrate and flush).

Django is imported inside the functions: this module is loaded by the root conftest before
Django is configured.
"""

from __future__ import annotations

from typing import Any

PASSWORD = "a long enough password"
MODERATOR_PASSWORD = "mod-password-1"


def create_user(
    username: str, *, email: str | None = None, password: str = PASSWORD, **fields: Any
) -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(
        username=username,
        email=f"{username}@example.test" if email is None else email,
        password=password,
        **fields,
    )


def create_moderator(username: str, **fields: Any) -> Any:
    """A staff user in the "Moderators" group (no superuser powers)."""
    from django.contrib.auth.models import Group

    from games.moderators import GROUP

    fields.setdefault("password", MODERATOR_PASSWORD)
    user = create_user(username, is_staff=True, **fields)
    user.groups.add(Group.objects.get(name=GROUP))
    return user

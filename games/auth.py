"""Authentication that keeps suspended users out (see ``games.moderation.user_suspend``).

* ``SuspensionAwareBackend``: password login (the site, the admin, ``POST /api/token/``)
  refuses a suspended user, and a session of one stops being authenticated.
* ``SuspensionAwareTokenAuthentication``: an API token of a suspended user is refused
  (401, code ``suspended``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from games.models import active_suspension, user_is_suspended


class SuspensionAwareBackend(ModelBackend):
    def user_can_authenticate(self, user: Any) -> bool:
        return super().user_can_authenticate(user) and not user_is_suspended(user)


class SuspensionAwareTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        user, token = super().authenticate_credentials(key)
        suspension = active_suspension(user)
        if suspension is not None:
            raise exceptions.AuthenticationFailed(suspension.message, code="suspended")
        return user, token

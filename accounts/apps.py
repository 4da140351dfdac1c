from typing import Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self) -> None:
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_delete, post_save, pre_save
        from rest_framework.authtoken.models import Token

        from accounts import token_cache
        from games.models import Suspension
        from notifications.models import NotificationPreference

        pre_save.connect(
            revoke_tokens_on_password_change,
            sender=get_user_model(),
            dispatch_uid="accounts.revoke_tokens_on_password_change",
        )
        # What the API token's statement reads changed: the processes that remember the
        # token read it again at its next request (accounts.token_cache).
        for signal in (post_save, post_delete):
            signal.connect(
                token_cache.user_changed,
                sender=get_user_model(),
                dispatch_uid=f"accounts.token_cache.user.{signal is post_save}",
            )
            for model in (Token, Suspension, NotificationPreference):
                signal.connect(
                    token_cache.user_field_changed,
                    sender=model,
                    dispatch_uid=f"accounts.token_cache.{model.__name__}.{signal is post_save}",
                )


def revoke_tokens_on_password_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A new password (changed, reset, set by an admin) revokes the user's API tokens.

    Their other sessions end by themselves: Django's session holds a hash of the password,
    so a session made with the old one is no longer authenticated (the page that changed it
    keeps its own session: ``update_session_auth_hash``)."""

    from common import api_tokens

    # set_password() keeps the new raw password in _password until the save; a hash merely
    # upgraded at login (check_password) clears it first, and revokes nothing.
    if instance.pk is None or getattr(instance, "_password", None) is None:
        return
    api_tokens.tokens_revoke(user=instance)

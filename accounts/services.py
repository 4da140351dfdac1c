"""Accounts: creating one that waits for its email to be confirmed, and confirming addresses.

No model of its own: an unconfirmed account is a user with ``is_active=False`` who never
logged in, and the proof that someone reads an address is a signed token naming the user and
the address, with an expiry (ACCOUNT_CONFIRMATION_DAYS). The token stops working once it has
been used (the account is then active, or the address already changed), so a link followed
twice says so instead of doing anything again.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, login
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.auth import SuspensionAwareBackend
from common.links import absolute
from notifications import languages
from notifications.preferences import preference_set

logger = logging.getLogger(__name__)

SIGNUP_SALT = "accounts.confirm-signup"
EMAIL_CHANGE_SALT = "accounts.confirm-email-change"


class ConfirmationError(Exception):
    """The link cannot be used: a sentence saying why, for the page that shows it."""


@dataclass(frozen=True)
class Confirmed:
    user: Any
    already: bool  # the link had been followed before: nothing changed this time


def is_unconfirmed(user: Any) -> bool:
    """An account still waiting for its address to be confirmed (never active, never used)."""
    return not user.is_active and user.last_login is None


def account_create(
    *,
    username: str,
    email: str,
    password: str,
    time_zone: str = "UTC",
    language: str | None = None,
) -> tuple[Any, bool]:
    """A new, inactive account, and whether the email with its link could be handed over.
    ``time_zone``: where the person lives (the sign-up form offers the browser's), for the
    times pages and emails show; ``language``: the one they signed up in (the browser's or
    the switcher's), for the pages and emails.

    The account is kept when the mail server refuses: the link can be sent again later."""
    with transaction.atomic():
        user = get_user_model().objects.create_user(
            username=username, email=email, password=password, is_active=False
        )
        language = languages.supported(language)
        if time_zone != "UTC" or language != settings.LANGUAGE_CODE:
            preference_set(user=user, time_zone=time_zone, language=language)
    return user, confirmation_send(user=user)


def email_in_use(email: str) -> bool:
    """Whether an account (confirmed or not) uses ``email``, case aside."""
    return get_user_model().objects.filter(email__iexact=email.strip()).exists()


def account_exists_notice(*, email: str) -> bool:
    """Tell the owner of ``email`` that someone tried to sign up with it: they already have
    an account (its username), and how to log in or reset the password."""
    users = list(get_user_model().objects.filter(email__iexact=email.strip()))
    if not users:
        return False
    return _send(
        user_id=users[0].pk,
        to=users[0].email,
        template="accounts/email/account_exists",
        context={
            "users": users,
            "login": absolute(reverse("login")),
            "reset": absolute(reverse("password_reset")),
            "resend": absolute(reverse("account-resend")),
        },
    )


def confirmation_send(*, user: Any) -> bool:
    token = signing.dumps({"u": user.pk, "e": user.email}, salt=SIGNUP_SALT)
    return _send(
        user_id=user.pk,
        to=user.email,
        template="accounts/email/confirm_signup",
        context={
            "user": user,
            "link": absolute(reverse("account-confirm", args=[token])),
            "days": settings.ACCOUNT_CONFIRMATION_DAYS,
        },
    )


def confirmation_resend(*, email: str) -> bool:
    """Send the link again to every unconfirmed account of ``email``; False when none.

    The page says the same thing either way, so that it does not tell who has an account.
    """
    users = [
        user
        for user in get_user_model().objects.filter(email__iexact=email.strip())
        if is_unconfirmed(user)
    ]
    sent = [confirmation_send(user=user) for user in users]
    return bool(sent) and all(sent)


def account_confirm(*, token: str) -> Confirmed:
    """Activate the account the token names, if it was made for its current address."""
    data = _load(token, salt=SIGNUP_SALT)
    user_id = data.get("u")
    user = None if user_id is None else get_user_model().objects.filter(pk=user_id).first()
    if user is None or user.email != data.get("e"):
        raise ConfirmationError(_("This confirmation link is not valid any more."))
    if user.is_active or user.last_login is not None:
        return Confirmed(user=user, already=True)
    user.is_active = True
    user.save(update_fields=["is_active"])
    return Confirmed(user=user, already=False)


def confirmed_login(request: HttpRequest, user: Any) -> bool:
    """Log in the user who just confirmed their address by following the emailed link.

    Following it proves they read the address, as a password reset does; the link works
    once (``account_confirm``), so it logs in once. False, and nobody logged in, when the
    backends refuse the user (suspended meanwhile).
    """
    if not SuspensionAwareBackend().user_can_authenticate(user):
        return False
    backend = f"{SuspensionAwareBackend.__module__}.{SuspensionAwareBackend.__qualname__}"
    login(request, user, backend=backend)
    return True


def email_change_request(*, user: Any, email: str) -> bool:
    """Email a link to the new address; the account's address changes when it is followed."""
    token = signing.dumps({"u": user.pk, "old": user.email, "e": email}, salt=EMAIL_CHANGE_SALT)
    return _send(
        user_id=user.pk,
        to=email,
        template="accounts/email/confirm_email_change",
        context={
            "user": user,
            "link": absolute(reverse("account-email-confirm", args=[token])),
            "days": settings.ACCOUNT_CONFIRMATION_DAYS,
        },
    )


def email_change_confirm(*, token: str, user: Any) -> Confirmed:
    """Set the new address, when the link was made for this user and their current one."""
    data = _load(token, salt=EMAIL_CHANGE_SALT)
    if data.get("u") != user.pk:
        raise ConfirmationError(_("This link was sent for another account: log in as that one."))
    if user.email == data.get("e"):
        return Confirmed(user=user, already=True)
    if user.email != data.get("old"):
        raise ConfirmationError(_("Your address has changed since this link was sent."))
    taken = (
        get_user_model()
        .objects.filter(email__iexact=data.get("e", ""))
        .exclude(pk=user.pk)
        .exists()
    )
    if taken:
        raise ConfirmationError(_("Another account uses this address now."))
    user.email = data["e"]
    user.save(update_fields=["email"])
    return Confirmed(user=user, already=False)


def _load(token: str, *, salt: str) -> dict[str, Any]:
    max_age = settings.ACCOUNT_CONFIRMATION_DAYS * 24 * 3600
    try:
        data = signing.loads(token, salt=salt, max_age=max_age)
    except signing.SignatureExpired as exc:
        days = settings.ACCOUNT_CONFIRMATION_DAYS
        raise ConfirmationError(
            ngettext(
                "This link has expired (links last %(days)d day): ask for a new one.",
                "This link has expired (links last %(days)d days): ask for a new one.",
                days,
            )
            % {"days": days}
        ) from exc
    except signing.BadSignature as exc:
        raise ConfirmationError(
            _("This link is not valid: check that it was copied whole, or ask for a new one.")
        ) from exc
    if not isinstance(data, dict):
        raise ConfirmationError(_("This link is not valid."))
    return data


def _send(*, user_id: int, to: str, template: str, context: dict[str, Any]) -> bool:
    """Hand the email to the mail server, written in the language of the account it is
    about (user ``user_id``); False (and the error logged) when the server refuses."""
    context = {**context, "site_url": settings.SITE_URL}
    with languages.for_user(user_id=user_id):
        subject = render_to_string(f"{template}_subject.txt", context).strip()
        body = render_to_string(f"{template}.txt", context)
    message = EmailMultiAlternatives(subject=" ".join(subject.split()), body=body, to=[to])
    try:
        message.send()
    except Exception:  # SMTP and provider errors alike: the page says to try again
        logger.exception("could not send %s to %s", template, to)
        return False
    return True

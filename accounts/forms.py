"""The account pages' forms: sign up, log in (with a reason when refused), and the profile."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.choices import BaseChoiceIterator
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_stubs_ext import StrOrPromise

from accounts.models import Palette, TextSize
from accounts.services import is_unconfirmed
from common import login_throttle
from common.client_ip import client_ip
from common.widgets import ListedRadioSelect, ListedSelect
from games.models import active_suspension
from notifications import languages
from notifications.models import Mode


@cache
def time_zone_choices() -> list[tuple[str, str]]:
    """Every IANA zone the server knows, sorted, UTC first (the default)."""
    names = sorted(name for name in available_timezones() if name != "UTC")
    return [("UTC", "UTC"), *((name, name.replace("_", " ")) for name in names)]


class TimeZoneChoices(BaseChoiceIterator):
    """The zones' choices as ``time_zone_choices`` keeps them, read when first used. Given
    as a function instead, Django would normalize the ~600 pairs each time the select is
    drawn or a value is checked: 2 ms of the profile page's 25."""

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return iter(time_zone_choices())


def _email_taken(email: str, *, exclude_pk: int | None = None) -> bool:
    users = get_user_model().objects.filter(email__iexact=email)
    if exclude_pk is not None:
        users = users.exclude(pk=exclude_pk)
    return users.exists()


class SignUpForm(UserCreationForm):
    """Django's sign-up form, with an email. Whether the address already has an account is
    not the form's business: the page answers the same either way (``views.signup``)."""

    email = forms.EmailField(
        label=_("Email"),
        help_text=_("We send a link to confirm it, then your turns and game news."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=TimeZoneChoices(),
        initial="UTC",
        required=False,
        help_text=_(
            "Deadlines and times are shown in it; your browser's is chosen for you. "
            "You can change it later in your profile."
        ),
        widget=ListedSelect(attrs={"data-browser-zone": ""}),
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        return email

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.is_bound and self.data.get("time_zone"):
            # A zone the person chose (or the form came back with): the script keeps it.
            self.fields["time_zone"].widget.attrs["data-chosen"] = "1"


class LoginForm(AuthenticationForm):
    """Django's login form, saying why a correct password is refused (unconfirmed,
    suspended, deactivated) instead of the generic "wrong username or password", and
    throttling failed attempts per account and per client address (common.login_throttle)."""

    def clean(self) -> dict[str, Any]:
        username = str(self.cleaned_data.get("username") or "")
        address = client_ip(self.request) if self.request is not None else ""
        if username and login_throttle.blocked(username=username, client_ip=address):
            raise ValidationError(login_throttle.refusal_message(), code="throttled")
        try:
            return super().clean()
        except ValidationError as exc:
            if username and getattr(exc, "code", None) == "invalid_login":
                login_throttle.failed(username=username, client_ip=address)
            raise

    def get_invalid_login_error(self) -> ValidationError:
        reason = self._refusal_reason()
        if reason is not None:
            return ValidationError(reason, code="inactive")
        return super().get_invalid_login_error()

    def _refusal_reason(self) -> str | None:
        username, password = self.cleaned_data.get("username"), self.cleaned_data.get("password")
        model = get_user_model()
        user = model.objects.filter(**{model.USERNAME_FIELD: username}).first()
        if user is None or not password or not user.check_password(password):
            return None
        suspension = active_suspension(user)
        if suspension is not None:
            return suspension.message
        if is_unconfirmed(user):
            return format_html(
                gettext(
                    "Confirm your email first: follow the link we sent to {}. "
                    '<a href="{}">Send the link again</a>.'
                ),
                user.email,
                reverse("account-resend"),
            )
        if not user.is_active:
            return gettext("This account has been deactivated.")
        return None


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's reset form, its email written in the language of the account it resets."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        with languages.for_user(user_id=context["user"].pk):
            super().send_mail(
                subject_template_name,
                email_template_name,
                context,
                from_email,
                to_email,
                html_email_template_name,
            )


class ResendConfirmationForm(forms.Form):
    email = forms.EmailField(
        label=_("Email"), widget=forms.EmailInput(attrs={"autocomplete": "email"})
    )


class EmailChangeForm(forms.Form):
    email = forms.EmailField(
        label=_("New email"),
        help_text=_("We send a link to the new address; it takes effect when you follow it."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"].strip()
        if email.lower() == (self.user.email or "").lower():
            raise ValidationError(_("This is already your email."))
        if _email_taken(email, exclude_pk=self.user.pk):
            raise ValidationError(_("Another account uses this email."))
        return email


HOUR_CHOICES = [("", _("none")), *((str(hour), f"{hour:02d}:00") for hour in range(24))]
CHANNEL_CHOICES = [("", _("as in my preferences")), ("on", _("on")), ("off", _("off"))]


class PreferencesForm(forms.Form):
    mode = forms.ChoiceField(
        label=_("Email me about my turns"),
        choices=Mode.choices,
        widget=ListedRadioSelect,
        help_text=_("A daily digest gathers the games waiting for you into one email a day."),
    )
    digest_hour = forms.TypedChoiceField(
        label=_("Digest hour (your time)"),
        choices=[(hour, f"{hour:02d}:00") for hour in range(24)],
        coerce=int,
        widget=ListedSelect,
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=TimeZoneChoices(),
        help_text=_("Times on the site and in emails are shown in this zone."),
        widget=ListedSelect,
    )
    language = forms.ChoiceField(
        label=_("Language"),
        choices=settings.LANGUAGES,
        required=False,
        help_text=_("The site and every email you get are in this language."),
        widget=ListedSelect,
    )

    always_notify = forms.BooleanField(
        label=_("Notify me even when my page is open"),
        required=False,
        help_text=_(
            "Otherwise an open page of the site holds your turn's email and push until you "
            "leave it, and the other notifications are not sent."
        ),
    )
    quiet_start = forms.TypedChoiceField(
        label=_("Quiet hours from (your time)"),
        choices=HOUR_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        widget=ListedSelect,
    )
    quiet_end = forms.TypedChoiceField(
        label=_("Quiet hours until (your time)"),
        choices=HOUR_CHOICES,
        coerce=int,
        empty_value=None,
        required=False,
        help_text=_(
            "During your quiet hours only what is urgent is sent (a deadline warning, a turn "
            "that runs out soon); the rest waits for their end and comes as one message."
        ),
        widget=ListedSelect,
    )
    push = forms.BooleanField(
        label=_("Push notifications to my subscribed browsers"), required=False
    )
    webhook = forms.BooleanField(
        label=_("Post my notifications to my chat webhooks"), required=False
    )

    def clean_language(self) -> str | None:
        """None (left as it is) when the form does not say."""
        return self.cleaned_data.get("language") or None

    def clean(self) -> dict[str, Any]:
        """Quiet hours are both hours or neither (the service checks how long they last)."""
        data = super().clean() or {}
        start, end = data.get("quiet_start"), data.get("quiet_end")
        if (start is None) != (end is None):
            raise ValidationError(gettext("Quiet hours need a start and an end."))
        return data


class DisplayForm(forms.Form):
    """How the site is drawn for this user: the seat colours and the text size."""

    palette = forms.ChoiceField(
        label=_("Seat colours"),
        choices=Palette.choices,
        widget=ListedRadioSelect,
        help_text=_(
            "Every piece also shows its seat's number and shape; the colour-blind safe palette "
            "keeps the four seats apart for most kinds of colour blindness."
        ),
    )
    text_size = forms.ChoiceField(
        label=_("Text size"),
        choices=TextSize.choices,
        widget=ListedRadioSelect,
        help_text=_("Scales the pages and the board's text. Dark mode follows your system."),
    )


def _channel_choice(label: StrOrPromise) -> forms.ChoiceField:
    """A game's switch of one channel: as in my preferences, on or off."""
    return forms.ChoiceField(
        label=label, choices=CHANNEL_CHOICES, required=False, widget=ListedSelect
    )


class GameModeForm(forms.Form):
    """One game's override of the email mode and of the channels ("" keeps the account's
    setting)."""

    mode = forms.ChoiceField(
        label=_("Emails for this game"),
        choices=[("", _("as in my preferences")), *Mode.choices],
        required=False,
        widget=ListedSelect,
    )
    push = _channel_choice(_("Push for this game"))
    webhook = _channel_choice(_("My webhooks for this game"))

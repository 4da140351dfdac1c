"""The account pages: sign up and confirm the email, log in and out, reset a forgotten
password, and the profile (email, notification preferences and channels, time zone,
per-game modes, the palette and text size).

Django's auth views do the logging in and password work; the rest are thin views over
accounts.services, accounts.display and notifications.preferences. The pages that send
email (sign-up, confirmation again, password reset, email change) first ask
accounts.limits, and when refused answer 429 with the form and send nothing.
"""

from __future__ import annotations

from typing import Any, Literal, cast

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from accounts import display, limits, services
from accounts.forms import (
    DisplayForm,
    EmailChangeForm,
    GameModeForm,
    LoginForm,
    PasswordResetForm,
    PreferencesForm,
    ResendConfirmationForm,
    SignUpForm,
)
from common import api_tokens
from common.client_ip import client_ip
from common.errors import ServiceError
from common.web import AuthenticatedHttpRequest, CountedPaginator, page_of
from games import selectors as game_selectors
from games.errors import GameNotFoundError
from games.models import NOT_ENDED, Game
from notifications import bounces, endpoints, languages, preferences, push
from notifications import selectors as notification_selectors
from notifications.models import ChannelKind, GameNotificationPreference, WebhookStyle

# Games on a page of the profile's notifications per game: a player can have hundreds of games
# in play, and each is a form of three selects, which cost the page as much as the rest of it
# for every twenty or so.
GAMES_PER_PAGE = 20

# --- signing up ----------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """Sign up. An address that already has an account gets the same answer as a new one
    (so the page tells nobody who has an account); its owner gets an email saying they
    already have one, with the ways to log in or reset the password."""
    if request.user.is_authenticated:
        return redirect(settings.LOGIN_REDIRECT_URL)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not limits.email_request_allowed(client_ip=client_ip(request)):
            form.add_error(None, limits.signup_refusal_message())
            return render(request, "accounts/signup.html", {"form": form}, status=429)
        email = form.cleaned_data["email"]
        if services.email_in_use(email):
            # Counted per address too, so that nobody can make the site mail an owner without
            # end; over the limit nothing is sent, and the page still says the same.
            if limits.email_request_allowed(client_ip="", email=email):
                services.account_exists_notice(email=email)
            return render(request, "accounts/signup_done.html", {"email": email, "sent": True})
        user, sent = services.account_create(
            username=form.cleaned_data["username"],
            email=email,
            password=form.cleaned_data["password1"],
            time_zone=form.cleaned_data.get("time_zone") or "UTC",
            # The language the page was shown in: the switcher's or the browser's.
            language=translation.get_language(),
        )
        return render(request, "accounts/signup_done.html", {"email": user.email, "sent": sent})
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/signup.html", {"form": form}, status=status)


@require_http_methods(["GET"])
def confirm(request: HttpRequest, token: str) -> HttpResponse:
    try:
        result = services.account_confirm(token=token)
    except services.ConfirmationError as exc:
        return render(request, "accounts/confirm_failed.html", {"reason": str(exc)}, status=400)
    if result.already:
        # Only the first use logs in: a link that stays in a mailbox is not a password.
        messages.info(request, _("Your email was already confirmed: log in."))
        return redirect("login")
    if not services.confirmed_login(request, result.user):
        messages.success(request, _("Your email is confirmed and your account active: log in."))
        return redirect("login")
    messages.success(request, _("Your email is confirmed: welcome! You are logged in."))
    return redirect(settings.LOGIN_REDIRECT_URL)


@require_http_methods(["GET", "POST"])
def resend(request: HttpRequest) -> HttpResponse:
    form = ResendConfirmationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not limits.email_request_allowed(
            client_ip=client_ip(request), email=form.cleaned_data["email"]
        ):
            form.add_error(None, limits.refusal_message())
            return render(request, "accounts/resend.html", {"form": form}, status=429)
        services.confirmation_resend(email=form.cleaned_data["email"])
        return render(request, "accounts/resend_done.html", {"email": form.cleaned_data["email"]})
    status = 400 if request.method == "POST" else 200
    return render(request, "accounts/resend.html", {"form": form}, status=status)


# --- logging in and out, passwords ---------------------------------------------------------


class LoginView(auth_views.LoginView):
    form_class = LoginForm
    redirect_authenticated_user = True


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset view; links in the email point at SITE_URL, the public address."""

    template_name = "accounts/password_reset_form.html"
    form_class = PasswordResetForm
    success_url = reverse_lazy("password_reset_done")
    subject_template_name = "accounts/email/password_reset_subject.txt"
    email_template_name = "accounts/email/password_reset.txt"

    @property
    def extra_email_context(self) -> dict[str, Any]:  # type: ignore[override]
        return {"site_url": settings.SITE_URL}

    def form_valid(self, form: Any) -> HttpResponse:
        allowed = limits.email_request_allowed(
            client_ip=client_ip(self.request), email=form.cleaned_data["email"]
        )
        if not allowed:
            form.add_error(None, limits.refusal_message())
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)


# --- the profile ---------------------------------------------------------------------------


@login_required
@require_http_methods(["GET"])
def profile(request: AuthenticatedHttpRequest) -> HttpResponse:
    return profile_page(request)


@login_required
@require_POST
def profile_preferences(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = PreferencesForm(request.POST)
    if not form.is_valid():
        return profile_page(request, preferences_form=form, status=400)
    data = dict(form.cleaned_data)
    channels = {channel: data.pop(channel) for channel in ChannelKind.values}
    quiet_start, quiet_end = data.pop("quiet_start"), data.pop("quiet_end")
    quiet = (quiet_start, quiet_end) if quiet_start is not None and quiet_end is not None else None
    try:
        with transaction.atomic():
            preferences.preference_set(user=request.user, quiet_hours=quiet, **data)
            for channel, enabled in channels.items():
                endpoints.channel_preference_set(
                    user=request.user, channel=channel, enabled=enabled
                )
    except ServiceError as exc:
        form.add_error(None, exc.message)
        return profile_page(request, preferences_form=form, status=exc.status)
    language = form.cleaned_data["language"]
    if language:
        translation.activate(language)
    messages.success(request, _("Your preferences are saved."))
    response = redirect("profile")
    if language:  # and on this browser after logging out
        _set_language_cookie(response, language)
    return response


@login_required
@require_POST
def profile_display(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The palette and text size, which every page follows from the next one on."""
    form = DisplayForm(request.POST)
    if not form.is_valid():
        return profile_page(request, display_form=form, status=400)
    display.display_set(user=request.user, **form.cleaned_data)
    messages.success(request, _("Your display settings are saved."))
    return redirect("profile")


@require_POST
def language_set(request: HttpRequest) -> HttpResponse:
    """The language switcher: the visitor's choice kept in a cookie, and a signed-in user's
    saved as their setting (the pages and emails follow it). Back to the page it came from
    when that is one of this site's."""
    language = request.POST.get("language", "")
    if language not in languages.codes():
        return HttpResponse(
            _("Unknown language: choose one of the listed ones."),
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    target = request.POST.get("next") or request.headers.get("referer") or ""
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = reverse("home")
    if request.user.is_authenticated:
        preferences.preference_set(user=request.user, language=language)
    response = redirect(target)
    _set_language_cookie(response, language)
    return response


def _set_language_cookie(response: HttpResponse, language: str) -> None:
    """The visitor's language (LocaleMiddleware reads it), with Django's cookie settings."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=cast(Literal["Lax", "Strict", "None"], settings.LANGUAGE_COOKIE_SAMESITE),
    )


@login_required
@require_POST
def profile_email(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = EmailChangeForm(request.POST, user=request.user)
    if not form.is_valid():
        return profile_page(request, email_form=form, status=400)
    email = form.cleaned_data["email"]
    if not limits.email_request_allowed(client_ip=client_ip(request), email=email):
        form.add_error(None, limits.refusal_message())
        return profile_page(request, email_form=form, status=429)
    if not services.email_change_request(user=request.user, email=email):
        form.add_error(None, _("The email could not be sent just now: try again in a moment."))
        return profile_page(request, email_form=form, status=503)
    messages.success(
        request, _("We sent a link to %(email)s: follow it to use that address.") % {"email": email}
    )
    return redirect("profile")


@login_required
@require_POST
def profile_email_retry(request: AuthenticatedHttpRequest) -> HttpResponse:
    """ "I fixed my mailbox": email goes to the address again (a new bounce stops it again)."""
    if bounces.address_retry(address=request.user.email):
        messages.success(
            request,
            _("We will send email to %(email)s again. If it bounces again, we will tell you here.")
            % {"email": request.user.email},
        )
    else:
        messages.info(
            request, _("Email to %(email)s was not stopped.") % {"email": request.user.email}
        )
    return redirect("profile")


@login_required
@require_http_methods(["GET"])
def email_confirm(request: AuthenticatedHttpRequest, token: str) -> HttpResponse:
    try:
        result = services.email_change_confirm(token=token, user=request.user)
    except services.ConfirmationError as exc:
        return render(request, "accounts/confirm_failed.html", {"reason": str(exc)}, status=400)
    if not result.already:
        messages.success(request, _("Your email is now %(email)s.") % {"email": result.user.email})
    return redirect("profile")


@login_required
@require_POST
def profile_token_revoke(request: AuthenticatedHttpRequest) -> HttpResponse:
    """Revoke the user's API token: requests with it are refused from now on."""
    if api_tokens.tokens_revoke(user=request.user):
        messages.success(request, _("Your API token is revoked."))
    return redirect("profile")


@login_required
@require_POST
def profile_game_mode(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    try:
        game = game_selectors.game_get(public_id=public_id)
    except GameNotFoundError as exc:
        raise Http404(exc.message) from exc
    form = GameModeForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the listed email modes."))
        return redirect("profile")
    try:
        with transaction.atomic():
            preferences.game_preference_set(
                user=request.user, game=game, mode=form.cleaned_data["mode"] or None
            )
            for channel in ChannelKind.values:
                choice = form.cleaned_data.get(channel) or ""
                endpoints.channel_preference_set(
                    user=request.user,
                    channel=channel,
                    game=game,
                    enabled={"on": True, "off": False}.get(choice),
                )
    except ServiceError as exc:
        messages.error(request, exc.message)
        return profile_page(request, status=exc.status)
    messages.success(request, _("Emails for game %(game)s are saved.") % {"game": game.public_id})
    return redirect(_games_page_url(request.POST.get("page", "")))


def _games_page_url(page: str) -> str:
    """The profile at the page of the games list a per-game form was sent from (its hidden
    ``page``), so that a player working through a long list stays where they were."""
    if not page.isdigit() or int(page) <= 1:
        return reverse("profile")
    return f"{reverse('profile')}?page={int(page)}#games-heading"


def profile_game_forms(
    user: Any, games: list[Game], channel_settings: dict[tuple[int | None, str], bool] | None = None
) -> list[tuple[Game, GameModeForm]]:
    """Each game's form of its notifications, holding the game's own settings ("" where it
    follows the account's)."""
    if channel_settings is None:
        channel_settings = endpoints.channel_preferences_of(user=user)
    overrides = dict(
        GameNotificationPreference.objects.filter(user_id=user.pk, game__in=games).values_list(
            "game_id", "mode"
        )
    )
    return [
        (
            game,
            GameModeForm(
                initial={
                    "mode": overrides.get(game.pk, ""),
                    **{
                        channel: {True: "on", False: "off", None: ""}[
                            channel_settings.get((game.pk, channel))
                        ]
                        for channel in ChannelKind.values
                    },
                },
                auto_id=f"id_{game.public_id}_%s",
            ),
        )
        for game in games
    ]


def profile_page(
    request: AuthenticatedHttpRequest,
    *,
    preferences_form: PreferencesForm | None = None,
    email_form: EmailChangeForm | None = None,
    display_form: DisplayForm | None = None,
    status: int = 200,
) -> HttpResponse:
    user = request.user
    if display_form is None:
        shown = display.display_of(user=user)
        display_form = DisplayForm(initial={"palette": shown.palette, "text_size": shown.text_size})
    preference = notification_selectors.preference_of(user=user)
    channel_settings = endpoints.channel_preferences_of(user=user)
    if preferences_form is None:
        preferences_form = PreferencesForm(
            initial={
                "mode": preference.mode,
                "digest_hour": preference.digest_hour,
                "time_zone": preference.time_zone,
                "language": languages.supported(preference.language),
                "always_notify": preference.always_notify,
                "quiet_start": "" if preference.quiet_start is None else preference.quiet_start,
                "quiet_end": "" if preference.quiet_end is None else preference.quiet_end,
                **{
                    channel: channel_settings.get((None, channel), True)
                    for channel in ChannelKind.values
                },
            }
        )
    in_play = game_selectors.game_list_for_user(user=user).filter(status__in=NOT_ENDED)
    games_page = page_of(
        request,
        CountedPaginator(
            in_play,
            GAMES_PER_PAGE,
            lambda: game_selectors.game_count_for_user(user=user, statuses=NOT_ENDED),
        ),
    )
    games = game_selectors.game_list_read(games_page.object_list)
    game_forms = profile_game_forms(user, games, channel_settings)
    token = api_tokens.token_of(user=user)
    email_status = bounces.status_of(user.email)
    context = {
        "email_status": email_status,
        "email_status_since": email_status
        and bounces.local_naive(email_status.since, preference.time_zone),
        "api_token": token,
        "api_token_expires": api_tokens.expires_at(token.created) if token else None,
        "api_token_expired": api_tokens.is_expired(token.created) if token else False,
        "preferences_form": preferences_form,
        "display_form": display_form,
        "email_form": email_form or EmailChangeForm(user=user),
        "game_forms": game_forms,
        "games_page": games_page,
        "push_offered": push.is_configured(),
        "vapid_public_key": push.public_key(),
        "push_subscriptions": list(user.push_subscriptions.all()),
        "webhooks": list(endpoints.webhooks_visible_to(user)),
        "webhook_styles": WebhookStyle.choices,
        "webhook_games": games,
    }
    return render(request, "accounts/profile.html", context, status=status)

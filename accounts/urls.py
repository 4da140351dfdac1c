"""The account pages' paths (mounted under /accounts/ by gwt_site/urls.py).

Django's auth views are given templates under accounts/: the admin's own registration/
templates come first in the app template search and would otherwise be used.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from accounts import channel_views, views

urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("confirm/<str:token>/", views.confirm, name="account-confirm"),
    path("confirm-again/", views.resend, name="account-resend"),
    path("login/", views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("password/reset/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="accounts/password_reset_confirm.html"
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="accounts/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
    path(
        "password/change/",
        auth_views.PasswordChangeView.as_view(template_name="accounts/password_change_form.html"),
        name="password_change",
    ),
    path(
        "password/change/done/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="accounts/password_change_done.html"
        ),
        name="password_change_done",
    ),
    path("language/", views.language_set, name="language-set"),
    path("profile/", views.profile, name="profile"),
    path("profile/preferences/", views.profile_preferences, name="profile-preferences"),
    path("profile/display/", views.profile_display, name="profile-display"),
    path("profile/email/", views.profile_email, name="profile-email"),
    path("profile/email/retry/", views.profile_email_retry, name="profile-email-retry"),
    path("profile/token/revoke/", views.profile_token_revoke, name="profile-token-revoke"),
    path("profile/email/confirm/<str:token>/", views.email_confirm, name="account-email-confirm"),
    path("profile/push/", channel_views.push_subscribe_view, name="profile-push-subscribe"),
    path(
        "profile/push/<int:subscription_id>/remove/",
        channel_views.push_remove_view,
        name="profile-push-remove",
    ),
    path("profile/webhooks/", channel_views.webhook_add_view, name="profile-webhook-add"),
    path(
        "profile/webhooks/<int:webhook_id>/remove/",
        channel_views.webhook_remove_view,
        name="profile-webhook-remove",
    ),
    path(
        "profile/<str:channel>/<int:endpoint_id>/enable/",
        channel_views.endpoint_enable_view,
        name="profile-endpoint-enable",
    ),
    path(
        "profile/games/<str:public_id>/emails/",
        views.profile_game_mode,
        name="profile-game-mode",
    ),
]

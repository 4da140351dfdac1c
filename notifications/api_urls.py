"""The notifications part of the REST API (mounted at /api/notifications/)."""

from django.urls import path

from notifications import api

urlpatterns = [
    path("preferences/", api.PreferencesApi.as_view(), name="api-notification-preferences"),
    path(
        "games/<str:game_id>/",
        api.GamePreferenceApi.as_view(),
        name="api-notification-game-preference",
    ),
    path("invitations/", api.InvitationApi.as_view(), name="api-notification-invitations"),
]

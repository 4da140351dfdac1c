"""The players' pages (mounted under /players/ by gwt_site/urls.py)."""

from django.urls import path

from players import views

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("settings/privacy/", views.privacy, name="player-privacy"),
    path("<str:username>/", views.profile, name="player-profile"),
]

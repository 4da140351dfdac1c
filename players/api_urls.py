"""The players' API paths (mounted under /api/ by gwt_site/urls.py)."""

from django.urls import path

from players import api

urlpatterns = [
    path("leaderboard/", api.LeaderboardApi.as_view(), name="api-leaderboard"),
    path("players/<str:username>/", api.PlayerApi.as_view(), name="api-player"),
]

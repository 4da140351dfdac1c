"""The REST API's paths (mounted under /api/ by gwt_site/urls.py)."""

from django.urls import path

from games import api, api_community

urlpatterns = [
    path("token/", api.TokenApi.as_view(), name="api-token"),
    path("me/", api.MeApi.as_view(), name="api-me"),
    path("lobby/", api.LobbyApi.as_view(), name="api-lobby"),
    path("games/", api.GameListApi.as_view(), name="api-games"),
    path("games/<str:game_id>/", api.GameApi.as_view(), name="api-game"),
    path("games/<str:game_id>/join/", api.GameJoinApi.as_view(), name="api-game-join"),
    path("games/<str:game_id>/leave/", api.GameLeaveApi.as_view(), name="api-game-leave"),
    path("games/<str:game_id>/start/", api.GameStartApi.as_view(), name="api-game-start"),
    path("games/<str:game_id>/resign/", api.GameResignApi.as_view(), name="api-game-resign"),
    path("games/<str:game_id>/undo/", api.GameUndoApi.as_view(), name="api-game-undo"),
    path("games/<str:game_id>/state/", api.GameStateApi.as_view(), name="api-game-state"),
    path(
        "games/<str:game_id>/legal-moves/",
        api.GameLegalMovesApi.as_view(),
        name="api-game-legal-moves",
    ),
    path("games/<str:game_id>/moves/", api.GameMovesApi.as_view(), name="api-game-moves"),
    path("games/<str:game_id>/events/", api.GameEventsApi.as_view(), name="api-game-events"),
    path("games/<str:game_id>/record/", api.GameRecordApi.as_view(), name="api-game-record"),
    path("games/<str:game_id>/chat/", api_community.GameChatApi.as_view(), name="api-game-chat"),
    path(
        "games/<str:game_id>/reports/",
        api_community.GameReportsApi.as_view(),
        name="api-game-reports",
    ),
]

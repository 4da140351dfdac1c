"""The REST API's paths (mounted under /api/ by gwt_site/urls.py)."""

from django.urls import path

from games.api import community, notes, plans, takebacks, views

urlpatterns = [
    path("token/", views.TokenApi.as_view(), name="api-token"),
    path("me/", views.MeApi.as_view(), name="api-me"),
    path("lobby/", views.LobbyApi.as_view(), name="api-lobby"),
    path("lobby/substitutes/", views.LobbySubstitutesApi.as_view(), name="api-lobby-substitutes"),
    path("editions/", views.EditionsApi.as_view(), name="api-editions"),
    path("games/", views.GameListApi.as_view(), name="api-games"),
    path("games/waiting/", notes.WaitingApi.as_view(), name="api-games-waiting"),
    path("games/<str:game_id>/", views.GameApi.as_view(), name="api-game"),
    path("games/<str:game_id>/join/", views.GameJoinApi.as_view(), name="api-game-join"),
    path("games/<str:game_id>/leave/", views.GameLeaveApi.as_view(), name="api-game-leave"),
    path("games/<str:game_id>/start/", views.GameStartApi.as_view(), name="api-game-start"),
    path("games/<str:game_id>/resign/", views.GameResignApi.as_view(), name="api-game-resign"),
    path(
        "games/<str:game_id>/hand-over/",
        views.GameHandOverApi.as_view(),
        name="api-game-hand-over",
    ),
    path(
        "games/<str:game_id>/take-over/",
        views.GameTakeOverApi.as_view(),
        name="api-game-take-over",
    ),
    path("games/<str:game_id>/undo/", views.GameUndoApi.as_view(), name="api-game-undo"),
    path(
        "games/<str:game_id>/takeback/",
        takebacks.GameTakebackApi.as_view(),
        name="api-game-takeback",
    ),
    path("games/<str:game_id>/state/", views.GameStateApi.as_view(), name="api-game-state"),
    path(
        "games/<str:game_id>/legal-moves/",
        views.GameLegalMovesApi.as_view(),
        name="api-game-legal-moves",
    ),
    path("games/<str:game_id>/moves/", views.GameMovesApi.as_view(), name="api-game-moves"),
    path("games/<str:game_id>/events/", views.GameEventsApi.as_view(), name="api-game-events"),
    path("games/<str:game_id>/record/", views.GameRecordApi.as_view(), name="api-game-record"),
    path("games/<str:game_id>/plan/", plans.GamePlanApi.as_view(), name="api-game-plan"),
    path("games/<str:game_id>/note/", notes.GameNoteApi.as_view(), name="api-game-note"),
    path("games/<str:game_id>/dismiss/", notes.GameDismissApi.as_view(), name="api-game-dismiss"),
    path("games/<str:game_id>/chat/", community.GameChatApi.as_view(), name="api-game-chat"),
    path(
        "games/<str:game_id>/reports/",
        community.GameReportsApi.as_view(),
        name="api-game-reports",
    ),
]

"""The web pages' paths (mounted under /games/ by gwt_site/urls.py)."""

from django.urls import URLPattern, URLResolver, path, re_path

from games.web import finding, live, lobby, plans, play, replay, takebacks, text_view

# A game's public id (see games.models.PUBLIC_ID_ALPHABET): other paths ("new/", "open/")
# can never be read as one.
GAME = r"^(?P<public_id>[a-km-z2-9]{12})/"

urlpatterns: list[URLPattern | URLResolver] = [
    # The lobby: my games, a new game, open games, and an open game's waiting room (its
    # address is the invite link).
    path("", lobby.my_games, name="lobby-my-games"),
    path("new/", lobby.new_game, name="lobby-new"),
    path("open/", lobby.open_games, name="lobby-open"),
    # The pages' live stream (Server-Sent Events; served by the ASGI server).
    path("live/", live.stream, name="games-live"),
    # Finding one's games: the next one waiting for me, how many wait (the tab title).
    path("next/", finding.next_game, name="games-next"),
    path("waiting/", finding.waiting, name="games-waiting"),
    path("join/<str:public_id>/", lobby.waiting_room, name="lobby-join"),
    path("join/<str:public_id>/start/", lobby.start_game, name="lobby-start"),
    path("join/<str:public_id>/leave/", lobby.leave_game, name="lobby-leave"),
    re_path(GAME + r"$", play.game_page, name="game-play"),
    re_path(GAME + r"panel/$", play.game_panel, name="game-panel"),
    # The table in words (for screen readers), and the switch between it and the board.
    re_path(GAME + r"text/$", text_view.text_page, name="game-text"),
    re_path(GAME + r"table-view/$", text_view.table_view_post, name="game-table-view"),
    re_path(GAME + r"version/$", play.game_version, name="game-version"),
    re_path(GAME + r"move/$", play.move_post, name="game-move"),
    re_path(GAME + r"undo/$", play.undo_post, name="game-undo"),
    re_path(GAME + r"plan/$", plans.plan_post, name="game-plan"),
    re_path(GAME + r"takeback/$", takebacks.takeback_post, name="game-takeback"),
    re_path(GAME + r"note/$", finding.note_post, name="game-note"),
    re_path(GAME + r"dismiss/$", finding.dismiss_post, name="game-dismiss"),
    re_path(GAME + r"resign/$", play.resign_post, name="game-resign"),
    re_path(GAME + r"hand-over/$", play.hand_over_post, name="game-hand-over"),
    re_path(GAME + r"take-over/$", play.take_over_post, name="game-take-over"),
    re_path(GAME + r"chat/$", play.chat_view, name="game-chat"),
    re_path(GAME + r"report/$", play.report_view, name="game-report"),
    re_path(GAME + r"replay/$", replay.replay_page, name="game-replay"),
    re_path(GAME + r"record/$", replay.record_download, name="game-record"),
]

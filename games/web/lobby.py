"""The lobby pages: my games, a new game, open games, and an open game's waiting room.

Thin views over games.services and games.selectors. The waiting room (``/games/join/<id>/``)
is also the invite: anyone who has its address may join while a seat is free. Its buttons
post with htmx and get the room back as a fragment; without JavaScript they post the form and
follow the redirect, so the page works either way. While the game is open the room polls
(204 until something changed) so that joins show up, and players go to the game once it starts.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from common.errors import ServiceError
from common.links import absolute
from common.web import (
    AuthenticatedHttpRequest,
    CountedPaginator,
    is_htmx,
    page_of,
    signed_in,
    time_zone_name,
)
from games import selectors, services
from games.errors import GameNotFoundError
from games.models import Game, GameStatus
from games.web import finding
from games.web.display import game_row, time_control_text, with_reliability
from games.web.display import my_games as group_my_games
from games.web.forms import NewGameForm

# How often an open game's waiting room asks whether someone joined, left or started it.
ROOM_POLL_SECONDS = 4
# Games on a page of "My games" and of the open games: a player with thousands of games
# gets pages, each as quick as the first.
GAMES_PER_PAGE = 50


@login_required
def my_games(request: AuthenticatedHttpRequest) -> HttpResponse:
    user = request.user
    games = selectors.game_list_for_user(user=user)
    ids = games.values_list("pk", flat=True)
    counted = CountedPaginator(
        ids, GAMES_PER_PAGE, lambda: selectors.game_count_for_user(user=user)
    )
    page = page_of(request, counted)
    shown = selectors.games_of_page(user=user, ids=selectors.game_list_read(page.object_list))
    groups = group_my_games(shown, request.user, tz_name=time_zone_name(request))
    context = {"groups": groups, "page": page, "waiting_count": finding.waiting_count(request)}
    return render(request, "games/lobby_my_games.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def new_game(request: AuthenticatedHttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = services.game_create(creator=request.user, **form.service_arguments())
        except ServiceError as exc:
            form.add_error(None, exc.message)
        else:
            if game.status != GameStatus.OPEN:  # every other seat a bot: started at once
                messages.success(request, _("Game created and started: the bots are ready."))
                return redirect("game-play", public_id=game.public_id)
            messages.success(request, _("Game created. Share the invite link with the players."))
            return redirect("lobby-join", public_id=game.public_id)
    status = 400 if request.method == "POST" else 200
    return render(request, "games/lobby_new.html", {"form": form}, status=status)


@login_required
def open_games(request: AuthenticatedHttpRequest) -> HttpResponse:
    viewer = request.user
    tz_name = time_zone_name(request)
    page = page_of(request, Paginator(selectors.game_list_lobby(user=viewer), GAMES_PER_PAGE))
    rows = with_reliability([game_row(game, viewer, tz_name=tz_name) for game in page.object_list])
    seeking = with_reliability(
        [
            game_row(game, viewer, tz_name=tz_name)
            for game in selectors.game_list_seeking_substitute(user=viewer)[:GAMES_PER_PAGE]
        ]
    )
    context = {"rows": rows, "page": page, "seeking_rows": seeking}
    return render(request, "games/lobby_open.html", context)


@signed_in
@require_http_methods(["GET", "POST"])
def waiting_room(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """GET: the game's seats, its invite link and the buttons you may use; POST: join it."""
    game = _game_or_404(public_id)
    if request.method == "POST":
        return _act(request, game, lambda: services.game_join(game=game, user=request.user))
    htmx = is_htmx(request)
    if game.status != GameStatus.OPEN and selectors.seat_of(game=game, user=request.user):
        if htmx:  # the room was polling: the game has started, take the player to it
            response = HttpResponse(status=204)
            response["HX-Redirect"] = reverse("game-play", kwargs={"public_id": game.public_id})
            return response
        return redirect("game-play", public_id=game.public_id)
    if htmx and request.GET.get("since") == _stamp(game):
        return HttpResponse(status=204)  # nothing changed since the page was drawn
    return _room(request, game)


@signed_in
@require_POST
def start_game(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    game = _game_or_404(public_id)
    return _act(
        request,
        game,
        lambda: services.game_start(game=game, user=request.user),
        then=reverse("game-play", kwargs={"public_id": game.public_id}),
    )


@signed_in
@require_POST
def leave_game(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    game = _game_or_404(public_id)
    return _act(
        request,
        game,
        lambda: services.game_leave(game=game, user=request.user),
        then=reverse("lobby-my-games"),
    )


def _stamp(game: Game) -> str:
    """Changes whenever a seat is taken or given up, or the game starts or is abandoned."""
    return f"{game.updated_at.timestamp():.6f}"


def _game_or_404(public_id: str) -> Game:
    try:
        return selectors.game_get(public_id=public_id, with_seats=True)
    except GameNotFoundError as exc:
        raise Http404(exc.message) from exc


def _act(
    request: AuthenticatedHttpRequest,
    game: Game,
    action: Callable[[], object],
    *,
    then: str | None = None,
) -> HttpResponse:
    """Run a lobby service; show its refusal in the room (4xx), or go on where it leads."""
    try:
        action()
    except ServiceError as exc:
        return _room(
            request, selectors.game_with_seats(game=game), error=exc.message, status=exc.status
        )
    target = then or reverse("lobby-join", kwargs={"public_id": game.public_id})
    if is_htmx(request):
        if then is None:
            return _room(request, selectors.game_with_seats(game=game))
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return redirect(target)


def _room(
    request: AuthenticatedHttpRequest, game: Game, *, error: str = "", status: int = 200
) -> HttpResponse:
    return room_response(request, game, error=error, status=status)


def room_response(
    request: AuthenticatedHttpRequest,
    game: Game,
    *,
    error: str = "",
    status: int = 200,
    invite: dict[str, str] | None = None,
) -> HttpResponse:
    """The waiting room (the whole page, or its panel for htmx), with a refusal to show.

    ``invite``: what the invite-by-username form shows again ("username", and "error" or
    "notice"); the notifications app, which sends invitations, answers with this room.
    """
    user = request.user
    seat = selectors.seat_of(game=game, user=user)
    row = with_reliability([game_row(game, user, tz_name=time_zone_name(request))])[0]
    seats = row.seats
    is_open = game.status == GameStatus.OPEN
    full = all(not line.is_free for line in seats)
    context = {
        "game": game,
        "seats": seats,
        "row": row,
        "invite_url": absolute(reverse("lobby-join", kwargs={"public_id": game.public_id})),
        "time_control": time_control_text(game),
        "is_creator": user.pk == game.created_by_id,
        "seated": seat is not None,
        "can_join": is_open and seat is None and not full,
        "can_start": is_open and user.pk == game.created_by_id and full,
        "can_leave": is_open and seat is not None,
        "is_open": is_open,
        "full": full,
        "error": error,
        "stamp": _stamp(game),
        "poll_seconds": ROOM_POLL_SECONDS,
        "invite": invite or {},
    }
    template = "games/lobby_room_panel.html" if is_htmx(request) else "games/lobby_room.html"
    return render(request, template, context, status=status)

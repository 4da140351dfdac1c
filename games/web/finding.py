"""Notes and finding one's games on the pages: a player's private note on a game, the "next
game where it is my turn" link, the count of games waiting for the reader (the tab title) and
dismissing a finished game from My games. Thin views over ``games.services.notes`` and
``games.selectors``.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from common.errors import ServiceError
from common.web import AuthenticatedHttpRequest, is_htmx, signed_in
from games import prepared, selectors
from games.models import NOTE_MAX_CHARS, Game
from games.services import notes


def note_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """The reader's own note on the game (nobody else's), and how many games wait for them
    (``waiting_count``), read together (``prepared.note_and_waiting``)."""
    user = request.user
    note, waiting = (
        prepared.note_and_waiting(game_pk=game.pk, user_pk=user.pk)
        if user.is_authenticated
        else (None, 0)
    )
    return {"note": note, "note_max": NOTE_MAX_CHARS, "waiting_count": waiting}


def waiting_count(request: HttpRequest) -> int:
    if not request.user.is_authenticated:
        return 0
    return selectors.waiting_games(user=request.user).count()


def error_page(request: HttpRequest, error: ServiceError) -> HttpResponse:
    return render(request, "games/error.html", {"error": error}, status=error.status)


@never_cache
@signed_in
@require_POST
def note_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    try:
        game = selectors.game_get(public_id=public_id)
        note = notes.note_save(game=game, user=request.user, text=request.POST.get("text", ""))
    except ServiceError as error:
        if is_htmx(request):
            return render(
                request, "games/play/_note.html", {"note_error": error.message}, status=error.status
            )
        return error_page(request, error)
    if is_htmx(request):
        context = {"game": game, "note": note, "note_max": NOTE_MAX_CHARS, "note_saved": True}
        return render(request, "games/play/_note.html", context)
    messages.success(request, _("Your note is saved.") if note else _("Your note is deleted."))
    return redirect("game-play", public_id=game.public_id)


@never_cache
@login_required
@require_GET
def next_game(request: AuthenticatedHttpRequest) -> HttpResponse:
    """The next game waiting for the reader's decision (``?from=``: not this one), or My
    games with a word when none is."""
    game = selectors.next_waiting_game(user=request.user, after=request.GET.get("from", ""))
    if game is None:
        messages.info(request, _("No other game is waiting for your move."))
        return redirect("lobby-my-games")
    return redirect("game-play", public_id=game.public_id)


@never_cache
@login_required
@require_GET
def waiting(request: AuthenticatedHttpRequest) -> JsonResponse:
    """How many games wait for the reader's decision (the pages' tab title, kept current by
    the live stream) and the address of the next one."""
    game = selectors.next_waiting_game(user=request.user)
    return JsonResponse(
        {
            "count": waiting_count(request),
            "next": reverse("game-play", args=[game.public_id]) if game else None,
        }
    )


@never_cache
@login_required
@require_POST
def dismiss_post(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    try:
        game = selectors.game_get(public_id=public_id)
        if request.POST.get("undo"):
            notes.game_undismiss(game=game, user=request.user)
        else:
            notes.game_dismiss(game=game, user=request.user)
    except ServiceError as error:
        return error_page(request, error)
    return redirect("lobby-my-games")

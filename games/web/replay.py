"""The replay viewer: a game position by position, and the game record as a download.

A finished (or abandoned) game can be replayed by any signed-in user, with everything
revealed. A running game can be replayed only by its players, each seeing the past
positions as their own seat saw them then (their hand, nobody else's); others are told
to wait for the end.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from common.errors import ConflictError, InvalidRequestError, NotAllowedError, ServiceError
from common.web import AuthenticatedHttpRequest, is_htmx, signed_in
from games import move_presentation, replay, selectors
from games.event_rows import event_rows
from games.lineage import Lineage
from games.models import Game
from games.web.play import board_markup, error_page, log_rows, names_by_seat, player_rows, seat_name
from games.web.replay_log import cached_rows, log_items


@never_cache
@signed_in
@require_GET
def replay_page(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """The position after event ``?at=`` (default: the last); a fragment for htmx steps."""
    try:
        game = selectors.game_get(public_id=public_id, with_seats=True)
        context = replay_context(request, game)
    except ServiceError as error:
        return error_page(request, error)
    template = "games/replay/_frame.html" if is_htmx(request) else "games/replay/page.html"
    return render(request, template, context)


def replay_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    if game.version == 0:
        raise ConflictError(
            "game_not_started", _("The game has not started yet: nothing to replay.")
        )
    viewer = selectors.viewing_seat(game=game, user=request.user)
    if not game.is_over and viewer is None:
        raise NotAllowedError(
            "replay_players_only",
            _(
                "While the game is running only its players can replay it; "
                "everyone can once it is over."
            ),
        )
    raw = request.GET.get("at", "")
    if raw and not raw.isdigit():
        raise InvalidRequestError(
            "bad_seq", _("'at' must be a number from 1 to %(last)d.") % {"last": game.version}
        )
    seats = list(game.seats.all())
    seat_rows: list[dict[str, Any]] = [
        {"seat": s, "name": seat_name(s), "mine": s.user_id == request.user.pk} for s in seats
    ]
    names = {row["seat"].index: row["name"] for row in seat_rows}
    bots = selectors.bot_seats(seats)
    read: dict[str, Any] = {}  # what ``build`` read, which the replay of the position reuses

    def build() -> tuple[list[dict[str, Any]], dict[int, str]]:
        # The events read once, for the log, the lineage and the replay of the position.
        # Their actors are nearly always the seats' users, read with the game.
        events = event_rows(game, users={s.user.pk: s.user for s in seats if s.user is not None})
        lineage = Lineage(replay.refs_of(events))
        read.update(lineage=lineage, payloads={event.seq: event.payload for event in events})
        # Decisions undone are not steps of the replay (selectors.hidden_from_players); those
        # an agreed takeback took back are, marked, and its step shows the position again.
        hidden = selectors.hidden_in(lineage)
        shown = [event for event in events if event.seq not in hidden]
        rows = log_rows(shown, names, bots, selectors.takeback_marks(lineage))
        actors = {int(e.actor.pk): e.actor.get_username() for e in shown if e.actor is not None}
        return rows, actors

    log = cached_rows(game, viewer, names, bots, build)
    steps = [row["seq"] for row in log]
    only = _only(request.GET.get("only", ""), steps)
    if only:  # "replay just these moves": the steps are those moves only
        steps = only
    asked = int(raw) if raw else game.version
    if not 1 <= asked <= game.version:
        raise InvalidRequestError(
            "bad_seq", _("'at' must be between 1 and %(last)d.") % {"last": game.version}
        )
    seq = max((step for step in steps if step <= asked), default=steps[0])
    state = replay.state_at(game, seq, lineage=read.get("lineage"), payloads=read.get("payloads"))
    view = selectors.view_of(game=game, state=state, seat=viewer)
    current = next((row for row in log if row["seq"] == seq), None)
    position = steps.index(seq) if seq in steps else 0
    return {
        "game": game,
        "seq": seq,
        "first": steps[0],
        "last": steps[-1],
        "previous": steps[max(0, position - 1)],
        "next": steps[min(len(steps) - 1, position + 1)],
        "view": view,
        "board": board_markup(view, None, names_by_seat(seat_rows)),
        "players": player_rows(view, seat_rows, viewer=viewer, to_move=view["current_player"]),
        "log": log,
        "log_items": log_items(log, seq, reverse("game-replay", args=[game.public_id])),
        "current_event": current,
        "revealed": game.is_over,
        "only_query": f"&only={','.join(map(str, only))}" if only else "",
        # At the position where the game ended: the final scores, as the game page shows them.
        "scores": (
            move_presentation.score_table(scores, names) if (scores := view.get("scores")) else None
        ),
    }


def _only(raw: str, steps: list[int]) -> list[int]:
    """The moves ``?only=`` names (comma-separated seqs), among the replay's steps."""
    if not raw:
        return []
    parts = raw.split(",")
    if len(parts) > len(steps) or not all(part.isdigit() for part in parts):
        raise InvalidRequestError(
            "bad_only", _("'only' lists moves by their numbers, with commas.")
        )
    wanted = {int(part) for part in parts}
    chosen = [step for step in steps if step in wanted]
    if not chosen:
        raise InvalidRequestError("bad_only", _("None of the moves 'only' names is in this game."))
    return chosen


@never_cache
@signed_in
@require_GET
def record_download(request: AuthenticatedHttpRequest, public_id: str) -> HttpResponse:
    """The game record (as the API's record endpoint gives it) as a file to save."""
    try:
        game = selectors.game_get(public_id=public_id)
        record = selectors.game_record(game=game)
    except ServiceError as error:
        return error_page(request, error)
    response = JsonResponse(record, json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="gwt-{game.public_id}.json"'
    return response

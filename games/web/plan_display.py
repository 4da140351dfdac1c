"""What the game page shows of the viewer's own planned turn (``games.services.plans``).

Only the plan's owner is ever given any of it: the plan is looked up by the signed-in user's
own seat, and nothing here reads another seat's plan. While the others move, the page lists
the plan's steps with the prices they were planned at, and the moves a next step may be
(priced on the turn preview); once the turn has come, what the plan did, or where it stopped
and why; in the log, the moves it played say so.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User

from engine import State
from games import move_presentation, services
from games.models import Game, PlanStatus, Seat
from games.plan_stops import stop_words
from games.web import move_buttons


def plan_context(
    user: User | AnonymousUser,
    game: Game,
    state: State,
    my_seat: Seat | None,
    log: list[dict[str, Any]],
) -> dict[str, Any]:
    """The page's ``plan`` entry (None for a spectator, a bot's seat or a game not active),
    and the owner's log rows marked ``from_plan``."""
    if my_seat is None or my_seat.bot or not isinstance(user, User):
        return {"plan": None}
    preview = services.plan_preview(game=game, user=user, state=state)
    plan = preview.plan
    if plan is not None and plan.played:
        played = set(plan.played)
        for row in log:
            row["from_plan"] = row["seq"] in played
    planning = preview.state is not None or bool(preview.problem)
    if plan is None and not planning:
        return {"plan": None}
    pending = plan is not None and plan.status == PlanStatus.PENDING
    steps = plan.steps if plan is not None else []
    groups = (
        move_presentation.present_moves(preview.state, my_seat.index, preview.moves)
        if preview.state is not None and preview.moves
        else []
    )
    stopped_at = (
        steps[plan.stop_index]
        if plan is not None and plan.stop_index is not None and plan.stop_index < len(steps)
        else None
    )
    return {
        "plan": {
            "planning": planning,
            "pending": pending,
            "steps": [
                {"notation": step["notation"], "cost_text": step["price"]["cost_text"]}
                for step in steps
            ],
            "closed": preview.closed,
            "problem": preview.problem,
            "buttons": move_buttons.plan_buttons(groups),
            "status": "" if plan is None else plan.status,
            "played": 0 if plan is None else len(plan.played),
            "stop_reason": "" if plan is None else stop_words(plan.stop, plan.stop_reason),
            "stopped_at": stopped_at["notation"] if stopped_at is not None else "",
        }
    }

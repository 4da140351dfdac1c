"""The REST API of a player's planned turn (docs/plans.md, docs/api.md): read it, make it
anew from moves' notations (as a ``PLAN:`` email does), or cancel it.

Thin views over ``games.services.plans``. The path names no seat: it is always the
requester's own plan, looked up by their own seat. Someone without a seat in the game gets
a 404, as for a plan that does not exist: no answer ever carries another seat's plan.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

import engine
from common.api import AuthenticatedRequest, error_responses, validated
from common.errors import NotFoundError
from engine import Move
from games import replay, selectors, services
from games.models import Game, PlanStatus, TurnPlan
from games.plan_stops import stop_words
from games.services.plans import MAX_PLAN_STEPS
from games.terms.choices import cost_words

# A move's notation is one line of an email reply: a few dozen characters.
MAX_STEP_CHARS = 200


class PlanStepOutput(serializers.Serializer[Any]):
    move = serializers.DictField()
    notation = serializers.CharField()
    cost_text = serializers.CharField(help_text="Its price as planned, in words ('' for none).")


class PlanStopOutput(serializers.Serializer[Any]):
    index = serializers.IntegerField(allow_null=True, help_text="The step it stopped before.")
    code = serializers.CharField(
        help_text="no_longer_possible, price_changed, turn_ended or dropped ('' for a plan "
        "stopped before the codes existed)"
    )
    params = serializers.DictField(help_text="price_changed: the prices 'then' and 'now'.")
    text = serializers.CharField(help_text="The reason in the request's language.")


class PlanOutput(serializers.Serializer[Any]):
    version = serializers.IntegerField(help_text="The game's version.")
    status = serializers.CharField(
        allow_null=True, help_text="pending, ran, stopped or dropped; null: no plan."
    )
    steps = PlanStepOutput(many=True)
    closed = serializers.BooleanField(help_text="The last step reveals something or ends the turn.")
    played = serializers.ListField(
        child=serializers.IntegerField(), help_text="Seqs of the moves the plan played."
    )
    stop = PlanStopOutput(allow_null=True)
    next = PlanStepOutput(many=True, help_text="The moves the next step may be, priced now.")
    problem = serializers.CharField(help_text="Why the plan cannot be extended now ('' if it can).")


def _step(move: Move, notation: str, cost_text: str) -> dict[str, Any]:
    return {"move": move, "notation": notation, "cost_text": cost_words(cost_text)}


def plan_output(game: Game, user: Any) -> dict[str, Any]:
    """The user's own plan, the moves its next step may be, and what became of it."""
    preview = services.plan_preview(game=game, user=user, state=replay.state_at(game))
    plan: TurnPlan | None = preview.plan
    next_steps = []
    if preview.state is not None:
        seat = next(s.index for s in game.seats.all() if s.user_id == user.pk)
        next_steps = [
            _step(
                move,
                engine.describe(preview.state, seat, move),
                engine.price(preview.state, seat, move)["cost_text"],
            )
            for move in preview.moves
        ]
    stopped = plan is not None and plan.status in (PlanStatus.STOPPED, PlanStatus.DROPPED)
    return {
        "version": game.version,
        "status": plan.status if plan is not None else None,
        "steps": [
            _step(step["move"], step["notation"], step["price"]["cost_text"])
            for step in (plan.steps if plan is not None else [])
        ],
        "closed": bool(plan is not None and plan.closed),
        "played": list(plan.played) if plan is not None else [],
        "stop": (
            {
                "index": plan.stop_index,
                "code": str(plan.stop.get("code", "")),
                "params": dict(plan.stop.get("params") or {}),
                "text": stop_words(plan.stop, plan.stop_reason),
            }
            if stopped and plan is not None
            else None
        ),
        "next": next_steps,
        "problem": preview.problem,
    }


def _game_of_player(game_id: str, user: Any) -> Game:
    """The game, when ``user`` has a seat in it; a 404 otherwise (no seat, no plan)."""
    game = selectors.game_get(public_id=game_id, with_seats=True)
    if not any(seat.user_id == user.pk for seat in game.seats.all()):
        raise NotFoundError(
            "no_plan", gettext("You have no seat in this game, and so no plan in it.")
        )
    return game


class GamePlanApi(APIView):
    """Your planned turn in a game: only ever your own."""

    permission_classes = (IsAuthenticated,)

    class PlanInput(serializers.Serializer[Any]):
        steps = serializers.ListField(
            child=serializers.CharField(max_length=MAX_STEP_CHARS),
            max_length=MAX_PLAN_STEPS,
            help_text="The plan's decisions in order, each a move's notation (as PLAN: lines "
            "in an email); an empty list cancels the plan.",
        )

    @extend_schema(
        summary="Your planned turn (players of the game only; never another seat's)",
        responses={200: PlanOutput, **error_responses(404)},
    )
    def get(self, request: AuthenticatedRequest, game_id: str) -> Response:
        game = _game_of_player(game_id, request.user)
        return Response(plan_output(game, request.user))

    @extend_schema(
        summary="Make your planned turn anew from moves' notations (all or none)",
        request=PlanInput,
        responses={200: PlanOutput, **error_responses(400, 403, 404, 409)},
    )
    def put(self, request: AuthenticatedRequest, game_id: str) -> Response:
        data = validated(self.PlanInput, request.data)
        _game_of_player(game_id, request.user)
        services.plan_replace(game=game_id, user=request.user, lines=list(data["steps"]))
        game = selectors.game_get(public_id=game_id, with_seats=True)
        return Response(plan_output(game, request.user))

    @extend_schema(
        summary="Cancel your planned turn",
        request=None,
        responses={204: None, **error_responses(403, 404, 409)},
    )
    def delete(self, request: AuthenticatedRequest, game_id: str) -> Response:
        _game_of_player(game_id, request.user)
        services.plan_cancel(game=game_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)

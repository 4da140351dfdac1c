"""The players' API: leaderboards and profiles (read-only; open to visitors, except the
profiles their players hide from people who are not logged in)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.api import error_responses, validated
from common.errors import NotAllowedError, NotFoundError
from players import pages, selectors
from players.models import Rating
from players.views import LEADERBOARD_PAGE_SIZE, leaderboard_editions, leaderboard_paginator


class LeaderboardPagination(PageNumberPagination):
    page_size = LEADERBOARD_PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = 200


def _rating(rating: Rating) -> dict[str, Any]:
    return {
        "rating": round(rating.ordinal, 3),
        "mu": rating.mu,
        "sigma": rating.sigma,
        "games": rating.games,
        "wins": rating.wins,
    }


class LeaderboardApi(APIView):
    permission_classes = (AllowAny,)
    pagination_class = LeaderboardPagination

    class Filter(serializers.Serializer[Any]):
        edition = serializers.CharField(required=False, max_length=8)

    @extend_schema(
        summary="An edition's leaderboard, best first",
        description="Players with at least `min_games` rated games in the edition, by rating "
        "(openskill ordinal, mu - 3 sigma). A player who hides their profile from visitors "
        "is listed with `username` null to visitors who are not logged in.",
        parameters=[
            OpenApiParameter("edition", OpenApiTypes.STR, description="1e or 2e (default 1e)."),
            OpenApiParameter("page", OpenApiTypes.INT, description="Page number (from 1)."),
            OpenApiParameter("page_size", OpenApiTypes.INT, description="Rows per page."),
        ],
        responses={
            200: inline_serializer(
                "Leaderboard",
                {
                    "edition": serializers.CharField(),
                    "min_games": serializers.IntegerField(),
                    "count": serializers.IntegerField(),
                    "next": serializers.URLField(allow_null=True),
                    "previous": serializers.URLField(allow_null=True),
                    "results": serializers.ListField(child=serializers.DictField()),
                },
            ),
            **error_responses(400, 404),
        },
    )
    def get(self, request: Request) -> Response:
        filters = validated(self.Filter, request.query_params)
        known = leaderboard_editions()
        edition = filters.get("edition") or (known[0] if known else "1e")
        if edition not in known:
            raise NotFoundError(
                "unknown_edition",
                _("No leaderboard for edition %(edition)r.") % {"edition": edition},
            )
        paginator = self.pagination_class()
        paginator.django_paginator_class = leaderboard_paginator(edition)  # type: ignore[assignment]
        page = paginator.paginate_queryset(selectors.leaderboard(edition), request, view=self)
        assert page is not None
        assert paginator.page is not None
        start = paginator.page.start_index() - 1
        rows = [
            {
                "rank": start + i + 1,
                "username": (
                    None
                    if selectors.is_hidden_from(rating.user, request.user)
                    else rating.user.get_username()
                ),
                **_rating(rating),
            }
            for i, rating in enumerate(page)
        ]
        answer = paginator.get_paginated_response(rows)
        answer.data = {"edition": edition, "min_games": selectors.min_games(), **answer.data}
        return answer


class PlayerApi(APIView):
    permission_classes = (AllowAny,)

    class Filter(serializers.Serializer[Any]):
        vs = serializers.CharField(required=False, max_length=150, help_text="An opponent.")

    @extend_schema(
        summary="A player's profile: ratings and their history, statistics, games",
        parameters=[
            OpenApiParameter(
                "vs", OpenApiTypes.STR, description="Head to head against this player."
            )
        ],
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 403, 404)},
    )
    def get(self, request: Request, username: str) -> Response:
        filters = validated(self.Filter, request.query_params)
        user = selectors.player(username)
        if user is None:
            raise NotFoundError("unknown_player", _("No such player."))
        if not pages.can_see(user, request.user):
            raise NotAllowedError(
                "profile_hidden",
                _("This player shows their profile only to people who are logged in."),
            )
        vs = filters.get("vs", "")
        opponent = selectors.player(vs) if vs else None
        if vs and (opponent is None or not pages.can_see(opponent, request.user)):
            raise NotFoundError("unknown_player", _("No player is called %(name)r.") % {"name": vs})
        profile = pages.profile(user, viewer=request.user, opponent_name=vs)
        stats = profile.stats
        data: dict[str, Any] = {
            "username": user.get_username(),
            "ratings": [
                {
                    "edition": r.edition,
                    "rank": r.rank,
                    **_rating(r.rating),
                    "history": [
                        {
                            "game": step.game_public_id,
                            "finished_at": step.finished_at.isoformat(),
                            "place": step.place,
                            "rating_before": round(step.ordinal_before, 3),
                            "rating_after": round(step.ordinal_after, 3),
                        }
                        for step in r.history
                    ],
                }
                for r in profile.ratings
            ],
            "stats": {
                "played": stats.played,
                "won": stats.won,
                "average_score": round(stats.average, 2) if stats.average is not None else None,
                "best_score": stats.best,
                "categories": {
                    s.category: {"points": s.points, "share": round(s.share, 4)}
                    for s in stats.shares
                },
            },
            "current_games": [game.public_id for game in profile.current],
            "recent_games": [seat.game.public_id for seat, _ in profile.recent],
        }
        h2h = profile.head_to_head
        if h2h is not None:
            data["head_to_head"] = {
                "opponent": h2h.opponent.get_username(),
                "games": h2h.games,
                "ahead": h2h.ahead,
                "behind": h2h.behind,
                "level": h2h.level,
            }
        return Response(data)

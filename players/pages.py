"""What the players' pages show, assembled from the selectors: the views stay thin and the
API and the pages read the same numbers."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from django.contrib.auth.models import AnonymousUser, User
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games import editions
from games.models import Game, Seat
from games.move_presentation import SCORE_CATEGORIES
from games.web.display import seat_name
from players import charts, policy, selectors
from players.models import Rating, RatingChange


def category_label(category: str) -> str:
    return SCORE_CATEGORIES.get(category, category.replace("_", " "))


def rating_number(value: float) -> str:
    """The displayed rating: the ordinal to one decimal."""
    return f"{value:.1f}"


@dataclass
class EditionRating:
    edition: str
    name: str
    rating: Rating
    rank: int | None
    history: list[selectors.RatingStep]
    player: str  # whose rating, for the chart's title

    @cached_property
    def chart(self) -> SafeString:
        """The history drawn, when a page shows it (the API sends the history alone)."""
        labels = [
            _("%(date)s, place %(place)d")
            % {"date": step.finished_at.date().isoformat(), "place": step.place}
            for step in self.history[-charts.RATING_MARKERS :]
        ]
        title = _("Rating of %(user)s in the %(edition)s, game by game") % {
            "user": self.player,
            "edition": self.name,
        }
        return charts.rating_history(
            [step.ordinal_after for step in self.history], labels, title=title
        )


@dataclass
class Profile:
    user: User
    hidden_from_visitors: bool
    ratings: list[EditionRating]
    stats: selectors.Stats
    current: list[Game]
    recent: list[tuple[Seat, str]]  # the player's seat and the game's result in words
    head_to_head: selectors.HeadToHead | None = None
    opponent_unknown: str = ""
    shares: list[tuple[str, selectors.CategoryShare]] = field(default_factory=list)


def profile(user: User, *, viewer: User | AnonymousUser, opponent_name: str = "") -> Profile:
    """``user``'s page as ``viewer`` sees it (a head to head against a player who hides their
    profile from ``viewer`` is refused as if that player did not exist)."""
    ratings = []
    for rating in selectors.ratings_of(user):
        ratings.append(
            EditionRating(
                edition=rating.edition,
                name=editions.edition_name(rating.edition),
                rating=rating,
                rank=selectors.rank_of(rating),
                history=selectors.rating_history(user, rating.edition),
                player=user.get_username(),
            )
        )
    finished = selectors.finished_games(user)
    stats = finished.stats
    page = Profile(
        user=user,
        hidden_from_visitors=selectors.hidden_from_visitors(user),
        ratings=ratings,
        stats=stats,
        current=selectors.current_games(user),
        recent=[(seat, _place_text(seat)) for seat in selectors.recent_games(user, finished)],
        shares=[(category_label(s.category), s) for s in stats.shares if s.points],
    )
    if opponent_name:
        opponent = selectors.player(opponent_name)
        if opponent is None or opponent.pk == user.pk or not can_see(opponent, viewer):
            page.opponent_unknown = opponent_name
        else:
            page.head_to_head = selectors.head_to_head(user, opponent)
    return page


def _place_text(seat: Seat) -> str:
    game = seat.game
    scores = policy.final_scores(game)
    winners = (game.result or {}).get("winners") or []
    if policy.left_the_game(seat):
        return _("left the game")
    won = seat.index in winners
    if scores is not None and seat.index < len(scores):
        points = {"points": int(scores[seat.index].get("total", 0))}
        return (_("won with %(points)d points") if won else _("lost with %(points)d points")) % (
            points
        )
    return _("won") if won else _("lost")


@dataclass
class GameResult:
    """The finished game's page: the score chart and the rating changes."""

    chart: SafeString | None
    changes: list[tuple[str, RatingChange]]  # the player's name, what the game did
    rated: bool


def game_result(game: Game) -> GameResult:
    seats = list(game.seats.select_related("user"))
    per_seat = selectors.seat_scores(game, seats)
    chart = None
    if per_seat:
        categories = [c for c in selectors.CATEGORY_ORDER if any(p.get(c) for _s, p in per_seat)]
        bars = [
            charts.Bar(seat_name(seat), [points.get(c, 0) for c in categories])
            for seat, points in per_seat
        ]
        chart = charts.score_breakdown(
            bars,
            [category_label(c) for c in categories],
            title=_("Final scores by category"),
            chart_id=f"scores-{game.public_id}",
        )
    changes = [
        (change.user.get_username(), change) for change in selectors.game_rating_changes(game)
    ]
    return GameResult(chart=chart, changes=changes, rated=game.rated)


def can_see(user: User, viewer: User | AnonymousUser) -> bool:
    return not selectors.is_hidden_from(user, viewer)

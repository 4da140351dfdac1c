"""The read side of the players app: leaderboards, profiles, head-to-head, a game's ratings.

Statistics are read from the finished games' stored results (``Game.result``: the engine's
final scores per category), never by replaying a game.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.core.cache import cache
from django.db.models import Count, Max, QuerySet

from engine.rules.scoring import CATEGORIES
from games.models import Game, GameStatus, Seat, Stint
from players import policy, ratings, ratings_version
from players.models import ProfileSettings, Rating, RatingChange

# The final scoring categories in the engine's order.
CATEGORY_ORDER = CATEGORIES
RECENT_GAMES = 10
# The form of what is kept in the cache (``finished_games``): changed with
# ``FinishedGames`` or how it is counted, so that figures counted the old way are not read.
STATS_FORM = 2
# How long counted statistics stay in the cache unread.
STATS_KEPT_SECONDS = 7 * 24 * 3600


def min_games() -> int:
    """How many rated games a player needs to be listed on the leaderboard."""
    return int(settings.RATINGS_LEADERBOARD_MIN_GAMES)


def leaderboard(edition: str) -> QuerySet[Rating]:
    """The edition's listed ratings, best first (ties: the longer-standing player first)."""
    return (
        Rating.objects.filter(edition=edition, games__gte=min_games(), user__is_active=True)
        .select_related("user", "user__profile_settings")
        .order_by("-ordinal", "user_id")
    )


def rated_editions() -> list[str]:
    """The editions that have ratings, each found by one probe of the ratings' index (the
    next edition after the last one found): a ``DISTINCT`` over the table read every rating
    (with ``Rating``'s ordering, every row whole), 0.2 s a view at 56,000 ratings."""
    found: list[str] = []
    while True:
        after = Rating.objects.filter(edition__gt=found[-1]) if found else Rating.objects.all()
        edition = after.order_by("edition").values_list("edition", flat=True).first()
        if edition is None:
            return found
        found.append(edition)


def is_hidden_from(user: User, viewer: User | AnonymousUser) -> bool:
    """Whether ``user``'s profile (and name on the leaderboard) is hidden from ``viewer``:
    only from visitors who are not logged in, and only when the player chose so."""
    if viewer.is_authenticated:
        return False
    try:
        return user.profile_settings.hidden_from_visitors
    except ProfileSettings.DoesNotExist:
        return False


def hidden_from_visitors(user: User) -> bool:
    return ProfileSettings.objects.filter(user=user, hidden_from_visitors=True).exists()


def player(username: str) -> User | None:
    return User.objects.filter(username=username, is_active=True).first()


@dataclass
class CategoryShare:
    category: str
    points: int
    share: float  # of all the player's points in the games counted


@dataclass
class Stats:
    played: int = 0  # finished games
    won: int = 0
    scored: int = 0  # finished games with final scores the player played to the end
    total_points: int = 0
    best: int | None = None
    categories: dict[str, int] = field(default_factory=dict)

    @property
    def average(self) -> float | None:
        return self.total_points / self.scored if self.scored else None

    @property
    def shares(self) -> list[CategoryShare]:
        whole = sum(self.categories.values())
        return [
            CategoryShare(name, points, points / whole if whole else 0.0)
            for name, points in sorted(
                self.categories.items(),
                key=lambda item: (-item[1], CATEGORY_ORDER.index(item[0])),
            )
        ]


@dataclass(frozen=True)
class FinishedGames:
    """What a player's finished games add up to: their statistics and the latest of them,
    counted together and kept in the cache together, as both change only when one of
    those games does."""

    stats: Stats
    recent: tuple[int, ...]  # the last ``RECENT_GAMES`` games' ids, the latest first


def finished_games(user: User) -> FinishedGames:
    """The statistics of the player's finished games (a seat the player left to a bot:
    played, not scored) and which of them finished last.

    Counted once for what those games are now (how many, and the last change to any of
    their rows) and kept in the cache under that: a player with thousands of games had each
    game's result read and decoded on every view of their page, and those games sorted by
    their end. A game that ends, is rolled back or is changed by a moderator changes the
    key."""
    finished = Seat.objects.filter(user=user, game__status=GameStatus.FINISHED)
    now = finished.aggregate(games=Count("pk"), changed=Max("game__updated_at"))
    changed = now["changed"].isoformat() if now["changed"] else "-"
    key = f"players:finished:{STATS_FORM}:{user.pk}:{now['games']}:{changed}"
    kept = cache.get(key)
    if isinstance(kept, FinishedGames):
        return kept
    rows = list(
        finished.values_list(
            "index", "status", "bot", "game__result", "game_id", "game__finished_at"
        )
    )
    latest = heapq.nlargest(RECENT_GAMES, rows, key=_latest_first)
    counted = FinishedGames(
        stats=_stats_of(row[:4] for row in rows), recent=tuple(row[4] for row in latest)
    )
    cache.set(key, counted, STATS_KEPT_SECONDS)
    return counted


def _latest_first(row: tuple[Any, ...]) -> tuple[bool, datetime, int]:
    """The sort key of a finished seat's row, largest first as the list shows them: by the
    game's end, then its id (an end not recorded sorts first, as PostgreSQL's ``DESC``
    puts a null)."""
    game_id, finished_at = row[4], row[5]
    return (finished_at is None, finished_at or datetime.min.replace(tzinfo=UTC), game_id)


def _stats_of(seats: Iterable[tuple[int, str, str, dict[str, Any] | None]]) -> Stats:
    """The statistics of the finished seats read as (index, status, bot, the game's result): the
    columns alone, not the games' rows with their other JSON."""
    result = Stats(categories=dict.fromkeys(CATEGORY_ORDER, 0))
    for index, status, bot, game_result in seats:
        result.played += 1
        if policy.seat_left(status, bot):
            continue
        if index in ((game_result or {}).get("winners") or []):
            result.won += 1
        scores = policy.scores_of(game_result)
        if scores is None or index >= len(scores):
            continue
        score = scores[index]
        total = int(score.get("total", 0))
        result.scored += 1
        result.total_points += total
        result.best = total if result.best is None else max(result.best, total)
        for name, points in (score.get("categories") or {}).items():
            result.categories[name] = result.categories.get(name, 0) + int(points)
    return result


def ratings_of(user: User) -> list[Rating]:
    return list(Rating.objects.filter(user=user).order_by("edition"))


def leaderboard_count(edition: str) -> int:
    """How many players the edition's leaderboard lists, kept for the version of its ratings
    (``ratings_version``)."""
    key = f"players:listed:{edition}:{min_games()}:{ratings_version.version(edition)}"
    kept = cache.get(key)
    if isinstance(kept, int):
        return kept
    counted = leaderboard(edition).count()
    cache.set(key, counted, ratings_version.COUNTS_KEPT_SECONDS)
    return counted


def rank_of(rating: Rating) -> int | None:
    """The rating's place on its edition's leaderboard, or None while it is not listed; kept
    for the version of the edition's ratings and the rating's own value."""
    if rating.games < min_games():
        return None
    version = ratings_version.version(rating.edition)
    key = (
        f"players:rank:{rating.edition}:{min_games()}:{version}:{rating.user_id}:{rating.ordinal!r}"
    )
    kept = cache.get(key)
    if isinstance(kept, int):
        return kept
    better = leaderboard(rating.edition).filter(ordinal__gt=rating.ordinal).count()
    same_before = (
        leaderboard(rating.edition).filter(ordinal=rating.ordinal, user_id__lt=rating.user_id)
    ).count()
    rank = 1 + better + same_before
    cache.set(key, rank, ratings_version.COUNTS_KEPT_SECONDS)
    return rank


@dataclass(frozen=True)
class RatingStep:
    """What one counted game did to a player's rating, as the profile shows it."""

    game_public_id: str
    finished_at: datetime
    place: int
    ordinal_before: float
    ordinal_after: float


def rating_history(user: User, edition: str) -> list[RatingStep]:
    """Every counted game of the player in the edition, first first: the columns the
    profile shows, read as values, because a player with thousands of rated games had each
    game's whole row (its JSON) read and a model built for it on every view."""
    rows = (
        RatingChange.objects.filter(user=user, edition=edition)
        .order_by("finished_at", "game_id")
        .values_list("game__public_id", "finished_at", "place", "ordinal_before", "ordinal_after")
    )
    return [RatingStep(*row) for row in rows]


def current_games(user: User) -> list[Game]:
    """Games in play with the player's seat (started ones only: an open game's link is its
    invitation)."""
    return list(
        Game.objects.filter(
            seats__user=user, status__in=[GameStatus.ACTIVE, GameStatus.PAUSED]
        ).order_by("-updated_at")[:RECENT_GAMES]
    )


def recent_games(user: User, finished: FinishedGames) -> list[Seat]:
    """The player's seats in their last finished games (``finished.recent``), with the
    games, the latest first: a dozen rows by primary key, not a sort of all the player's
    games."""
    seats = {
        seat.game_id: seat
        for seat in Seat.objects.filter(user=user, game_id__in=finished.recent)
        .select_related("game")
        .defer("game__progress")  # a finished game's turns, hundreds of them: not shown
    }
    return [seats[game_id] for game_id in finished.recent if game_id in seats]


@dataclass
class HeadToHead:
    opponent: User
    games: int = 0
    ahead: int = 0  # games the player finished ahead of the opponent
    behind: int = 0
    level: int = 0  # same place
    last: list[tuple[Game, int, int]] = field(default_factory=list)  # game, places


def _game_ids_of(user: User) -> QuerySet[Seat, Any]:
    """The ids of the games ``user`` sat in, or held a seat of for a stint, as a subquery:
    the seats' and the stints' user indexes."""
    seats = Seat.objects.filter(user=user).order_by().values("game_id")
    return seats.union(Stint.objects.filter(user=user).order_by().values("game_id"), all=True)


# The fields of a shared game that ``head_to_head`` reads (``policy.ranking``: status and
# result; a stint's share of its seat: the version; the profile's last games: public id and
# end).
HEAD_TO_HEAD_FIELDS = ("pk", "public_id", "status", "result", "version", "finished_at")


def head_to_head(user: User, opponent: User) -> HeadToHead:
    """Every finished game both played, by who finished ahead (places as the ratings read
    them: docs/ratings.md; rated and unrated games alike)."""
    result = HeadToHead(opponent=opponent)
    # A seat handed over to a substitute (games.services.substitutes) leaves its player a
    # stint, not a seat: their game still counts, as the ratings read it.
    # The games both played, found from each one's games through their user indexes. Asked
    # as the games joined to their seats or stints ("seat or stint of one, and among the
    # other's"), PostgreSQL read every finished game and every seat, whoever played.
    games = (
        Game.objects.filter(status=GameStatus.FINISHED, pk__in=_game_ids_of(user))
        .filter(pk__in=_game_ids_of(opponent))
        .prefetch_related("seats", "stints")
        .order_by("-finished_at", "-pk")
        # What the places and the list of the last games read: not the game's options and
        # progress, large JSON.
        .only(*HEAD_TO_HEAD_FIELDS)
    )
    for game in games.iterator(chunk_size=200):
        ranked = policy.ranking(game, list(game.seats.all()), ratings.stint_facts(game))
        if ranked is None:
            continue
        place = {p.user_id: p.place for p in ranked}
        mine, theirs = place.get(user.pk), place.get(opponent.pk)
        if mine is None or theirs is None:
            continue
        result.games += 1
        if mine < theirs:
            result.ahead += 1
        elif mine > theirs:
            result.behind += 1
        else:
            result.level += 1
        if len(result.last) < RECENT_GAMES:
            result.last.append((game, mine, theirs))
    return result


def game_rating_changes(game: Game) -> list[RatingChange]:
    return list(RatingChange.objects.filter(game=game).select_related("user").order_by("place"))


def seat_scores(game: Game, seats: Sequence[Seat]) -> list[tuple[Seat, dict[str, int]]]:
    """Each seat's points per category from the final scores, or [] without them."""
    scores = policy.final_scores(game)
    if scores is None:
        return []
    by_index = {seat.index: seat for seat in seats}
    return [
        (by_index[i], {k: int(v) for k, v in (score.get("categories") or {}).items()})
        for i, score in enumerate(scores)
        if i in by_index
    ]

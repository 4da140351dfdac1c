"""Ratings: openskill's Plackett-Luce model over the places of each counted game.

Ratings are derived data. ``rebuild`` recomputes an edition's from its finished games in
finish order (``finished_at``, then the game's id); ``game_settle`` is what the Celery task
runs after each finished game, and leaves exactly what a rebuild would: it counts the game
when it is the newest counted one, does nothing when the game is already counted as it is
(a task delivered twice), and rebuilds the edition otherwise (a game counted out of order, a
counted game a moderator rolled back, or one that finished again after a rollback). Both
paths go through ``_count``, so their numbers are the same floating-point operations.

An edition's ratings change under the lock of its ``EditionCursor`` row: the task for one
game and a rebuild never interleave.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import Game, GameStatus
from games.stints import decision_shares
from players import policy, ratings_version
from players.models import EditionCursor, RatedGame, Rating, RatingChange

logger = logging.getLogger(__name__)

# The model's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300); the number shown is the
# ordinal, mu - 3 sigma, which starts at 0. Changing any of these changes every rating:
# run `manage.py rebuild_ratings` after.
MODEL = PlackettLuce()
BATCH = 500
# The beat sweep looks this far back for games a lost task left uncounted.
SWEEP_DAYS = 7

Outcome = Literal["counted", "already_counted", "not_counted", "rebuilt"]


@dataclass(frozen=True)
class Standing:
    mu: float
    sigma: float
    games: int = 0
    wins: int = 0
    last_game_at: datetime | None = None

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


def ordinal(mu: float, sigma: float) -> float:
    return float(MODEL.rating(mu=mu, sigma=sigma).ordinal())


def new_standing() -> Standing:
    return Standing(mu=MODEL.mu, sigma=MODEL.sigma)


def _count(
    standings: dict[int, Standing], game: Game, placements: list[policy.Placement]
) -> list[RatingChange]:
    """Update ``standings`` (user id: standing) with one game; the changes it made."""
    assert game.finished_at is not None
    before = [standings.get(p.user_id) or new_standing() for p in placements]
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = MODEL.rate(teams, ranks=[float(p.place) for p in placements])
    changes = []
    for placement, old, (rated,) in zip(placements, before, after, strict=True):
        new = Standing(
            mu=float(rated.mu),
            sigma=float(rated.sigma),
            games=old.games + 1,
            wins=old.wins + (placement.place == 1),
            last_game_at=game.finished_at,
        )
        standings[placement.user_id] = new
        changes.append(
            RatingChange(
                game=game,
                user_id=placement.user_id,
                edition=game.edition,
                finished_at=game.finished_at,
                place=placement.place,
                mu_before=old.mu,
                sigma_before=old.sigma,
                mu_after=new.mu,
                sigma_after=new.sigma,
                ordinal_before=old.ordinal,
                ordinal_after=new.ordinal,
            )
        )
    return changes


def _rating_row(user_id: int, edition: str, standing: Standing) -> Rating:
    return Rating(
        user_id=user_id,
        edition=edition,
        mu=standing.mu,
        sigma=standing.sigma,
        ordinal=standing.ordinal,
        games=standing.games,
        wins=standing.wins,
        last_game_at=standing.last_game_at,
    )


def _lock(edition: str) -> None:
    """Take the edition's lock for the rest of the transaction."""
    EditionCursor.objects.get_or_create(edition=edition)
    EditionCursor.objects.select_for_update().get(edition=edition)


def counted_games(edition: str) -> Iterator[tuple[Game, list[policy.Placement]]]:
    """The edition's games that count, in finish order, with their places."""
    games = (
        ranked_games()
        .filter(edition=edition, rated=True)
        .order_by("finished_at", "pk")
        .prefetch_related("seats", "stints")
    )
    for game in games.iterator(chunk_size=BATCH):
        placements = game_placements(game)
        if placements is not None:
            yield game, placements


def game_placements(game: Game) -> list[policy.Placement] | None:
    """``policy.placements`` of ``game``, with its stints when seats changed hands. The
    rebuild and the update after each game both read a game here."""
    return policy.placements(game, list(game.seats.all()), stint_facts(game))


def stint_facts(game: Game) -> list[policy.StintFacts]:
    """The stints of ``game``'s seats that changed hands, each with its share of its seat's
    decisions (counted from the events: ``games.stints``); none for most games."""
    rows = list(game.stints.all())
    shares = decision_shares(game, rows) if rows else {}
    return [
        policy.StintFacts(
            user_id=row.user_id, seat=row.seat, handed_over=row.handed_over, share=shares[row.pk]
        )
        for row in rows
    ]


def rebuild(edition: str) -> int:
    """Recompute the edition's ratings from its finished games; how many games counted."""
    with transaction.atomic():
        _lock(edition)
        return _rebuild_locked(edition)


def _ratings_changing(edition: str) -> None:
    """The edition's ratings change in this transaction: its leaderboard's kept counts are
    read no more (``ratings_version``), from now and again once it commits (what a view
    counts meanwhile sees the ratings before the change)."""
    ratings_version.changed(edition)
    transaction.on_commit(lambda: ratings_version.changed(edition))


def _rebuild_locked(edition: str) -> int:
    _ratings_changing(edition)
    RatingChange.objects.filter(edition=edition).delete()
    RatedGame.objects.filter(edition=edition).delete()
    Rating.objects.filter(edition=edition).delete()
    standings: dict[int, Standing] = {}
    marks: list[RatedGame] = []
    changes: list[RatingChange] = []
    counted = 0
    for game, placements in counted_games(edition):
        assert game.finished_at is not None
        changes += _count(standings, game, placements)
        marks.append(RatedGame(game=game, edition=edition, finished_at=game.finished_at))
        counted += 1
        if len(changes) >= BATCH:
            _flush(marks, changes)
    _flush(marks, changes)
    Rating.objects.bulk_create(
        (_rating_row(user_id, edition, s) for user_id, s in standings.items()),
        batch_size=BATCH,
    )
    return counted


def _flush(marks: list[RatedGame], changes: list[RatingChange]) -> None:
    RatedGame.objects.bulk_create(marks, batch_size=BATCH)
    RatingChange.objects.bulk_create(changes, batch_size=BATCH)
    marks.clear()
    changes.clear()


def game_settle(game_id: int) -> Outcome:
    """Bring the ratings up to date with this game (see the module docstring). Idempotent."""
    edition = Game.objects.filter(pk=game_id).values_list("edition", flat=True).first()
    if edition is None:
        return "not_counted"
    with transaction.atomic():
        _lock(edition)
        game = Game.objects.get(pk=game_id)
        placements = game_placements(game)
        mark = RatedGame.objects.filter(game=game).first()
        if mark is None and placements is None:
            return "not_counted"
        if mark is not None and placements is not None and mark.finished_at == game.finished_at:
            return "already_counted"
        if mark is None and placements is not None and _is_newest(game):
            _count_one(game, placements)
            return "counted"
        logger.info("ratings of %s rebuilt for game %s", edition, game.public_id)
        _rebuild_locked(edition)
        return "rebuilt"


def _is_newest(game: Game) -> bool:
    """Whether ``game`` comes after every game counted in its edition."""
    assert game.finished_at is not None
    newest = (
        RatedGame.objects.filter(edition=game.edition)
        .order_by("-finished_at", "-game_id")
        .values_list("finished_at", "game_id")
        .first()
    )
    return newest is None or newest < (game.finished_at, game.pk)


def _count_one(game: Game, placements: list[policy.Placement]) -> None:
    _ratings_changing(game.edition)
    user_ids = [p.user_id for p in placements]
    rows = {
        r.user_id: r
        for r in Rating.objects.select_for_update().filter(
            edition=game.edition, user_id__in=user_ids
        )
    }
    standings = {
        user_id: Standing(r.mu, r.sigma, r.games, r.wins, r.last_game_at)
        for user_id, r in rows.items()
    }
    changes = _count(standings, game, placements)
    assert game.finished_at is not None
    RatedGame.objects.create(game=game, edition=game.edition, finished_at=game.finished_at)
    RatingChange.objects.bulk_create(changes)
    for user_id in user_ids:
        row = _rating_row(user_id, game.edition, standings[user_id])
        if user_id in rows:
            row.pk = rows[user_id].pk
            row.save(force_update=True)
        else:
            row.save(force_insert=True)


def ranked_games() -> QuerySet[Game]:
    """The games that may rank their players (``policy.ranking`` has the last word): the
    finished ones, and those abandoned on a timeout."""
    on_time = Q(status=GameStatus.ABANDONED, result__reason__in=sorted(policy.TIMEOUT_REASONS))
    return Game.objects.filter(Q(status=GameStatus.FINISHED) | on_time)


def editions_with_games() -> Iterable[str]:
    """Every edition a rated game was finished in, or a rating exists for."""
    played = ranked_games().filter(rated=True)
    # Ordered by the edition alone: with the models' own ordering, DISTINCT would be over
    # every row.
    found = set(played.order_by("edition").values_list("edition", flat=True).distinct())
    found |= set(Rating.objects.order_by("edition").values_list("edition", flat=True).distinct())
    return sorted(found)


def unsettled_games(limit: int = 1000) -> list[int]:
    """Rated games over in the last ``SWEEP_DAYS`` that no task has counted yet (a lost
    task; or one that does not rank its players after all, looked at again): for the sweep."""
    counted = RatedGame.objects.values("game_id")
    since = timezone.now() - timedelta(days=SWEEP_DAYS)
    return list(
        ranked_games()
        .filter(rated=True, finished_at__gte=since)
        .exclude(pk__in=counted)
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )

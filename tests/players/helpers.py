"""Finished games made directly as rows: what the ratings read (a game's row and seats),
without playing a whole game. The ratings never replay a game's events."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from games.models import SEAT_COLOURS, Event, EventKind, Game, GameStatus, Seat, SeatStatus, Stint
from players.models import RatedGame, Rating, RatingChange

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
CATEGORIES = ("money", "buildings", "cities", "stations", "cattle", "objectives", "workers")


def scores_of(totals: list[int]) -> list[dict[str, Any]]:
    """Engine-shaped final scores whose categories add up to each total."""
    scores = []
    for total in totals:
        cats = dict.fromkeys(CATEGORIES, 0)
        cats["cities"], cats["cattle"] = total // 2, total - total // 2
        scores.append({"total": total, "categories": cats, "winner": total == max(totals)})
    return scores


def finished_game(
    players: list[Any],
    totals: list[int] | None = None,
    *,
    minutes: int = 0,
    edition: str = "1e",
    rated: bool = True,
    status: str = GameStatus.FINISHED,
    resigned: tuple[int, ...] = (),
    replaced: tuple[int, ...] = (),
    result: dict[str, Any] | None = None,
) -> Game:
    """A game over, seat i played by ``players[i]`` (a user, or a bot kind string)."""
    if result is None and totals is not None:
        best = max(totals)
        result = {
            "reason": "game_over",
            "scores": scores_of(totals),
            "winners": [i for i, t in enumerate(totals) if t == best],
        }
    creator = next(p for p in players if not isinstance(p, str))
    game = Game.objects.create(
        edition=edition,
        players=len(players),
        rated=rated,
        status=status,
        # an abandoned game keeps a result only when given one (a timeout's)
        result=result if status == GameStatus.FINISHED or totals is None else None,
        created_by=creator,
        started_at=T0,
        finished_at=T0 + timedelta(minutes=minutes),
        version=100,
    )
    for index, player in enumerate(players):
        bot = player if isinstance(player, str) else ""
        if index in resigned or index in replaced:
            bot = "heuristic"
        Seat.objects.create(
            game=game,
            index=index,
            colour=SEAT_COLOURS[index],
            user=None if isinstance(player, str) else player,
            bot=bot,
            status=SeatStatus.RESIGNED if index in resigned else SeatStatus.PLAYING,
        )
    return game


def changed_hands(
    game: Game,
    seat: int,
    leaver: Any,
    substitute: Any | None,
    *,
    leaver_moves: int,
    bot_moves: int,
    substitute_moves: int = 0,
) -> Game:
    """Make ``game``'s ``seat`` one that ``leaver`` handed over after ``leaver_moves`` of its
    decisions, a bot played ``bot_moves``, and ``substitute`` (None: nobody) took over and
    played ``substitute_moves``: the events (the decisions' actors are what counts) and the
    stints, as ``games.services.substitutes`` writes them."""
    Seat.objects.filter(game=game, index=seat).update(
        user=substitute, bot="" if substitute else "heuristic", seeking_substitute=not substitute
    )
    seq = Event.objects.filter(game=game).count()
    if seq == 0:
        Event.objects.create(game=game, seq=1, kind=EventKind.SETUP, payload={})
        seq = 1

    def add(kind: str, actor: Any) -> int:
        nonlocal seq
        seq += 1
        Event.objects.create(game=game, seq=seq, kind=kind, seat=seat, actor=actor, payload={})
        return seq

    for _ in range(leaver_moves):
        add(EventKind.MOVE, leaver)
    Stint.objects.create(
        game=game, seat=seat, user=leaver, started_seq=1, ended_seq=add(EventKind.HAND_OVER, leaver)
    )
    for _ in range(bot_moves):
        add(EventKind.MOVE, None)
    if substitute is not None:
        Stint.objects.create(
            game=game, seat=seat, user=substitute, started_seq=add(EventKind.TAKE_OVER, substitute)
        )
        for _ in range(substitute_moves):
            add(EventKind.MOVE, substitute)
    Game.objects.filter(pk=game.pk).update(version=seq)
    game.refresh_from_db()
    return game


def ratings_snapshot() -> dict[str, list[tuple[Any, ...]]]:
    """Everything the ratings hold, comparable exactly (floats included)."""
    return {
        "ratings": list(
            Rating.objects.order_by("edition", "user_id").values_list(
                "edition", "user_id", "mu", "sigma", "ordinal", "games", "wins", "last_game_at"
            )
        ),
        "changes": list(
            RatingChange.objects.order_by("game_id", "user_id").values_list(
                "game_id",
                "user_id",
                "edition",
                "place",
                "mu_before",
                "sigma_before",
                "mu_after",
                "sigma_after",
                "ordinal_before",
                "ordinal_after",
            )
        ),
        "games": list(
            RatedGame.objects.order_by("game_id").values_list("game_id", "edition", "finished_at")
        ),
    }

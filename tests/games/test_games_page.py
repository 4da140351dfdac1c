"""A page of a player's games read in prepared statements (``games.games_page``) is what the
ORM read before: the same games in the list's order, every field and annotation, the
creators, the seats and their users; and the list's count from the player's seats is the
list's own count."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db.models import Prefetch
from django.utils import timezone

from games import progress, selectors
from games.models import Game, GameStatus, Seat, SeatStatus
from games.services import notes
from tests.games.helpers import play_one, started_game

pytestmark = pytest.mark.django_db


def _fields(instance: Any) -> dict[str, Any]:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def _as_the_orm_read_it(user: Any, ids: list[int], **filters: Any) -> list[Game]:
    """The page as ``selectors.games_of_page`` read it through the ORM before."""
    games = selectors.game_list_for_user(user=user, **filters)
    seats = Prefetch("seats", queryset=Seat.objects.order_by("game_id", "index"))
    page = games.filter(pk__in=ids).select_related("created_by").prefetch_related(seats)
    return list(page.prefetch_related("seats__user"))


def _described(game: Game) -> dict[str, Any]:
    return {
        **_fields(game),
        "annotations": {name: getattr(game, name) for name in ("your_turn", "over", "has_note")},
        "created_by": _fields(game.created_by),
        "seats": [
            {**_fields(seat), "user": _fields(seat.user) if seat.user else None, "game": seat.game}
            for seat in game.seats.all()
        ],
    }


@pytest.fixture
def lists(alice, bob, carol, make_user):
    """alice's games of every kind: her turn and not, with a bot, resigned, finished (one
    dismissed, one with a note), abandoned, open, and one whose creator left the seat."""
    dave = make_user("dave")
    played = started_game(alice, [bob])
    for _ in range(3):
        play_one(played)
    with_bot = started_game(alice, bots=[1])
    three = started_game(bob, [alice, carol])
    Seat.objects.filter(game=three, user=carol).update(status=SeatStatus.RESIGNED)
    ended = [started_game(alice, [bob]) for _ in range(3)]
    now = timezone.now()
    for n, game in enumerate(ended):
        Game.objects.filter(pk=game.pk).update(
            status=GameStatus.FINISHED if n else GameStatus.ABANDONED,
            finished_at=now - timedelta(hours=n),
            current_seat=None,
            result={"scores": [{"total": 40 + n}, {"total": 50}], "winners": [1]},
        )
    notes.note_save(game=ended[1], user=alice, text="a fine game")
    notes.note_save(game=played, user=alice, text="my plan")
    notes.game_dismiss(game=Game.objects.get(pk=ended[2].pk), user=alice)
    from games import services

    waiting = services.game_create(creator=alice, players=3)
    handed = started_game(bob, [alice])
    Seat.objects.filter(game=handed, user=bob).update(user=dave)
    return [played, with_bot, three, *ended, waiting, handed]


@pytest.mark.parametrize(
    "filters", [{}, {"dismissed": True}, {"status": GameStatus.ACTIVE}], ids=str
)
def test_a_page_of_games_is_what_the_orm_read(alice, bob, lists, filters):
    for user in (alice, bob):
        ids = list(selectors.game_list_for_user(user=user, **filters).values_list("pk", flat=True))
        assert ids

        page = selectors.games_of_page(user=user, ids=ids)
        before = _as_the_orm_read_it(user, ids, **filters)

        assert [game.pk for game in page] == [game.pk for game in before] == ids
        assert [_described(game) for game in page] == [_described(game) for game in before]
        assert all(game.seats.all()._prefetch_done for game in page)  # type: ignore[attr-defined]


def test_a_page_cut_anywhere_keeps_the_lists_order(alice, lists):
    ids = list(selectors.game_list_for_user(user=alice).values_list("pk", flat=True))

    for start in range(len(ids)):
        cut = ids[start : start + 3]
        assert [game.pk for game in selectors.games_of_page(user=alice, ids=cut)] == cut
    assert selectors.games_of_page(user=alice, ids=[]) == []


def test_the_lists_count_from_the_seats_is_its_own_count(alice, bob, carol, lists):
    for user in (alice, bob, carol):
        for dismissed in (False, True):
            listed = selectors.game_list_for_user(user=user, dismissed=dismissed).count()
            assert selectors.game_count_for_user(user=user, dismissed=dismissed) == listed


def test_a_game_in_play_comes_with_its_standing_read_in_sql_and_no_game_with_its_progress(
    alice, lists, django_assert_num_queries
):
    """The list shows the round and the scores of a game in play: the page's statement reads
    them (the number of turns and the scores) and no game's progress (every turn it had) is
    decoded; the standing is the one the progress gives. The API's list, which does not show
    them, reads no standing either."""
    ids = list(selectors.game_list_for_user(user=alice).values_list("pk", flat=True))
    page = selectors.games_of_page(user=alice, ids=ids)
    in_play = [g for g in page if g.status in (GameStatus.ACTIVE, GameStatus.PAUSED)]
    assert in_play
    assert any(g.is_over for g in page)
    assert all("progress" in g.get_deferred_fields() for g in page)

    with django_assert_num_queries(0):
        shown = {g.pk: progress.standing(g) for g in in_play}
    kept = {g.pk: progress.standing_of(g.progress) for g in Game.objects.filter(pk__in=shown)}
    assert shown == kept
    assert any(standing.turns for standing in shown.values())
    assert all(standing.scores for standing in shown.values())
    assert all(progress.STANDING not in vars(g) for g in page if g.is_over)

    without = selectors.games_of_page(user=alice, ids=ids, with_standing=False)
    assert [g.pk for g in without] == [g.pk for g in page]
    assert all("progress" in g.get_deferred_fields() for g in without)
    assert all(progress.STANDING not in vars(g) for g in without)


def test_a_game_with_no_turns_kept_shows_no_round_and_its_scores(alice, lists):
    """A game started before the summary kept turns (games.progress): the list's statement
    reads its scores and no round, as the progress itself gives."""
    played = lists[0]
    Game.objects.filter(pk=played.pk).update(progress={"scores": [7, 9]})

    (game,) = selectors.games_of_page(user=alice, ids=[played.pk])

    assert progress.standing(game) == progress.Standing(turns=None, scores=[7, 9])
    assert progress.standing(game).round(2) is None

"""The ratings policy (docs/ratings.md) and rebuild == the updates after each game."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Game, GameStatus, Stint
from players import ratings
from players.models import RatedGame, Rating, RatingChange
from tests.players.helpers import changed_hands, finished_game, ratings_snapshot

pytestmark = pytest.mark.django_db


def places(game: Game) -> dict[str, int]:
    return {
        c.user.username: c.place
        for c in RatingChange.objects.filter(game=game).select_related("user")
    }


def rating(user, edition: str = "1e") -> Rating:
    return Rating.objects.get(user=user, edition=edition)


def test_a_game_counts_once_and_the_winner_gains(alice, bob, carol):
    game = finished_game([alice, bob, carol], [80, 60, 70])
    assert ratings.game_settle(game.pk) == "counted"
    assert places(game) == {"alice": 1, "carol": 2, "bob": 3}
    assert rating(alice).ordinal > rating(carol).ordinal > rating(bob).ordinal
    assert (rating(alice).games, rating(alice).wins, rating(bob).wins) == (1, 1, 0)
    before = ratings_snapshot()
    assert ratings.game_settle(game.pk) == "already_counted"  # the task delivered again
    assert ratings_snapshot() == before


def test_ties_share_a_place_and_move_alike(alice, bob, carol):
    game = finished_game([alice, bob, carol], [70, 70, 50])
    ratings.game_settle(game.pk)
    assert places(game) == {"alice": 1, "bob": 1, "carol": 3}
    assert rating(alice).mu == rating(bob).mu
    assert rating(alice).sigma == rating(bob).sigma
    assert rating(alice).wins == rating(bob).wins == 1


def test_a_resignation_is_last_place_whatever_the_bot_then_scored(alice, bob, carol):
    # carol resigned; the bot that played her seat on scored the most
    game = finished_game([alice, bob, carol], [50, 60, 90], resigned=(2,))
    ratings.game_settle(game.pk)
    assert places(game) == {"bob": 1, "alice": 2, "carol": 3}


def test_a_two_player_resignation_without_scores(alice, bob):
    result = {"reason": "resignation", "resigned": 0, "winners": [1]}
    game = finished_game([alice, bob], result=result, resigned=(0,))
    ratings.game_settle(game.pk)
    assert places(game) == {"bob": 1, "alice": 2}


def test_a_timeout_that_gave_the_seat_to_a_bot_is_last_place(alice, bob, carol):
    game = finished_game([alice, bob, carol], [90, 60, 70], replaced=(0,))
    ratings.game_settle(game.pk)
    assert places(game) == {"carol": 1, "bob": 2, "alice": 3}


def test_two_leavers_share_the_last_place(make_user, alice, bob, carol):
    dave = make_user("dave")
    game = finished_game([alice, bob, carol, dave], [40, 60, 70, 80], resigned=(2,), replaced=(3,))
    ratings.game_settle(game.pk)
    assert places(game) == {"bob": 1, "alice": 2, "carol": 3, "dave": 3}


def test_a_leaver_is_last_and_a_substitute_who_played_enough_gets_the_seats_place(
    make_user, alice, bob, carol
):
    dave = make_user("dave")
    # carol left seat 2 after 10 decisions; a bot played 5; dave took over and played 15
    # (half of them: more than the third it takes); the seat finished first
    game = finished_game([alice, bob, carol], [50, 60, 90])
    changed_hands(game, 2, carol, dave, leaver_moves=10, bot_moves=5, substitute_moves=15)
    assert ratings.game_settle(game.pk) == "counted"
    assert places(game) == {"dave": 1, "bob": 2, "alice": 3, "carol": 4}


def test_a_substitute_with_too_small_a_share_is_not_rated(make_user, alice, bob, carol):
    dave = make_user("dave")
    game = finished_game([alice, bob, carol], [50, 60, 90])
    changed_hands(game, 2, carol, dave, leaver_moves=20, bot_moves=1, substitute_moves=10)
    ratings.game_settle(game.pk)
    assert places(game) == {"bob": 1, "alice": 2, "carol": 3}
    assert not Rating.objects.filter(user=dave).exists()


def test_a_seat_still_seeking_at_the_end_leaves_only_its_leaver_ranked(alice, bob, carol):
    game = finished_game([alice, bob, carol], [50, 60, 90])
    changed_hands(game, 2, carol, None, leaver_moves=3, bot_moves=30)
    ratings.game_settle(game.pk)
    assert places(game) == {"bob": 1, "alice": 2, "carol": 3}


def test_bots_are_left_out_and_the_people_keep_their_order(alice, bob):
    game = finished_game([alice, "heuristic", bob], [60, 99, 70])
    ratings.game_settle(game.pk)
    assert places(game) == {"bob": 1, "alice": 2}
    assert Rating.objects.count() == 2


def test_a_game_of_one_person_and_bots_does_not_count(alice):
    game = finished_game([alice, "heuristic"], [60, 70])
    assert ratings.game_settle(game.pk) == "not_counted"
    assert not Rating.objects.exists()


def test_a_game_abandoned_on_a_timeout_is_the_late_players_loss(alice, bob, carol):
    timeout = {"reason": "timeout", "seat": 1, "winners": []}
    game = finished_game([alice, bob, carol], status=GameStatus.ABANDONED, result=timeout)
    assert ratings.game_settle(game.pk) == "counted"
    assert places(game) == {"alice": 1, "carol": 1, "bob": 3}
    # with a player who resigned before: both who left share the last place
    suspended = {"reason": "suspended", "seat": 2, "winners": []}
    game = finished_game(
        [alice, bob, carol],
        minutes=1,
        status=GameStatus.ABANDONED,
        result=suspended,
        resigned=(0,),
    )
    ratings.game_settle(game.pk)
    assert places(game) == {"bob": 1, "alice": 2, "carol": 2}


def test_other_abandoned_games_do_not_count(alice, bob):
    for minute, reason in enumerate(["moderator", "abandoned"]):
        result = {"reason": reason, "winners": []}
        game = finished_game(
            [alice, bob], minutes=minute, status=GameStatus.ABANDONED, result=result
        )
        assert ratings.game_settle(game.pk) == "not_counted"
    assert not Rating.objects.exists()


def test_abandoned_and_unrated_games_do_not_count(alice, bob):
    abandoned = finished_game([alice, bob], [60, 70], status=GameStatus.ABANDONED)
    unrated = finished_game([alice, bob], [60, 70], rated=False)
    assert ratings.game_settle(abandoned.pk) == "not_counted"
    assert ratings.game_settle(unrated.pk) == "not_counted"
    assert not Rating.objects.exists()
    assert not RatedGame.objects.exists()


def test_a_rolled_back_game_stops_counting_until_it_finishes_again(alice, bob, carol):
    first = finished_game([alice, bob], [80, 60], minutes=1)
    game = finished_game([alice, carol], [80, 60], minutes=2)
    ratings.game_settle(first.pk)
    ratings.game_settle(game.pk)
    assert rating(alice).games == 2
    # a moderator rolls the second game back: it is active again
    Game.objects.filter(pk=game.pk).update(status=GameStatus.ACTIVE, result=None, finished_at=None)
    assert ratings.game_settle(game.pk) == "rebuilt"
    assert rating(alice).games == 1
    assert not Rating.objects.filter(user=carol).exists()
    # it finishes again, later and the other way round
    finished = finished_game([alice, carol], [60, 80], minutes=9)
    Game.objects.filter(pk=game.pk).update(
        status=GameStatus.FINISHED, result=finished.result, finished_at=finished.finished_at
    )
    finished.seats.all().delete()
    Game.objects.filter(pk=finished.pk).delete()
    assert ratings.game_settle(game.pk) == "counted"
    assert places(game) == {"carol": 1, "alice": 2}
    settled = ratings_snapshot()
    ratings.rebuild("1e")
    assert ratings_snapshot() == settled


def test_rebuild_gives_the_numbers_of_the_updates_after_each_game(make_user):
    """Games of 2 to 4 people finish one after another; each one's task runs, some twice and
    some late (after a newer game's): the result is the rebuild's, float for float."""
    rng = random.Random(19)
    people = [make_user(f"p{i}") for i in range(6)]
    games = []
    for minute in range(14):
        seated = rng.sample(people, rng.randint(2, 4))
        totals = [rng.choice([40, 50, 60, 60, 70]) for _ in seated]
        resigned = (0,) if minute % 5 == 4 else ()
        edition = "2e" if minute % 4 == 3 else "1e"
        games.append(
            finished_game(seated, totals, minutes=minute, edition=edition, resigned=resigned)
        )
        if minute % 3 == 1 and len(seated) >= 3:  # a seat changed hands
            outside = [p for p in people if p not in seated]
            share = rng.choice([2, 10, 20])
            changed_hands(
                games[-1],
                1,
                seated[1],
                outside[0],
                leaver_moves=10,
                bot_moves=2,
                substitute_moves=share,
            )
    assert Stint.objects.filter(ended_seq__isnull=True).count() >= 2  # substitutes among them
    late = {games[3].pk, games[8].pk}
    for game in games:
        if game.pk in late:
            continue
        assert ratings.game_settle(game.pk) == "counted"
        if game.pk % 3 == 0:
            assert ratings.game_settle(game.pk) == "already_counted"  # delivered twice
    for game_id in late:
        assert ratings.game_settle(game_id) == "rebuilt"
    incremental = ratings_snapshot()
    assert len(incremental["games"]) == 14
    assert {edition for edition, *_ in incremental["ratings"]} == {"1e", "2e"}

    call_command("rebuild_ratings", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert ratings_snapshot() == incremental

    # and in order with no late task, the updates alone give the same
    RatingChange.objects.all().delete()
    RatedGame.objects.all().delete()
    Rating.objects.all().delete()
    for game in sorted(games, key=lambda g: (g.finished_at, g.pk)):
        assert ratings.game_settle(game.pk) == "counted"
    assert ratings_snapshot() == incremental


def test_games_finished_in_the_same_instant_count_in_id_order(alice, bob):
    a = finished_game([alice, bob], [80, 60])
    b = finished_game([alice, bob], [60, 80])
    assert a.finished_at == b.finished_at
    ratings.game_settle(b.pk)
    assert ratings.game_settle(a.pk) == "rebuilt"
    assert list(RatedGame.objects.values_list("game_id", flat=True)) == [a.pk, b.pk]


def test_the_sweep_counts_games_whose_task_was_lost(alice, bob):
    from players.tasks import sweep_ratings

    old = finished_game([alice, bob], [80, 60])  # months ago: rebuild_ratings counts it
    game = finished_game([alice, bob], [80, 60])
    Game.objects.filter(pk=game.pk).update(finished_at=timezone.now() - timedelta(hours=1))
    assert ratings.unsettled_games() == [game.pk]
    assert sweep_ratings() == 1
    assert ratings.unsettled_games() == []
    assert rating(alice).games == 1
    assert not RatedGame.objects.filter(game=old).exists()

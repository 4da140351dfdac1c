"""The outbox: which notifications a game event writes, in the event's own transaction."""

from __future__ import annotations

import pytest
from django.db import transaction

from games import journal_store, services
from games.models import Event, GameStatus
from notifications import context
from notifications.delivery import notification_send
from notifications.models import Kind, Notification, Status
from notifications.outbox import notifications_for_event
from tests.games.helpers import started_game
from tests.notifications.helpers import decide, pass_turn


def rows(**filters):
    return list(
        Notification.objects.filter(**filters)
        .order_by("id")
        .values_list("recipient__username", "kind", "event_seq")
    )


def sent_context(notification: Notification) -> dict:
    """The context of ``notification`` once delivered: a "your turn" row is completed then."""
    assert notification_send(notification_id=notification.pk).outcome == "sent"
    notification.refresh_from_db()
    return notification.context


@pytest.mark.django_db
def test_starting_a_game_tells_the_first_player_it_is_their_turn_and_the_others_it_started(
    alice, bob, carol
):
    game = started_game(alice, [bob, carol])

    assert game.current_seat == 0
    assert rows() == [
        ("alice", Kind.YOUR_TURN, 1),
        ("bob", Kind.GAME_STARTED, 1),
        ("carol", Kind.GAME_STARTED, 1),
    ]
    assert all(n.status == Status.PENDING and n.attempts == 0 for n in Notification.objects.all())


@pytest.mark.django_db
def test_a_decision_that_keeps_the_turn_writes_no_notification(two_player_game):
    Notification.objects.all().delete()

    result = decide(two_player_game, keep_turn=True)

    two_player_game.refresh_from_db()
    assert two_player_game.current_seat == result.seat == 0
    assert rows() == []


@pytest.mark.django_db
def test_the_decision_that_passes_the_turn_writes_one_your_turn_for_the_next_player(
    two_player_game,
):
    Notification.objects.all().delete()

    results = pass_turn(two_player_game)

    assert len(results) > 1  # several decisions, one notification
    assert rows() == [("bob", Kind.YOUR_TURN, results[-1].version)]
    row = Notification.objects.get()
    name = f"game {two_player_game.public_id} (alice, bob)"
    assert row.context == {"game_name": name, "seat": 1}, "built when sent, not by the move"
    context = sent_context(row)
    assert context["colour"] == "red"
    assert context["reply_version"] == results[-1].version
    texts = [  # the game log's words for each move (its journal line)
        f"alice (blue): {journal_store.event_line(e, 'en')}"
        for e in Event.objects.filter(game=two_player_game, kind="move").order_by("seq")
    ]
    assert context["summary"] == texts
    assert context["options"], "the recipient's options are listed"
    assert "alice, bob" in context["game_name"]


@pytest.mark.django_db
def test_the_summary_starts_after_the_recipients_own_last_decision(two_player_game):
    pass_turn(two_player_game)  # alice
    bob_moves = pass_turn(two_player_game)  # bob
    alice_moves = pass_turn(two_player_game)  # alice again: bob is told

    latest = Notification.objects.filter(recipient__username="bob").latest("event_seq")
    assert latest.event_seq == alice_moves[-1].version
    summary = sent_context(latest)["summary"]
    assert len(summary) == len(alice_moves)
    assert all(line.startswith("alice (blue): ") for line in summary)
    assert bob_moves[-1].version < alice_moves[0].version


@pytest.mark.django_db
def test_the_move_that_passes_the_turn_neither_summarises_nor_prices_the_options(
    two_player_game, turn_context_calls, monkeypatch
):
    priced: list[int] = []
    monkeypatch.setattr(context, "turn_facts", lambda state, seat: priced.append(seat))
    Notification.objects.all().delete()

    pass_turn(two_player_game)

    assert rows() == [("bob", Kind.YOUR_TURN, two_player_game.version)]
    assert (turn_context_calls, priced) == ([], [])


@pytest.mark.django_db
def test_a_rolled_back_move_leaves_no_notification(two_player_game):
    Notification.objects.all().delete()

    written = []

    def fail_after_the_move() -> None:
        with transaction.atomic():
            pass_turn(two_player_game)
            written.extend(rows())
            raise RuntimeError("the transaction fails after the move")

    with pytest.raises(RuntimeError):
        fail_after_the_move()

    assert written == [("bob", Kind.YOUR_TURN, written[0][2])]
    assert rows() == []


@pytest.mark.django_db
def test_the_same_notification_cannot_be_written_twice(two_player_game):
    pass_turn(two_player_game)
    two_player_game.refresh_from_db()
    before = Notification.objects.count()

    again = notifications_for_event(
        game=two_player_game, seq=two_player_game.version, before_seat=0
    )

    assert again == []
    assert Notification.objects.count() == before


@pytest.mark.django_db
def test_bots_are_never_notified_and_the_human_is_told_after_the_bots_played(
    alice, turn_context_calls
):
    game = started_game(alice, bots=[1], players=2)
    Notification.objects.all().delete()

    pass_turn(game)  # alice; the bot is to move
    assert rows() == []
    game.refresh_from_db()
    services.bot_turns_play(game_id=game.pk, version=game.version)

    game.refresh_from_db()
    assert game.current_seat == 0
    assert rows() == [("alice", Kind.YOUR_TURN, game.version)]
    assert turn_context_calls == [], "the bot task leaves the summary and options to delivery"
    summary = sent_context(Notification.objects.get())["summary"]
    assert turn_context_calls == [game.version]
    assert summary
    assert all(line.startswith("normal bot (red): ") for line in summary)


@pytest.mark.django_db
def test_a_turn_that_passes_to_a_bot_reads_nothing_when_the_seats_are_given(
    alice, django_assert_num_queries
):
    game = started_game(alice, bots=[1], players=2)
    pass_turn(game)  # alice; the bot is to move
    game.refresh_from_db()
    seats = list(game.seats.order_by("index"))
    Notification.objects.all().delete()

    with django_assert_num_queries(0):
        written = notifications_for_event(game=game, seq=game.version, before_seat=0, seats=seats)

    assert written == []
    assert rows() == []


@pytest.mark.django_db
def test_a_turn_that_passes_to_a_human_is_told_when_the_seats_are_given(two_player_game):
    pass_turn(two_player_game)  # alice; bob is to move
    game = two_player_game
    game.refresh_from_db()
    seats = list(game.seats.order_by("index"))
    Notification.objects.all().delete()

    notifications_for_event(game=game, seq=game.version, before_seat=0, seats=seats)

    assert rows() == [("bob", Kind.YOUR_TURN, game.version)]


@pytest.mark.django_db
def test_a_resignation_that_ends_the_game_tells_both_players(two_player_game, bob):
    Notification.objects.all().delete()

    services.game_resign(game=two_player_game, user=bob)

    two_player_game.refresh_from_db()
    assert two_player_game.status == GameStatus.FINISHED
    assert sorted(rows()) == [
        ("alice", Kind.GAME_OVER, two_player_game.version),
        ("bob", Kind.GAME_OVER, two_player_game.version),
    ]
    result = Notification.objects.filter(recipient__username="alice").get().context["result"]
    assert result["reason"] == "resignation"
    assert [row["winner"] for row in result["rows"] if row["player"].startswith("alice")] == [True]


@pytest.mark.django_db
def test_the_end_of_a_game_tells_every_player_the_final_scores(two_player_game):
    game = two_player_game
    Notification.objects.all().delete()
    game.status = GameStatus.FINISHED
    game.current_seat = None
    game.result = {
        "reason": "game_over",
        "scores": [{"total": 71, "categories": {}}, {"total": 84, "categories": {}}],
        "winners": [1],
    }
    game.save()

    notifications_for_event(game=game, seq=game.version, before_seat=0)

    assert sorted(rows()) == [
        ("alice", Kind.GAME_OVER, game.version),
        ("bob", Kind.GAME_OVER, game.version),
    ]
    result = Notification.objects.first().context["result"]
    assert result["rows"] == [
        {"player": "bob (red)", "total": 84, "winner": True},
        {"player": "alice (blue)", "total": 71, "winner": False},
    ]

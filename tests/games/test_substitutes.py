"""Seats that survive a leaver: handing a seat over, the bot meanwhile, taking it over (by
anyone with the link, or a moderator's choice); the events, the stints, the log, the emails,
the privacy of the seat's hand, and the reliability signal."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import timezone

import engine
from common.errors import ConflictError, NotAllowedError
from games import moderation, replay, selectors, services
from games.models import (
    Event,
    EventKind,
    Game,
    GameStatus,
    ModerationAction,
    Seat,
    Stint,
)
from games.reliability import reliability_of
from notifications.models import Kind, Notification
from tests.games.helpers import client_for, play_one, started_game
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def dave(make_user):
    return make_user("dave")


@pytest.fixture
def game(alice, bob, carol):
    return started_game(alice, [bob, carol])


def seat(game: Game, index: int) -> Seat:
    return Seat.objects.select_related("user").get(game=game, index=index)


def seat_changes(game: Game) -> dict[str, set[str]]:
    """Per seat-change email's event kind: who was told."""
    told: dict[str, set[str]] = {}
    for row in Notification.objects.filter(game=game, kind=Kind.SEAT_CHANGE).select_related(
        "recipient"
    ):
        told.setdefault(row.context["action"], set()).add(row.recipient.username)
    return told


def test_handing_over_leaves_the_seat_to_a_bot_and_changes_no_position(game, carol):
    before = engine.to_json(replay.state_at(game))

    services.seat_hand_over(game=game, user=carol)

    held = seat(game, 2)
    assert (held.user, held.bot, held.seeking_substitute) == (None, "heuristic", True)
    event = Event.objects.get(game=game, kind=EventKind.HAND_OVER)
    assert (event.seat, event.actor, event.payload["user"]) == (2, carol, "carol")
    assert engine.to_json(replay.state_at(game, use_cache=False)) == before
    stint = Stint.objects.get(game=game)
    assert (stint.user, stint.seat, stint.started_seq, stint.ended_seq) == (
        carol,
        2,
        1,
        event.seq,
    )
    assert "carol left seat 3 (" in selectors.event_text(event)


def test_the_leaver_no_longer_sees_the_hand_nor_plays(game, carol, bob):
    services.seat_hand_over(game=game, user=carol)
    game.refresh_from_db()

    assert selectors.viewing_seat(game=game, user=carol) is None
    _, view = selectors.game_view_for_user(game=game, user=carol)
    assert all(isinstance(p["hand"], dict) for p in view["players"])
    with pytest.raises(NotAllowedError):
        selectors.legal_moves_for_user(game=game, user=carol)
    with pytest.raises(NotAllowedError):
        services.seat_hand_over(game=game, user=carol)
    # the API answers the same: no hand of the seat for its former player
    answer = client_for(carol).get(f"/api/games/{game.public_id}/state/")
    if answer.status_code == 200:
        assert all(isinstance(p["hand"], dict) for p in answer.json()["view"]["players"])


def test_the_others_are_told_and_the_leaver_gets_no_more_emails(game, alice, bob, carol, dave):
    services.seat_hand_over(game=game, user=carol)
    assert seat_changes(game) == {"hand_over": {"alice", "bob"}}

    services.seat_take_over(game=game, user=dave)
    assert seat_changes(game) == {"hand_over": {"alice", "bob"}, "take_over": {"alice", "bob"}}
    later = Notification.objects.filter(game=game, recipient=carol, kind=Kind.SEAT_CHANGE)
    assert not later.exists()
    row = Notification.objects.get(game=game, kind=Kind.SEAT_CHANGE, recipient=alice, event_seq=3)
    assert (row.context["leaver"], row.context["substitute"]) == ("carol", "dave")


def test_the_bot_plays_the_seat_meanwhile_and_the_log_says_so(game, carol, eager_celery):
    services.seat_hand_over(game=game, user=carol)
    for _ in range(400):
        game.refresh_from_db()
        if Event.objects.filter(game=game, kind=EventKind.MOVE, seat=2).exists():
            break
        play_one(game)
    bot_move = Event.objects.filter(game=game, kind=EventKind.MOVE, seat=2).first()
    assert bot_move is not None
    assert bot_move.actor is None
    seats = list(game.seats.all())
    names = {s.index: s.player_name for s in seats}
    assert selectors.event_player(bot_move, names, selectors.bot_seats(seats)) == "bot for yellow"
    human = Event.objects.filter(game=game, kind=EventKind.MOVE, seat=0).first()
    assert selectors.event_player(human, names, selectors.bot_seats(seats)) == "alice"


def test_a_substitute_takes_over_and_plays_the_seat(alice, bob, carol, dave):
    game = started_game(alice, [bob, carol])
    game.refresh_from_db()
    first = game.current_seat
    leaver = seat(game, first).user
    services.seat_hand_over(game=game, user=leaver)
    game.refresh_from_db()
    assert game.current_seat == first  # no bot task ran (not eager): the turn still waits

    services.seat_take_over(game=game, user=dave, seat=first)

    game.refresh_from_db()
    taken = seat(game, first)
    assert (taken.user, taken.bot, taken.seeking_substitute) == (dave, "", False)
    assert selectors.viewing_seat(game=game, user=dave) == first
    _, view = selectors.game_view_for_user(game=game, user=dave)
    assert isinstance(view["players"][first]["hand"], list)
    _, moves = selectors.legal_moves_for_user(game=game, user=dave)
    assert moves
    # the turn is theirs: their "your turn" email
    assert Notification.objects.filter(game=game, recipient=dave, kind=Kind.YOUR_TURN).exists()
    take = Event.objects.get(game=game, kind=EventKind.TAKE_OVER)
    assert (take.actor, take.payload["user"], take.payload["left_by"]) == (
        dave,
        "dave",
        leaver.username,
    )
    assert selectors.event_text(take).startswith("dave took over seat")
    result = play_one(game)
    assert Event.objects.get(game=game, seq=result.version).actor == dave
    stints = list(Stint.objects.filter(game=game).order_by("started_seq"))
    assert [(s.user, s.ended_seq) for s in stints] == [(leaver, 2), (dave, None)]


def test_the_game_pages_log_names_who_made_each_move_after_the_seat_changed_hands(
    alice, bob, carol, dave
):
    game = started_game(alice, [bob, carol])
    game.refresh_from_db()
    first = game.current_seat
    leaver = seat(game, first).user
    play_one(game)  # the leaver's move: they are no longer at the table afterwards
    game.refresh_from_db()
    while game.current_seat != first:
        play_one(game)
        game.refresh_from_db()
    services.seat_hand_over(game=game, user=leaver)
    services.seat_take_over(game=game, user=dave, seat=first)
    play_one(game)

    page = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    whos = re.findall(r'<span class="log-who">([^<]*)</span>', page)

    assert leaver.username in whos
    assert "dave" in whos


def test_who_may_take_over(game, alice, carol, dave, make_user):
    with pytest.raises(ConflictError) as nothing:
        services.seat_take_over(game=game, user=dave)
    assert nothing.value.code == "no_seat_seeking"
    services.seat_hand_over(game=game, user=carol)
    for refused, code in ((alice, "already_seated"), (carol, "left_this_game")):
        with pytest.raises(ConflictError) as refusal:
            services.seat_take_over(game=game, user=refused)
        assert refusal.value.code == code
    with pytest.raises(ConflictError) as wrong:
        services.seat_take_over(game=game, user=dave, seat=0)
    assert wrong.value.code == "seat_not_seeking"
    assert Event.objects.filter(game=game, kind=EventKind.TAKE_OVER).count() == 0
    assert selectors.may_take_over(game=game, user=dave)
    assert not selectors.may_take_over(game=game, user=carol)


def test_the_join_condition_applies_to_a_substitute(alice, bob, carol, dave):
    game = started_game(alice, [bob, carol], min_finished_percent=90)
    services.seat_hand_over(game=game, user=carol)
    left = started_game(dave, [alice])  # dave left one game of one: 0 %
    services.game_resign(game=left, user=dave)
    with pytest.raises(ConflictError) as refusal:
        services.seat_take_over(game=game, user=dave)
    assert refusal.value.code == "below_join_condition"
    assert seat(game, 2).seeking_substitute


def test_the_last_person_at_the_table_cannot_hand_over(alice):
    game = started_game(alice, bots=[1, 2])
    with pytest.raises(ConflictError) as refusal:
        services.seat_hand_over(game=game, user=alice)
    assert refusal.value.code == "last_player"
    assert not Event.objects.filter(game=game, kind=EventKind.HAND_OVER).exists()


def test_a_moderator_gives_the_seat_to_someone(game, carol, dave, moderator):
    services.seat_hand_over(game=game, user=carol)
    moderation.seat_assign_substitute(
        game=game, seat=2, username="dave", moderator=moderator, reason="asked on the forum"
    )
    assert seat(game, 2).user == dave
    take = Event.objects.get(game=game, kind=EventKind.TAKE_OVER)
    assert take.actor == moderator
    assert take.payload["assigned"] is True
    assert "a moderator gave seat 3" in selectors.event_text(take)
    assert ModerationAction.objects.get(action="take_over").target_user == dave
    assert "dave" in seat_changes(game)["take_over"]


def test_the_admin_action_page_assigns_a_substitute(game, carol, dave, moderator, client):
    services.seat_hand_over(game=game, user=carol)
    client.force_login(moderator)
    url = reverse("admin:games_game_moderate", args=[game.pk, "assign_substitute"])
    assert client.get(url).status_code == 200
    unknown = client.post(url, {"seat": 2, "username": "nobody", "reason": "r"})
    assert unknown.status_code == 200
    assert "No player is called" in unknown.content.decode()
    assert seat(game, 2).seeking_substitute
    done = client.post(url, {"seat": 2, "username": "dave", "reason": "r"})
    assert done.status_code == 302
    assert seat(game, 2).user == dave


def test_the_api_hands_over_and_takes_over(game, alice, carol, dave):
    answer = client_for(carol).post(f"/api/games/{game.public_id}/hand-over/")
    assert answer.status_code == 200, answer.content
    assert answer.json()["seats"][2]["seeking_substitute"] is True
    assert answer.json()["your_seat"] is None
    again = client_for(carol).post(f"/api/games/{game.public_id}/hand-over/")
    assert again.status_code == 403
    bad = client_for(dave).post(
        f"/api/games/{game.public_id}/take-over/", {"seat": 0}, format="json"
    )
    assert bad.status_code == 409
    assert bad.json()["code"] == "seat_not_seeking"
    taken = client_for(dave).post(
        f"/api/games/{game.public_id}/take-over/", {"seat": 2}, format="json"
    )
    assert taken.status_code == 200, taken.content
    assert taken.json()["your_seat"] == 2
    events = client_for(dave).get(f"/api/games/{game.public_id}/events/").json()["results"]
    kinds = {e["kind"]: e for e in events}
    assert kinds["hand_over"]["actor"] == "carol"
    assert kinds["take_over"]["actor"] == "dave"
    record = client_for(dave).get(f"/api/games/{game.public_id}/record/").json()
    assert [(c["kind"], c["seat"], c["user"]) for c in record["seat_changes"]] == [
        ("hand_over", 2, "carol"),
        ("take_over", 2, "dave"),
    ]
    listed = started_game(carol, [alice], lobby=True)
    services.seat_hand_over(game=listed, user=carol)
    seeking = client_for(dave).get("/api/lobby/substitutes/").json()
    assert [g["id"] for g in seeking] == [listed.public_id]
    assert client_for(alice).get("/api/lobby/substitutes/").json() == []


def test_the_pages_hand_over_list_and_take_over(alice, bob, carol, dave):
    game = started_game(alice, [bob, carol], lobby=True)
    page = client_of(carol).get(reverse("game-play", args=[game.public_id])).content.decode()
    assert 'data-testid="hand-over"' in page
    client_of(carol).post(reverse("game-hand-over", args=[game.public_id]))
    assert seat(game, 2).seeking_substitute

    lobby = client_of(dave).get(reverse("lobby-open")).content.decode()
    assert game.public_id in lobby
    assert 'data-testid="take-over"' in lobby
    assert game.public_id not in client_of(alice).get(reverse("lobby-open")).content.decode()
    page = client_of(dave).get(reverse("game-play", args=[game.public_id])).content.decode()
    assert 'data-testid="take-over-2"' in page
    client_of(dave).post(reverse("game-take-over", args=[game.public_id]), {"seat": "2"})
    assert seat(game, 2).user == dave
    page = client_of(dave).get(reverse("game-play", args=[game.public_id])).content.decode()
    assert "dave took over seat 3" in page
    assert 'data-testid="take-over-2"' not in page


def test_leaving_counts_as_not_finishing_and_the_substitute_finished(game, alice, carol, dave):
    services.seat_hand_over(game=game, user=carol)
    services.seat_take_over(game=game, user=dave)
    Game.objects.filter(pk=game.pk).update(
        status=GameStatus.FINISHED,
        finished_at=timezone.now(),
        result={"reason": "game_over", "winners": [0]},
    )
    signals = reliability_of([alice.pk, carol.pk, dave.pk])
    assert (signals[carol.pk].games, signals[carol.pk].finished) == (1, 0)
    assert (signals[dave.pk].games, signals[dave.pk].finished) == (1, 1)
    assert (signals[alice.pk].games, signals[alice.pk].finished) == (1, 1)


def test_a_rollback_keeps_the_seats_with_who_holds_them(game, carol, dave, moderator):
    """Seat changes are not positions: a moderator's rollback to before them restores the
    position only; the seat stays its substitute's."""
    play_one(game)
    services.seat_hand_over(game=game, user=carol)
    services.seat_take_over(game=game, user=dave)
    moderation.game_rollback(game=game, to_seq=1, moderator=moderator, reason="misclick")
    assert seat(game, 2).user == dave
    assert selectors.viewing_seat(game=game, user=dave) == 2


def test_the_push_and_chat_channels_say_who_left_and_who_took_over(game, alice, carol, dave):
    from notifications.channel_texts import notification_text

    services.seat_hand_over(game=game, user=carol)
    services.seat_take_over(game=game, user=dave)
    rows = Notification.objects.filter(game=game, recipient=alice, kind=Kind.SEAT_CHANGE)
    lines = [notification_text(row).line for row in rows.order_by("event_seq")]
    assert lines[0].startswith("carol left ")
    assert lines[1].startswith("dave took over a seat in ")


def test_the_emails_say_who_left_and_who_took_over_in_english_and_french(game, alice, carol, dave):
    from django.utils import translation

    from notifications import emails

    services.seat_hand_over(game=game, user=carol)
    services.seat_take_over(game=game, user=dave)
    left, took = Notification.objects.filter(
        game=game, recipient=alice, kind=Kind.SEAT_CHANGE
    ).order_by("event_seq")
    message = emails.build(left, unsubscribe_token="t")
    assert message.subject.startswith("A seat changed hands in ")
    assert "carol left " in message.body
    assert "a bot plays their seat until someone takes over" in message.body
    assert "dave took over carol's seat in " in emails.build(took, unsubscribe_token="t").body
    with translation.override("fr"):
        french = emails.build(took, unsubscribe_token="t").body
    assert "dave a repris le siège de carol dans " in french


def test_a_french_reader_gets_the_seat_changes_in_french(game, alice, bob, carol, dave):
    """The pages around a seat that changed hands (the game page of a player, of the leaver,
    of a substitute to be, Open games) and its email, read by French players."""
    from notifications import emails
    from notifications.models import NotificationPreference
    from tests.french_text import assert_french, notation_of

    for user in (alice, bob, carol, dave):
        NotificationPreference.objects.update_or_create(user=user, defaults={"language": "fr"})
    french = {"HTTP_ACCEPT_LANGUAGE": "fr-FR,fr;q=0.9"}
    listed = started_game(alice, [bob, carol], lobby=True)
    play_one(listed)
    client_of(carol).post(reverse("game-hand-over", args=[listed.public_id]), **french)
    listed.refresh_from_db()
    allowed = [*notation_of(listed), "alice", "bob", "carol", "dave", listed.title]
    for user, path in (
        (alice, reverse("game-play", args=[listed.public_id])),
        (carol, reverse("game-play", args=[listed.public_id])),
        (dave, reverse("game-play", args=[listed.public_id])),
        (dave, reverse("lobby-open")),
    ):
        page = client_of(user).get(path, **french).content.decode()
        assert_french(page, f"{path} for {user.username}", allowed=allowed)
    services.seat_take_over(game=listed, user=dave)
    for row in Notification.objects.filter(game=listed, kind=Kind.SEAT_CHANGE):
        message = emails.build(row, unsubscribe_token="t")
        assert_french(f"{message.subject}\n{message.body}", "seat change email", allowed=allowed)

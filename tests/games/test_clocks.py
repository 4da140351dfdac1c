"""Clocks for real life: a time bank, quiet hours and a weekend pause in each player's own
time zone, with a frozen clock moved across zones and daylight-saving changes."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from common.waking_time import ClockRules, deadline_after
from games.models import Game, Seat
from games.timecontrol.deadlines import turn_deadline_apply
from notifications.models import Kind, Notification
from notifications.scheduled import reminders_queue
from tests.games.clock_helpers import end_turn, frozen, living_in, utc
from tests.games.helpers import started_game

H = timedelta(hours=1)
NIGHTS = (23, 7)


@pytest.mark.django_db
def test_each_players_deadline_skips_their_own_night_across_zones_and_dst(alice, bob, carol):
    """Paris springs forward the night alice's turn starts; bob in New York and carol in
    Sydney each get three hours of their own waking time."""
    living_in(alice, "Europe/Paris")
    living_in(bob, "America/New_York")
    living_in(carol, "Australia/Sydney")
    start = utc(2026, 3, 28, 21)  # 22:00 in Paris, the night before 02:00 becomes 03:00
    with frozen(start):
        game = started_game(alice, [bob, carol], turn_time_limit=3 * H, quiet_hours=NIGHTS)
    assert [s.time_zone for s in game.seats.order_by("index")] == [
        "Europe/Paris",
        "America/New_York",
        "Australia/Sydney",
    ]
    # One hour before her night, two after it: 09:00 in Paris, summer time by then.
    assert game.turn_deadline == utc(2026, 3, 29, 7)

    game = end_turn(game, utc(2026, 3, 29, 7))  # 03:00 in New York: bob sleeps till 07:00
    assert game.current_seat == 1
    assert game.turn_deadline == utc(2026, 3, 29, 14)  # 10:00 in New York

    game = end_turn(game, utc(2026, 3, 29, 14))  # 01:00 in Sydney (still summer time there)
    assert game.current_seat == 2
    assert game.turn_deadline == utc(2026, 3, 29, 23)  # 10:00 in Sydney


@pytest.mark.django_db
def test_sydney_falling_back_lengthens_the_night_but_not_the_turn(alice, bob):
    living_in(bob, "Australia/Sydney")
    with frozen(utc(2026, 4, 4, 10)):  # alice (UTC) moves first
        game = started_game(alice, [bob], turn_time_limit=2 * H, quiet_hours=NIGHTS)
    # 22:00 in Sydney on 4 April; the clocks go back at 03:00 on the 5th (UTC+11 to +10).
    game = end_turn(game, utc(2026, 4, 4, 11))
    assert game.turn_deadline == utc(2026, 4, 4, 21) + H  # 07:00 AEST + 1 hour = 22:00 UTC


@pytest.mark.django_db
def test_a_game_with_the_clock_of_before_keeps_its_deadlines_exactly(alice, bob):
    """Games outlive releases: a game whose clock has none of the new rules (as every game
    started before them: the migration's defaults) gets the very deadlines it always got,
    even in a player's night, and a vacation day still adds 24 hours."""
    living_in(bob, "Australia/Sydney")
    at = utc(2026, 10, 3, 15)  # 01:00 in Sydney, the night before its clocks go forward
    with frozen(at):
        game = started_game(alice, [bob], turn_time_limit=3 * H)
    assert (game.quiet_start, game.bank_days, game.weekend_pause) == (None, 0, False)
    assert game.turn_deadline == at + 3 * H
    game = end_turn(game, at + H)
    assert game.turn_deadline == at + 4 * H

    Game.objects.filter(pk=game.pk).update(vacation_days=2)
    deadline = game.turn_deadline
    assert turn_deadline_apply(game_id=game.pk, now=deadline + H) == "vacation_day"
    game.refresh_from_db()
    assert game.turn_deadline == deadline + timedelta(days=1)


@pytest.mark.django_db
def test_a_vacation_day_that_ends_in_the_night_lasts_until_the_morning(alice, bob):
    living_in(alice, "Europe/Paris")
    with frozen(utc(2026, 2, 9, 8)):
        game = started_game(
            alice, [bob], turn_time_limit=3 * H, quiet_hours=NIGHTS, vacation_days=3
        )
    late = utc(2026, 2, 9, 22, 30)  # 23:30 in Paris; a day later is in her night
    Game.objects.filter(pk=game.pk).update(turn_deadline=late)
    assert turn_deadline_apply(game_id=game.pk, now=late + H) == "vacation_day"
    game.refresh_from_db()
    assert game.turn_deadline == utc(2026, 2, 11, 6)  # 07:00 in Paris on the 11th
    assert game.seats.get(index=0).vacation_used == timedelta(days=1)


@pytest.mark.django_db
def test_the_weekend_pause_runs_in_the_players_zone(alice, bob):
    living_in(alice, "America/New_York")
    friday_evening = utc(2026, 2, 13, 23)  # 18:00 Friday in New York, Saturday in Paris
    with frozen(friday_evening):
        game = started_game(
            alice, [bob], turn_time_limit=8 * H, quiet_hours=NIGHTS, weekend_pause=True
        )
    # 5 hours on Friday, then nothing until Monday 07:00, then 3 hours.
    assert game.turn_deadline == utc(2026, 2, 16, 15)


@pytest.mark.django_db
def test_the_time_bank_is_spent_after_the_turn_limit_and_refilled_per_turn(alice, bob):
    start = utc(2026, 6, 1, 9)
    with frozen(start):
        game = started_game(
            alice,
            [bob],
            turn_time_limit=2 * H,
            bank_days=1,
            bank_per_turn=H,
            quiet_hours=None,
        )
    alice_seat = game.seats.get(index=0)
    assert alice_seat.bank_left == timedelta(days=1)
    assert game.turn_deadline == start + 2 * H + timedelta(days=1)

    game = end_turn(game, start + 5 * H)  # 3 hours beyond her limit
    alice_seat.refresh_from_db()
    assert alice_seat.bank_left == timedelta(days=1) - 3 * H + H
    bob_seat = game.seats.get(index=1)
    assert game.turn_deadline == start + 5 * H + 2 * H + bob_seat.bank_left

    game = end_turn(game, start + 6 * H)  # bob within his limit: his bank only grows
    bob_seat.refresh_from_db()
    assert bob_seat.bank_left == timedelta(days=1) + H
    assert game.turn_deadline == start + 6 * H + 2 * H + timedelta(hours=22)


@pytest.mark.django_db
def test_the_bank_counts_only_waking_time(alice, bob):
    living_in(alice, "Europe/Paris")
    start = utc(2026, 2, 9, 20)  # 21:00 in Paris
    with frozen(start):
        game = started_game(alice, [bob], turn_time_limit=H, bank_days=1, quiet_hours=NIGHTS)
    rules, paris = ClockRules(quiet_start=23, quiet_end=7), ZoneInfo("Europe/Paris")
    assert game.turn_deadline == deadline_after(start, H + timedelta(days=1), rules, paris)
    game = end_turn(game, utc(2026, 2, 10, 7))  # 08:00: only 3 of the 11 hours counted
    assert game.seats.get(index=0).bank_left == timedelta(days=1) - 2 * H


@pytest.mark.django_db
def test_a_player_who_moves_has_the_clock_of_their_new_zone_from_their_next_turn(alice, bob):
    with frozen(utc(2026, 2, 9, 8)):
        game = started_game(alice, [bob], turn_time_limit=H, quiet_hours=NIGHTS)
    living_in(bob, "Asia/Tokyo")
    assert game.seats.get(index=1).time_zone == "Asia/Tokyo"
    game = end_turn(game, utc(2026, 2, 9, 15))  # 00:00 in Tokyo
    assert game.turn_deadline == utc(2026, 2, 9, 23)  # 08:00 in Tokyo


@pytest.mark.django_db
def test_turn_emails_and_reminders_wait_for_the_recipients_morning(alice, bob, settings):
    """The outbox stamps its rows with the real clock: bob lives where it is 03:00 now."""
    settings.NOTIFY_REMINDER_AFTER = 3600
    now = timezone.now()
    ahead = (3 - now.hour) % 24
    ahead = ahead - 24 if ahead > 12 else ahead
    night_zone = f"Etc/GMT{-ahead:+d}" if ahead else "UTC"  # Etc/GMT-5 is UTC+5
    living_in(bob, night_zone)
    game = started_game(alice, [bob], turn_time_limit=48 * H, quiet_hours=NIGHTS)
    game = end_turn(game, now)
    [turn_email] = Notification.objects.filter(recipient=bob, kind=Kind.YOUR_TURN)
    morning = turn_email.next_attempt_at.astimezone(ZoneInfo(night_zone))
    assert (morning.hour, morning.minute) == (7, 0)
    assert timedelta(hours=3) < turn_email.next_attempt_at - now <= timedelta(hours=4)

    two_hours_ago = now - 2 * H
    Game.objects.filter(pk=game.pk).update(updated_at=two_hours_ago, turn_since=two_hours_ago)
    assert reminders_queue(now=now) == 0  # 03:00 where bob lives: held
    assert reminders_queue(now=turn_email.next_attempt_at) == 1  # 07:00: written
    assert Notification.objects.filter(recipient=bob, kind=Kind.REMINDER).count() == 1


@pytest.mark.django_db
def test_new_clock_in_the_api_defaults_to_quiet_nights_and_is_shown(alice_api):
    response = alice_api.post(
        "/api/games/",
        {"players": 2, "turn_time_limit": 86400, "bank_days": 3, "bank_per_turn": 7200},
        format="json",
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["quiet_hours"] == [23, 7]
    assert (body["bank_days"], body["bank_per_turn"], body["weekend_pause"]) == (3, 7200, False)
    assert body["bank_left"] == 0  # not started: the bank is filled at the start
    off = alice_api.post(
        "/api/games/",
        {"players": 2, "quiet_hours": None, "weekend_pause": True},
        format="json",
    )
    assert off.status_code == 201
    assert (off.json()["quiet_hours"], off.json()["weekend_pause"]) == (None, True)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"quiet_hours": [7, 7]}, "bad_quiet_hours"),
        ({"quiet_hours": [20, 14]}, "bad_quiet_hours"),  # 18 hours: too long a night
        ({"quiet_hours": [23, 24]}, "invalid"),
        ({"quiet_hours": [23]}, "invalid"),
        ({"bank_days": 61}, "invalid"),
        ({"bank_per_turn": 3600}, "bad_bank_per_turn"),  # without a bank
        ({"bank_days": 1, "bank_per_turn": 90000}, "invalid"),
    ],
)
def test_a_bad_clock_is_refused_and_nothing_is_created(alice_api, changes, code):
    response = alice_api.post("/api/games/", {"players": 2, **changes}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == code
    assert not Game.objects.exists()


NEW_GAME = {
    "players": "2",
    "bot_kind": "heuristic",
    "layout": "beginner",
    "turn_limit_hours": "24",
    "timeout_policy": "bot_move",
    "vacation_days": "1",
    "visibility": "open",
    "bank_days": "2",
    "bank_hours_per_turn": "4",
    "quiet_hours": "on",
    "quiet_start": "22",
    "quiet_end": "6",
    "weekend_pause": "on",
}


@pytest.mark.django_db
def test_the_new_game_form_sets_the_clock_and_the_lobby_shows_it(client, alice, bob):
    client.force_login(alice)
    page = client.get("/games/new/").content.decode()
    assert 'name="quiet_hours"' in page
    assert "checked" in page.split('name="quiet_hours"')[1][:80]
    response = client.post("/games/new/", NEW_GAME)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert (game.bank_days, game.bank_per_turn) == (2, 4 * H)
    assert (game.quiet_start, game.quiet_end, game.weekend_pause) == (22, 6, True)

    client.force_login(bob)
    lobby = client.get("/games/open/").content.decode()
    assert "time bank 2 days each, plus 4 hours per turn" in lobby
    assert "quiet hours 22:00-06:00 and weekends off, in each player&#x27;s own time zone" in lobby


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"quiet_start": "6", "quiet_end": "6"}, "Quiet hours last 1 to 16 hours"),
        ({"bank_days": "0"}, "need a time bank"),
        ({"bank_days": "99"}, "less than or equal to 60"),
    ],
)
def test_a_bad_clock_in_the_form_is_refused(client, alice, changes, message):
    client.force_login(alice)
    response = client.post("/games/new/", {**NEW_GAME, **changes})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.django_db
def test_the_game_page_shows_the_clock(client, alice, bob):
    game = started_game(alice, [bob], turn_time_limit=24 * H, quiet_hours=NIGHTS, bank_days=1)
    client.force_login(alice)
    page = client.get(f"/games/{game.public_id}/").content.decode()
    assert "time bank 1 day each" in page
    assert "quiet hours 23:00-07:00" in page
    assert Seat.objects.filter(game=game, bank_left=timedelta(days=1)).count() == 2


@pytest.mark.django_db
def test_a_turn_paused_by_a_moderator_keeps_its_waking_time(alice, bob, make_user):
    from django.contrib.auth.models import Permission

    from games.moderation.game_actions import game_pause, game_resume

    moderator = make_user("mod")
    moderator.user_permissions.add(Permission.objects.get(codename="moderate_game"))
    living_in(alice, "Europe/Paris")
    with frozen(utc(2026, 2, 9, 20)):  # 21:00 in Paris: 2 of her 3 hours before the night
        game = started_game(alice, [bob], turn_time_limit=3 * H, quiet_hours=NIGHTS)
    assert game.turn_deadline == utc(2026, 2, 10, 7)  # 08:00 in Paris
    with frozen(utc(2026, 2, 9, 23)):  # paused at midnight: 1 waking hour was left
        game_pause(game=game, moderator=moderator, reason="a report to look at")
    game.refresh_from_db()
    assert game.paused_remaining == H
    with frozen(utc(2026, 2, 10, 2)):  # resumed at 03:00 in Paris: her morning, plus 1 hour
        game_resume(game=game, moderator=moderator, reason="nothing wrong")
    game.refresh_from_db()
    assert game.turn_deadline == utc(2026, 2, 10, 7)


@pytest.mark.django_db
def test_a_moderators_extension_adds_waking_time_on_the_movers_clock(alice, bob, moderator):
    from games.moderation.game_actions import deadline_extend

    living_in(alice, "Europe/Paris")
    start = utc(2026, 2, 9, 19)  # 20:00 in Paris: a 2-hour turn ends at 22:00
    with frozen(start):
        game = started_game(alice, [bob], turn_time_limit=2 * H, quiet_hours=NIGHTS)
    assert game.turn_deadline == utc(2026, 2, 9, 21)

    with frozen(utc(2026, 2, 9, 20)):  # 21:00 in Paris, an hour left
        deadline_extend(game=game, moderator=moderator, reason="a long evening", by=3 * H)

    game.refresh_from_db()
    # 1 hour left + 3 hours: 2 hours until 23:00, the night, then 2 hours from 07:00 Paris.
    assert game.turn_deadline == utc(2026, 2, 10, 8)

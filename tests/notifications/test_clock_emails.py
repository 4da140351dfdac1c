"""The emails sent while it is a player's turn say their clock: the time left (this turn's,
then their time bank), counted in their waking time, and that their quiet hours stop it, in
their own time zone (notifications.clock_words)."""

from __future__ import annotations

from datetime import timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import translation

from common.waking_time import ClockRules, waking_time
from notifications import emails
from notifications.clock_words import clock_lines
from notifications.models import Kind, Notification
from tests.games.clock_helpers import end_turn, frozen, living_in, utc
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db

H = timedelta(hours=1)
NIGHTS = ClockRules(quiet_start=23, quiet_end=7)


@pytest.fixture
def game(alice, bob, carol):
    """Paris, New York and Tokyo; 3 hours a turn and a day in the bank, quiet 23:00-07:00."""
    living_in(alice, "Europe/Paris")
    living_in(bob, "America/New_York")
    living_in(carol, "Asia/Tokyo")
    with frozen(utc(2026, 2, 9, 12)):  # 13:00 in Paris
        return started_game(
            alice, [bob, carol], turn_time_limit=3 * H, bank_days=1, quiet_hours=(23, 7)
        )


def test_the_your_turn_email_says_the_time_left_and_the_quiet_hours(game, alice):
    row = Notification.objects.filter(game=game, kind=Kind.YOUR_TURN, recipient=alice).last()
    assert row is not None

    with frozen(utc(2026, 2, 9, 13)):  # an hour later: 2 hours of the turn, then the bank
        body = emails.build(row, unsubscribe_token="t").body
        with translation.override("fr"):
            french = emails.build(row, unsubscribe_token="t").body

    assert (
        "Your clock: 1 day 2 hours left: 2 hours of this turn's time, then 1 day of your time bank."
        in body
    )
    assert (
        "It stops during your quiet hours, 23:00 to 07:00 in your time zone (Europe/Paris)." in body
    )
    assert "Votre horloge : il reste 1 jour 2 heures : 2 heures du temps de ce tour" in french
    assert "heures calmes, de 23:00 à 07:00 dans votre fuseau horaire (Europe/Paris)" in french


def test_each_player_reads_their_own_clock_in_their_own_zone(game):
    game = end_turn(game, utc(2026, 2, 9, 14))  # alice moves; bob's turn starts at 09:00 NY
    assert game.current_seat == 1
    now = utc(2026, 2, 10, 3)  # 22:00 in New York: 13 hours since, one of them quiet
    left = waking_time(now, game.turn_deadline, NIGHTS, ZoneInfo("America/New_York"))
    assert left == 3 * H + timedelta(days=1) - 13 * H

    lines = clock_lines(game, 1, now)

    assert lines[0] == "Your clock: 14 hours left, all of it from your time bank."
    assert lines[1].endswith("in your time zone (America/New_York).")
    assert clock_lines(game, 0, now) == []  # not alice's turn: nothing to say of her clock

    game = end_turn(game, utc(2026, 2, 10, 4))  # carol's turn: 13:00 in Tokyo
    assert clock_lines(game, 2, utc(2026, 2, 10, 4))[1].endswith("(Asia/Tokyo).")


def test_without_quiet_hours_or_bank_the_turn_alone_is_said(alice, bob):
    with frozen(utc(2026, 2, 9, 12)):
        game = started_game(alice, [bob], turn_time_limit=24 * H)
    assert clock_lines(game, 0, utc(2026, 2, 9, 18)) == ["Your clock: 18 hours left for this turn."]

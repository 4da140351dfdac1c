"""A seat that survives its leaver, in the browser: carol hands her seat over from the game
page, dave (not at the table) finds the game under Open games and takes the seat over from
its page; his page then shows the seat's hand and the log who played what."""

from __future__ import annotations

from games.models import EventKind, Seat
from tests.browser.helpers import hand_over_seat, take_over_seat
from tests.games.helpers import started_game


def test_carol_hands_over_and_dave_takes_over(page, new_page, make_user, login):
    alice, bob, carol, dave = (make_user(name) for name in ("alice", "bob", "carol", "dave"))
    game = started_game(alice, [bob, carol], lobby=True)

    login(page, carol)
    hand_over_seat(page, game.public_id)
    assert page.get_by_test_id("hand-over-section").count() == 0
    seat = Seat.objects.get(game=game, index=2)
    assert seat.seeking_substitute
    assert seat.user is None

    substitute = new_page()
    login(substitute, dave)
    substitute.goto("/games/open/")
    assert substitute.get_by_test_id("seeking-substitutes").get_by_text(game.title).count()
    take_over_seat(substitute, game.public_id, seat=2)
    assert Seat.objects.get(game=game, index=2).user == dave
    assert substitute.get_by_text("dave took over seat 3").first.is_visible()
    assert substitute.get_by_test_id("hand-over-section").count() == 1
    assert game.events.filter(kind=EventKind.TAKE_OVER, actor=dave).exists()

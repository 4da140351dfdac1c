"""``games.services.move_batch_submit``: several moves in one transaction, all or nothing."""

from __future__ import annotations

import pytest

from common.errors import InvalidRequestError, NotAllowedError
from games import services
from games.errors import StaleVersionError
from games.models import Event
from notifications.models import Kind, Notification

pytestmark = pytest.mark.django_db


def snapshot(game):
    game.refresh_from_db()
    return game.version, game.current_seat, Event.objects.filter(game=game).count()


def test_the_lines_are_applied_in_order(two_player_game, alice, bob):
    version = two_player_game.version
    result = services.move_batch_submit(
        game=two_player_game, user=alice, lines=["START b", "end"], expected_version=version
    )
    assert result.applied == ["start B", "end"]
    assert result.version == version + 2
    two_player_game.refresh_from_db()
    assert two_player_game.current_seat == 1
    texts = Event.objects.filter(game=two_player_game, seq__gt=version).order_by("seq")
    assert [e.payload["text"] for e in texts] == ["start B", "end"]
    assert Notification.objects.filter(recipient=bob, kind=Kind.YOUR_TURN).count() == 1


def test_a_failing_line_writes_nothing_and_is_named(two_player_game, alice):
    before = snapshot(two_player_game)
    with pytest.raises(services.BatchLineError) as caught:
        services.move_batch_submit(
            game=two_player_game,
            user=alice,
            lines=["start B", "build 1a", "fly to the moon"],
            expected_version=two_player_game.version,
        )
    assert snapshot(two_player_game) == before
    assert caught.value.index == 2
    assert caught.value.code == "unknown_move"
    assert caught.value.message.startswith("Line 3 ('fly to the moon'): ")
    assert caught.value.status == 400


def test_a_line_after_the_turn_ended_is_refused(two_player_game, alice):
    before = snapshot(two_player_game)
    with pytest.raises(services.BatchLineError) as caught:
        services.move_batch_submit(
            game=two_player_game, user=alice, lines=["start B", "end", "end"]
        )
    assert snapshot(two_player_game) == before
    assert caught.value.index == 2
    assert "your turn ended with the line before" in caught.value.reason


def test_a_stale_version_writes_nothing(two_player_game, alice):
    before = snapshot(two_player_game)
    with pytest.raises(StaleVersionError):
        services.move_batch_submit(
            game=two_player_game,
            user=alice,
            lines=["start B"],
            expected_version=two_player_game.version - 1,
        )
    assert snapshot(two_player_game) == before


def test_errors_about_the_whole_batch_stay_what_they_are(two_player_game, bob):
    with pytest.raises(NotAllowedError) as caught:
        services.move_batch_submit(game=two_player_game, user=bob, lines=["start B"])
    assert not isinstance(caught.value, services.BatchLineError)
    assert caught.value.code == "not_your_turn"


@pytest.mark.parametrize("lines", [[], ["start B", "  "], ["end"] * 61])
def test_a_batch_needs_one_to_sixty_lines(two_player_game, alice, lines):
    with pytest.raises(InvalidRequestError, match="moves"):
        services.move_batch_submit(game=two_player_game, user=alice, lines=lines)


def test_the_same_idempotency_key_gets_the_first_answer(two_player_game, alice):
    version = two_player_game.version
    first = services.move_batch_submit(
        game=two_player_game,
        user=alice,
        lines=["start B", "end"],
        expected_version=version,
        idempotency_key="batch-1",
    )
    after = snapshot(two_player_game)
    again = services.move_batch_submit(
        game=two_player_game,
        user=alice,
        lines=["start B", "end"],
        expected_version=version,
        idempotency_key="batch-1",
    )
    assert snapshot(two_player_game) == after
    assert again.repeated
    assert (again.version, again.applied) == (first.version, first.applied)

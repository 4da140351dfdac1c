"""The claim and the batch's facts, written by hand, give what the ORM queries they replaced
give (``notifications.batch_statements``): the same rows claimed the same way, loaded with
the same recipient and game, and the same facts."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Max
from django.utils import timezone

from games.models import PlanStatus, Seat, SeatStatus, TurnPlan
from notifications import batch_statements, delivery
from notifications.models import (
    STOPPED_STATES,
    AddressState,
    EmailAddressStatus,
    GameNotificationPreference,
    Kind,
    Mode,
    Notification,
    NotificationPreference,
    Status,
    UserActivity,
)
from tests.games.helpers import started_game

pytestmark = pytest.mark.django_db


def _outbox(alice, bob, carol) -> tuple[list[int], dict[str, int]]:
    """Rows of every state and due time, in two games; the ids of those due now."""
    game, other = started_game(alice, [bob]), started_game(carol, [bob])
    Notification.objects.all().delete()
    now = timezone.now()
    made: dict[str, int] = {}

    def make(name: str, status: str, user, on, **fields) -> None:
        made[name] = Notification.objects.create(
            recipient=user,
            kind=Kind.REMINDER,
            game=on,
            event_seq=100 + len(made),
            status=status,
            context={"seat": 1, "words": ["é", 2]},
            **fields,
        ).pk

    make("due", Status.PENDING, alice, game, next_attempt_at=now - timedelta(seconds=10))
    make("early", Status.PENDING, bob, other, next_attempt_at=now + timedelta(seconds=2))
    make("older", Status.PENDING, carol, other, next_attempt_at=now - timedelta(minutes=5))
    make("later", Status.PENDING, bob, game, next_attempt_at=now + timedelta(minutes=5))
    make("held", Status.SENDING, alice, game, claimed_until=now + timedelta(minutes=4))
    make("lapsed", Status.SENDING, carol, other, claimed_until=now - timedelta(seconds=1))
    make("sent", Status.SENT, alice, game)
    made["no game"] = Notification.objects.create(
        recipient=bob, kind=Kind.DIGEST, next_attempt_at=now - timedelta(minutes=1)
    ).pk
    due = [made[name] for name in ("due", "early", "older", "lapsed", "no game")]
    return due, made


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the statement is PostgreSQL's")
@pytest.mark.parametrize("limit", [2, 100])
def test_the_claim_takes_what_the_orm_claim_takes(
    alice, bob, carol, limit, django_assert_num_queries
):
    due, _ = _outbox(alice, bob, carol)
    now = timezone.now()
    before = {row.pk: row.attempts for row in Notification.objects.all()}

    token, claimed = delivery._claim(now=now, ids=None, limit=limit)

    # The earliest due first, at most ``limit``; returned in id order.
    by_due = list(
        Notification.objects.filter(pk__in=due)
        .order_by("next_attempt_at", "pk")
        .values_list("pk", flat=True)
    )
    assert [row.pk for row in claimed] == sorted(by_due[:limit])
    for row in claimed:
        stored = Notification.objects.select_related("recipient", "game").get(pk=row.pk)
        assert (row.status, row.claim, row.attempts) == (Status.SENDING, token, before[row.pk] + 1)
        assert row.claimed_until == stored.claimed_until
        assert {f.attname: getattr(row, f.attname) for f in Notification._meta.concrete_fields} == {
            f.attname: getattr(stored, f.attname) for f in Notification._meta.concrete_fields
        }
        # The recipient and the game come loaded, as select_related loads them.
        with django_assert_num_queries(0):
            assert row.recipient == stored.recipient
            assert row.recipient.email == stored.recipient.email
            assert row.game == stored.game
            if row.game is not None:
                assert row.game.version == stored.game.version
    # The others are untouched; what is claimed is not claimed again.
    untouched = Notification.objects.exclude(pk__in=[row.pk for row in claimed])
    assert all(row.attempts == before[row.pk] and row.claim == "" for row in untouched)
    _, again = delivery._claim(now=now, ids=[row.pk for row in claimed], limit=limit)
    assert again == []


@pytest.mark.skipif(connection.vendor != "postgresql", reason="the statement is PostgreSQL's")
def test_the_claim_of_given_rows_takes_only_those_that_are_due(alice, bob, carol):
    due, made = _outbox(alice, bob, carol)
    wanted = [made["due"], made["later"], made["held"], made["lapsed"]]
    orm_token, statement_token = "o" * 32, "s" * 32
    now = timezone.now()
    lease = timedelta(minutes=5)

    claimed = batch_statements.claim_rows(
        token=statement_token,
        ready_by=now + delivery.CLOCK_TOLERANCE,
        now=now,
        until=now + lease,
        ids=wanted,
        limit=10,
    )
    assert [row.pk for row in claimed] == sorted([made["due"], made["lapsed"]])
    assert (
        batch_statements.claim_rows(
            token=statement_token, ready_by=now, now=now, until=now, ids=[], limit=10
        )
        == []
    )
    # The ORM's claim of the rest gives the same.
    rest = delivery._claim_by_orm(orm_token, now=now, lease=lease, ids=None, limit=10)
    assert sorted(row.pk for row in rest) == sorted(set(due) - {made["due"], made["lapsed"]})


def test_the_facts_are_those_the_orm_finds(alice, bob, carol):
    game, other = started_game(alice, [bob]), started_game(carol, [bob, alice])
    users, games = {alice.pk, bob.pk, carol.pk}, {game.pk, other.pk}
    NotificationPreference.objects.update_or_create(user=alice, defaults={"language": "fr"})
    NotificationPreference.objects.update_or_create(user=carol, defaults={"mode": Mode.OFF})
    GameNotificationPreference.objects.create(user=bob, game=game, mode=Mode.DIGEST)
    GameNotificationPreference.objects.create(user=alice, game=other, mode=Mode.OFF)
    UserActivity.objects.update_or_create(user=bob, defaults={"last_seen": timezone.now()})
    Seat.objects.filter(game=other, user=alice).update(status=SeatStatus.RESIGNED)
    for seq in (3, 9, 5):
        Notification.objects.get_or_create(
            recipient=bob, kind=Kind.YOUR_TURN, game=game, event_seq=seq
        )
    TurnPlan.objects.create(game=game, seat=1, user=bob, planned_at=1)
    TurnPlan.objects.create(game=other, seat=0, user=carol, planned_at=1, status=PlanStatus.RAN)
    for address, state in (("bob@example.test", AddressState.BOUNCED), ("x@y.test", "ok")):
        EmailAddressStatus.objects.create(address=address, state=state)

    assert batch_statements.preferences(users) == NotificationPreference.objects.in_bulk(
        list(users)
    )
    assert batch_statements.preferences(users)[alice.pk].language == "fr"
    assert batch_statements.last_seen(users) == dict(
        UserActivity.objects.filter(user_id__in=users).values_list("user_id", "last_seen")
    )
    assert batch_statements.overrides(users, games) == {
        (user, on): mode
        for user, on, mode in GameNotificationPreference.objects.filter(
            user_id__in=users, game_id__in=games
        ).values_list("user_id", "game_id", "mode")
    }
    assert sorted(batch_statements.playing_seats(games, users)) == sorted(
        Seat.objects.filter(
            game_id__in=games, user_id__in=users, bot="", status=SeatStatus.PLAYING
        ).values_list("game_id", "index", "user_id")
    )
    latest = (
        Notification.objects.filter(kind=Kind.YOUR_TURN, recipient_id__in=users, game_id__in=games)
        .values("recipient_id", "game_id")
        .annotate(seq=Max("event_seq"))
        .order_by()
        .values_list("recipient_id", "game_id", "seq")
    )
    assert batch_statements.latest_turns(users, games) == {(u, g): s for u, g, s in latest}
    assert batch_statements.latest_turns(users, games)[(bob.pk, game.pk)] == 9
    assert batch_statements.pending_plans(games) == set(
        TurnPlan.objects.filter(game_id__in=games, status=PlanStatus.PENDING).values_list(
            "game_id", "seat"
        )
    )
    addresses = {"bob@example.test", "x@y.test", "nobody@example.test"}
    assert batch_statements.stopped(addresses) == set(
        EmailAddressStatus.objects.filter(
            address__in=addresses, state__in=STOPPED_STATES
        ).values_list("address", flat=True)
    )
    assert batch_statements.stopped(addresses) == {"bob@example.test"}
    for empty in (
        batch_statements.preferences(set()),
        batch_statements.last_seen(set()),
        batch_statements.overrides(users, set()),
        batch_statements.playing_seats(set(), users),
        batch_statements.latest_turns(set(), games),
        batch_statements.pending_plans(set()),
        batch_statements.stopped(set()),
    ):
        assert not empty

"""What a move and the requests around it cost in queries, and the prepared statements that
keep that low giving exactly what the ORM gives."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

import engine
from games import models, prepared, replay, selectors, services
from games.errors import GameNotFoundError
from games.models import Event, EventKind, Game, PlanStatus, Seat, Suspension, TurnPlan
from notifications.models import Kind, Notification, UserActivity
from tests.games.helpers import client_for, moves_passing_the_turn, play_one, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_caches():
    replay.local_states.clear()
    cache.clear()
    yield
    replay.local_states.clear()


# games.prepared writes the event and the game row in one statement on PostgreSQL only.
ONE_STATEMENT_ON_POSTGRESQL = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="one statement on PostgreSQL only (games.prepared)"
)


def warm(game: Game, django_capture_on_commit_callbacks) -> None:
    """Cache the game's current state (as the move that made it would have)."""
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        replay.state_at(game)


def said_before(state, seat: int, move, django_capture_on_commit_callbacks) -> None:
    """The move's line for the log was said, and the move played, by an earlier move (and
    kept by the process, as the lines said and the moves played again and again are:
    ``games.journal_store``, ``games.move_store``)."""
    from games import journal_store, ledger, move_store

    before, after = engine.view(state, seat), engine.apply(state, seat, move)
    with django_capture_on_commit_callbacks(execute=True):
        journal_store.line_id(*ledger.move_journal(state, before, seat, move, after))
        move_store.played_id(move, engine.describe(state, seat, move))


def test_the_trivial_endpoint_costs_one_query(alice, django_assert_num_queries):
    api = client_for(alice)
    api.get("/api/me/")  # the activity write happens once in a while
    with django_assert_num_queries(1):
        assert api.get("/api/me/").status_code == 200


def test_legal_moves_cost_two_queries_once_the_state_is_cached(
    alice, bob, django_assert_num_queries, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    warm(game, django_capture_on_commit_callbacks)
    api = client_for(alice)
    api.get("/api/me/")
    with django_assert_num_queries(2):  # the token's user; the game with its seats
        response = api.get(f"/api/games/{game.public_id}/legal-moves/")
    assert response.json()["moves"] == engine.legal_moves(replay.state_at(game), 0)


@ONE_STATEMENT_ON_POSTGRESQL
def test_a_move_within_a_turn_is_one_lock_and_one_write(
    alice, bob, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    warm(game, django_capture_on_commit_callbacks)
    state = replay.state_at(game)
    move = next(
        m
        for m in engine.legal_moves(state, 0)
        if engine.current_player(engine.apply(state, 0, m)) == 0
    )
    said_before(state, 0, move, django_capture_on_commit_callbacks)
    api = client_for(alice)
    api.get("/api/me/")
    # The token's user, then (in a savepoint here, a transaction in production) the lock with
    # the seats, and the event with the game row in one statement: the suspension is not
    # looked up a second time.
    with django_assert_max_num_queries(5):
        response = api.post(
            f"/api/games/{game.public_id}/moves/",
            {"move": move, "expected_version": game.version},
            format="json",
        )
    assert response.status_code == 201
    game.refresh_from_db()
    assert engine.to_json(replay.state_at(game, use_cache=False)) == engine.to_json(
        engine.apply(state, 0, move)
    )


@ONE_STATEMENT_ON_POSTGRESQL
def test_a_move_that_passes_the_turn_to_a_bot_costs_no_more_queries(
    alice, django_assert_max_num_queries, django_capture_on_commit_callbacks
):
    game = started_game(alice, bots=[1], players=2)
    passing = moves_passing_the_turn(
        game, alice, before_each=lambda g: warm(g, django_capture_on_commit_callbacks)
    )
    game.refresh_from_db()
    said_before(replay.state_at(game), 0, passing[0], django_capture_on_commit_callbacks)
    api = client_for(alice)
    api.get("/api/me/")
    # As within a turn: the notifications see from the locked seats that a bot is to move,
    # and read nothing more.
    with django_assert_max_num_queries(6):
        response = api.post(
            f"/api/games/{game.public_id}/moves/",
            {"move": passing[0], "expected_version": game.version},
            format="json",
        )
    assert response.status_code == 201
    game.refresh_from_db()
    assert game.current_seat == 1


def suspend(user, moderator, offsets: dict[str, timedelta]) -> None:
    """A suspension of ``user`` whose dates are these offsets from now."""
    now = timezone.now()
    Suspension.objects.create(
        user=user,
        reason="x",
        created_by=moderator,
        **{name: now + delta for name, delta in offsets.items()},
    )


@pytest.mark.parametrize(
    ("suspension", "status"),
    [
        (None, 200),
        ({"lifted_at": timedelta(minutes=-1)}, 200),
        ({"until": timedelta(minutes=-1)}, 200),
        ({"until": timedelta(hours=1)}, 401),
        ({}, 401),
    ],
    ids=["none", "lifted", "expired", "until-later", "until-lifted"],
)
def test_the_token_lookup_sees_exactly_the_suspensions_in_force(
    alice, moderator, suspension, status
):
    if suspension is not None:
        suspend(alice, moderator, suspension)
    response = client_for(alice).get("/api/me/")
    assert response.status_code == status
    if status == 401:
        assert response.json()["code"] == "suspended"
    else:
        assert response.json() == {"id": alice.pk, "username": "alice"}


def test_an_unknown_token_or_an_inactive_user_is_refused(alice):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["message"] == "Invalid token."

    api = client_for(alice)
    alice.is_active = False
    alice.save()
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["message"] == "User inactive or deleted."


def test_the_token_and_user_are_those_of_the_orm(alice):
    from accounts.auth import SuspensionAwareTokenAuthentication

    token = Token.objects.create(user=alice)
    user, found = SuspensionAwareTokenAuthentication().authenticate_credentials(token.key)

    assert (found.key, found.user_id, found.user) == (token.key, alice.pk, user)
    assert found.created == token.created  # loaded when read
    for field in type(alice)._meta.concrete_fields:
        assert getattr(user, field.attname) == getattr(alice, field.attname), field.name


def test_the_not_suspended_mark_lasts_only_a_few_seconds(alice, moderator, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(models.time, "monotonic", lambda: clock[0])
    models.note_not_suspended(alice)
    Suspension.objects.create(user=alice, reason="x", created_by=moderator)

    assert models.active_suspension(alice) is None  # trusted: checked just now
    clock[0] += models.SUSPENSION_CHECK_SECONDS
    assert models.active_suspension(alice) is not None


def test_prepared_rows_are_those_the_orm_loads(alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=5))
    Game.objects.filter(pk=game.pk).update(
        result={"reason": "x", "winners": [0]}, paused_remaining=timedelta(minutes=7)
    )
    seats = prepared.game_seats(public_id=game.public_id)
    orm_game = Game.objects.get(pk=game.pk)
    orm_seats = list(Seat.objects.filter(game=game).order_by("index"))

    assert [seat.index for seat in seats] == [0, 1]
    assert all(seat.game is seats[0].game for seat in seats)
    for field in Game._meta.concrete_fields:
        assert getattr(seats[0].game, field.attname) == getattr(orm_game, field.attname), field
    for mine, theirs in zip(seats, orm_seats, strict=True):
        for field in Seat._meta.concrete_fields:
            assert getattr(mine, field.attname) == getattr(theirs, field.attname), field
    assert prepared.game_seats(pk=game.pk)[0].game.result == {"reason": "x", "winners": [0]}
    assert prepared.game_seats(public_id="no-such-game") == []


def test_prepared_seats_with_users_are_those_select_related_loads(alice, bob):
    game = started_game(alice, [bob], bots=[2], players=3)
    orm = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))

    seats = prepared.seats_with_users(game_pk=game.pk)

    assert [seat.index for seat in seats] == [0, 1, 2]
    for mine, theirs in zip(seats, orm, strict=True):
        for field in Seat._meta.concrete_fields:
            assert getattr(mine, field.attname) == getattr(theirs, field.attname), field
        if theirs.user is None:
            assert mine.user is None
        else:
            for field in type(theirs.user)._meta.concrete_fields:
                assert getattr(mine.user, field.attname) == getattr(theirs.user, field.attname)
    assert [seat.user for seat in seats][2] is None
    assert prepared.seats_with_users(game_pk=10**9) == []


def test_prepared_seats_with_activity_are_those_select_related_loads(
    alice, bob, django_assert_num_queries
):
    game = started_game(alice, [bob], bots=[2], players=3)
    UserActivity.objects.create(user=alice, last_seen=timezone.now())
    orm = list(
        Seat.objects.filter(game=game).select_related("user", "user__activity").order_by("index")
    )

    seats = prepared.seats_with_users(game_pk=game.pk, beside=UserActivity)

    with django_assert_num_queries(0):  # read with the seats, as select_related reads it
        assert seats[0].user.activity.last_seen == orm[0].user.activity.last_seen
        assert seats[0].user.activity.user is seats[0].user
        assert getattr(seats[1].user, "activity", None) is None  # bob was never seen
        assert seats[2].user is None
    assert [seat.user_id for seat in seats] == [seat.user_id for seat in orm]


def test_a_pending_plan_is_found_as_the_orm_finds_it(alice, bob):
    game = started_game(alice, [bob])
    assert not prepared.pending_plan_exists(game_pk=game.pk, seat=1)
    plan = TurnPlan.objects.create(
        game=game, seat=1, user=bob, planned_at=game.version, steps=[], status=PlanStatus.STOPPED
    )
    assert not prepared.pending_plan_exists(game_pk=game.pk, seat=1)
    TurnPlan.objects.filter(pk=plan.pk).update(status=PlanStatus.PENDING)
    assert prepared.pending_plan_exists(game_pk=game.pk, seat=1)
    assert not prepared.pending_plan_exists(game_pk=game.pk, seat=0)


def test_a_new_row_is_inserted_once_in_one_statement(alice, bob, django_assert_num_queries):
    if connection.vendor != "postgresql":
        pytest.skip("ON CONFLICT with RETURNING: asserted on PostgreSQL")
    game = started_game(alice, [bob])
    Notification.objects.filter(game=game).delete()  # the start's own rows
    first = Notification(recipient=alice, kind=Kind.YOUR_TURN, game=game, event_seq=1)
    again = Notification(recipient=alice, kind=Kind.YOUR_TURN, game=game, event_seq=1)
    with django_assert_num_queries(1):
        assert prepared.insert_new(first) is True
    with django_assert_num_queries(1):
        assert prepared.insert_new(again) is False
    assert again.pk is None
    stored = Notification.objects.get(pk=first.pk)
    for field in Notification._meta.concrete_fields:
        assert getattr(stored, field.attname) == getattr(first, field.attname), field


def test_prepared_events_since_a_seats_last_move_are_those_the_orm_finds(alice, bob):
    """For every seat and every point of a game: the events after the seat's last move up to
    there (after the setup when it has not moved yet), the setup left out."""
    game = started_game(alice, [bob])
    for _ in range(40):
        play_one(game)
        game.refresh_from_db()
    events = list(Event.objects.filter(game=game).order_by("seq"))
    for upto in range(1, game.version + 1):
        for seat in (0, 1):
            own = [e.seq for e in events if e.seat == seat and e.kind == "move" and e.seq <= upto]
            since = own[-1] if own else 1
            expected = [e for e in events if since < e.seq <= upto and e.kind != "setup"]
            found = prepared.events_since_own_move(game_pk=game.pk, seat=seat, upto=upto)
            assert [(e.pk, e.seq, e.kind, e.seat, e.payload) for e in found] == [
                (e.pk, e.seq, e.kind, e.seat, e.payload) for e in expected
            ], (upto, seat)


@pytest.mark.django_db(transaction=True)
def test_a_locking_read_outside_a_transaction_is_refused(alice, bob):
    game = started_game(alice, [bob])
    with pytest.raises(TransactionManagementError):
        prepared.game_seats(pk=game.pk, lock=True)
    with transaction.atomic():
        assert [seat.index for seat in prepared.game_seats(pk=game.pk, lock=True)] == [0, 1]


def test_prepared_insert_and_update_write_what_save_would(alice, bob):
    game = started_game(alice, [bob])
    event = Event(
        game=game,
        seq=game.version + 1,
        kind=EventKind.PAUSE,
        seat=None,
        payload={"nested": {"a": [1, 2]}, "text": "é"},
        actor=alice,
    )
    prepared.insert(event)
    stored = Event.objects.get(pk=event.pk)
    assert (stored.seq, stored.kind, stored.payload, stored.actor_id) == (
        game.version + 1,
        "pause",
        {"nested": {"a": [1, 2]}, "text": "é"},
        alice.pk,
    )
    assert stored.created_at == event.created_at

    before = game.updated_at
    game.version += 1
    game.result = {"winners": [1]}
    game.turn_time_limit = timedelta(days=2)
    prepared.update(game, ["version", "result", "turn_time_limit", "updated_at"])
    stored = Game.objects.get(pk=game.pk)
    assert (stored.version, stored.result, stored.turn_time_limit) == (
        game.version,
        {"winners": [1]},
        timedelta(days=2),
    )
    assert stored.updated_at == game.updated_at > before


@ONE_STATEMENT_ON_POSTGRESQL
def test_events_and_the_game_row_in_one_statement_write_what_save_would(
    alice, bob, django_assert_num_queries
):
    game = started_game(alice, [bob])
    events = [
        Event(
            game=game,
            seq=game.version + i,
            kind=EventKind.PAUSE,
            payload={"n": i, "text": "é"},
            actor=alice,
        )
        for i in (1, 2, 3)
    ]
    before = game.updated_at
    game.version += 3
    game.result = {"winners": [0]}
    with django_assert_num_queries(1):
        prepared.insert_and_update(events, game, ["version", "result", "updated_at"])

    stored = list(Event.objects.filter(seq__gt=game.version - 3).order_by("seq"))
    assert [(e.pk, e.seq, e.payload, e.actor_id) for e in stored] == [
        (e.pk, e.seq, e.payload, alice.pk) for e in events
    ]
    assert all(e.created_at == s.created_at for e, s in zip(events, stored, strict=True))
    row = Game.objects.get(pk=game.pk)
    assert (row.version, row.result) == (game.version, {"winners": [0]})
    assert row.updated_at == game.updated_at > before

    with django_assert_num_queries(1):  # no event: the update alone
        prepared.insert_and_update([], game, ["version"])


def test_bot_runs_write_one_event_per_move(alice):
    game = started_game(alice, bots=[1])
    while game.current_seat != 1:
        state = replay.state_at(game)
        services.move_submit(
            game=game,
            user=alice,
            move=engine.legal_moves(state, 0)[0],
            expected_version=game.version,
            queue_bots=False,
        )
        game.refresh_from_db()
    before = game.version

    played = services.bot_turns_play(game_id=game.pk, version=game.version)
    game.refresh_from_db()

    assert played >= 1
    assert game.version == before + played
    seqs = list(game.events.filter(seq__gt=before).values_list("seq", "kind", "seat"))
    assert seqs == [(before + i, "move", 1) for i in range(1, played + 1)]
    assert engine.to_json(replay.state_at(game)) == engine.to_json(replay.replay_from_scratch(game))
    assert services.bot_turns_play(game_id=game.pk, version=before) == 0  # a stale task
    assert services.bot_turns_play(game_id=10**9, version=1) == 0  # a game that is gone


def test_activity_is_looked_up_in_the_shared_cache_once_per_few_seconds(alice, monkeypatch):
    from notifications import middleware

    clock = [5000.0]
    monkeypatch.setattr(middleware.time, "monotonic", lambda: clock[0])
    adds = []
    real_add = middleware.cache.add

    def counted_add(*args, **kwargs):
        adds.append(args[0])
        return real_add(*args, **kwargs)

    monkeypatch.setattr(middleware.cache, "add", counted_add)
    api = client_for(alice)

    for _ in range(3):
        assert api.get("/api/me/").status_code == 200
    assert adds == [f"notifications:seen:{alice.pk}"]
    clock[0] += middleware.LOCAL_SKIP_SECONDS
    api.get("/api/me/")
    assert len(adds) == 2


def _orm_session_user(pk):
    """The session's user as the ORM's annotated query read it before the prepared one."""
    from django.contrib.auth import get_user_model
    from django.db.models import OuterRef, Subquery

    from notifications import languages
    from notifications.models import NotificationPreference

    preference = NotificationPreference.objects.filter(user_id=OuterRef("pk"))
    users = get_user_model()._default_manager.annotate(
        **{languages.USER_LANGUAGE: Subquery(preference.values("language")[:1])}
    )
    return users.filter(pk=pk).first()


@pytest.mark.parametrize("language", [None, "fr"])
def test_the_session_user_is_the_orm_s_with_its_language_and_time_zone_in_one_query(
    alice, language, django_assert_num_queries
):
    from accounts.auth import SuspensionAwareBackend
    from accounts.display import USER_DISPLAY, display_of, display_set
    from accounts.models import DisplayPreference
    from games.services import table_view
    from notifications import languages
    from notifications.models import NotificationPreference
    from notifications.selectors import USER_TIME_ZONE, preference_of, time_zone_of

    if language:
        NotificationPreference.objects.create(
            user=alice, language=language, time_zone="Europe/Paris"
        )
        display_set(user=alice, palette="okabe-ito", text_size="large")
        table_view.table_view_choose(user=alice, view="text")
    expected = _orm_session_user(alice.pk)
    with django_assert_num_queries(1):
        user = SuspensionAwareBackend().get_user(alice.pk)
        zone = time_zone_of(user=user)
        shown = display_of(user=user)
        view = table_view.table_view_of(user=user)

    assert user == expected
    assert view == table_view.table_view_of(user=alice) == ("text" if language else "board")
    extra = {models._NOT_SUSPENDED_AT, USER_TIME_ZONE, USER_DISPLAY, table_view.USER_TABLE_VIEW}
    assert vars(user).keys() - extra == vars(expected).keys()
    assert zone == preference_of(user=alice).time_zone == ("Europe/Paris" if language else "UTC")
    read = display_of(user=alice)  # alice, read without it: the query
    for field in DisplayPreference._meta.concrete_fields:
        assert getattr(shown, field.attname) == getattr(read, field.attname), field.name
    assert shown._state.adding == read._state.adding == (not language)
    assert shown is not display_of(user=user)
    for field in type(alice)._meta.concrete_fields:
        assert getattr(user, field.attname) == getattr(expected, field.attname), field.name
    assert getattr(user, languages.USER_LANGUAGE) == getattr(expected, languages.USER_LANGUAGE)
    assert languages.supported(getattr(user, languages.USER_LANGUAGE)) == (language or "en")
    assert models.active_suspension(user) is None  # remembered: no query
    assert SuspensionAwareBackend().get_user(alice.pk + 1000) is None


@pytest.mark.parametrize(
    ("suspension", "signed_in"),
    [
        (None, True),
        ({}, False),  # until lifted
        ({"until": timedelta(hours=1)}, False),
        ({"until": -timedelta(hours=1)}, True),  # over
        ({"lifted_at": -timedelta(minutes=1)}, True),
    ],
)
def test_the_session_user_is_refused_exactly_while_a_suspension_is_in_force(
    alice, moderator, suspension, signed_in
):
    from accounts.auth import SuspensionAwareBackend

    if suspension is not None:
        suspend(alice, moderator, suspension)
    assert (SuspensionAwareBackend().get_user(alice.pk) is not None) == signed_in
    alice.is_active = False
    alice.save()
    assert SuspensionAwareBackend().get_user(alice.pk) is None


@pytest.mark.parametrize("given", ["none", "own", "group", "both"])
def test_a_user_s_permissions_are_model_backend_s_in_one_query(
    alice, given, django_assert_num_queries
):
    from django.contrib.auth.backends import ModelBackend
    from django.contrib.auth.models import Group, Permission

    from accounts.auth import SuspensionAwareBackend

    moderate = Permission.objects.get(codename="moderate_game")
    others = list(Permission.objects.exclude(pk=moderate.pk).order_by("pk")[:3])
    if given in ("own", "both"):
        alice.user_permissions.add(moderate, others[0])
    if given in ("group", "both"):
        group = Group.objects.create(name="helpers")
        group.permissions.add(moderate, others[1], others[2])
        alice.groups.add(group)
    expected = ModelBackend().get_all_permissions(type(alice).objects.get(pk=alice.pk))

    user = type(alice).objects.get(pk=alice.pk)
    with django_assert_num_queries(1):
        found = SuspensionAwareBackend().get_all_permissions(user)
        assert SuspensionAwareBackend().has_perm(user, "games.moderate_game") == (given != "none")
    assert found == expected
    assert len(found) == {"none": 0, "own": 2, "group": 3, "both": 4}[given]
    user.is_active = False
    assert SuspensionAwareBackend().get_all_permissions(user) == set()


def test_a_shown_game_its_creator_seats_and_users_are_those_the_orm_loads(
    alice, bob, django_assert_num_queries
):
    game = started_game(alice, [bob], bots=[2], players=3)
    orm_game = Game.objects.select_related("created_by").get(pk=game.pk)
    orm_seats = list(Seat.objects.filter(game=game).select_related("user").order_by("index"))

    with django_assert_num_queries(1):
        shown = selectors.game_get(public_id=game.public_id, with_seats=True)
        creator = shown.created_by
        seats = list(shown.seats.all())
        users = [seat.user for seat in seats]

    for field in Game._meta.concrete_fields:
        assert getattr(shown, field.attname) == getattr(orm_game, field.attname), field
    for field in type(creator)._meta.concrete_fields:
        assert getattr(creator, field.attname) == getattr(orm_game.created_by, field.attname)
    assert [seat.index for seat in seats] == [0, 1, 2]
    assert all(seat.game is shown for seat in seats)
    for mine, theirs in zip(seats, orm_seats, strict=True):
        for field in Seat._meta.concrete_fields:
            assert getattr(mine, field.attname) == getattr(theirs, field.attname), field
    assert users[2] is None
    for mine, theirs in zip(users[:2], orm_seats[:2], strict=True):
        for field in type(theirs.user)._meta.concrete_fields:
            assert getattr(mine, field.attname) == getattr(theirs.user, field.attname), field
    with pytest.raises(GameNotFoundError):
        selectors.game_get(public_id="no-such-game", with_seats=True)


def test_the_note_and_the_waiting_count_are_those_the_orm_reads(
    alice, bob, carol, django_assert_num_queries
):
    from games.models import GameNote
    from games.services import notes

    games = [started_game(alice, [bob]) for _ in range(3)]
    games.append(started_game(bob, [alice, carol]))
    Game.objects.filter(pk=games[2].pk).update(status="finished")
    notes.note_save(game=games[0], user=bob, text="mind the Angus")
    for game in games:
        for user in (alice, bob, carol):
            with django_assert_num_queries(1):
                note, waiting = prepared.note_and_waiting(game_pk=game.pk, user_pk=user.pk)
            orm_note = GameNote.objects.filter(game=game, user=user).first()
            assert waiting == selectors.waiting_games(user=user).count()
            if orm_note is None:
                assert note is None
            else:
                for field in GameNote._meta.concrete_fields:
                    assert getattr(note, field.attname) == getattr(orm_note, field.attname)
    assert prepared.note_and_waiting(game_pk=games[0].pk, user_pk=bob.pk)[0].text == (
        "mind the Angus"
    )
    counts = {u.username: selectors.waiting_games(user=u).count() for u in (alice, bob, carol)}
    assert sorted(counts.values()) != [0, 0, 0]  # someone is waited for

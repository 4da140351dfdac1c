"""Takebacks: asking to take back a decision the turn has passed on from, the others' answers,
lapsing, the takeback event and how the log, the replay, the events API and the record show
it (games.services.takebacks)."""

from __future__ import annotations

from datetime import timedelta

import pytest

import engine
import engine.bots
from common.errors import ConflictError, NotAllowedError
from games import replay, selectors, services
from games.models import Event, EventKind, Game, PlanStatus, TurnPlan, TurnTime
from tests.games.helpers import (
    client_for,
    end_a_turn_quietly,
    play_one,
    started_game,
)
from tests.games.play_helpers import client_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob, carol):
    return started_game(alice, [bob, carol])


def kinds_after(game: Game, seq: int) -> list[str]:
    return list(Event.objects.filter(game=game, seq__gt=seq).values_list("kind", flat=True))


def test_everyone_agreeing_takes_the_decision_back_to_the_asker(game, alice, bob, carol):
    decision, before = end_a_turn_quietly(game)

    services.takeback_ask(game=game, user=alice, expected_version=decision)
    game.refresh_from_db()
    pending = services.takeback_request(game)
    assert pending is not None
    assert (pending.seat, pending.decision, pending.back_to) == (0, decision, decision - 1)
    assert pending.waiting == (1, 2)

    services.takeback_answer(game=game, user=bob, agree=True, request=pending.seq)
    game.refresh_from_db()
    assert game.current_seat == 1  # still waiting for carol: nothing taken back yet
    services.takeback_answer(game=game, user=carol, agree=True)

    game.refresh_from_db()
    assert kinds_after(game, decision) == [
        EventKind.TAKEBACK_ASK,
        EventKind.TAKEBACK_AGREE,
        EventKind.TAKEBACK_AGREE,
        EventKind.TAKEBACK,
    ]
    takeback = Event.objects.get(game=game, seq=game.version)
    assert (takeback.seat, takeback.payload["to_seq"]) == (0, decision - 1)
    assert game.current_seat == 0
    assert game.takeback_asked is None
    assert engine.to_json(replay.state_at(game, use_cache=False)) == before
    assert engine.to_json(replay.replay_from_scratch(game)) == before


def test_the_taken_back_decision_stays_in_the_log_marked_and_in_the_record(game, alice, bob, carol):
    decision, _ = end_a_turn_quietly(game)
    services.takeback_ask(game=game, user=alice)
    services.takeback_answer(game=game, user=bob, agree=True)
    services.takeback_answer(game=game, user=carol, agree=True)
    game.refresh_from_db()

    assert decision in {e.seq for e in selectors.player_history(game=game)}
    assert selectors.taken_back_by_takeback(game=game) == {decision: game.version}
    texts = [selectors.event_text(e) for e in Event.objects.filter(game=game, seq__gt=decision)]
    assert texts[0].startswith(f"asked to take back #{decision} (")
    assert texts[-1].startswith(f"took back #{decision} (")

    events = client_for(bob).get(f"/api/games/{game.public_id}/events/?page_size=1000").json()
    marks = {row["seq"]: row["taken_back_by"] for row in events["results"]}
    assert marks[decision] == game.version
    assert marks[decision - 1] is None

    record = selectors.game_record(game=game)
    assert decision not in [move["seq"] for move in record["moves"]]
    assert record["takebacks"][0]["to_seq"] == decision - 1
    assert [move["seq"] for move in record["takebacks"][0]["moves"]] == [decision]

    page = client_of(bob).get(f"/games/{game.public_id}/").content.decode()
    assert "(taken back)" in page
    replay_page = client_of(bob).get(f"/games/{game.public_id}/replay/?at={decision}")
    assert replay_page.status_code == 200
    assert f'value="{decision}" class="current"' in replay_page.content.decode()


def test_a_refusal_ends_the_request_and_changes_nothing(game, alice, bob):
    decision, _ = end_a_turn_quietly(game)
    state = engine.to_json(replay.state_at(game))
    services.takeback_ask(game=game, user=alice)

    services.takeback_answer(game=game, user=bob, agree=False)

    game.refresh_from_db()
    assert kinds_after(game, decision) == [EventKind.TAKEBACK_ASK, EventKind.TAKEBACK_REFUSE]
    assert game.takeback_asked is None
    assert game.current_seat == 1
    assert engine.to_json(replay.state_at(game, use_cache=False)) == state
    with pytest.raises(ConflictError) as error:
        services.takeback_answer(game=game, user=bob, agree=True)
    assert error.value.code == "no_takeback_asked"


def test_any_move_lapses_the_request(game, alice, bob, carol):
    decision, _ = end_a_turn_quietly(game)
    services.takeback_ask(game=game, user=alice)
    services.takeback_answer(game=game, user=carol, agree=True)

    play_one(game)  # bob, to move, decides instead of answering

    game.refresh_from_db()
    assert kinds_after(game, decision)[-2:] == [EventKind.TAKEBACK_LAPSE, EventKind.MOVE]
    lapse = Event.objects.get(game=game, kind=EventKind.TAKEBACK_LAPSE)
    assert lapse.payload["reason"] == "moved"
    assert "a decision was made meanwhile" in selectors.event_text(lapse)
    assert game.takeback_asked is None
    with pytest.raises(ConflictError):
        services.takeback_answer(game=game, user=bob, agree=True)


def test_a_decision_revealed_since_cannot_be_taken_back(game, alice):
    for _ in range(30):  # rounds, until another seat's decision reveals something
        _decision, _ = end_a_turn_quietly(game)
        revealed = None
        while game.current_seat != 0:
            result = play_one(game)
            game.refresh_from_db()
            if engine.move_revealed(result.state) and game.current_seat != 0:
                revealed = result.version
                break
        if revealed is not None:
            break
    else:
        raise AssertionError("no decision revealed anything")

    with pytest.raises(ConflictError) as error:
        services.takeback_ask(game=game, user=alice)
    assert error.value.code == "takeback_revealed"
    assert f"Decision #{revealed} revealed" in error.value.message
    assert Event.objects.filter(game=game, kind=EventKind.TAKEBACK_ASK).count() == 0
    page = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    assert 'data-testid="takeback-refusal"' in page


def test_ones_running_turn_is_for_undo_and_one_request_at_a_time(game, alice, bob):
    with pytest.raises(ConflictError) as error:
        services.takeback_ask(game=game, user=alice)
    assert error.value.code == "nothing_to_take_back"
    game.refresh_from_db()
    services.move_submit(
        game=game,
        user=alice,
        move=engine.legal_moves(replay.state_at(game), 0)[0],
        queue_bots=False,
    )
    game.refresh_from_db()
    if game.current_seat == 0:
        with pytest.raises(ConflictError) as error:
            services.takeback_ask(game=game, user=alice)
        assert error.value.code == "takeback_own_turn"

    end_a_turn_quietly(game)
    services.takeback_ask(game=game, user=alice)
    with pytest.raises(ConflictError) as error:
        services.takeback_ask(game=game, user=bob)
    assert error.value.code == "takeback_waiting"
    with pytest.raises(NotAllowedError) as refused:
        services.takeback_answer(game=game, user=alice, agree=True)
    assert refused.value.code == "takeback_yours"


def test_bots_agree_at_once(alice):
    game = started_game(alice, bots=[1])
    decision, before = end_a_turn_quietly(game)

    services.takeback_ask(game=game, user=alice)

    game.refresh_from_db()
    assert kinds_after(game, decision) == [
        EventKind.TAKEBACK_ASK,
        EventKind.TAKEBACK_AGREE,
        EventKind.TAKEBACK,
    ]
    assert game.current_seat == 0
    assert engine.to_json(replay.state_at(game)) == before


def test_the_turn_and_its_clock_go_back_to_the_asker(alice, bob):
    game = started_game(alice, [bob], turn_time_limit=timedelta(hours=24))
    _decision, _ = end_a_turn_quietly(game)
    assert game.current_seat == 1
    assert game.turn_deadline is not None

    services.takeback_ask(game=game, user=alice)
    services.takeback_answer(game=game, user=bob, agree=True)

    game.refresh_from_db()
    taken_back_at = Event.objects.get(game=game, seq=game.version).created_at
    assert game.current_seat == 0
    assert game.turn_since >= taken_back_at  # the asker's turn starts again, with its clock
    assert game.turn_deadline is not None
    assert game.turn_deadline - game.turn_since >= timedelta(hours=24)
    # bob's interrupted turn counts as a turn of his (his time, his bank)
    assert TurnTime.objects.filter(user=bob, game=game).count() == 1


def test_a_takeback_drops_the_plans_made_since(game, alice, bob, carol):
    decision, _ = end_a_turn_quietly(game)
    plan = TurnPlan.objects.create(
        game=game, seat=2, user=carol, steps=[], planned_at=decision, status=PlanStatus.PENDING
    )
    services.takeback_ask(game=game, user=alice)
    services.takeback_answer(game=game, user=bob, agree=True)
    services.takeback_answer(game=game, user=carol, agree=True)

    plan.refresh_from_db()
    assert plan.status == PlanStatus.DROPPED


def test_the_api_asks_reads_and_answers(game, alice, bob, carol, make_user):
    decision, _ = end_a_turn_quietly(game)
    url = f"/api/games/{game.public_id}/takeback/"

    asked = client_for(alice).post(url, {"expected_version": decision}, format="json")
    assert asked.status_code == 201, asked.content
    assert asked.json()["decision"] == decision
    assert asked.json()["waiting"] == [1, 2]
    assert client_for(bob).get(url).json()["request"] == asked.json()["request"]
    assert client_for(make_user("dave")).get(url).status_code == 403
    again = client_for(alice).post(url, {}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "takeback_waiting"

    assert client_for(bob).put(url, {"agree": True}, format="json").status_code == 200
    done = client_for(carol).put(url, {"agree": True}, format="json")
    assert done.status_code == 200
    assert done.json()["request"] is None
    game.refresh_from_db()
    assert game.current_seat == 0
    bad = client_for(carol).put(url, {"agree": "maybe"}, format="json")
    assert bad.status_code == 400


def test_the_page_offers_the_takeback_and_the_answer(game, alice, bob):
    decision, _ = end_a_turn_quietly(game)
    page = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    assert f"Ask to take back #{decision}" in page

    response = client_of(alice).post(
        f"/games/{game.public_id}/takeback/", {"action": "ask", "expected_version": decision}
    )
    assert response.status_code == 302
    page = client_of(bob).get(f"/games/{game.public_id}/").content.decode()
    assert "Agree to the takeback" in page
    client_of(bob).post(f"/games/{game.public_id}/takeback/", {"action": "refuse"})
    game.refresh_from_db()
    assert game.takeback_asked is None
    assert Event.objects.filter(game=game, kind=EventKind.TAKEBACK_REFUSE).count() == 1

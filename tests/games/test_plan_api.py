"""The planned turn through the REST API: GET, PUT (notations, as a PLAN: email) and DELETE
of one's own plan; another player, a spectator and a stranger never get it."""

from __future__ import annotations

import pytest
from django.utils import translation

import engine
from games import replay, services
from games.models import PlanStatus, TurnPlan
from notifications.models import NotificationPreference
from tests.games.helpers import client_for, moves_passing_the_turn, started_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob, carol):
    """alice (seat 0) to move, bob and carol to plan."""
    game = started_game(alice, [bob, carol])
    moves_passing_the_turn(game, alice, before_each=None)
    game.refresh_from_db()
    return game


def first_options(game, seat: int, n: int) -> list[str]:
    """The notations of the preview's first ``n`` moves, each after the one before."""
    preview = engine.turn_preview(replay.state_at(game), seat)
    notations = []
    for _ in range(n):
        move = engine.legal_moves(preview, seat)[0]
        notations.append(engine.describe(preview, seat, move))
        preview = engine.apply(preview, seat, move)
        if engine.move_revealed(preview) or engine.current_player(preview) != seat:
            break
    return notations


def url(game) -> str:
    return f"/api/games/{game.public_id}/plan/"


def test_the_owner_puts_reads_and_deletes_their_plan(game, bob):
    notations = first_options(game, 1, 2)
    empty = client_for(bob).get(url(game))
    assert empty.status_code == 200
    assert empty.json()["status"] is None
    assert empty.json()["next"][0]["notation"] == notations[0]

    put = client_for(bob).put(url(game), {"steps": notations}, format="json")

    assert put.status_code == 200, put.content
    body = put.json()
    assert body["status"] == "pending"
    assert [step["notation"] for step in body["steps"]] == notations
    assert TurnPlan.objects.get(game=game, seat=1).steps[0]["notation"] == notations[0]
    assert client_for(bob).get(url(game)).json()["steps"] == body["steps"]

    assert client_for(bob).delete(url(game)).status_code == 204
    assert not TurnPlan.objects.filter(game=game, seat=1).exists()
    again = client_for(bob).delete(url(game))
    assert again.status_code == 409
    assert again.json()["code"] == "no_plan"


def test_a_bad_line_changes_nothing_and_says_which(game, bob):
    notations = first_options(game, 1, 1)
    client_for(bob).put(url(game), {"steps": notations}, format="json")

    bad = client_for(bob).put(
        url(game), {"steps": [notations[0], "fly to the moon"]}, format="json"
    )

    assert bad.status_code == 400
    assert "Line 2 (fly to the moon)" in bad.json()["message"]
    assert [s["notation"] for s in TurnPlan.objects.get(game=game, seat=1).steps] == notations
    malformed = client_for(bob).put(url(game), {"steps": "move B-3"}, format="json")
    assert malformed.status_code == 400
    too_long = client_for(bob).put(url(game), {"steps": ["x"] * 31}, format="json")
    assert too_long.status_code == 400


def test_planning_ones_own_turn_is_refused(game, alice):
    response = client_for(alice).put(url(game), {"steps": ["x"]}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "your_turn"


def test_nobody_else_ever_gets_the_plan(game, alice, bob, carol, make_user):
    notations = first_options(game, 1, 2)
    client_for(bob).put(url(game), {"steps": notations}, format="json")

    for other in (alice, carol):  # the other seats get their own (empty) plan
        body = client_for(other).get(url(game)).json()
        assert body["steps"] == []
        assert notations[0] not in str(body["steps"])
    stranger = make_user("dave")
    for method in ("get", "put", "delete"):
        response = getattr(client_for(stranger), method)(url(game), {"steps": []}, format="json")
        assert response.status_code == 404
        assert response.json()["code"] == "no_plan"
    assert TurnPlan.objects.get(game=game, seat=1).status == PlanStatus.PENDING


def test_a_stopped_plan_says_why_in_the_readers_language(game, bob):
    client_for(bob).put(url(game), {"steps": first_options(game, 1, 1)}, format="json")
    TurnPlan.objects.filter(game=game, seat=1).update(
        status=PlanStatus.STOPPED, stop_index=0, stop={"code": "no_longer_possible", "params": {}}
    )

    english = client_for(bob).get(url(game)).json()["stop"]
    NotificationPreference.objects.update_or_create(user=bob, defaults={"language": "fr"})
    french = client_for(bob).get(url(game)).json()["stop"]

    assert english == {
        "index": 0,
        "code": "no_longer_possible",
        "params": {},
        "text": "it is no longer possible",
    }
    with translation.override("fr"):
        assert french["text"] == translation.gettext("it is no longer possible")
    assert french["text"] != english["text"]


def test_services_and_api_agree_on_the_plan(game, bob):
    notations = first_options(game, 1, 1)
    services.plan_replace(game=game.public_id, user=bob, lines=notations)
    assert client_for(bob).get(url(game)).json()["steps"][0]["notation"] == notations[0]

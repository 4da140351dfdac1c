"""The engine's refusals in the reader's language: the English sentence the engine writes is
said again from its code and details (so nothing is lost in English), and French readers
get it in French, on the pages and in the API, with the engine's code."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.utils import translation

import engine
from games.terms.refusals import refusal_text
from notifications.models import NotificationPreference
from tests.games.helpers import started_game
from tests.games.play_helpers import client_of

STATE = engine.new_game(2, 1)
START = engine.legal_moves(STATE, 0)[0]

REFUSALS: dict[str, Callable[[], Any]] = {
    "bad_notation": lambda: engine.parse_move(STATE, 0, "  "),
    "unknown_move": lambda: engine.parse_move(STATE, 0, "deliver ABQ"),
    "not_your_turn (notation)": lambda: engine.parse_move(STATE, 1, "end"),
    "not_your_turn (out of turn)": lambda: engine.apply(STATE, 1, START),
    "not_your_turn (bot)": lambda: engine.bots.choose_move(STATE, 1, "heuristic"),
    "illegal_move (other type)": lambda: engine.apply(STATE, 0, {"type": "deliver"}),
    "illegal_move (same type)": lambda: engine.apply(STATE, 0, {"type": "start", "space": "Z"}),
    "bad_move": lambda: engine.apply(STATE, 0, {"space": "A"}),
}


def refusal_of(make: Callable[[], Any]) -> engine.IllegalMove:
    with pytest.raises(engine.IllegalMove) as refused:
        make()
    return refused.value


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_the_english_sentence_is_the_engines_own(case):
    refusal = refusal_of(REFUSALS[case])
    with translation.override("en"):
        assert refusal_text(refusal) == refusal.message


@pytest.mark.parametrize("case", sorted(REFUSALS))
def test_each_refusal_has_its_french_sentence(case):
    refusal = refusal_of(REFUSALS[case])
    with translation.override("fr"):
        french = refusal_text(refusal)
    assert french != refusal.message
    for value in refusal.details.values():
        assert str(value) in french  # the details (notation, seats) are kept as they are


def test_a_refusal_of_an_unknown_code_says_the_general_sentence_not_english():
    with translation.override("fr"):
        text = refusal_text(engine.IllegalMove("newer_code", "Some English reason."))
    assert text == "Ce coup n'est pas possible maintenant."


@pytest.mark.django_db
def test_a_french_players_typed_move_is_refused_in_french_with_the_engines_code(alice, bob):
    game = started_game(alice, [bob])
    NotificationPreference.objects.create(user=alice, language="fr")
    answer = client_of(alice).post(
        f"/api/games/{game.public_id}/moves/",
        {"text": "deliver ABQ", "expected_version": game.version},
        content_type="application/json",
    )
    assert answer.status_code == 400, answer.content
    body = answer.json()
    assert body["code"] == "unknown_move"
    assert "n'est pas un coup possible maintenant. Coups possibles :" in body["message"]
    assert "'deliver ABQ'" in body["message"]

"""The usual body of a move, read without DRF's serializer, reads exactly as the serializer
reads it; every other body is left to the serializer (and its words for the errors)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ValidationError

from games.api.move_input import usual_move_input
from tests.games.helpers import client_for, started_game, user_of_seat


def serializer_reading(body: Any) -> dict[str, Any] | None:
    from common.api import validated
    from games.api.views import GameMovesApi

    try:
        return validated(GameMovesApi.MoveInput, body)
    except ValidationError:
        return None


USUAL = [
    {"move": {"type": "move_herder", "to": "B-2"}, "expected_version": 12, "idempotency_key": "k"},
    {"move": {"type": "pass"}},
    {"move": {}, "expected_version": 0},
    {"move": {"type": "buy", "cards": [1, 2], "x": None}, "idempotency_key": "a" * 100},
    {"move": {"type": "pass"}, "idempotency_key": "0f3c-ab:12/x.y_z"},
]

LEFT_TO_THE_SERIALIZER = [
    [],
    "move",
    {},
    {"text": "pass"},
    {"move": {"type": "pass"}, "text": "pass"},
    {"move": None},
    {"move": "pass"},
    {"move": [{"type": "pass"}]},
    {"move": {"type": "pass"}, "expected_version": "3"},
    {"move": {"type": "pass"}, "expected_version": 3.0},
    {"move": {"type": "pass"}, "expected_version": True},
    {"move": {"type": "pass"}, "expected_version": -1},
    {"move": {"type": "pass"}, "expected_version": None},
    {"move": {"type": "pass"}, "expected_version": 10**30},
    {"move": {"type": "pass"}, "idempotency_key": ""},
    {"move": {"type": "pass"}, "idempotency_key": " k"},
    {"move": {"type": "pass"}, "idempotency_key": "k\n"},
    {"move": {"type": "pass"}, "idempotency_key": "a" * 101},
    {"move": {"type": "pass"}, "idempotency_key": "clé"},
    {"move": {"type": "pass"}, "idempotency_key": "a\x00b"},
    {"move": {"type": "pass"}, "idempotency_key": 12},
    {"move": {"type": "pass"}, "idempotency_key": None},
    {"move": {"type": "pass"}, "comment": "unknown fields are ignored by the serializer"},
]


@pytest.mark.parametrize("body", USUAL)
def test_the_usual_body_reads_as_the_serializer_reads_it(body):
    read = usual_move_input(body)
    assert read is not None
    assert read == serializer_reading(body)
    assert read["move"] is not body["move"]  # a copy, as DictField gives


@pytest.mark.parametrize("body", LEFT_TO_THE_SERIALIZER)
def test_any_other_body_is_left_to_the_serializer(body):
    assert usual_move_input(body) is None


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["move", "expected_version", "idempotency_key", "text", "other"]),
        json_values
        | st.integers(min_value=-2, max_value=2**63)
        | st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x2FF), max_size=102),
    )
)
def test_whatever_is_read_without_the_serializer_reads_as_with_it(body):
    read = usual_move_input(body)
    if read is not None:
        assert read == serializer_reading(body)


@pytest.mark.django_db
def test_a_usual_move_builds_no_serializer(alice, bob, monkeypatch):
    from games.api.views import GameMovesApi

    game = started_game(alice, [bob])
    api = client_for(user_of_seat(game, game.current_seat))
    legal = api.get(f"/api/games/{game.public_id}/legal-moves/").json()

    def refused(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the usual body went through the serializer")

    monkeypatch.setattr(GameMovesApi.MoveInput, "__init__", refused)
    answer = api.post(
        f"/api/games/{game.public_id}/moves/",
        {"move": legal["moves"][0], "expected_version": legal["version"], "idempotency_key": "a1"},
        format="json",
    )
    assert answer.status_code == 201, answer.content

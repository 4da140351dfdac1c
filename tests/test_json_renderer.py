"""The API's JSON renderer (``common.json_renderer``, orjson) writes the bytes DRF's own
renderer writes, for the views of real games and for the values DRF encodes itself."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import json
import uuid

import pytest
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer as DRFRenderer

import engine
from common.json_renderer import JSONRenderer


def both(data, media_type=None):
    return JSONRenderer().render(data, media_type), DRFRenderer().render(data, media_type)


@pytest.mark.parametrize("edition", ["1e", "2e"])
def test_the_views_of_a_game_are_the_same_bytes(edition):
    state = engine.new_game(players=3, seed=7, edition=edition)
    for _ in range(60):
        seat = engine.current_player(state)
        ours, drf = both({"version": 1, "view": engine.view(state, seat), "moves": []})
        assert ours == drf
        state = engine.apply(state, seat, engine.legal_moves(state, seat)[0])
    ours, drf = both(engine.view(state, None, reveal_all=True))
    assert ours == drf


def test_the_values_drf_encodes_itself_are_the_same_bytes():
    aware = datetime.datetime(2026, 3, 1, 12, 30, 5, 123456, tzinfo=datetime.UTC)
    data = {
        "when": aware,
        "naive": datetime.datetime(2026, 3, 1, 12, 30),
        "day": datetime.date(2026, 3, 1),
        "time": datetime.time(7, 5, 1, 250000),
        "span": datetime.timedelta(hours=3),
        "id": uuid.UUID("12345678-1234-5678-1234-567812345678"),
        "amount": decimal.Decimal("1.50"),
        "lazy": gettext_lazy("blue"),
        "words": 'café, 日本, \u2028 and \u2029, "quoted" \\ \n',
        "numbers": [0, -1, 2**63 - 1, 1.5, 0.1, 1e16, True, False, None],
        "keys": {1: "one", 2.5: "two and a half", None: "none", False: "no"},
        "tuple": (1, 2),
        "empty": {},
    }
    ours, drf = both(data)
    assert ours == drf


def test_a_tiny_float_is_the_same_number_written_shorter():
    ours, drf = both({"x": 1e-7})
    assert (ours, drf) == (b'{"x":1e-7}', b'{"x":1e-07}')
    assert json.loads(ours) == json.loads(drf)


def test_what_orjson_refuses_is_left_to_drf():
    big = {"n": 2**70}
    assert both(big)[0] == both(big)[1] == b'{"n":1180591620717411303424}'

    @dataclasses.dataclass
    class Point:
        x: int

    with pytest.raises(TypeError):
        JSONRenderer().render({"p": Point(1)})
    with pytest.raises(TypeError):
        DRFRenderer().render({"p": Point(1)})


def test_pretty_printing_is_drfs():
    ours, drf = both({"a": [1, 2]}, "application/json; indent=2")
    assert ours == drf == b'{\n  "a": [\n    1,\n    2\n  ]\n}'

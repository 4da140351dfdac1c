"""The body of ``POST /api/games/<id>/moves/`` as every client sends it, read without DRF.

Building and running ``GameMovesApi.MoveInput`` (a deep copy of its four fields, then each
field's checks) cost about 0.1 ms of every move's request, 2 to 5 % of its CPU. Nearly every
request has one shape: a move dict, the version it is based on and an idempotency key.
``usual_move_input`` takes exactly that shape, with values the serializer accepts unchanged,
and gives what the serializer would give; anything else (a text move, a string for a number,
a key with spaces around it, an unknown field, an error of any kind) returns None and goes
through the serializer, which words the errors as it always has.
"""

from __future__ import annotations

from typing import Any

#: The fields of the usual body (``text`` moves go through the serializer).
USUAL_FIELDS = frozenset({"move", "expected_version", "idempotency_key"})
#: ``MoveInput.idempotency_key``'s ``max_length``.
KEY_MAX_LENGTH = 100
#: Numbers beyond this (far past any version) are left to the serializer.
LARGEST_VERSION = 2**62


def usual_move_input(data: Any) -> dict[str, Any] | None:
    """``MoveInput``'s validated data for a body of the usual shape, or None: let the
    serializer read it.

    Accepted here only what the serializer takes as it is: ``move`` a JSON object (a copy
    of it, as ``DictField`` gives); ``expected_version`` an integer, not a boolean, from 0;
    ``idempotency_key`` printable ASCII of 1 to 100 characters without spaces at either end
    (``CharField`` would strip them, and refuses an empty one).
    """
    if type(data) is not dict or "move" not in data or not data.keys() <= USUAL_FIELDS:
        return None
    move = data["move"]
    if type(move) is not dict:
        return None
    result: dict[str, Any] = {"move": dict(move)}
    if "expected_version" in data:
        version = data["expected_version"]
        if type(version) is not int or not 0 <= version <= LARGEST_VERSION:
            return None
        result["expected_version"] = version
    if "idempotency_key" in data:
        key = data["idempotency_key"]
        if not (
            type(key) is str
            and 0 < len(key) <= KEY_MAX_LENGTH
            and key.isascii()
            and key.isprintable()
            and key == key.strip()
        ):
            return None
        result["idempotency_key"] = key
    return result

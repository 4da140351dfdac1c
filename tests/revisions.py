"""A deliberately changed rule, for the tests of rules versions: the cattleman walks one
space less. Written the way a real correction is (engine/revisions.py): a new revision, and
a branch at the point that changed. ``careless=True`` changes the rule for every revision
instead, as a correction made without a new revision would."""

from __future__ import annotations

from typing import Any

import pytest

from engine import revisions
from engine.rules import turn

CHANGED = 2


def shorter_walks(monkeypatch: pytest.MonkeyPatch, *, careless: bool = False) -> int:
    monkeypatch.setitem(
        revisions.REVISIONS, "1e", {**revisions.REVISIONS["1e"], CHANGED: "test: shorter walks"}
    )
    step_limit = turn.step_limit

    def limit(state: Any, player: Any) -> int:
        steps = step_limit(state, player)
        return steps - 1 if careless or revisions.since(state, CHANGED) else steps

    monkeypatch.setattr(turn, "step_limit", limit)
    return CHANGED

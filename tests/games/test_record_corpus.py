"""The corpus of recorded games replays, under each game's own rules, exactly as it was played.

``tests/records/<rules version>.jsonl.xz`` holds complete games played through the service
(tests/records/build.py): 2 to 4 players, both layouts, bots and random players, undos,
resignations, timeouts and moderators' rollbacks. Each is replayed from its event log alone
(games/lineage.py, as the service replays a game) and must give the same states (hashes every
few events and at the end), the same notation for every move, and the same end. A failure is
a change of behaviour on a recorded game: a bug, unless it comes as a new rules revision.
"""

from __future__ import annotations

import json
import lzma
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.golden import state_hash
from games import lineage
from games.models import EventKind
from tests.records.build import Table, record, refs_and_payloads

RECORDS = Path(__file__).resolve().parent.parent / "records"
CORPORA = sorted(RECORDS.glob("*.jsonl.xz"))


@cache
def corpus(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lzma.decompress(path.read_bytes()).decode().splitlines()]


def test_there_is_a_corpus_for_the_newest_rules_with_every_kind_of_game():
    newest = RECORDS / f"{engine.current_rules_version('1e')}.jsonl.xz"
    games = corpus(newest)
    assert len(games) >= 200
    assert {g["events"][0][2]["players"] for g in games} == {2, 3, 4}
    assert {g["events"][0][2]["options"]["layout"] for g in games} == {"beginner", "random"}
    kinds = Counter(kind for g in games for kind, _, _ in g["events"])
    for kind in (EventKind.UNDO, EventKind.RESIGN, EventKind.TIMEOUT, EventKind.ROLLBACK):
        assert kinds[kind] > 0, kind
    bots = {seat["bot"] for g in games for seat in g["events"][0][2]["seats"]}
    assert {None, "heuristic"} <= bots
    assert Counter(g["expect"]["status"] for g in games)["finished"] >= 150


@pytest.mark.parametrize("path", CORPORA, ids=[p.name.split(".")[0] for p in CORPORA])
def test_every_recorded_game_replays_as_it_was_played(path: Path):
    differences = []
    for game in corpus(path):
        differences += replay_differences(game)
        if len(differences) > 20:
            break
    assert differences == []


def replay_differences(game: dict[str, Any]) -> list[str]:
    name, expect = game["name"], game["expect"]
    refs, payloads = refs_and_payloads(game["events"])
    found = []
    last = None
    try:
        events = lineage.Lineage(refs)
        for seq, state, text in lineage.replay_events(events, payloads, seed=game["seed"]):
            if text is not None and text != payloads[seq]["text"]:
                found.append(f"{name} #{seq}: reads {text!r}, not {payloads[seq]['text']!r}")
            wanted = expect["checkpoints"].get(str(seq))
            if wanted is not None and state_hash(state) != wanted:
                found.append(f"{name}: the state after #{seq} differs")
            last = state
    except (lineage.ReplayError, engine.IllegalMove) as exc:
        return [*found, f"{name}: does not replay: {exc}"]
    if last is None:
        return [*found, f"{name}: no state"]
    if (events.last, engine.rules_version(last)) != (expect["version"], expect["rules_version"]):
        found.append(f"{name}: ends at #{events.last} under {engine.rules_version(last)}")
    if engine.current_player(last) != expect["current_seat"]:
        found.append(f"{name}: seat {engine.current_player(last)} to move")
    result = expect["result"] or {}
    if result.get("reason") == "game_over" and engine.scores(last) != result["scores"]:
        found.append(f"{name}: final scores {[s['total'] for s in engine.scores(last)]}")
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("number", [1])
def test_the_builder_records_second_edition_games_that_replay(
    settings, make_user, moderator, number
):
    """The corpus of the 2nd edition's rules ("2e-1") is built the same way (``--edition
    2e``) once those rules are complete; its games record and replay as the 1st edition's."""
    settings.GWT_EDITIONS = ["1e", "2e"]
    users = [make_user(f"p{i}") for i in range(4)]

    game = Table(number, users, moderator, "2e").play()
    recorded = record(game)

    assert recorded["expect"]["rules_version"] == "2e-1"
    assert recorded["events"][0][2]["edition"] == "2e"
    assert replay_differences({**recorded, "seed": game.seed}) == []

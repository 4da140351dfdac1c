"""The corpus of recorded games replays, under each game's own rules, exactly as it was played.

``tests/records/<rules version>.jsonl.xz`` holds complete games played through the service
(tests/records/build.py), one file per rules version of each edition: 2 to 4 players, both
layouts, bots and random players, undos, resignations, timeouts and moderators' rollbacks;
in the 2nd edition's also the Simmental variant and exchange tokens used out of turn. Each is
replayed from its event log alone (games/lineage.py, as the service replays a game) and must
give the same states (hashes every few events and at the end), the same notation for every
move, and the same end. A failure is
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
from games.models import OUT_OF_TURN, EventKind
from tests.records.build import Table, record, refs_and_payloads

RECORDS = Path(__file__).resolve().parent.parent / "records"
CORPORA = sorted(RECORDS.glob("*.jsonl.xz"))


@cache
def corpus(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in lzma.decompress(path.read_bytes()).decode().splitlines()]


# Per edition: at least how many games the corpus of its newest rules holds, and how many of
# them are finished (the others were abandoned or resigned, which the corpus keeps too).
SIZES = {"1e": (200, 150), "2e": (24, 18)}


@pytest.mark.parametrize("edition", sorted(SIZES))
def test_there_is_a_corpus_for_the_newest_rules_with_every_kind_of_game(edition):
    newest = RECORDS / f"{engine.current_rules_version(edition)}.jsonl.xz"
    games = corpus(newest)
    setups = [g["events"][0][2] for g in games]
    at_least, finished = SIZES[edition]
    assert len(games) >= at_least
    assert {setup["edition"] for setup in setups} == {edition}
    assert {setup["players"] for setup in setups} == {2, 3, 4}
    assert {setup["options"]["layout"] for setup in setups} == {"beginner", "random"}
    kinds = Counter(kind for g in games for kind, _, _ in g["events"])
    for kind in (EventKind.UNDO, EventKind.RESIGN, EventKind.TIMEOUT, EventKind.ROLLBACK):
        assert kinds[kind] > 0, kind
    bots = {seat["bot"] for setup in setups for seat in setup["seats"]}
    assert {None, "heuristic"} <= bots
    assert Counter(g["expect"]["status"] for g in games)["finished"] >= finished


def test_the_second_edition_corpus_plays_the_simmental_variant_and_tokens_out_of_turn():
    games = corpus(RECORDS / f"{engine.current_rules_version('2e')}.jsonl.xz")

    simmental = Counter(g["events"][0][2]["options"]["simmental"] for g in games)
    assert simmental[True] >= 6
    assert simmental[False] >= 6
    payloads = [payload for g in games for kind, _, payload in g["events"] if kind == "move"]
    out_of_turn = [p["text"].split()[0] for p in payloads if p.get(OUT_OF_TURN)]
    assert {"exchange", "discard"} <= set(out_of_turn)
    finished = [g for g in games if g["expect"]["status"] == "finished"]
    assert any(g["events"][0][2]["options"]["simmental"] for g in finished)


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


def moves_of(game: dict[str, Any]) -> list[tuple[str, int | None, Any]]:
    """A recorded game's events as the builder chose them (an event's payload may gain words
    for people, such as a journal line, that the corpus of an older day does not hold)."""
    return [(kind, seat, payload.get("move")) for kind, seat, payload in game["events"]]


@pytest.mark.django_db
def test_the_builder_plays_a_second_edition_game_as_its_corpus_recorded_it(
    settings, make_user, moderator
):
    """The builder is deterministic: its first 2nd edition table (two players, who also use
    exchange tokens out of turn) is played again move for move as the corpus of rules "2e-1"
    holds it, and the new record replays."""
    settings.GWT_EDITIONS = ["1e", "2e"]
    users = [make_user(f"p{i}") for i in range(4)]

    game = Table(0, users, moderator, "2e").play()
    recorded = record(game)

    [first, *_] = corpus(RECORDS / "2e-1.jsonl.xz")
    assert recorded["expect"]["rules_version"] == "2e-1"
    assert recorded["events"][0][2]["edition"] == "2e"
    assert any(payload.get(OUT_OF_TURN) for _, _, payload in recorded["events"])
    assert moves_of(recorded) == moves_of(first)
    assert recorded["expect"] == first["expect"]
    assert replay_differences({**recorded, "seed": game.seed}) == []

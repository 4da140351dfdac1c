"""Build the corpus of recorded games that the tests replay (tests/games/test_record_corpus.py).

    .venv/bin/python -m tests.records.build             # or: make corpus
    .venv/bin/python -m tests.records.build --games 20 --out /tmp/records
    .venv/bin/python -m tests.records.build --edition 2e     # the 2nd edition's newest rules
    make corpus EDITION=2e                                   # the same

Plays games through the game service on a scratch SQLite database (under var/corpus/,
Celery tasks run in-process), as players and moderators do: 2, 3 and 4 players, both layouts,
bots and players choosing at random or as the heuristic bot would, with undos, resignations,
turn timeouts (every policy, vacation days) and moderators' pauses and rollbacks. Each game's
whole event log (``[kind, seat, payload]`` per event, in seq order from 1) and what its replay
must give back (the state's hash every ``CHECKPOINT_EVERY`` events and after the last, how the
game stands) go to one JSON line of ``<out>/<rules version>.jsonl.xz`` (xz: about 5 bytes an
event). ``--edition 2e`` builds the 2nd edition's corpus: its games also play the Simmental
variant (every other group of six games), and its players also use exchange tokens while
another seat is to move (R2-TURN-01), settling the discards they owe at some later step.

The corpus of a rules version is written once, when that version is the newest, and kept
forever: a later change that alters how one of its games replays is a bug, unless it comes
as a new rules revision (docs/rules-notes.md, "Rules revisions"), whose own corpus is then
built beside it. The builder refuses to overwrite an existing corpus unless told to.
"""

from __future__ import annotations

import argparse
import json
import lzma
import random
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent.parent
CHECKPOINT_EVERY = 50
MAX_EVENTS = 4000
# Games per corpus unless --games says otherwise. The 1st edition's corpus came first and
# holds every habit many times over; the 2nd edition's 24 are each setting (2-4 players, both
# layouts, with and without the Simmental variant) twice, and already every habit (undos,
# resignations, timeouts, rollbacks, tokens used out of turn), while its replay stays short.
GAMES = {"1e": 210, "2e": 24}


def configure(work: Path, edition: str = "1e") -> None:
    """A fresh scratch site under ``work`` before anything reads the settings."""
    sys.path.insert(0, str(ROOT))
    from gwt_site import scratch

    scratch.configure(work, EMAIL_URL="dummy://", GAME_SNAPSHOT_EVERY="0", GWT_EDITIONS=edition)


class Table:
    """One game being played, with the habits chosen for it."""

    def __init__(self, number: int, users: list[Any], moderator: Any, edition: str = "1e") -> None:
        self.rng = random.Random(number)
        self.number = number
        self.edition = edition
        self.players = (2, 3, 4)[number % 3]
        self.layout = ("beginner", "random")[(number // 3) % 2]
        self.options: dict[str, Any] = {"layout": self.layout}
        if edition != "1e":
            self.options["simmental"] = (number // 6) % 2 == 1
        humans = self.rng.randint(1, self.players)
        self.bots = sorted(self.rng.sample(range(self.players), self.players - humans))
        self.style = self.rng.choice(["random", "heuristic"])
        self.bot_kind = "heuristic"
        self.users = users
        self.moderator = moderator
        self.undo_rate = self.rng.choice([0.0, 0.0, 0.04, 0.1])
        self.resign_at = self.rng.randint(30, 400) if self.rng.random() < 0.12 else None
        self.timeout_at = self.rng.randint(20, 300) if self.rng.random() < 0.2 else None
        self.rollback_at = self.rng.randint(30, 400) if self.rng.random() < 0.12 else None
        self.pause_at = self.rng.randint(10, 300) if self.rng.random() < 0.06 else None
        self.policy = self.rng.choice(["bot_move", "replace_by_bot", "abandon"])
        self.vacation = self.rng.choice([0, 0, 1])
        # Drawn last, and only where there are exchange tokens, so that the 1st edition's
        # tables are still those its corpus was built with.
        self.out_of_turn_rate = 0.0 if edition == "1e" else self.rng.choice([0.0, 0.03, 0.1])

    def play(self) -> Any:
        from games import services

        creator = self.users[min(set(range(self.players)) - set(self.bots))]
        game = services.game_create(
            creator=creator,
            players=self.players,
            edition=self.edition,
            options=self.options,
            bots=self.bots,
            bot_kind=self.bot_kind,
            turn_time_limit=timedelta(hours=24) if self.timeout_at else None,
            timeout_policy=self.policy,
            vacation_days=self.vacation,
            start_if_only_bots=False,  # the record's seed is set before the start
        )
        for seat in game.seats.order_by("index"):
            if not seat.bot and seat.user_id is None:
                services.game_join(game=game, user=self.users[seat.index])
        type(game).objects.filter(pk=game.pk).update(seed=self.rng.getrandbits(62))
        game.refresh_from_db()
        services.game_start(game=game, user=creator)
        for _ in range(MAX_EVENTS):
            game.refresh_from_db()
            if not self.step(game):
                return game
        raise RuntimeError(f"game {self.number} did not end within {MAX_EVENTS} events")

    def step(self, game: Any) -> bool:
        """One decision (or one of the habits'); False once the game has ended."""
        import engine.bots
        from games import moderation, replay, selectors, services
        from games.models import GameStatus
        from games.timecontrol.deadlines import turn_deadline_apply

        if game.status == GameStatus.PAUSED:
            moderation.game_resume(game=game, moderator=self.moderator, reason="back")
            return True
        if game.status != GameStatus.ACTIVE:
            return False
        seat = game.seats.get(index=game.current_seat)
        if self.pause_at is not None and game.version >= self.pause_at:
            self.pause_at = None
            moderation.game_pause(game=game, moderator=self.moderator, reason="a look")
            return True
        if self.rollback_at is not None and game.version >= self.rollback_at:
            self.rollback_at = None
            back = self.rng.randint(1, 8)
            moderation.game_rollback(
                game=game, to_seq=game.version - back, moderator=self.moderator, reason="mistake"
            )
            return True
        wants_out_of_turn = self.out_of_turn_rate and self.rng.random() < self.out_of_turn_rate
        if wants_out_of_turn and self.play_out_of_turn(game):
            return True
        if seat.bot:
            services.move_submit(game=game, user=None, queue_bots=False)
            return True
        if self.timeout_at is not None and game.version >= self.timeout_at:
            self.timeout_at = None if self.rng.random() < 0.7 else game.version + 60
            type(game).objects.filter(pk=game.pk).update(
                turn_deadline=game.turn_deadline - timedelta(days=30)
            )
            turn_deadline_apply(game_id=game.pk)
            return True
        user = seat.user
        if self.resign_at is not None and game.version >= self.resign_at:
            self.resign_at = None
            services.game_resign(game=game, user=user)
            return True
        wants_undo = self.undo_rate and self.rng.random() < self.undo_rate
        if wants_undo and selectors.undo_possible(game=game, user=user):
            services.move_undo(game=game, user=user, expected_version=game.version)
            return True
        state = replay.state_at(game)
        move = engine.bots.choose_move(
            state, seat.index, kind=self.style, rng=self.rng.getrandbits(32)
        )
        services.move_submit(
            game=game, user=user, move=move, expected_version=game.version, queue_bots=False
        )
        return True

    def play_out_of_turn(self, game: Any) -> bool:
        """A player not to move makes the one move the engine lists for them then: a discard
        owed for a token used out of turn, else the use of one of their exchange tokens.
        False when no such player has a move."""
        import engine
        from games import replay, services
        from games.models import SeatStatus

        state = replay.state_at(game)
        candidates = [
            (seat, moves)
            for seat in game.seats.filter(bot="", status=SeatStatus.PLAYING, user__isnull=False)
            .exclude(index=game.current_seat)
            .order_by("index")
            for moves in [engine.legal_moves(state, seat.index)]
            if moves
        ]
        if not candidates:
            return False
        seat, moves = self.rng.choice(candidates)
        services.move_submit(
            game=game,
            user=seat.user,
            move=self.rng.choice(moves),
            expected_version=game.version,
            queue_bots=False,
        )
        return True


def record(game: Any) -> dict[str, Any]:
    """The game's event log and what its replay must give back."""
    from engine.golden import state_hash
    from games import lineage as pure
    from games import move_store, replay
    from games.models import Event

    rows = list(Event.objects.filter(game=game).order_by("seq").values_list("seq", "kind", "seat"))
    payloads = move_store.payloads(
        Event.objects.filter(game=game).values_list("seq", *move_store.READ)
    )
    events = [[kind, seat, payloads[seq]] for seq, kind, seat in rows]
    refs, payloads = refs_and_payloads(events)
    lineage = pure.Lineage(refs)
    checkpoints: dict[str, str] = {}
    last = None
    for seq, state in pure.states_after_each(lineage, payloads, seed=game.seed):
        if seq % CHECKPOINT_EVERY == 0 or seq == lineage.last:
            checkpoints[str(seq)] = state_hash(state)
        last = state
    import engine

    assert last is not None
    assert engine.to_json(replay.replay_from_scratch(game)) == engine.to_json(last)
    return {
        "name": f"g{game.pk:03d}-{game.players}p-{game.options.get('layout')}"
        + ("-simmental" if game.options.get("simmental") else ""),
        "seed": game.seed,
        "events": events,
        "expect": {
            "version": game.version,
            "status": game.status,
            "rules_version": game.rules_version,
            "current_seat": engine.current_player(last),
            "result": game.result,
            "checkpoints": checkpoints,
        },
    }


def refs_and_payloads(events: list[list[Any]]) -> tuple[list[Any], dict[int, dict[str, Any]]]:
    """The corpus's event rows (``[kind, seat, payload]``, seq 1 first) as replay reads them
    (games.lineage)."""
    from games.lineage import EventRef
    from games.models import EventKind

    refs = []
    for seq, (kind, seat, payload) in enumerate(events, start=1):
        to_seq, rules = payload.get("to_seq"), payload.get("to")
        refs.append(
            EventRef(
                seq,
                kind,
                seat,
                int(to_seq) if to_seq is not None else None,
                bool(payload.get("revealed")),
                str(rules) if kind == EventKind.RULES_UPGRADE and rules else None,
            )
        )
    return refs, {seq: payload for seq, (_, _, payload) in enumerate(events, start=1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="how many (default: 1e 210, 2e 24)")
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "records")
    parser.add_argument("--work", type=Path, default=ROOT / "var" / "corpus")
    parser.add_argument("--force", action="store_true", help="overwrite an existing corpus")
    parser.add_argument("--edition", default="1e", help="the edition of the games (1e, 2e)")
    args = parser.parse_args(argv)
    configure(args.work, args.edition)
    from django.contrib.auth import get_user_model

    import engine

    users_model = get_user_model().objects
    users = [users_model.create_user(f"p{i}", f"p{i}@example.test", "pw") for i in range(4)]
    moderator = users_model.create_superuser("mod", "mod@example.test", "pw")
    path = args.out / f"{engine.current_rules_version(args.edition)}.jsonl.xz"
    if path.exists() and not args.force:
        print(f"{path} exists: the corpus of a released rules version is kept (--force)")
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    lines = []
    for number in range(args.games or GAMES.get(args.edition, 24)):
        game = Table(number, users, moderator, args.edition).play()
        lines.append(json.dumps(record(game), sort_keys=True, separators=(",", ":")))
        if (number + 1) % 10 == 0:
            print(f"{number + 1} games, {time.monotonic() - started:.0f} s", flush=True)
    text = "\n".join(lines) + "\n"
    path.write_bytes(lzma.compress(text.encode(), preset=9 | lzma.PRESET_EXTREME))
    print(f"{path}: {len(lines)} games, {path.stat().st_size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

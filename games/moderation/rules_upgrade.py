"""Moving a running game to the newest rules revision of its edition, when it can be.

A game keeps the rules it started with (``engine.revisions``): a correction released later
does not change it. A moderator may move it to the newest rules when every move that led to
its position is still legal under them. ``rules_upgrade_preview`` is the dry run: it replays
those moves under the newest rules and says what would change (the first move that would
become illegal, the scores, the seat to move, the moves whose notation would read
differently). ``game_rules_upgrade`` does it: a ``rules_upgrade`` event, after which the game
is the replay of its moves under the newer rules (``games.lineage``), plays them from then
on, and the positions before the event stay what they were. Refused with the reason when the
moves do not replay.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

import engine
from common.errors import ConflictError
from engine import Score, State
from games import ledger, move_store, replay
from games.lineage import EventRef, Lineage, new_state
from games.models import Event, EventKind, Game, GameStatus
from games.moderation.audit import check_reason
from games.moderation.game_actions import advance_keeping_pause, record_action
from games.terms.refusals import refusal_text


@dataclass(frozen=True)
class IllegalUnderNewRules:
    """The first move on the game's path that the newer rules refuse."""

    seq: int
    seat: int | None
    text: str
    reason: str


@dataclass(frozen=True)
class UpgradePreview:
    """What moving ``game`` from ``current`` to ``target`` rules would change."""

    game: Game
    current: str
    target: str
    moves: int = 0  # moves replayed
    illegal: IllegalUnderNewRules | None = None
    scores_now: list[Score] = field(default_factory=list)
    scores_after: list[Score] = field(default_factory=list)
    seat_now: int | None = None
    seat_after: int | None = None
    over_after: bool = False
    renamed: list[tuple[int, str, str]] = field(default_factory=list)  # (seq, now, after)
    state_after: State | None = None

    @property
    def needed(self) -> bool:
        return self.current != self.target

    @property
    def possible(self) -> bool:
        return self.needed and self.illegal is None and not self.over_after

    @property
    def refusal(self) -> str:
        """Why the upgrade cannot be done ("" when it can)."""
        if not self.needed:
            return gettext("The game is already played under the newest rules (%(rules)s).") % {
                "rules": self.target
            }
        if self.illegal is not None:
            return gettext(
                "Move #%(seq)d (%(move)s) would be illegal under %(rules)s: %(reason)s"
            ) % {
                "seq": self.illegal.seq,
                "move": repr(self.illegal.text),
                "rules": self.target,
                "reason": self.illegal.reason,
            }
        if self.over_after:
            return gettext("Under %(rules)s the game would already be over.") % {
                "rules": self.target
            }
        return ""

    @property
    def score_changes(self) -> list[tuple[int, int, int]]:
        """(seat, total now, total after) for each seat whose score would change."""
        return [
            (seat, now["total"], after["total"])
            for seat, (now, after) in enumerate(
                zip(self.scores_now, self.scores_after, strict=True)
            )
            if now["total"] != after["total"]
        ]


def rules_upgrade_preview(*, game: Game) -> UpgradePreview:
    """The dry run: the game's moves replayed under the newest rules of its edition."""
    current = game.rules_version
    target = engine.current_rules_version(game.edition)
    if game.version < 1 or current == target:
        return UpgradePreview(game=game, current=current, target=target)
    lineage = Lineage(replay.event_refs(game))
    path = lineage.path(game.version)
    payloads = move_store.payloads(
        Event.objects.filter(game=game, seq__in=path).values_list("seq", *move_store.READ)
    )
    now_state = replay.state_at(game, game.version)
    state = new_state(payloads[path[0]], game.seed, target)
    renamed: list[tuple[int, str, str]] = []
    moves = 0
    for seq in path[1:]:
        ref = lineage.refs[seq]
        if ref.kind != EventKind.MOVE:
            continue
        payload = payloads[seq]
        illegal = _apply(state, ref, payload)
        if isinstance(illegal, IllegalUnderNewRules):
            return UpgradePreview(
                game=game,
                current=current,
                target=target,
                moves=moves,
                illegal=illegal,
                scores_now=engine.scores(now_state),
            )
        text, state = illegal
        if text != payload.get("text"):
            renamed.append((seq, str(payload.get("text", "")), text))
        moves += 1
    return UpgradePreview(
        game=game,
        current=current,
        target=target,
        moves=moves,
        scores_now=engine.scores(now_state),
        scores_after=engine.scores(state),
        seat_now=engine.current_player(now_state),
        seat_after=engine.current_player(state),
        over_after=engine.is_over(state),
        renamed=renamed,
        state_after=state,
    )


def _apply(
    state: State, ref: EventRef, payload: dict[str, Any]
) -> tuple[str, State] | IllegalUnderNewRules:
    move = payload["move"]
    seat = ref.seat if ref.seat is not None else -1
    try:
        text = engine.describe(state, seat, move)
        return text, engine.apply(state, seat, move)
    except engine.IllegalMove as exc:
        return IllegalUnderNewRules(
            seq=ref.seq,
            seat=ref.seat,
            text=str(payload.get("text", "")),
            reason=refusal_text(exc),  # the moderator's language, as the rest of the refusal
        )


def _change(preview: UpgradePreview) -> dict[str, Any]:
    """What the event and the audit row record of the upgrade."""
    return {"from": preview.current, "to": preview.target, "moves": preview.moves}


def game_rules_upgrade(*, game: Game, moderator: User, reason: str) -> Game:
    """Move a running game to the newest rules of its edition (see the module docstring)."""
    reason = check_reason(reason)
    with transaction.atomic():
        game, seats = ledger.lock(game)
        if game.status not in {GameStatus.ACTIVE, GameStatus.PAUSED}:
            raise ConflictError(
                "game_not_active",
                gettext(
                    "Only a game in progress changes rules; a finished one keeps those it had."
                ),
            )
        preview = rules_upgrade_preview(game=game)
        if not preview.possible or preview.state_after is None:
            raise ConflictError("rules_upgrade_refused", preview.refusal)
        state = preview.state_after
        seq = record_action(
            game,
            moderator=moderator,
            kind=EventKind.RULES_UPGRADE,
            reason=reason,
            notify=True,
            state=state,
            **_change(preview),
        )
        game.rules_version = preview.target
        advance_keeping_pause(game, state, seq=seq, seats=seats)
        return game

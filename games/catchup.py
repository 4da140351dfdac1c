"""What happened since a player's last decision that concerns them ("what changed for me").

Read from the player's own views before and after each move of the others (``engine.view``
of their seat: the same redaction as every page), so nothing hidden can show: fees paid to
them, buildings and hazards placed ahead of their herder (where their routes go), cards
taken from or added to the cattle market, the job market changing, objectives and station
masters taken, and another engine passing theirs on the railroad. Each move that concerns
them is kept with its lines, so that the replay viewer can step through those moves only.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

import engine
from engine import State, View
from games import prepared, replay
from games.models import Event, EventKind, Game
from games.terms import places

# More moves than this since a player's last decision: only the latest are read.
MAX_MOVES_READ = 60


@dataclass(frozen=True)
class Concern:
    """A move of another seat that concerns the player, and what it did to them."""

    seq: int
    seat: int | None
    lines: list[str] = field(default_factory=list)


def concerns_since_last_decision(
    game: Game, seat: int, *, upto: int | None = None
) -> list[Concern]:
    """The moves since ``seat``'s last decision (up to event ``upto``, default the game's
    version) that concern it, in order."""
    upto = game.version if upto is None else upto
    events = prepared.events_since_own_move(game_pk=game.pk, seat=seat, upto=upto)
    return concerns_in(game, seat, events, upto=upto)[0]


def _moves_read(events: Sequence[Event]) -> list[Event]:
    """The moves of ``events`` that ``concerns_in`` plays, the latest MAX_MOVES_READ."""
    moves = [e for e in events if e.kind == EventKind.MOVE and e.seat is not None]
    return moves[-MAX_MOVES_READ:]


def first_state(events: Sequence[Event], *, upto: int) -> int:
    """The seq of the state ``concerns_in`` starts from with these ``events``: the position
    before the first move it plays, or ``upto`` when there is none (a batch of turn emails
    reads these states at once: ``replay.read_states``)."""
    moves = _moves_read(events)
    return moves[0].seq - 1 if moves else upto


def concerns_in(
    game: Game, seat: int, events: Sequence[Event], *, upto: int
) -> tuple[list[Concern], State]:
    """The concerns among ``events`` (those since ``seat``'s last decision, up to ``upto``,
    as the caller read them), and the state after event ``upto``, reached by playing them
    from the position before the first one read: a caller that needs both (a turn email)
    replays the game once."""
    moves = _moves_read(events)
    if not moves:
        return [], replay.state_at(game, upto)
    found: list[Concern] = []
    state = replay.state_at(game, moves[0].seq - 1)
    at = moves[0].seq - 1
    for event in [e for e in events if e.seq > at]:
        mover = event.seat
        if event.kind != EventKind.MOVE or mover is None:
            state, at = replay.state_at(game, event.seq), event.seq  # undo, timeout, ...
            continue
        before = engine.view(state, seat) if mover != seat else None
        try:
            state = engine.apply(state, mover, event.payload["move"])
        except (engine.IllegalMove, KeyError, TypeError):
            state = replay.state_at(game, event.seq)
        at = event.seq
        if before is not None:
            lines = view_changes(before, engine.view(state, seat), seat, mover)
            if lines:
                found.append(Concern(seq=event.seq, seat=mover, lines=lines))
    if at != upto:
        state = replay.state_at(game, upto)
    return found, state


def view_changes(before: View, after: View, me: int, mover: int | None) -> list[str]:
    """What one move of ``mover`` changed that concerns seat ``me``, from ``me``'s views."""
    lines: list[str] = []
    mine_before, mine_after = before["players"][me], after["players"][me]
    money = int(mine_after["money"]) - int(mine_before["money"])
    if money > 0:
        lines.append(_("you were paid $%(n)d") % {"n": money})
    elif money < 0:
        lines.append(_("you paid $%(n)d") % {"n": -money})
    ahead = _ahead(after, mine_after.get("herder"))
    trail_before: dict[str, Any] = dict(before["trail"])
    for where, tile in after["trail"].items():
        if _placed(trail_before.get(where)) == _placed(tile) or where not in ahead:
            continue
        lines.append(
            _("%(tile)s placed on %(where)s, ahead of you")
            % {"tile": _tile_name(after, where, tile), "where": where}
        )
    taken = _ids(before["cattle_market"]) - _ids(after["cattle_market"])
    added = _ids(after["cattle_market"]) - _ids(before["cattle_market"])
    if taken or added:
        lines.append(
            _("cattle market: %(taken)d taken, %(added)d new")
            % {"taken": len(taken), "added": len(added)}
        )
    if before["job_market"] != after["job_market"]:
        lines.append(_("the job market changed"))
    objectives = _ids(before["objective_display"]) - _ids(after["objective_display"])
    if objectives:
        lines.append(_("objective taken: %(ids)s") % {"ids": ", ".join(sorted(objectives))})
    if mover is not None and mover != me:
        other_before, other_after = before["players"][mover], after["players"][mover]
        if len(other_after["station_masters"]) > len(other_before["station_masters"]):
            lines.append(_("a station master taken"))
        if _passed(other_before["engine"], other_after["engine"], mine_after["engine"], after):
            lines.append(_("their engine passed yours"))
    return lines


def _ids(cards: Any) -> set[str]:
    return {str(card["id"]) for card in cards if isinstance(card, dict) and "id" in card}


def _placed(tile: Any) -> tuple[str, Any] | None:
    return (str(tile.get("tile")), tile.get("owner")) if isinstance(tile, dict) else None


def _tile_name(view: View, where: str, tile: Mapping[str, Any]) -> str:
    """A building by its printed number ("building 2b"); a hazard, teepee or outlaw by what is
    printed on it ("a green outlaw (green hand)"), since their ids are only the engine's."""
    if tile.get("kind") == "building":
        return _("building %(id)s") % {"id": tile.get("tile", "?")}
    return places.tile_words(places.section_tile(view, where))


def _ahead(view: View, herder: Any) -> set[str]:
    """The trail locations between the herder and Kansas City: where its routes go."""
    trail = engine.edition_data(str(view["edition"])).trail
    if not isinstance(herder, str):
        herder = trail.START  # not yet on the trail: every route is ahead
    seen: set[str] = set()
    queue = deque([herder])
    while queue:
        for nxt in trail.successors(queue.popleft()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def _passed(before: Any, after: Any, mine: Any, view: View) -> bool:
    railroad = engine.edition_data(str(view["edition"])).railroad
    try:
        return (
            railroad.position(str(before))
            < railroad.position(str(mine))
            < railroad.position(str(after))
        )
    except (KeyError, ValueError):
        return False

"""Computer players: a random bot and a heuristic bot, for simulations, benchmarks, golden
games and seats without a human.

``choose_move(state, seat, kind)`` returns one of ``legal_moves(state, seat)``.  Both bots
are pure functions of their arguments: the same state (and seed) always gives the same move,
so a game between bots is reproducible from its seed alone.

What the bots may know.  The heuristic bot reads only what ``engine.view(state, seat)``
shows its seat: the public board, its own hand, its discard pile, and its draw pile as a
*set* (the player knows which of its cards are not in sight, never their order).  It never
reads another seat's hand, the order of any stack, or the PRNG.  It reads those facts from
the state directly rather than building a view, because a view per decision would cost more
than the decision itself.  The random bot draws its randomness from its own seed mixed with
the state's public move counter, never from the game's PRNG.

How the heuristic bot decides.  Every legal move gets a value in dollars (one VP counts as
``Weights.vp`` dollars) and the best one is played; ties go to the first listed move, so the
choice is stable.  Values are rough estimates of what a move is worth now: the money it
brings (worth less the more the bot holds), the victory points it secures, the breeding
value it adds for the next Kansas City visit, the progress it makes along the trail.  How
much an investment (a worker, a building's actions, engine progress) is worth shrinks as
the job market fills, because that is what ends the game.  Each seat follows a *plan*
(which worker kind it favours) so that a table of bots does not fight over the same workers.
What is keyed by an edition's ids (worker values, building actions, where to build, ...) is
in ``engine.bots_tuning``, one set per edition; the weights (``Weights``) are shared.

Out of turn (2nd edition) a bot only settles the discards its seat owes for a token used
out of turn; it never uses a token out of turn itself: the same decision in its own turn,
at Kansas City's income (``exchange_gain``), sees the same hand.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from engine import bots_tuning, editions, flow
from engine import rng as prng
from engine.bots_tuning import first as first_tuning
from engine.component_types import ActionSpec
from engine.components import breed, card_vp, is_objective, tile_kind, tile_type, value
from engine.editions import Edition
from engine.errors import IllegalMove
from engine.move_types import Move, MoveParams
from engine.rules import (
    actions,
    auxiliary,
    cattle_market,
    discs,
    kansas_city,
    locations,
    movement,
    out_of_turn,
    railroad,
    scoring,
    simmental,
)
from engine.state import (
    builders,
    cert_limit_index,
    certificates,
    permanent_certificates,
    workers,
)
from engine.state_types import Frame, State

KINDS: tuple[str, ...] = ("heuristic", "random")

# --- the random bot ----------------------------------------------------------------------

_MASK64 = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    """A 64-bit mixing function, so that neighbouring (seed, seq, seat) give unrelated draws."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def random_index(state: State, seat: int, n: int, rng: int | list[int] | None = None) -> int:
    """An index in [0, n): from a caller-owned PCG state (advanced in place), or else from
    the integer seed ``rng`` (default 0) mixed with the state's move counter and the seat."""
    if isinstance(rng, list):
        return prng.below(rng, n)
    seed = 0 if rng is None else int(rng)
    mixed = _splitmix64(_splitmix64(_splitmix64(seed & _MASK64) ^ state["seq"]) ^ seat)
    return prng.below(prng.seed_state(mixed), n)


# --- entry point ---------------------------------------------------------------------------


def choose_move(
    state: State, seat: int, kind: str = "heuristic", rng: int | list[int] | None = None
) -> Move:
    """The move bot ``kind`` plays for ``seat`` now; raises IllegalMove if it has none.

    ``rng`` only matters to the random bot: an integer seed, or a PCG state from
    ``engine.rng.seed_state`` that the caller owns and that is advanced in place."""
    if kind not in KINDS:
        raise ValueError(f"unknown bot kind {kind!r}; known: {', '.join(KINDS)}")
    if state["over"] or (seat != state["current"] and out_of_turn.decision(state, seat) is None):
        # Out of turn a bot only settles what it owes (an exchange token's discards).
        raise IllegalMove("not_your_turn", f"Seat {seat} has no decision to make now.", seat=seat)
    moves = flow.legal_moves(state, seat)
    if not moves:
        raise IllegalMove("no_moves", "No move is possible now.")
    if kind == "random":
        return moves[random_index(state, seat, len(moves), rng)]
    return _Heuristic(state, seat).choose(moves)


# --- the heuristic bot: tuning ------------------------------------------------------------


@dataclass(frozen=True)
class Weights:
    """The heuristic bot's tuning, in dollars (at the money level where $1 counts fully).

    Kept in one place so that variants can be played against each other.  The defaults
    came from a coordinate search: each weight scaled by 0.7 and 1.3 in turn, kept when the
    variant outscored the current weights over 60 seeded 2- and 4-player games (six sweeps),
    then checked on other seeds.
    ``engine.simulate``, the golden games and ``bench/`` use the defaults."""

    vp: float = 1.4  # one victory point
    cert: float = 2.1  # a temporary certificate kept for a later Kansas City visit
    engine_step: float = 0.45  # one track space forward, before the last cross
    engine_step_late: float = 0.27  # beyond the last cross only stations remain
    progress: float = 0.3  # one location nearer Kansas City
    lap: float = 3.6  # a Kansas City visit uses one of the game's few laps
    fee_to_opponent: float = 0.2  # a fee also helps the opponent who receives it
    disc_unlock: float = 3.4  # clearing a disc space unlocks an ability
    card_in_hand: float = 0.42  # a distinct breed in hand, per breeding-value point
    plan_factor: float = 2.3  # the worker kind the seat's plan favours
    other_factor: float = 0.8  # the other two kinds
    remove_jersey: float = 1.5  # removing a Jersey thins the deck for good
    worker_scale: float = 1.3  # multiplies WORKER_VALUE
    build_scale: float = 1.7  # multiplies a building's actions and hands
    cattle_bv: float = 1.0  # a bought card's breeding value, per point, for a new breed
    pair_risk: float = 0.65  # chance of having to close a negative arrow later
    kansas_city: float = 3.0  # a Kansas City disc: -6 VP, and one disc fewer for far cities


DEFAULT_WEIGHTS = Weights()

# The 1st edition's tables under their old names; each game reads its own edition's
# (``engine.bots_tuning``).
PLANS: tuple[str, ...] = first_tuning.PLANS
WORKER_VALUE = first_tuning.WORKER_VALUE
BUILDING_ACTIONS = first_tuning.BUILDING_ACTIONS
PLACE_ORDER = first_tuning.PLACE_ORDER
DISC_ORDER = first_tuning.DISC_ORDER
IMMEDIATE_VALUE = first_tuning.IMMEDIATE_VALUE
TASK_DIFFICULTY = first_tuning.TASK_DIFFICULTY
SM_UPPER = first_tuning.SM_UPPER

# Money is worth less the more of it the bot holds: piecewise-linear utility breakpoints.
# At the very end $1 is only worth 1/5 VP (final scoring); the bot blends towards that.
MONEY_SLOPES: tuple[tuple[int, float], ...] = ((0, 1.3), (6, 1.0), (15, 0.75), (30, 0.5))
MONEY_PER_VP_AT_END = 5

_PLAYABLE_OBJECTIVE_FRAMES = frozenset({"phase_a", "loc"})


def _money_breakpoints() -> tuple[tuple[int, float, float], ...]:
    """(start, slope, utility at start) for each piece of the money utility."""
    out = []
    total = 0.0
    for i, (start, slope) in enumerate(MONEY_SLOPES):
        out.append((start, slope, total))
        if i + 1 < len(MONEY_SLOPES):
            total += slope * (MONEY_SLOPES[i + 1][0] - start)
    return tuple(reversed(out))


_MONEY_PIECES = _money_breakpoints()


def _money_utility(m: float) -> float:
    for start, slope, base in _MONEY_PIECES:
        if m >= start:
            return base + slope * (m - start)
    return MONEY_SLOPES[0][1] * m  # below zero: a debt counts at the steepest slope


@lru_cache(maxsize=256)
def _remaining(ed: Edition, occupied: frozenset[str]) -> dict[str, int]:
    """Locations still to pass before Kansas City from every trail node (fewest), given the
    spaces that hold a tile.  Cached: the trail changes far less often than decisions."""
    trail = ed.trail
    rem: dict[str, int] = {trail.KC: 0}

    def walk(node: str) -> int:
        if node in rem:
            return rem[node]
        best = 99
        for nxt in trail.successors(node):
            step = 1 if (nxt == trail.KC or nxt in occupied) else 0
            best = min(best, walk(nxt) + step)
        rem[node] = best
        return best

    for node in trail.NODES:
        walk(node)
    return rem


def game_phase(state: State) -> float:
    """How far the game is, 0 at the start to 1 at the end: how much of the job market has
    filled since setup (its filling, not the turn count, decides when the game ends)."""
    jm = state["job_market"]
    if jm["token_row"] is None:
        return 1.0
    n = state["num_players"]
    cols = editions.of(state).player_board.job_columns(n)
    row = jm["rows"][jm["token_row"]]
    filled = jm["token_row"] * len(cols) + sum(1 for c in cols if row[c] is not None)
    initial = 2 * n - 1  # workers placed at setup (R1-SETUP-13)
    total = len(jm["rows"]) * len(cols)
    return min(1.0, max(0.0, (filled - initial) / (total - initial)))


def _hit_chance(pool: int, hits: int, n: int) -> float:
    """The chance that ``n`` cards drawn from ``pool`` include one of its ``hits``."""
    miss = 1.0
    for i in range(min(n, pool)):
        miss *= max(0, pool - hits - i) / (pool - i)
    return 1.0 - miss


class _Heuristic:
    """One decision of the heuristic bot; caches what several move values share."""

    def __init__(self, state: State, seat: int, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.s = state
        self.ed = ed = editions.of(state)
        self.last_cross = ed.railroad.CROSSES[-1] + 1
        self.seat = seat
        self.w = weights
        self.p = state["players"][seat]
        self.frame = state["stack"][-1]
        self.t = t = bots_tuning.for_edition(ed)
        self.plan = t.plans[seat % len(t.plans)]
        self.last_lap = state["end"] is not None
        self.phase = 1.0 if self.last_lap else game_phase(state)
        self.future = 1.0 - self.phase  # how much of the game is left to use an investment
        self._end_weight = self.phase**2
        self._loc_cache: dict[str, float] = {}
        self._remaining: dict[str, int] | None = None
        self._deck_breeds: dict[str | None, int] | None = None
        self._supply: dict[str, int] | None = None
        self._aux: float | None = None
        self.simmental = simmental.on(state)

    # --- choosing ---------------------------------------------------------------------

    def choose(self, moves: list[Move]) -> Move:
        plays = [m for m in moves if m["type"] == "play_objective"]
        if plays:
            # Playing an objective card is a side decision: do it when it pays by itself.
            if self.frame["t"] in _PLAYABLE_OBJECTIVE_FRAMES:
                best_play = max(plays, key=self.play_objective_value)
                if self.play_objective_value(best_play) > 0:
                    return best_play
            moves = [m for m in moves if m["type"] != "play_objective"]
        if self.p.get("exchange_tokens"):  # 2nd edition: a token may be used now
            exchanges = [m for m in moves if m["type"] == "exchange"]
            if exchanges:
                moves = [m for m in moves if m["type"] != "exchange"]
                best_exchange = max(exchanges, key=self.exchange_gain)
                if self.exchange_gain(best_exchange) > self.token_worth():
                    return best_exchange
        best, best_value = moves[0], self.value(moves[0])
        for move in moves[1:]:
            v = self.value(move)
            if v > best_value:
                best, best_value = move, v
        return best

    def value(self, move: Move) -> float:
        handler: Callable[[Move], float] | None = getattr(self, f"_v_{move['type']}", None)
        if handler is None:
            return 0.0  # end, done, pass: the baseline every other move must beat
        return handler(move)

    # --- money ------------------------------------------------------------------------

    def utility(self, m: float) -> float:
        w = self._end_weight
        return (1 - w) * _money_utility(m) + w * self.w.vp / MONEY_PER_VP_AT_END * m

    def gain(self, amount: float, base: float | None = None) -> float:
        m = self.p["money"] if base is None else base
        return self.utility(m + amount) - self.utility(m)

    def cost(self, amount: float, base: float | None = None) -> float:
        return -self.gain(-amount, base)

    # --- hand and deck ------------------------------------------------------------------

    def hand_bv(self) -> int:
        return kansas_city.base_breeding_value(self.ed, self.p["hand"])

    def keep_value(self, cid: str) -> float:
        """What keeping this hand card is worth for the next Kansas City visit."""
        if is_objective(self.ed, cid):
            return 0.8
        ed = self.ed
        b = breed(ed, cid)
        if self.simmental and simmental.is_simmental(self.s, cid):
            # Kept until Kansas City, a Calf or a Heifer is upgraded there (R2-SIMM-10/11).
            upgrade = max(0.0, self.upgrade_gain(cid))
        else:
            upgrade = 0.0
        if sum(1 for c in self.p["hand"] if not is_objective(ed, c) and breed(ed, c) == b) > 1:
            return 0.2 + 0.05 * value(ed, cid) + upgrade  # a duplicate adds no breeding value
        return self.w.card_in_hand * value(self.ed, cid) + upgrade

    def deck_breeds(self) -> dict[str | None, int]:
        """Breeds in our whole deck (as a multiset; the draw pile's order is never read)."""
        if self._deck_breeds is None:
            out: dict[str | None, int] = {}
            for pile in ("draw", "hand", "discard"):
                for c in self.p[pile]:
                    if not is_objective(self.ed, c):
                        out[breed(self.ed, c)] = out.get(breed(self.ed, c), 0) + 1
            self._deck_breeds = out
        return self._deck_breeds

    def cert_gain(self, spaces: int) -> float:
        p = self.p
        track = self.ed.player_board.CERT_TRACK
        new = min(p["cert"] + spaces, max(p["cert"], cert_limit_index(p)))
        return (track[new] - track[p["cert"]]) * self.w.cert

    # --- the railroad -------------------------------------------------------------------

    def engine_value(self, to: str, money_after: int | None = None) -> float:
        rr = self.ed.railroad
        here = rr.position(self.p["engine"])
        there = rr.position(to)
        early = max(0, min(there, self.last_cross) - min(here, self.last_cross))
        late = (there - here) - early
        v = (early * self.w.engine_step + late * self.w.engine_step_late) * (0.3 + self.future)
        station = rr.STATION_AT.get(to)
        if station is not None:
            money = self.p["money"] if money_after is None else money_after
            v += max(0.0, self.station_value(station, money))
        if to == rr.LAST:
            v += self.gain(3)
        return v

    def engine_back_cost(self, to: str) -> float:
        rr = self.ed.railroad
        back = rr.position(self.p["engine"]) - rr.position(to)
        v = back * self.w.engine_step * (0.3 + self.future)
        station = rr.STATION_AT.get(to)
        if station is not None:
            v -= max(0.0, self.station_value(station))
        return v

    def station_value(self, station: str, money: int | None = None) -> float:
        money = self.p["money"] if money is None else money
        if self.seat in self.s["stations"][station]:
            return -99.0
        _, _, cost, vp, corner, has_sm = self.ed.railroad.STATIONS[station]
        if cost > money or not discs.board_discs(self.s, self.seat, corner, reserve=cost):
            return -99.0
        v = vp * self.w.vp + self.disc_worth() - self.cost(cost, money)
        if has_sm and self.s["station_masters"].get(station):
            v += 2.0
        return v

    def disc_worth(self) -> float:
        """Clearing a disc helps, unless the board runs short of discs for deliveries."""
        left = len(self.p["discs"])
        return self.w.disc_unlock if left > 4 else self.w.disc_unlock - 2.0 * (5 - left)

    # --- the trail ----------------------------------------------------------------------

    def remaining(self) -> dict[str, int]:
        if self._remaining is None:
            self._remaining = _remaining(self.ed, frozenset(self.s["trail"]))
        return self._remaining

    def route_value(self, to: str, via: list[str], fees: bool = True, stop: bool = True) -> float:
        rem = self.remaining()
        trail = self.ed.trail
        here = self.p["herder"] or trail.START
        v = (rem.get(here, 0) - rem[to]) * self.w.progress
        if fees:
            amount = 0
            to_opponents = 0
            for space in [*via, to]:
                fee, owner = movement.fee(self.s, self.seat, space)
                amount += fee
                if owner is not None:
                    to_opponents += fee
            paid = min(amount, self.p["money"])
            v -= self.cost(paid) + self.w.fee_to_opponent * min(to_opponents, paid)
        if stop:
            v += self.kc_visit_value() - self.w.lap if to == trail.KC else self.location_value(to)
        return v

    def location_value(self, space: str) -> float:
        """What phase B at ``space`` would bring: its local actions, or one auxiliary action."""
        if space in self._loc_cache:
            return self._loc_cache[space]
        cell = self.s["trail"][space]
        tile = cell["tile"]
        aux = self.best_single_aux()
        local = 0.0
        neutral = self.ed.buildings.NEUTRAL
        if cell["owner"] == self.seat or (cell["owner"] is None and tile in neutral):
            frame: Frame = {"t": "loc", "space": space, "tile": tile}
            for slot in locations.location_slots(self.s, frame):
                local += max(0.0, max(self.spec_value(spec) for spec in slot))
        v = max(local, aux)
        self._loc_cache[space] = v
        return v

    def best_single_aux(self) -> float:
        """The one auxiliary action possible anywhere (the same at every location)."""
        if self._aux is None:
            self._aux = max(
                (self._v_aux(m) for m in auxiliary.aux_moves(self.s, False)),
                default=0.0,
            )
        return self._aux

    def spec_value(self, spec: ActionSpec) -> float:
        """Best value of one local action at a location we are only considering."""
        kind = spec["kind"]
        if kind == "move":
            # A further stop; not worth simulating here.
            return 1.0 + 0.5 * actions.count(self.s, spec["n"])
        if kind == "copy":
            return 3.0
        if kind == "extraordinary_delivery":
            return 2.0
        return max(
            (self.action_value(spec, params) for params in actions.spec_moves(self.s, spec)),
            default=-1.0,
        )

    # --- Kansas City --------------------------------------------------------------------

    def kc_visit_value(self) -> float:
        bv = self.hand_bv() + permanent_certificates(self.ed, self.p)
        certs = certificates(self.ed, self.p)
        return 1.0 + max(
            self.gain(bv + c)
            + self.delivery_value(bv + c, transport=True, money=self.p["money"] + bv + c)
            - c * self.cert_keep()
            for c in range(certs + 1)
        )

    def cert_keep(self) -> float:
        """A certificate spent now is not there for a later visit (none after the last)."""
        return 0.0 if self.last_lap else self.w.cert * (0.3 + 0.7 * self.future)

    def delivery_value(self, bv: int, transport: bool, money: int | None = None) -> float:
        return max(
            (
                self.city_value(c, transport, money)
                for c in self.ed.cities.ORDER
                if kansas_city.deliverable(self.s, self.seat, c, bv, transport)
            ),
            default=0.0,
        )

    def my_city_vp(self, extra: str | None = None) -> int:
        mine = {c: seats.count(self.seat) for c, seats in self.s["cities"].items()}
        if extra is not None:
            mine[extra] += 1
        cities = self.ed.cities
        vp = sum(city_vp * mine[c] for c, city_vp in cities.CITY_VP.items())
        for (a, b), (_, pair_vp) in cities.ARROWS.items():
            if mine[a] and mine[b]:
                vp += pair_vp
        return vp

    def city_value(self, city: str, transport: bool, money: int | None = None) -> float:
        s, w = self.s, self.w
        cities = self.ed.cities
        v = (self.my_city_vp(city) - self.my_city_vp()) * w.vp
        mine = {c for c, seats in s["cities"].items() if self.seat in seats}
        for (a, b), (action, pair_vp) in cities.ARROWS.items():
            if city not in (a, b):
                continue
            other = b if city == a else a
            if other in mine:
                if action == "objective" and city not in mine:
                    v += 2.5  # the delivery action: an objective card
                elif action == "exchange_token" and city not in mine:
                    v += self.token_worth()  # R2-KC-05
            elif pair_vp > 0:
                v += 0.4 * pair_vp * w.vp * self.future  # half a pair, if we get there later
            elif pair_vp < 0:
                v += w.pair_risk * pair_vp * w.vp  # a pair we may be forced to close later
        if city == "KAN":
            v += self.gain(cities.KAN_MONEY, money) - w.kansas_city

        if transport:
            v -= self.cost(kansas_city.transport_cost(self.ed, self.p["engine"], city), money)
        v += 0.15 * cities.CITIES[city][1]  # the far cities are the scarce ones
        if discs.board_discs(s, self.seat, cities.CITIES[city][2]):
            v += self.disc_worth()
        else:
            v -= 3 * w.vp  # a disc must come back from a station
        return v

    # --- objectives ---------------------------------------------------------------------

    def task_supply(self) -> dict[str, int]:
        if self._supply is None:
            supply = dict(scoring.task_supply(self.s, self.seat))
            for played in self.p["objectives"]:
                for t in self.ed.objectives.ALL[played][1]:
                    supply[t] = supply.get(t, 0) - 1
            self._supply = supply
        return self._supply

    def objective_chance(self, cid: str) -> float:
        """Rough chance of fulfilling the card by the end, from what is still missing."""
        supply = self.task_supply()
        if cid in self.p["objectives"]:
            supply = dict(supply)
            for t in self.ed.objectives.ALL[cid][1]:
                supply[t] += 1
        need: dict[str, int] = {}
        difficulty = self.t.task_difficulty
        for t in self.ed.objectives.ALL[cid][1]:
            need[t] = need.get(t, 0) + 1
        missing = sum(difficulty[t] * max(0, n - max(0, supply.get(t, 0))) for t, n in need.items())
        if missing == 0:
            return 1.0
        if self.last_lap:
            return 0.0
        return math.exp(-missing * (0.6 + 2.0 * self.phase))

    def objective_take_value(self, cid: str) -> float:
        if cid == "stack":
            return 1.0
        action, _, plus, _ = self.ed.objectives.ALL[cid]
        return plus * self.w.vp * self.objective_chance(cid) + self.t.immediate_value[action] - 1.0

    def play_objective_value(self, move: Move) -> float:
        cid = move["card"]
        action, _, _, minus = self.ed.objectives.ALL[cid]
        risk = (1.0 - self.objective_chance(cid)) * (-minus) * self.w.vp
        return self.t.immediate_value[action] + 1.5 - risk

    # --- move values, by move type ------------------------------------------------------

    def _v_start(self, move: Move) -> float:
        return self.route_value(move["space"], [], fees=False)

    def _v_move(self, move: Move) -> float:
        return self.route_value(move["to"], move["via"])

    def _v_action(self, move: Move) -> float:
        return self.action_value(self.find_spec(move["id"]), move)

    def find_spec(self, ident: str) -> ActionSpec:
        frame = self.frame
        if frame["t"] == "once":
            return next(s for s in frame["specs"] if s["id"] == ident)
        for slot in locations.location_slots(self.s, frame):
            for spec in slot:
                if spec["id"] == ident:
                    return spec
        raise AssertionError(f"no action {ident!r} here")

    def _v_aux(self, move: MoveParams) -> float:
        n = move["aux"]
        times = 2 if move["double"] else 1
        if n == 1:
            return self.gain(times)
        if n == 2:
            return 0.7 * times
        if n == 3:
            return self.cert_gain(times) - self.cost(times) - self.engine_back_cost(move["to"])
        if n == 4:
            return self.engine_value(move["to"], self.p["money"] - times) - self.cost(times)
        removable = sorted((self._v_remove({"card": c}) for c in self.p["hand"]), reverse=True)
        gained = sum(max(0.0, v) for v in removable[:times])
        money = self.ed.player_board.AUX_REMOVE_MONEY[move["double"]]  # R2-AUX-01
        if money:
            gained += self.gain(money)
        return gained - self.engine_back_cost(move["to"])

    def _v_discard(self, move: Move) -> float:
        return -self.keep_value(move["card"])

    def _v_remove(self, move: MoveParams) -> float:
        cid = move["card"]
        if is_objective(self.ed, cid):
            _, _, plus, _ = self.ed.objectives.ALL[cid]
            return 1.5 * self.future - plus * self.w.vp * self.objective_chance(cid)
        if breed(self.ed, cid) == "jersey":
            return self.w.remove_jersey * self.future
        same = self.deck_breeds().get(breed(self.ed, cid), 0)
        return 1.0 * self.future if value(self.ed, cid) <= 2 and same >= 3 else -1.0

    def card_worth(self, cid: str) -> float:
        """A market card in our deck: its VP, and the breeding value it brings."""
        have = self.deck_breeds().get(breed(self.ed, cid), 0)
        bv = value(self.ed, cid) * self.w.cattle_bv * (1.0 if have == 0 else 0.5)
        worth = card_vp(self.ed, cid) * self.w.vp + bv * self.future
        if self.simmental and simmental.is_simmental(self.s, cid):
            worth += self.future * self.t.simmental_upgrade  # later visits may upgrade it
        return worth

    def _v_buy(self, move: Move) -> float:
        options = self.ed.cattle.BUY_OPTIONS
        if move["option"] not in options:  # the Simmental market tile's (R2-SIMM-08/09)
            options = simmental.buy_options(self.s)
        price = options[move["option"]][1]
        return sum(self.card_worth(c) for c in move["cards"]) - self.cost(price)

    def _v_simmental(self, move: Move) -> float:
        """Upgrade ``n`` Simmentals in hand to the next stage (R2-SIMM-10..16): free, and the
        new card is worth more in the deck (breeding value and VP) than the one boxed."""
        data = editions.second(self.s).simmental
        here = next(c for c in self.p["hand"] if data.simmental_stage(c) == move["stage"])
        per = self.upgrade_gain(here)
        return move["n"] * per

    def upgrade_gain(self, cid: str) -> float:
        """What upgrading the Simmental ``cid`` adds to the deck; nothing once the next
        stage's stack is empty or for a Cow (R2-SIMM-16)."""
        ed = self.ed
        stage = editions.second(self.s).simmental.simmental_stage(cid)
        stack = self.s["simmental"].get(str((stage or 3) + 1), [])
        if not stack:
            return 0.0
        there = stack[-1]  # a stage's cards are alike
        gain = (card_vp(ed, there) - card_vp(ed, cid)) * self.w.vp
        return gain + (value(ed, there) - value(ed, cid)) * self.w.cattle_bv * 0.5 * self.future

    def _v_market_draw(self, move: Move) -> float:
        return -0.5

    def _v_place(self, move: Move) -> float:
        space = move["space"]
        cell = self.s["trail"].get(space)
        place_order = self.t.place_order
        order = place_order.index(space) if space in place_order else len(place_order)
        if cell is None:
            return 10.0 - 0.2 * order
        return 5.0 - self.ed.buildings.vp(cell["tile"])

    def _v_upgrade(self, move: Move) -> float:
        return self.station_value(move["station"])

    def _v_engine(self, move: Move) -> float:
        """Space 39: back to a free space for $3 (a station behind us is worth stopping on)."""
        station = self.ed.railroad.STATION_AT.get(move["to"])
        v = 0.02 * self.ed.railroad.position(move["to"])
        if station is not None:
            v += max(0.0, self.station_value(station, self.p["money"] + 3))
        return v

    def _v_appoint(self, move: Move) -> float:
        sm = self.s["station_masters"].get(self.frame["station"])
        if sm is None:
            return -99.0
        upper, lower = self.ed.railroad.STATION_MASTERS[sm]
        vp = self.w.vp
        v = self.t.sm_upper.get(upper, 0.0)
        p = self.p
        if lower == "per_worker":
            v += (sum(1 + len(r) for r in p["workers"].values()) + 2 * self.future) * vp
        elif lower == "per_2_objectives":
            v += 3 * ((len(p["objectives"]) + 1) // 2) * vp
        elif lower == "per_2_hazards":
            v += 3 * ((len(p["hazards"]) + 1) // 2) * vp
        elif lower in ("per_teepee_pair", "per_outlaw_pair"):
            v += 3 * (actions.teepee_pairs(self.ed, p) + 0.5 * self.future) * vp
        elif lower == "per_2_certificates":
            certs = certificates(self.ed, p) + permanent_certificates(self.ed, p)
            v += 3 * ((certs + 1) // 2) * vp
        elif lower == "per_2_stations":
            stations = sum(1 for seats in self.s["stations"].values() if self.seat in seats)
            v += 3 * ((stations + 1) // 2 + 0.5 * self.future) * vp
        elif lower == "per_building":
            buildings = sum(1 for c in self.s["trail"].values() if c["owner"] == self.seat)
            v += 2 * (buildings + 2 * self.future) * vp
        n = workers(p, move["worker"])
        return v - self.worker_value(move["worker"], n - 1)

    def _v_disc(self, move: Move) -> float:
        if "station" in move:
            return -self.ed.railroad.STATIONS[move["station"]][3] * self.w.vp
        space = move["space"]
        board = self.ed.player_board
        v = 20.0 - self.t.disc_order.index(space)
        # Keep white discs for white cities; on a dark space use a dark disc.
        if self.target_corner() == "dark" and board.DISC_SPACES[space] == "white":
            v -= 10.0
        if space.startswith("HAND-") and self.p["money"] < board.HAND_DISC_COST + 4:
            v -= 8.0
        return v

    def target_corner(self) -> str:
        frame = self.frame
        if frame["target"] == "city":
            return self.ed.cities.CITIES[frame["to"]][2]
        return self.ed.railroad.STATIONS[frame["to"]][4]

    def _v_take_objective(self, move: Move) -> float:
        return self.objective_take_value(move["card"])

    def _v_foresight(self, move: Move) -> float:
        tid = self.s["foresight"][self.frame["n"] - 1][move["slot"]]
        assert tid is not None, "only spaces with a tile are offered"
        kind = tile_kind(self.ed, tid)
        if kind == "worker":
            return 1.0 + (1.0 if tile_type(self.ed, tid) == self.plan else 0.0)
        return self.t.foresight.get(kind, 0.0)

    def _v_income(self, move: Move) -> float:
        return self.income_value(self.hand_bv(), move["certificates"])

    def income_value(self, hand_bv: int, c: int) -> float:
        """Kansas City's income with ``c`` certificates used, and the delivery it allows."""
        bv = hand_bv + permanent_certificates(self.ed, self.p) + c
        money = self.p["money"] + bv
        return (
            self.gain(bv)
            - c * self.cert_keep()
            + self.delivery_value(bv, transport=True, money=money)
        )

    def best_income_value(self, hand_bv: int) -> float:
        """The best income decision with a hand of breeding value ``hand_bv``."""
        moves = kansas_city.income_moves(self.s, self.frame)
        return max(self.income_value(hand_bv, m["certificates"]) for m in moves)

    def _v_deliver(self, move: Move) -> float:
        return self.city_value(move["city"], transport=self.frame["t"] == "kc_deliver")

    # --- actions ------------------------------------------------------------------------

    def worker_value(self, kind: str, have: int) -> float:
        board = self.ed.player_board
        if have >= board.WORKER_ROW_SPACES:
            return -99.0
        w = self.w
        factor = w.plan_factor if kind == self.plan else w.other_factor
        v = self.t.worker_value[kind][have] * factor * w.worker_scale * self.future
        if have + 1 >= board.WORKER_VP_SPACES[0]:
            v += board.WORKER_VP * w.vp
        return v

    def building_worth(self, tile: str, old: str | None = None) -> float:
        buildings = self.ed.buildings
        vp = buildings.vp(tile) - (buildings.vp(old) if old else 0)
        table = self.t.building_actions
        uses = table[tile] - (table[old] if old else 0)
        hands = len(buildings.hands(tile)) - (len(buildings.hands(old)) if old else 0)
        return vp * self.w.vp + (uses + 2.0 * hands) * self.w.build_scale * self.future

    def build_value(self, tile: str, rate: int) -> float:
        """Best of building ``tile`` on a free space or over one of our own buildings."""
        p = self.p
        buildings, spaces = self.ed.buildings, self.ed.trail.BUILDING_SPACES
        need = buildings.craftsmen(tile)
        have = builders(self.ed, p)
        best = -99.0
        free = any(sp not in self.s["trail"] for sp in spaces)
        if free and need <= have and need * rate <= p["money"]:
            best = self.building_worth(tile) - self.cost(need * rate)
        for space in spaces:
            cell = self.s["trail"].get(space)
            if cell is None or cell["owner"] != self.seat:
                continue
            diff = need - buildings.craftsmen(cell["tile"])
            if 0 < diff <= have and diff * rate <= p["money"]:
                best = max(best, self.building_worth(tile, cell["tile"]) - self.cost(diff * rate))
        return best

    def action_value(self, spec: ActionSpec, params: MoveParams) -> float:
        s, p = self.s, self.p
        kind = spec["kind"]
        if kind == "discard":
            card = params["card"]
            v = self.gain(spec.get("gain", 0)) - self.keep_value(card)
            if spec["card"] == "pair":
                same = sum(1 for c in p["hand"] if breed(self.ed, c) == breed(self.ed, card))
                v -= 0.3 if same > 2 else self.w.card_in_hand * value(self.ed, card) * 0.5
            if spec.get("cert"):
                v += self.cert_gain(spec["cert"])
            if spec.get("objective_to_hand"):
                v += 1.5
            if spec.get("engine"):
                v += self.engine_value(params["to"])
            return v
        if kind == "hire":
            price = self.ed.player_board.JOB_ROW_COSTS[params["row"]] + spec["mod"]
            return self.worker_value(params["worker"], workers(p, params["worker"])) - self.cost(
                price
            )
        if kind == "build":
            return self.build_value(params["building"], spec["rate"])
        if kind == "objective":
            return self.objective_take_value(params["card"])
        if kind == "engine":
            pay = spec.get("pay", 0)
            return self.engine_value(params["to"], p["money"] - pay) - self.cost(pay)
        if kind == "trade":
            money = self.ed.trail.SECTION_VALUE[params["space"]]
            return (self.gain(money) if money >= 0 else -self.cost(-money)) + 1.5
        if kind == "hazard":
            tid = s["trail"][params["space"]]["tile"]
            return self.ed.tiles.TILES[tid]["vp"] * self.w.vp + 1.0 - self.cost(spec["cost"])
        if kind == "aux":
            return self._v_aux(params)
        if kind == "buy":
            moves = cattle_market.buy_moves(s, workers(p, "cowboy"))
            return max((self._v_buy(m) for m in moves if m["type"] == "buy"), default=0.0)
        if kind == "move":
            again = spec.get("again", True)
            fees = spec.get("fees", True)
            return self.route_value(params["to"], params["via"], fees=fees, stop=again)
        if kind == "engine_back":
            return self.gain(spec["gain"]) - self.engine_back_cost(params["to"])
        if kind == "draw":
            return 0.6 * params["n"]
        if kind == "extraordinary_delivery":
            k = railroad.backward_any(s, self.seat)[params["to"]]
            return self.delivery_value(k, transport=False) - self.engine_back_cost(params["to"])
        if kind == "copy":
            cell = s["trail"][params["space"]]
            frame: Frame = {"t": "copy", "space": params["space"], "tile": cell["tile"]}
            return sum(
                max(0.0, max(self.spec_value(sp) for sp in slot))
                for slot in locations.location_slots(s, frame)
            )
        if kind == "upgrade_behind":
            return self.station_value(params["station"])
        if kind == "certificate":
            return self.cert_gain(actions.count(s, spec["n"]))
        if kind == "certificate_max":
            return self.cert_gain(10)
        if kind == "woods_money":
            return self.gain(spec["per"] * actions.woods_buildings(s))
        if kind == "money_per_engineer":
            return self.gain(spec["per"] * workers(p, "engineer"))
        if kind == "gain":
            return self.gain(actions.count(s, spec["n"]))
        if kind in ("teepee_pairs", "outlaw_pairs"):
            pairs = actions.teepee_pairs(self.ed, p)
            return self.gain(2 * pairs) + self.cert_gain(2 * pairs)
        if kind == "bounty":
            return self.bounty_value(params["space"])
        if kind == "money_per_builder":
            return self.gain(spec["per"] * builders(self.ed, p))
        if kind == "money_per_station":
            stations = sum(1 for seats in s["stations"].values() if self.seat in seats)
            return self.gain(spec["per"] * stations)
        if kind == "exchange_token":
            return actions.count(s, spec["n"]) * self.token_worth()
        return 0.0

    # --- the 2nd edition: outlaws and exchange tokens -------------------------------------

    def bounty_value(self, space: str) -> float:
        """Collecting an outlaw (R2-OUTLAW-03/04): the space's money or exchange token, and
        the tile itself, which objectives, 7a and a station master count (like a teepee)."""
        trail = self.ed.trail
        tokens = trail.SECTION_TOKENS.get(space, 0)
        return self.gain(trail.SECTION_VALUE[space]) + tokens * self.token_worth() + 1.5

    def token_worth(self) -> float:
        """An exchange token kept for a later Kansas City visit; worthless at the end
        (R2-EXCH-07)."""
        return 0.0 if self.last_lap else self.t.token * (0.3 + 0.7 * self.future)

    def exchange_gain(self, move: Move) -> float:
        """What using a token now (R2-EXCH-02: draw ``n``, then discard as many, keeping the
        best cards) is expected to add to the best decision without it; the bot uses one
        when that beats keeping the token (``token_worth``).  Two moments pay: Kansas City's
        income, which pays for the hand (``income_gain``), and a location whose discard
        action lacks its card (``dig_gain``); elsewhere nothing."""
        t = self.frame["t"]
        if t == "kc_income":
            return self.income_gain(move["n"])
        if t == "loc":
            return self.dig_gain(move["n"])
        return 0.0

    def draw_pool(self, n: int) -> list[str]:
        """The cards a draw of ``n`` comes from: the draw pile (a set: its order is hidden),
        with the discard pile when the draw pile runs out (reshuffled, R2-EXCH-06)."""
        p = self.p
        return p["draw"] if len(p["draw"]) >= n else p["draw"] + p["discard"]

    def dig_gain(self, n: int) -> float:
        """Local discard actions still to take here that lack their card: the chance that
        ``n`` cards drawn bring one, times what the best such action pays."""
        frame, s = self.frame, self.s
        if not frame["local"] or frame["aux"]:
            return 0.0
        pool = self.draw_pool(n)
        best = 0.0
        for i, slot in enumerate(locations.location_slots(s, frame)):
            if i in frame["used"]:
                continue
            for spec in slot:
                if spec["kind"] != "discard" or actions.spec_moves(s, spec):
                    continue
                wanted = spec["card"]
                hits = sum(1 for c in pool if self.meets(c, wanted))
                if hits == 0:
                    continue
                reward = self.gain(spec.get("gain", 0)) + self.cert_gain(spec.get("cert", 0))
                if spec.get("objective_to_hand"):
                    reward += 1.5
                if spec.get("engine"):
                    reward += 1.0
                best = max(best, _hit_chance(len(pool), hits, n) * (reward - 1.0))
        return best

    def meets(self, cid: str, wanted: str) -> bool:
        """Whether card ``cid`` meets a discard requirement (as far as one card can)."""
        ed = self.ed
        if wanted == "objective":
            return is_objective(ed, cid)
        if wanted in ("any", "pair"):
            return False  # "any" always finds a card in hand; a pair needs two
        if wanted == "value3":
            return not is_objective(ed, cid) and value(ed, cid) == 3
        return breed(ed, cid) == wanted

    def income_gain(self, n: int) -> float:
        """Draw ``n`` just before Kansas City pays for the hand: the expected best income
        decision with the best hand kept, less the best income decision now."""
        p = self.p
        pool = self.draw_pool(n)
        ed = self.ed
        hand: dict[str, int] = {}
        for c in p["hand"]:
            b = breed(ed, c)
            if b is not None:
                hand[b] = max(hand.get(b, 0), value(ed, c))  # R2-SIMM-17: the best one
        size = len(p["hand"])
        drawn: dict[tuple[str | None, int], int] = {}  # (breed, value) -> cards in pool
        for c in pool:
            b = breed(ed, c)
            key = (b, value(ed, c) if b is not None else 0)
            drawn[key] = drawn.get(key, 0) + 1
        classes = list(drawn.items())
        memo: dict[int, float] = {}

        def income(bv: int) -> float:
            if bv not in memo:
                memo[bv] = self.best_income_value(bv)
            return memo[bv]

        def kept_bv(extra: list[tuple[str | None, int]]) -> int:
            values = dict(hand)
            for b, v in extra:
                if b is not None:
                    values[b] = max(values.get(b, 0), v)
            return sum(sorted(values.values(), reverse=True)[:size])

        total = 0.0
        weight = 0
        for i, ((b1, v1), c1) in enumerate(classes):
            if n == 1:
                total += c1 * income(kept_bv([(b1, v1)]))
                weight += c1
                continue
            for (b2, v2), c2 in classes[i:]:
                pairs = c1 * (c1 - 1) // 2 if (b2, v2) == (b1, v1) else c1 * c2
                if pairs:
                    total += pairs * income(kept_bv([(b1, v1), (b2, v2)]))
                    weight += pairs
        if weight == 0:
            return 0.0
        return total / weight - income(self.hand_bv())

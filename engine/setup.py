"""Seeded setup of a game (R1-SETUP-*; fact sheet §14 gives the draw order)."""

from __future__ import annotations

from collections.abc import Mapping

from engine import editions, revisions
from engine import rng as prng
from engine.errors import IllegalMove
from engine.rules import simmental
from engine.state_types import GameOptions, PlayerState, State

LAYOUTS = ("beginner", "random")
OPTIONS_DEFAULT: GameOptions = {"layout": "beginner"}
# The 2nd edition's options always carry both keys (the Simmental variant, R2-SIMM-01, is off
# unless asked for).
OPTIONS_DEFAULT_2E: GameOptions = {"layout": "beginner", "simmental": False}


def check_options(options: Mapping[str, object] | None, second: bool = False) -> GameOptions:
    """The game's options, every key present: ``layout``, and for the 2nd edition
    (``second``) ``simmental``; an unknown key or value is refused (IllegalMove
    "bad_option")."""
    opts = (OPTIONS_DEFAULT_2E if second else OPTIONS_DEFAULT).copy()
    known = "layout, simmental" if second else "layout"
    for key, value in (options or {}).items():
        if key == "layout":
            if value not in LAYOUTS:
                raise IllegalMove("bad_option", f"layout must be one of {', '.join(LAYOUTS)}.")
            opts["layout"] = str(value)
        elif key == "simmental" and second:
            if not isinstance(value, bool):
                raise IllegalMove("bad_option", "simmental must be true or false.")
            opts["simmental"] = value
        else:
            raise IllegalMove("bad_option", f"Unknown option {key!r}; known options: {known}.")
    return opts


def place_supply_tile(state: State, tid: str) -> bool:
    """Put a teepee or hazard tile into its section (R1-KC-04/05).  False if no space is free.

    An outlaw tile (2nd edition) goes onto the empty outlaw space with the lowest number,
    which is the section's fill order (R2-SETUP-05, R2-OUTLAW-02)."""
    ed = editions.of(state)
    info = ed.tiles.TILES[tid]
    if info["kind"] in ("teepee", "outlaw"):
        for space, _ in ed.trail.SECTION_SPACES:
            if space not in state["trail"]:
                state["trail"][space] = {"tile": tid, "owner": None}
                return True
        return False
    for space in ed.trail.HAZARD_SPACES[info["type"]]:
        if space not in state["trail"]:
            state["trail"][space] = {"tile": tid, "owner": None}
            return True
    return False


def place_worker_in_job_market(state: State, tid: str) -> None:
    """Leftmost free space of the token's row; the token moves on when its space is filled
    (R1-KC-06..13).  The yellow arrow refills the cattle market; the last row's arrow (red in
    the 1st edition, green in the 2nd: R2-END-01) ends the game."""
    board = editions.of(state).player_board
    jm = state["job_market"]
    row = jm["token_row"]
    assert row is not None, "no worker is placed once the market is closed (R1-END-03/06)"
    cols = board.job_columns(state["num_players"])
    cells = jm["rows"][row]
    col = next(c for c in cols if cells[c] is None)
    cells[col] = tid
    if col == cols[-1]:
        arrow = board.JOB_ROW_ARROWS[row]
        if row == len(board.JOB_ROW_ARROWS) - 1:
            jm["token_row"] = None
            trigger_end(state)
        else:
            jm["token_row"] = row + 1
            if arrow == "yellow":
                refill_market(state)


def trigger_end(state: State) -> None:
    """R1-END-01/02/05: the active player takes the token; the others each get a final turn."""
    seat = state["current"]
    n = state["num_players"]
    state["players"][seat]["job_token"] = True
    state["end"] = {"by": seat, "remaining": [(seat + i) % n for i in range(1, n)]}


def refill_market(state: State) -> None:
    """Fill the market up to 7/10/13 (9/12/15 with the Simmental variant: R2-SIMM-05/07)
    from the stack; never removes cards (R1-KC-11/12)."""
    size = simmental.market_size(state)
    while len(state["market"]) < size and state["market_stack"]:
        state["market"].append(state["market_stack"].pop())
        state["revealed"] = True


def new_game(
    players: int,
    seed: int,
    edition: str = "1e",
    options: Mapping[str, object] | None = None,
    revision: int | None = None,
) -> State:
    ed = editions.get(edition)
    revision = revisions.current(edition) if revision is None else revision
    revisions.check(edition, revision)
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise IllegalMove("bad_players", "A game has 2, 3 or 4 players.")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalMove("bad_seed", "The seed must be an integer.")
    second = editions.has_exchange_tokens(ed)
    opts = check_options(options, second)
    random_layout = opts["layout"] == "random"
    rng = prng.seed_state(seed)

    # Every key from the start (empty until its setup step below fills it), in the order
    # the state has always had.
    state: State = {
        "edition": ed.name,
        "num_players": players,
        "options": opts,
        "rng": rng,
        "seq": 0,
        "revealed": True,
        "trail": {},
        "job_market": {"token_row": 0, "rows": [[None] * 4 for _ in range(12)]},
        "end": None,
        "over": False,
        "current": 0,
        "stack": [],
        "station_masters": {},
        "station_workers": {},
        "supply": {},
        "market": [],
        "market_stack": [],
        "foresight": [],
        "objective_stack": [],
        "objective_display": [],
        "building_sides": {},
        "removed_tiles": [],
        "removed_cards": [],
        "players": [],
        "stations": {s: [] for s in ed.railroad.STATIONS},
        "cities": {c: [] for c in ed.cities.ORDER},
    }
    if revision != revisions.FIRST:  # a first-revision state stays as it always was
        state["revision"] = revision

    # 1. Station masters (R1-SETUP-06): all 5 in the 1st edition; 5 of the 9, shuffled, in
    # the 2nd (R2-SETUP-03).
    sms: list[str | None] = list(ed.railroad.STATION_MASTERS)
    prng.shuffle(rng, sms)
    del sms[ed.railroad.STATION_MASTERS_DEALT :]
    state["station_masters"] = {f"S{i + 1}": sm for i, sm in enumerate(sms)}
    # 2. Neutral buildings (R1-SETUP-07).
    neutral = [f"N{x}" for x in ed.trail.NEUTRAL_SPACES]
    if random_layout:
        prng.shuffle(rng, neutral)
    for space, tid in zip(ed.trail.NEUTRAL_SPACES, neutral, strict=True):
        state["trail"][space] = {"tile": tid, "owner": None}
    # 4. Kansas City supply (R1-SETUP-09; three bags in the 2nd edition, R2-SETUP-04) and the
    # 7 starting trail tiles (R1-SETUP-11/12, R2-SETUP-05: a tile with no free space goes
    # back and another is drawn).
    supply = ed.tiles.supply_stacks()
    for stack in supply.values():
        prng.shuffle(rng, stack)
    state["supply"] = supply
    placed = 0
    while placed < 7:
        tid = supply["1"].pop()
        if place_supply_tile(state, tid):
            placed += 1
        else:
            supply["1"].append(tid)
            prng.shuffle(rng, supply["1"])
    # 5. Job market: 3/5/7 workers (R1-SETUP-13/14).
    for _ in range(2 * players - 1):
        place_worker_in_job_market(state, supply["2"].pop())
    # 6. Foresight spaces (R1-SETUP-15).
    state["foresight"] = [[supply[k].pop(), supply[k].pop()] for k in ("1", "2", "3")]
    # 7. Cattle market (R1-SETUP-16); the Simmental variant adds its Calves to the stack
    # and its two stacks beside Kansas City (R2-SIMM-03/06).
    state["market_stack"] = list(ed.cattle.MARKET_CARDS)
    if opts.get("simmental"):
        simmental.setup_stacks(state)
    prng.shuffle(rng, state["market_stack"])
    refill_market(state)
    # 8. Objective display (R1-SETUP-18).
    obj = list(ed.objectives.GENERAL)
    prng.shuffle(rng, obj)
    state["objective_stack"] = obj
    state["objective_display"] = [obj.pop() for _ in range(4)]
    # 9. Building sides (R1-SETUP-22).
    sides = {
        n: ("ab"[prng.below(rng, 2)] if random_layout else "a")
        for n in ed.buildings.BUILDING_NUMBERS
    }
    state["building_sides"] = sides
    # 10-12. Players (R1-SETUP-23..30); seat 0 is the start player.
    starting = list(ed.objectives.STARTING)
    prng.shuffle(rng, starting)
    state["removed_cards"] = list(starting[players:])
    for seat in range(players):
        deck = ed.cattle.starting_card_ids(seat)
        prng.shuffle(rng, deck)
        p: PlayerState = {
            "seat": seat,
            "money": ed.player_board.STARTING_MONEY[seat],
            "hand": [],
            "draw": deck,
            "discard": [],
            "removed": [],
            "objectives": [starting[seat]],
            "workers": {k: [] for k in ed.tiles.WORKER_KINDS},
            "cert": 0,
            "discs": list(ed.player_board.DISC_SPACES),
            "hazards": [],
            "teepees": [],
            "station_masters": [],
            "buildings": [f"{n}{sides[n]}" for n in ed.buildings.BUILDING_NUMBERS],
            "herder": None,
            "engine": ed.railroad.START,
            "job_token": False,
        }
        if second:
            # Outlaws instead of teepees (R2-OUTLAW-01), and 1 exchange token (R2-SETUP-09).
            del p["teepees"]
            p["outlaws"] = []
            p["exchange_tokens"] = ed.player_board.STARTING_EXCHANGE_TOKENS[seat]
        # 4 cards each in the 1st edition; 4/5/6/7 by seat in the 2nd (R2-SETUP-10).
        for _ in range(ed.player_board.STARTING_HANDS[seat]):
            p["hand"].append(p["draw"].pop())
        state["players"].append(p)
    return state

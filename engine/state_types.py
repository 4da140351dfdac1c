"""Shapes of the game state: the whole state, one player's part, and the decision frames.

The state is a plain JSON-ready dict (``engine.to_json`` is the identity); these
``TypedDict``s only name its keys for readers and for mypy.  Ids are the fact sheet's:
cards, tiles, trail spaces, track spaces, stations and cities are strings.
"""

from __future__ import annotations

from typing import NotRequired, Required, TypedDict

from engine.component_types import ActionSpec


class GameOptions(TypedDict):
    layout: str  # "beginner" or "random"
    simmental: NotRequired[bool]  # 2nd edition only (always there): the Simmental variant


class TrailCell(TypedDict):
    """A tile on a trail space: a building, hazard or teepee, and who owns it."""

    tile: str
    owner: int | None  # a seat for private buildings; None for everything else


class JobMarket(TypedDict):
    token_row: int | None  # None once the market is closed (R1-END-01)
    rows: list[list[str | None]]  # worker tile ids, 4 columns per row


class EndTrigger(TypedDict):
    by: int  # the seat that took the job market token
    remaining: list[int]  # seats still to have their final turn, in order


class PlayerState(TypedDict):
    seat: int
    money: int
    hand: list[str]  # card ids
    draw: list[str]  # card ids, top last
    discard: list[str]
    removed: list[str]  # cards removed from the game
    objectives: list[str]  # the objective area
    workers: dict[str, list[str]]  # hired worker tiles per kind (printed ones not included)
    cert: int  # index on the certificate track (player_board.CERT_TRACK)
    discs: list[str]  # disc spaces still holding a disc
    hazards: list[str]
    teepees: NotRequired[list[str]]  # 1st edition only
    outlaws: NotRequired[list[str]]  # 2nd edition only: collected outlaw tiles
    exchange_tokens: NotRequired[int]  # 2nd edition only
    station_masters: list[str]
    buildings: list[str]  # private building tiles not yet built
    herder: str | None  # trail space; None before the first turn
    engine: str  # track space
    job_token: bool


class FrameFields(TypedDict, total=False):
    """The fields of a decision frame besides its type ``t``, and which frames use them."""

    space: str  # loc, copy: the trail space
    tile: str  # loc, copy: the tile whose actions are offered
    local: bool  # loc: local actions may be used
    used: list[int]  # loc, copy: action slots used
    acted: bool  # loc: a local action was taken
    aux: bool  # loc: the auxiliary action was taken
    specs: list[ActionSpec]  # once: the actions offered
    n: int  # discard, first_discard, exchange_discard, remove: cards still to go;
    # kc_foresight: the space; effect: amount
    kind: str  # effect: "gain" or "certificate"
    cowboys: int  # buy: cowboys left
    building: str  # place: the tile to place
    rate: int  # place: dollars per craftsman
    station: str  # station, sm: the station
    target: str  # disc: "city" or "station"
    to: str  # disc: the city or station
    reserve: int  # disc: money to keep for what follows
    dest: str  # gain_objective: "hand" or "discard"
    optional: bool  # gain_objective
    bv: int  # kc_deliver, xdeliver: the breeding value to deliver
    city: str  # arrows: the city delivered to
    amount: int  # transport: dollars
    stage: int  # simm_upgrade: the stage whose cards in hand may be upgraded (1 or 2)
    drawn: int  # a side discard (engine.rules.out_of_turn): the cards the token drew


class Frame(FrameFields, total=False):
    """One entry of the decision stack; ``t`` is its type (a key of ``engine.flow.DECISIONS``
    or ``engine.flow.AUTOMATIC``)."""

    t: Required[str]


class StateRevision(TypedDict, total=False):
    """Absent from every state of a game's first rules revision (engine.revisions)."""

    revision: int


class SideFrames(TypedDict, total=False):
    """2nd edition: seat (a string: the state is JSON) -> its own pending frames outside the
    main stack, the discards of an exchange token used out of turn
    (``engine.rules.out_of_turn``); absent while no seat has any."""

    side: dict[str, list[Frame]]


class State(StateRevision, SideFrames):
    """The whole game state, hidden information and the PRNG included."""

    edition: str
    num_players: int
    options: GameOptions
    rng: list[int]  # PCG32 state (engine.rng)
    seq: int  # moves applied
    revealed: bool  # the last move revealed hidden information
    trail: dict[str, TrailCell]  # only spaces with a tile
    job_market: JobMarket
    end: EndTrigger | None
    over: bool
    current: int  # the seat whose decision is pending
    stack: list[Frame]  # pending decisions, top last
    station_masters: dict[str, str | None]  # station -> station master still there
    station_workers: dict[str, str]  # station -> worker tile appointed there
    supply: dict[str, list[str]]  # Kansas City supply by back number "1", "2", "3"
    market: list[str]  # cattle market, in the order the cards came out
    market_stack: list[str]
    # 2nd edition with the Simmental variant only: the Heifer ("2") and Cow ("3") stacks
    # beside Kansas City (R2-SIMM-06).
    simmental: NotRequired[dict[str, list[str]]]
    foresight: list[list[str | None]]  # under 1, 2, 3: two tiles each
    objective_stack: list[str]
    objective_display: list[str]
    building_sides: dict[str, str]  # building number -> "a" or "b"
    removed_tiles: list[str]
    removed_cards: list[str]  # starting objective cards left in the box
    players: list[PlayerState]
    stations: dict[str, list[int]]  # seats with a disc on each station
    cities: dict[str, list[int]]  # seats' discs on each city (KAN and SFO may repeat)

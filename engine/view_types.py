"""Shapes of what callers read: a seat's view of the game and the final scores.

The required keys are the contract's (``shared/design/ARCHITECTURE.md``); the others are
extras the web pages and emails use.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from engine.component_types import Card, Tile
from engine.state_types import GameOptions


class Count(TypedDict):
    """A hidden pile: only how many."""

    count: int


class SideDecision(TypedDict):
    """A seat's own pending decision outside the main stack (2nd edition): the discards an
    exchange token used out of turn still owes (``engine.rules.out_of_turn``).  Public: how
    many cards the token drew and how many are still to go, never which cards."""

    kind: str  # "discard"
    n: int  # cards still to discard
    drawn: int  # cards the token drew


class PlayerView(TypedDict):
    seat: int
    money: int
    hand: list[Card] | Count  # a list only for the viewing seat (or with reveal_all)
    draw_pile: list[Card] | Count  # a list (top first) only with reveal_all
    discard_pile: list[Card]
    removed: list[Card]
    objectives: list[Card]
    workers: dict[str, int]  # printed workers included
    worker_tiles: dict[str, list[Tile]]
    certificates: int
    permanent_certificates: int
    certificate_limit: int
    discs_left: int
    disc_spaces: list[str]
    aux_levels: dict[str, int]  # "1".."5": 0 locked, 1 single, 2 double
    hand_limit: int
    step_limit: int
    herder: str | None
    engine: str
    hazards: list[Tile]
    teepees: NotRequired[list[Tile]]  # 1st edition only
    outlaws: NotRequired[list[Tile]]  # 2nd edition only (instead of teepees)
    exchange_tokens: NotRequired[int]  # 2nd edition only
    # 2nd edition only: discards owed for a token used out of turn (engine.rules.out_of_turn)
    side_decision: NotRequired[SideDecision | None]
    station_masters: list[Tile]
    buildings_available: list[str]
    job_market_token: bool


class TrailSpaceView(TypedDict):
    tile: str
    owner: int | None
    kind: str
    hands: list[str]


class JobMarketView(TypedDict):
    token_row: int | None
    rows: list[list[str | None]]  # worker kinds
    tiles: list[list[Tile | None]]
    columns: list[int]
    costs: list[int]


class EndView(TypedDict):
    triggered_by: int


class Decision(TypedDict):
    """The pending decision: whose, which kind (a decision frame type), and its public
    figures where it has them."""

    seat: int
    kind: str
    n: NotRequired[int]
    station: NotRequired[str]
    bv: NotRequired[int]
    cowboys: NotRequired[int]
    space: NotRequired[str]
    building: NotRequired[str]
    to: NotRequired[str]
    target: NotRequired[str]
    stage: NotRequired[int]  # simm_upgrade: the Simmental stage that may be upgraded


class PlayerScore(TypedDict):
    total: int
    categories: dict[str, int]  # engine.rules.scoring.CATEGORIES


class Score(PlayerScore):
    winner: bool  # shared victories are possible (R1-SCORE-22)


class View(TypedDict):
    edition: str
    seq: int
    num_players: int
    options: GameOptions
    current_player: int | None
    over: bool
    viewer: int | None
    players: list[PlayerView]
    trail: dict[str, TrailSpaceView]
    cattle_market: list[Card]
    market_stack: Count
    objective_display: list[Card]
    objective_stack: Count
    job_market: JobMarketView
    foresight: list[list[Tile | None]]
    supply: dict[str, Count]
    indian_trade: NotRequired[dict[str, Tile | None]]  # 1st edition only
    outlaw_section: NotRequired[dict[str, Tile | None]]  # 2nd edition only
    # 2nd edition with the Simmental variant only: the Heifer ("2") and Cow ("3") stacks.
    simmental: NotRequired[dict[str, Count]]
    hazard_sections: dict[str, Tile | None]
    stations: dict[str, list[int]]
    station_masters: dict[str, Tile | None]
    station_workers: dict[str, Tile]
    cities: dict[str, list[int]]
    removed_tiles: list[Tile]
    removed_cards: list[Card] | Count
    building_sides: dict[str, str]
    end: EndView | None
    decision: Decision | None
    scores: list[Score] | None

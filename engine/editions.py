"""Editions: which printed components a game is played with.

A game's edition is in its state (``state["edition"]``, ``"1e"``), like its rules revision
(``engine.revisions``), and the engine reads every printed fact through it::

    ed = editions.of(state)          # the game's Edition
    ed.trail.successors(space)       # its trail, buildings, cattle, ... (the data modules)

An ``Edition`` is one record per edition holding its component data families — ``trail``,
``buildings``, ``cattle``, ``cities``, ``objectives``, ``player_board``, ``railroad``,
``tiles`` — each the edition's data module itself (``engine.data.trail`` for the 1st edition),
typed by a ``Protocol`` below that says which of the module's public names the engine reads
and with which types.  mypy checks that each registered module satisfies its protocol, and
every access through an ``Edition`` is fully typed (the protocols' tables are read-only
``Mapping``s and tuples: nothing may change the printed facts).  At run time an access is
one attribute lookup on the module, as before (``of`` itself is one dict lookup); nothing is
built per call.

How rule code reaches the data.  A function that has the state finds the edition there
(``ed = editions.of(state)``, once, at the top); a lookup that has no state (a card or tile
by its id, a player's certificates, ...) takes the ``Edition`` as its first argument
(``components.breed(ed, cid)``, ``state.certificates(ed, p)``).  No module of the engine
but this one (and ``engine/__init__.py``, which re-exports ``engine.data`` for callers)
imports ``engine.data``: ``tests/engine/test_editions.py`` says so.  Edition differences in
*rules* are small named branches on ``ed.name`` (or on a data table that says it), like the
revision branches of ``engine.revisions``; differences in *facts* are only data.

Registering an edition (the 2nd edition, ``"2e"``):

1. its data modules, one per family, under ``engine/data/second/``, with the public names of
   the 1st edition's modules (mypy checks them against the protocols when they are
   registered);
2. one entry in ``EDITIONS`` below:
   ``"2e": Edition("2e", trail=second.trail, buildings=second.buildings, ...)``;
3. its rules revisions in ``engine.revisions.REVISIONS`` (``"2e": {1: "..."}``), the
   history every edition keeps.

A name only the 2nd edition has (a table of a new component, say) goes into the family's
protocol when the engine reads it for every edition (the 1st edition's module then gets the
name too, with its value for that edition, e.g. an empty table).  A whole family or a name
that only 2nd edition rules read gets its own protocol and a subclass
``SecondEdition(Edition)`` with the extra field(s), registered for ``"2e"``; the 2e rule
branch reaches it through a small typed accessor here (``second(state) -> SecondEdition``,
which checks ``isinstance``), so the 1st edition's record never grows fields it does not
have and every access stays typed.  A name only the 1st edition has moves the same way, out
of the shared protocol into a ``FirstEdition`` one.  Checked against the 2nd edition's
modules as first written (``engine/data/second``): they satisfy the ``buildings``,
``cattle``, ``objectives`` and ``railroad`` protocols as they are; six names of the others
were renamed, and registering ``"2e"`` settled them with a shared name for the shared role,
defined by both editions' modules (the 1st edition's keeps its own names too, for callers
that draw its board):

* ``trail.TEEPEE_SPACES`` / ``TEEPEE_VALUE`` (2e ``OUTLAW_SPACES`` / ``OUTLAW_VALUE``) ->
  ``SECTION_SPACES`` / ``SECTION_VALUE`` (the section the teepee or outlaw tiles fill, in
  fill order, with the money of each space), plus ``SECTION_TOKENS`` (the exchange tokens a
  space gives instead: 2e ``OUTLAW_TOKENS``, none in the 1st edition);
* ``cities.SAC_VP`` / ``SFO_VP`` (2e ``PHI_VP`` / ``NYC_VP``) -> ``CITY_VP`` (VP per disc on
  each city that scores on its own: Kansas City, the terminal city and the one before it),
  with ``LOCAL`` and ``TERMINAL`` (the two cities that take repeat deliveries);
* ``player_board.STARTING_HAND`` (2e ``STARTING_HANDS``) -> ``STARTING_HANDS`` (by seat),
  with ``FIRST_TURN_HAND`` (the hand kept at the start of the first turn, R2-SETUP-11),
  ``STARTING_EXCHANGE_TOKENS``, ``EXCHANGE_DRAW`` and ``AUX_REMOVE_MONEY`` (the 1st
  edition's values: none);
* ``tiles.TEEPEE_HAND`` (2e ``OUTLAW_HAND``) is not read by rule code (a tile's dict has
  its hand) and left the protocol; ``BUILDER_KIND`` names the worker that builds
  ("craftsman" / "builder");
* ``railroad`` gained ``STATION_MASTERS_DEALT`` and ``PERMANENT_CERTIFICATES`` (5 of 9
  tiles dealt and 1 or 2 certificates per tile in the 2nd edition, R2-SETUP-03, R2-KC-03).

The 2nd edition's state shape (outlaws instead of teepees, exchange tokens, the Simmental
option) is chosen by ``has_exchange_tokens(edition)``, read from the data, not the name.
The names only 2nd edition rules read are on ``SecondEdition``: the Simmental variant's
cards, stacks, buy options, market order and size and the buy options' breeds
(``simmental``: ``SimmentalData``, the 2e cattle module) and the breeds of the objective
cards' cattle tasks (``task_breeds``: ``TaskBreedsData``, the 2e objectives module); rule
code reaches them with ``second(state)`` or ``isinstance(ed, SecondEdition)``.  The 2e
cattle module's ``CARDS`` (market and Simmental cards) joined the shared protocol, the 1st
edition's being its market cards.

What stays outside this record:

* edition-independent: the shapes of things (``engine.component_types``,
  ``engine.state_types``, ``engine.move_types``, ``engine.view_types``) — both editions'
  cards, tiles, states and moves are the same JSON-ready dicts; and how an id says what it
  is (``engine.components``): an objective card is an id of ``objectives.ALL``, a starting
  cattle card is ``p<seat>-<breed>-<n>`` (``cattle.starting_card_ids``), a tile is an id of
  ``tiles.TILES``, of ``railroad.STATION_MASTERS``, or a building; the lookups are cached
  per edition (``Edition.card_cache`` / ``tile_cache``), since ids are unique only within
  an edition;
* ids and words that rule code spells out because both editions print them alike: the disc spaces
  ``"HAND-1"``, ``"STEP-CASH"``, ``"CERT-4"``..., station ``"S10"`` of space 39, the
  auxiliary actions' numbers 1-5, and the notation's words
  (``engine.notation.CARD_NAMES``: a breed the 2nd edition adds gets its word there);
* the heuristic bot's tuning (``engine.bots_tuning``: worker values, building actions,
  where to build, which disc to clear, ...) is knowledge of how to play, keyed by each
  edition's ids, not printed facts: one ``Tuning`` per edition (``first``, ``second``),
  chosen by ``bots_tuning.for_edition(ed)`` (the random bot needs none).

``engine.edition_data(name)`` is the public accessor (``engine.data`` stays the 1st
edition's modules, for callers that draw the 1st edition board).
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from typing import Protocol

from engine.component_types import ActionSpec, Card, Tile
from engine.data import buildings as buildings_1e
from engine.data import cattle as cattle_1e
from engine.data import cities as cities_1e
from engine.data import objectives as objectives_1e
from engine.data import player_board as player_board_1e
from engine.data import railroad as railroad_1e
from engine.data import tiles as tiles_1e
from engine.data import trail as trail_1e
from engine.data.second import buildings as buildings_2e
from engine.data.second import cattle as cattle_2e
from engine.data.second import cities as cities_2e
from engine.data.second import objectives as objectives_2e
from engine.data.second import player_board as player_board_2e
from engine.data.second import railroad as railroad_2e
from engine.data.second import tiles as tiles_2e
from engine.data.second import trail as trail_2e
from engine.errors import IllegalMove
from engine.state_types import State

Slots = list[list[ActionSpec]]
# Objective card: (immediate action or None, tasks, +VP, -VP).
ObjectiveInfo = tuple[str | None, tuple[str, ...], int, int]


# --- the families: what the engine reads of each data module ----------------------------------
#
# Read-only properties, so that a module's ``dict`` satisfies a ``Mapping`` and nothing can
# be assigned through an Edition.  Functions are written as methods (mypy matches a module's
# function to a protocol's method without its ``self``).


class TrailData(Protocol):
    """The trail (``engine.data.trail``)."""

    @property
    def START(self) -> str: ...
    @property
    def KC(self) -> str: ...
    @property
    def NODES(self) -> Mapping[str, tuple[str, tuple[str, ...]]]: ...
    @property
    def NEUTRAL_SPACES(self) -> tuple[str, ...]: ...
    @property
    def BUILDING_SPACES(self) -> tuple[str, ...]: ...
    @property
    def WOODS(self) -> Set[str]: ...
    @property
    def RISK_ACTIONS(self) -> Mapping[str, str]: ...
    @property
    def HAZARD_TYPES(self) -> tuple[str, ...]: ...
    @property
    def HAZARD_SPACES(self) -> Mapping[str, tuple[str, ...]]: ...
    @property
    def SECTION_SPACES(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def SECTION_VALUE(self) -> Mapping[str, int]: ...
    @property
    def SECTION_TOKENS(self) -> Mapping[str, int]: ...
    @property
    def PREDECESSORS(self) -> Mapping[str, tuple[str, ...]]: ...
    def kind(self, space: str) -> str: ...
    def successors(self, space: str) -> tuple[str, ...]: ...
    def neighbours(self, space: str) -> tuple[str, ...]: ...


class BuildingsData(Protocol):
    """Neutral and private buildings, risk and worker-space actions
    (``engine.data.buildings``; its spec-making helpers are not read)."""

    @property
    def NEUTRAL(self) -> Mapping[str, Slots]: ...
    @property
    def PRIVATE(self) -> Mapping[str, tuple[int, int, tuple[str, ...], Slots]]: ...
    @property
    def RISK(self) -> Mapping[str, ActionSpec]: ...
    @property
    def WORKER_ACTIONS(self) -> Mapping[str, ActionSpec]: ...
    @property
    def AUX(self) -> ActionSpec: ...
    @property
    def BUILDING_NUMBERS(self) -> tuple[str, ...]: ...
    def craftsmen(self, tile: str) -> int: ...
    def vp(self, tile: str) -> int: ...
    def hands(self, tile: str) -> tuple[str, ...]: ...
    def slots(self, tile: str) -> Slots: ...


class CattleData(Protocol):
    """Cattle cards and the market (``engine.data.cattle``)."""

    @property
    def BREEDS(self) -> Mapping[str, tuple[int, str]]: ...
    @property
    def STARTING_DECK(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def MARKET_DECK(self) -> tuple[tuple[str, tuple[int, ...]], ...]: ...
    @property
    def MARKET_ORDER(self) -> tuple[str, ...]: ...
    @property
    def MARKET_SIZE(self) -> Mapping[int, int]: ...
    @property
    def BUY_OPTIONS(self) -> Mapping[str, tuple[int, int, int, int]]: ...
    @property
    def MARKET_DRAW_COWBOYS(self) -> int: ...
    @property
    def MARKET_DRAW_CARDS(self) -> int: ...
    @property
    def MARKET_CARDS(self) -> Mapping[str, Card]: ...
    @property
    def CARDS(self) -> Mapping[str, Card]: ...
    def starting_card_ids(self, seat: int) -> list[str]: ...
    def starting_card(self, cid: str) -> Card: ...


class CitiesData(Protocol):
    """City crests and the arrows between them (``engine.data.cities``)."""

    @property
    def CITIES(self) -> Mapping[str, tuple[str, int, str, bool]]: ...
    @property
    def ORDER(self) -> tuple[str, ...]: ...
    @property
    def ARROWS(self) -> Mapping[tuple[str, str], tuple[str | None, int]]: ...
    @property
    def KAN_MONEY(self) -> int: ...
    @property
    def KAN_VP(self) -> int: ...
    @property
    def LOCAL(self) -> str: ...
    @property
    def TERMINAL(self) -> str: ...
    @property
    def CITY_VP(self) -> Mapping[str, int]: ...


class ObjectivesData(Protocol):
    """Objective cards (``engine.data.objectives``)."""

    @property
    def TASK_CODES(self) -> tuple[str, ...]: ...
    @property
    def STARTING(self) -> Mapping[str, ObjectiveInfo]: ...
    @property
    def GENERAL(self) -> Mapping[str, ObjectiveInfo]: ...
    @property
    def ALL(self) -> Mapping[str, ObjectiveInfo]: ...
    @property
    def IMMEDIATE(self) -> Mapping[str, tuple[str, int]]: ...
    def card(self, cid: str) -> Card: ...


class PlayerBoardData(Protocol):
    """Player board, job market, fees, starting values (``engine.data.player_board``)."""

    @property
    def STARTING_MONEY(self) -> tuple[int, ...]: ...
    @property
    def STARTING_HANDS(self) -> tuple[int, ...]: ...
    @property
    def FIRST_TURN_HAND(self) -> int: ...
    @property
    def STARTING_EXCHANGE_TOKENS(self) -> tuple[int, ...]: ...
    @property
    def EXCHANGE_DRAW(self) -> int: ...
    @property
    def AUX_REMOVE_MONEY(self) -> Mapping[bool, int]: ...
    @property
    def HAND_LIMIT_START(self) -> int: ...
    @property
    def WORKER_ROW_SPACES(self) -> int: ...
    @property
    def WORKER_VP_SPACES(self) -> tuple[int, ...]: ...
    @property
    def WORKER_VP(self) -> int: ...
    @property
    def DISC_SPACES(self) -> Mapping[str, str]: ...
    @property
    def HAND_DISC_COST(self) -> int: ...
    @property
    def STEP_CASH_GAIN(self) -> int: ...
    @property
    def STEP_VP(self) -> int: ...
    @property
    def AUX_DISCS(self) -> Mapping[int, tuple[str, ...]]: ...
    @property
    def AUX_NAMES(self) -> Mapping[int, str]: ...
    @property
    def STEP_BASE(self) -> Mapping[int, int]: ...
    @property
    def STEP_CASH_BONUS(self) -> Mapping[int, int]: ...
    @property
    def STEP_VP_BONUS(self) -> Mapping[int, int]: ...
    @property
    def CERT_TRACK(self) -> tuple[int, ...]: ...
    @property
    def WORKER_SPACE_ACTIONS(self) -> Mapping[str, tuple[str | None, ...]]: ...
    @property
    def FEES(self) -> Mapping[int, Mapping[str, int]]: ...
    @property
    def JOB_ROW_COSTS(self) -> tuple[int, ...]: ...
    @property
    def JOB_ROW_ARROWS(self) -> tuple[str, ...]: ...
    @property
    def JOB_COLUMNS(self) -> int: ...
    def job_columns(self, players: int) -> range: ...


class RailroadData(Protocol):
    """Track, stations, station masters, crosses (``engine.data.railroad``)."""

    @property
    def LAST(self) -> str: ...
    @property
    def START(self) -> str: ...
    @property
    def STATIONS(self) -> Mapping[str, tuple[str, int, int, int, str, bool]]: ...
    @property
    def STATION_AT(self) -> Mapping[str, str]: ...
    @property
    def CROSSES(self) -> tuple[int, ...]: ...
    @property
    def STATION_MASTERS(self) -> Mapping[str, tuple[str, str]]: ...
    @property
    def STATION_MASTERS_DEALT(self) -> int: ...
    @property
    def PERMANENT_CERTIFICATES(self) -> Mapping[str, int]: ...
    @property
    def FORWARD(self) -> Mapping[str, tuple[str, ...]]: ...
    @property
    def BACKWARD(self) -> Mapping[str, tuple[str, ...]]: ...
    @property
    def SPACES(self) -> tuple[str, ...]: ...
    def is_turnout(self, space: str) -> bool: ...
    def position(self, space: str) -> int: ...
    def crosses_before(self, x: int) -> int: ...
    def sm_card(self, sm: str) -> Tile: ...


class TilesData(Protocol):
    """The Kansas City supply tiles (``engine.data.tiles``)."""

    @property
    def WORKER_KINDS(self) -> tuple[str, ...]: ...
    @property
    def HAZARD_MIX(self) -> tuple[tuple[int, str], ...]: ...
    @property
    def BUILDER_KIND(self) -> str: ...
    @property
    def TILES(self) -> Mapping[str, Tile]: ...
    def supply_stacks(self) -> dict[str, list[str]]: ...
    def tile(self, tid: str) -> Tile: ...


class SimmentalData(Protocol):
    """The Simmental variant's cards, market tile and Kansas City stacks, and what the 2nd
    edition's cattle rules read beside them (``engine.data.second.cattle``; R2-SIMM-*)."""

    @property
    def SIMMENTAL(self) -> str: ...
    @property
    def SIMMENTAL_MARKET_CARDS(self) -> tuple[str, ...]: ...
    @property
    def SIMMENTAL_STACKS(self) -> Mapping[int, tuple[str, ...]]: ...
    @property
    def SIMMENTAL_BUY_OPTIONS(self) -> Mapping[str, tuple[int, int, int, int]]: ...
    @property
    def BUY_OPTION_BREEDS(self) -> Mapping[str, tuple[str, ...]]: ...
    @property
    def MARKET_ORDER_SIMMENTAL(self) -> tuple[str, ...]: ...
    @property
    def MARKET_SIZE_SIMMENTAL(self) -> Mapping[int, int]: ...
    def simmental_stage(self, cid: str) -> int | None: ...


class TaskBreedsData(Protocol):
    """Which breeds fulfil the cattle tasks of objective cards
    (``engine.data.second.objectives``; a Simmental never does, R2-SIMM-20)."""

    @property
    def TASK_BREEDS(self) -> Mapping[str, tuple[str, ...]]: ...


# --- the record and the registry ------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Edition:
    """One edition's component data, family by family (each its data module).

    ``card_cache`` and ``tile_cache`` belong to ``engine.components``, which fills them on
    first use with the card and tile dicts built from this edition's data (ids are only
    unique within an edition)."""

    name: str
    trail: TrailData
    buildings: BuildingsData
    cattle: CattleData
    cities: CitiesData
    objectives: ObjectivesData
    player_board: PlayerBoardData
    railroad: RailroadData
    tiles: TilesData
    card_cache: dict[str, Card] = field(default_factory=dict, repr=False)
    tile_cache: dict[str, Tile] = field(default_factory=dict, repr=False)


FIRST_EDITION = Edition(
    "1e",
    trail=trail_1e,
    buildings=buildings_1e,
    cattle=cattle_1e,
    cities=cities_1e,
    objectives=objectives_1e,
    player_board=player_board_1e,
    railroad=railroad_1e,
    tiles=tiles_1e,
)


@dataclass(frozen=True, slots=True, eq=False)
class SecondEdition(Edition):
    """The 2nd edition's record: the shared families, and the names only its rules read —
    the Simmental variant (``simmental``, the 2e cattle module) and the breeds of the
    objective cards' cattle tasks (``task_breeds``, the 2e objectives module)."""

    simmental: SimmentalData = field(kw_only=True)
    task_breeds: TaskBreedsData = field(kw_only=True)


SECOND_EDITION = SecondEdition(
    "2e",
    trail=trail_2e,
    buildings=buildings_2e,
    cattle=cattle_2e,
    cities=cities_2e,
    objectives=objectives_2e,
    player_board=player_board_2e,
    railroad=railroad_2e,
    tiles=tiles_2e,
    simmental=cattle_2e,
    task_breeds=objectives_2e,
)

EDITIONS: Mapping[str, Edition] = {"1e": FIRST_EDITION, "2e": SECOND_EDITION}


def has_exchange_tokens(edition: Edition) -> bool:
    """Whether the edition's rules have exchange tokens, and with them the rest of the 2nd
    edition's state shape: outlaws collected instead of teepees, the Simmental option, the
    outlaw section in views.  Read from the data (the tokens one use draws), so that an
    edition registered under another name with the same data plays the same game."""
    return edition.player_board.EXCHANGE_DRAW > 0


def second(state: State) -> SecondEdition:
    """The 2nd edition record of a game that plays a 2nd edition rule (the Simmental
    variant is only ever on in such a game: ``engine.setup.check_options``)."""
    ed = EDITIONS[state["edition"]]
    assert isinstance(ed, SecondEdition), f"edition {ed.name!r} has no 2nd edition rules"
    return ed


def of(state: State) -> Edition:
    """The edition ``state`` is played with."""
    return EDITIONS[state["edition"]]


def get(name: str) -> Edition:
    """The edition called ``name``; IllegalMove("bad_edition") when there is none."""
    edition = EDITIONS.get(name) if isinstance(name, str) else None
    if edition is None:
        known = ", ".join(repr(e) for e in EDITIONS)
        raise IllegalMove("bad_edition", f"Edition {name!r} is not available; use {known}.")
    return edition

"""What the drawing of each edition reads: one ``BoardEdition`` record per edition.

The table is drawn from ``view["edition"]`` (``edition(view)``). The two editions share the
railroad, the hazard sections, the markets and the player board's shape; they differ in
the trail (the 2nd edition's space ``D-1``, its crossroads at ``D``, and its outlaw section
in place of the Indian trade section), the cities, the number of private buildings, the
worker called builder rather than craftsman, the job market's end arrow and the pieces only
the 2nd edition has (exchange tokens, the Simmental variant). Those differences are the
fields of this record, so that the regions (``games/board/trail.py`` and the others) stay
one walk over the view with a few small branches on what a record says.

Printed facts come from the engine's data of each edition (``engine.edition_data``); the
few that only the 2nd edition has and the engine's ``Edition`` does not carry (its breed
names, the Simmental variant's stages and market tile) from ``engine.data.second.cattle``,
read here and nowhere else in the board. Geometry and short labels come from
``games/board/layout.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass
from typing import Any, Protocol

from django_stubs_ext import StrOrPromise

import engine
from engine.data.second import cattle as cattle_2e
from games.board import layout as lay
from games.move_presentation import BREED_NAMES as BREED_NAMES_1E

__all__ = ["BREED_NAMES", "EDITIONS", "SIMMENTAL_BUY_OPTIONS", "BoardEdition", "edition"]


class TrailFacts(Protocol):
    """What the drawing reads of a trail data module (both editions' modules have it)."""

    @property
    def NODES(self) -> Mapping[str, tuple[str, tuple[str, ...]]]: ...
    @property
    def WOODS(self) -> Set[str]: ...
    @property
    def RISK_ACTIONS(self) -> Mapping[str, str]: ...
    def kind(self, space: str) -> str: ...
    def successors(self, space: str) -> tuple[str, ...]: ...


class BuildingFacts(Protocol):
    """What the drawing reads of a buildings data module."""

    @property
    def PRIVATE(self) -> Mapping[str, tuple[int, int, tuple[str, ...], object]]: ...
    def vp(self, tile: str) -> int: ...


class CityFacts(Protocol):
    """What the drawing reads of a cities data module."""

    @property
    def CITIES(self) -> Mapping[str, tuple[str, int, str, bool]]: ...
    @property
    def ORDER(self) -> tuple[str, ...]: ...
    @property
    def ARROWS(self) -> Mapping[tuple[str, str], tuple[str | None, int]]: ...


@dataclass(frozen=True, slots=True, eq=False)
class BoardEdition:
    """One edition as the board draws it (compared and hashed by identity, so that cached
    drawings can be keyed by it)."""

    name: str
    trail: TrailFacts
    buildings: BuildingFacts
    cities: CityFacts
    # Trail geometry: space -> (column, row), and the framed sections (key, label, spaces).
    grid: Mapping[str, tuple[float, float]]
    sections: tuple[tuple[str, StrOrPromise, tuple[str, ...]], ...]
    # The section of tiles that are not hazards: its node kind ("teepee" / "outlaw"), the
    # view's key for its tiles, the dollars each space gives (or, negative, costs), the
    # exchange tokens a space gives instead, and the tile colours (players' counts).
    tile_section: str
    tile_section_view: str
    tile_section_values: Mapping[str, int]
    tile_section_tokens: Mapping[str, int]
    tile_colours: tuple[str, str]
    # What a player's collected tiles of that section are called in the view.
    player_tiles: str
    city_short: Mapping[str, str]
    worker_kinds: tuple[str, ...]
    building_numbers: tuple[str, ...]
    building_chip: tuple[float, float]  # pitch and width of a building on the player board
    job_row_arrows: tuple[str, ...]
    supply_word: str  # what one of the three Kansas City supply piles is called
    has_exchange_tokens: bool
    station_master_text: Mapping[str, StrOrPromise]
    aux_names: Mapping[str, str]


_FIRST = engine.edition_data("1e")
_SECOND = engine.edition_data("2e")

FIRST = BoardEdition(
    name="1e",
    trail=_FIRST.trail,
    buildings=_FIRST.buildings,
    cities=_FIRST.cities,
    grid=lay.TRAIL_GRID,
    sections=lay.SECTIONS,
    tile_section="teepee",
    tile_section_view="indian_trade",
    tile_section_values=_FIRST.trail.SECTION_VALUE,
    tile_section_tokens=_FIRST.trail.SECTION_TOKENS,
    tile_colours=("green", "blue"),
    player_tiles="teepees",
    city_short=lay.CITY_SHORT,
    worker_kinds=_FIRST.tiles.WORKER_KINDS,
    building_numbers=_FIRST.buildings.BUILDING_NUMBERS,
    building_chip=(46, 42),
    job_row_arrows=_FIRST.player_board.JOB_ROW_ARROWS,
    supply_word="Supply",
    has_exchange_tokens=False,
    station_master_text=lay.STATION_MASTER_TEXT,
    aux_names=lay.AUX_NAMES,
)

SECOND = BoardEdition(
    name="2e",
    trail=_SECOND.trail,
    buildings=_SECOND.buildings,
    cities=_SECOND.cities,
    grid=lay.TRAIL_GRID_2E,
    sections=lay.SECTIONS_2E,
    tile_section="outlaw",
    tile_section_view="outlaw_section",
    tile_section_values=_SECOND.trail.SECTION_VALUE,
    tile_section_tokens=_SECOND.trail.SECTION_TOKENS,
    tile_colours=("green", "orange"),
    player_tiles="outlaws",
    city_short=lay.CITY_SHORT_2E,
    worker_kinds=_SECOND.tiles.WORKER_KINDS,
    building_numbers=_SECOND.buildings.BUILDING_NUMBERS,
    building_chip=(38, 35),
    job_row_arrows=_SECOND.player_board.JOB_ROW_ARROWS,
    supply_word="Bag",
    has_exchange_tokens=True,
    station_master_text=lay.STATION_MASTER_TEXT_2E,
    aux_names=lay.AUX_NAMES_2E,
)

EDITIONS: Mapping[str, BoardEdition] = {"1e": FIRST, "2e": SECOND}

# Breed names of both editions by breed key (the keys never clash: the 2nd edition's are
# its colour slots, ``engine.data.second.cattle``).
BREED_NAMES: Mapping[str, str] = {**BREED_NAMES_1E, **cattle_2e.BREED_NAMES}

# The Simmental market tile's buy options (2nd edition variant): id -> (cowboys, price, ...).
SIMMENTAL_BUY_OPTIONS: Mapping[str, tuple[int, int, int, int]] = cattle_2e.SIMMENTAL_BUY_OPTIONS
SIMMENTAL_STAGES: Mapping[int, tuple[str, int, int]] = cattle_2e.SIMMENTAL_STAGES


def edition(view: Mapping[str, Any]) -> BoardEdition:
    """The edition ``view`` is drawn as (a view without one is a 1st edition view)."""
    return EDITIONS[str(view.get("edition") or "1e")]

"""Where things sit on the drawn table, and the words and short labels used on it.

Geometry lives here as data so that the drawing code (one module per region of the table,
``games/board/trail.py``, ``track.py`` and the others listed in ``games/board/svg.py``)
stays a plain walk over the view: moving a space or resizing a section is an edit to a
table, not to the code that draws it. All lengths are SVG user units of the board's viewBox.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_noop, pgettext_lazy
from django_stubs_ext import StrOrPromise

from engine.data import railroad

# --- the whole table ----------------------------------------------------------------------

WIDTH = 960

# Vertical bands of the table, top to bottom (y of each band's top edge).
TRAIL_TOP = 44
TRACK_TOP = 690
CITIES_TOP = 1134
MARKETS_TOP = 1284
HEIGHT = 1770

# The areas a phone shows one at a time (x, y, width, height of each band: the trail, the
# railroad with its cities, and the markets with the job market, foresight and supply).
AREAS: dict[str, tuple[int, int, int, int]] = {
    "trail": (0, 0, WIDTH, TRACK_TOP),
    "railroad": (0, TRACK_TOP - 8, WIDTH, MARKETS_TOP - TRACK_TOP + 8),
    "markets": (0, MARKETS_TOP - 8, WIDTH, HEIGHT - MARKETS_TOP + 8),
}

# --- the trail ----------------------------------------------------------------------------

TRAIL_LEFT = 44
COL = 78  # one grid column
ROW = 62  # one grid row

# Trail location id -> (column, row) on the trail grid. The trail snakes down the page:
# Start and A at the top left, Kansas City at the bottom left, the Indian trade section in
# the middle band.
TRAIL_GRID: dict[str, tuple[float, float]] = {
    "START": (0, 0.5),
    "A": (1, 0.5),
    "A-1": (3.2, 0),
    "A-2": (5.2, 0),
    "A-3": (7.2, 0),
    "FLOOD-1": (2.2, 1),
    "FLOOD-2": (3.2, 1),
    "FLOOD-3": (4.2, 1),
    "FLOOD-4": (5.2, 1),
    "FLOOD-R1": (6.8, 1),
    "FLOOD-R2": (7.8, 1),
    "B": (10.2, 1.6),
    "DROUGHT-1": (8.9, 2.3),
    "DROUGHT-2": (7.9, 2.3),
    "DROUGHT-3": (6.9, 2.3),
    "DROUGHT-4": (5.9, 2.3),
    "DROUGHT-R1": (4.6, 2.3),
    "B-1": (9.5, 3.3),
    "B-2": (7.2, 3.3),
    "B-3": (4.9, 3.3),
    "C": (0.4, 3.9),
    "C-1": (2.2, 4.4),
    "C-2": (6.0, 4.4),
    "C-3": (1.6, 5.3),
    "D": (5.0, 5.3),
    # The Indian trade section: the three negative spaces lie off the trail, before TP1.
    "TPM3": (0.6, 6.55),
    "TPM2": (1.5, 6.55),
    "TPM1": (2.4, 6.55),
    "TP1": (3.6, 6.55),
    "TP2": (4.5, 6.55),
    "TP4": (5.4, 6.55),
    "TP6": (6.3, 6.55),
    "TP8": (7.2, 6.55),
    "TP10": (8.1, 6.55),
    "TEEPEE-R1": (9.2, 6.55),
    "TEEPEE-R2": (10.2, 6.55),
    "E": (10.95, 5.3),
    "E-1": (9.4, 7.75),
    "E-2": (7.0, 7.75),
    "ROCKFALL-1": (10.2, 8.8),
    "ROCKFALL-2": (9.3, 8.8),
    "ROCKFALL-3": (8.4, 8.8),
    "ROCKFALL-4": (7.5, 8.8),
    "ROCKFALL-R1": (6.3, 8.8),
    "ROCKFALL-R2": (5.3, 8.8),
    "F": (4.2, 8.3),
    "F-1": (3.2, 7.75),
    "F-2": (3.2, 8.8),
    "G": (2.2, 8.3),
    "G-1": (1.2, 7.75),
    "G-2": (1.2, 8.8),
    "KC": (0.2, 8.3),
}

# Half sizes of the drawn spaces, by trail node kind.
SPACE_HALF: dict[str, float] = {
    "start": 20,
    "neutral": 29,
    "private": 26,
    "risk": 26,
    "hazard": 23,
    "teepee": 24,
    "outlaw": 24,
    "kc": 30,
}

# Framed sections of the trail: (label, space ids inside the frame).
SECTIONS: tuple[tuple[str, StrOrPromise, tuple[str, ...]], ...] = (
    (
        "flood",
        pgettext_lazy("board section", "Flood"),
        ("FLOOD-1", "FLOOD-2", "FLOOD-3", "FLOOD-4"),
    ),
    (
        "drought",
        pgettext_lazy("board section", "Drought"),
        ("DROUGHT-1", "DROUGHT-2", "DROUGHT-3", "DROUGHT-4"),
    ),
    (
        "rockfall",
        pgettext_lazy("board section", "Rockfall"),
        ("ROCKFALL-1", "ROCKFALL-2", "ROCKFALL-3", "ROCKFALL-4"),
    ),
    (
        "teepee",
        pgettext_lazy("board section", "Indian trade"),
        ("TPM3", "TPM2", "TPM1", "TP1", "TP2", "TP4", "TP6", "TP8", "TP10"),
    ),
)


# The 2nd edition's trail has the 1st edition's geometry under other names: its neutral
# space D sits where 1e's crossroads space C-3 was, its new private space D-1 where 1e's D
# was, and the outlaw section, risk spaces included, where the Indian trade section was
# (its spaces in fill order on 1e's in fill order: OL-X, OL1, OL2 off the trail).
TRAIL_RENAMED_2E: dict[str, str] = {
    "C-3": "D",
    "D": "D-1",
    "TPM3": "OL-X",
    "TPM2": "OL1",
    "TPM1": "OL2",
    "TP1": "OL3",
    "TP2": "OL4",
    "TP4": "OL5",
    "TP6": "OL6",
    "TP8": "OL8",
    "TP10": "OL10",
    "TEEPEE-R1": "OUTLAW-R1",
    "TEEPEE-R2": "OUTLAW-R2",
}
TRAIL_GRID_2E: dict[str, tuple[float, float]] = {
    TRAIL_RENAMED_2E.get(space, space): xy for space, xy in TRAIL_GRID.items()
}
SECTIONS_2E: tuple[tuple[str, StrOrPromise, tuple[str, ...]], ...] = (
    *SECTIONS[:3],
    (
        "outlaw",
        pgettext_lazy("board section", "Outlaw section"),
        ("OL-X", "OL1", "OL2", "OL3", "OL4", "OL5", "OL6", "OL8", "OL10"),
    ),
)


def trail_xy(
    space: str, grid: Mapping[str, tuple[float, float]] = TRAIL_GRID
) -> tuple[float, float]:
    """Centre of a trail space in board units (on the 1st edition's trail unless ``grid``
    is another edition's)."""
    col, row = grid[space]
    return TRAIL_LEFT + 30 + col * COL, TRAIL_TOP + 36 + row * ROW


# --- the railroad -------------------------------------------------------------------------

TRACK_STEP = 45  # distance between two track spaces
TRACK_LEFT = 52  # centre of the leftmost space of each row
# y of spaces 0-19 (left to right) and of spaces 20-39 (right to left).
TRACK_ROW_Y = (TRACK_TOP + 170, TRACK_TOP + 382)
TRACK_SPACE_R = 14
TURNOUT_RISE = 44  # a turnout sits this far above the track, between switch and next space
STATION_W = 124
STATION_H = 70
STATION_RISE = 126  # centre of a station box above the track row
CROSS_DROP = 20  # a cross mark sits this far below the track
ENGINE_DROP = 40  # engines sit this far below their space


def _track_positions() -> dict[str, tuple[float, float]]:
    pos: dict[str, tuple[float, float]] = {}
    for n in range(40):
        col = n if n < 20 else 39 - n
        pos[str(n)] = (TRACK_LEFT + col * TRACK_STEP, TRACK_ROW_Y[0 if n < 20 else 1])
    for turnout, switch, *_ in railroad.STATIONS.values():
        if turnout == railroad.LAST:
            continue
        (x1, y), (x2, _) = pos[str(switch)], pos[str(switch + 1)]
        pos[turnout] = ((x1 + x2) / 2, y - TURNOUT_RISE)
    return pos


TRACK_XY: dict[str, tuple[float, float]] = _track_positions()


def _station_positions() -> dict[str, tuple[float, float]]:
    """Station box centres: above the turnout (above space 39 for the last station)."""
    out: dict[str, tuple[float, float]] = {}
    for station, (turnout, switch, *_rest) in railroad.STATIONS.items():
        x, _ = TRACK_XY[turnout]
        y = TRACK_XY[str(switch)][1]
        half = STATION_W / 2 + 4
        out[station] = (min(max(x, half), WIDTH - half), y - STATION_RISE)
    return out


STATION_XY: dict[str, tuple[float, float]] = _station_positions()

# --- the cities ---------------------------------------------------------------------------

CITY_W = 84
CITY_H = 92
CITY_GAP = 10
CITY_LEFT = 16

CITY_SHORT: dict[str, str] = {
    "KAN": "Kansas C.",
    "TOP": "Topeka",
    "WIC": "Wichita",
    "COS": "Colorado S.",
    "SFE": "Santa Fe",
    "ABQ": "Albuquerque",
    "ELP": "El Paso",
    "SDG": "San Diego",
    "SAC": "Sacramento",
    "SFO": "San Fran.",
}
CITY_SHORT_2E: dict[str, str] = {
    "KAN": "Kansas C.",
    "FUL": "Fulton",
    "STL": "St. Louis",
    "BLO": "Bloomington",
    "PEO": "Peoria",
    "CHI": "Chicago",
    "TOL": "Toledo",
    "PIT": "Pittsburgh",
    "PHI": "Philadelphia",
    "NYC": "New York",
}

# --- the markets and displays -------------------------------------------------------------

JOB_LEFT = 16
JOB_TOP = MARKETS_TOP + 34
JOB_ROW_H = 24
JOB_CELL_W = 44
JOB_LABEL_W = 40

FORESIGHT_LEFT = 300
FORESIGHT_TOP = MARKETS_TOP + 34
TILE_W = 66
TILE_H = 42

SUPPLY_LEFT = 560
CATTLE_LEFT = 300
CATTLE_TOP = MARKETS_TOP + 176
CARD_W = 64
CARD_H = 78
CATTLE_PER_ROW = 9

# The Simmental variant (2nd edition): its market tile below the job market, its stage-2
# and stage-3 stacks beside the Kansas City supply.
SIMMENTAL_TILE_LEFT = 16
SIMMENTAL_TILE_TOP = MARKETS_TOP + 348
SIMMENTAL_TILE_W = 260
SIMMENTAL_STACKS_LEFT = 730

OBJECTIVE_LEFT = 300
OBJECTIVE_TOP = MARKETS_TOP + 370
OBJ_W = 118
OBJ_H = 84

# --- words --------------------------------------------------------------------------------

# Labels of both editions by id (the 2nd edition's ids and kinds never clash with the 1st's).
WORKER_SHORT: dict[str, StrOrPromise] = {
    "cowboy": pgettext_lazy("board box", "Cow"),
    "craftsman": pgettext_lazy("board box", "Cra"),
    "builder": pgettext_lazy("board box", "Bui"),
    "engineer": pgettext_lazy("board box", "Eng"),
}
BREED_SHORT: dict[str, str] = {
    "jersey": "Jer",
    "dutch_belt": "Dut",
    "black_angus": "Ang",
    "guernsey": "Gue",
    "holstein": "Hol",
    "brown_swiss": "Swi",
    "ayrshire": "Ayr",
    "west_highland": "WHi",
    "texas_longhorn": "TLh",
    # 2nd edition (breed keys of engine.data.second.cattle): the rulebook's names.
    "p1": "Criollo",
    "p2_green": "S. Gertrudis",
    "p2_black": "Pineywoods",
    "p2_white": "Galloway",
    "m3_yellow": "Bl. Angus",
    "m3_red": "Longhorn",
    "m3_blue": "Corriente",
    "m4": "Shorthorn",
    "m5": "Hereford",
    "simmental": "Simmental",
}
# Marked for the catalogue; the drawing says them with gettext.
HAZARD_NAMES: dict[str, str] = {
    "flood": gettext_noop("Flood"),
    "drought": gettext_noop("Drought"),
    "rockfall": gettext_noop("Rockfall"),
}
STATION_MASTER_TEXT: dict[str, StrOrPromise] = {
    "gain2": pgettext_lazy("board box", "+$2"),
    "hazard_or_trade": pgettext_lazy("board box", "hazard/trade"),
    "certificate": pgettext_lazy("board box", "+1 cert."),
    "per_worker": pgettext_lazy(
        "board box", "1 VP/worker"
    ),  # printed workers included (rulebook, final scoring)
    "per_2_objectives": pgettext_lazy("board box", "3 VP/2 obj."),
    "per_2_hazards": pgettext_lazy("board box", "3 VP/2 haz."),
    "per_teepee_pair": pgettext_lazy("board box", "3 VP/teepee pair"),
    "per_2_certificates": pgettext_lazy("board box", "3 VP/2 cert."),
}
STATION_MASTER_TEXT_2E: dict[str, StrOrPromise] = {
    **STATION_MASTER_TEXT,
    "hazard_or_bounty": pgettext_lazy("board box", "hazard/bounty"),
    "certificate2": pgettext_lazy("board box", "+2 cert."),
    "gain12": pgettext_lazy("board box", "+$12"),
    "certificate_forward2": pgettext_lazy("board box", "cert. marker +2"),
    "per_outlaw_pair": pgettext_lazy("board box", "3 VP/outlaw pair"),
    "per_2_stations": pgettext_lazy("board box", "3 VP/2 stations"),
    "per_building": pgettext_lazy("board box", "2 VP/building"),
    "none": pgettext_lazy("board box", "no task"),
}
OBJECTIVE_TASKS: dict[str, StrOrPromise] = {
    "B": pgettext_lazy("board box", "building"),
    "G": pgettext_lazy("board box", "green teepee"),
    "BL": pgettext_lazy("board box", "blue teepee"),
    "H": pgettext_lazy("board box", "hazard"),
    "S": pgettext_lazy("board box", "station"),
    "3": pgettext_lazy("board box", "cattle 3"),
    "4": pgettext_lazy("board box", "cattle 4"),
    "5": pgettext_lazy("board box", "cattle 5"),
    "SF": pgettext_lazy("board box", "San Francisco"),
    "OG": pgettext_lazy("board box", "green outlaw"),
    "OO": pgettext_lazy("board box", "orange outlaw"),
    "NY": pgettext_lazy("board box", "New York"),
}
OBJECTIVE_ACTIONS: dict[str | None, StrOrPromise] = {
    None: pgettext_lazy("board box", "starting card"),
    "IA-GAIN2": pgettext_lazy("board box", "now: +$2"),
    "IA-AUX": pgettext_lazy("board box", "now: aux. action"),
    "IA-DRAW3": pgettext_lazy("board box", "now: draw 3"),
    "IA-ENG2": pgettext_lazy("board box", "now: engine +2"),
    "IA-ENG3": pgettext_lazy("board box", "now: engine +3"),
    "IA-MOVE3": pgettext_lazy("board box", "now: move 3"),
}
# The auxiliary actions' names, in English (said in the reader's language where drawn).
AUX_NAMES: dict[str, str] = {
    "1": gettext_noop("gain money"),
    "2": gettext_noop("draw and discard"),
    "3": gettext_noop("engine back for a certificate"),
    "4": gettext_noop("pay to move the engine forward"),
    "5": gettext_noop("pay to remove cards"),
}
AUX_NAMES_2E: dict[str, str] = {
    **AUX_NAMES,
    "5": gettext_noop("engine back for money and removing cards"),
}
AUX_SHORT: dict[str, StrOrPromise] = {
    "1": pgettext_lazy("board box", "+$"),
    "2": pgettext_lazy("board box", "Draw"),
    "3": pgettext_lazy("board box", "Back: cert."),
    "4": pgettext_lazy("board box", "Engine fwd"),
    "5": pgettext_lazy("board box", "Remove"),
}
WORKER_PLURAL: dict[str, StrOrPromise] = {
    "cowboy": pgettext_lazy("board box", "Cowboys"),
    "craftsman": pgettext_lazy("board box", "Craftsmen"),
    "builder": pgettext_lazy("board box", "Builders"),
    "engineer": pgettext_lazy("board box", "Engineers"),
}
AUX_LEVELS: tuple[str, ...] = ("locked", "single", "double")
TEEPEE_NAMES: dict[str, str] = {"green": "green teepee", "blue": "blue teepee"}
# City arrows' delivery actions: the short label beside the points, and the words.
ARROW_SHORT: dict[str, StrOrPromise] = {
    "objective": pgettext_lazy("board box", " obj."),
    "exchange_token": pgettext_lazy("board box", " exch. token"),
}
ARROW_WORDS: dict[str, StrOrPromise] = {
    "objective": pgettext_lazy("board box", "take an objective card"),
    "exchange_token": pgettext_lazy("board box", "gain an exchange token"),
}

# --- a player's board ---------------------------------------------------------------------

PLAYER_WIDTH = 480
PLAYER_HEIGHT = 386
# The stats column (certificates, discs, where the herder and engine are): its left edge,
# the room its lines have up to the board's edge, and their font size (board.css .pb-label).
PLAYER_STATS_X = 280
PLAYER_STATS_ROOM = PLAYER_WIDTH - PLAYER_STATS_X - 4
PLAYER_LABEL_SIZE = 12

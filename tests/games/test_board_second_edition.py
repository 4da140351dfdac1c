"""The 2nd edition table and player boards drawn from a 2e view: every region, every piece
of the position, the 2nd edition's names, and nothing hidden from the viewing seat.

The views are built by hand from the 2e component data (tests/games/second_edition_view.py),
shaped as the shared 2nd edition contract says.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache

import pytest

import engine
from engine.data import trail as trail_1e
from engine.data.second import cities, railroad, trail
from games.board.memo import clear_all
from games.board.svg import board_svg, player_board_svg
from games.management.commands.board_preview import bot_position
from games.models import SEAT_COLOURS
from games.move_presentation import board_targets, present_moves
from tests.games.second_edition_view import second_edition_view
from tests.games.test_board_svg import printed_name

SVG = "{http://www.w3.org/2000/svg}"


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _groups(root: ET.Element, **attrs: str) -> list[ET.Element]:
    return [
        el
        for el in root.iter(f"{SVG}g")
        if all(el.get(k.replace("_", "-")) == v for k, v in attrs.items())
    ]


def _classed(root: ET.Element, cls: str) -> list[ET.Element]:
    return [el for el in root.iter() if cls in (el.get("class") or "").split()]


def _title(el: ET.Element) -> str:
    title = el.find(f"{SVG}title")
    assert title is not None, el.attrib
    return title.text or ""


def _texts(root: ET.Element) -> str:
    return " ".join(t.text or "" for t in root.iter(f"{SVG}text"))


@pytest.fixture(params=[True, False], ids=["simmental", "plain"])
def view(request: pytest.FixtureRequest) -> dict:
    return second_edition_view(3, simmental=request.param)


def test_the_table_has_every_region_and_the_simmental_pieces_only_with_the_variant(view):
    root = _parse(board_svg(view))
    regions = [el.get("class") for el in root if el.tag == f"{SVG}g"]
    plain = [
        "trail",
        "railroad",
        "cities",
        "job-market",
        "foresight",
        "supply",
        "cattle-market",
        "objective-display",
    ]
    simmental = view["options"]["simmental"]
    if simmental:
        plain.insert(6, "simmental-stacks")
    assert regions == plain
    assert bool(_classed(root, "simmental-tile")) == simmental


def test_every_space_of_the_2e_trail_is_drawn_and_none_of_the_1e_only_spaces(view):
    root = _parse(board_svg(view))
    spaces = {g.get("data-loc"): g for g in _classed(root, "loc")}
    assert set(spaces) == set(trail.NODES)
    assert {"D-1", "OL-X", "OL3", "OUTLAW-R1"} <= set(spaces)
    assert not {"C-3", "TP1", "TPM3", "TEEPEE-R1"} & set(spaces)
    assert set(trail_1e.NODES) - set(spaces) == {
        "C-3",
        *trail_1e.TEEPEE_VALUE,
        "TEEPEE-R1",
        "TEEPEE-R2",
    }
    for space, cell in view["trail"].items():
        g = spaces[space]
        assert "has-tile" in g.get("class").split()
        assert printed_name(view, space, cell) in _title(g)
        if cell["owner"] is not None:
            assert f"owner-{SEAT_COLOURS[cell['owner']]}" in ET.tostring(g, encoding="unicode")
    for space, g in spaces.items():
        assert ("has-tile" in g.get("class").split()) == (space in view["trail"])


def test_the_outlaw_section_shows_its_outlaws_and_each_space_s_reward(view):
    root = _parse(board_svg(view))
    frame = _classed(root, "section-outlaw")
    assert len(frame) == 1
    assert "Outlaw section" in _texts(root)
    assert "Indian trade" not in _texts(root)
    spaces = {g.get("data-loc"): g for g in _classed(root, "loc")}
    for space, value in trail.OUTLAW_SPACES:
        g = spaces[space]
        words = _title(g)
        assert words.startswith("the outlaw section space ")
        assert space not in words.split()  # the id is the notation's
        drawn = _texts(g)
        if space in trail.OUTLAW_TOKENS:
            assert "+1 exchange token" in words
            assert "+1 exch." in drawn
        else:
            assert f"+${value}" in words
            assert f"+${value}" in drawn
        assert ("off the trail" in words) == (space in trail.OUTLAW_OFF_TRAIL)
        tile = view["outlaw_section"][space]
        if tile:
            assert f"{tile['type']} outlaw, {tile['hand']} hand" in words
            assert tile["id"] not in words
            assert _classed(g, f"outlaw-{tile['type']}")
        else:
            assert words.endswith(": empty")


def test_herders_engines_station_discs_and_city_discs_are_where_the_view_puts_them(view):
    root = _parse(board_svg(view))
    herders = {
        g.get("data-herder"): g.get("data-loc") for g in _groups(root) if g.get("data-herder")
    }
    assert herders == {str(p["seat"]): p["herder"] for p in view["players"]}
    engines = {
        g.get("data-engine"): g.get("data-track") for g in _groups(root) if g.get("data-engine")
    }
    assert engines == {str(p["seat"]): p["engine"] for p in view["players"]}
    for station, seats in view["stations"].items():
        drawn = [
            int(g.find(f"{SVG}g").get("data-seat"))
            for g in _groups(root, data_disc_station=station)
        ]
        assert sorted(drawn) == sorted(seats)
    for city, seats in view["cities"].items():
        drawn: Counter = Counter()
        for g in _groups(root, data_disc_city=city):
            drawn[int(g.find(f"{SVG}g").get("data-seat"))] += int(g.get("data-count"))
        assert drawn == Counter(seats), city


def test_the_city_strip_runs_from_kansas_city_to_new_york_with_the_green_arrows_actions(view):
    root = _parse(board_svg(view))
    drawn = [g.get("data-city") for g in _groups(root) if "city" in (g.get("class") or "").split()]
    assert drawn == list(cities.ORDER)
    names = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "city-name"]
    assert names == [
        "Kansas C.",
        "Fulton",
        "St. Louis",
        "Bloomington",
        "Peoria",
        "Chicago",
        "Toledo",
        "Pittsburgh",
        "Philadelphia",
        "New York",
    ]
    arrows = [_title(g) for g in _classed(root, "city-arrow")]
    assert len(arrows) == len(cities.ARROWS)
    assert "between St. Louis and Bloomington: 0 VP, gain an exchange token" in arrows
    assert "between Fulton and St. Louis: -3 VP, take an objective card" in arrows
    assert "0 exch. token" in _texts(root)


def test_the_five_dealt_station_masters_show_both_halves_in_words(view):
    if not view["options"]["simmental"]:  # the other tile the 1st edition also has
        view["station_masters"]["S5"] = railroad.sm_card("SM-1")
    root = _parse(board_svg(view))
    tiles = {g.get("data-tile"): g for g in _classed(root, "station-master")}
    dealt = {sm["id"] for sm in view["station_masters"].values() if sm}
    assert set(tiles) == dealt
    assert {"SM-6", "SM-7", "SM-9"} <= dealt  # the 2nd edition's new tiles
    expected = {
        "SM-1": ("+$2", "1 VP/worker"),
        "SM-6": ("+2 cert.", "no task"),
        "SM-7": ("+$12", "no task"),
        "SM-9": ("cert. marker +2", "2 VP/building"),
        "SM-4": ("+1 cert.", "3 VP/outlaw pair"),
    }
    assert len(dealt & set(expected)) == 4
    for sm in dealt & set(expected):
        assert [t.text for t in tiles[sm].iter(f"{SVG}text")] == list(expected[sm])
    stations = {g.get("data-station"): _title(g) for g in _classed(root, "station")}
    assert "station master: $12 now" in stations["S4"]
    assert "SM-7" not in stations["S4"]
    worker = view["station_workers"]["S3"]
    assert _groups(root, data_tile=worker["id"])
    assert "worker tile: builder" in stations["S3"]


def test_markets_foresight_and_bags_are_drawn_from_the_view(view):
    root = _parse(board_svg(view))
    cards = {g.get("data-card"): g for g in _groups(root) if g.get("data-card")}
    assert {c["id"] for c in view["cattle_market"]} <= set(cards)
    assert {c["id"] for c in view["objective_display"]} <= set(cards)
    for card in view["cattle_market"]:
        g = cards[card["id"]]
        assert _classed(g, f"breed-{card['breed']}")
    labels = _texts(root)
    for name in ("Bl. Angus", "Longhorn", "Corriente", "Shorthorn", "Hereford"):
        assert name in labels
    calves = [c for c in view["cattle_market"] if c["breed"] == "simmental"]
    assert bool(calves) == view["options"]["simmental"]
    for calf in calves:
        assert "Calf" in _texts(cards[calf["id"]])
    assert "OG" in _texts(cards["OBJ-13"])
    foresight = [g for g in _groups(root) if g.get("data-foresight")]
    assert len(foresight) == 6
    drawn = {g.get("data-tile") for g in _groups(root) if g.get("data-tile")}
    assert {t["id"] for pair in view["foresight"] for t in pair if t} <= drawn
    outlaw_tile = next(g for g in _groups(root, data_tile="outlaw-orange-10"))
    assert "tile-outlaw" in outlaw_tile.get("class").split()
    for bag, info in view["supply"].items():
        assert f"Bag {bag}: {info['count']} tile{'' if info['count'] == 1 else 's'}" in labels
    assert "Supply 1" not in labels


def test_the_job_market_has_builders_and_a_green_end_arrow(view):
    root = _parse(board_svg(view))
    rows = _classed(root, "job-row")
    assert len(rows) == 12
    assert "Bui" in _texts(root)
    last = rows[-1]
    assert "leaving this row triggers the game end" in _title(last)
    assert _classed(last, "arrow-green")
    token = _classed(root, "token-row")
    assert [int(r.get("data-row")) for r in token] == [view["job_market"]["token_row"]]


def test_the_simmental_tile_and_stacks_show_the_buy_options_and_counts():
    view = second_edition_view(4, simmental=True)
    view["simmental"] = {"2": {"count": 5}, "3": {"count": 8}}
    root = _parse(board_svg(view))
    tile = _classed(root, "simmental-tile")[0]
    assert _title(tile) == (
        "Simmental market tile: buy one Simmental Calf for 1 cowboy + $8 or 2 cowboys + $5"
    )
    stacks = {g.get("data-stage"): _title(g) for g in _classed(root, "simmental-stack")}
    assert stacks == {
        "2": "Simmental heifer stack (stage 2): 5 cards",
        "3": "Simmental cow stack (stage 3): 8 cards",
    }
    assert "Heifers (stage 2): 5" in _texts(root)
    assert "Cows (stage 3): 8" in _texts(root)


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_each_player_board_shows_the_2e_player_area(view, seat):
    p = view["players"][seat]
    root = _parse(player_board_svg(view, seat))
    text = _texts(root)
    for kind, plural in (("cowboy", "Cowboys"), ("builder", "Builders"), ("engineer", "Engineers")):
        assert f"{plural} {p['workers'][kind]}" in text
    assert "Craftsmen" not in text
    chips = [g for g in _classed(root, "chip") if _title(g).startswith("building ")]
    sides = view["building_sides"]
    assert [_title(g).split(":")[0] for g in chips] == [
        f"building {n}{sides[n]}" for n in map(str, range(1, 13))
    ]
    for g in chips:
        bid = _title(g).split()[1].rstrip(":")
        assert _title(g).endswith("available" if bid in p["buildings_available"] else "built")
    exchange = _classed(root, "pb-exchange")[0]
    assert exchange.get("data-count") == str(p["exchange_tokens"])
    assert _classed(exchange, "exchange-token")
    assert f"Exchange tokens {p['exchange_tokens']}" in text
    greens = sum(t["type"] == "green" for t in p["outlaws"])
    oranges = sum(t["type"] == "orange" for t in p["outlaws"])
    assert f"outlaws {greens} green, {oranges} orange" in text
    assert f"Hazards {len(p['hazards'])}" in text
    tiles = _title(_classed(root, "pb-tiles")[0])
    for t in [*p["hazards"], *p["outlaws"]]:
        assert f"{t['type']} {t['kind']}, " in tiles
        assert t["id"] not in tiles
    assert tiles.count("station master") == len(p["station_masters"])
    assert f"Certificates {p['certificates']}" in text
    assert f"Discs left {p['discs_left']}" in text
    desc = root.find(f"{SVG}desc").text
    assert f"{p['workers']['builder']} builders" in desc
    assert "exchange token" in desc
    owed = _classed(root, "pb-owed")
    if p["side_decision"]:
        assert _title(owed[0]) == "Owes 2 discards (exchange token)"
        assert "2 cards to discard for an exchange token used out of turn" in desc
    else:
        assert owed == []


def test_no_hand_or_draw_pile_is_drawn_for_anyone():
    view = second_edition_view(3, viewer=None, reveal_all=True)
    hidden = {c["id"] for p in view["players"] for c in [*p["hand"], *p["draw_pile"]]}
    assert hidden
    drawn = [board_svg(view)] + [player_board_svg(view, s) for s in range(3)]
    for cid in hidden:
        assert all(cid not in svg for svg in drawn), cid
    own = second_edition_view(3, viewer=1)
    for seat in range(3):
        root = _parse(player_board_svg(own, seat))
        cards = _classed(root, "pb-cards")[0]
        assert cards.get("data-hand-count") == "4"
    for card in own["players"][1]["hand"]:
        assert card["id"] not in player_board_svg(own, 1)
        assert card["id"] not in board_svg(own)


def test_targets_on_2e_spaces_are_buttons():
    view = second_edition_view(3)
    targets = {"loc:D-1": 3, "loc:OL3": 1, "track:4.5": 2}
    root = _parse(board_svg(view, targets=targets))
    found = {a.get("data-target"): a.get("data-move-index") for a in root.iter(f"{SVG}a")}
    assert found == {k: str(v) for k, v in targets.items()}


def test_pieces_kept_for_one_edition_are_never_reused_for_the_other():
    first = engine.view(bot_position(3, 5, 0.5), 0)
    second = second_edition_view(3)
    names = ["Ann", "Ben", "Cy"]
    drawn = []
    for v in (first, second, first, second):
        drawn.append(
            (board_svg(v, names=names), [player_board_svg(v, s, names=names) for s in range(3)])
        )
    for v, (table, boards) in zip((first, second), drawn[:2], strict=True):
        clear_all()
        assert board_svg(v, names=names) == table
        clear_all()
        assert [player_board_svg(v, s, names=names) for s in range(3)] == boards
    assert drawn[0] == drawn[2]
    assert drawn[1] == drawn[3]


def test_a_changed_2e_view_is_redrawn():
    view = second_edition_view(3)
    before = board_svg(view)
    changed = copy.deepcopy(view)
    changed["outlaw_section"]["OL4"] = changed["outlaw_section"].pop("OL3")
    changed["outlaw_section"]["OL3"] = None
    changed["players"][0]["exchange_tokens"] = 5
    changed["simmental"]["2"]["count"] = 1
    after = board_svg(changed)
    assert before != after
    assert "Heifers (stage 2): 1" in after
    assert "Exchange tokens 5" in player_board_svg(changed, 0)
    assert board_svg(view) == before


# --- real 2nd edition games, played by the engine's bots ---------------------------------

STAGES = {"start": 0.0, "mid": 0.5, "end": 1.0}
SEEDS = {2: 3, 3: 5, 4: 7}
POSITIONS = [
    (players, stage, simmental)
    for players in (2, 3, 4)
    for stage in STAGES
    for simmental in (False, True)
]
PLURALS = {"cowboy": "Cowboys", "builder": "Builders", "engineer": "Engineers"}


@cache
def _state(players: int, stage: str, simmental: bool = False) -> dict:
    options = {"layout": "beginner", "simmental": simmental}
    return bot_position(players, SEEDS[players], STAGES[stage], "2e", options)


def _real(
    players: int,
    stage: str,
    seat: int | None = 0,
    reveal_all: bool = False,
    simmental: bool = False,
) -> dict:
    return engine.view(_state(players, stage, simmental), seat, reveal_all=reveal_all)


@pytest.mark.parametrize(("players", "stage", "simmental"), POSITIONS)
def test_every_piece_of_a_real_2e_position_is_drawn(players, stage, simmental):
    view = _real(players, stage, simmental=simmental)
    assert view["edition"] == "2e"
    root = _parse(board_svg(view))
    spaces = {g.get("data-loc"): g for g in _classed(root, "loc")}
    assert set(spaces) == set(trail.NODES)
    for space, cell in view["trail"].items():
        assert "has-tile" in spaces[space].get("class").split()
        assert printed_name(view, space, cell) in _title(spaces[space])
    for space, tile in view["outlaw_section"].items():
        words = _title(spaces[space])
        assert (f"{tile['type']} outlaw" in words) if tile else words.endswith(": empty")
    for space, tile in view["hazard_sections"].items():
        words = _title(spaces[space])
        assert (
            (f"{tile['type']} hazard, {tile['vp']} VP" in words)
            if tile
            else words.endswith(": empty")
        )
    herders = {
        g.get("data-herder"): g.get("data-loc") for g in _groups(root) if g.get("data-herder")
    }
    assert herders == {str(p["seat"]): p["herder"] for p in view["players"] if p["herder"]}
    engines = {
        g.get("data-engine"): g.get("data-track") for g in _groups(root) if g.get("data-engine")
    }
    assert engines == {str(p["seat"]): p["engine"] for p in view["players"]}
    for station, seats in view["stations"].items():
        drawn = [
            int(g.find(f"{SVG}g").get("data-seat"))
            for g in _groups(root, data_disc_station=station)
        ]
        assert sorted(drawn) == sorted(seats)
    for city, seats in view["cities"].items():
        drawn_discs: Counter = Counter()
        for g in _groups(root, data_disc_city=city):
            drawn_discs[int(g.find(f"{SVG}g").get("data-seat"))] += int(g.get("data-count"))
        assert drawn_discs == Counter(seats), city
    tiles = {g.get("data-tile") for g in _groups(root) if g.get("data-tile")}
    masters = [sm for sm in view["station_masters"].values() if sm]
    workers = list(view["station_workers"].values())
    assert len(masters) + len(workers) == railroad.STATION_MASTERS_DEALT
    assert {t["id"] for t in [*masters, *workers]} <= tiles
    assert {t["id"] for pair in view["foresight"] for t in pair if t} <= tiles
    cards = {g.get("data-card") for g in _groups(root) if g.get("data-card")}
    assert {c["id"] for c in [*view["cattle_market"], *view["objective_display"]]} <= cards
    text = _texts(root)
    for bag, info in view["supply"].items():
        assert f"Bag {bag}: {info['count']} tile{'' if info['count'] == 1 else 's'}" in text
    workers_drawn = [t.text for t in _classed(root, "job-worker")]
    assert len(workers_drawn) == sum(1 for row in view["job_market"]["rows"] for w in row if w)
    cattle = {g.get("data-card"): g for g in _classed(root, "cattle-card")}
    for card in view["cattle_market"]:
        assert _classed(cattle[card["id"]], f"breed-{card['breed']}")
        if card["breed"] == "simmental":
            assert "Calf" in _texts(cattle[card["id"]])
    assert bool(_classed(root, "simmental-tile")) == simmental
    stacks = {g.get("data-stage"): _title(g) for g in _classed(root, "simmental-stack")}
    if simmental:
        for stage_key, info in view["simmental"].items():
            assert stacks[stage_key].endswith(f": {info['count']} cards")
    else:
        assert stacks == {}


@pytest.mark.parametrize(("players", "stage", "simmental"), POSITIONS)
def test_every_player_area_of_a_real_2e_position_is_drawn(players, stage, simmental):
    view = _real(players, stage, simmental=simmental)
    for seat, p in enumerate(view["players"]):
        root = _parse(player_board_svg(view, seat))
        text = _texts(root)
        for kind, n in p["workers"].items():
            assert f"{PLURALS[kind]} {n}" in text
        assert f"Exchange tokens {p['exchange_tokens']}" in text
        greens = sum(t["type"] == "green" for t in p["outlaws"])
        assert f"outlaws {greens} green, {len(p['outlaws']) - greens} orange" in text
        assert f"station masters {len(p['station_masters'])}" in text
        assert f"Discs left {p['discs_left']}" in text
        assert f"Certificates {p['certificates']}" in text
        chips = [_title(g) for g in _classed(root, "chip") if _title(g).startswith("building ")]
        assert len(chips) == 12
        for bid in p["buildings_available"]:
            assert f"building {bid}: available" in chips
        for card in p["objectives"][:5]:
            assert _groups(root, data_card=card["id"])


def test_no_card_of_a_hand_or_draw_pile_of_a_real_2e_game_is_drawn():
    view = _real(4, "mid", seat=None, reveal_all=True, simmental=True)
    hidden = {c["id"] for p in view["players"] for c in [*p["hand"], *p["draw_pile"]]}
    assert hidden
    drawn = [board_svg(view)] + [player_board_svg(view, s) for s in range(4)]
    for cid in hidden:
        assert all(cid not in svg for svg in drawn), cid
    own = _real(4, "mid", seat=2)
    for card in own["players"][2]["hand"]:
        assert all(card["id"] not in svg for svg in [board_svg(own), player_board_svg(own, 2)])


def test_the_legal_moves_of_a_real_2e_game_become_buttons_on_its_spaces():
    state = engine.new_game(3, 5, "2e", {"layout": "beginner", "simmental": False})
    checked = set()
    for _ in range(600):
        if engine.is_over(state):
            break
        seat = state["current"]
        moves = engine.legal_moves(state, seat)
        targets = board_targets(present_moves(state, seat, moves))
        if targets:
            root = _parse(board_svg(engine.view(state, seat), targets=targets))
            found = {a.get("data-target"): a.get("data-move-index") for a in root.iter(f"{SVG}a")}
            assert found == {k: str(v) for k, v in targets.items()}
            checked |= {k.split(":")[0] for k in targets}
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, "random", rng=1))
    assert checked == {"loc", "track"}


def test_discards_owed_for_a_token_used_out_of_turn_show_on_that_player_s_board():
    """R2-TURN-01: a seat may use an exchange token when it is not its turn; the cards it
    then owes are public as a count (never which cards)."""
    state = _state(3, "mid")
    seat = next(s for s in range(3) if s != state["current"])
    token = next((m for m in engine.legal_moves(state, seat) if m["type"] == "exchange"), None)
    if token is None:  # give the seat a token to use, as the bank would
        state = copy.deepcopy(state)
        state["players"][seat]["exchange_tokens"] = 1
        token = next(m for m in engine.legal_moves(state, seat) if m["type"] == "exchange")
    state = engine.apply(state, seat, token)
    view = engine.view(state, None)
    side = view["players"][seat]["side_decision"]
    assert side
    root = _parse(player_board_svg(view, seat))
    n = side["n"]
    assert _title(_classed(root, "pb-owed")[0]).startswith(f"Owes {n} discard")
    for other in set(range(3)) - {seat}:
        assert not _classed(_parse(player_board_svg(view, other)), "pb-owed")

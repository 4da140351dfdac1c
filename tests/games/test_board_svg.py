"""The board and player boards drawn as SVG from engine views of bot-played games."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache

import pytest

import engine
from engine.data import railroad
from engine.data import trail as trail_data
from games.board.layout import WORKER_PLURAL
from games.board.svg import board_svg, describe_board, player_board_svg, seat_colour
from games.management.commands.board_preview import bot_position
from games.models import SEAT_COLOURS
from games.move_presentation import board_targets, present_moves

SVG = "{http://www.w3.org/2000/svg}"
STAGES = {"start": 0.0, "mid": 0.5, "end": 1.0}
SEEDS = {2: 3, 3: 5, 4: 7}


@cache
def _state(players: int, stage: str) -> dict:
    return bot_position(players, SEEDS[players], STAGES[stage])


def _view(players: int, stage: str, seat: int | None = 0, reveal_all: bool = False) -> dict:
    return engine.view(_state(players, stage), seat, reveal_all=reveal_all)


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def _all(root: ET.Element, tag: str, **attrs: str) -> list[ET.Element]:
    return [
        el
        for el in root.iter(f"{SVG}{tag}")
        if all(el.get(k.replace("_", "-")) == v for k, v in attrs.items())
    ]


def _title_of(el: ET.Element) -> str:
    title = el.find(f"{SVG}title")
    assert title is not None, f"{el.attrib} has no title"
    return title.text or ""


POSITIONS = [(players, stage) for players in (2, 3, 4) for stage in STAGES]


@pytest.mark.parametrize(("players", "stage"), POSITIONS)
def test_board_parses_and_has_text_alternatives(players, stage):
    view = _view(players, stage)
    root = _parse(board_svg(view))
    assert root.get("viewBox").startswith("0 0 ")
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "gwt-board-title gwt-board-desc"
    assert root.find(f"{SVG}title").get("id") == "gwt-board-title"
    assert root.find(f"{SVG}desc").get("id") == "gwt-board-desc"
    for loc in _all(root, "g"):
        if loc.get("data-loc") and "loc" in (loc.get("class") or "").split():
            assert _title_of(loc)


def printed_name(view, space: str, cell) -> str:
    """How the board names what is on a trail space: a neutral tile by the letter printed on
    it ("NC" is "neutral building C"), a private building by its number and side, a hazard,
    teepee or outlaw by its kind (the engine's ids stay in the notation help)."""
    tile = cell["tile"]
    if cell["kind"] == "building":
        return f"neutral building {tile[1:]}" if cell["owner"] is None else f"building {tile}"
    for section in ("hazard_sections", "indian_trade", "outlaw_section"):
        found = (view.get(section) or {}).get(space)
        if found:
            return f"{found['type']} {found['kind']}"
    raise AssertionError(f"no tile on {space}")


@pytest.mark.parametrize(("players", "stage"), POSITIONS)
def test_every_trail_space_is_drawn_and_tiles_are_named_as_printed(players, stage):
    view = _view(players, stage)
    root = _parse(board_svg(view))
    spaces = {
        g.get("data-loc"): g for g in _all(root, "g") if "loc" in (g.get("class") or "").split()
    }
    assert set(spaces) == set(trail_data.NODES)
    assert view["trail"], "a started game has tiles on the trail"
    for space, cell in view["trail"].items():
        g = spaces[space]
        assert "has-tile" in g.get("class").split()
        assert printed_name(view, space, cell) in _title_of(g)
        if cell["owner"] is None:  # a private building's number and side are printed
            assert cell["tile"] not in _title_of(g).split()
        if cell["kind"] == "building":
            texts = [t.text for t in g.iter(f"{SVG}text")]
            assert (cell["tile"][1:] if cell["owner"] is None else cell["tile"]) in texts
        if cell["owner"] is not None:
            assert f"owner-{seat_colour(cell['owner'])}" in ET.tostring(g, encoding="unicode")
    for space, g in spaces.items():
        if space not in view["trail"]:
            assert "has-tile" not in g.get("class").split()


@pytest.mark.parametrize(("players", "stage"), POSITIONS)
def test_herders_engines_and_discs_appear_where_the_view_puts_them(players, stage):
    view = _view(players, stage)
    root = _parse(board_svg(view))
    herders = {
        g.get("data-herder"): g.get("data-loc") for g in _all(root, "g") if g.get("data-herder")
    }
    expected = {str(p["seat"]): p["herder"] for p in view["players"] if p["herder"]}
    assert herders == expected
    if stage != "start":
        assert len(expected) == players
    engines = {
        g.get("data-engine"): g.get("data-track") for g in _all(root, "g") if g.get("data-engine")
    }
    assert engines == {str(p["seat"]): p["engine"] for p in view["players"]}
    for station, seats in view["stations"].items():
        drawn = [
            int(g.find(f"{SVG}g").get("data-seat"))
            for g in _all(root, "g", data_disc_station=station)
        ]
        assert sorted(drawn) == sorted(seats)
    for city, seats in view["cities"].items():
        drawn: Counter = Counter()
        for g in _all(root, "g", data_disc_city=city):
            drawn[int(g.find(f"{SVG}g").get("data-seat"))] += int(g.get("data-count"))
        assert drawn == Counter(seats)


def test_late_positions_have_discs_on_cities_and_stations():
    view = _view(4, "end")
    root = _parse(board_svg(view))
    placed = sum(len(s) for s in view["cities"].values())
    assert placed > 0
    drawn = [g for g in root.iter(f"{SVG}g") if g.get("data-disc-city")]
    assert sum(int(g.get("data-count")) for g in drawn) == placed
    for station, master in view["station_masters"].items():
        tiles = [g.get("data-tile") for g in root.iter(f"{SVG}g") if g.get("data-tile")]
        if master:
            assert master["id"] in tiles, station
    for station, worker in view["station_workers"].items():
        assert worker["id"] in {g.get("data-tile") for g in root.iter(f"{SVG}g")}, station


def test_engines_are_drawn_on_every_kind_of_track_space():
    view = copy.deepcopy(_view(3, "mid"))
    view["players"][0]["engine"] = "4.5"
    view["players"][1]["engine"] = "39"
    view["players"][2]["engine"] = "39"
    root = _parse(board_svg(view))
    engines = {
        g.get("data-engine"): g.get("data-track") for g in _all(root, "g") if g.get("data-engine")
    }
    assert engines == {"0": "4.5", "1": "39", "2": "39"}
    spaces = {
        g.get("data-track") for g in root.iter(f"{SVG}g") if "track-space" in (g.get("class") or "")
    }
    assert spaces == set(railroad.SPACES)


def _targets_at(players: int, predicate) -> tuple[dict, dict]:
    """The first position of a bot game whose board targets satisfy ``predicate``."""
    state = engine.new_game(players, SEEDS[players])
    for _ in range(3000):
        seat = state["current"]
        moves = engine.legal_moves(state, seat)
        targets = board_targets(present_moves(state, seat, moves))
        if predicate(targets):
            return engine.view(state, seat), targets
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, "heuristic", rng=1))
    raise AssertionError("no such position in the game")


def _check_targets(svg: str, targets: dict) -> None:
    root = _parse(svg)
    assert root.get("role") == "group"
    spaces = [g for g in root.iter(f"{SVG}g") if g.get("class") == "target-space"]
    found = {g.find(f"{SVG}a").get("data-target"): g for g in spaces}
    assert set(found) == set(targets)
    for key, index in targets.items():
        space = found[key]
        a = space.find(f"{SVG}a")
        assert a.get("data-move-index") == str(index)
        assert a.get("role") == "button"
        assert a.get("tabindex") == "0"
        assert a.get("href") == "#"
        assert "board-target" in a.get("class").split()
        assert a.get("aria-label", "").startswith("Choose ")
        kind, ident = key.split(":", 1)
        # The button holds only its clickable shape, no words: its label alone names it.
        assert [child.get("class") for child in a] == ["target-hit"]
        assert not "".join(a.itertext()).strip()
        inner = space.find(f"{SVG}g")
        assert inner.get("data-loc" if kind == "loc" else "data-track") == ident


def test_trail_targets_are_focusable_buttons_with_their_move_index():
    view, targets = _targets_at(3, lambda t: sum(k.startswith("loc:") for k in t) >= 2)
    _check_targets(board_svg(view, targets=targets), targets)


def test_track_targets_are_focusable_buttons_with_their_move_index():
    view, targets = _targets_at(2, lambda t: any(k.startswith("track:") for k in t))
    _check_targets(board_svg(view, targets=targets), targets)


def test_empty_spaces_and_turnouts_can_be_targets():
    view = _view(4, "mid")
    empty = next(s for s in trail_data.BUILDING_SPACES if s not in view["trail"])
    targets = {f"loc:{empty}": 0, "loc:TPM1": 4, "track:7.5": 2, "track:39": 7}
    _check_targets(board_svg(view, targets=targets), targets)


def test_no_hand_is_ever_drawn_only_counts():
    view = _view(4, "mid", seat=None, reveal_all=True)
    hands = {p["seat"]: [c["id"] for c in p["hand"]] for p in view["players"]}
    assert all(hands.values())
    drawn = [board_svg(view)] + [player_board_svg(view, s) for s in range(4)]
    for cards in hands.values():
        for cid in cards:
            assert all(cid not in svg for svg in drawn), cid
    own = _view(4, "mid", seat=1)
    for seat in range(4):
        root = _parse(player_board_svg(own, seat))
        cards = _all(root, "g", **{"class": "pb-cards"})[0]
        assert cards.get("data-hand-count") == str(len(hands[seat]))
    for cid in hands[1]:
        assert cid not in player_board_svg(own, 1)


def test_text_from_the_view_and_names_is_escaped():
    view = copy.deepcopy(_view(2, "mid"))
    evil = '<script>alert("x")</script>&'
    view["objective_display"][0]["id"] = evil
    view["cattle_market"][0]["breed"] = evil
    view["decision"] = {"seat": view["current_player"], "kind": "loc", "space": evil}
    names = [evil, "Bob & <Co>"]
    for svg in (
        board_svg(view, names=names, targets={"loc:A": 1}),
        player_board_svg(view, 0, names=names),
    ):
        assert "<script>" not in svg
        root = _parse(svg)
        assert evil in "".join(root.itertext())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_desc_says_whose_turn_it_is_and_where_everyone_is(players):
    view = _view(players, "mid")
    current = view["current_player"]
    root = _parse(board_svg(view))
    desc = root.find(f"{SVG}desc").text
    assert f"Seat {current + 1} ({SEAT_COLOURS[current]}) to move" in desc
    for p in view["players"]:
        assert f"${p['money']}" in desc
        herder = p["herder"]
        cell = view["trail"].get(herder)
        where = {"START": "the start", "KC": "Kansas City"}.get(herder) or (
            printed_name(view, herder, cell) if cell else "a space left empty"
        )
        assert f"cattleman at {where}" in desc
    names = ["Ann", "Ben", "Cy", "Di"][:players]
    assert f"{names[current]}, seat {current + 1}" in describe_board(view, names)


def test_the_space_of_the_pending_decision_is_marked():
    state = engine.new_game(2, SEEDS[2])
    for _ in range(500):
        decision = engine.view(state, None)["decision"]
        if decision["kind"] == "loc":
            break
        seat = state["current"]
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, "heuristic", rng=1))
    view = engine.view(state, None)
    root = _parse(board_svg(view))
    marked = [
        g.get("data-loc")
        for g in root.iter(f"{SVG}g")
        if "current" in (g.get("class") or "").split()
    ]
    assert marked == [view["decision"]["space"]]
    assert "take actions at" in root.find(f"{SVG}desc").text


def test_desc_of_a_finished_game_gives_the_scores():
    view = _view(3, "end", seat=None, reveal_all=True)
    assert view["over"]
    desc = describe_board(view)
    assert "Game over" in desc
    for i, score in enumerate(view["scores"]):
        assert f"Seat {i + 1} ({SEAT_COLOURS[i]}) {score['total']}" in desc


@pytest.mark.parametrize(("players", "stage"), POSITIONS)
def test_player_boards_parse_and_show_the_numbers(players, stage):
    view = _view(players, stage)
    for seat, p in enumerate(view["players"]):
        svg = player_board_svg(view, seat)
        root = _parse(svg)
        assert root.get("role") == "img"
        assert f"seat-{SEAT_COLOURS[seat]}" in root.get("class").split()
        assert root.find(f"{SVG}desc").text.startswith(
            f"Seat {seat + 1} ({SEAT_COLOURS[seat]}): ${p['money']},"
        )
        text = " ".join(root.itertext())
        for kind, n in p["workers"].items():
            assert f"{WORKER_PLURAL[kind]} {n}" in text
        assert f"Discs left {p['discs_left']}" in text
        assert ("(you)" in text) == (seat == view["viewer"])
        assert f"Certificates {p['certificates']}" in text
        for card in p["objectives"]:
            assert _all(root, "g", data_card=card["id"])
        built = {g.get("data-kind") for g in _all(root, "g")}
        assert {"cowboy", "craftsman", "engineer"} <= built


def test_market_displays_are_drawn_from_the_view():
    view = _view(4, "mid")
    root = _parse(board_svg(view))
    cards = {g.get("data-card") for g in root.iter(f"{SVG}g") if g.get("data-card")}
    assert {c["id"] for c in view["cattle_market"]} <= cards
    assert {c["id"] for c in view["objective_display"]} <= cards
    rows = _all(root, "g", **{"class": "job-row token-row"})
    token_row = view["job_market"]["token_row"]
    assert [int(r.get("data-row")) for r in rows] == ([token_row] if token_row is not None else [])
    foresight = [g for g in root.iter(f"{SVG}g") if g.get("data-foresight")]
    assert len(foresight) == 6
    text = " ".join(root.itertext())
    for bag, info in view["supply"].items():
        assert f"Supply {bag}: {info['count']} tile{'' if info['count'] == 1 else 's'}" in text


def test_output_is_deterministic():
    view = _view(4, "mid")
    assert board_svg(view) == board_svg(copy.deepcopy(view))
    assert player_board_svg(view, 2) == player_board_svg(copy.deepcopy(view), 2)


def test_a_station_master_tile_says_what_the_engine_scores_for_it():
    """The 1st edition's worker station master scores 1 VP per worker, printed ones included
    (rulebook, final scoring): its tile says so."""
    view = copy.deepcopy(_view(3, "start"))
    view["station_masters"]["S1"] = railroad.sm_card("SM-1")
    root = _parse(board_svg(view))
    tile = next(g for g in root.iter(f"{SVG}g") if g.get("data-tile") == "SM-1")
    assert [t.text for t in tile.iter(f"{SVG}text")] == ["+$2", "1 VP/worker"]


def test_every_seat_piece_shows_its_seat_by_shape_and_number_not_only_colour():
    """Herders, discs, player-board tokens and building owners each carry their seat's shape
    (circle, square, diamond, hexagon) and number, so no piece is told only by its colour."""
    view = _view(4, "end")
    roots = [_parse(board_svg(view))] + [_parse(player_board_svg(view, seat)) for seat in range(4)]
    body_tags = {"circle": "circle", "square": "rect", "diamond": "path", "hexagon": "path"}
    seen: set[int] = set()
    for root in roots:
        for g in root.iter(f"{SVG}g"):
            classes = (g.get("class") or "").split()
            if "token" not in classes and "owner-mark" not in classes:
                continue
            seat = int(g.get("data-seat") or SEAT_COLOURS.index(classes[-1].split("-")[1]))
            body = next(c for c in g if "token-body" in (c.get("class") or ""))
            shape = ("circle", "square", "diamond", "hexagon")[seat]
            assert body.tag == SVG + body_tags[shape], (seat, body.tag)
            if shape == "diamond":
                assert body.get("d", "").count("L") == 3
            if shape == "hexagon":
                assert body.get("d", "").count("L") == 5
            label = next(c for c in g if c.get("class") == "token-label")
            assert label.text == str(seat + 1)
            seen.add(seat)
    assert seen == {0, 1, 2, 3}

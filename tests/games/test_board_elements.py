"""The board's element tree and its kept pieces: markup that parses back to what was built,
and a drawing that is the same whether its pieces were kept from other positions or not."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from functools import cache

from hypothesis import given
from hypothesis import strategies as st

import engine
from games.board.elements import Element, Markup, frozen, title, to_markup
from games.board.memo import Pieces, clear_all, freeze
from games.board.svg import board, board_svg, player_board_svg
from games.management.commands.board_preview import bot_position
from games.move_presentation import board_targets, present_moves

SVG = "{http://www.w3.org/2000/svg}"

# Characters XML 1.0 can carry; tabs and line ends are left out because an XML parser
# normalizes them to spaces inside attribute values.
XML_TEXT = st.text(
    st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\ufffe\uffff")
)


@given(value=XML_TEXT, content=XML_TEXT)
def test_attribute_values_and_text_are_escaped_so_they_parse_back_unchanged(value, content):
    el = Element(
        "g",
        {"class": "x", "data-value": value},
        title(content),
        Element("text", {"x": "1.0"}, text=content),
    )
    parsed = ET.fromstring(to_markup(el))
    assert parsed.get("data-value") == value
    assert [child.text or "" for child in parsed] == [content, content]


def test_elements_are_written_with_their_attributes_in_order():
    el = Element(
        "g",
        {"class": "loc", "data-loc": "A"},
        title("A & B"),
        Element("rect", {"x": "1.0", "y": "2.0"}),
        Markup('<path d="M0 0"/>'),
        Element("text", {"x": "0.0"}, text=""),
    )
    assert to_markup(el) == (
        '<g class="loc" data-loc="A"><title>A &amp; B</title><rect x="1.0" y="2.0"/>'
        '<path d="M0 0"/><text x="0.0"></text></g>'
    )
    assert frozen(el, Markup("<g/>")) == to_markup(el) + "<g/>"


def test_pieces_keep_at_most_their_size_and_build_each_key_once():
    built: list[str] = []

    def build(name: str) -> Element:
        built.append(name)
        return Element("g", {"class": name})

    pieces = Pieces(2)
    assert pieces.get("a", build, "a") == '<g class="a"/>'
    assert pieces.get("a", build, "a") == '<g class="a"/>'
    pieces.get("b", build, "b")
    pieces.get("c", build, "c")
    assert len(pieces) == 2
    pieces.get("a", build, "a")
    assert built == ["a", "b", "c", "a"]


def test_frozen_view_parts_are_equal_exactly_when_the_parts_are():
    tile = {"kind": "hazard", "type": "flood", "id": "F1", "vp": 2, "hand": "green"}
    cell = {"tile": "1a", "owner": 0, "kind": "building", "hands": ["black"]}
    assert freeze(tile) == freeze(dict(tile))
    assert freeze(cell) == freeze(copy.deepcopy(cell))
    assert freeze(cell) != freeze({**cell, "hands": ["green"]})
    assert freeze({"tasks": ["B", "G"]}) != freeze({"tasks": ["G", "B"]})
    hash(freeze({"rows": [[None, "cowboy"], ["engineer"]]}))


@cache
def _game(players: int, seed: int) -> list[tuple[dict, dict]]:
    """(view, targets) at every 9th position of a bot game, seen by the seat to move."""
    state = engine.new_game(players, seed)
    out = []
    for n in range(2000):
        if engine.is_over(state):
            break
        seat = state["current"]
        moves = engine.legal_moves(state, seat)
        if n % 9 == 0:
            out.append((engine.view(state, seat), board_targets(present_moves(state, seat, moves))))
        state = engine.apply(state, seat, engine.bots.choose_move(state, seat, "heuristic", rng=1))
    return out


def test_a_drawing_is_the_same_with_pieces_kept_from_other_positions_or_none():
    # Each position drawn with and without targets and names, so that a piece kept for one
    # would show if its key missed them.
    names = ["Ann & <Co>", "", 'Cy "the kid"']
    variants = [(True, None), (False, names), (False, None), (True, ["Di", "Ed", "Flo"])]
    kept = []
    for view, targets in _game(3, 5):
        for clickable, who in variants:
            t = targets if clickable else None
            kept.append(
                (
                    view,
                    t,
                    who,
                    board_svg(view, targets=t, names=who),
                    [player_board_svg(view, s, names=who) for s in range(3)],
                )
            )
    for view, t, who, drawn, players in kept:
        clear_all()
        assert board_svg(view, targets=t, names=who) == drawn
        clear_all()
        assert [player_board_svg(view, s, names=who) for s in range(3)] == players


def test_a_piece_naming_nobody_is_shared_by_games_of_other_players_and_no_name_goes_stale():
    # Late in a game, buildings and discs name their owners; most spaces name nobody.
    view, targets = _game(3, 6)[-1]
    first, other, one_changed = ["Ann", "Bo", "Cy"], ["Di", "Ed", "Flo"], ["Ann", "Gus", "Cy"]
    clear_all()
    board_svg(view, targets=targets, names=first)
    kept = sum(len(pieces) for pieces in memo_pieces())
    for names in (other, one_changed):
        drawn = board_svg(view, targets=targets, names=names)
        clear_all()
        assert drawn == board_svg(view, targets=targets, names=names)
        board_svg(view, targets=targets, names=first)
    board_svg(view, targets=targets, names=other)
    # Other players' names drew again only the pieces that name a player.
    assert sum(len(pieces) for pieces in memo_pieces()) < kept * 1.5


def memo_pieces() -> list[Pieces]:
    from games.board import memo

    return list(memo._ALL)


def test_a_kept_piece_is_not_reused_once_the_view_under_it_changes():
    view = engine.view(bot_position(4, 7, 0.5), 0)
    before = board_svg(view)
    changed = copy.deepcopy(view)
    cell = next(iter(changed["trail"].values()))
    cell["hands"] = [*cell["hands"], "green"]
    changed["cattle_market"][0]["vp"] = 99
    changed["job_market"]["rows"][0][0] = "engineer"
    changed["players"][1]["aux_levels"]["3"] = 2
    after = board_svg(changed)
    clear_all()
    assert after == board_svg(changed)
    assert before == board_svg(view)
    assert before != after
    assert player_board_svg(changed, 1) != player_board_svg(view, 1)


def test_the_table_is_its_regions_in_drawing_order():
    view, targets = _game(2, 3)[5]
    root = ET.fromstring(board_svg(view, targets=targets))
    drawn = [(el.tag.removeprefix(SVG), el.get("class")) for el in root]
    assert drawn == [
        ("title", None),
        ("desc", None),
        ("rect", "board-bg"),
        ("text", "status-line"),
        ("g", "trail"),
        ("g", "railroad"),
        ("g", "cities"),
        ("g", "job-market"),
        ("g", "foresight"),
        ("g", "supply"),
        ("g", "cattle-market"),
        ("g", "objective-display"),
    ]
    tree = board(view, targets=targets)
    assert tree.tag == "svg"
    assert to_markup(tree) == board_svg(view, targets=targets)

"""The boards' descriptions (their ``<desc>``, what a screen reader announces) in the
reader's language; English stays the source the other board tests read."""

from __future__ import annotations

from functools import cache

from django.utils import translation

import engine
from games.board.describe import describe_board, describe_player
from games.board.svg import board_svg, player_board_svg
from games.management.commands.board_preview import bot_position
from games.models import BotKind, bot_strength
from games.move_presentation import decision_text
from games.terms.names import TILE_SECTION, contract, layout_name


@cache
def _view(over: bool) -> dict:
    state = bot_position(2, 3, 1.0 if over else 0.5)
    return engine.view(state, None if over else 0, reveal_all=over)


def test_the_board_description_in_french_and_in_english():
    view = _view(over=False)

    with translation.override("fr"):
        french = describe_board(view)
    with translation.override("en"):
        english = describe_board(view)

    assert french.startswith(f"Coup {view['seq']}. ")
    assert "locomotive sur " in french
    assert "engine on" not in french
    assert english.startswith(f"Move {view['seq']}. ")
    assert "engine on " in english


def test_a_finished_games_description_gives_the_scores_in_french():
    view = _view(over=True)

    with translation.override("fr"):
        french = describe_board(view)

    assert "Scores finaux : " in french
    assert "Final scores" not in french


def test_a_player_board_description_in_french_counts_in_french():
    view = _view(over=False)
    player = view["players"][0]

    with translation.override("fr"):
        french = describe_player(view, 0)
    with translation.override("en"):
        english = describe_player(view, 0)

    cowboys = player["workers"]["cowboy"]
    assert f"{cowboys} cowboy" in french
    assert " en main, " in french
    assert "dans la zone des objectifs." in french
    assert "in hand" not in french
    assert f"{cowboys} cowboy" in english
    assert english.endswith("in the objective area.")
    discs = player["discs_left"]
    assert f"{discs} disc left" in english if discs == 1 else f"{discs} discs left" in english


def test_beginner_reads_as_a_layout_or_as_a_bots_strength():
    with translation.override("fr"):
        assert layout_name("beginner") == "de première partie"
        assert bot_strength(BotKind.RANDOM) == "débutant"
    with translation.override("en"):
        assert layout_name("beginner") == "beginner"
        assert bot_strength(BotKind.RANDOM) == "beginner"


def test_the_indian_trade_frame_is_headed_with_a_capital_and_said_in_lower_case_in_sentences():
    view = _view(over=False)

    with translation.override("fr"):
        svg = board_svg(view)
        in_sentences = TILE_SECTION["1e"]

    assert ">Commerce avec les Indiens<" in svg
    assert in_sentences == "commerce avec les Indiens"


def test_a_player_boards_headings_and_counts_in_french():
    view = _view(over=False)
    player = view["players"][0]

    with translation.override("fr"):
        french = player_board_svg(view, 0)
    with translation.override("en"):
        english = player_board_svg(view, 0)

    assert f"Disques restants {player['discs_left']}" in french
    assert "Actions auxiliaires" in french
    assert "Plateau individuel de " in french
    assert "Discs left" not in french
    assert f"Discs left {player['discs_left']}" in english
    assert "Auxiliary actions" in english


def test_the_short_labels_in_boxes_in_french():
    view = _view(over=False)

    with translation.override("fr"):
        board = player_board_svg(view, 0)
    with translation.override("en"):
        english = player_board_svg(view, 0)

    assert "Ingénieurs " in board
    assert "Piocher" in board
    assert "Engineers " in english
    assert "Draw" in english


def test_a_player_boards_tiles_and_cards_lines_in_french():
    view = _view(over=False)
    player = view["players"][0]

    with translation.override("fr"):
        french = player_board_svg(view, 0)
    with translation.override("en"):
        english = player_board_svg(view, 0)

    assert f"Dangers {len(player['hazards'])} (" in french
    assert "pioche " in french
    assert f"Hazards {len(player['hazards'])} (" in english
    assert "draw pile " in english


def test_the_city_arrows_titles_in_each_readers_language():
    view = _view(over=False)

    with translation.override("fr"):
        french = board_svg(view)
    with translation.override("en"):
        english = board_svg(view)

    assert "entre Kansas City et " in french
    assert "between Kansas City and " in english
    assert "between Kansas City" not in french


def test_objective_cards_and_station_masters_short_texts_in_french():
    view = _view(over=False)

    with translation.override("fr"):
        french = board_svg(view) + player_board_svg(view, 0)
    with translation.override("en"):
        english = board_svg(view) + player_board_svg(view, 0)

    assert ">Objectif<" in french or ">Départ<" in french
    assert " PV<" in french
    assert ">Objective<" in english or ">Starting<" in english
    assert " VP/" in english
    assert " PV/" in french


def test_tiles_and_cards_titles_in_french():
    from games.board.words import card_words, tile_words

    hazard = {"kind": "hazard", "type": "flood", "vp": 2, "hand": "green"}
    cow = {"kind": "cattle", "breed": "jersey", "value": 1, "vp": 0}
    with translation.override("fr"):
        assert tile_words(hazard) == "danger inondation, 2 PV, main vert"
        assert card_words(cow).startswith("Jersey, valeur d")
    with translation.override("en"):
        assert tile_words(hazard) == "flood hazard, 2 VP, green hand"
        assert card_words(cow) == "Jersey, breeding value 1, 0 VP"


def test_the_trail_spaces_titles_in_french():
    view = _view(over=False)

    with translation.override("fr"):
        french = board_svg(view)
    with translation.override("en"):
        english = board_svg(view)

    assert " ici : " in french
    assert " here: " in english
    assert " here: " not in french


def test_the_railroads_titles_in_french():
    view = _view(over=False)

    with translation.override("fr"):
        french = board_svg(view)
    with translation.override("en"):
        english = board_svg(view)

    assert "locomotive de " in french
    assert "engine of " not in french
    assert "engine of " in english


def test_a_place_put_into_a_french_sentence_contracts_its_article():
    """'les actions de le bâtiment neutre C' reads 'du bâtiment neutre C' in French; English and
    words that merely start alike are left as they are."""
    with translation.override("fr"):
        assert contract("faire les actions de le bâtiment neutre C") == (
            "faire les actions du bâtiment neutre C"
        )
        assert contract("livrer à les villes, à le Kansas") == "livrer aux villes, au Kansas"
        assert contract("de leur main") == "de leur main"
    with translation.override("en"):
        assert contract("a de le b") == "a de le b"


def test_the_pending_decision_in_french_has_no_loose_article():
    view = _view(over=False)
    with translation.override("fr"):
        french = decision_text(view["decision"], view=view)
    assert french
    assert " de le " not in french
    assert " à le " not in french

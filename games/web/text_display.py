"""What the text view of the game page shows: the table in words, region by region, in the
order a screen reader reads it (the reader's hand and resources, the trail, Kansas City, the
market, the railroad, the other players), then the same legal moves as the board view.

The words come from the board's own drawing of the same redacted view
(``games.board.text``), so the two views never disagree and the text shows nothing the
board hides.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.board.text import player_lines, table_text
from games.board.words import Names, View
from games.models import TableView

PAGE_TEMPLATE = "games/play/text.html"
PANEL_TEMPLATE = "games/play/_text_panel.html"


def wants_text(request: HttpRequest) -> bool:
    """A request from the text view (its forms and its panel's polls say ``table=text``):
    its answer is the text view's panel, or a redirect to the text view's page."""
    source = request.POST if request.method == "POST" else request.GET
    return source.get("table") == TableView.TEXT


def text_context(
    view: View, players: list[dict[str, Any]], viewer: int | None, names: Names
) -> dict[str, Any]:
    """The table in words for the text view: ``my_lines`` (the reader's own board),
    ``table_text`` (the shared table by region) and ``other_players`` (each other seat's
    name and board in words; every seat for a spectator)."""
    mine = next((row for row in players if row["seat"] == viewer), None)
    return {
        "table_text": table_text(view, names),
        "my_lines": player_lines(view, mine["seat"], names) if mine is not None else [],
        "other_players": [
            {**row, "lines": player_lines(view, row["seat"], names)}
            for row in players
            if row["seat"] != viewer
        ],
    }

"""The board cuts its labels by drawn width, not by character count."""

from __future__ import annotations

from games.board import layout as lay
from games.board.glyphs import em_width, fit


def test_a_line_that_fits_is_kept_whole() -> None:
    line = "Cattleman A \u00b7 engine 4th station"
    assert fit(line, lay.PLAYER_STATS_ROOM, lay.PLAYER_LABEL_SIZE) == line


def test_a_wide_line_is_cut_to_the_room_with_an_ellipsis() -> None:
    line = "Herder outlaw section space +$3 \u00b7 engine 12"
    cut = fit(line, lay.PLAYER_STATS_ROOM, lay.PLAYER_LABEL_SIZE)
    assert cut.endswith("\u2026")
    assert line.startswith(cut[:-1])
    assert em_width(cut) * lay.PLAYER_LABEL_SIZE <= lay.PLAYER_STATS_ROOM


def test_width_not_count_decides() -> None:
    narrow, wide = "il" * 20, "mw" * 20
    assert fit(narrow, 200, 12) == narrow
    assert len(fit(wide, 200, 12)) < len(narrow)

"""The drawn table as a browser lays it out, at desktop and phone widths: nothing scrolls
sideways, no label runs off the table, and every label of a card, chip, crest, station,
station master tile or count box stays inside it and clear of the other labels and marks
there (with the fonts the browser really has). The teepee marks are left out: on a 1st
edition foresight tile the word "Green" touches its teepee, and that drawing is kept as it
is.

Each drawing is saved as a PNG under ``TEST_VAR_DIR/screenshots`` to be looked at
(``bench/board_screenshots.py`` saves the same pages to var/screenshots/).
"""

from __future__ import annotations

from typing import Any

import pytest

import engine
from games.management.commands.board_preview import bot_position, preview_page
from tests.browser.helpers import assert_fits_width
from tests.conftest import TEST_RUN_DIR
from tests.games.second_edition_view import second_edition_view

VIEWPORTS = {
    "desktop": {"width": 1366, "height": 900},
    "phone": {"width": 390, "height": 844},
}

# Groups whose first rect (or path) is the box their labels must stay inside.
BOXES = (
    ".card",
    ".chip",
    ".station",
    ".station-master",
    ".city",
    ".supply-bag",
    ".simmental-stack",
    ".simmental-tile",
    ".foresight-space",
)

OVERFLOWS = """
([boxes]) => {
  const out = [];
  const inside = (b, box, slack) =>
    b.x >= box.x - slack && b.x + b.width <= box.x + box.width + slack &&
    b.y >= box.y - slack && b.y + b.height <= box.y + box.height + slack;
  // A text's box holds its line's ascent and descent: take the glyphs' middle part only.
  const glyphs = (t) => {
    const b = t.getBBox();
    if (t.tagName !== 'text') return b;
    return {x: b.x, y: b.y + b.height * 0.2, width: b.width, height: b.height * 0.6};
  };
  const overlap = (a, b) =>
    a.x + 1 < b.x + b.width && b.x + 1 < a.x + a.width &&
    a.y + 1 < b.y + b.height && b.y + 1 < a.y + a.height;
  for (const svg of document.querySelectorAll('svg.gwt-board, svg.gwt-player-board')) {
    const vb = svg.viewBox.baseVal;
    for (const t of svg.querySelectorAll('text')) {
      const b = t.getBBox();
      if (b.width && !inside(b, vb, 0.5)) out.push(`off the drawing: ${t.textContent}`);
    }
    for (const selector of boxes) {
      for (const g of svg.querySelectorAll(selector)) {
        const shape = g.querySelector('rect, path');
        if (!shape) continue;
        const box = shape.getBBox();
        const labels = [...g.querySelectorAll(':scope > text, :scope > g > text')]
          .filter((t) => !t.closest('.token, .hand, .disc') && t.getBBox().width);
        const marks = [...g.querySelectorAll('.hand, .outlaw-mark')];
        labels.forEach((t, i) => {
          const b = t.getBBox();
          if (!inside(b, box, 1)) out.push(`${selector}: ${t.textContent}`);
          for (const other of [...labels.slice(i + 1), ...marks]) {
            if (overlap(glyphs(t), glyphs(other))) {
              const what = other.textContent || other.getAttribute('class');
              out.push(`${selector}: ${t.textContent} overlaps ${what}`);
            }
          }
        });
      }
    }
  }
  return out;
}
"""


def _views() -> dict[str, Any]:
    """Games the bots play: the 1st edition, the 2nd edition with and without the Simmental
    variant; and the hand-built 2nd edition view, which has every kind of piece at once."""
    simmental = {"layout": "beginner", "simmental": True}
    return {
        "1e": engine.view(bot_position(4, 7, 0.6), 0),
        "2e": engine.view(bot_position(4, 7, 0.6, "2e"), 1),
        "2e-simmental": engine.view(bot_position(4, 5, 0.3, "2e", simmental), 2),
        "2e-built": second_edition_view(4, simmental=True),
    }


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    return {name: preview_page(view) for name, view in _views().items()}


@pytest.mark.parametrize("width", VIEWPORTS)
@pytest.mark.parametrize("edition", ["1e", "2e", "2e-simmental", "2e-built"])
def test_the_table_fits_and_every_label_stays_inside_its_piece(browser, pages, edition, width):
    phone = width == "phone"
    context = browser.new_context(
        viewport=VIEWPORTS[width],
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=2 if phone else 1,
    )
    try:
        page = context.new_page()
        page.set_content(pages[edition], wait_until="load")
        assert_fits_width(page)
        width_px = page.evaluate(
            "() => document.querySelector('svg.gwt-board').getBoundingClientRect().width"
        )
        assert width_px > VIEWPORTS[width]["width"] * 0.9
        overflows = page.evaluate(OVERFLOWS, [list(BOXES)])
        out = TEST_RUN_DIR / "screenshots"  # every worker's
        out.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(out / f"board-{edition}-{width}.png"), full_page=True)
        assert overflows == []
    finally:
        context.close()

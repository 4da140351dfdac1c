"""Screenshots of the drawn table and player boards of each edition, for review.

    .venv/bin/python bench/board_screenshots.py            # PNGs into var/screenshots/
    .venv/bin/python bench/board_screenshots.py --out /tmp/shots

Draws positions of games the heuristic bots play (4 players: the 1st edition mid-game, the
2nd edition at its start, mid-game and end, and mid-game with the Simmental variant) as
standalone pages (``board_preview``'s page: the table, then every player board) and has
Debian's chromium (env CHROMIUM, default /usr/bin/chromium; never a downloaded browser)
save each at 1366x900 and at 390x844 (a phone, scale 2) as ``board-<name>-<width>.png``.
No database or server is needed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def pages() -> dict[str, str]:
    """Preview pages by name."""
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "gwt_site.settings")
    os.environ.setdefault("GWT_ENV", "development")
    import django

    django.setup()
    import engine
    from games.management.commands.board_preview import bot_position, preview_page

    simmental = {"layout": "beginner", "simmental": True}
    positions = {
        "1e-mid": bot_position(4, 7, 0.5),
        "2e-start": bot_position(4, 7, 0.02, "2e"),
        "2e-mid": bot_position(4, 7, 0.5, "2e"),
        "2e-end": bot_position(4, 7, 1.0, "2e"),
        "2e-simmental": bot_position(4, 5, 0.3, "2e", simmental),
    }
    return {
        name: preview_page(engine.view(state, state["current"] if not state["over"] else None))
        for name, state in positions.items()
    }


def shoot(drawn: dict[str, str], out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).is_file():
        raise SystemExit(f"chromium not found at {chromium}: install Debian's chromium")
    out.mkdir(parents=True, exist_ok=True)
    saved = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        try:
            for width, viewport in VIEWPORTS.items():
                phone = width == "phone"
                context = browser.new_context(
                    viewport=viewport,
                    is_mobile=phone,
                    has_touch=phone,
                    device_scale_factor=2 if phone else 1,
                )
                page = context.new_page()
                for name, html in drawn.items():
                    page.set_content(html, wait_until="load")
                    target = out / f"board-{name}-{width}.png"
                    page.screenshot(path=str(target), full_page=True)
                    saved.append(target)
                context.close()
        finally:
            browser.close()
    return saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "var" / "screenshots")
    args = parser.parse_args()
    for path in shoot(pages(), args.out.resolve()):
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()

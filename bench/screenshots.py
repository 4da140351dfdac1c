"""Screenshots of the site's main pages, at desktop and phone widths, for review.

    .venv/bin/python bench/screenshots.py            # or: make screenshots
    .venv/bin/python bench/screenshots.py --out /tmp/shots

Builds a scratch site (SQLite under <out>/work, removed first; Celery tasks run in-process)
with one player, ``ana``, and her games: a 3-player game against two bots played on to about
move 150 (her decision pending), the same in the 2nd edition with the Simmental variant
(both editions offered), a finished 2-player game, an open game waiting for players and one
listed in Open games. It serves the site on a free local port and has Debian's chromium (env
CHROMIUM, default /usr/bin/chromium; never a downloaded browser) save PNGs of the lobby, the
new-game form, the mid-game boards, the replay of the finished game and the profile, each at
1280 px and 375 px wide, into <out> (default var/screenshots/).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MID_GAME_MOVES = 150
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 375, "height": 740}}
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def configure(work: Path) -> None:
    """A fresh scratch site under ``work`` before anything reads the settings."""
    sys.path.insert(0, str(ROOT))
    from gwt_site import scratch

    # Playwright's sync API runs an event loop in this thread; the ORM calls made here while
    # it runs are ordinary blocking calls.
    scratch.configure(work, DJANGO_ALLOW_ASYNC_UNSAFE="true", GWT_EDITIONS="1e,2e")


def play_until(game: Any, player: Any, *, stop: Any) -> Any:
    """Play ``player``'s turns with the heuristic bot (bot seats move by themselves) until
    ``stop(game)``; returns the game as it then is."""
    import engine.bots
    from games import replay, services
    from games.models import GameStatus

    for _ in range(5000):
        game.refresh_from_db()
        if stop(game) or game.status != GameStatus.ACTIVE:
            return game
        seat = game.seats.get(index=game.current_seat)
        if seat.user_id != player.pk or seat.bot:
            services.move_submit(game=game, user=None)
            continue
        state = replay.state_at(game)
        move = engine.bots.choose_move(state, seat.index, kind="heuristic")
        services.move_submit(game=game, user=player, move=move, expected_version=game.version)
    raise RuntimeError(f"game {game.public_id} did not reach the wanted position")


def build_games() -> dict[str, Any]:
    from django.contrib.auth import get_user_model

    from games import services
    from notifications.preferences import preference_set

    users = get_user_model().objects
    ana = users.create_user("ana", "ana@example.com", "a long enough password")
    bea = users.create_user("bea", "bea@example.com", "a long enough password")
    preference_set(user=ana, time_zone="Europe/Paris", mode="digest", digest_hour=19)

    started = time.monotonic()
    finished = services.game_create(creator=ana, players=2, bots=[1])  # started at once
    finished = play_until(finished, ana, stop=lambda game: False)
    print(f"finished game {finished.public_id}: {finished.version} events", end="")
    print(f" ({time.monotonic() - started:.0f} s)")

    started = time.monotonic()
    mid = services.game_create(creator=ana, players=3, bots=[1, 2], options={"layout": "random"})
    mid = play_until(
        mid,
        ana,
        stop=lambda game: game.version >= MID_GAME_MOVES and game.current_seat == 0,
    )
    print(f"mid-game {mid.public_id}: {mid.version} events ({time.monotonic() - started:.0f} s)")

    started = time.monotonic()
    second = services.game_create(
        creator=ana,
        players=3,
        bots=[1, 2],
        edition="2e",
        options={"layout": "random", "simmental": True},
    )
    second = play_until(
        second,
        ana,
        stop=lambda game: game.version >= MID_GAME_MOVES and game.current_seat == 0,
    )
    print(f"2nd edition mid-game {second.public_id}: {second.version} events", end="")
    print(f" ({time.monotonic() - started:.0f} s)")

    waiting = services.game_create(creator=ana, players=4, bots=[3])
    services.game_join(game=waiting, user=bea)
    listed = services.game_create(creator=bea, players=3, lobby=True)
    return {
        "ana": ana,
        "mid": mid,
        "second": second,
        "finished": finished,
        "waiting": waiting,
        "listed": listed,
    }


def serve() -> tuple[str, Any]:
    """The site on a free local port, in a background thread (static files included)."""
    from django.contrib.staticfiles.handlers import StaticFilesHandler
    from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler
    from django.core.wsgi import get_wsgi_application

    class QuietHandler(WSGIRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadedWSGIServer(("127.0.0.1", 0), QuietHandler, allow_reuse_address=False)
    server.set_app(StaticFilesHandler(get_wsgi_application()))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return f"http://{host}:{port}", server


def session_cookie(user: Any, url: str) -> dict[str, str]:
    from django.conf import settings
    from django.test import Client

    client = Client()
    client.force_login(user)
    value = client.cookies[settings.SESSION_COOKIE_NAME].value
    return {"name": settings.SESSION_COOKIE_NAME, "value": value, "url": url}


def shoot(base_url: str, games: dict[str, Any], out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).is_file():
        raise SystemExit(f"chromium not found at {chromium}: install Debian's chromium")
    pages = {
        "lobby": "/games/",
        "new-game": "/games/new/",
        "open-games": "/games/open/",
        "waiting-room": f"/games/join/{games['waiting'].public_id}/",
        "game-mid": f"/games/{games['mid'].public_id}/",
        "game-2e-mid": f"/games/{games['second'].public_id}/",
        "game-finished": f"/games/{games['finished'].public_id}/",
        "replay": f"/games/{games['finished'].public_id}/replay/",
        "profile": "/accounts/profile/",
    }
    saved = []
    cookie = session_cookie(games["ana"], base_url)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium, headless=True, args=CHROMIUM_ARGS
        )
        try:
            for width_name, viewport in WIDTHS.items():
                phone = width_name == "phone"
                context = browser.new_context(
                    base_url=base_url,
                    viewport=viewport,
                    is_mobile=phone,
                    has_touch=phone,
                    device_scale_factor=2 if phone else 1,
                )
                context.add_cookies([cookie])
                page = context.new_page()
                for name, path in pages.items():
                    response = page.goto(path, wait_until="networkidle")
                    status = response.status if response is not None else 0
                    if status != 200:
                        print(f"  {path}: HTTP {status} (saved anyway)")
                    target = out / f"{name}-{width_name}.png"
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
    out = args.out.resolve()
    configure(out / "work")
    games = build_games()
    base_url, server = serve()
    from django.conf import settings

    settings.SITE_URL = base_url  # links shown on the pages (the invite link) point here
    try:
        saved = shoot(base_url, games, out)
    finally:
        server.shutdown()
    for path in saved:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()

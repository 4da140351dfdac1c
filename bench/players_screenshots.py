"""Screenshots of the leaderboard, a player's profile and a finished rated game's result, at
1366x900 and 390x844 (a phone, scale 2), for review.

    .venv/bin/python bench/players_screenshots.py            # or: make screenshots
    .venv/bin/python bench/players_screenshots.py --out /tmp/shots

Builds a scratch site (SQLite under <out>/work-players, removed first) like
``bench/screenshots.py``: ``ana`` and ``bea`` play a rated 2-player game to its end through
the services (both seats moved by the heuristic bot), and twelve more players get stored
results of finished rated games (results only, without moves: enough for the ratings, the
leaderboard and the profiles, which read results; their game pages are not shown). Then the
ratings are rebuilt and Debian's chromium saves ``leaderboard-*``, ``player-profile-*`` and
``game-result-*`` PNGs into <out> (default var/screenshots/).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

import screenshots  # noqa: E402 - bench/screenshots.py: the scratch site and its server

VIEWPORTS = {"desktop": {"width": 1366, "height": 900}, "phone": {"width": 390, "height": 844}}
STORED_GAMES = 60


def play_rated_game(ana: Any, bea: Any) -> Any:
    import engine.bots
    from games import replay, services
    from games.models import GameStatus

    game = services.game_create(creator=ana, players=2)
    services.game_join(game=game, user=bea)
    services.game_start(game=game, user=ana)
    for _ in range(5000):
        game.refresh_from_db()
        if game.status != GameStatus.ACTIVE:
            return game
        seat = game.seats.select_related("user").get(index=game.current_seat)
        move = engine.bots.choose_move(replay.state_at(game), seat.index, kind="heuristic")
        services.move_submit(game=game, user=seat.user, move=move, expected_version=game.version)
    raise RuntimeError("the game did not end")


def stored_results(players: list[Any]) -> None:
    """Finished rated games as stored results (scores per category), over the last weeks."""
    from games.models import SEAT_COLOURS, Game, GameStatus, Seat

    rng = random.Random(19)
    start = datetime.now(UTC) - timedelta(days=40)
    categories = ("money", "buildings", "cities", "stations", "cattle", "objectives", "workers")
    for n in range(STORED_GAMES):
        seated = rng.sample(players, rng.randint(2, 4))
        skill = {p.pk: 1 + players.index(p) / len(players) for p in seated}
        scores = []
        for player in seated:
            cats = {c: int(rng.randint(0, 14) * skill[player.pk]) for c in categories}
            scores.append({"total": sum(cats.values()), "categories": cats})
        best = max(s["total"] for s in scores)
        when = start + timedelta(hours=15 * n)
        game = Game.objects.create(
            players=len(seated),
            rated=True,
            status=GameStatus.FINISHED,
            result={
                "reason": "game_over",
                "scores": scores,
                "winners": [i for i, s in enumerate(scores) if s["total"] == best],
            },
            created_by=seated[0],
            started_at=when - timedelta(days=3),
            finished_at=when,
            version=1,
        )
        for index, player in enumerate(seated):
            Seat.objects.create(game=game, index=index, colour=SEAT_COLOURS[index], user=player)


def build() -> dict[str, Any]:
    from django.contrib.auth import get_user_model

    from players import ratings

    users = get_user_model().objects
    names = ["ana", "bea", "cai", "dov", "eli", "fay", "gus", "hal", "ida", "jon", "kim", "lea"]
    players = [users.create_user(n, f"{n}@example.com", "a long enough password") for n in names]
    stored_results(players)
    started = time.monotonic()
    game = play_rated_game(players[0], players[1])
    print(f"rated game {game.public_id}: {game.version} events", end="")
    print(f" ({time.monotonic() - started:.0f} s)")
    for edition in ratings.editions_with_games():
        ratings.rebuild(edition)
    return {"ana": players[0], "game": game}


def chromium_path() -> str:
    chromium = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    if not Path(chromium).is_file():
        raise SystemExit(f"chromium not found at {chromium}: install Debian's chromium")
    return chromium


def shoot(base_url: str, built: dict[str, Any], out: Path) -> list[Path]:
    from playwright.sync_api import sync_playwright

    pages = {
        "leaderboard": "/players/",
        "player-profile": "/players/ana/?vs=bea",
        "game-result": f"/games/{built['game'].public_id}/#scores-heading",
    }
    cookie = screenshots.session_cookie(built["ana"], base_url)
    saved = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path(),
            headless=True,
            args=screenshots.CHROMIUM_ARGS,
        )
        try:
            for width_name, viewport in VIEWPORTS.items():
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
                    if response is None or response.status != 200:
                        print(f"  {path}: HTTP {response.status if response else '?'}")
                    target = out / f"{name}-{width_name}.png"
                    if name == "game-result":  # the result, not the whole table below it
                        page.locator("section.play-scores").scroll_into_view_if_needed()
                        page.screenshot(path=str(target))
                    else:
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
    screenshots.configure(out / "work-players")
    built = build()
    base_url, server = screenshots.serve()
    try:
        saved = shoot(base_url, built, out)
    finally:
        server.shutdown()
    for path in saved:
        print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


if __name__ == "__main__":
    main()

"""The leaderboard and a profile in a real browser: they fit a phone, a visitor is kept out
of a hidden profile, and the account page's setting hides it. The pages are saved as PNGs
under ``TEST_VAR_DIR/screenshots`` (``bench/players_screenshots.py`` saves them, and a
finished game's result, to var/screenshots/)."""

from __future__ import annotations

from typing import Any

from players import ratings
from tests.browser.helpers import assert_fits_width
from tests.conftest import TEST_RUN_DIR
from tests.players.helpers import finished_game


def played(alice: Any, bob: Any, carol: Any) -> None:
    for minute, (players, totals) in enumerate(
        [
            ([alice, bob, carol], [80, 60, 70]),
            ([bob, alice], [50, 70]),
            ([carol, alice, bob], [65, 65, 40]),
            ([alice, carol], [55, 75]),
            ([bob, carol, alice], [61, 62, 90]),
        ]
    ):
        finished_game(players, totals, minutes=minute)
    ratings.rebuild("1e")


def shot(page: Any, name: str) -> None:
    out = TEST_RUN_DIR / "screenshots"  # every worker's
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"), full_page=True)


def test_leaderboard_and_profile_fit_a_phone_and_a_desktop(
    settings, page, phone_page, alice, bob, carol
):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 3
    played(alice, bob, carol)
    for viewer, width in ((page, "desktop"), (phone_page, "phone")):
        viewer.goto("/players/")
        rows = viewer.locator('[data-testid="leaderboard"] tbody tr')
        assert rows.count() == 3
        assert rows.first.locator("th").inner_text() == "alice"
        assert_fits_width(viewer)
        shot(viewer, f"leaderboard-{width}")

        viewer.get_by_role("link", name="alice").click()
        viewer.wait_for_url("**/players/alice/")
        assert viewer.locator('[data-testid="rating-chart-1e"] svg circle').count() == 5
        assert viewer.locator('[data-testid="played"]').inner_text() == "5"
        viewer.get_by_label("Against").fill("carol")
        viewer.get_by_role("button", name="Compare").click()
        assert "alice and carol finished 4 games together" in viewer.locator(
            '[data-testid="h2h"]'
        ).inner_text().replace("\n", " ")
        assert_fits_width(viewer)
        shot(viewer, f"player-profile-{width}")


def test_a_player_hides_the_profile_from_visitors(new_page, login, alice, bob, carol):
    played(alice, bob, carol)
    member = new_page()
    login(member, alice)
    member.goto("/accounts/profile/")
    member.get_by_label("Only people who are logged in", exact=False).check()
    member.get_by_role("button", name="Save").last.click()
    member.wait_for_url("**/accounts/profile/")
    assert "shown only to people who are logged in" in member.locator(".messages").inner_text()

    visitor = new_page()
    answer = visitor.goto("/players/alice/")
    assert answer is not None
    assert answer.status == 403
    assert "only to people who are logged in" in visitor.locator("main").inner_text()
    visitor.goto("/players/bob/")
    assert visitor.locator('[data-testid="played"]').inner_text() == "4"

    member.goto("/players/alice/")
    assert member.locator('[data-testid="played"]').inner_text() == "5"

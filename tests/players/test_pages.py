"""The leaderboard (page and API), the public profile with its privacy setting, head to head,
the charts, and a finished game's result on the game page."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.template import Context, Template
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import services
from players import charts, ratings, ratings_version, selectors
from players.models import ProfileSettings, Rating
from tests.games.helpers import play_one, started_game
from tests.games.play_helpers import client_of
from tests.players.helpers import changed_hands, finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def two_games_to_be_listed(settings):
    settings.RATINGS_LEADERBOARD_MIN_GAMES = 2


def settle_all(*games) -> None:
    for game in games:
        ratings.game_settle(game.pk)


@pytest.fixture
def three_played(alice, bob, carol):
    """alice won twice against bob; carol played once (not listed with 2 games needed)."""
    games = [
        finished_game([alice, bob], [80, 60], minutes=1),
        finished_game([bob, alice], [50, 70], minutes=2),
        finished_game([alice, carol], [60, 60], minutes=3),
    ]
    settle_all(*games)
    return games


def test_the_leaderboard_lists_players_with_enough_games_best_first(client, three_played):
    page = client.get("/players/?edition=1e")
    assert page.status_code == 200
    html = page.content.decode()
    table = html[html.index('data-testid="leaderboard"') :]
    assert table.index(">alice<") < table.index(">bob<")
    assert ">carol<" not in table  # one rated game: not listed yet
    answer = client.get("/api/leaderboard/?edition=1e").json()
    assert answer["min_games"] == 2
    assert answer["count"] == 2
    assert [(r["rank"], r["username"], r["games"]) for r in answer["results"]] == [
        (1, "alice", 3),
        (2, "bob", 2),
    ]
    assert answer["results"][0]["rating"] > answer["results"][1]["rating"]


def test_the_leaderboard_is_paginated(client, make_user):
    for i in range(53):
        user = make_user(f"player{i:02d}")
        Rating.objects.create(
            user=user, edition="1e", mu=25.0 + i, sigma=5.0, ordinal=10.0 + i, games=3
        )
    first = client.get("/players/?edition=1e").content.decode()
    assert first.count("<tr>") == 51  # the header row and 50 players
    second = client.get("/players/?edition=1e&page=2").content.decode()
    assert ">player02<" in second
    assert ">player52<" not in second
    assert client.get("/players/?edition=1e&page=3").status_code == 404
    assert client.get("/players/?edition=1e&page=x").status_code == 404
    assert client.get("/players/?edition=9z").status_code == 404
    api = client.get("/api/leaderboard/?edition=1e&page=2&page_size=20").json()
    assert [r["rank"] for r in api["results"]] == list(range(21, 41))
    assert api["results"][0]["username"] == "player32"
    assert api["next"]
    assert api["previous"]
    assert client.get("/api/leaderboard/?edition=9z").json()["code"] == "unknown_edition"
    assert client.get("/api/leaderboard/?page=99").status_code == 404


def test_the_editions_with_ratings_are_found_without_reading_every_rating(make_user):
    """A DISTINCT over the ratings (with their ordering, over every row whole) took 0.2 s a
    view of the leaderboard at 56,000 ratings: each edition is one probe of the index."""
    for i, edition in enumerate(["2e", "1e", "2e", "1e"]):
        Rating.objects.create(
            user=make_user(f"rated{i}"), edition=edition, mu=25.0, sigma=5.0, ordinal=i, games=1
        )
    with CaptureQueriesContext(connection) as queries:
        found = selectors.rated_editions()

    assert found == ["1e", "2e"]
    assert len(queries.captured_queries) == 3
    assert not any("DISTINCT" in q["sql"] for q in queries.captured_queries)
    assert all("LIMIT 1" in q["sql"] for q in queries.captured_queries)


def test_a_leaderboards_counts_are_kept_until_its_ratings_change(
    client, three_played, alice, bob, carol
):
    """How many players a leaderboard lists, and a player's rank, read every listed rating
    joined to its player (70 ms at 56,000 ratings): they are kept for a version of the
    edition's ratings, which counting a game and a rebuild change."""
    board = "/players/?edition=1e"
    assert selectors.leaderboard_count("1e") == 2
    assert selectors.rank_of(Rating.objects.get(user=bob, edition="1e")) == 2
    client.get(board)
    with CaptureQueriesContext(connection) as again:
        page = client.get(board).content.decode()
        assert selectors.leaderboard_count("1e") == 2
        assert selectors.rank_of(Rating.objects.get(user=bob, edition="1e")) == 2
    assert not any("COUNT(" in q["sql"] for q in again.captured_queries)
    assert "Page 1 of 1" not in page  # one page: no pager

    # carol's second rated game lists her, ahead of bob
    settle_all(finished_game([carol, bob], [90, 10], minutes=4))
    assert selectors.leaderboard_count("1e") == 3
    assert selectors.rank_of(Rating.objects.get(user=bob, edition="1e")) == 3
    assert client.get("/api/leaderboard/?edition=1e").json()["count"] == 3

    before = ratings_version.version("1e")
    ratings.rebuild("1e")
    assert ratings_version.version("1e") != before
    assert selectors.leaderboard_count("1e") == 3


def test_a_hidden_profile_is_shown_only_to_people_logged_in(client, three_played, alice, bob):
    ProfileSettings.objects.create(user=alice, hidden_from_visitors=True)
    assert client.get("/players/alice/").status_code == 403
    assert client.get("/api/players/alice/").json()["code"] == "profile_hidden"
    assert client.get("/players/bob/").status_code == 200
    board = client.get("/api/leaderboard/").json()["results"]
    assert [r["username"] for r in board] == [None, "bob"]
    assert ">alice<" not in client.get("/players/").content.decode()

    # nor does a head to head against alice tell a visitor anything
    assert client.get("/api/players/bob/?vs=alice").json()["code"] == "unknown_player"
    assert "No other player" in client.get("/players/bob/?vs=alice").content.decode()

    member = client_of(bob)
    assert member.get("/api/players/carol/?vs=alice").json()["head_to_head"]["games"] == 1
    assert member.get("/players/alice/").status_code == 200
    assert member.get("/api/players/alice/").status_code == 200
    assert ">alice<" in member.get("/players/").content.decode()


def test_the_account_page_sets_who_sees_the_profile(alice):
    browser = client_of(alice)
    assert 'name="visibility" value="everyone" checked' in browser.get(
        "/accounts/profile/"
    ).content.decode().replace("\n", "")
    answer = browser.post("/players/settings/privacy/", {"visibility": "members"})
    assert answer.status_code == 302
    assert ProfileSettings.objects.get(user=alice).hidden_from_visitors
    assert Client().get("/players/alice/").status_code == 403
    browser.post("/players/settings/privacy/", {"visibility": "bogus"})
    assert ProfileSettings.objects.get(user=alice).hidden_from_visitors
    browser.post("/players/settings/privacy/", {"visibility": "everyone"})
    assert Client().get("/players/alice/").status_code == 200
    assert Client().post("/players/settings/privacy/", {"visibility": "members"}).status_code == 302


def test_the_profile_shows_ratings_with_a_chart_and_statistics(client, three_played):
    html = client.get("/players/alice/").content.decode()
    chart = re.search(r'<svg class="chart rating-chart".*?</svg>', html, re.S)
    assert chart is not None
    assert chart[0].count("<circle") == 3  # one point per rated game
    assert 'role="img"' in chart[0]
    stats = client.get("/api/players/alice/").json()
    assert stats["stats"]["played"] == 3
    assert stats["stats"]["won"] == 3  # the tie with carol is a shared win
    assert stats["stats"]["best_score"] == 80
    assert stats["stats"]["average_score"] == 70.0
    shares = stats["stats"]["categories"]
    assert shares["cities"]["points"] == 40 + 35 + 30
    assert sum(s["share"] for s in shares.values()) == pytest.approx(1.0)
    assert [h["place"] for h in stats["ratings"][0]["history"]] == [1, 1, 1]
    assert stats["ratings"][0]["rank"] == 1
    assert 'data-testid="played">3<' in html
    assert "Cities" in html  # the share table names the categories


def test_the_rating_chart_draws_every_game_and_marks_the_last_ones(
    client, three_played, monkeypatch
):
    """A player with hundreds of rated games had a marker per game, closer than a pixel,
    and 150 bytes of SVG each: the line goes through every game, the last ones alone are
    marked, each with its tooltip."""
    monkeypatch.setattr(charts, "RATING_MARKERS", 2)
    html = client.get("/players/alice/").content.decode()
    chart = re.search(r'<svg class="chart rating-chart".*?</svg>', html, re.S)
    assert chart is not None
    line = re.search(r'<polyline points="([^"]*)"', chart[0])
    assert line is not None
    points = line[1].split()
    assert len(points) == 3
    markers = re.findall(
        r'<circle cx="([\d.]+)" cy="([\d.]+)"[^>]*><title>([^<]*)</title>', chart[0]
    )
    assert [f"{x},{y}" for x, y, _title in markers] == points[1:]
    history = client.get("/api/players/alice/").json()["ratings"][0]["history"]
    assert [title for _x, _y, title in markers] == [
        f"{step['finished_at'][:10]}, place {step['place']}: {charts._fmt(step['rating_after'])}"
        for step in history[1:]
    ]
    assert "3 rated games" in chart[0]


def test_the_rating_chart_escapes_its_tooltips_and_marks_none_without_labels():
    chart = charts.rating_history([1.0, 2.5, -1.0], ["<b>&", "late"], title="a <title>")
    assert chart.count("<circle") == 2
    assert "<title>&lt;b&gt;&amp;: 2.5</title>" in chart
    assert "<title>late: -1</title>" in chart
    assert "a &lt;title&gt;" in chart
    assert charts.rating_history([1.0, 2.0], [], title="t").count("<circle") == 0


def test_the_profile_reads_the_rating_history_without_the_games_rows(
    client, three_played, monkeypatch
):
    """The history is read as the columns shown: each game's whole row (its JSON) was read
    for every rated game of the player on every view. The API sends the history without
    drawing it."""

    def not_drawn(*args: object, **kwargs: object) -> None:
        raise AssertionError("the API drew the chart")

    monkeypatch.setattr(charts, "rating_history", not_drawn)
    with CaptureQueriesContext(connection) as queries:
        answer = client.get("/api/players/alice/").json()
    history = [q["sql"] for q in queries.captured_queries if "players_ratingchange" in q["sql"]]
    assert history
    for sql in history:
        assert not any(f'"{column}"' in sql for column in ("progress", "options", "result"))
    steps = answer["ratings"][0]["history"]
    games = {g.public_id for g in three_played}
    assert [s["game"] in games for s in steps] == [True, True, True]
    assert steps[0]["finished_at"] < steps[1]["finished_at"] < steps[2]["finished_at"]
    assert all(s["rating_before"] != s["rating_after"] for s in steps)


def test_a_players_statistics_are_counted_once_for_what_their_finished_games_are(alice, bob):
    """A player with thousands of finished games had each game's result read and decoded on
    every view of their page. The statistics are counted once for the games as they are,
    and counted again when one ends or changes."""
    finished_game([alice, bob], [60, 40])
    first = selectors.finished_games(alice).stats

    with CaptureQueriesContext(connection) as again:
        second = selectors.finished_games(alice).stats
    later = finished_game([alice, bob], [30, 50], minutes=5)
    third = selectors.finished_games(alice).stats
    scores = later.result["scores"]
    later.result = {**later.result, "scores": [{**scores[0], "total": 35}, scores[1]]}
    later.save()  # a moderator's fix of the result: the row changes
    fourth = selectors.finished_games(alice).stats

    assert second == first
    assert (first.played, first.won, first.scored, first.best) == (1, 1, 1, 60)
    assert [q["sql"] for q in again.captured_queries if '"result"' in q["sql"]] == []
    assert (third.played, third.won, third.scored, third.total_points) == (2, 1, 2, 90)
    assert (fourth.played, fourth.scored, fourth.total_points) == (2, 2, 95)


def test_the_recently_finished_games_are_found_with_the_statistics_and_kept(
    alice, bob, monkeypatch
):
    """The profile's recently finished games sorted all of a player's finished games by
    their end on every view: they are found when the statistics are counted (the latest
    end first, then the latest game), and kept in the cache with them."""
    monkeypatch.setattr(selectors, "RECENT_GAMES", 3)
    ended_last = finished_game([alice, bob], [60, 40], minutes=30)
    ended_first = finished_game([bob, alice], [30, 50], minutes=10)
    tied = [finished_game([alice, bob], [70, 20], minutes=20) for _ in range(2)]
    finished_game([bob, "heuristic"], [10, 20], minutes=40)  # not alice's

    assert selectors.finished_games(alice).recent == (ended_last.pk, tied[1].pk, tied[0].pk)
    with CaptureQueriesContext(connection) as again:
        seats = selectors.recent_games(alice, selectors.finished_games(alice))
    assert [seat.game_id for seat in seats] == [ended_last.pk, tied[1].pk, tied[0].pk]
    assert {seat.user_id for seat in seats} == {alice.pk}
    assert seats[0].game.finished_at == ended_last.finished_at  # read with its game
    assert len(again.captured_queries) == 2  # the cache's key, then the three seats
    assert ended_first.pk not in selectors.finished_games(alice).recent

    latest = finished_game([alice, bob], [10, 20], minutes=50)
    assert selectors.finished_games(alice).recent == (latest.pk, ended_last.pk, tied[1].pk)


def test_head_to_head(client, three_played, alice, bob, carol):
    finished_game([alice, bob, carol], [50, 90, 70], minutes=5, rated=False)
    h2h = client.get("/api/players/alice/?vs=bob").json()["head_to_head"]
    assert h2h == {"opponent": "bob", "games": 3, "ahead": 2, "behind": 1, "level": 0}
    html = client.get("/players/alice/?vs=carol").content.decode()
    assert "finished 2 games together" in html
    assert "finished ahead 0 times, behind 1 times, level 1 times" in html
    assert "No other player" in client.get("/players/alice/?vs=nobody").content.decode()
    assert client.get("/api/players/alice/?vs=nobody").status_code == 404
    assert client.get("/players/nobody/").status_code == 404


def test_head_to_head_counts_a_game_one_of_them_left_to_a_substitute(
    client, make_user, alice, bob, carol
):
    dave = make_user("dave")
    game = finished_game([alice, bob, carol], [50, 60, 90], rated=False)
    changed_hands(game, 2, carol, dave, leaver_moves=10, bot_moves=2, substitute_moves=20)
    h2h = client.get("/api/players/alice/?vs=carol").json()["head_to_head"]
    assert h2h == {"opponent": "carol", "games": 1, "ahead": 1, "behind": 0, "level": 0}
    h2h = client.get("/api/players/bob/?vs=dave").json()["head_to_head"]
    assert h2h == {"opponent": "dave", "games": 1, "ahead": 0, "behind": 1, "level": 0}


def test_head_to_head_finds_the_shared_games_from_each_players_own(make_user, alice, bob, carol):
    """Asked as the games joined to their seats or stints, with an OR between the two
    joins, PostgreSQL read every finished game and every seat, whoever played: the games
    are now those among each player's seats and stints (subqueries by user), with no join,
    and without the games' options and progress."""
    dave = make_user("dave")
    finished_game([alice, bob], [50, 60], rated=False)
    left = finished_game([alice, bob, carol], [70, 60, 90], rated=False)
    changed_hands(left, 2, carol, dave, leaver_moves=10, bot_moves=2, substitute_moves=20)
    finished_game([carol, dave], [10, 20], rated=False)

    with CaptureQueriesContext(connection) as captured:
        h2h = selectors.head_to_head(alice, dave)

    assert (h2h.games, h2h.ahead, h2h.behind) == (1, 0, 1)
    assert [game.pk for game, _, _ in h2h.last] == [left.pk]
    statements = [query["sql"] for query in captured.captured_queries]
    games = [sql for sql in statements if 'FROM "games_game"' in sql]
    assert len(games) == 1
    assert "JOIN" not in games[0]  # no join to seats or stints
    assert games[0].count('"user_id" =') == 4  # each one's seats and stints
    assert '"progress"' not in games[0]
    assert '"options"' not in games[0]
    assert not any(" OR " in sql for sql in statements)


def test_a_finished_game_shows_the_score_chart_and_rating_changes(three_played):
    game = three_played[0]
    html = Template("{% load players %}{% game_ratings game %}").render(Context({"game": game}))
    chart = re.search(r'<svg class="chart score-chart".*?</svg>', html, re.S)
    assert chart is not None
    assert chart[0].count("<title>alice: ") == 2  # alice's bar: cities and cattle
    assert "<title>bob: Cattle cards 30</title>" in chart[0]
    assert 'data-testid="rating-changes"' in html
    deltas = re.findall(r'data-testid="rating-delta">([+-][0-9.]+)<', html)
    assert float(deltas[0]) > 0 > float(deltas[1])


def test_the_game_page_of_a_finished_rated_game_shows_the_changes(
    alice, bob, eager_celery, django_capture_on_commit_callbacks
):
    game = started_game(alice, [bob])
    play_one(game)
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game=game, user=bob)
    html = client_of(alice).get(f"/games/{game.public_id}/").content.decode()
    assert 'data-testid="rating-changes"' in html
    assert re.search(r'data-testid="rating-delta">\+', html)


def test_the_final_scores_table_carries_the_result_on_the_game_page(three_played):
    """The game page's scores table (games/play/_scores.html) with the chart and changes."""
    from django.template.loader import render_to_string

    game = three_played[1]
    scores = {
        "seats": [{"name": "bob", "winner": False}, {"name": "alice", "winner": True}],
        "rows": [{"label": "Cities", "values": [25, 35]}],
        "totals": [50, 70],
    }
    html = render_to_string(
        "games/play/_scores.html",
        {"scores": scores, "heading_id": "h", "ratings_game": game},
    )
    table_end = html.index("</table>")
    assert html.index('<svg class="chart score-chart"') > table_end
    assert html.index('data-testid="rating-changes"') > table_end
    assert "<title>alice: Cities 35</title>" in html

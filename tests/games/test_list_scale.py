"""Lists whose cost does not grow with the data: the moderators' pages in a bounded number
of queries, searches by exact values, pages of "my games", of the lobby (web and API) and of
the profile's notifications per game, and the indexes that keep them quick (bench/scale.py
measures them at 100,000 games)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts import views as account_views
from games import chat, replay
from games.admin import base as admin_base
from games.models import Event, Game, GameStatus, Report
from games.moderation.reports import report_create
from games.web import lobby
from tests.games.helpers import client_for, play_one, started_game

pytestmark = pytest.mark.django_db

# The most queries a moderator's page may make, however many games, events and reports.
ADMIN_QUERIES_MAX = 20


@pytest.fixture
def games(alice, bob, carol):
    """Five games: two played a little by alice and bob (moves by both), one with carol, a
    chat line and a pending report on the first."""
    played = [started_game(alice, [bob]), started_game(bob, [alice])]
    for game in played:
        for _ in range(6):
            play_one(game)
    others = [
        started_game(carol, [alice]),
        started_game(bob, [carol]),
        started_game(carol, bots=[1]),
    ]
    for game in played:
        game.refresh_from_db()
    chat.chat_post(game=played[0], user=bob, text="hello")
    report_create(game=played[0], reporter=alice, reported_user=bob, reason="stalling", text="slow")
    return [*played, *others]


@pytest.mark.parametrize(
    "url",
    [
        "/admin/games/game/",
        "/admin/games/game/?status__exact=active",
        "/admin/games/game/?reported=yes",
        "/admin/games/game/?edition=1e",
        "/admin/games/event/",
        "/admin/games/event/?kind__exact=move",
        "/admin/games/report/",
        "/admin/games/chatmessage/",
    ],
)
def test_a_moderators_list_makes_a_bounded_number_of_queries(
    client, moderator, games, url, django_assert_max_num_queries
):
    client.force_login(moderator)
    client.get(url)  # the session and permissions are read once

    with django_assert_max_num_queries(ADMIN_QUERIES_MAX):
        response = client.get(url)

    assert response.status_code == 200


@pytest.mark.parametrize(
    ("url", "unread"),
    [
        ("/admin/games/game/", ['"games_game"."progress"', '"games_game"."result"']),
        ("/admin/games/event/", ['"games_game"."progress"', '"games_game"."options"']),
        ("/admin/games/snapshot/", ['"games_snapshot"."state"', '"games_game"."progress"']),
        ("/admin/games/report/", ['"games_game"."progress"', '"games_game"."options"']),
        ("/admin/games/chatmessage/", ['"games_game"."progress"', '"games_game"."result"']),
    ],
)
def test_a_moderators_list_reads_no_json_column_it_does_not_show(
    client, superuser, games, url, unread
):
    """A game's progress and result, a snapshot's state: decoded for every row of a page,
    they cost CPU and leave tens of thousands of objects to the garbage collector. Left out
    of the rows, and never fetched one row at a time either."""
    game = games[0]
    replay.snapshot_write(game, game.version, replay.state_at(game, game.version))
    client.force_login(superuser)
    client.get(url)

    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)

    assert response.status_code == 200
    assert len(response.context["cl"].result_list) > 0
    sql = " ".join(q["sql"] for q in captured.captured_queries)
    assert [column for column in unread if column in sql] == []


# Plans, SET LOCAL and the planner's estimates are PostgreSQL's.
ON_POSTGRESQL_ONLY = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="a PostgreSQL plan or estimate"
)


def test_a_games_page_in_the_admin_shows_the_latest_events_with_their_actors_in_few_queries(
    client, moderator, games, alice, bob, django_assert_max_num_queries
):
    game = games[0]
    client.force_login(moderator)
    client.get("/admin/")

    with django_assert_max_num_queries(ADMIN_QUERIES_MAX):
        page = client.get(f"/admin/games/game/{game.pk}/change/")

    text = page.content.decode()
    assert page.status_code == 200
    assert "timeline (newest first)" in text.lower()
    seqs = [int(s) for s in re.findall(r'/admin/games/event/\d+/change/">(\d+)</a>', text)]
    game.refresh_from_db()
    assert seqs == list(range(game.version, 0, -1))
    assert alice.username in text
    assert bob.username in text


def test_a_long_games_page_shows_its_last_events_and_links_to_all_of_them(
    client, moderator, games, monkeypatch
):
    from games.admin import game as game_admin

    monkeypatch.setattr(game_admin, "TIMELINE_ON_GAME_PAGE", 3)
    game = games[0]
    client.force_login(moderator)

    text = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()

    game.refresh_from_db()
    assert f"The last 3 of {game.version} events" in text
    assert f"/admin/games/event/?q={game.public_id}" in text
    seqs = [int(s) for s in re.findall(r'/admin/games/event/\d+/change/">(\d+)</a>', text)]
    assert seqs == [game.version, game.version - 1, game.version - 2]


def listed_ids(response) -> set[str]:
    return set(re.findall(r"/admin/games/game/\d+/change/[^>]*>([a-z0-9]{12})<", response))


def test_the_admin_finds_games_by_their_exact_id_or_a_players_exact_username(
    client, moderator, games, carol
):
    client.force_login(moderator)
    first = games[0]

    by_id = client.get(f"/admin/games/game/?q={first.public_id}").content.decode()
    by_part = client.get(f"/admin/games/game/?q={first.public_id[:6]}").content.decode()
    by_name = client.get(f"/admin/games/game/?q={carol.username}").content.decode()
    by_name_part = client.get(f"/admin/games/game/?q={carol.username[:3]}").content.decode()

    assert listed_ids(by_id) == {first.public_id}
    assert listed_ids(by_part) == set()
    assert listed_ids(by_name) == {g.public_id for g in games[2:]}
    assert listed_ids(by_name_part) == set()


def test_the_admin_finds_a_games_events_and_reports_by_exact_values(
    client, moderator, games, alice, bob
):
    client.force_login(moderator)
    first = games[0]
    report = Report.objects.get()

    events = client.get(f"/admin/games/event/?q={first.public_id}").content.decode()
    none = client.get(f"/admin/games/event/?q={first.public_id[:5]}").content.decode()
    by_number = client.get(f"/admin/games/report/?q={report.pk}").content.decode()
    by_reporter = client.get(f"/admin/games/report/?q={alice.username}").content.decode()
    by_text = client.get("/admin/games/report/?q=slow").content.decode()
    nothing = client.get("/admin/games/report/?q=zzz").content.decode()

    first.refresh_from_db()
    assert f"{first.version} events" in events
    assert "0 events" in none
    for page in (by_number, by_reporter, by_text):
        assert f"/admin/games/report/{report.pk}/change/" in page
    assert f"/admin/games/report/{report.pk}/change/" not in nothing


@ON_POSTGRESQL_ONLY
def test_a_big_lists_count_is_exact_up_to_a_bound_then_estimated(games, monkeypatch):
    monkeypatch.setattr(admin_base, "EXACT_COUNT_UP_TO", 5)
    events = Event.objects.all()
    total = events.count()
    assert total > 5

    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_event")
    bounded = admin_base.BoundedCountPaginator(events, 100).count
    exact = admin_base.BoundedCountPaginator(Event.objects.filter(seq=1), 100).count

    assert exact == len(games)
    assert bounded >= 6  # read no further than the bound, then the planner's estimate
    assert admin_base.estimated_count(events) == pytest.approx(total, rel=0.5)


def test_my_games_come_in_pages_my_turn_first(client, alice, games, monkeypatch):
    monkeypatch.setattr(lobby, "GAMES_PER_PAGE", 2)
    mine = [g for g in games if g.seats.filter(user=alice).exists()]
    client.force_login(alice)

    pages = [client.get(f"/games/?page={n}") for n in (1, 2)]
    beyond = client.get("/games/?page=3")
    bad = client.get("/games/?page=first")

    assert [p.status_code for p in pages] == [200, 200]
    shown = [re.findall(r'data-game="([a-z0-9]+)"', p.content.decode()) for p in pages]
    assert [len(ids) for ids in shown] == [2, 1]
    assert sorted(shown[0] + shown[1]) == sorted(g.public_id for g in mine)
    assert "Page 1 of 2" in pages[0].content.decode()
    assert 'href="?page=2"' in pages[0].content.decode()
    assert beyond.status_code == 404
    assert bad.status_code == 404
    turns = {g.public_id for g in mine if g.seats.get(index=g.current_seat).user_id == alice.pk}
    assert turns  # alice has a game to play: it comes first
    assert set(shown[0]) <= turns if len(turns) >= 2 else turns <= set(shown[0])


def test_my_games_through_the_api_come_in_pages_linked_from_the_header(alice, games):
    api = client_for(alice)
    mine = {g.public_id for g in games if g.seats.filter(user=alice).exists()}

    first = api.get("/api/games/?page_size=2")
    second = api.get("/api/games/?page_size=2&page=2")
    too_big = api.get("/api/games/?page_size=501")
    bad = api.get("/api/games/?page=0")

    assert first.status_code == second.status_code == 200
    assert len(first.json()) == 2
    assert len(second.json()) == 1
    assert {g["id"] for g in first.json() + second.json()} == mine
    assert 'rel="next"' in first["Link"]
    assert "page=2" in first["Link"]
    assert 'rel="prev"' in second["Link"]
    assert 'rel="next"' not in second["Link"]
    assert too_big.status_code == bad.status_code == 400
    assert too_big.json()["code"] == "invalid"


def test_the_lobby_comes_in_pages_on_the_web_and_the_api(client, alice, bob, monkeypatch):
    from games import services

    monkeypatch.setattr(lobby, "GAMES_PER_PAGE", 2)
    open_games = [services.game_create(creator=bob, players=2, lobby=True) for _ in range(3)]
    client.force_login(alice)
    api = client_for(alice)

    web = [client.get(f"/games/open/?page={n}").content.decode() for n in (1, 2)]
    listed = [api.get(f"/api/lobby/?page_size=2&page={n}") for n in (1, 2)]

    on_the_web = [re.findall(r'data-game="([a-z0-9]+)"', page) for page in web]
    assert [len(ids) for ids in on_the_web] == [2, 1]
    newest_first = [g.public_id for g in reversed(open_games)]
    assert on_the_web[0] + on_the_web[1] == newest_first
    assert [g["id"] for r in listed for g in r.json()] == newest_first
    assert 'rel="next"' in listed[0]["Link"]
    assert client.get("/games/open/?page=9").status_code == 404


def test_my_games_page_makes_the_same_queries_for_many_games_as_for_few(
    client, alice, bob, games, django_assert_max_num_queries
):
    client.force_login(alice)
    client.get("/games/")
    with django_assert_max_num_queries(12):
        many = client.get("/games/")
    assert many.status_code == 200


def _profile_games(page) -> list[str]:
    """The games listed in the profile's notifications per game, in order."""
    return re.findall(
        r'action="/accounts/profile/games/([a-z0-9]+)/emails/"', page.content.decode()
    )


def _webhook_games(page) -> list[str]:
    """The games offered for a webhook that posts every turn of one game."""
    picker = page.content.decode().split('id="webhook-game"')[1].split("</select>")[0]
    return re.findall(r'value="([a-z0-9]+)"', picker)


def test_the_profiles_games_in_play_come_in_pages(client, alice, bob, games, monkeypatch):
    """A player in hundreds of games got a form for each on one page. The list of the games
    still in play comes in pages, counted from the player's seats; an ended game is not in it."""
    monkeypatch.setattr(account_views, "GAMES_PER_PAGE", 2)
    ended = started_game(bob, [alice])
    Game.objects.filter(pk=ended.pk).update(status=GameStatus.ABANDONED)
    in_play = {g.public_id for g in games if g.seats.filter(user=alice).exists()}
    assert len(in_play) == 3
    client.force_login(alice)

    pages = [client.get(f"/accounts/profile/?page={n}") for n in (1, 2)]
    beyond = client.get("/accounts/profile/?page=3")

    assert [p.status_code for p in pages] == [200, 200]
    shown = [_profile_games(p) for p in pages]
    assert [len(ids) for ids in shown] == [2, 1]
    assert set(shown[0] + shown[1]) == in_play
    assert "Page 1 of 2" in pages[0].content.decode()
    assert 'href="?page=2#games-heading"' in pages[0].content.decode()
    assert 'href="?page=1#games-heading"' in pages[1].content.decode()
    assert [_webhook_games(p) for p in pages] == shown
    assert beyond.status_code == 404


def test_a_game_mode_saved_from_a_later_page_of_the_profile_returns_to_that_page(
    client, alice, games, monkeypatch
):
    monkeypatch.setattr(account_views, "GAMES_PER_PAGE", 2)
    client.force_login(alice)
    game = _profile_games(client.get("/accounts/profile/?page=2"))[0]
    url = f"/accounts/profile/games/{game}/emails/"

    from_second = client.post(url, {"mode": "off", "page": "2"})
    from_first = client.post(url, {"mode": "off"})
    made_up = client.post(url, {"mode": "off", "page": "2; x"})

    assert from_second["Location"] == "/accounts/profile/?page=2#games-heading"
    assert 'name="page" value="2"' in client.get("/accounts/profile/?page=2").content.decode()
    assert from_first["Location"] == made_up["Location"] == "/accounts/profile/"


def test_the_profile_reads_one_page_of_games_in_a_bounded_number_of_queries(
    client, alice, bob, games, monkeypatch
):
    """The page is cut by the database (a LIMIT on the sorted list) and the number of queries
    does not grow with the player's games."""
    monkeypatch.setattr(account_views, "GAMES_PER_PAGE", 2)
    client.force_login(alice)
    client.get("/accounts/profile/")

    def queries() -> list[str]:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/accounts/profile/").status_code == 200
        return [q["sql"] for q in captured.captured_queries]

    few = queries()
    for _ in range(3):
        started_game(bob, [alice])
    many = queries()

    listed = [sql for sql in many if 'FROM "games_game"' in sql and "ORDER BY" in sql]
    assert len(listed) == 1
    assert "LIMIT 2" in listed[0]
    assert len(many) == len(few)


def test_the_lists_indexes_exist_and_events_are_read_through_game_and_seq():
    with connection.cursor() as cursor:
        game_indexes = connection.introspection.get_constraints(cursor, "games_game")
        event_indexes = connection.introspection.get_constraints(cursor, "games_event")
    assert {"game_updated_at", "game_status_updated_at", "game_edition_updated_at"} <= set(
        game_indexes
    )
    on_game = [i["columns"] for i in event_indexes.values() if not i["foreign_key"]]
    # The unique (game, seq) index serves every lookup by game; no single-column copy.
    assert ["game_id", "seq"] in on_game
    assert ["game_id"] not in on_game
    assert Game._meta.ordering == ["-updated_at"]
    assert Event._meta.ordering == ["game_id", "seq"]


@ON_POSTGRESQL_ONLY
def test_reading_a_past_state_is_one_range_of_the_game_and_seq_index(games):
    from games import replay

    game = games[0]
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = (
            Event.objects.filter(game=game, seq__lte=5).order_by("seq").values_list("seq")
        ).query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "event_unique_seq" in plan
    assert replay.event_refs(game, upto=5)[-1].seq == 5


def test_the_admin_finds_a_player_by_exact_username_email_or_number(client, moderator, alice, bob):
    client.force_login(moderator)

    def found(term: str) -> set[str]:
        page = client.get("/admin/games/player/", {"q": term}).content.decode()
        return set(re.findall(r"/admin/games/player/\d+/change/[^>]*>([^<]+)<", page))

    assert found(alice.username) == {alice.username}
    assert found(alice.email) == {alice.username}
    assert found(str(bob.pk)) == {bob.username}
    assert found(alice.username[:3]) == set()


def test_a_finished_games_history_and_replay_cost_the_same_queries_as_a_short_ones(
    client, alice, games, django_assert_max_num_queries
):
    from tests.games.helpers import play_to_end

    short, long = games[0], play_to_end(games[1])
    client.force_login(alice)
    api = client_for(alice)
    for game in (short, long):
        api.get(f"/api/games/{game.public_id}/events/")
        client.get(f"/games/{game.public_id}/replay/")
        with django_assert_max_num_queries(8):
            assert api.get(f"/api/games/{game.public_id}/events/").status_code == 200
        with django_assert_max_num_queries(16):
            assert client.get(f"/games/{game.public_id}/replay/").status_code == 200


def joins_users_to_many_rows(sql: str) -> bool:
    """Whether ``sql`` joins ``auth_user`` to rows that can be many: a list of games, a
    game's events, the seats of several games (one game with its seats, a handful of rows,
    is looked up by index)."""
    games = sql.startswith('SELECT "games_game"') and '"games_game"."public_id" =' not in sql
    many = (
        games
        or sql.startswith('SELECT "games_event"')
        or re.search(r'"games_seat"\."game_id" IN \(', sql)
    )
    return bool(many and re.search(r'JOIN "auth_user"', sql))


def test_lists_and_the_replay_read_only_the_users_they_show(client, alice, games):
    """Joined to a page's seats (or to every game of a player with thousands, before the
    page is cut, or to a game's hundreds of events), ``auth_user`` is read whole by the plan
    once there are a few thousand users (bench/README.md); read apart, by primary key, it
    is read for the users shown and no others."""
    client.force_login(alice)
    api = client_for(alice)
    mine = [g for g in games if g.seats.filter(user=alice).exists()]
    shown = {s.user_id for g in mine for s in g.seats.all() if s.user_id} | {
        g.created_by_id for g in mine
    }
    replayed = games[0]
    actors = set(Event.objects.filter(game=replayed).values_list("actor_id", flat=True)) - {None}
    users_read: dict[str, set[int]] = {}
    for name, url, reader in [
        ("my games (API)", "/api/games/", api),
        ("my games (page)", "/games/", client),
        ("history (API)", f"/api/games/{replayed.public_id}/events/", api),
        ("replay", f"/games/{replayed.public_id}/replay/", client),
    ]:
        reader.get(url)  # the caches the request fills (sessions, tokens, states)
        with CaptureQueriesContext(connection) as captured:
            assert reader.get(url).status_code == 200
        sql = [q["sql"] for q in captured.captured_queries]
        assert not [q for q in sql if joins_users_to_many_rows(q)], name
        users_read[name] = {
            int(pk)
            for q in sql
            for listed in re.findall(r'"auth_user"\."id"\)? (?:IN \(([\d, ()]+)\)|= (\d+))', q)
            for pk in re.findall(r"\d+", " ".join(listed))
        }

    assert users_read["my games (API)"] == shown
    assert users_read["my games (page)"] >= {s.user_id for g in mine for s in g.seats.all()} - {
        None
    }
    assert users_read["my games (page)"] <= shown
    assert users_read["history (API)"] == users_read["replay"] == actors


def test_the_reported_filter_asks_the_database_for_the_reported_games(client, moderator, games):
    """The reported games come from a subquery of the reports, not from a list of their ids
    read first (which grows with the reports)."""
    for game in games[1:4]:
        first, second = [s.user for s in game.seats.order_by("index") if s.user][:2]
        report_create(game=game, reporter=first, reported_user=second, reason="stalling", text="x")
    client.force_login(moderator)

    with CaptureQueriesContext(connection) as captured:
        response = client.get("/admin/games/game/?reported=yes")

    assert response.status_code == 200
    shown = set(re.findall(r"/admin/games/game/(\d+)/change/", response.content.decode()))
    assert shown == {str(game.pk) for game in games[:4]}
    on_games = [q["sql"] for q in captured.captured_queries if '"games_game"."id" IN' in q["sql"]]
    assert on_games
    assert all('"games_game"."id" IN (SELECT' in sql for sql in on_games)


@ON_POSTGRESQL_ONLY
def test_the_lobbys_seats_seeking_a_substitute_are_read_through_their_index(alice, games):
    from games import selectors

    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        sql, params = selectors.game_list_seeking_substitute(user=alice).query.sql_with_params()
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "seat_seeking_substitute" in plan


def page_cuts(sql: list[str]) -> list[str]:
    """The statements that cut a page from the games: a LIMIT over ``games_game``."""
    cut = re.compile(r" LIMIT \d+( OFFSET \d+)?$")
    return [q for q in sql if q.startswith('SELECT "games_game"') and cut.search(q)]


@pytest.mark.parametrize("url", ["/games/", "/api/games/?page_size=2"])
def test_my_games_are_sorted_over_their_ids_and_only_the_pages_games_read_whole(
    client, alice, games, url
):
    """A player's thousands of games are sorted over their ids and sort keys alone: the
    player's note, the seats and the whole game rows are read for the page's games only
    (computed in the sorting query, they were computed for every game of the player's)."""
    reader = client_for(alice) if url.startswith("/api/") else client
    client.force_login(alice)
    reader.get(url)

    with CaptureQueriesContext(connection) as captured:
        response = reader.get(url)

    assert response.status_code == 200
    sql = [q["sql"] for q in captured.captured_queries]
    [cut] = page_cuts(sql)
    assert cut.startswith('SELECT "games_game"."id" AS "pk" FROM')
    assert "games_gamenote" not in cut
    assert 'FROM "games_seat" U0' not in cut  # the player's turn: from the seat joined
    shown = re.findall(r'data-game="([a-z0-9]+)"', response.content.decode())
    shown = shown or [g["id"] for g in response.json()]
    read_whole = [q for q in sql if q.startswith('SELECT "games_game"."id", "games_game"."public')]
    [page] = read_whole
    assert re.search(r'"games_game"\."id" IN \(([\d, ]+)\)', page).group(1).count(",") + 1 == len(
        shown
    )


def test_my_games_rows_escape_what_players_typed_and_link_each_game(client, alice, bob):
    from games import services
    from games.services import notes
    from tests.games.helpers import play_to_end

    name = '<b>"Tom" & Jerry\'s</b>'
    playing = started_game(alice, [bob], name=name)
    notes.note_save(game=playing, user=alice, text="mine")
    ended = play_to_end(started_game(bob, [alice]))
    waiting = services.game_create(creator=alice, players=2)
    client.force_login(alice)

    text = client.get("/games/").content.decode()

    assert "&lt;b&gt;&quot;Tom&quot; &amp; Jerry&#x27;s&lt;/b&gt;" in text
    assert name not in text
    assert f'<a href="/games/{playing.public_id}/" class="game-name">' in text
    assert 'data-testid="note-marker"' in text
    assert f'<a href="/games/{ended.public_id}/replay/">Replay</a>' in text
    assert f'action="/games/{ended.public_id}/dismiss/"' in text
    assert f'<a href="/games/join/{waiting.public_id}/" class="game-name">' in text
    tokens = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', text))
    assert len(tokens) == 1

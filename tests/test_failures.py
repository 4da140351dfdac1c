"""Issue 17, items 6, 7 and 9: failures and bad input get a clear answer, never a 500.

* The database goes away: the API answers JSON 503 with Retry-After, pages a "back soon"
  page, and the first request after it is back succeeds (a TCP forwarder the test cuts and
  restores stands for the database server; the shared server itself is never touched).
* Input nobody should send (JSON nested 10,000 deep, a NUL in the path or the query, a
  10 MB body, an unknown API path) gets a JSON 4xx with a reason under /api/.
* /healthz tells the public only ok / not ok per dependency; the pages carry a
  Content-Security-Policy; list endpoints are bounded.
"""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection, connections
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.tcp_proxy import TcpProxy

pytestmark = pytest.mark.django_db


def api_client(user) -> Client:
    token, _ = Token.objects.get_or_create(user=user)
    return Client(HTTP_AUTHORIZATION=f"Token {token.key}", raise_request_exception=False)


def assert_json_error(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert body["message"]
    if code is not None:
        assert body["code"] == code
    return body


# --- the database goes away and comes back --------------------------------------------------


def test_a_database_error_in_an_api_view_is_a_json_503_with_retry_after(alice, monkeypatch):
    client = api_client(alice)
    from games import selectors

    def unreachable(*args, **kwargs):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(selectors, "game_list_for_user", unreachable)

    response = client.get("/api/games/")

    assert_json_error(response, 503, "database_unavailable")
    assert int(response["Retry-After"]) > 0


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="stands a forwarder in front of PostgreSQL"
)
@pytest.mark.django_db(transaction=True)
def test_while_the_database_is_down_the_api_says_503_and_it_recovers_on_the_next_request(
    make_user,
):
    alice = make_user("alice")
    api = api_client(alice)
    page = Client(raise_request_exception=False)
    page.force_login(alice)
    default = connections["default"]
    saved = dict(default.settings_dict)
    proxy = TcpProxy(saved["HOST"] or "127.0.0.1", int(saved["PORT"] or 5432)).start()
    default.close()
    default.settings_dict.update(HOST="127.0.0.1", PORT=str(proxy.port), CONN_MAX_AGE=60)
    try:
        assert api.get("/api/me/").status_code == 200

        proxy.stop()
        down = api.get("/api/me/")
        down_page = page.get("/games/")
        down_again = api.get("/api/me/")

        proxy.start()
        back = api.get("/api/me/")
        back_page = page.get("/games/")
    finally:
        proxy.stop()
        default.close()
        default.settings_dict.clear()
        default.settings_dict.update(saved)

    assert_json_error(down, 503, "database_unavailable")
    assert down["Retry-After"] == "30"
    assert_json_error(down_again, 503, "database_unavailable")
    assert down_page.status_code == 503
    assert down_page["Content-Type"].startswith("text/html")
    assert b"Back soon" in down_page.content
    assert back.status_code == 200
    assert back.json()["username"] == "alice"
    assert back_page.status_code == 200


def test_persistent_connections_are_health_checked():
    from django.conf import settings

    assert settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="the project's PostgreSQL backend")
def test_only_an_idle_connection_is_health_checked(monkeypatch, settings):
    """A connection that served a request a moment ago is trusted (no SELECT 1 round trip);
    one idle for longer than DATABASE_HEALTH_CHECK_IDLE is checked, as Django does. (The
    test client skips close_old_connections around its requests: a WSGI server's request
    is emulated here.)"""
    from django.db import close_old_connections

    default = connections["default"]
    checks: list[bool] = []
    is_usable = type(default).is_usable

    def counted(self):
        checks.append(True)
        return is_usable(self)

    def request() -> None:
        close_old_connections()  # request_started
        with default.cursor() as cursor:
            cursor.execute("SELECT 2")
        close_old_connections()  # request_finished

    monkeypatch.setattr(type(default), "is_usable", counted)
    saved = default.settings_dict["CONN_MAX_AGE"]
    default.settings_dict["CONN_MAX_AGE"] = 60
    try:
        request()  # opens the connection
        checks.clear()
        request()
        request()
        assert checks == []  # busy: reused without a round trip

        default.last_released -= 5  # as if idle for five seconds
        request()
        assert len(checks) == 1

        settings.DATABASE_HEALTH_CHECK_IDLE = 0  # Django's own rule: every reuse
        request()
        assert len(checks) == 2
    finally:
        default.settings_dict["CONN_MAX_AGE"] = saved
        default.close()


# --- bad input is a JSON 4xx, never a 500 ---------------------------------------------------


def test_json_nested_ten_thousand_levels_deep_is_a_400(alice):
    body = "[" * 10_000 + "]" * 10_000

    response = api_client(alice).post("/api/games/", body, content_type="application/json")

    assert_json_error(response, 400, "parse_error")


def test_a_nul_character_in_a_json_string_is_a_400(alice):
    response = api_client(alice).post(
        "/api/games/", '{"edition": "1e\\u0000"}', content_type="application/json"
    )

    assert_json_error(response, 400, "parse_error")


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/ab%00cd/",
        "/api/games/ab%00cd/state/",
        "/api/notifications/games/x%00/",
        "/api/games/?status=%00",
        "/api/games/?%00=1",
        "/api/games/x/state/?at=1%00",
    ],
)
def test_a_nul_character_in_the_path_or_the_query_is_a_json_400(alice, path):
    assert_json_error(api_client(alice).get(path), 400, "bad_request")


def test_a_nul_character_in_a_page_address_is_a_400_page(alice):
    client = Client(raise_request_exception=False)
    client.force_login(alice)

    response = client.get("/games/ab%00cd/")

    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/html")


def test_a_ten_megabyte_body_is_a_json_413(alice):
    body = '{"text": "' + "x" * (10 * 1024 * 1024) + '"}'

    response = api_client(alice).post("/api/games/", body, content_type="application/json")

    assert_json_error(response, 413, "too_large")


def test_an_unknown_api_path_is_a_json_404(alice):
    assert_json_error(api_client(alice).get("/api/no/such/thing/"), 404, "not_found")


def test_an_unknown_page_is_still_a_page(client):
    response = client.get("/no/such/page/")

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


# --- smaller ---------------------------------------------------------------------------------


def test_healthz_tells_the_public_only_ok_or_not_per_dependency(client):
    body = client.get("/healthz").json()

    assert body == {"status": "ok", "database": {"ok": True}, "broker": {"ok": True}}


def test_healthz_gives_staff_the_details(client, staff):
    client.force_login(staff)

    body = client.get("/healthz").json()

    assert body["database"] == {"ok": True, "vendor": connection.vendor}
    assert "transport" in body["broker"]
    assert "worker" in body


def test_pages_and_api_answers_carry_a_content_security_policy(client, alice):
    client.force_login(alice)
    for path in ("/", "/games/", "/accounts/profile/", "/api/games/", "/api/docs/"):
        policy = client.get(path)["Content-Security-Policy"]
        assert "script-src 'self'" in policy
        assert "unsafe-eval" not in policy
        assert "frame-ancestors 'none'" in policy


def test_the_pages_need_no_inline_script(client, alice):
    import re

    client.force_login(alice)
    for path in ("/", "/games/", "/games/new/", "/accounts/profile/", "/api/docs/"):
        html = client.get(path).content.decode()
        for script in re.findall(r"<script\b[^>]*>(.*?)</script>", html, flags=re.S):
            assert not script.strip(), f"inline script on {path}: {script[:80]}"
        assert not re.search(r"\son[a-z]+=\"", html), f"inline event handler on {path}"


def test_the_event_list_is_bounded_whatever_page_size_asks(alice, bob):
    from tests.games.helpers import started_game

    game = started_game(alice, [bob])

    response = api_client(alice).get(f"/api/games/{game.public_id}/events/?page_size=100000000")

    assert response.status_code == 200
    assert response.json()["count"] >= 1
    from games.api.views import EventPagination

    assert EventPagination.max_page_size <= 1000


def test_the_chat_answers_at_most_a_page_of_messages(alice, bob):
    from games.api.community import CHAT_PAGE
    from games.models import ChatMessage
    from tests.games.helpers import started_game

    game = started_game(alice, [bob])
    ChatMessage.objects.bulk_create(
        ChatMessage(game=game, author=alice, seat=0, text=f"line {n}") for n in range(CHAT_PAGE + 5)
    )

    first = api_client(alice).get(f"/api/games/{game.public_id}/chat/").json()
    rest = api_client(alice).get(f"/api/games/{game.public_id}/chat/?after={first[-1]['id']}")

    assert len(first) == CHAT_PAGE
    assert first[0]["text"] == "line 0"
    assert [m["text"] for m in rest.json()] == [
        f"line {n}" for n in range(CHAT_PAGE, CHAT_PAGE + 5)
    ]

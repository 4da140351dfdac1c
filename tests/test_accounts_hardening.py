"""Issue 17, item 4: password guessing is throttled, API tokens expire and can be revoked, and
a new password revokes every token and every other session."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.users import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    cache.clear()


def token_request(client, username, password, ip="198.51.100.7"):
    return client.post(
        "/api/token/",
        {"username": username, "password": password},
        content_type="application/json",
        REMOTE_ADDR=ip,
    )


def me(client, key):
    return client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {key}")


def test_failed_token_requests_are_throttled_per_account(client, settings, alice):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 3
    for n in range(3):
        assert token_request(client, "alice", "nope", ip=f"198.51.100.{n}").status_code == 400

    refused = token_request(client, "ALICE", PASSWORD, ip="203.0.113.9")

    assert refused.status_code == 429
    assert refused.json()["code"] == "too_many_attempts"
    assert int(refused["Retry-After"]) == settings.LOGIN_FAILURE_WINDOW
    assert token_request(client, "bob", "nope", ip="203.0.113.9").status_code == 400


def test_failed_token_requests_are_throttled_per_address(client, settings, alice, bob):
    settings.LOGIN_FAILURES_PER_IP = 3
    for name in ("carol", "dave", "erin"):
        assert token_request(client, name, "nope").status_code == 400

    assert token_request(client, "alice", PASSWORD).status_code == 429
    assert token_request(client, "bob", PASSWORD, ip="203.0.113.9").status_code == 200


def test_successful_logins_are_never_throttled(client, settings, alice):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 2
    settings.LOGIN_FAILURES_PER_IP = 2
    for _ in range(5):
        assert token_request(client, "alice", PASSWORD).status_code == 200


def test_the_login_page_is_throttled_too(client, settings, alice):
    settings.LOGIN_FAILURES_PER_ACCOUNT = 2
    for _ in range(2):
        client.post("/accounts/login/", {"username": "alice", "password": "nope"})

    page = client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})

    assert page.status_code == 200
    assert b"Too many failed log-ins" in page.content
    assert "_auth_user_id" not in client.session


def test_a_token_expires_and_a_new_one_is_issued_after(client, settings, alice):
    first = token_request(client, "alice", PASSWORD).json()
    assert me(client, first["token"]).status_code == 200
    assert token_request(client, "alice", PASSWORD).json()["token"] == first["token"]

    Token.objects.filter(key=first["token"]).update(
        created=timezone.now() - timedelta(seconds=settings.API_TOKEN_TTL + 1)
    )

    expired = me(client, first["token"])
    assert expired.status_code == 401
    assert expired.json()["code"] == "token_expired"
    second = token_request(client, "alice", PASSWORD).json()
    assert second["token"] != first["token"]
    assert me(client, second["token"]).status_code == 200


def test_the_profile_lists_the_token_and_revokes_it(client, alice):
    key = token_request(client, "alice", PASSWORD).json()["token"]
    client.force_login(alice)

    assert f"Your API token ({key[:4]}" in client.get("/accounts/profile/").content.decode()
    assert client.post("/accounts/profile/token/revoke/").status_code == 302

    assert me(Client(), key).status_code == 401
    assert b"You have no API token" in client.get("/accounts/profile/").content


def test_a_password_change_revokes_the_tokens_and_the_other_sessions(client, alice):
    key = token_request(client, "alice", PASSWORD).json()["token"]
    other = Client()
    other.force_login(alice)
    assert other.get("/api/me/").status_code == 200
    client.force_login(alice)

    changed = client.post(
        "/accounts/password/change/",
        {
            "old_password": PASSWORD,
            "new_password1": "a new pass phrase",
            "new_password2": "a new pass phrase",
        },
    )

    assert changed.status_code == 302
    assert me(Client(), key).status_code == 401
    assert other.get("/api/me/").status_code in (401, 403)
    assert client.get("/api/me/").status_code == 200  # the page that changed it stays in


def test_a_password_reset_revokes_the_tokens(client, alice):
    key = token_request(client, "alice", PASSWORD).json()["token"]
    user = get_user_model().objects.get(pk=alice.pk)
    user.set_password("reset to something else")
    user.save()

    assert me(client, key).status_code == 401


def test_a_login_that_only_upgrades_the_hash_keeps_the_token(client, alice):
    key = token_request(client, "alice", PASSWORD).json()["token"]
    user = get_user_model().objects.get(pk=alice.pk)
    user.save()  # an ordinary save (e.g. last_login, a rehash) changes no password

    assert me(client, key).status_code == 200

"""An API token's user remembered between requests (``accounts.token_cache``): no query
while nothing changed, and every change that matters stops or changes the very next
request."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import token_cache
from common import api_tokens
from games import moderation
from notifications.preferences import preference_set
from tests.games.helpers import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def cache_on(settings, monkeypatch):
    """The cache on, and a user's latest change taken as settled however recent (the
    margin for the machines' clocks would otherwise keep a user made by the test out)."""
    settings.API_TOKEN_CACHE_SECONDS = 300
    monkeypatch.setattr(token_cache, "CLOCK_MARGIN_SECONDS", -60.0)
    token_cache.forget_all()


def remembered(api, django_assert_num_queries) -> None:
    """The first request reads the token's user, the next one reads nothing."""
    assert api.get("/api/me/").status_code == 200
    with django_assert_num_queries(0):
        assert api.get("/api/me/").status_code == 200


def test_an_unchanged_user_costs_no_query(alice, django_assert_num_queries):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)
    with django_assert_num_queries(0):
        assert api.get("/api/me/").json()["username"] == "alice"


def test_a_revoked_token_stops_at_once(alice, django_assert_num_queries):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)
    api_tokens.tokens_revoke(user=alice)
    assert api.get("/api/me/").status_code == 401


def test_a_suspension_stops_the_next_request(alice, moderator, django_assert_num_queries):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)
    moderation.user_suspend(user=alice, moderator=moderator, reason="spam")
    response = api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "suspended"


def test_a_deactivated_user_stops_the_next_request(alice, django_assert_num_queries):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)
    alice.is_active = False
    alice.save()
    assert api.get("/api/me/").status_code == 401


def test_a_new_language_is_spoken_at_the_next_request(alice, django_assert_num_queries):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)
    preference_set(user=alice, language="fr")
    response = api.get("/api/games/nope/legal-moves/")
    assert response.status_code == 404
    assert response.headers["Content-Language"] == "fr"


def test_a_renamed_user_is_read_again(alice, django_assert_num_queries):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)
    get_user_model().objects.filter(pk=alice.pk).update(username="alicia")
    alice.refresh_from_db()
    alice.save()  # a save through the model, as the admin and the profile page do
    assert api.get("/api/me/").json()["username"] == "alicia"


def test_an_expired_token_is_refused_though_remembered(alice, settings, django_assert_num_queries):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)
    created = Token.objects.get(user=alice).created
    later = created + timedelta(seconds=settings.API_TOKEN_TTL + 1)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(timezone, "now", lambda: later)
        response = api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "token_expired"


def test_a_change_too_recent_to_be_settled_is_not_remembered(
    alice, monkeypatch, django_assert_num_queries
):
    monkeypatch.setattr(token_cache, "CLOCK_MARGIN_SECONDS", 2.0)
    alice.save()  # a change just now: it may have committed between a read and its check
    api = client_for(alice)
    api.get("/api/me/")
    with django_assert_num_queries(1):
        assert api.get("/api/me/").status_code == 200


def test_without_the_shared_cache_every_request_reads_the_database(
    alice, monkeypatch, django_assert_num_queries
):
    api = client_for(alice)
    remembered(api, django_assert_num_queries)

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(token_cache.cache, "get", down)
    with django_assert_num_queries(1):
        assert api.get("/api/me/").status_code == 200

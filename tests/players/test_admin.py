"""The ratings in the admin: listed and shown, never added, changed or deleted by hand."""

from __future__ import annotations

import pytest

from players import ratings
from players.models import Rating
from tests.games.play_helpers import client_of
from tests.players.helpers import finished_game

pytestmark = pytest.mark.django_db


def test_the_rating_models_are_read_only_in_the_admin(superuser, alice, bob):
    game = finished_game([alice, bob], [80, 60])
    ratings.game_settle(game.pk)
    admin = client_of(superuser)
    for model in ("rating", "ratingchange", "ratedgame", "profilesettings"):
        assert admin.get(f"/admin/players/{model}/").status_code == 200
        assert admin.get(f"/admin/players/{model}/add/").status_code == 403
    rating = Rating.objects.get(user=alice)
    page = admin.get(f"/admin/players/rating/{rating.pk}/change/")
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()  # shown, not editable
    admin.post(f"/admin/players/rating/{rating.pk}/change/", {"mu": "99", "games": "9"})
    admin.post(f"/admin/players/rating/{rating.pk}/delete/", {"post": "yes"})
    rating.refresh_from_db()
    assert (rating.games, rating.mu != 99) == (1, True)
    found = admin.get("/admin/players/rating/?q=alice").context["cl"].result_list
    assert [r.user.username for r in found] == ["alice"]

"""``{% game_url %}``: a game's page paths reversed once, the same as ``{% url %}``."""

from __future__ import annotations

import random

import pytest
from django.template import Context, Template
from django.urls import NoReverseMatch, reverse, set_script_prefix

from games.models import PUBLIC_ID_ALPHABET, PUBLIC_ID_LENGTH, new_public_id
from games.templatetags import game_paths
from games.web.urls import urlpatterns

# Every page of a game (games.web.urls.GAME) and the lobby's pages of a game.
GAME_NAMES = [
    pattern.name
    for pattern in urlpatterns
    if pattern.name and "public_id" in str(getattr(pattern, "pattern", ""))
]


def test_every_game_page_is_listed():
    assert {"game-play", "game-panel", "game-move", "lobby-join", "game-replay"} <= set(GAME_NAMES)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_game_path_is_the_reversed_path(name):
    ids = [new_public_id() for _ in range(5)]
    ids += [PUBLIC_ID_ALPHABET[:PUBLIC_ID_LENGTH], "markmarkmark", "m" * PUBLIC_ID_LENGTH]
    for public_id in ids:
        assert game_paths.game_path(name, public_id) == reverse(name, args=[public_id])


@pytest.mark.parametrize("value", ["l" * PUBLIC_ID_LENGTH, "abc", "ABCDEFGHJKMN", "a b"])
def test_a_value_no_game_page_accepts_is_refused_as_reverse_refuses_it(value):
    with pytest.raises(NoReverseMatch):
        game_paths.game_path("game-panel", value)


def test_a_value_the_lobby_accepts_gives_the_lobby_path():
    assert game_paths.game_path("lobby-join", "a b") == reverse("lobby-join", args=["a b"])


def test_the_tag_writes_what_url_writes():
    public_id = new_public_id()
    context = Context({"game": {"public_id": public_id}})
    for name in GAME_NAMES:
        url = Template(f"{{% url '{name}' game.public_id %}}").render(context)
        ours = Template(f"{{% load game_paths %}}{{% game_url '{name}' game.public_id %}}")
        assert ours.render(context) == url
        kept = Template(
            f"{{% load game_paths %}}{{% game_url '{name}' game.public_id as u %}}[{{{{ u }}}}]"
        )
        assert kept.render(context) == f"[{url}]"


def test_the_game_paths_follow_the_script_prefix():
    public_id = new_public_id()
    try:
        set_script_prefix("/gwt/")
        path = game_paths.game_path("game-panel", public_id)
        assert path == reverse("game-panel", args=[public_id]) == f"/gwt/games/{public_id}/panel/"
    finally:
        set_script_prefix("/")
    assert game_paths.game_path("game-panel", public_id) == f"/games/{public_id}/panel/"


def test_the_public_ids_are_what_the_game_pages_accept():
    rng = random.Random(7)
    for _ in range(50):
        public_id = "".join(rng.choice(PUBLIC_ID_ALPHABET) for _ in range(PUBLIC_ID_LENGTH))
        assert game_paths.PUBLIC_ID.fullmatch(public_id)
        assert reverse("game-play", args=[public_id]) == f"/games/{public_id}/"

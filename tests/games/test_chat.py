"""A game's chat: players write and read it; moderators see and hide anything, audited."""

from __future__ import annotations

import pytest

from common.errors import ConflictError, InvalidRequestError, NotAllowedError, RateLimitedError
from games import chat, moderation, services
from games.models import ChatMessage, ModerationAction, ModerationKind
from tests.games.helpers import client_for, started_game

pytestmark = pytest.mark.django_db


def url(game):
    return f"/api/games/{game.public_id}/chat/"


def test_players_write_and_read_the_chat(alice_api, bob_api, alice, bob):
    game = started_game(alice, [bob])

    posted = alice_api.post(url(game), {"text": "  good luck!  "}, format="json")
    bob_api.post(url(game), {"text": "you too"}, format="json")
    read = bob_api.get(url(game))

    assert posted.status_code == 201
    assert posted.json()["text"] == "good luck!"
    assert posted.json()["seat"] == 0
    assert posted.json()["author"] == "alice"
    assert read.status_code == 200
    assert [(m["author"], m["text"], m["hidden"]) for m in read.json()] == [
        ("alice", "good luck!", False),
        ("bob", "you too", False),
    ]
    after = bob_api.get(url(game), {"after": read.json()[0]["id"]}).json()
    assert [m["text"] for m in after] == ["you too"]


def test_the_chat_is_open_while_waiting_for_players(alice_api, alice):
    game = services.game_create(creator=alice, players=2)
    assert alice_api.post(url(game), {"text": "anyone?"}, format="json").status_code == 201


def test_someone_without_a_seat_can_neither_read_nor_write(carol_api, alice, bob):
    game = started_game(alice, [bob])

    write = carol_api.post(url(game), {"text": "hi"}, format="json")
    read = carol_api.get(url(game))

    assert (write.status_code, write.json()["code"]) == (403, "not_seated")
    assert (read.status_code, read.json()["code"]) == (403, "not_seated")
    assert not ChatMessage.objects.exists()


@pytest.mark.parametrize(
    ("text", "code"), [("   ", "invalid"), ("x" * 1001, "invalid"), ("", "invalid")]
)
def test_an_empty_or_too_long_message_is_refused(alice_api, alice, bob, text, code):
    game = started_game(alice, [bob])
    response = alice_api.post(url(game), {"text": text}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, code)
    assert not ChatMessage.objects.exists()


def test_the_service_refuses_what_the_api_would(alice, bob):
    game = started_game(alice, [bob])
    with pytest.raises(InvalidRequestError, match="at most 1000"):
        chat.chat_post(game=game, user=alice, text="y" * 1001)
    with pytest.raises(InvalidRequestError, match="empty"):
        chat.chat_post(game=game, user=alice, text="\n\t ")


def test_a_suspended_player_can_neither_write_nor_read(alice, bob, carol, moderator):
    game = started_game(alice, [bob, carol])
    moderation.user_suspend(user=bob, moderator=moderator, reason="abuse")

    with pytest.raises(NotAllowedError) as refused:
        chat.chat_post(game=game, user=bob, text="let me in")
    assert refused.value.code == "suspended"
    with pytest.raises(NotAllowedError):
        chat.chat_messages_for(game=game, user=bob)
    assert client_for(bob).post(url(game), {"text": "x"}, format="json").status_code == 401


def test_an_abandoned_games_chat_is_closed(alice, bob, moderator):
    game = started_game(alice, [bob])
    moderation.game_abandon(game=game, moderator=moderator, reason="cheating")
    with pytest.raises(ConflictError) as refused:
        chat.chat_post(game=game, user=alice, text="why?")
    assert refused.value.code == "chat_closed"


def test_a_flood_is_refused(alice_api, alice, bob):
    game = started_game(alice, [bob])
    for n in range(chat.CHAT_RATE_LIMIT):
        chat.chat_post(game=game, user=alice, text=f"line {n}")
    with pytest.raises(RateLimitedError):
        chat.chat_post(game=game, user=alice, text="one more")
    response = alice_api.post(url(game), {"text": "and more"}, format="json")
    assert (response.status_code, response.json()["code"]) == (429, "too_many_messages")


def test_a_hidden_message_disappears_for_players_and_stays_for_moderators(
    alice, bob, moderator, bob_api
):
    game = started_game(alice, [bob])
    rude = chat.chat_post(game=game, user=alice, text="something rude")
    chat.chat_post(game=game, user=alice, text="sorry")

    moderation.chat_message_hide(message=rude, moderator=moderator, reason="insult")

    assert [m["text"] for m in bob_api.get(url(game)).json()] == ["sorry"]
    assert [m.text for m in chat.chat_messages_for(game=game, user=alice)] == ["sorry"]
    seen = client_for(moderator).get(url(game))
    assert seen.status_code == 200
    assert [(m["text"], m["hidden"], m["hidden_reason"]) for m in seen.json()] == [
        ("something rude", True, "insult"),
        ("sorry", False, None),
    ]
    audit = ModerationAction.objects.get(action=ModerationKind.HIDE_MESSAGE)
    assert (audit.moderator, audit.chat_message, audit.target_user, audit.game) == (
        moderator,
        rude,
        alice,
        game,
    )
    assert audit.reason == "insult"

    moderation.chat_message_unhide(message=rude, moderator=moderator, reason="context: a joke")

    assert [m["text"] for m in bob_api.get(url(game)).json()] == ["something rude", "sorry"]
    undo = ModerationAction.objects.get(action=ModerationKind.UNHIDE_MESSAGE)
    assert undo.details["hidden_reason"] == "insult"
    assert undo.chat_message == rude


def test_hiding_twice_or_without_a_reason_is_refused(alice, bob, moderator):
    game = started_game(alice, [bob])
    message = chat.chat_post(game=game, user=alice, text="hello")
    with pytest.raises(InvalidRequestError):
        moderation.chat_message_hide(message=message, moderator=moderator, reason=" ")
    with pytest.raises(ConflictError):
        moderation.chat_message_unhide(message=message, moderator=moderator, reason="x")
    moderation.chat_message_hide(message=message, moderator=moderator, reason="x")
    with pytest.raises(ConflictError):
        moderation.chat_message_hide(message=message, moderator=moderator, reason="again")
    assert ModerationAction.objects.count() == 1


# --- admin ------------------------------------------------------------------------------


def test_moderators_hide_and_show_from_the_admin_and_see_hidden_lines(
    client, alice, bob, moderator
):
    game = started_game(alice, [bob])
    message = chat.chat_post(game=game, user=bob, text="go away, noob")
    client.force_login(moderator)
    game_page = f"/admin/games/game/{game.pk}/change/"
    hide = f"/admin/games/chatmessage/{message.pk}/act/hide/"

    assert "go away, noob" in client.get(game_page).content.decode()
    form = client.get(hide, {"next": game_page})
    assert form.status_code == 200
    assert "reason" in form.content.decode()
    assert client.post(hide, {"reason": ""}).status_code == 200  # asks again
    response = client.post(hide, {"reason": "rude to a new player", "next": game_page})

    assert response.status_code == 302
    assert response.url == game_page
    message.refresh_from_db()
    assert message.is_hidden
    assert message.hidden_by == moderator
    page = client.get(game_page).content.decode()
    assert "go away, noob" in page
    assert "rude to a new player" in page
    assert f"/admin/games/chatmessage/{message.pk}/act/unhide/" in page
    listing = client.get("/admin/games/chatmessage/", {"hidden": "yes"}).content.decode()
    assert "go away, noob" in listing
    assert (
        "go away, noob"
        not in client.get("/admin/games/chatmessage/", {"hidden": "no"}).content.decode()
    )
    audit = client.get("/admin/games/moderationaction/", {"on": "chat"}).content.decode()
    assert "rude to a new player" in audit

    client.post(f"/admin/games/chatmessage/{message.pk}/act/unhide/", {"reason": "on appeal"})
    message.refresh_from_db()
    assert not message.is_hidden


def test_an_offsite_next_is_ignored(client, alice, bob, moderator):
    game = started_game(alice, [bob])
    message = chat.chat_post(game=game, user=bob, text="hi")
    client.force_login(moderator)
    response = client.post(
        f"/admin/games/chatmessage/{message.pk}/act/hide/",
        {"reason": "x", "next": "https://evil.example/"},
    )
    assert response.url == f"/admin/games/chatmessage/{message.pk}/change/"


def test_chat_messages_are_not_editable_in_the_admin_even_by_a_superuser(
    client, superuser, alice, bob
):
    game = started_game(alice, [bob])
    message = chat.chat_post(game=game, user=bob, text="original")
    root = superuser
    client.force_login(root)

    change = client.post(f"/admin/games/chatmessage/{message.pk}/change/", {"text": "edited"})
    delete = client.post(f"/admin/games/chatmessage/{message.pk}/delete/", {"post": "yes"})

    assert (change.status_code, delete.status_code) == (403, 403)
    assert client.get("/admin/games/chatmessage/add/").status_code == 403
    assert ChatMessage.objects.get().text == "original"


@pytest.mark.parametrize(
    "path", ["/admin/games/chatmessage/", "/admin/games/chatmessage/{pk}/change/"]
)
def test_plain_staff_see_no_chat(client, staff, alice, bob, path):
    game = started_game(alice, [bob])
    message = chat.chat_post(game=game, user=bob, text="hi")
    client.force_login(staff)

    assert client.get(path.format(pk=message.pk)).status_code == 403
    hide = client.post(f"/admin/games/chatmessage/{message.pk}/act/hide/", {"reason": "x"})
    assert hide.status_code == 403
    assert client_for(staff).get(url(game)).status_code == 403
    message.refresh_from_db()
    assert not message.is_hidden


def test_chat_and_reports_are_in_the_api_schema(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    chat_path = schema["paths"]["/api/games/{game_id}/chat/"]
    assert {"get", "post"} <= chat_path.keys()
    assert "201" in chat_path["post"]["responses"]
    assert "429" in chat_path["post"]["responses"]
    assert "201" in schema["paths"]["/api/games/{game_id}/reports/"]["post"]["responses"]


def test_a_long_chat_shows_its_latest_lines_on_the_game_page(client, alice, bob, moderator):
    from games.admin import game as games_admin

    game = started_game(alice, [bob])
    for n in range(games_admin.CHAT_ON_GAME_PAGE + 2):
        ChatMessage.objects.create(game=game, author=alice, seat=0, text=f"line-{n:03d}")
    client.force_login(moderator)

    page = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()

    assert "line-000" not in page
    assert "line-001" not in page
    assert "line-002" in page
    assert f"line-{games_admin.CHAT_ON_GAME_PAGE + 1:03d}" in page
    assert f"/admin/games/chatmessage/?q={game.public_id}" in page
    listing = client.get("/admin/games/chatmessage/", {"q": game.public_id}).content.decode()
    assert f"{games_admin.CHAT_ON_GAME_PAGE + 2} chat messages" in listing


def test_the_game_page_shows_the_chat_only_to_those_allowed_to_read_chats(
    client, staff, alice, bob
):
    from django.contrib.auth.models import Permission

    game = started_game(alice, [bob])
    chat.chat_post(game=game, user=bob, text="a private remark")
    staff.user_permissions.add(Permission.objects.get(codename="view_game"))
    client.force_login(staff)

    page = client.get(f"/admin/games/game/{game.pk}/change/")

    assert page.status_code == 200
    assert "a private remark" not in page.content.decode()


def test_the_whole_chat_in_one_statement_is_what_the_orm_loads(
    alice, bob, moderator, django_assert_num_queries
):
    game = started_game(alice, [bob])
    for i, user in enumerate([alice, bob, alice, bob]):
        chat.chat_post(game=game, user=user, text=f"line {i}")
    rude = chat.chat_post(game=game, user=bob, text="rude")
    moderation.chat_message_hide(message=rude, moderator=moderator, reason="insult")
    chat.chat_post(game=game, user=alice, text="after")

    orm = ChatMessage.objects.filter(game=game).select_related("author", "hidden_by")
    for user, shown in ((alice, orm.filter(hidden_at__isnull=True)), (moderator, orm)):
        whole = chat.chat_messages_for(game=game, user=user)
        expected = list(shown.order_by("created_at", "id"))
        assert [m.pk for m in whole] == [m.pk for m in expected]
        with django_assert_num_queries(0):  # the author and who hid it came with the line
            for mine, theirs in zip(whole, expected, strict=True):
                for field in ChatMessage._meta.concrete_fields:
                    assert getattr(mine, field.attname) == getattr(theirs, field.attname)
                assert mine.author.get_username() == theirs.author.get_username()
                assert mine.author.__dict__ == {
                    **theirs.author.__dict__,
                    "_state": mine.author._state,
                }
                assert (mine.hidden_by is None) == (theirs.hidden_by is None)
                if theirs.hidden_by is not None:
                    assert mine.hidden_by.pk == moderator.pk
    assert len(chat.chat_messages_for(game=game, user=moderator)) == 6
    assert len(chat.chat_messages_for(game=game, user=alice)) == 5
    # A part of it (after an id, at most so many) is the ORM's, as before.
    assert chat.chat_messages_for(game=game, user=alice, after=rude.pk - 1, limit=1)[0].text == (
        "after"
    )

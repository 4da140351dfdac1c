"""Push and webhooks through the real broker and a real worker process: a player who is
told only by Web Push and one told only by their chat webhook each get their turn once, and
the game's webhook tells the group of every turn change."""

from __future__ import annotations

import time
from typing import Any

import pytest

from notifications import endpoints, preferences
from notifications.models import ChannelDelivery, Mode, Status
from tests.channel_receivers import PushService, WebhookReceiver, vapid_configure
from tests.games.helpers import started_game
from tests.notifications.helpers import pass_turn
from tests.notifications.support import Worker, new_queue, wait_until

pytestmark = pytest.mark.django_db(transaction=True)
SETTLE_SECONDS = 1.5


@pytest.fixture
def channel_worker(settings, tmp_path) -> Any:
    env = vapid_configure(settings)
    queue = new_queue()
    settings.NOTIFICATIONS_QUEUE = queue
    process = Worker(queue, tmp_path, EMAIL_URL="locmem://", **env).start()
    try:
        yield process
    finally:
        process.stop()


def test_a_push_only_player_and_a_webhook_only_player_get_each_turn_once(channel_worker, make_user):
    ann, ben = make_user("ann"), make_user("ben")
    with PushService() as push, WebhookReceiver() as own, WebhookReceiver() as group:
        for user in (ann, ben):
            preferences.preference_set(user=user, mode=Mode.OFF)  # no email at all
        info = push.subscribe()
        endpoints.push_subscribe(user=ann, endpoint=info["endpoint"], **info["keys"])
        endpoints.webhook_add(user=ben, url=own.url("slack"))
        game = started_game(ann, [ben], name="Rails west")  # ann to move
        endpoints.webhook_add(user=ben, url=group.url("discord"), style="discord", game=game)

        assert push.wait_for(1)
        assert push.messages[0].data["body"] == "Your turn in Rails west"
        assert own.wait_for(1)  # ben is told the game started
        assert own.texts() == [f"*Rails west* has started\n{own_link(game)}"]

        pass_turn(game)  # ben's turn
        assert own.wait_for(2)
        assert group.wait_for(1)
        assert own.texts()[1] == f"Your turn in *Rails west*\n{own_link(game)}"
        assert group.posts[0]["content"] == f"ben's turn in *Rails west*\n{own_link(game)}"

        pass_turn(game)  # ann's turn again
        assert push.wait_for(2)
        assert group.wait_for(2)
        time.sleep(SETTLE_SECONDS)
        assert [m.data["body"] for m in push.messages] == ["Your turn in Rails west"] * 2
        assert len(own.posts) == 2
        assert group.texts()[1].startswith("ann's turn in *Rails west*")
        assert push.errors == []
        assert wait_until(
            lambda: set(ChannelDelivery.objects.values_list("status", flat=True)) == {Status.SENT}
        )


def own_link(game: Any) -> str:
    from notifications import links

    return links.game_url(game)

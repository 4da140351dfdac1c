"""Web Push in chromium: the account page subscribes the browser (its service worker
registered at the site's root), and a push message delivered to that worker through the
DevTools protocol (``ServiceWorker.deliverPushMessage``) is shown as a notification and
posted to the open page.

Chromium's own ``pushManager.subscribe`` needs Google's push service, which a test machine
cannot reach: the page is given a subscription made by the test's local push service
instead (``tests/channel_receivers.py``), so everything after that call is the real thing.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from playwright.sync_api import expect

from notifications.channel_texts import ChannelText
from notifications.models import PushSubscription
from notifications.push import payload
from tests.browser.helpers import wait_until
from tests.channel_receivers import PushService, vapid_configure

STUB_SUBSCRIBE = """
(() => {
  const info = %s;
  const subscription = { endpoint: info.endpoint, toJSON: () => info };
  PushManager.prototype.getSubscription = async function () { return null; };
  PushManager.prototype.subscribe = async function (options) {
    if (!options || !options.applicationServerKey) {
      throw new Error("subscribed without the site's key");
    }
    return subscription;
  };
})();
"""


@pytest.fixture
def push_service(settings) -> Any:
    vapid_configure(settings)
    with PushService() as service:
        yield service


def registration_id(cdp: Any, scope: str, timeout: float = 15.0) -> str:
    """The id of the service worker registration for ``scope`` (from CDP's events)."""
    found: dict[str, str] = {}

    def on_update(event: dict[str, Any]) -> None:
        for registration in event["registrations"]:
            if registration["scopeURL"] == scope and not registration.get("isDeleted"):
                found["id"] = registration["registrationId"]

    cdp.on("ServiceWorker.workerRegistrationUpdated", on_update)
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + timeout
    while "id" not in found and time.monotonic() < deadline:
        cdp.send("Runtime.evaluate", {"expression": "1"})  # lets the events arrive
        time.sleep(0.1)
    assert "id" in found, f"no service worker registration for {scope}"
    return found["id"]


def test_the_browser_subscribes_and_shows_a_pushed_turn(
    push_service, new_page, login, live_server, alice
):
    page = new_page()
    page.context.grant_permissions(["notifications"], origin=live_server.url)
    info = push_service.subscribe()
    page.add_init_script(STUB_SUBSCRIBE % json.dumps(info))
    login(page, alice)

    page.goto("/accounts/profile/")
    page.get_by_role("button", name="Notify me in this browser").click()
    expect(page.locator("#push-subscriptions li")).to_have_count(1)
    subscription = PushSubscription.objects.get()
    assert (subscription.user_id, subscription.endpoint) == (alice.pk, info["endpoint"])
    assert subscription.p256dh == info["keys"]["p256dh"]

    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{live_server.url}/"
    page.evaluate(
        """window.pushed = [];
        navigator.serviceWorker.addEventListener("message", (e) => window.pushed.push(e.data));"""
    )
    cdp = page.context.new_cdp_session(page)
    url = f"{live_server.url}/games/abc123/"
    message = payload(
        ChannelText(title="Great Western Trail", line="Your turn in Rails west", url=url),
        tag="gwt-1",
    )
    cdp.send(
        "ServiceWorker.deliverPushMessage",
        {"origin": live_server.url, "registrationId": registration_id(cdp, scope), "data": message},
    )

    wait_until(page, "window.pushed.length > 0")
    assert page.evaluate("window.pushed[0]") == {
        "type": "gwt-push",
        "title": "Great Western Trail",
        "body": "Your turn in Rails west",
        "url": url,
    }
    shown = page.evaluate(
        """navigator.serviceWorker.ready
        .then((r) => r.getNotifications())
        .then((list) => list.map((n) => ({title: n.title, body: n.body, url: n.data.url})))"""
    )
    assert shown == [
        {"title": "Great Western Trail", "body": "Your turn in Rails west", "url": url}
    ]

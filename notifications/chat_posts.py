"""Posting to a Discord- or Slack-compatible incoming webhook.

Both take a JSON POST: Discord's ``{"content": ...}``, Slack's (and Mattermost's, Rocket.Chat's)
``{"text": ...}``. The style is read from the URL's host when the owner does not choose it;
an unknown host is given Slack's shape, the one most chat apps copied.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import requests

from notifications.channel_texts import ChannelText
from notifications.endpoint_urls import endpoint_check
from notifications.models import ChatWebhook, WebhookStyle

TIMEOUT_SECONDS = 10.0
DISCORD_HOSTS = ("discord.com", "discordapp.com", "ptb.discord.com", "canary.discord.com")


def style_for(url: str) -> str:
    """Discord for a Discord webhook's URL, else Slack's shape."""
    host = (urlsplit(url).hostname or "").lower()
    if host in DISCORD_HOSTS or host.endswith(".discord.com"):
        return WebhookStyle.DISCORD
    return WebhookStyle.SLACK


def body(style: str, text: ChannelText) -> dict[str, str]:
    """The JSON body for ``style``: the line, then its link (chat apps make it clickable)."""
    message = f"{text.line}\n{text.url}" if "\n" not in text.line else f"{text.title}\n{text.line}"
    if style == WebhookStyle.DISCORD:
        return {"content": message[:2000]}  # Discord's limit for one message
    return {"text": message}


@dataclass(frozen=True)
class PostRefusedError(Exception):
    """The chat app did not take the post (``status``; 0: it could not be reached)."""

    status: int
    detail: str

    def __str__(self) -> str:
        return f"webhook answered {self.status}: {self.detail}" if self.status else self.detail

    @property
    def permanent(self) -> bool:
        return 400 <= self.status < 500 and self.status not in (408, 425, 429)


def post(webhook: ChatWebhook, text: ChannelText) -> None:
    """Post ``text`` to the webhook; PostRefusedError when it does not answer 2xx."""
    endpoint_check(webhook.url)
    try:
        response = requests.post(
            webhook.url,
            json=body(webhook.style, text),
            timeout=TIMEOUT_SECONDS,
            allow_redirects=False,
        )
    except requests.RequestException as exc:
        raise PostRefusedError(0, f"{type(exc).__name__}: {exc}"[:500]) from exc
    if not 200 <= response.status_code < 300:
        raise PostRefusedError(response.status_code, response.text[:500])

"""``manage.py vapid_keys``: make a VAPID key pair for Web Push.

Prints the two settings to add to the environment (docs/env.example). Keep the private key
secret, and keep the pair: browsers subscribed with a public key stop receiving messages when
it changes (they must subscribe again).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from notifications.push import key_pair_new


class Command(BaseCommand):
    help = "Print a new VAPID key pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY) for Web Push."

    def handle(self, *args: Any, **options: Any) -> None:
        public, private = key_pair_new()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n")

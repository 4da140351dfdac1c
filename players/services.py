"""What players change here: the visibility of their public profile."""

from __future__ import annotations

from django.contrib.auth.models import User

from players.models import ProfileSettings


def profile_visibility_set(*, user: User, hidden_from_visitors: bool) -> None:
    """Show the player's profile (and name on the leaderboards) to everyone, or only to
    people who are logged in."""
    ProfileSettings.objects.update_or_create(
        user=user, defaults={"hidden_from_visitors": hidden_from_visitors}
    )

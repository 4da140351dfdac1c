"""Ratings (derived data: rebuilt from the finished games at will) and the profile setting.

``Rating`` is a player's current rating in one edition; ``RatedGame`` marks a finished game as
counted (when it finished, as it was counted: a rolled-back game that finishes again is
counted anew); ``RatingChange`` is what one counted game did to one player's rating: the
history behind the profile's chart and the finished game's page.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.models import Game


class Rating(models.Model):
    """A player's rating in one edition (openskill Plackett-Luce; shown as its ordinal)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    edition = models.CharField(max_length=8)
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text=_("mu - 3 sigma: the number shown."))
    games = models.PositiveIntegerField(default=0, help_text=_("Rated games counted."))
    wins = models.PositiveIntegerField(default=0, help_text=_("Rated games placed first."))
    last_game_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["edition", "-ordinal", "user_id"]
        constraints = [
            models.UniqueConstraint(fields=["user", "edition"], name="rating_unique_user_edition"),
        ]
        indexes = [
            models.Index(fields=["edition", "games", "-ordinal"], name="rating_leaderboard"),
            # The leaderboard's order: its page is the first listed ratings of the edition
            # in it, not a sort of all of them (70 ms at 56,000 ratings).
            models.Index(fields=["edition", "-ordinal", "user_id"], name="rating_board_order"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.edition}: {self.ordinal:.1f}"


class RatedGame(models.Model):
    """A finished game the ratings count, in the order they count (finish time, then id)."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    edition = models.CharField(max_length=8)
    finished_at = models.DateTimeField(help_text=_("The game's finish time when counted."))

    class Meta:
        ordering = ["edition", "finished_at", "game_id"]
        indexes = [models.Index(fields=["edition", "finished_at"], name="ratedgame_order")]

    def __str__(self) -> str:
        return f"rated game {self.game_id} ({self.edition})"


class RatingChange(models.Model):
    """What one counted game did to one player's rating."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    edition = models.CharField(max_length=8)
    finished_at = models.DateTimeField()
    place = models.PositiveSmallIntegerField(help_text=_("1 = first; tied players share."))
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_before = models.FloatField()
    ordinal_after = models.FloatField()

    class Meta:
        ordering = ["edition", "finished_at", "game_id", "place"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="ratingchange_unique_player"),
        ]
        indexes = [
            models.Index(fields=["user", "edition", "finished_at"], name="ratingchange_history"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id}, user {self.user_id}: {self.delta:+.1f}"

    @property
    def delta(self) -> float:
        return self.ordinal_after - self.ordinal_before


class EditionCursor(models.Model):
    """One row per edition, locked while that edition's ratings change: the updates after
    each game and a rebuild take turns, so none works from a rating another is changing."""

    edition = models.CharField(max_length=8, primary_key=True)

    def __str__(self) -> str:
        return f"ratings of {self.edition}"


class ProfileSettings(models.Model):
    """A player's choices about their public page."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile_settings"
    )
    hidden_from_visitors = models.BooleanField(
        default=False,
        help_text=_("Only people who are logged in see this player's profile."),
    )

    class Meta:
        verbose_name = _("profile settings")
        verbose_name_plural = _("profile settings")

    def __str__(self) -> str:
        return f"profile settings of {self.user_id}"

"""How a user wants the site drawn: the seat colours' palette and the text size.

Kept apart from the notification preferences (``notifications.models``): these change only
what the pages look like, never what anyone is sent. No row: the defaults, which are also
what visitors who are not logged in get."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Palette(models.TextChoices):
    """The seat colours' palettes; each is a block of CSS custom properties in site.css
    (``html[data-palette=...]``), so a value here needs its block there."""

    STANDARD = "standard", _("Standard")
    OKABE_ITO = "okabe-ito", _("Colour-blind safe (Okabe-Ito)")
    HIGH_CONTRAST = "contrast", _("High contrast")


class TextSize(models.TextChoices):
    """The page's root font size (site.css ``html[data-text-size=...]``); the board is zoomed
    so that its smallest text grows in the same ratio (play.js, play.css)."""

    NORMAL = "normal", _("Normal")
    LARGE = "large", _("Larger (125%)")
    LARGEST = "largest", _("Largest (150%)")


class DisplayPreference(models.Model):
    """One user's palette and text size (no row: the defaults)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="display_preference",
    )
    palette = models.CharField(max_length=16, choices=Palette.choices, default=Palette.STANDARD)
    text_size = models.CharField(max_length=16, choices=TextSize.choices, default=TextSize.NORMAL)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("display preference")
        verbose_name_plural = _("display preferences")

    def __str__(self) -> str:
        return f"user {self.user_id}: {self.palette}, {self.text_size}"

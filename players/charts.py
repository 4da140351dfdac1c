"""Charts drawn on the server as SVG: a rating's history and a game's score breakdown.

Plain SVG markup with presentation attributes (no script, no stylesheet of its own), so it
works without JavaScript and under the site's Content-Security-Policy, scales with its
``viewBox``, and says what it shows to screen readers (``role="img"``, a title, and a
``<title>`` on each marked point or bar). Every text that goes in is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

# One colour per final scoring category, in the engine's order (engine.rules.scoring).
CATEGORY_COLOURS = (
    "#c9a227",  # money
    "#8c564b",  # buildings
    "#1f77b4",  # cities
    "#7f7f7f",  # stations
    "#d62728",  # hazards
    "#2ca02c",  # cattle
    "#9467bd",  # objectives
    "#17becf",  # station masters
    "#e377c2",  # workers
    "#bcbd22",  # step disc
    "#ff7f0e",  # job market token
)


# The rating chart marks the last games this many (a point with its tooltip); the games
# before them are the line alone. A marker per game of a player with hundreds of rated
# games drew points closer than a pixel, whose tooltips nobody could reach, and made the
# page's SVG grow by 150 bytes a game.
RATING_MARKERS = 50


def _fmt(number: float) -> str:
    return f"{number:.1f}".rstrip("0").rstrip(".") if number % 1 else f"{number:.0f}"


def rating_history(values: Sequence[float], labels: Sequence[str], *, title: str) -> SafeString:
    """A line of the rating after each counted game (``values``), first game on the left (0
    drawn for reference: the ordinal a new player starts from). The last ``len(labels)``
    games get a marker, whose tooltip is their label (the game and its date)."""
    # Small enough that its text stays readable when a phone scales it down.
    width, height, left, right, top, bottom = 480, 220, 56, 12, 14, 32
    low, high = min([0.0, *values]), max([0.0, *values])
    if high - low < 1:
        high, low = high + 0.5, low - 0.5
    plot_w, plot_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (plot_w * i / (len(values) - 1) if len(values) > 1 else plot_w / 2)

    def y(v: float) -> float:
        return top + plot_h * (high - v) / (high - low)

    parts = [
        f'<svg class="chart rating-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="rating-chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="rating-chart-title">{escape(title)}</title>',
        f'<rect x="{left}" y="{top}" width="{plot_w}" height="{plot_h}" fill="#fafafa" '
        'stroke="#ccc"/>',
    ]
    for value in sorted({low, 0.0, high}):
        parts.append(
            f'<line x1="{left}" x2="{left + plot_w}" y1="{y(value):.1f}" y2="{y(value):.1f}" '
            f'stroke="#ddd"/><text x="{left - 6}" y="{y(value) + 4:.1f}" text-anchor="end" '
            f'font-size="15" fill="#555">{_fmt(value)}</text>'
        )
    if values:
        line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
        parts.append(f'<polyline points="{line}" fill="none" stroke="#1f5fa8" stroke-width="2"/>')
        first = len(values) - len(labels)
        for i, label in enumerate(labels, start=first):
            parts.append(
                f'<circle cx="{x(i):.1f}" cy="{y(values[i]):.1f}" r="3.5" fill="#1f5fa8">'
                f"<title>{escape(label)}: {_fmt(values[i])}</title></circle>"
            )
    games = _("%(count)d rated games") % {"count": len(values)}
    parts.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - 8}" text-anchor="middle" '
        f'font-size="15" fill="#555">{escape(games)}</text></svg>'
    )
    # Safe: every text that went in above was escaped.
    return mark_safe("".join(parts))


@dataclass(frozen=True)
class Bar:
    name: str  # the player
    points: Sequence[int]  # per category, in the order of the categories given


def score_breakdown(
    bars: Sequence[Bar], categories: Sequence[str], *, title: str, chart_id: str = "scores"
) -> SafeString:
    """One horizontal bar per player, split into the final scoring categories, with a
    legend; negative points (unmet objectives) are left out of the bar and said in its
    tooltip's total."""
    width, label_w, row_h, top = 480, 130, 32, 8
    best = max([1, *(sum(max(0, v) for v in bar.points) for bar in bars)])
    plot_w = width - label_w - 50
    legend_rows = (len(categories) + 1) // 2
    height = top + row_h * len(bars) + 12 + 22 * legend_rows
    parts = [
        f'<svg class="chart score-chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-labelledby="{chart_id}-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
    ]
    for row, bar in enumerate(bars):
        y = top + row * row_h
        parts.append(
            f'<text x="{label_w - 8}" y="{y + 21}" text-anchor="end" font-size="15" '
            f'fill="#222">{escape(bar.name)}</text>'
        )
        x = float(label_w)
        for index, value in enumerate(bar.points):
            if value <= 0:
                continue
            w = plot_w * value / best
            colour = CATEGORY_COLOURS[index % len(CATEGORY_COLOURS)]
            parts.append(
                f'<rect x="{x:.1f}" y="{y + 4}" width="{w:.1f}" height="{row_h - 8}" '
                f'fill="{colour}"><title>{escape(bar.name)}: {escape(categories[index])} '
                f"{value}</title></rect>"
            )
            x += w
        parts.append(
            f'<text x="{x + 6:.1f}" y="{y + 21}" font-size="15" fill="#222">'
            f"{sum(bar.points)}</text>"
        )
    legend_top = top + row_h * len(bars) + 12
    for index, label in enumerate(categories):
        lx = 10 + (index % 2) * 235
        ly = legend_top + (index // 2) * 22
        colour = CATEGORY_COLOURS[index % len(CATEGORY_COLOURS)]
        parts.append(
            f'<rect x="{lx}" y="{ly}" width="14" height="14" fill="{colour}"/>'
            f'<text x="{lx + 20}" y="{ly + 13}" font-size="15" fill="#333">{escape(label)}</text>'
        )
    parts.append("</svg>")
    # Safe: every text that went in above was escaped.
    return mark_safe("".join(parts))

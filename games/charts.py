"""Line charts drawn on the server as SVG: no chart library, no script in the browser.

A chart is a `<svg role="img">` with a <title> and <desc>, labelled axes, one line
per player (or team) and a legend. Lines differ by dash pattern AND marker
shape, not only by colour; the colours come from the page's CSS (`.chart-s0` ..
`.chart-s6` set `color`, the shapes draw in `currentColor`), so the chart follows
the light or dark scheme, and stays readable in black without the stylesheet.
The numbers go beside it as a table (`Chart.rows`), for screen readers and for
anyone who wants them exactly.

The drawing is 360 units wide (a phone's width) and scales with `width="100%"`.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import get_text_list
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules import kozel, oh_hell

WIDTH = 360
LEFT = 44  # room for the y tick labels and the rotated y label
RIGHT = 14
TOP = 14
PLOT_HEIGHT = 200
FONT = 12
LEGEND_ROW = 22

#: Dash patterns (SVG stroke-dasharray; "" is solid), one per seat, up to seven players.
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "12 3 2 3 2 3", "1 6")
#: Marker shapes, in the same order.
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross", "plus")


@dataclass(frozen=True)
class Series:
    name: str
    values: tuple[int, ...]


@dataclass(frozen=True)
class Chart:
    """A drawn chart and its numbers: `rows` are (x label, one value per series)."""

    title: str
    svg: SafeString
    x_label: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]


def nice_step(span: float, count: int) -> int:
    """A round step (1, 2, 5, 10, 20, 50 ...) giving about `count` intervals over span."""
    raw = max(span / count, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * magnitude >= raw:
            return int(factor * magnitude)
    raise AssertionError(raw)  # pragma: no cover


def ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round tick values that cover low .. high and include 0 when it is in range."""
    step = nice_step(high - low, count)
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    if end == start:
        end = start + step
    return list(range(start, end + 1, step))


def shorten(name: str, length: int) -> str:
    return name if len(name) <= length else name[: length - 1] + "…"


def marker(shape: str, x: float, y: float, size: float = 4) -> str:
    """One point's marker, drawn in currentColor."""
    s = size
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}"/>'
    if shape == "square":
        return f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}"/>'
    if shape == "triangle":
        return (
            f'<path d="M{x:.1f} {y - s * 1.2:.1f}L{x + s * 1.1:.1f} {y + s * 0.8:.1f}'
            f'L{x - s * 1.1:.1f} {y + s * 0.8:.1f}Z"/>'
        )
    if shape == "triangle-down":
        return (
            f'<path d="M{x:.1f} {y + s * 1.2:.1f}L{x + s * 1.1:.1f} {y - s * 0.8:.1f}'
            f'L{x - s * 1.1:.1f} {y - s * 0.8:.1f}Z"/>'
        )
    if shape == "diamond":
        d = s * 1.3
        return (
            f'<path d="M{x:.1f} {y - d:.1f}L{x + d:.1f} {y:.1f}L{x:.1f} {y + d:.1f}'
            f'L{x - d:.1f} {y:.1f}Z"/>'
        )
    if shape == "cross":
        return (
            f'<path d="M{x - s:.1f} {y - s:.1f}L{x + s:.1f} {y + s:.1f}'
            f'M{x - s:.1f} {y + s:.1f}L{x + s:.1f} {y - s:.1f}" fill="none" stroke-width="2.5"/>'
        )
    if shape == "plus":
        d = s * 1.2
        return (
            f'<path d="M{x - d:.1f} {y:.1f}L{x + d:.1f} {y:.1f}'
            f'M{x:.1f} {y - d:.1f}L{x:.1f} {y + d:.1f}" fill="none" stroke-width="2.5"/>'
        )
    raise ValueError(shape)


def line_chart(
    *,
    chart_id: str,
    title: str,
    desc: str,
    x_label: str,
    y_label: str,
    x_ticks: Sequence[str],
    series: Sequence[Series],
    limit: tuple[int, str] | None = None,
) -> SafeString:
    """Lines over points 0 .. n (x_ticks names each point), one per series (at most 7).

    ``limit``: a horizontal line at a value, with its label (Kozel's goat line).
    """
    points = len(x_ticks)
    values = [v for s in series for v in s.values]
    low = min([0, *values])
    high = max([1, *values, *([limit[0]] if limit else [])])
    y_ticks = ticks(low, high)
    y_low, y_high = y_ticks[0], y_ticks[-1]
    plot_width = WIDTH - LEFT - RIGHT
    bottom = TOP + PLOT_HEIGHT

    def x_of(index: int) -> float:
        return LEFT + (plot_width * index / (points - 1) if points > 1 else plot_width / 2)

    def y_of(value: float) -> float:
        return bottom - PLOT_HEIGHT * (value - y_low) / (y_high - y_low)

    wide = any(len(s.name) > 18 for s in series)
    columns = 1 if wide else 2
    legend_top = bottom + 52
    legend_rows = math.ceil(len(series) / columns)
    height = legend_top + legend_rows * LEGEND_ROW + 4

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg" viewBox="0 0 {WIDTH} {height}"'
        f' width="100%" role="img" aria-labelledby="{chart_id}-title {chart_id}-desc"'
        f' font-size="{FONT}" fill="currentColor">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(desc)}</desc>',
    ]
    # Grid and y axis labels.
    parts.append('<g class="chart-grid" stroke="currentColor" stroke-opacity="0.25">')
    for value in y_ticks:
        y = y_of(value)
        parts.append(f'<line x1="{LEFT}" x2="{LEFT + plot_width}" y1="{y:.1f}" y2="{y:.1f}"/>')
    parts.append("</g>")
    parts.append('<g class="chart-axis" text-anchor="end">')
    for value in y_ticks:
        parts.append(f'<text x="{LEFT - 5}" y="{y_of(value) + 4:.1f}">{value}</text>')
    parts.append("</g>")
    # The zero line and the axes, solid.
    parts.append(
        f'<g stroke="currentColor" stroke-width="1.25">'
        f'<line x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{bottom}"/>'
        f'<line x1="{LEFT}" x2="{LEFT + plot_width}" y1="{y_of(0):.1f}" y2="{y_of(0):.1f}"/>'
        f"</g>"
    )
    # x ticks: about ten labels at most.
    step = max(1, math.ceil((points - 1) / 10))
    shown = list(range(0, points, step))
    if shown[-1] != points - 1:
        if x_of(points - 1) - x_of(shown[-1]) < 24:  # the last label would touch it
            shown.pop()
        shown.append(points - 1)
    parts.append('<g class="chart-axis" text-anchor="middle">')
    for index in shown:
        label = escape(x_ticks[index])
        parts.append(f'<text x="{x_of(index):.1f}" y="{bottom + 16}">{label}</text>')
    parts.append("</g>")
    parts.append(
        f'<text class="chart-label" x="{LEFT + plot_width / 2:.1f}" y="{bottom + 36}"'
        f' text-anchor="middle" font-weight="600">{escape(x_label)}</text>'
    )
    parts.append(
        f'<text class="chart-label" transform="rotate(-90)" x="{-(TOP + PLOT_HEIGHT / 2):.1f}"'
        f' y="13" text-anchor="middle" font-weight="600">{escape(y_label)}</text>'
    )
    if limit is not None:
        value, label = limit
        y = y_of(value)
        parts.append(
            f'<g class="chart-limit"><line x1="{LEFT}" x2="{LEFT + plot_width}" y1="{y:.1f}"'
            f' y2="{y:.1f}" stroke="currentColor" stroke-width="1.5" stroke-dasharray="3 3"/>'
            f'<text x="{LEFT + 4}" y="{y - 5:.1f}" font-weight="600">{escape(label)}</text></g>'
        )
    # One line per series, then its markers.
    for number, line in enumerate(series):
        dash = DASHES[number % len(DASHES)]
        shape = MARKERS[number % len(MARKERS)]
        coords = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(line.values))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<g class="chart-series chart-s{number}" stroke="currentColor" fill="currentColor">'
            f'<polyline points="{coords}" fill="none" stroke-width="2.25"'
            f' stroke-linejoin="round"{dash_attr}/>'
        )
        parts.extend(marker(shape, x_of(i), y_of(v)) for i, v in enumerate(line.values))
        parts.append("</g>")
    # The legend: a sample of each line with its marker, and the name.
    column_width = (WIDTH - 8) / columns
    for number, line in enumerate(series):
        row, column = divmod(number, columns)
        x = 8 + column * column_width
        y = legend_top + row * LEGEND_ROW
        dash = DASHES[number % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        name = shorten(line.name, 44 if wide else 20)
        parts.append(
            f'<g class="chart-legend chart-s{number}" stroke="currentColor" fill="currentColor">'
            f'<line x1="{x:.1f}" x2="{x + 34:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke-width="2.25"'
            f"{dash_attr}/>"
            f"{marker(MARKERS[number % len(MARKERS)], x + 17, y)}"
            f'<text x="{x + 42:.1f}" y="{y + 4:.1f}" stroke="none" class="chart-name">'
            f"{escape(name)}</text></g>"
        )
    parts.append("</svg>")
    # Every text above went through escape().
    return mark_safe("".join(parts))


# -- the two games -------------------------------------------------------------------------


def oh_hell_chart(result: oh_hell.GameResult, names: Sequence[str], chart_id: str) -> Chart | None:
    """Running totals per player over the deals as played; None before the first deal."""
    if not result.deals:
        return None
    labels = [str(deal.plan.number) for deal in result.deals]
    series = [
        Series(name, (0, *(deal.totals[seat] for deal in result.deals)))
        for seat, name in enumerate(names)
    ]
    last = result.deals[-1]
    finals = ", ".join(f"{name} {last.totals[seat]}" for seat, name in enumerate(names))
    title = _("Running totals")
    desc = ngettext(
        "Each player's total after every deal, %(deals)s deal so far. Now: %(finals)s.",
        "Each player's total after every deal, %(deals)s deals so far. Now: %(finals)s.",
        len(result.deals),
    ) % {"deals": len(result.deals), "finals": finals}
    svg = line_chart(
        chart_id=chart_id,
        title=title,
        desc=desc,
        x_label=_("Deal"),
        y_label=_("Points"),
        x_ticks=["0", *labels],
        series=series,
    )
    rows = tuple(
        (
            f"{label} ({_('revoke')})" if deal.revoked else label,
            tuple(deal.totals),
        )
        for label, deal in zip(labels, result.deals, strict=True)
    )
    return Chart(title=title, svg=svg, x_label=_("Deal"), columns=tuple(names), rows=rows)


def kozel_chart(
    result: kozel.MatchResult, team_names: Sequence[str], chart_id: str
) -> Chart | None:
    """Each team's defeat points over the deals, with the goat's limit."""
    if not result.outcomes:
        return None
    limit = result.rules.match_limit
    labels = [str(outcome.number) for outcome in result.outcomes]
    series = [
        Series(name, (0, *(o.running_defeat_points[team] for o in result.outcomes)))
        for team, name in enumerate(team_names)
    ]
    title = _("Defeat points toward the goat")
    desc = _(
        "Each team's defeat points after every deal; at %(limit)s a team is the goat. "
        "Now: %(finals)s."
    ) % {
        "limit": limit,
        "finals": get_text_list(
            [f"{name} {result.defeat_points[team]}" for team, name in enumerate(team_names)],
            _("and"),
        ),
    }
    svg = line_chart(
        chart_id=chart_id,
        title=title,
        desc=desc,
        x_label=_("Deal"),
        y_label=_("Defeat points"),
        x_ticks=["0", *labels],
        series=series,
        limit=(limit, _("goat at %(limit)s") % {"limit": limit}),
    )
    rows = tuple(
        (
            f"{label} ({_('eggs')})" if outcome.eggs else label,
            tuple(outcome.running_defeat_points),
        )
        for label, outcome in zip(labels, result.outcomes, strict=True)
    )
    return Chart(title=title, svg=svg, x_label=_("Deal"), columns=tuple(team_names), rows=rows)

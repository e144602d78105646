"""Line charts drawn on the server as SVG, no library or script (docs/statistics.md).

Lines differ by dash AND marker, not only colour: `.chart-s0` .. `.chart-s6` set `color`
and shapes draw in `currentColor`, so the chart follows the scheme and stays readable in
black without the stylesheet. 360 units wide (a phone), scaled by `width="100%"`."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.rules import rounds
from games.units import Unit

WIDTH = 360
LEFT = 44  # room for the y tick labels and the rotated y label
RIGHT = 14
TOP = 14
PLOT_HEIGHT = 200
FONT = 12
LEGEND_ROW = 22

#: SVG stroke-dasharray ("" is solid), then marker shapes: one per seat, up to eight.
DASHES = ("", "8 4", "2 3", "10 3 2 3", "4 4", "12 3 2 3 2 3", "1 6", "6 2 6 6")
MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "cross", "plus", "ring")


@dataclass(frozen=True)
class Chart:
    """`rows` (x label, one value per series) are the numbers, for a table beside it."""

    title: str
    svg: SafeString
    x_label: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[int, ...]], ...]


def ticks(low: int, high: int, count: int = 5) -> list[int]:
    """About `count` round steps (1, 2, 5, 10 ...) over low..high; 0 is one when in range."""
    raw = max((high - low) / count, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(int(f * magnitude) for f in (1, 2, 5, 10) if f * magnitude >= raw)
    start = math.floor(low / step) * step
    end = math.ceil(high / step) * step
    if end == start:
        end = start + step
    return list(range(start, end + 1, step))


def shorten(name: str, length: int) -> str:
    return name if len(name) <= length else name[: length - 1] + "…"


def marker(shape: str, x: float, y: float, s: float = 4) -> str:
    """One point's marker (s: its half size), drawn in currentColor."""
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}"/>'
    if shape == "square":
        return f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}"/>'
    if shape in ("triangle", "triangle-down"):
        h = s if shape == "triangle" else -s  # pointing up, or down
        return (
            f'<path d="M{x:.1f} {y - h * 1.2:.1f}L{x + s * 1.1:.1f} {y + h * 0.8:.1f}'
            f'L{x - s * 1.1:.1f} {y + h * 0.8:.1f}Z"/>'
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
    if shape == "ring":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s:.1f}" fill="none" stroke-width="2"/>'
    if shape == "plus":
        d = s * 1.2
        return (
            f'<path d="M{x - d:.1f} {y:.1f}L{x + d:.1f} {y:.1f}'
            f'M{x:.1f} {y - d:.1f}L{x:.1f} {y + d:.1f}" fill="none" stroke-width="2.5"/>'
        )
    raise ValueError(shape)


def deal_chart(
    *,
    chart_id: str,
    title: str,
    desc: str,
    y_label: str,
    names: Sequence[str],
    deals: Sequence[tuple[int, Sequence[int], str]],
    limit: tuple[int, str] | None = None,
    x_label: str = "",
) -> Chart:
    """A line per name (at most 7) from 0; each deal is its number, the running values and
    a note ("revoke") or "". ``limit``: a labelled line."""
    x_label = x_label or _("Deal")
    x_ticks = ["0", *(str(number) for number, _values, _note in deals)]
    series = [(0, *(values[i] for _number, values, _note in deals)) for i in range(len(names))]
    points = len(x_ticks)
    values = [v for line in series for v in line]
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

    wide = any(len(name) > 18 for name in names)
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
    parts.append('<g class="chart-grid" stroke="currentColor" stroke-opacity="0.25">')
    parts.extend(
        f'<line x1="{LEFT}" x2="{LEFT + plot_width}" y1="{y_of(v):.1f}" y2="{y_of(v):.1f}"/>'
        for v in y_ticks
    )
    parts.append('</g><g class="chart-axis" text-anchor="end">')
    parts.extend(f'<text x="{LEFT - 5}" y="{y_of(v) + 4:.1f}">{v}</text>' for v in y_ticks)
    parts.append("</g>")
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
    parts.extend(
        f'<text x="{x_of(i):.1f}" y="{bottom + 16}">{escape(x_ticks[i])}</text>' for i in shown
    )
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
    legend = []
    column_width = (WIDTH - 8) / columns
    for number, (name, line) in enumerate(zip(names, series, strict=True)):
        dash = DASHES[number % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        shape = MARKERS[number % len(MARKERS)]
        coords = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate(line))
        parts.append(
            f'<g class="chart-series chart-s{number}" stroke="currentColor" fill="currentColor">'
            f'<polyline points="{coords}" fill="none" stroke-width="2.25"'
            f' stroke-linejoin="round"{dash_attr}/>'
        )
        parts.extend(marker(shape, x_of(i), y_of(v)) for i, v in enumerate(line))
        parts.append("</g>")
        row, column = divmod(number, columns)
        x = 8 + column * column_width
        y = legend_top + row * LEGEND_ROW
        legend.append(
            f'<g class="chart-legend chart-s{number}" stroke="currentColor" fill="currentColor">'
            f'<line x1="{x:.1f}" x2="{x + 34:.1f}" y1="{y:.1f}" y2="{y:.1f}" stroke-width="2.25"'
            f"{dash_attr}/>{marker(shape, x + 17, y)}"
            f'<text x="{x + 42:.1f}" y="{y + 4:.1f}" stroke="none" class="chart-name">'
            f"{escape(shorten(name, 44 if wide else 20))}</text></g>"
        )
    parts.extend((*legend, "</svg>"))
    svg = mark_safe("".join(parts))  # every text above went through escape()
    rows = tuple(
        (f"{number} ({note})" if note else str(number), tuple(values))
        for number, values, note in deals
    )
    return Chart(title=title, svg=svg, x_label=x_label, columns=tuple(names), rows=rows)


# -- games scored round by round (each other design draws its own with `deal_chart`) ---------


def rounds_chart(
    result: rounds.Result, names: Sequence[str], chart_id: str, unit: Unit
) -> Chart | None:
    """A game scored round by round: each side's running total. None before the first round.
    ``unit``: what the game calls a round (its Kind's, games/units.py)."""
    if not result.rounds:
        return None
    finals = ", ".join(f"{name} {total}" for name, total in zip(names, result.totals, strict=True))
    played = len(result.rounds)
    desc = unit.chart % {"rounds": played, "deals": played, "finals": finals}
    return deal_chart(
        chart_id=chart_id,
        title=_("Running totals"),
        desc=desc,
        y_label=_("Points"),
        names=names,
        deals=[(scored.plan.number, scored.totals, "") for scored in result.rounds],
        x_label=_(unit.head),
    )

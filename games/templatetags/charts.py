"""``{% running_totals_chart table %}``: the chart under a score sheet (no query)."""

from __future__ import annotations

from django import template

from games.tables import Table

register = template.Library()


@register.inclusion_tag("games/_chart.html")
def running_totals_chart(table: Table) -> dict:
    return {"chart": table.chart("chart")}

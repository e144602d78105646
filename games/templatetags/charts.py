"""``{% running_totals_chart table %}``: the chart under a score sheet (no query)."""

from __future__ import annotations

from django import template

from games import charts, services

register = template.Library()


@register.inclusion_tag("games/_chart.html")
def running_totals_chart(table: services.OhHellTable | services.KozelTable) -> dict:
    if isinstance(table, services.RoundsTable):
        return {"chart": charts.rounds_chart(table.result, table.side_names(), "chart")}
    if isinstance(table, services.KozelTable):
        names = [table.team_names(0), table.team_names(1)]
        return {"chart": charts.kozel_chart(table.result, names, "chart")}
    return {"chart": charts.oh_hell_chart(table.result, table.names, "chart")}

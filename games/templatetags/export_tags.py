"""``{% session_summary table %}``: the line to copy into a chat (no query)."""

from __future__ import annotations

from django import template

from games import exports
from games.tables import Table

register = template.Library()


@register.simple_tag
def session_summary(table: Table) -> str:
    return exports.summary(table)

"""How the statistics pages write their numbers; a missing figure is a dash."""

from __future__ import annotations

from django import template
from django.template.defaultfilters import floatformat

register = template.Library()

NONE = "–"


@register.filter
def percent(value: float | None) -> str:
    return NONE if value is None else f"{floatformat(value * 100, 0)}%"


@register.filter
def decimal(value: float | None) -> str:
    return NONE if value is None else floatformat(value, 1)


@register.filter
def signed(value: float | None) -> str:
    """One decimal with its sign: 0.5 -> "+0.5", -2 -> "-2.0", 0 -> "0.0"."""
    if value is None:
        return NONE
    return f"+{floatformat(value, 1)}" if value > 0 else floatformat(value, 1)

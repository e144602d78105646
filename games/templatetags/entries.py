"""``{{ prefill.bids|at:seat }}``: a round's entry (games.rules.rounds) read by seat or key
in its form; anything missing is empty, so a form fills in what there is."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def at(value: object, key: object) -> object:
    if isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
        return value[key]
    if isinstance(value, dict):
        return value.get(key if isinstance(key, str) else str(key), "")
    return ""

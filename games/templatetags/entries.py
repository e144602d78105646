"""``{{ prefill.bids|at:seat }}``: a round's entry (games.rules.rounds) read by seat or key
in its form; anything missing is empty, so a form fills in what there is."""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

register = template.Library()

SUITS = {
    "S": ("♠", gettext_noop("spades")),
    "H": ("♥", gettext_noop("hearts")),
    "D": ("♦", gettext_noop("diamonds")),
    "C": ("♣", gettext_noop("clubs")),
}


@register.filter
def suit_symbol(suit: str) -> str:
    return SUITS[suit][0] if suit in SUITS else suit


@register.filter
def suit_name(suit: str) -> str:
    return _(SUITS[suit][1]) if suit in SUITS else suit


@register.filter
def at(value: object, key: object) -> object:
    if isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
        return value[key]
    if isinstance(value, dict):
        return value.get(key if isinstance(key, str) else str(key), "")
    return ""


@register.filter
def points(value: object, sign: str = "") -> str:
    """A number as the round games write it: the minus sign (U+2212) for a loss, and with
    ``sign`` "+" a plus for a gain ("+25", "−10", "0")."""
    if not isinstance(value, int):
        return "–"
    if value < 0:
        return f"−{-value}"
    return f"+{value}" if sign == "+" and value > 0 else str(value)

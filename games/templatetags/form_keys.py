"""``{% form_key %}``: a hidden ``idem`` field with a fresh key; the same form sent twice (a
double tap, a retried POST) changes nothing the second time (games/services).
``{% entry_keep_days %}``: how long a phone keeps such a form's entry unsent, which the
keys outlive; ``{% backlog_size %}``: how many kept entries one request may send."""

import secrets

from django import template
from django.utils.html import format_html

from games import limits
from games.services.notebook import ENTRY_KEEP_DAYS

register = template.Library()


@register.simple_tag
def form_key() -> str:
    return format_html('<input type="hidden" name="idem" value="{}">', secrets.token_urlsafe(12))


@register.simple_tag
def entry_keep_days() -> int:
    """How many days a phone keeps an entry it could not send (docs/phone.md, "Offline")."""
    return ENTRY_KEEP_DAYS


@register.simple_tag
def backlog_size() -> int:
    """How many kept entries one backlog request takes (games.limits.MOST_BACKLOG)."""
    return limits.MOST_BACKLOG

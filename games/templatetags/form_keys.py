"""``{% form_key %}``: a fresh once-only key for one rendered form."""

import secrets

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def form_key() -> str:
    """A hidden ``idem`` field: the same form sent twice (a double tap, a retried POST)
    carries the same key, and the second one changes nothing (games/services)."""
    return format_html('<input type="hidden" name="idem" value="{}">', secrets.token_urlsafe(12))

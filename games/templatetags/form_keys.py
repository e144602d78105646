"""``{% form_key %}``: a hidden ``idem`` field with a fresh key; the same form sent twice (a
double tap, a retried POST) changes nothing the second time (games/services)."""

import secrets

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def form_key() -> str:
    return format_html('<input type="hidden" name="idem" value="{}">', secrets.token_urlsafe(12))

"""``{% form_key %}``: a fresh idempotency key for one rendered form."""

import secrets

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag(takes_context=True)
def form_key(context: template.Context) -> str:
    """A hidden ``idem`` field: the same form sent twice (a double tap, a retried POST)
    carries the same key, and the second one changes nothing.

    A page rendered for keeping (games.page_cache) gets a placeholder instead, which
    every answer replaces with a new key."""
    return key_field(context.get("form_key_placeholder"))


def key_field(placeholder: str | None) -> str:
    """The hidden field with a new key, or with the placeholder of a page kept."""
    key = placeholder or secrets.token_urlsafe(12)
    return format_html('<input type="hidden" name="idem" value="{}">', key)

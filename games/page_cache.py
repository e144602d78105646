"""A session's pages, rendered once per version and kept in this process.

Everything a session's page shows comes from the session at one version (every
action bumps it, and so does renaming a player who sits in it), the visitor's
language and role, and the URL. The only parts that differ from one answer to the
next are the CSRF token, masked anew for every answer, and each form's idempotency
key, which must be fresh for every page shown. So a page is rendered with
placeholders in those places, kept under a key made of all the rest, and every
answer fills the placeholders in again: a follower's phone, a reload or a second
look at the score sheet costs a lookup instead of a render.

The placeholders are random for each process, so a player's name can't be one,
and pages are kept in this process's memory (``CACHES["pages"]``), never shared.
A key never goes stale: a new version is a new key, and old ones age out.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.response import SimpleTemplateResponse
from django.utils.http import urlencode
from django.utils.translation import get_language

from games.models import Game

#: Stands in for the CSRF token while a page is rendered for keeping.
CSRF_PLACEHOLDER = "csrf" + secrets.token_hex(12)
#: Stands in for each form's idempotency key (``{% form_key %}``).
FORM_KEY_PLACEHOLDER = "idem" + secrets.token_hex(12)
TIMEOUT = 15 * 60


def page_key(request: HttpRequest, game: Game, name: str) -> str:
    """A session's page: which, the session at its version, the visitor's role. The
    query's ``v`` is left out (request_key): it is only the version a polling page
    shows, and every follower of a session sends another."""
    role = "owner" if game.is_owner else "edit" if game.can_edit else "view"
    return f"page:{name}:{game.public_id}:{game.version}:{role}"


def placeholders() -> dict:
    """Context entries that make a render keepable (they override the CSRF
    context processor: a view's context is pushed above the processors')."""
    return {"csrf_token": CSRF_PLACEHOLDER, "form_key_placeholder": FORM_KEY_PLACEHOLDER}


def fill(html: str, request: HttpRequest) -> str:
    """A kept page with this answer's CSRF token and new form keys."""
    if CSRF_PLACEHOLDER in html:
        html = html.replace(CSRF_PLACEHOLDER, get_token(request))
    parts = html.split(FORM_KEY_PLACEHOLDER)
    if len(parts) == 1:
        return html
    keys = [secrets.token_urlsafe(12) for _ in range(len(parts) - 1)]
    return "".join(part + key for part, key in zip(parts, keys, strict=False)) + parts[-1]


def cached_page(
    request: HttpRequest,
    game: Game,
    name: str,
    render: Callable[[dict], HttpResponse],
) -> HttpResponse:
    """The page ``name`` of ``game`` for this request, rendered by ``render`` only if
    it isn't kept yet. ``render`` gets the placeholder context entries to add and
    must answer 200 with the page (anything else is passed on, not kept)."""
    return cached_render(request, page_key(request, game, name), render)


def request_key(request: HttpRequest) -> str:
    """What else a page depends on: the language, full page or htmx swap, the URL."""
    return ":".join(
        (
            get_language() or "",
            "htmx" if request.htmx else "page",
            "restore" if request.htmx and request.htmx.history_restore_request else "",
            request.path,
            urlencode(sorted((k, v) for k, v in request.GET.items() if k != "v")),
        )
    )


def cached_render(
    request: HttpRequest, key: str, render: Callable[[dict], HttpResponse]
) -> HttpResponse:
    """``cached_page`` for any page whose whole state ``key`` names (it must change
    whenever the page could); ``request_key`` is added to it."""
    if request.method not in ("GET", "HEAD"):
        raise ValueError("only a GET page can be kept")
    pages = caches["pages"]
    key = f"{key}:{request_key(request)}"
    html = pages.get(key)
    if html is None:
        response = render(placeholders())
        if isinstance(response, SimpleTemplateResponse):
            response.render()
        if response.status_code != 200 or response.has_header("HX-Trigger"):
            response.content = fill(response.content.decode(), request)
            return response
        html = response.content.decode()
        pages.set(key, html, TIMEOUT)
    return HttpResponse(fill(html, request))

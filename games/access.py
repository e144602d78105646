"""Who may see what; ``get_game`` is the one check every session view makes. The notebook's
cookie may do anything with its sessions, a co-scorekeeper link enter and correct, a
player's own phone (a seat's link) look and enter its own bids in turn, a view-only link
only look (a write is 403); anyone else gets 404: the id is no secret, the cookie is."""

from __future__ import annotations

from functools import cache

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import F, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games import inputs
from games.models import Game, Notebook, new_key
from games.rules import RuleError
from games.services import Conflict

NOTEBOOK_COOKIE = "notebook"
LINKS_COOKIE = "links"
MAX_LINKS = 20
COOKIE_AGE = 5 * 365 * 24 * 3600
#: A first visit's promised notebook key (services.notebook_of_visitor), signed by the app.
PROMISE_COOKIE = "new_notebook"
PROMISE_SALT = "games.views.promise"


def notebook_key(request: HttpRequest) -> str:
    """The cookie's notebook key, or "" for one the app could not have made."""
    key = request.COOKIES.get(NOTEBOOK_COOKIE, "")
    return key if inputs.token_ok(key) else ""


def current_notebook(request: HttpRequest) -> Notebook | None:
    key = notebook_key(request)
    return Notebook.objects.filter(key=key).first() if key else None


def link_keys(request: HttpRequest) -> list[str]:
    raw = request.COOKIES.get(LINKS_COOKIE, "")
    return [key for key in raw.split(".") if inputs.token_ok(key)][:MAX_LINKS]


def get_game(request: HttpRequest, public_id: str, *, write: bool | str = False) -> Game:
    """The session, with ``role``, ``is_owner`` and ``can_edit`` set; 404 if this visitor
    may not see it, 403 for a ``write`` by a view-only link. Two plain lookups, not one
    with a subquery: every open page polls every 3 s, and these take half the time
    (docs/performance.md)."""
    games = Game.objects.select_related("notebook").order_by()  # a public id names one
    game, role = None, None
    if cookie := notebook_key(request):
        game, role = first(games.filter(public_id=public_id, notebook__key=cookie)), "owner"
    if game is None and (keys := link_keys(request)):
        # "edit" sorts before "view": a browser with both links may edit.
        links = {"share_links__key__in": keys, "share_links__revoked_at__isnull": True}
        game = first(
            games.filter(public_id=public_id, **links)
            .annotate(
                link_role=F("share_links__role"),
                link_key=F("share_links__key"),
                link_seat=F("share_links__seat"),
            )
            .order_by("link_role")
        )
        role = game and game.link_role
    if game is None:
        raise Http404
    # ``role`` and ``link_key`` go with the session to every write, which checks them
    # again under the session's lock (services.sessions.lock). ``seat``: the seat a player's
    # own phone enters for (its own bids, in turn: ``write="seat"``), else None.
    game.role, game.is_owner = role, role == "owner"
    game.can_edit = role in {"owner", "edit"}
    game.seat = game.link_seat if role == "seat" else None
    request.own_seat = game.seat  # what the table's screens draw for (games.screens)
    if write and not game.can_edit and not (write == "seat" and role == "seat"):
        if role == "seat":
            raise PermissionDenied(_("A player's own phone enters only its own bids."))
        raise PermissionDenied(_("This link can only view the session, not change it."))
    return game


def version_seen(request: HttpRequest, public_id: str) -> tuple[int, str, int | None] | None:
    """The session's version, this visitor's role and seat (a player's own phone's, else
    None), or None if it may not see it: ``get_game``'s check reading a few columns, not
    the session and its notebook. The live poll asks it every 3 s from every open page,
    and most answers are "unchanged"."""
    if (cookie := notebook_key(request)) and (mine := compiled("owner", public_id, cookie)):
        return mine[0], "owner", None
    if keys := link_keys(request):
        if len(keys) == 1:  # the one link this phone opened
            return compiled("link", public_id, keys[0])
        # The links it opened: the widest role first ("edit" before "seat", "view").
        games = Game.objects.filter(public_id=public_id, share_links__key__in=keys, **LINK_LIVE)
        seen = games.order_by("share_links__role")
        seen = seen.values_list("version", "share_links__role", "share_links__seat")
        return next(iter(seen[:1]), None)
    return None


#: One filter() for both: the same link is live and is this phone's (two filter() calls over
#: share_links would join it twice, any live link passing for a stopped one).
LINK_LIVE = {"share_links__revoked_at__isnull": True}
#: What a compiled lookup's values stand for while Django compiles it.
PUBLIC_ID, KEY = "\x00public_id", "\x00key"


@cache
def lookup_sql(which: str) -> tuple[str, tuple]:
    """The live poll's lookup of a session's version by the notebook's key (``owner``) or
    one link's key (``link``: with its role and seat), as Django's compiler writes it for
    this database, once a process; its values are marked (PUBLIC_ID, KEY). Compiling it
    took 0.2 to 0.27 ms a poll, running it 0.015 (docs/performance.md, "The load test")."""
    games = Game.objects.filter(public_id=PUBLIC_ID).order_by()
    if which == "owner":
        seen = games.filter(notebook__key=KEY).values_list("version")
    else:
        seen = games.filter(share_links__key=KEY, **LINK_LIVE)
        seen = seen.values_list("version", "share_links__role", "share_links__seat")
    return seen[:1].query.sql_with_params()


def compiled(which: str, public_id: str, key: str) -> tuple | None:
    """``lookup_sql(which)`` run for ``public_id`` and ``key``: its row, or None."""
    sql, marks = lookup_sql(which)
    values = {PUBLIC_ID: public_id, KEY: key}
    with connection.cursor() as cursor:
        cursor.execute(sql, [values[mark] for mark in marks])
        return cursor.fetchone()


def first(games: QuerySet[Game]) -> Game | None:
    """``games.first()`` without the ordering it adds: a third of such a lookup's time."""
    return next(iter(games[:1]), None)


def message(error: RuleError | Conflict) -> str:
    """The refusal in the visitor's language."""
    params = {
        key: message(value) if isinstance(value, RuleError) else value
        for key, value in error.params.items()
    }
    return _(error.template) % params if params else _(error.template)


def cookie_flags() -> dict:
    return {
        "max_age": COOKIE_AGE,
        "httponly": True,
        "samesite": "Lax",
        "secure": settings.SESSION_COOKIE_SECURE,
    }


def set_cookie(response: HttpResponse, name: str, value: str) -> None:
    response.set_cookie(name, value, **cookie_flags())


def remember(response: HttpResponse, notebook: Notebook) -> HttpResponse:
    """This browser has the notebook from now on (its promise, if any, is kept)."""
    response.delete_cookie(PROMISE_COOKIE, samesite="Lax")
    set_cookie(response, NOTEBOOK_COOKIE, notebook.key)
    return response


def promised_key(request: HttpRequest) -> str | None:
    key = request.get_signed_cookie(PROMISE_COOKIE, default=None, salt=PROMISE_SALT)
    return key if key and inputs.token_ok(key) else None


def promise_notebook(
    request: HttpRequest, response: HttpResponse, notebook: Notebook | None
) -> HttpResponse:
    """Promise a browser with no notebook its key, so two tabs, taps or retries make one."""
    if notebook is None and promised_key(request) is None:
        response.set_signed_cookie(PROMISE_COOKIE, new_key(), salt=PROMISE_SALT, **cookie_flags())
    return response


class StaleForm(Exception):
    """A creating form without its once-only key (an old page, a hand-made request)."""


def form_key_or_refuse(request: HttpRequest) -> str:
    """A creating form's once-only key (games/templatetags/form_keys.py), or StaleForm."""
    key = inputs.form_key(request.POST)
    if key is None:
        raise StaleForm
    return key


def stale_form(request: HttpRequest) -> HttpResponse:
    reason = _("This form is out of date: reload the page and try again.")
    return render(request, "400.html", {"reason": reason}, status=400)


def keep_copy(request: HttpRequest, response: HttpResponse, game: Game) -> HttpResponse:
    """A page of a session this phone keeps score of: the service worker keeps its last copy,
    so it opens without a network (static/js/sw.js). A follower's page is not kept, nor an
    htmx answer: a piece of a page, never a page to open (docs/phone.md)."""
    if game.can_edit and response.status_code == 200 and not request.htmx:
        response["X-Offline-Copy"] = "keep"
    return response

"""The deal screen drawn for any game: its table's screens give the context, its Kind the
template; a follower's swap is drawn once per version and language (the "tables" cache)."""

from __future__ import annotations

import copy
from collections.abc import Mapping

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import get_language
from django_htmx.http import trigger_client_event

from games import services
from games.kinds import kind_of
from games.models import Game
from games.screens.big import result_card
from games.screens.common import BIDS_POLL_SECONDS, POLL_SECONDS
from games.tables import Table

#: How long after a follower's last swap an entry still draws the followers' next one
#: (`draw_ahead`): longer than a deal's pause between entries.
WATCHED_SECONDS = 120


def swap_key(public_id: str, version: int, seat: int | None = None) -> str:
    """Where a follower's swap of this version, in the page's language, is kept; a player's
    own phone's (``seat``) apart, its player's name on it."""
    mine = "" if seat is None else f":seat{seat}"
    return f"table:{public_id}:{version}:{get_language()}{mine}"


def kept_swap(public_id: str, version: int, seat: int | None = None) -> HttpResponse | None:
    """A follower's swap of this version as drawn before, if the cache still has it."""
    html = caches["tables"].get(swap_key(public_id, version, seat))
    if html is None:
        return None
    if seat is None:
        watched(public_id)
    return HttpResponse(html)


def watch_key(public_id: str) -> str:
    """Kept WATCHED_SECONDS after a follower of the session was last sent a swap."""
    return f"watched:{public_id}"


def watched(public_id: str) -> None:
    """A follower of this session was just sent a swap (`draw_ahead`)."""
    caches["tables"].set(watch_key(public_id), True, WATCHED_SECONDS)


def draw_ahead(request: HttpRequest, game: Game, table: Table) -> None:
    """After an entry, while followers watch, their swap of the version it made, drawn from
    the table in hand: the first follower's poll reads it from the cache instead of loading
    the session again (bench/load: a follower's first swap of each version was a fifth of the
    server's time). What the follower's own poll would draw: the same request but a GET,
    from a view-only link."""
    if not caches["tables"].get(watch_key(game.public_id)):
        return
    follower = copy.copy(request)
    follower.method, follower.GET, follower.POST = "GET", QueryDict(), QueryDict()
    follower.own_seat = None
    viewer = copy.copy(game)
    viewer.role, viewer.is_owner, viewer.can_edit, viewer.seat = "view", False, False, None
    render_table(follower, viewer, partial=True, table=table)


def render_table(
    request: HttpRequest,
    game: Game,
    *,
    error: str | None = None,
    error_for: str = "",
    status: int = 200,
    partial: bool = False,
    posted: Mapping[str, str] | None = None,
    error_field: str = "",
    table: Table | None = None,
) -> HttpResponse:
    """A view-only link's table holds no form, token or form key, so the swap its followers
    poll for is drawn once per version and language and kept in the "tables" cache; so is a
    player's own phone's (per seat) while it holds no form (its turn to bid does).
    ``posted``: what the refused form sent, when it is not this request's form; ``table``:
    the session as loaded already (`draw_ahead`)."""
    kind = kind_of(game.kind)
    partial = partial or bool(request.htmx)
    kept = None
    if partial and game.role in {"view", "seat"} and status == 200:
        seat = game.seat if game.role == "seat" else None
        kept = swap_key(game.public_id, game.version, seat)
        if (swap := kept_swap(game.public_id, game.version, seat)) is not None:
            return swap
    table = table or services.table_after(game)
    refused = status >= 400
    posted = request.POST if posted is None else posted
    screens = table.screens()
    context = screens.table_context(request, table, posted if refused else None, error_for)
    if game.can_edit:
        # What the phone needs to go on if the connection drops (docs/phone.md, "Offline").
        context["offline"] = screens.offline_state(table, context)
    if table.result.finished:
        # The final standings for the result card, an image to share (static/js/card.js).
        context["card"] = result_card(table)
    # A refused form comes back with what was typed, so nothing has to be entered twice.
    context.update(
        game=game,
        poll_seconds=BIDS_POLL_SECONDS if context.get("seat_bids") else POLL_SECONDS,
        # A player's own phone (a seat's link): its player's name, said on every screen.
        own_name=table.names[game.seat] if getattr(game, "seat", None) is not None else "",
        error=error,
        error_for=error_for,
        error_field=error_field,
        posted=posted if refused else {},
    )
    template = f"{kind.template}#{kind.element}" if partial else kind.template
    response = render(request, template, context, status=status)
    if kept and b"<form" not in response.content:  # a form's token is this phone's own
        caches["tables"].set(kept, response.content.decode())
        if seat is None:
            watched(game.public_id)
    elif request.method == "POST" and game.can_edit and status == 200:
        draw_ahead(request, game, table)
    spoken = screens.spoken(context, error_for) if request.htmx and status == 200 else None
    if spoken:
        # A swapped table is new to a screen reader: the live region (base.html) says what.
        trigger_client_event(response, "announce", spoken)
    return response

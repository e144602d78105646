"""The deal screen: a session's table, its live poll, and every entry made on it (``act``
and a line of ACTIONS). The same URL gives the full page or, for htmx, the table alone."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from games import services
from games.access import (
    StaleForm,
    form_key_or_refuse,
    get_game,
    keep_copy,
    message,
    stale_form,
    version_seen,
)
from games.entries import ACTIONS, apply_entry
from games.kinds import KINDS
from games.rules import RuleError
from games.screens.drawing import kept_swap, render_table


@require_safe
def game(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game(request, public_id)
    return keep_copy(request, render_table(request, game), game)


@require_safe
def live(request: HttpRequest, public_id: str) -> HttpResponse:
    """Polled with the page's version (``?v=``): 204 when unchanged (one query of two
    columns), else the table (a follower's from the cache when another follower had it drawn).
    A stopped link or deleted session gets a line in place of the table: a 200, so the browser
    logs no error, with no poll of its own, so the asking stops. Any other request: 404."""
    if seen := version_seen(request, public_id):
        version, role = seen
        if request.GET.get("v") == str(version):
            return HttpResponse(status=204)
        if role == "view" and request.htmx and (swap := kept_swap(public_id, version)):
            return swap
    try:
        game = get_game(request, public_id)
    except Http404:
        element = request.headers.get("HX-Target")
        if not request.htmx or element not in {kind.element for kind in KINDS.values()}:
            raise
        context = {"element": element, "public_id": public_id}
        return render(request, "games/_link_ended.html", context)
    return render_table(request, game, partial=True)


@require_POST
def act(request: HttpRequest, public_id: str, action: str) -> HttpResponse:
    """One entry at the table (ACTIONS), at most once per form key; a player's own phone
    makes only the entries its seat may (``by_seat``)."""
    game = get_game(request, public_id, write="seat" if ACTIONS[action].by_seat else True)
    refusal = apply_entry(game, action, request.POST)
    if refusal is not None:
        return render_table(
            request,
            game,
            error=refusal.reason,
            error_for=refusal.error_for,
            error_field=refusal.field,
            status=refusal.status,
        )
    if request.htmx:
        return render_table(request, game, error_for=ACTIONS[action].error_for)
    return redirect("game", public_id)


@require_POST
def play_again(request: HttpRequest, public_id: str) -> HttpResponse:
    """ "New session, same table": the owner's, since it goes into the notebook."""
    game = get_game(request, public_id, write=True)
    if not game.is_owner:
        raise PermissionDenied(_("Only the notebook's owner can start a session."))
    try:
        new = services.play_again(game=game, form_key=form_key_or_refuse(request))
    except StaleForm:
        return stale_form(request)
    except RuleError as refusal:  # the notebook is full, or changed at the same moment
        return render_table(request, game, error=message(refusal), status=422)
    url = reverse("game", args=[new.public_id])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)

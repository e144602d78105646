"""The notebook's pages, for its owner only (its cookie)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Exists, OuterRef
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect

from games import exports, inputs, services
from games.access import (
    NOTEBOOK_COOKIE,
    PROMISE_COOKIE,
    StaleForm,
    current_notebook,
    form_key_or_refuse,
    get_game,
    message,
    remember,
    stale_form,
)
from games.kinds import kind_of
from games.models import Notebook, Player, Seat
from games.qr import qr_svg
from games.rules import RuleError, gettext_noop
from games.screens.home import home_page
from scorekeeper.middleware import never_compress


def own_notebook(request: HttpRequest) -> Notebook:
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    return notebook


def owned_player(request: HttpRequest, public_id: str) -> Player:
    """One of this browser's notebook's players (``player.notebook`` without a query)."""
    return get_object_or_404(own_notebook(request).players, public_id=public_id)


@require_safe
def open_notebook(request: HttpRequest, key: str) -> HttpResponse:
    """The notebook's secret link: opens it on this device."""
    return remember(redirect("home"), get_object_or_404(Notebook, key=key))


@never_compress  # the page shows the notebook's secret link
@require_safe
def notebook(request: HttpRequest) -> HttpResponse:
    notebook = own_notebook(request)
    return render(request, "games/notebook.html", notebook_context(request, notebook, {}))


def notebook_context(request: HttpRequest, notebook: Notebook, errors: dict) -> dict:
    link = request.build_absolute_uri(reverse("open_notebook", args=[notebook.key]))
    return {
        "notebook": notebook,
        # Only a player who sits in no session is offered "Delete" (Seat.player).
        "players": list(
            notebook.players.annotate(seated=Exists(Seat.objects.filter(player=OuterRef("pk"))))
        ),
        "link": link,
        "qr": qr_svg(link, _("QR code of the notebook's link")),
        "errors": errors,
    }


@require_POST
def renew_notebook_link(request: HttpRequest) -> HttpResponse:
    """A new secret link: every other phone is shut out; this one keeps the notebook."""
    notebook = own_notebook(request)
    try:
        key = form_key_or_refuse(request)
    except StaleForm:
        return stale_form(request)
    notebook = services.renew_notebook_link(notebook=notebook, form_key=key)
    return remember(redirect("notebook"), notebook)


@never_compress  # a refused name shows the notebook page again, with its secret link
@require_POST
def rename_player(request: HttpRequest, public_id: str) -> HttpResponse:
    player = owned_player(request, public_id)
    try:
        services.rename_player(player=player, name=request.POST.get("name", ""))
    except RuleError as refusal:
        return refused(request, player, refusal)
    return redirect("notebook")


@require_http_methods(["GET", "HEAD", "POST"])
def delete_session(request: HttpRequest, public_id: str) -> HttpResponse:
    """GET: are you sure? POST: deleted; home answers with an Undo (exports.delete_session)."""
    game = get_game(request, public_id, write=True)
    if not game.is_owner:
        raise Http404  # only the notebook's phones see this page at all
    if request.method != "POST":
        table = services.load(game)
        return render(request, "games/delete_session.html", {"game": game, "names": table.names})
    names = ", ".join(seat.player.name for seat in game.seats.select_related("player"))
    token = exports.delete_session(game=game)
    deleted = {
        "token": token,
        "kind": kind_of(game.kind).label,
        "names": names,
        "public_id": game.public_id,  # this phone forgets its copies (docs/phone.md)
    }
    response = home_page(request, game.notebook, {"deleted": deleted})
    if request.htmx:
        response["HX-Push-Url"] = reverse("home")
    return response


@require_POST
def undo_delete_session(request: HttpRequest) -> HttpResponse:
    notebook = own_notebook(request)
    try:
        key = form_key_or_refuse(request)
        game = exports.undo_delete_session(
            notebook=notebook, token=request.POST.get("token", ""), form_key=key
        )
    except StaleForm:
        return stale_form(request)
    except RuleError as refusal:
        return home_page(request, notebook, {"undo_error": message(refusal)}, status=422)
    url = reverse("game", args=[game.public_id])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@never_compress  # a refusal shows the notebook page, with its secret link
@require_POST
def delete_player(request: HttpRequest, public_id: str) -> HttpResponse:
    player = owned_player(request, public_id)
    try:
        services.delete_player(player=player)
    except RuleError as refusal:
        return refused(request, player, refusal)
    return redirect("notebook")


@never_compress
@require_POST
def merge_player(request: HttpRequest, public_id: str) -> HttpResponse:
    player = owned_player(request, public_id)
    raw = request.POST.get("into", "")
    into = player.notebook.players.filter(public_id=raw if inputs.token_ok(raw) else "").first()
    try:
        if into is None:
            raise RuleError(gettext_noop("Choose another player of this notebook."))
        services.merge_player(player=player, into=into)
    except RuleError as refusal:
        return refused(request, player, refusal)
    return redirect("notebook")


def refused(request: HttpRequest, player: Player, refusal: RuleError) -> HttpResponse:
    context = notebook_context(request, player.notebook, {player.public_id: message(refusal)})
    return render(request, "games/notebook.html", context, status=422)


@never_compress  # the page links the backup
@require_http_methods(["GET", "HEAD", "POST"])
def forget_notebook(request: HttpRequest) -> HttpResponse:
    """GET: what goes, and the backup first. POST: deleted, and this browser forgets it."""
    notebook = own_notebook(request)
    if request.method != "POST":
        context = {
            "notebook": notebook,
            "sessions": notebook.games.count(),
            "players": notebook.players.count(),
        }
        return render(request, "games/forget_notebook.html", context)
    services.forget_notebook(notebook=notebook)
    messages.success(request, _("The notebook was deleted from this server."))
    response = redirect("home")
    # The pages and entries this phone kept for offline use go too (docs/phone.md).
    response["Clear-Site-Data"] = '"cache", "storage"'
    response.delete_cookie(NOTEBOOK_COOKIE, samesite="Lax")
    response.delete_cookie(PROMISE_COOKIE, samesite="Lax")
    return response

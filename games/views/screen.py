"""The big screen (issue 40): a session read from across the room on a television or a
laptop, for whoever may see the session; its live poll answers as the deal screen's does."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games import services
from games.access import get_game, version_seen
from games.models import Game, ShareLink
from games.qr import qr_svg
from games.screens.big import keep_screen, kept_screen

#: The big screen's swappable element (templates/games/big_screen.html, partial ``screen``).
ELEMENT = "screen"


@require_safe
def big_screen(request: HttpRequest, public_id: str) -> HttpResponse:
    """The page: the screen as drawn for the session's version, and the view-only link's QR
    code to follow on a phone (the owner makes the link on the Share page)."""
    game = get_game(request, public_id)
    link = (
        game.share_links.filter(role=ShareLink.Role.VIEW, revoked_at__isnull=True)
        .order_by()
        .first()
    )
    url = request.build_absolute_uri(reverse("join", args=[link.key])) if link else ""
    context = {
        "game": game,
        "screen": drawn(request, game),
        "qr": qr_svg(url, _("QR code: follow the score on a phone")) if url else "",
    }
    return render(request, "games/big_screen.html", context)


@require_safe
def big_screen_live(request: HttpRequest, public_id: str) -> HttpResponse:
    """Polled with the page's version (``?v=``): 204 when unchanged (one query of two
    columns), else the screen, drawn once per version and language. A stopped link or a
    deleted session gets a line in place of the screen, with no poll of its own."""
    if seen := version_seen(request, public_id):
        version, _role, _seat = seen
        if request.GET.get("v") == str(version):
            return HttpResponse(status=204)
        if (html := kept_screen(public_id, version)) is not None:
            return HttpResponse(html)
    try:
        game = get_game(request, public_id)
    except Http404:
        if not request.htmx or request.headers.get("HX-Target") != ELEMENT:
            raise
        context = {"element": ELEMENT, "public_id": public_id}
        return render(request, "games/_link_ended.html", context)
    return HttpResponse(drawn(request, game))


def drawn(request: HttpRequest, game: Game) -> str:
    """The screen of the session's version, from the cache or drawn and kept: it holds no
    form, token or role, so every visitor in one language is shown the same."""
    if (html := kept_screen(game.public_id, game.version)) is not None:
        return mark_safe(html)
    table = services.load(game)
    context = {"game": game, "screen": table.big().big_screen(table)}
    html = render_to_string("games/big_screen.html#screen", context, request=request)
    keep_screen(game.public_id, game.version, html)
    return mark_safe(html)

"""Sharing a session: its links (the owner's page), and a share link opened on a phone."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from games import services
from games.access import (
    LINKS_COOKIE,
    MAX_LINKS,
    StaleForm,
    form_key_or_refuse,
    get_game,
    link_keys,
    message,
    set_cookie,
    stale_form,
)
from games.models import Game, ShareLink
from games.qr import qr_svg
from games.rules import RuleError
from scorekeeper.middleware import never_compress


@never_compress  # the page shows the session's share links
@require_http_methods(["GET", "HEAD", "POST"])
def share(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game(request, public_id, write=True)
    if not game.is_owner:
        raise PermissionDenied(_("Only the notebook's owner can share this session."))
    if request.method == "POST":
        role = request.POST.get("role", "")
        raw_seat = request.POST.get("seat", "")
        seat = int(raw_seat) if raw_seat.isdigit() and len(raw_seat) < 3 else None
        try:
            if request.POST.get("action") == "revoke":
                services.revoke_share_link(game=game, role=role, seat=seat)
            else:
                key = form_key_or_refuse(request)
                services.new_share_link(game=game, role=role, form_key=key, seat=seat)
        except StaleForm:
            return stale_form(request)
        except RuleError as refusal:
            return render_share(request, game, error=message(refusal), status=422)
        where = f"#seat-{seat}" if role == ShareLink.Role.SEAT else ""
        return redirect(reverse("share", args=[public_id]) + where)
    return render_share(request, game)


def render_share(
    request: HttpRequest, game: Game, *, error: str | None = None, status: int = 200
) -> HttpResponse:
    links = {link.role: link for link in game.share_links.filter(revoked_at__isnull=True)}
    cards = []
    for role, title, text in (
        (
            ShareLink.Role.VIEW,
            _("View only"),
            _("The live score sheet and the current deal, without any controls."),
        ),
        (
            ShareLink.Role.EDIT,
            _("Co-scorekeeper"),
            _("Can enter bids, tricks and points, and correct deals."),
        ),
    ):
        cards.append(card(request, links.get(role), role, title, text))
    # A player's own phone: one link a seat, its QR code to scan across the table.
    seat_links = {
        link.seat: link
        for link in game.share_links.filter(role=ShareLink.Role.SEAT, revoked_at__isnull=True)
    }
    seats = [
        card(request, seat_links.get(seat.position), ShareLink.Role.SEAT, seat.player.name, "")
        | {"seat": seat.position}
        for seat in game.seats.select_related("player")
    ]
    context = {"game": game, "cards": cards, "seats": seats, "error": error}
    return render(request, "games/share.html", context, status=status)


def card(request: HttpRequest, link: ShareLink | None, role: str, title: str, text: str) -> dict:
    url = request.build_absolute_uri(reverse("join", args=[link.key])) if link else ""
    qr = qr_svg(url, _("QR code: %(title)s") % {"title": title}) if url else ""
    return {"role": role, "title": title, "text": text, "url": url, "qr": qr, "seat": None}


@require_safe
def join(request: HttpRequest, key: str) -> HttpResponse:
    """A share link: this browser may now open the session (as the link allows)."""
    live = ShareLink.objects.filter(revoked_at__isnull=True).select_related("game")
    link = get_object_or_404(live, key=key)
    keys = [k for k in link_keys(request) if k != key]
    response = redirect("game", link.game.public_id)
    set_cookie(response, LINKS_COOKIE, ".".join([key, *keys][:MAX_LINKS]))
    return response

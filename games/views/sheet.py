"""The score sheet, the correction of a played deal, and the history of a session."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_safe

from games import forms, services
from games.access import get_game, keep_copy
from games.kinds import kind_of
from games.units import Unit


@require_safe
def sheet(request: HttpRequest, public_id: str) -> HttpResponse:
    """The template caches the table (per session, version, role, language), so the session
    is loaded only on a miss, when the template first reads ``sheet``."""
    game = get_game(request, public_id)
    screens = kind_of(game.kind).table.screens()
    response = render(
        request,
        screens.SHEET_TEMPLATE,
        {"game": game, "sheet": SimpleLazyObject(lambda: screens.sheet(services.load(game)))},
    )
    return keep_copy(request, response, game)


@require_http_methods(["GET", "HEAD", "POST"])
def correct(request: HttpRequest, public_id: str, number: int) -> HttpResponse:
    """Open a played deal or round and change it; every later total follows."""
    game = get_game(request, public_id, write=True)
    table = services.load(game)
    if not 0 < number <= table.correctable:
        raise Http404
    return table.screens().correct(request, game, table, number)


HISTORY_TEXT = {
    "start": gettext_noop("Session started with %(names)s."),
    "trump": gettext_noop("Deal %(deal)s: trump set to %(trump)s."),
    "bid": gettext_noop("Deal %(deal)s: %(player)s bid %(bid)s."),
    "bid_changed": gettext_noop("Deal %(deal)s: %(player)s changed the bid to %(bid)s."),
    "bid_out_of_turn": gettext_noop("Deal %(deal)s: %(player)s bid %(bid)s out of turn."),
    "trick": gettext_noop("Deal %(deal)s: trick %(trick)s to %(player)s."),
    "trick_undone": gettext_noop("Deal %(deal)s: trick %(trick)s taken back."),
    "tricks": gettext_noop("Deal %(deal)s scored."),
    "revoke": gettext_noop(
        "Deal %(deal)s: %(player)s revoked (-%(points)s); the deal is played again."
    ),
    "adjustment": gettext_noop("Deal %(deal)s: %(player)s %(points)s points (%(note)s)."),
    "adjustment_without_note": gettext_noop("Deal %(deal)s: %(player)s %(points)s points."),
    "adjustment_removed": gettext_noop("Deal %(deal)s: adjustment for %(player)s removed."),
    "corrected": gettext_noop("Deal %(deal)s corrected."),
    "undo": gettext_noop("Undone: %(what)s"),
}


def describe(action: str, params: dict, unit: Unit) -> str:
    """One line of a session's history, in the visitor's language; the lines that count
    the game's rounds, deals or hands say which (its Kind's ``unit``, games/units.py)."""
    params = dict(params)
    if action == "undo":
        undone = params.pop("action", "")
        told = undone in HISTORY_TEXT or undone in unit.history
        params = {"what": describe(undone, params, unit) if told else ""}
    if action == "adjustment" and not params.get("note"):
        action = "adjustment_without_note"
    if isinstance(params.get("bids"), list):
        params["bids"] = "–".join(str(bid) for bid in params["bids"])
    if "names" in params:
        params["names"] = ", ".join(params["names"])
    if isinstance(params.get("points"), list) and action == "round":
        # A round's points, seat by seat: "20, −100, 40" (· for a seat sitting out).
        shown = ("·" if p is None else f"−{-p}" if p < 0 else str(p) for p in params["points"])
        params["points"] = ", ".join(shown)
    elif isinstance(params.get("points"), list):
        params["points"] = "–".join("·" if p is None else str(p) for p in params["points"])
    elif isinstance(params.get("points"), int) and action.startswith("adjustment"):
        params["points"] = f"{params['points']:+d}"
    if "trump" in params:
        trump = params["trump"]
        params["trump"] = _(forms.SUIT_NAMES[trump]) if trump in forms.SUIT_NAMES else _("no trump")
    text = _(unit.history.get(action) or HISTORY_TEXT.get(action, action))
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


@require_safe
def history(request: HttpRequest, public_id: str) -> HttpResponse:
    """What was entered, when, newest first."""
    game = get_game(request, public_id)
    unit = kind_of(game.kind).unit
    lines = [
        {
            "when": change.created_at,
            "text": describe(change.action, change.params, unit),
            "undone": change.undone,
        }
        for change in game.changes.all()
    ]
    return render(request, "games/history.html", {"game": game, "lines": lines})

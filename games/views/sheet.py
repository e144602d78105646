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
    "round_corrected": gettext_noop("Round %(deal)s corrected."),
    "round": gettext_noop("Round %(deal)s: %(points)s."),
    "bids": gettext_noop("Round %(deal)s: bids %(bids)s."),
    # Who sent a bid, never the bid: it is shown when every seat's is in.
    "bid_sealed": gettext_noop("Round %(deal)s: a bid is in, hidden until all are (%(player)s)."),
    # A bid made in turn from a player's own phone (Kind.bids_in_turn).
    "seat_bid": gettext_noop("Round %(deal)s: %(player)s bids %(bid)s."),
    "ended": gettext_noop("The table ended the game after round %(deal)s."),
    "undo": gettext_noop("Undone: %(what)s"),
    "import": gettext_noop("Imported from a file (%(deals)s deals)."),
    "restored": gettext_noop("Brought back after it was deleted (%(deals)s deals)."),
    # A game that plays rounds says so (issue 39, item 7).
    "import_rounds": gettext_noop("Imported from a file (%(deals)s rounds)."),
    "restored_rounds": gettext_noop("Brought back after it was deleted (%(deals)s rounds)."),
}


def describe(action: str, params: dict, rounds: bool = False) -> str:
    """One line of a session's history, in the visitor's language; ``rounds`` for a game
    that plays rounds (its Kind's), whose lines count rounds, not deals."""
    params = dict(params)
    if rounds and action in ("import", "restored"):
        action = f"{action}_rounds"
    if action == "undo":
        undone = params.pop("action", "")
        params = {"what": describe(undone, params, rounds) if undone in HISTORY_TEXT else ""}
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
    text = _(HISTORY_TEXT.get(action, action))
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


@require_safe
def history(request: HttpRequest, public_id: str) -> HttpResponse:
    """What was entered, when, newest first."""
    game = get_game(request, public_id)
    rounds = kind_of(game.kind).rounds is not None
    lines = [
        {
            "when": change.created_at,
            "text": describe(change.action, change.params, rounds),
            "undone": change.undone,
        }
        for change in game.changes.all()
    ]
    return render(request, "games/history.html", {"game": game, "lines": lines})

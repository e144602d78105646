"""The score sheet, the correction of a played deal, and the history of a session."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_safe

from games import forms, inputs, services
from games.explanations import explained
from games.kinds import kind_of
from games.models import Game
from games.rules import RuleError, kozel, oh_hell
from games.services import Conflict
from games.views import offline, rounds
from games.views.access import get_game, message
from games.views.table import SUIT_NAMES, kozel_context

SUIT_SYMBOLS = {**dict(forms.SUITS), "NT": "NT"}


@require_safe
def sheet(request: HttpRequest, public_id: str) -> HttpResponse:
    """The template caches the table (per session, version, role, language), so the session
    is loaded only on a miss, when the template first reads ``sheet``."""
    game = get_game(request, public_id)
    kozel_game = game.kind == Game.Kind.KOZEL
    template = "games/kozel_sheet.html" if kozel_game else "games/sheet.html"
    drawn = kozel_sheet if kozel_game else oh_hell_sheet
    if kind_of(game.kind).rounds is not None:
        template, drawn = "games/rounds_sheet.html", rounds.rounds_sheet
    response = render(
        request,
        template,
        {"game": game, "sheet": SimpleLazyObject(lambda: drawn(services.load(game)))},
    )
    return offline.keep_copy(request, response, game)


def oh_hell_sheet(table: services.OhHellTable) -> dict:
    result = table.result
    rows = [
        {
            "number": number,
            "plan": scored.plan,
            "trump": SUIT_SYMBOLS.get(scored.trump, ""),
            "revoked": scored.revoked,
            "cells": [
                {
                    "bid": scored.record.bids[seat],
                    "tricks": scored.record.tricks[seat] if scored.record.tricks else None,
                    "made": scored.made[seat],
                    "score": scored.scores[seat],
                    "total": scored.totals[seat],
                    "adjusted": scored.adjustment[seat],
                    "dealer": seat == scored.plan.dealer,
                    "name": table.names[seat],
                    "why": explained(oh_hell.explain_deal(scored, seat, table.rules)),
                }
                for seat in range(table.players)
            ],
        }
        for number, scored in enumerate(result.deals, start=1)
    ]
    places = {s.seat: s for s in result.standings}
    totals = [(result.totals[s], places[s]) for s in range(table.players)]
    return {"table": table, "names": table.names, "rows": rows, "result": result, "totals": totals}


def kozel_sheet(table: services.KozelTable) -> dict:
    rows = [
        {
            "outcome": outcome,
            "cells": [
                {
                    "card_points": outcome.card_points[team],
                    "defeat_points": outcome.defeat_points[team],
                    "total": outcome.running_defeat_points[team],
                    "name": table.team_names(team),
                    "why": explained(kozel.explain_deal(outcome, team, table.rules)),
                }
                for team in (0, 1)
            ],
        }
        for outcome in table.result.outcomes
    ]
    return {**kozel_context(table), "rows": rows}


def cleaned(form) -> dict:
    """The form's data, or its first error as a refusal."""
    if not form.is_valid():
        raise RuleError(next(iter(form.errors.values()))[0])
    return form.cleaned_data


def posted_version(request: HttpRequest) -> int | None:
    """None from a page older than the field (docs/using.md); a damaged one is refused."""
    if "version" not in request.POST:
        return None
    try:
        return inputs.whole(request.POST["version"], low=0, high=inputs.MOST_VERSION)
    except RuleError:
        raise RuleError(
            gettext_noop("This form is damaged: open the deal again from the score sheet.")
        ) from None


@require_http_methods(["GET", "HEAD", "POST"])
def correct(request: HttpRequest, public_id: str, number: int) -> HttpResponse:
    """Open a played deal and change it; every later total follows."""
    game = get_game(request, public_id, write=True)
    table = services.load(game)
    if isinstance(table, services.RoundsTable):
        if not 0 < number <= len(table.deals):
            raise Http404
        return rounds.correct(request, game, table, number)
    kozel_game = game.kind == Game.Kind.KOZEL
    played = len(table.deals) if kozel_game else min(len(table.done_deals), len(table.result.deals))
    if not 0 < number <= played:
        raise Http404
    error, status = None, 200
    action = request.POST.get("action", "save") if request.method == "POST" else ""
    if request.method == "POST":
        key = inputs.form_key(request.POST)
        try:
            if kozel_game:
                data = cleaned(forms.KozelDealForm(request.POST))
                services.correct_kozel_deal(
                    game=game,
                    idempotency_key=key,
                    version=posted_version(request),
                    deal_number=number,
                    team=data["team"],
                    points=data["points"],
                    zero_team_took_trick=data["took_trick"],
                    last_trick_seat=data["last_trick_seat"],
                )
            elif action == "adjust":
                data = cleaned(forms.AdjustmentForm({**request.POST.dict(), "deal": number}))
                services.add_adjustment(
                    game=game,
                    idempotency_key=key,
                    deal_number=number,
                    seat=data["seat"],
                    points=data["points"],
                    note=data["note"],
                )
                return redirect("correct", public_id, number)
            elif action == "remove_adjustment":
                index = inputs.choice_of(request.POST.get("adjustment"), low=0, high=1000)
                if index is None:
                    raise RuleError(gettext_noop("Pick the adjustment to remove."))
                services.remove_adjustment(
                    game=game, idempotency_key=key, deal_number=number, index=index
                )
                return redirect("correct", public_id, number)
            else:
                bids = forms.seat_values(request.POST, "bid", table.players)
                tricks = forms.seat_values(request.POST, "tricks", table.players)
                if None in bids:
                    raise RuleError(gettext_noop("Every player needs a bid."))
                services.correct_deal(
                    game=game,
                    idempotency_key=key,
                    version=posted_version(request),
                    deal_number=number,
                    bids=bids,
                    tricks=None if table.deals[number - 1].revoke is not None else tricks,
                    trump=request.POST.get("trump", ""),
                )
        except RuleError as refusal:
            error, status = message(refusal), 422
        except Conflict as conflict:
            error, status = message(conflict), 409
            game.refresh_from_db()
            table = services.load(game)
        else:
            return redirect("sheet", public_id)
    context = {"game": game, "number": number, "error": error}
    if kozel_game:
        context.update(kozel_context(table), entry=table.deals[number - 1])
        return render(request, "games/correct_kozel.html", context, status=status)
    scored = table.result.deals[number - 1]
    deal = table.deals[number - 1]
    hands = table.hands_of(deal)
    posted = request.POST if action == "save" and status != 409 else None
    context.update(
        error_for=action,
        scored=scored,
        deal=deal,
        suits=forms.SUITS,
        rows=[
            {
                "seat": seat,
                "name": table.names[seat],
                "bid": posted.get(f"bid-{seat}") if posted else hands[seat].bid,
                "tricks": posted.get(f"tricks-{seat}") if posted else hands[seat].tricks,
            }
            for seat in range(table.players)
        ],
        trump=posted.get("trump") if posted else deal.trump,
        adjustments=[
            (index, table.names[adj.seat], adj.points, adj.note)
            for index, adj in enumerate(deal.adjustments.all())
        ],
        seats=list(enumerate(table.names)),
    )
    return render(request, "games/correct.html", context, status=status)


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
    "kozel_deal": gettext_noop("Deal %(deal)s: card points %(points)s."),
    "round": gettext_noop("Round %(deal)s: %(points)s."),
    "bids": gettext_noop("Round %(deal)s: bids %(bids)s."),
    "ended": gettext_noop("The table ended the game after round %(deal)s."),
    "undo": gettext_noop("Undone: %(what)s"),
    "import": gettext_noop("Imported from a file (%(deals)s deals)."),
    "restored": gettext_noop("Brought back after it was deleted (%(deals)s deals)."),
}


def describe(action: str, params: dict) -> str:
    """One line of a session's history, in the visitor's language."""
    params = dict(params)
    if action == "undo":
        undone = params.pop("action", "")
        params = {"what": describe(undone, params) if undone in HISTORY_TEXT else ""}
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
        params["trump"] = _(SUIT_NAMES[trump]) if trump in SUIT_NAMES else _("no trump")
    text = _(HISTORY_TEXT.get(action, action))
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


@require_safe
def history(request: HttpRequest, public_id: str) -> HttpResponse:
    """What was entered, when, newest first."""
    game = get_game(request, public_id)
    lines = [
        {
            "when": change.created_at,
            "text": describe(change.action, change.params),
            "undone": change.undone,
        }
        for change in game.changes.all()
    ]
    return render(request, "games/history.html", {"game": game, "lines": lines})

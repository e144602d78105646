"""Oh Hell's score sheet (every deal's bids, tricks, points and running totals, each cell
with how it came to be) and a played deal's correction, its adjustments included: the
design's screens (games.screens.oh_hell) name them."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_noop

from games import forms, inputs, services
from games.access import message
from games.explanations import explained
from games.models import Game
from games.rules import RuleError, oh_hell
from games.screens.common import cleaned, posted_version
from games.services import Conflict
from games.services import oh_hell as oh_hell_services
from games.tables.oh_hell import OhHellTable

SUIT_SYMBOLS = {**dict(forms.SUITS), "NT": "NT"}


def sheet(table: OhHellTable) -> dict:
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


def correct(request: HttpRequest, game: Game, table: OhHellTable, number: int) -> HttpResponse:
    """A played deal's bids, tricks and trump, and its adjustments."""
    public_id = game.public_id
    error, status = None, 200
    action = request.POST.get("action", "save") if request.method == "POST" else ""
    if request.method == "POST":
        key = inputs.form_key(request.POST)
        try:
            if action == "adjust":
                data = cleaned(forms.AdjustmentForm({**request.POST.dict(), "deal": number}))
                oh_hell_services.add_adjustment(
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
                oh_hell_services.remove_adjustment(
                    game=game, idempotency_key=key, deal_number=number, index=index
                )
                return redirect("correct", public_id, number)
            else:
                bids = forms.seat_values(request.POST, "bid", table.players)
                tricks = forms.seat_values(request.POST, "tricks", table.players)
                if None in bids:
                    raise RuleError(gettext_noop("Every player needs a bid."))
                oh_hell_services.correct_deal(
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
            for index, adj in enumerate(deal.adjustment_list)
        ],
        seats=list(enumerate(table.names)),
    )
    return render(request, "games/correct.html", context, status=status)

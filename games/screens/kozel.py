"""Kozel's screens: the deal screen (one team's card points), its score sheet, a played
deal's correction, and what the phone needs to go on offline (docs/phone.md)."""

from __future__ import annotations

from collections.abc import Mapping

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from games import forms, inputs, services
from games.access import message
from games.entries import Action
from games.explanations import explained
from games.models import Game
from games.rules import RuleError, kozel
from games.screens.common import (
    cleaned,
    common_words,
    keep,
    kept_words,
    plural,
    posted_version,
    translate_refusals,
    urls,
)
from games.services import Conflict
from games.tables.kozel import KozelTable

SHEET_TEMPLATE = "games/kozel_sheet.html"

#: The entry of the deal screen (games.entries): one team's card points.
ENTRIES = {
    "kozel_deal": Action(forms.KozelDealForm, services.record_kozel_deal, "kozel", segment="kozel"),
}


def spoken(context: dict, action: str) -> str | None:
    """One sentence for a screen reader after a deal is saved, or None."""
    last = context.get("last")
    if action != "kozel" or not last:
        return None
    result = context["result"]
    if result.finished and result.goat is not None:
        return _("%(team)s are the goat!") % {"team": context["table"].team_names(result.goat)}
    points = " – ".join(str(team["defeat_points"]) for team in context["teams"])
    return _("Deal %(number)s saved. Defeat points: %(points)s.") % {
        "number": last.number,
        "points": points,
    }


def preview(kind: object, rules: kozel.KozelRules, chosen: dict, seated: int) -> dict:
    """The new session's match, as the options say."""
    return {"limit": rules.match_limit, "two_from": rules.two_point_from}


def table_context(
    request: HttpRequest | None, table: KozelTable, posted: Mapping[str, str] | None, error_for: str
) -> dict:
    return kozel_context(table)


def kozel_context(table: KozelTable) -> dict:
    result = table.result
    teams = [
        {
            "team": team,
            "name": table.team_names(team),
            "defeat_points": result.defeat_points[team],
            "goat": result.goat == team,
        }
        for team in (0, 1)
    ]
    last = result.outcomes[-1] if result.outcomes else None
    for team in teams:
        team["why"] = explained(kozel.explain_deal(last, team["team"], table.rules) if last else ())
    return {
        "table": table,
        "result": result,
        "teams": teams,
        "limit": table.rules.match_limit,
        "names": table.names,
        "deal_number": len(table.deals) + 1,
        "dealer_name": table.names[result.next_dealer] if result.next_dealer is not None else "",
        "leader_name": table.names[result.next_leader] if result.next_leader is not None else "",
        "last": last,
        "last_loser_name": table.team_names(last.loser) if last and last.loser is not None else "",
        "last_loser_points": sum(last.defeat_points) if last else 0,
        "seats": list(enumerate(table.names)),
        "error_places": ["undo"] if result.finished else ["undo", "kozel"],
    }


def sheet(table: KozelTable) -> dict:
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


def correct(request: HttpRequest, game: Game, table: KozelTable, number: int) -> HttpResponse:
    """A played deal's card points."""
    error, status = None, 200
    if request.method == "POST":
        try:
            data = cleaned(forms.KozelDealForm(request.POST))
            services.correct_kozel_deal(
                game=game,
                idempotency_key=inputs.form_key(request.POST),
                version=posted_version(request),
                deal_number=number,
                team=data["team"],
                points=data["points"],
                zero_team_took_trick=data["took_trick"],
                last_trick_seat=data["last_trick_seat"],
            )
        except RuleError as refusal:
            error, status = message(refusal), 422
        except Conflict as conflict:
            error, status = message(conflict), 409
            game.refresh_from_db()
            table = services.load(game)
        else:
            return redirect("sheet", game.public_id)
    context = {"game": game, "number": number, "error": error}
    context.update(table_context(None, table, None, ""), entry=table.deals[number - 1])
    return render(request, "games/correct_kozel.html", context, status=status)


# -- offline --------------------------------------------------------------------


def ahead(request: HttpRequest, table: KozelTable) -> dict:
    lookups = kozel.offline_lookups(table.rules, table.game.first_dealer)
    # Refusals the script may meet, in the page's language.
    for team in lookups["defeat"]:
        for answer in team:
            translate_refusals(answer)
    words = {
        **common_words(),
        "deal": _("Deal %(n)s"),
        "leads": _("leads"),
        "eggs_line": _("Deal %(n)s: eggs, 60–60."),
        "points_line": _("Deal %(n)s: %(a)s–%(b)s."),
        "take": plural(
            "%(name)s take %(points)s defeat point.",
            "%(name)s take %(points)s defeat points.",
            name=keep("name"),
            points=keep("n"),
        ),
        "goat": _("%(name)s are the goat!"),
    }
    return {"game": "kozel", "lookups": lookups, "words": words}


def offline_state(table: KozelTable, context: dict) -> dict:
    """The match as the server has it now, and as it would be after Undo."""
    last = services.last_undoable(table.game)
    undone = None
    if last is not None:
        entries = [kozel.DealEntry(**deal) for deal in services.whole(table, last.before)]
        result = kozel.score_match(table.rules, table.game.first_dealer, entries)
        undone = kozel.offline_figures(result)
    return {
        "game": "kozel",
        "version": table.game.version,
        # Said even before the lookups arrive (a connection lost in the first second).
        "kept": kept_words(),
        "urls": urls(table.game, tuple(ENTRIES)),
        "names": table.names,
        "teams": [table.team_names(team) for team in (0, 1)],
        **kozel.offline_figures(table.result),
        "undo": undone,
    }

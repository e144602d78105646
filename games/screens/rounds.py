"""Every game scored round by round (games.rules.rounds), drawn the same way: the deal
screen's standings and last round, the score sheet, a round's correction, and the forms
drawn ahead for a phone offline. The game's own template (``games/<name>.html``) draws its
entry form, partial ``entry``."""

from __future__ import annotations

from collections.abc import Mapping

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import forms, inputs, services
from games.access import message
from games.entries import Action
from games.explanations import catalogue, explained
from games.kinds import Kind, kind_of
from games.models import Game
from games.rules import RuleError
from games.rules.explain import Why
from games.rules.plain import plain
from games.rules.rounds import Plan, Result
from games.screens.common import PHONE_RULES_FILES, common_words, offline_start
from games.screens.rounds_seats import seat_bids_of
from games.services import Conflict
from games.tables.rounds import RoundsTable
from games.templatetags.entries import Prefill

SHEET_TEMPLATE = "games/rounds_sheet.html"
#: The forms drawn ahead follow the game (`ahead`): asked for again as the rounds go by.
AHEAD_FOLLOWS_GAME = True


def round_keywords(data: dict, post: dict) -> dict:
    return {"round_number": data["deal"], "entry": inputs.entry_of(post)}


def seat_bid_keywords(data: dict, post: dict) -> dict:
    bid, marks = data["bid"]
    return {"round_number": data["deal"], "seat": data["seat"], "bid": bid, "marks": marks}


#: The entries of a round game's deal screen (games.entries): a round played, the bids
#: first where the game bids first, and the table ending the game where it may.
ENTRIES = {
    "round": Action(forms.DealForm, services.record_round, "round", round_keywords, "round"),
    "bids": Action(forms.DealForm, services.record_bids, "round", round_keywords, "bids"),
    "end_game": Action(forms.EndForm, services.end_game, "round", lambda data, post: {}, "end"),
    # A seat's bid before every seat's is in: sealed (Kind.sealed_bids) or in turn
    # (Kind.bids_in_turn), from the player's own phone or the scorekeeper's.
    "seat_bid": Action(
        forms.SeatBidForm,
        services.seat_bid,
        "round",
        seat_bid_keywords,
        "seat-bid",
        by_seat=True,
    ),
}


def spoken(context: dict, action: str) -> str | None:
    """A round's news is the table's own live region (the game's template): nothing more."""
    return None


def preview(kind: Kind, rules: object, chosen: dict, seated: int) -> dict:
    """The options said in words; a `RuleError` if the table cannot play them."""
    at_table = min(max(seated, kind.players[0]), kind.players[1])
    kind.rounds.first_plan(rules, at_table, 0)
    return {"said": kind.summary(chosen)}


def sides_of(table: RoundsTable, result: Result) -> list[dict]:
    names = table.side_names()
    return [
        {
            "side": side,
            "name": names[side],
            "total": result.totals[side],
            "place": result.places[side],
            "mark": explained([mark])[0] if (mark := _mark(result, side)) else "",
            "out": side in result.out,
            "winner": side in result.winners,
        }
        for side in range(len(result.sides))
    ]


def _mark(result: Result, side: int):
    return result.marks[side] if side < len(result.marks) else None


def seats_of(table: RoundsTable, plan: Plan | None) -> list[dict]:
    """The entry form's rows, one per seat, with the dealer and who takes no part."""
    return [
        {
            "seat": seat,
            "name": name,
            "dealer": plan is not None and seat == plan.dealer,
            "sitting_out": plan is not None and seat in plan.sitting_out,
        }
        for seat, name in enumerate(table.names)
    ]


def entry_sides(table: RoundsTable, plan: Plan | None) -> list[dict]:
    """The sides a round's form asks a number of; a side all of whose seats take no part
    in the round (out of the game) has none."""
    names = table.side_names()
    out = set(plan.sitting_out) if plan else set()
    return [
        {"side": side, "name": names[side], "out": bool(out) and set(seats) <= out}
        for side, seats in enumerate(table.result.sides)
    ]


def facts_of(table: RoundsTable, plan: Plan | None) -> dict:
    """What a game's form needs to know of the round from its rules (the marriages' worth,
    who sits out with the talon): its module's ``form_facts``, if it has one, each `Why` in
    it (why something is not offered) in the active language, as the form shows it."""
    form_facts = getattr(table.module, "form_facts", None)
    if plan is None or form_facts is None:
        return {}
    return _in_words(form_facts(table.rules, table.players, plan))


def _in_words(fact):
    """``fact`` with every `Why` in it, however deep, as its sentence."""
    if isinstance(fact, Why):
        return explained([fact])[0]
    if isinstance(fact, dict):
        return {key: _in_words(value) for key, value in fact.items()}
    if isinstance(fact, (list, tuple)):
        return [_in_words(value) for value in fact]
    return fact


def round_rows(table: RoundsTable, number: int) -> dict:
    """Round ``number`` as scored: each side's points, total and how they came to be."""
    scored = table.result.rounds[number - 1]
    names = table.side_names()
    cell = _(kind_of(table.game.kind).unit.cell)  # "Anna, deal 3"
    return {
        "number": number,
        "plan": scored.plan,
        "dealer_name": table.names[scored.plan.dealer] if scored.plan.dealer is not None else "",
        "notes": explained(scored.notes),
        "cells": [
            {
                "side": side,
                "name": names[side],
                "title": cell % {"name": names[side], "n": number},
                "points": scored.points[side],
                "total": scored.totals[side],
                "why": explained(scored.whys[side]),
            }
            for side in range(len(names))
        ],
    }


def variant_of(table: RoundsTable, plan: Plan | None, phase: str | None, bids: object) -> str:
    """Which way the round's form is drawn (its module's ``FORM_VARIANTS``): in the play
    phase, as its ``form_variant`` says for the bids in (``bids``: the bids phase as
    entered, None while not known); else, or where the game draws its form one way, ""."""
    form_variant = getattr(table.module, "form_variant", None)
    if form_variant is None or plan is None or phase != "play":
        return ""
    return form_variant(plan, bids)


def form_context(
    table: RoundsTable, plan: Plan, phase: str | None, variant: str | None = None
) -> dict:
    """What the round's panel (games/_round_form.html) needs for ``plan`` in ``phase``,
    drawn ahead, the bids not known: the form of ``variant`` (one of the module's
    ``FORM_VARIANTS``), else its default."""
    kind = kind_of(table.game.kind)
    if variant is None:
        variant = variant_of(table, plan, phase, None)
    return {
        "game": table.game,
        "rules": table.rules,
        "names": table.names,
        "plan": plan,
        "phase": phase,
        "round_number": plan.number,
        "dealer_name": table.names[plan.dealer] if plan.dealer is not None else "",
        "seats": seats_of(table, plan),
        "entry_sides": entry_sides(table, plan),
        "counts": list(range((plan.cards or 0) + 1)),
        "facts": facts_of(table, plan),
        "prefill": Prefill(),
        "form_variant": variant,
        "ends_by_table": kind.ends_by_table,
        "result": {"rounds": True},  # "End the game now" offered ahead
        "entry_template": f"{kind.template}#entry",
    }


def table_context(
    request: HttpRequest, table: RoundsTable, posted: Mapping[str, str] | None, error_for: str
) -> dict:
    """The deal screen: standings, the round just scored, and the next round's form (filled
    with what a refused form sent)."""
    result = table.result
    plan = result.next_round
    kind = kind_of(table.game.kind)
    sides = sides_of(table, result)
    phase = None  # the whole round in one form
    if plan is not None and kind.bids_first:
        phase = "play" if table.pending is not None else "bids"
    prefill = inputs.entry_of(posted, strict=False) if posted else {}
    call = ""
    if phase == "play":
        prefill = prefill or dict(table.pending.entry)  # the bids, and what came with them
        call = explained([kind.rounds.call(plan, table.pending.entry["bids"])])[0]
    context = {
        "table": table,
        "result": result,
        "rules": table.rules,
        "names": table.names,
        "sides": sides,
        "standings": sorted(sides, key=lambda side: (side["place"], side["side"])),
        "last": round_rows(table, len(result.rounds)) if result.rounds else None,
        "plan": plan,
        "round_number": plan.number if plan else len(result.rounds),
        "dealer_name": table.names[plan.dealer] if plan and plan.dealer is not None else "",
        "seats": seats_of(table, plan),
        "entry_sides": entry_sides(table, plan),
        "prefill": Prefill(prefill),
        "phase": phase,
        # The form as the bids in say (a refused round's form: as the bids it sent say).
        "form_variant": variant_of(table, plan, phase, prefill if phase == "play" else None),
        "call": call,
        "counts": list(range((plan.cards or 0) + 1)) if plan else [],
        "facts": facts_of(table, plan),
        "winner_names": [sides[side]["name"] for side in result.winners],
        "ends_by_table": kind.ends_by_table,
        "entry_template": f"{kind.template}#entry",
        "error_places": ["undo"] if result.finished else ["undo", "round"],
        "seat_bids": seat_bids_of(request, table, plan, phase),
    }
    return context


def sheet(table: RoundsTable) -> dict:
    result = table.result
    return {
        "table": table,
        "result": result,
        "sides": sides_of(table, result),
        "rows": [round_rows(table, number) for number in range(1, len(result.rounds) + 1)],
    }


def correct(request: HttpRequest, game, table: RoundsTable, number: int) -> HttpResponse:
    """Open a played round in its game's own form and change it; every later total follows."""
    error, status = None, 200
    entry = table.deals[number - 1].entry
    if request.method == "POST":
        entry = inputs.entry_of(request.POST, strict=False)  # shown again if refused
        try:
            version = inputs.whole_or_none(
                request.POST.get("version"), low=0, high=inputs.MOST_VERSION
            )
            services.correct_round(
                game=game,
                idempotency_key=inputs.form_key(request.POST),
                version=version,
                round_number=number,
                entry=inputs.entry_of(request.POST),
            )
        except RuleError as refusal:
            error, status = message(refusal), 422
        except Conflict as conflict:
            error, status = message(conflict), 409
            game.refresh_from_db()
            table = services.load(game)
            entry = table.deals[number - 1].entry
        else:
            return redirect("sheet", game.public_id)
    plan = table.result.rounds[number - 1].plan
    context = {
        "game": game,
        "table": table,
        "rules": table.rules,
        "number": number,
        "plan": plan,
        "round_number": number,
        "seats": seats_of(table, plan),
        "entry_sides": entry_sides(table, plan),
        "prefill": entry,
        "counts": list(range((plan.cards or 0) + 1)),
        "facts": facts_of(table, plan),
        "names": table.names,
        "error": error,
        "entry_template": f"{kind_of(game.kind).template}#entry",
    }
    return render(request, "games/correct_round.html", context, status=status)


# -- offline --------------------------------------------------------------------


#: How many rounds ahead a phone gets the forms of (one evening offline is rarely more).
ROUNDS_AHEAD = 4


def offline_state(table: RoundsTable, context: dict) -> dict:
    """Where a game scored round by round stands: the next round's number and phase, the
    bids in (the form fields that hold them), and the same after Undo; and what the rules
    on the phone score the rounds kept offline from (``rules``: the game, its options, the
    rounds as stored; docs/phone.md "Rules on the phone")."""
    game = table.game
    last = services.last_undoable(game)
    undone = None
    if last is not None:
        before = last.before
        finished = before.get("finished_at") is not None
        _round, made_before = services.seat_bids_kept(before) or (None, {})
        undone = {
            "number": None if finished else services.rounds_after(before) + 1,
            "phase": _phase(game, before.get("pending")),
            "bids": _bid_fields(before.get("pending")) or _made_fields(made_before),
            "rounds": services.whole(table, before),
            "ended": finished,
        }
    plan = context["plan"]
    return {
        **offline_start("rounds", table, ENTRIES),
        "number": plan.number if plan else None,
        "phase": context["phase"],
        "bids": _bid_fields(table.pending.entry if table.pending else None)
        or _made_fields(_made_now(context.get("seat_bids"))),
        "undo": undone,
        "rules": {
            "game": table.module.__name__.rsplit(".", 1)[-1],
            "options": plain(table.rules),
            "players": table.players,
            "first_dealer": game.first_dealer,
            "rounds": table.entries,
            "ended": game.finished_at is not None,
            "sides": table.side_names(),
        },
        "phone_rules": {name: static(path) for name, path in PHONE_RULES_FILES.items()},
    }


def _phase(game: Game, pending: dict | None) -> str | None:
    if not kind_of(game.kind).bids_first:
        return None
    return "play" if pending is not None else "bids"


def _bid_fields(pending: dict | None) -> dict | None:
    """Bids in, and what the bids phase entered with them, as the round's form names them
    (``e.bids.0``, ``e.blind.0``), to fill the form with."""
    if pending is None:
        return None
    return {
        f"e.{key}.{seat}": _field_text(value)
        for key, values in pending.items()
        if isinstance(values, list)
        for seat, value in enumerate(values)
    }


def _made_now(seat_bids: dict | None) -> dict:
    """The seats' bids made in turn so far, public as the page shows them (a sealed one is
    never drawn for the scorekeeper): seat -> (bid, marks)."""
    if not seat_bids or seat_bids["sealed"]:
        return {}
    return {row["seat"]: (row["bid"], row["marks"]) for row in seat_bids["rows"] if row["in"]}


def _made_fields(made: dict) -> dict | None:
    """Seats' bids made in turn as the round's form names them, to fill it with: the phone's
    table shows them offline as the server's page does."""
    fields = {}
    for seat, (bid, marks) in sorted(made.items()):
        fields[f"e.bids.{seat}"] = _field_text(bid)
        fields.update({f"e.{key}.{seat}": _field_text(value) for key, value in marks.items()})
    return fields or None


def _field_text(value: object) -> str:
    """A value as its form field sends it (games.rules.entry_fields reads it back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def _variants(table: RoundsTable, phase: str | None) -> tuple:
    """The ways a phase's form is drawn ahead: each of the module's ``FORM_VARIANTS`` in the
    play phase after the bids, since the bids are not known yet; else the one way (None)."""
    variants = getattr(table.module, "FORM_VARIANTS", None)
    return tuple(variants) if variants and phase == "play" else (None,)


def _form_key(table: RoundsTable, number: int, phase: str | None, variant: str | None) -> str:
    """The key of a form drawn ahead: "<round>:<phase>", then ":<variant>" for a way to
    draw it other than the default."""
    key = f"{number}:{phase or 'play'}"
    if variant is None or variant == table.module.FORM_VARIANTS[0]:
        return key
    return f"{key}:{variant}"


def ahead(request: HttpRequest, table: RoundsTable) -> dict:
    """The forms of the next rounds, drawn by the game's own template as the server would
    draw them, keyed "<round>:<phase>"; a phone offline shows the one it has reached. Where
    the play phase's form is drawn one of several ways (the module's ``FORM_VARIANTS``),
    each is drawn: the default under "<round>:play", the others under
    "<round>:play:<variant>", and the rules on the phone say which one the bids call for."""
    kind = kind_of(table.game.kind)
    phases = ("bids", "play") if kind.bids_first else (None,)
    forms, calls = {}, {}
    plan = table.result.next_round
    first = plan.number if plan else None
    through = None
    for _step in range(ROUNDS_AHEAD):
        if plan is None:
            break
        if kind.bids_first:
            # The call for every sum the bids can come to: the phone adds, the rules say.
            most = table.players * (plan.cards or 0)
            calls[plan.number] = {
                total: explained([table.module.call(plan, [total])])[0] for total in range(most + 1)
            }
        for phase in phases:
            for variant in _variants(table, phase):
                context = form_context(table, plan, phase, variant)
                html = render_to_string("games/_round_form.html", context, request=request)
                forms[_form_key(table, plan.number, phase, variant)] = html
        through = plan.number
        plan = table.module.plan_after(table.rules, table.players, table.game.first_dealer, plan)
    words = {
        **common_words(),
        "actions": {
            **common_words()["actions"],
            "round": _(kind.unit.head),
            "bids": _("Bids"),
            "end_game": _("End the game now"),
        },
        # Where the rules cannot start on the phone (the connection went before their
        # files came): the rounds are kept, the server scores them.
        "later": _("Scores come when the connection is back: the server works them out."),
        "no_form": _(kind.unit.ahead_kept),
        "scoring": _("Working out the scores on this phone…"),
        "totals": _("Totals"),
        "winner": _("winner"),
        # "Round 7 scored", the phone fills the number in (the template's own words).
        "scored": _(kind.unit.scored),
        # "Winner: Anna", "Winners, sharing the win: Anna, Ben", for each count there may be.
        "winners": {
            count: ngettext("Winner: %(names)s", "Winners, sharing the win: %(names)s", count)
            for count in range(1, table.players + 1)
        },
        "not_scored": _(kind.unit.not_scored),
    }
    return {
        "game": "rounds",
        "lookups": {"calls": calls},
        "words": words,
        # Every sentence the game's rules can say, in the page's language: the phone words
        # the explanations it works out (games.explanations.catalogue).
        "catalogue": catalogue(table.module),
        "forms": forms,
        # The rounds drawn, and whether the game has none after them: the phone asks again
        # as the game goes past them (static/js/offline.js, freshAhead).
        "from": first,
        "through": through,
        "last": plan is None,
    }

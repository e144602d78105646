"""The deal screen: a session's table, its live poll, and every entry made on it (``act``
and a line of ACTIONS). The same URL gives the full page or, for htmx, the table alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.core.cache import caches
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from games import forms, inputs, services
from games.explanations import explained
from games.kinds import kind_of
from games.models import Game
from games.rules import RuleError, kozel, oh_hell
from games.services import Conflict
from games.views import offline, rounds
from games.views.access import StaleForm, form_key_or_refuse, get_game, message, stale_form

SUIT_NAMES = {
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
}


@require_safe
def game(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game(request, public_id)
    return offline.keep_copy(request, render_table(request, game), game)


@require_safe
def live(request: HttpRequest, public_id: str) -> HttpResponse:
    """Polled with the page's version (``?v=``): 204 when unchanged (one query), else the table.
    A stopped link or deleted session gets a line in place of the table: a 200, so the browser
    logs no error, with no poll of its own, so the asking stops. Any other request: 404."""
    try:
        game = get_game(request, public_id)
    except Http404:
        element = request.headers.get("HX-Target")
        if not request.htmx or element not in ("table", "kozel"):
            raise
        context = {"element": element, "public_id": public_id}
        return render(request, "games/_link_ended.html", context)
    if request.GET.get("v") == str(game.version):
        return HttpResponse(status=204)
    return render_table(request, game, partial=True)


def render_table(
    request: HttpRequest,
    game: Game,
    *,
    error: str | None = None,
    error_for: str = "",
    status: int = 200,
    partial: bool = False,
    posted: Mapping[str, str] | None = None,
) -> HttpResponse:
    """A view-only link's table holds no form, token or form key, so the swap its followers
    poll for is drawn once per version and language and kept in the "tables" cache.
    ``posted``: what the refused form sent, when it is not this request's form."""
    kind = kind_of(game.kind)
    partial = partial or bool(request.htmx)
    kept = None
    if partial and game.role == "view" and status == 200:
        kept = f"table:{game.public_id}:{game.version}:{get_language()}"
        if (html := caches["tables"].get(kept)) is not None:
            return HttpResponse(html)
    table = services.load(game)
    refused = status >= 400
    posted = request.POST if posted is None else posted
    if isinstance(table, services.RoundsTable):
        context = rounds.rounds_context(table, posted if refused else None)
        state_of = offline.rounds_state
    elif isinstance(table, services.KozelTable):
        context = kozel_context(table)
        state_of = offline.kozel_state
    else:
        typed = posted if refused and error_for == "tricks" else None
        context = oh_hell_context(table, request.GET.get("seat"), typed)
        state_of = offline.oh_hell_state
    if game.can_edit:
        # What the phone needs to go on if the connection drops (docs/phone.md, "Offline").
        context["offline"] = state_of(table, context)
    # A refused form comes back with what was typed, so nothing has to be entered twice.
    context.update(
        game=game,
        error=error,
        error_for=error_for,
        posted=posted if refused else {},
    )
    template = f"{kind.template}#{kind.element}" if partial else kind.template
    response = render(request, template, context, status=status)
    if kept:
        caches["tables"].set(kept, response.content.decode())
    spoken = spoken_news(context, error_for) if request.htmx and status == 200 else None
    if spoken:
        # A swapped table is new to a screen reader: the live region (base.html) says what.
        trigger_client_event(response, "announce", spoken)
    return response


#: Form fields whose service keyword has another name.
KEYWORDS = {"deal": "deal_number", "trick": "trick_number", "took_trick": "zero_team_took_trick"}


def keywords(data: dict, post: dict) -> dict:
    return {KEYWORDS.get(name, name): value for name, value in data.items()}


def bid_keywords(data: dict, post: dict) -> dict:
    # A form without ``was`` (an old page) skips the check.
    return {k: v for k, v in keywords(data, post).items() if k != "was" or "was" in post}


def round_keywords(data: dict, post: dict) -> dict:
    return {"round_number": data["deal"], "entry": inputs.entry_of(post)}


def tricks_keywords(data: dict, post: dict) -> dict:
    # Every seat a table can have: the service takes the table's own.
    tricks = forms.seat_values(post, "tricks", oh_hell.MAX_PLAYERS)
    return {**keywords(data, post), "tricks": tricks}


@dataclass(frozen=True)
class Action:
    """``error_for``: where a refusal shows; ``arguments``: the service's keywords."""

    form: type
    service: Callable[..., object]
    error_for: str
    arguments: Callable[[dict, dict], dict] = keywords


ACTIONS = {
    "trump": Action(forms.TrumpForm, services.set_trump, "trump"),
    "bid": Action(forms.BidForm, services.place_bid, "bids", bid_keywords),
    "trick": Action(forms.TrickForm, services.record_trick, "play"),
    "undo_trick": Action(forms.UndoTrickForm, services.undo_trick, "play"),
    "tricks": Action(forms.DealForm, services.record_tricks, "tricks", tricks_keywords),
    "revoke": Action(forms.RevokeForm, services.record_revoke, "revoke"),
    "adjust": Action(forms.AdjustmentForm, services.add_adjustment, "adjust"),
    "kozel_deal": Action(forms.KozelDealForm, services.record_kozel_deal, "kozel"),
    "round": Action(forms.DealForm, services.record_round, "round", round_keywords),
    "bids": Action(forms.DealForm, services.record_bids, "round", round_keywords),
    "end_game": Action(forms.EndForm, services.end_game, "round", lambda data, post: {}),
    "undo": Action(forms.UndoForm, services.undo_last, "undo"),
}


@dataclass(frozen=True)
class Refusal:
    """An entry not made: its answer's status, why (in the visitor's language), and where
    the table shows it."""

    status: int
    reason: str
    error_for: str


def apply_entry(game: Game, action: str, data: Mapping[str, str]) -> Refusal | None:
    """One entry (ACTIONS) as its form sent it, made at most once per form key: None when
    made, now or before. After it ``game`` has the session's version. Http404 if the session
    was deleted meanwhile."""
    entry = ACTIONS[action]
    form = entry.form(data)
    if not form.is_valid():
        first = next(iter(form.errors.values()))[0]
        return Refusal(422, first, entry.error_for)
    try:
        entry.service(
            game=game,
            idempotency_key=inputs.form_key(data),
            **entry.arguments(form.cleaned_data, data),
        )
    except Game.DoesNotExist:
        raise Http404 from None  # deleted meanwhile
    except (RuleError, Conflict) as refusal:
        game.refresh_from_db()  # the session as it stands: the action's copy went
        status = 409 if isinstance(refusal, Conflict) else 422
        return Refusal(status, message(refusal), entry.error_for)
    return None


@require_POST
def act(request: HttpRequest, public_id: str, action: str) -> HttpResponse:
    """One entry at the table (ACTIONS), at most once per form key."""
    game = get_game(request, public_id, write=True)
    refusal = apply_entry(game, action, request.POST)
    if refusal is not None:
        return render_table(
            request,
            game,
            error=refusal.reason,
            error_for=refusal.error_for,
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


def spoken_news(context: dict, action: str) -> str | None:
    """One sentence for a screen reader after an action, or None."""
    announcement = context.get("announcement")
    if action == "bids" and announcement is not None:
        return _("%(call)s: %(bids)s bid for %(tricks)s.") % {
            "call": call_words(announcement),
            "bids": announcement.bids,
            "tricks": announcement.tricks,
        }
    last = context.get("last")
    if action == "tricks" and last:
        leaders = [name for standing, name in context["standings"] if standing.place == 1]
        return _("Deal %(number)s scored. Leading: %(names)s.") % {
            "number": last["deal"].plan.number,
            "names": ", ".join(leaders),
        }
    if action == "kozel" and last:
        result = context["result"]
        if result.finished and result.goat is not None:
            return _("%(team)s are the goat!") % {"team": context["table"].team_names(result.goat)}
        points = " – ".join(str(team["defeat_points"]) for team in context["teams"])
        return _("Deal %(number)s saved. Defeat points: %(points)s.") % {
            "number": last.number,
            "points": points,
        }
    return None


def call_words(announcement: oh_hell.Announcement) -> str:
    """OVER by 2, UNDER by 1, EVEN: the call after the bids (seed 001's three words)."""
    if announcement.call == "over":
        return _("OVER by %(by)s") % {"by": announcement.by}
    if announcement.call == "under":
        return _("UNDER by %(by)s") % {"by": announcement.by}
    return _("EVEN")


@dataclass
class BidRow:
    seat: int
    name: str
    dealer: bool
    bid: int | None
    turn: bool
    out_of_turn: bool
    can_change: bool
    taken: int
    #: The scorekeeper may pick this player to bid (out of turn) or change the bid.
    pickable: bool = False


def oh_hell_context(table: services.OhHellTable, selected: str | None, posted_tricks=None) -> dict:
    result = table.result
    plan = table.plan
    context: dict = {
        "table": table,
        "result": result,
        "plan": plan,
        "names": table.names,
        "standings": [(s, table.names[s.seat]) for s in result.standings],
        "last": last_deal_summary(table),
        "total_deals": len(result.plans),
        "suit_buttons": [(value, symbol, _(SUIT_NAMES[value])) for value, symbol in forms.SUITS],
        "winner_names": [table.names[seat] for seat in result.winners],
    }
    if plan is None:
        return {**context, "error_places": ["undo"]}
    deal = table.current
    bidding = table.bidding
    winners = deal.trick_winners
    taken = oh_hell.tally_tricks(winners, plan.cards, table.players)
    rows = [
        BidRow(
            seat=seat,
            name=table.names[seat],
            dealer=seat == plan.dealer,
            bid=bidding.bids.get(seat),
            turn=seat == bidding.to_bid,
            out_of_turn=seat in bidding.out_of_turn,
            can_change=bidding.can_change(seat),
            taken=taken[seat],
        )
        for seat in bidding.order
    ]
    chosen = bidding.to_bid
    seat = inputs.choice_of(selected, low=0, high=table.players - 1)
    if seat is not None and (seat not in bidding.bids or bidding.can_change(seat)):
        chosen = seat
    for row in rows:
        row.pickable = row.seat != chosen and (row.bid is None or row.can_change)
    prefill = list(taken) if len(winners) == plan.cards else [None] * table.players
    if posted_tricks is not None:
        prefill = [
            inputs.choice_of(posted_tricks.get(f"tricks-{seat}"), low=0, high=plan.cards)
            for seat in range(table.players)
        ]
    hands = table.hands_of(deal)
    context.update(
        deal=deal,
        deal_number=table.deal_number(deal),
        replay=bool(result.deals) and result.deals[-1].revoked,
        bidding=bidding,
        rows=rows,
        chosen=chosen,
        chosen_name=table.names[chosen] if chosen is not None else "",
        chosen_bid=bidding.bids.get(chosen),
        keypad=list(range(plan.cards + 1)),
        forbidden=bidding.forbidden(chosen) if chosen is not None else None,
        bids_total=sum(bidding.bids.values()),
        announcement=bidding.announcement(),
        # Every bid in and none of the tricks played: a bid may still change.
        changing=bidding.announcement() is not None and chosen is not None,
        trick_number=len(winners) + 1,
        tricks_played=len(winners),
        play_over=len(winners) == plan.cards,
        tricks_rows=[
            (seat, table.names[seat], hands[seat].bid if seat in hands else None, prefill[seat])
            for seat in bidding.order
        ],
        trump_fixed=plan.trump is not None,
        dealer_name=table.names[plan.dealer],
    )
    # Refusals show beside their control; others (a bid after the bidding closed) at the top.
    shown = ["play", "tricks", "revoke"] if context["announcement"] else ["trump", "bids"]
    context["error_places"] = ["undo", *shown, *(["adjust"] if context["last"] else [])]
    return context


def last_deal_summary(table: services.OhHellTable) -> dict | None:
    if not table.result.deals:
        return None
    scored = table.result.deals[-1]
    record = scored.record
    rows = [
        {
            "name": table.names[seat],
            "bid": record.bids[seat],
            "tricks": record.tricks[seat] if record.tricks else None,
            "made": scored.made[seat],
            "score": scored.scores[seat],
            "total": scored.totals[seat],
            "revoked": record.revoke == seat,
            "why": explained(oh_hell.explain_deal(scored, seat, table.rules)),
        }
        for seat in range(table.players)
    ]
    return {"deal": scored, "rows": rows, "number": len(table.result.deals)}


def kozel_context(table: services.KozelTable) -> dict:
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

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
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from games import forms, inputs, services
from games.kinds import kind_of
from games.models import Game
from games.rules import RuleError, oh_hell
from games.services import Conflict
from games.views import offline
from games.views.access import StaleForm, form_key_or_refuse, get_game, message, stale_form


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
    screens = table.screens()
    context = screens.table_context(request, table, posted if refused else None, error_for)
    if game.can_edit:
        # What the phone needs to go on if the connection drops (docs/phone.md, "Offline").
        context["offline"] = screens.offline_state(table, context)
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

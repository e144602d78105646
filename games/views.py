"""Thin function views: load, check access, parse, call a service, render.

The same URL answers with the full page, or with the swapped element's partial
when htmx asks. Plain POSTs redirect (post/redirect/get); a refused action
renders the page again with the message beside the control and a 4xx status.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.crypto import constant_time_compare
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe
from django_htmx.http import HttpResponseClientRedirect, trigger_client_event

from games import forms, inputs, jinja, page_cache, roles, rows, services
from games.models import Game, Notebook, Player, ShareLink, new_key
from games.page_cache import cached_render, session_key
from games.qr import qr_svg
from games.rules import RuleError, kozel, oh_hell
from games.services import Conflict
from scorekeeper.middleware import never_compress

NOTEBOOK_COOKIE = "notebook"
LINKS_COOKIE = "links"
MAX_LINKS = 20
COOKIE_AGE = 5 * 365 * 24 * 3600
HOME_FINISHED = 10  # finished sessions listed on the home page

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "NT"}
SUIT_NAMES = {
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
}


# -- access ------------------------------------------------------------------------


def notebook_key(request: HttpRequest) -> str:
    """The notebook key this browser's cookie holds, or "" when it holds none that the
    app could have made (games.inputs.token_ok)."""
    key = request.COOKIES.get(NOTEBOOK_COOKIE, "")
    return key if inputs.token_ok(key) else ""


def current_notebook(request: HttpRequest) -> Notebook | None:
    key = notebook_key(request)
    return Notebook.objects.filter(key=key).first() if key else None


#: On a first visit, the key the notebook will have once something is made in it
#: (services.notebook_of_visitor): signed, so only this app can promise a key.
PROMISE_COOKIE = "new_notebook"
PROMISE_SALT = "games.views.promise"


def promised_key(request: HttpRequest) -> str | None:
    """The notebook key this browser was promised on its first visit, if any."""
    key = request.get_signed_cookie(PROMISE_COOKIE, default=None, salt=PROMISE_SALT)
    return key if key and inputs.token_ok(key) else None


def promise_notebook(
    request: HttpRequest, response: HttpResponse, notebook: Notebook | None
) -> HttpResponse:
    """A page whose form may make this browser's first notebook (``notebook`` None):
    promise it a key, so that two tabs, two taps or a retry make one notebook, not
    one each."""
    if notebook is None and promised_key(request) is None:
        response.set_signed_cookie(
            PROMISE_COOKIE,
            new_key(),
            salt=PROMISE_SALT,
            max_age=COOKIE_AGE,
            httponly=True,
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
    return response


def form_key_or_refuse(request: HttpRequest) -> str:
    """The once-only key that every form that creates something carries
    (games/templatetags/form_keys.py); a POST without one is refused (StaleForm)."""
    key = inputs.form_key(request.POST)
    if key is None:
        raise StaleForm
    return key


class StaleForm(Exception):
    """A creating form without its once-only key: a page from before the key, or a
    hand-made request. Answered 400 (see stale_form)."""


def stale_form(request: HttpRequest) -> HttpResponse:
    reason = _("This form is out of date: reload the page and try again.")
    return render(request, "400.html", {"reason": reason}, status=400)


def remember(response: HttpResponse, notebook: Notebook) -> HttpResponse:
    response.delete_cookie(PROMISE_COOKIE, samesite="Lax")
    response.set_cookie(
        NOTEBOOK_COOKIE,
        notebook.key,
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


def link_keys(request: HttpRequest) -> list[str]:
    """Share-link keys this browser has opened (view-only or co-scorekeeper)."""
    raw = request.COOKIES.get(LINKS_COOKIE, "")
    return [key for key in raw.split(".") if inputs.token_ok(key)][:MAX_LINKS]


@functools.cache
def game_sql() -> str:
    """The session and its notebook's key and name, in one query.

    Written out because every request of a session starts with it, the live polls
    too: building it with the ORM cost three times as long as running it
    (docs/performance.md)."""
    game, notebook = rows.table_of(Game), rows.table_of(Notebook)
    return (
        f"SELECT {rows.columns(Game).sql}, {notebook}.{rows.q('key')}, {notebook}.{rows.q('name')}"
        f" FROM {game}"
        f" JOIN {notebook} ON {notebook}.{rows.q('id')} = {game}.{rows.q('notebook_id')}"
        f" WHERE {game}.{rows.q('public_id')} = %s"
    )


def game_row(public_id: str) -> Game:
    """The session with its notebook (id, key and name), in one query; 404 if none."""
    found = rows.fetch(game_sql(), [public_id])
    if not found:
        raise Http404
    *values, key, name = found[0]
    game = rows.columns(Game).build(values)
    game.notebook = Notebook.from_db(
        connection.alias, ["id", "key", "name"], [game.notebook_id, key, name]
    )
    return game


def get_game(request: HttpRequest, public_id: str, *, write: bool = False) -> Game:
    """The session, if this visitor may see it; 404 otherwise.

    The notebook's owner (its cookie) and a co-scorekeeper link may change it; a
    view-only link may only look (a write answers 403). The game gets
    ``can_edit`` and ``is_owner`` for the templates.
    """
    game = game_row(public_id)
    cookie = notebook_key(request)
    game.is_owner = bool(cookie) and constant_time_compare(cookie, game.notebook.key)
    game.can_edit = game.is_owner
    if not game.is_owner:
        keys = link_keys(request)
        roles = (
            set(
                ShareLink.objects.filter(
                    game=game, key__in=keys, revoked_at__isnull=True
                ).values_list("role", flat=True)
            )
            if keys
            else set()
        )
        if not roles:
            raise Http404
        game.can_edit = ShareLink.Role.EDIT in roles
    if write and not game.can_edit:
        raise PermissionDenied(_("This link can only view the session, not change it."))
    return game


def message(error: RuleError | Conflict) -> str:
    """The refusal in the visitor's language."""
    params = {
        key: message(value) if isinstance(value, RuleError) else value
        for key, value in error.params.items()
    }
    return _(error.template) % params if params else _(error.template)


# -- home, notebook, players -----------------------------------------------------------


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return home_page(request, current_notebook(request))


def home_page(
    request: HttpRequest, notebook: Notebook | None, extra: dict | None = None, status: int = 200
) -> HttpResponse:
    """The home page: the notebook's sessions (in play first), or the welcome page.
    ``extra``: what an action adds (the deleted session's Undo)."""
    games = []
    if notebook is not None:
        # Every session in play, then the few last finished (the rest: Finished sessions);
        # one query however long the notebook's history.
        recent = notebook.games.filter(finished_at__isnull=False).order_by("-finished_at")
        games = list(
            notebook.games.filter(
                Q(finished_at__isnull=True) | Q(pk__in=recent.values("pk")[:HOME_FINISHED])
            ).prefetch_related("seats__player")
        )
        games.sort(key=lambda g: (g.finished_at is not None, -(g.updated_at.timestamp())))
    context = {"notebook": notebook, "games": games, **(extra or {})}
    response = render(request, "games/home.html", context, status=status)
    return promise_notebook(request, response, notebook)


@require_safe
def open_notebook(request: HttpRequest, key: str) -> HttpResponse:
    """The notebook's secret link: opens it on this device."""
    notebook = Notebook.objects.filter(key=key).first()
    if notebook is None:
        raise Http404
    return remember(redirect("home"), notebook)


@never_compress  # the page shows the notebook's secret link
@require_safe
def notebook(request: HttpRequest) -> HttpResponse:
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    return render(request, "games/notebook.html", notebook_context(request, notebook, {}))


def notebook_context(request: HttpRequest, notebook: Notebook, errors: dict) -> dict:
    link = request.build_absolute_uri(reverse("open_notebook", args=[notebook.key]))
    return {
        "notebook": notebook,
        "players": list(notebook.players.all()),
        "link": link,
        "qr": qr_svg(link, _("QR code of the notebook's link")),
        "errors": errors,
    }


@require_POST
def renew_notebook_link(request: HttpRequest) -> HttpResponse:
    """A new secret link for the notebook: the old one, and every phone that used it, is
    shut out; this phone keeps the notebook."""
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    try:
        key = form_key_or_refuse(request)
    except StaleForm:
        return stale_form(request)
    notebook = services.renew_notebook_link(notebook=notebook, form_key=key)
    return remember(redirect("notebook"), notebook)


@never_compress  # a refused name shows the notebook page again, with its secret link
@require_POST
def rename_player(request: HttpRequest, public_id: str) -> HttpResponse:
    notebook = current_notebook(request)
    player = Player.objects.filter(public_id=public_id, notebook=notebook).first()
    if notebook is None or player is None:
        raise Http404
    try:
        services.rename_player(player=player, name=request.POST.get("name", ""))
    except RuleError as error:
        context = notebook_context(request, notebook, {player.public_id: message(error)})
        return render(request, "games/notebook.html", context, status=422)
    return redirect("notebook")


# -- new session ------------------------------------------------------------------


def new_session(request: HttpRequest) -> HttpResponse:
    """The new session form. Seat moves and option changes come back to this view;
    Start creates the session (and the notebook, on a first visit)."""
    notebook = current_notebook(request)
    if request.method == "POST":
        state = forms.parse_new_session(request.POST)
    elif request.method in ("GET", "HEAD"):
        state = forms.parse_new_session(request.GET)
        if "again" in request.GET:
            state.names = []
    else:
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
    error = None
    status = 200
    action = state.action
    if action.startswith("add:") or action == "add":
        name = action[4:] if action.startswith("add:") else state.new_name
        try:
            name = services.clean_name(name)
            if name.casefold() in {n.casefold() for n in state.names}:
                raise RuleError(gettext_noop("%(name)s already has a seat."), name=name)
            if len(state.names) >= (4 if state.kind == "kozel" else oh_hell.MAX_PLAYERS):
                raise RuleError(gettext_noop("The table is full."))
            state.names.append(name)
            state.new_name = ""
        except RuleError as refusal:
            error, status = message(refusal), 422
    elif action.startswith(("up:", "down:", "remove:")):
        verb, _sep, raw = action.partition(":")
        index = inputs.choice_of(raw, low=0, high=len(state.names) - 1)
        if index is not None:
            if verb == "remove":
                state.names.pop(index)
            else:
                other = index - 1 if verb == "up" else index + 1
                if 0 <= other < len(state.names):
                    state.names[index], state.names[other] = state.names[other], state.names[index]
    elif action == "start" and request.method == "POST" and inputs.form_key(request.POST) is None:
        return stale_form(request)
    elif action == "start" and request.method == "POST":
        # "random", or a seat (anything else draws one too).
        first_dealer = inputs.choice_of(state.first_dealer, low=0, high=oh_hell.MAX_PLAYERS - 1)
        try:
            game = services.start_game(
                notebook=notebook,
                kind=state.kind,
                preset=state.preset,
                options=state.options,
                names=state.names,
                first_dealer=first_dealer,
                form_key=inputs.form_key(request.POST),
                promised_key=promised_key(request),
            )
        except RuleError as refusal:
            error, status = message(refusal), 422
        else:
            url = reverse("game", args=[game.public_id])
            response = HttpResponseClientRedirect(url) if request.htmx else redirect(url)
            return remember(response, game.notebook)
    context = new_session_context(notebook, state)
    context.update(error=error)
    template = "games/new.html#new-session" if request.htmx else "games/new.html"
    response = render(request, template, context, status=status)
    return promise_notebook(request, response, notebook)


def new_session_context(notebook: Notebook | None, state: forms.NewSession) -> dict:
    known = list(notebook.players.all()) if notebook else []
    seated = {name.casefold() for name in state.names}
    preview = None
    preview_error = None
    kind = state.kind
    try:
        if kind == "kozel":
            rules = services.kozel_rules(state.options)
            preview = kozel_preview(rules)
        else:
            rules = services.oh_hell_rules(state.options)
            players = len(state.names) if 3 <= len(state.names) <= 7 else 4
            preview = schedule_preview(rules, players, assumed=len(state.names) != players)
    except RuleError as refusal:
        preview_error = message(refusal)
    options = state.options
    return {
        "state": state,
        "options": options,
        "presets": forms.PRESET_NAMES[kind],
        "choices": forms.OH_HELL_CHOICES if kind == "oh_hell" else forms.KOZEL_CHOICES,
        "known_players": [p for p in known if p.name.casefold() not in seated],
        "preview": preview,
        "preview_error": preview_error,
        "custom_text": " ".join(str(n) for n in options.get("custom_schedule", []) or []),
        "max_players": 4 if kind == "kozel" else oh_hell.MAX_PLAYERS,
        "teams": kind == "kozel",
    }


def schedule_preview(rules: oh_hell.OhHellRules, players: int, assumed: bool) -> dict:
    plans = oh_hell.plan(rules, players, 0)
    cards = [p.cards for p in plans]
    no_trump = [p.number for p in plans if p.no_trump]
    hook = [p.number for p in plans if p.hook]
    return {
        "players": players,
        "assumed": assumed,
        "deals": len(plans),
        "cards": cards,
        "no_trump": no_trump,
        "last_no_trump": bool(no_trump) and no_trump == [len(plans)],
        "hook_deals": len(hook),
    }


def kozel_preview(rules: kozel.KozelRules) -> dict:
    return {"limit": rules.match_limit, "two_from": rules.two_point_from}


# -- a session ---------------------------------------------------------------------


@require_safe
def game(request: HttpRequest, public_id: str) -> HttpResponse:
    return session_page(
        request, public_id, "game", lambda game, extra: render_game(request, game, extra=extra)
    )


def render_game(
    request: HttpRequest,
    game: Game,
    *,
    error: str | None = None,
    error_for: str = "",
    status: int = 200,
    partial: bool = False,
    extra: dict | None = None,
) -> HttpResponse:
    """The deal screen, or only its element (the table that htmx swaps): the element
    is a Jinja2 template (games/jinja.py), the page around it Django's."""
    context, page, element = game_context(
        request, game, error=error, error_for=error_for, refused=status >= 400
    )
    context.update(extra or {})
    drawn = jinja.render(element, context)
    if partial or (request.htmx and request.method == "POST"):
        response = HttpResponse(drawn, status=status)
    else:
        response = render(request, page, {**context, "element": mark_safe(drawn)}, status=status)
    spoken = spoken_news(context, error_for) if request.htmx and status == 200 else None
    if spoken:
        # The swapped element is new to a screen reader; the page's own live region
        # (#announcer, in base.html) says what just happened.
        trigger_client_event(response, "announce", spoken)
    return response


def game_context(
    request: HttpRequest, game: Game, *, error: str | None, error_for: str, refused: bool
) -> tuple[dict, str, str]:
    """What a deal screen shows, the page's template and the element's; ``refused``:
    the answer to a refused form, which shows what was typed."""
    table = services.load_to_show(game)
    if game.kind == Game.Kind.KOZEL:
        context = kozel_context(table)
        page, element = "games/kozel.html", "games/kozel_table.jinja"
    else:
        posted = request.POST if refused and error_for == "tricks" else None
        context = oh_hell_context(table, request.GET.get("seat"), posted)
        page, element = "games/oh_hell.html", "games/oh_hell_table.jinja"
    # A refused form comes back with what was typed, so nothing has to be entered twice.
    context.update(
        request=request,
        game=game,
        urls=session_urls(game.public_id),
        error=error,
        error_for=error_for,
        posted=request.POST if refused else {},
    )
    return context, page, element


#: The URLs a session's deal screen links and posts to.
SESSION_URLS = (
    "live",
    "sheet",
    "history",
    "share",
    "undo",
    "trump",
    "bid",
    "trick",
    "undo_trick",
    "tricks",
    "revoke",
    "adjust",
    "play_again",
    "kozel_deal",
)


@functools.lru_cache(maxsize=2048)
def session_urls(public_id: str) -> dict[str, str]:
    """Each of SESSION_URLS for this session, reversed once per process: the deal
    screen names them 17 times, and {% url %} reversed each anew in every render."""
    return {name: reverse(name, args=[public_id]) for name in SESSION_URLS}


def spoken_news(context: dict, action: str) -> str | None:
    """One sentence for a screen reader after an action, or None."""
    announcement = context.get("announcement")
    if action == "bids" and announcement is not None:
        call = {
            "over": _("OVER by %(by)s") % {"by": announcement.by},
            "under": _("UNDER by %(by)s") % {"by": announcement.by},
            "even": _("EVEN"),
        }[announcement.call]
        return _("%(call)s: %(bids)s bid for %(tricks)s.") % {
            "call": call,
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
        return context
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
    forbidden = bidding.forbidden(chosen) if chosen is not None else None
    tricks_prefill = list(taken) if len(winners) == plan.cards else [None] * table.players
    if posted_tricks is not None:
        tricks_prefill = [
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
        chosen_bid=bidding.bids.get(chosen) if chosen is not None else None,
        keypad=list(range(plan.cards + 1)),
        forbidden=forbidden,
        bids_total=sum(bidding.bids.values()),
        announcement=bidding.announcement(),
        trick_number=len(winners) + 1,
        tricks_played=len(winners),
        play_over=len(winners) == plan.cards,
        tricks_rows=[
            (
                seat,
                table.names[seat],
                hands[seat].bid if seat in hands else None,
                count_keys(seat, plan.cards, tricks_prefill[seat]),
            )
            for seat in bidding.order  # the same order as the bids above
        ],
        trump_fixed=plan.trump is not None,
        dealer_name=table.names[plan.dealer],
    )
    return context


def count_keys(seat: int, cards: int, checked: int | None) -> str:
    """One player's row of trick counts, 0 to ``cards``, as radio keys.

    Written here rather than in the template: the rows of every player are the
    largest loop of the deal screen, a quarter of its render in Django's template
    language. Only whole numbers go in, so there is nothing to escape."""
    return mark_safe(
        "".join(
            f'<label class="radio-key"><input type="radio" name="tricks-{seat:d}"'
            f' value="{n:d}"{" checked" if n == checked else ""}><span>{n:d}</span></label>'
            for n in range(cards + 1)
        )
    )


def last_deal_summary(table: services.OhHellTable) -> dict | None:
    """The deal just scored: who made their bid, the points and the new totals."""
    if not table.result.deals:
        return None
    scored = table.result.deals[-1]
    players = table.players
    record = scored.record
    rows = []
    for seat in range(players):
        rows.append(
            {
                "name": table.names[seat],
                "bid": record.bids[seat],
                "tricks": record.tricks[seat] if record.tricks else None,
                "made": scored.made[seat],
                "score": scored.scores[seat],
                "total": scored.totals[seat],
                "revoked": record.revoke == seat,
            }
        )
    return {"deal": scored, "rows": rows, "number": len(table.result.deals)}


def kozel_context(table: services.KozelTable) -> dict:
    result = table.result
    limit = table.rules.match_limit
    teams = []
    for team in (0, 1):
        points = result.defeat_points[team]
        teams.append(
            {
                "team": team,
                "name": table.team_names(team),
                "defeat_points": points,
                "percent": min(100, round(100 * points / limit)),
                "goat": result.goat == team,
            }
        )
    deal_number = len(table.deals) + 1
    last = result.outcomes[-1] if result.outcomes else None
    return {
        "table": table,
        "result": result,
        "teams": teams,
        "limit": limit,
        "names": table.names,
        "deal_number": deal_number,
        "dealer_name": table.names[result.next_dealer] if result.next_dealer is not None else "",
        "leader_name": table.names[result.next_leader] if result.next_leader is not None else "",
        "last": last,
        "last_loser_name": table.team_names(last.loser) if last and last.loser is not None else "",
        "last_loser_points": sum(last.defeat_points) if last else 0,
        "seats": list(enumerate(table.names)),
    }


def _act(
    request: HttpRequest,
    public_id: str,
    form_class: type,
    service: Callable[..., object],
    arguments: Callable[[dict], dict],
    error_for: str,
) -> HttpResponse:
    """Run one action on a session, then answer as the request needs.

    Access is checked as every page of the session checks it (visible_version: no
    query on PostgreSQL once this process knows the visitor); the action then reads
    the session's row itself, under its lock, so nothing reads it before.
    ``arguments`` turns the form's cleaned data into the service's keywords; the
    form's idempotency key goes with them, so a repeated form changes nothing.
    """
    visible = visible_version(request, public_id)
    if visible is None:
        raise Http404
    if visible.role == "view":
        raise PermissionDenied(_("This link can only view the session, not change it."))
    form = form_class(request.POST)
    if not form.is_valid():
        first = next(iter(form.errors.values()))[0]
        game = get_game(request, public_id, write=True)
        return render_game(request, game, error=first, error_for=error_for, status=422)
    error, status = None, 200
    key = inputs.form_key(request.POST)
    game = Game(public_id=public_id)  # the action fills it in from the row it locks
    try:
        service(game=game, idempotency_key=key, **arguments(form.cleaned_data))
    except Game.DoesNotExist:
        raise Http404 from None  # deleted meanwhile
    except RuleError as refusal:
        error, status = message(refusal), 422
    except Conflict as conflict:
        error, status = message(conflict), 409
    if status == 200 and not request.htmx:
        return redirect("game", public_id)
    if status != 200:  # refused: the session as it stands, the action's copy went
        game = get_game(request, public_id, write=True)
        return render_game(request, game, error=error, error_for=error_for, status=status)
    in_role(game, visible.role)
    if game.version == visible.version:  # the same form again: nothing changed
        return render_game(request, game, error_for=error_for)
    return answer_and_draw_ahead(request, game, visible.role, error_for)


def answer_and_draw_ahead(
    request: HttpRequest, game: Game, role: str, error_for: str
) -> HttpResponse:
    """The scorekeeper's answer after an entry and, from the same render, the live swap
    of every other role that follows this session in this process in the answer's
    language (games/roles.py), kept (games/page_cache.py): each
    follower's next poll is then a lookup instead of a request that reads and draws
    the session again. Followers in other languages get a render each (draw_ahead).
    The scorekeeper's own role is left out of the followers: its phone has its
    answer, and another of its phones draws its swap when it asks."""
    language = get_language() or ""
    followers = sorted(f for f in page_cache.followers(game.public_id) if f[0] != "owner")
    here = [seen for seen, spoken in followers if spoken == language]
    views = [{"game": as_role(game, role), "error_for": error_for}]
    views += [{"game": as_role(game, seen), "error_for": ""} for seen in here]
    extra = {**page_cache.placeholders(), roles.ROLE_VIEWS: views}
    response = render_game(request, game, error_for=error_for, extra=extra)
    pages = roles.cut(response.content.decode(), len(views))
    response.content = page_cache.fill(pages[0], request)
    path = session_urls(game.public_id)["live"]
    for seen, html in zip(here, pages[1:], strict=True):
        page_cache.keep_live_swap(game.public_id, game.version, seen, language, path, html)
    draw_ahead(request, game, [(seen, spoken) for seen, spoken in followers if spoken != language])
    return response


def in_role(game: Game, role: str) -> Game:
    """``game`` as a visitor in ``role`` ("owner", "edit" or "view") sees it."""
    game.is_owner, game.can_edit = role == "owner", role != "view"
    return game


def as_role(game: Game, role: str) -> Game:
    """A copy of the session's row as a visitor in ``role`` sees it (the row unchanged)."""
    return in_role(copy.copy(game), role)


def draw_ahead(request: HttpRequest, game: Game, followers: list[tuple[str, str]]) -> None:
    """The live swap of each of these (role, language) followers, drawn now and kept,
    one render each (answer_and_draw_ahead draws those of the answer's language)."""
    path = session_urls(game.public_id)["live"]
    for role, language in followers:
        with translation.override(language or settings.LANGUAGE_CODE):
            drawn = render_game(
                request, as_role(game, role), partial=True, extra=page_cache.placeholders()
            )
        page_cache.keep_live_swap(
            game.public_id, game.version, role, language, path, drawn.content.decode()
        )


@require_POST
def trump(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.TrumpForm,
        services.set_trump,
        lambda data: {"deal_number": data["deal"], "trump": data["trump"]},
        "trump",
    )


@require_POST
def bid(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.BidForm,
        services.place_bid,
        lambda data: {
            "deal_number": data["deal"],
            "seat": data["seat"],
            "bid": data["bid"],
            # A form without the field (an old page) skips the check.
            "was": data["was"] if "was" in request.POST else ...,
        },
        "bids",
    )


@require_POST
def trick(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.TrickForm,
        services.record_trick,
        lambda data: {
            "deal_number": data["deal"],
            "trick_number": data["trick"],
            "seat": data["seat"],
        },
        "play",
    )


@require_POST
def undo_trick(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.UndoTrickForm,
        services.undo_trick,
        lambda data: {"deal_number": data["deal"], "trick_number": data["trick"]},
        "play",
    )


@require_POST
def tricks(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.DealForm,
        services.record_tricks,
        lambda data: {
            "deal_number": data["deal"],
            # Every seat a table can have: the service takes the table's own.
            "tricks": forms.seat_values(request.POST, "tricks", oh_hell.MAX_PLAYERS),
        },
        "tricks",
    )


@require_POST
def revoke(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.RevokeForm,
        services.record_revoke,
        lambda data: {"deal_number": data["deal"], "seat": data["seat"]},
        "revoke",
    )


@require_POST
def adjust(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.AdjustmentForm,
        services.add_adjustment,
        lambda data: {
            "deal_number": data["deal"],
            "seat": data["seat"],
            "points": data["points"],
            "note": data["note"],
        },
        "adjust",
    )


@require_POST
def kozel_deal(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.KozelDealForm,
        services.record_kozel_deal,
        lambda data: {
            "deal_number": data["deal"],
            "team": data["team"],
            "points": data["points"],
            "zero_team_took_trick": data["took_trick"],
            "last_trick_seat": data["last_trick_seat"],
        },
        "kozel",
    )


@require_POST
def undo(request: HttpRequest, public_id: str) -> HttpResponse:
    return _act(
        request,
        public_id,
        forms.UndoForm,
        services.undo_last,
        lambda data: {"version": data["version"]},
        "undo",
    )


@require_POST
def play_again(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game(request, public_id, write=True)
    if not game.is_owner:  # the new session goes into the owner's notebook
        raise PermissionDenied(_("Only the notebook's owner can start a session."))
    try:
        new = services.play_again(game=game, form_key=form_key_or_refuse(request))
    except StaleForm:
        return stale_form(request)
    url = reverse("game", args=[new.public_id])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


# -- sharing and following live ----------------------------------------------------


@never_compress  # the page shows the session's share links
def share(request: HttpRequest, public_id: str) -> HttpResponse:
    """Links and QR codes for view-only visitors and co-scorekeepers (owner only)."""
    game = get_game(request, public_id, write=True)
    if not game.is_owner:
        raise PermissionDenied(_("Only the notebook's owner can share this session."))
    if request.method == "POST":
        role = request.POST.get("role", "")
        try:
            if request.POST.get("action") == "revoke":
                services.revoke_share_link(game=game, role=role)
            else:
                key = form_key_or_refuse(request)
                services.new_share_link(game=game, role=role, form_key=key)
        except StaleForm:
            return stale_form(request)
        except RuleError as refusal:
            return render_share(request, game, error=message(refusal), status=422)
        return redirect("share", public_id)
    if request.method not in ("GET", "HEAD"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
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
        link = links.get(role)
        url = request.build_absolute_uri(reverse("join", args=[link.key])) if link else ""
        cards.append(
            {
                "role": role,
                "title": title,
                "text": text,
                "url": url,
                "qr": qr_svg(url, _("QR code: %(title)s") % {"title": title}) if url else "",
            }
        )
    context = {"game": game, "cards": cards, "error": error}
    return render(request, "games/share.html", context, status=status)


@require_safe
def join(request: HttpRequest, key: str) -> HttpResponse:
    """A share link: this browser may now open the session (as the link allows)."""
    link = ShareLink.objects.filter(key=key, revoked_at__isnull=True).select_related("game").first()
    if link is None:
        raise Http404
    keys = [k for k in link_keys(request) if k != key]
    response = redirect("game", link.game.public_id)
    response.set_cookie(
        LINKS_COOKIE,
        ".".join([key, *keys][:MAX_LINKS]),
        max_age=COOKIE_AGE,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    return response


@dataclass(frozen=True)
class Visible:
    version: int
    role: str  # "owner", "edit" (a co-scorekeeper link) or "view"


def visible_version(request: HttpRequest, public_id: str) -> Visible | None:
    """The session's version and this visitor's role, if they may see it (its
    notebook's cookie or a live share link), else None: visible_to for this
    request's cookies."""
    return visible_to(visitor_of(request), public_id)


def visitor_of(request: HttpRequest) -> tuple[str, tuple[str, ...]]:
    """Who asks, as the access check knows them: the notebook cookie ("-" for none)
    and the share-link keys."""
    return notebook_key(request) or "-", tuple(link_keys(request))


def visible_to(visitor: tuple[str, tuple[str, ...]], public_id: str) -> Visible | None:
    """The session's version and the role of ``visitor``, if they may see it, else
    None; one query, written out because every open page asks every few seconds (see
    game_sql)."""
    cookie, keys = visitor
    if keys:
        params = [cookie, *keys, ShareLink.Role.EDIT.value, public_id, cookie, *keys]
    else:
        params = [cookie, public_id, cookie]
    with connection.cursor() as cursor:
        cursor.execute(visible_sql(len(keys)), params)
        row = cursor.fetchone()
    seen = None if row is None else (int(row[0]), bool(row[1]), bool(row[2]))
    return None if seen is None else _visible(seen)


def _visible(seen: tuple[int, bool, bool]) -> Visible:
    version, is_owner, can_edit = seen
    return Visible(version, "owner" if is_owner else "edit" if can_edit else "view")


@functools.cache
def visible_sql(links: int) -> str:
    """visible_version's query for a browser with that many share links."""
    quote = connection.ops.quote_name
    game, notebook = quote(Game._meta.db_table), quote(Notebook._meta.db_table)
    owner = f"{notebook}.{quote('key')} = %s"
    select, where = "0", owner
    if links:
        table = quote(ShareLink._meta.db_table)
        linked = (
            f"SELECT 1 FROM {table} WHERE {table}.{quote('game_id')} = {game}.{quote('id')}"
            f" AND {table}.{quote('revoked_at')} IS NULL"
            f" AND {table}.{quote('key')} IN ({', '.join(['%s'] * links)})"
        )
        editor = f"EXISTS ({linked} AND {table}.{quote('role')} = %s)"
        select, where = f"CASE WHEN {editor} THEN 1 ELSE 0 END", f"({owner} OR EXISTS ({linked}))"
    return (
        f"SELECT {game}.{quote('version')}, CASE WHEN {owner} THEN 1 ELSE 0 END, {select}"
        f" FROM {game}"
        f" JOIN {notebook} ON {notebook}.{quote('id')} = {game}.{quote('notebook_id')}"
        f" WHERE {game}.{quote('public_id')} = %s AND {where}"
    )


@require_safe
def live(request: HttpRequest, public_id: str) -> HttpResponse:
    """Polled every few seconds by every open page of a session.

    Up to date (``v`` is the current version): 204, one small query (none on
    PostgreSQL once known) and no rendering. Otherwise the page's swappable
    element as it is now.
    """
    visible = visible_version(request, public_id)
    if visible is None:
        raise Http404  # app.js then stops polling
    if request.htmx and not request.htmx.history_restore_request and set(request.GET) <= {"v"}:
        page_cache.note_follower(public_id, visible.role)  # the next entry draws its swap
    if request.GET.get("v", "") == str(visible.version):
        return HttpResponse(status=204)
    # Every follower of a session asks for the same version: one render serves them all.
    return session_page(
        request,
        public_id,
        "live",
        lambda game, extra: render_game(request, game, partial=True, extra=extra),
        visible,
    )


def session_page(
    request: HttpRequest,
    public_id: str,
    name: str,
    render: Callable[[Game, dict], HttpResponse],
    visible: Visible | None = None,
) -> HttpResponse:
    """A session's page as kept for its version and this visitor's role
    (games/page_cache.py): one query when it is kept (none on PostgreSQL while
    this process knows the session: games/knowledge.py); otherwise the session is
    loaded and ``render(game, extra)`` draws the page, which is kept."""
    visible = visible or visible_version(request, public_id)
    if visible is None:
        raise Http404

    def draw(extra: dict) -> HttpResponse:
        # Access and role are what visible_version just checked.
        game = in_role(game_row(public_id), visible.role)
        response = render(game, extra)
        # Changed in between: shown, but not kept under the version asked about.
        response.keep = game.version == visible.version
        return response

    return cached_render(request, session_key(name, public_id, visible.version, visible.role), draw)


# -- the score sheet, corrections, history ---------------------------------------------


@require_safe
def sheet(request: HttpRequest, public_id: str) -> HttpResponse:
    return session_page(
        request, public_id, "sheet", lambda game, extra: render_sheet(request, game, extra)
    )


def render_sheet(request: HttpRequest, game: Game, extra: dict) -> HttpResponse:
    table = services.load_to_show(game)
    if game.kind == Game.Kind.KOZEL:
        context = kozel_context(table)
        return render(request, "games/kozel_sheet.html", {**context, "game": game, **extra})
    result = table.result
    rows = []
    for number, scored in enumerate(result.deals, start=1):
        record = scored.record
        rows.append(
            {
                "number": number,
                "plan": scored.plan,
                "dealer": table.names[scored.plan.dealer],
                "trump": SUIT_SYMBOLS.get(scored.trump or "", ""),
                "revoked": scored.revoked,
                "cells": [
                    {
                        "bid": record.bids[seat],
                        "tricks": record.tricks[seat] if record.tricks else None,
                        "made": scored.made[seat],
                        "score": scored.scores[seat],
                        "total": scored.totals[seat],
                        "revoked": record.revoke == seat,
                        "adjusted": scored.adjustment[seat],
                        "dealer": seat == scored.plan.dealer,
                    }
                    for seat in range(table.players)
                ],
            }
        )
    places = {s.seat: s for s in result.standings}
    return render(
        request,
        "games/sheet.html",
        {
            "game": game,
            "table": table,
            "names": table.names,
            "rows": rows,
            "result": result,
            "totals": [(result.totals[s], places[s]) for s in range(table.players)],
            **extra,
        },
    )


def posted_version(request: HttpRequest) -> int | None:
    """The session's version the correction form was shown at. None when the form has
    no such field, a plain POST from a page older than the check, which then corrects
    without it (docs/using.md); a field that is there but holds no version is refused."""
    if "version" not in request.POST:
        return None
    try:
        return inputs.whole(request.POST["version"], low=0, high=inputs.MOST_VERSION)
    except RuleError:
        raise RuleError(
            gettext_noop("This form is damaged: open the deal again from the score sheet.")
        ) from None


def correct(request: HttpRequest, public_id: str, number: int) -> HttpResponse:
    """Open a played deal and change it; every later total follows."""
    game = get_game(request, public_id, write=True)
    table = services.load(game)
    kozel_game = game.kind == Game.Kind.KOZEL
    deals = table.deals if kozel_game else table.done_deals
    if not 0 < number <= len(deals) or (not kozel_game and number > len(table.result.deals)):
        raise Http404
    error = None
    status = 200
    if request.method == "POST":
        try:
            if kozel_game:
                form = forms.KozelDealForm(request.POST)
                if not form.is_valid():
                    raise RuleError(next(iter(form.errors.values()))[0])
                data = form.cleaned_data
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
            elif request.POST.get("action") == "adjust":
                form = forms.AdjustmentForm({**request.POST.dict(), "deal": number})
                if not form.is_valid():
                    raise RuleError(next(iter(form.errors.values()))[0])
                data = form.cleaned_data
                services.add_adjustment(
                    game=game,
                    idempotency_key=inputs.form_key(request.POST),
                    deal_number=number,
                    seat=data["seat"],
                    points=data["points"],
                    note=data["note"],
                )
                return redirect("correct", public_id, number)
            elif request.POST.get("action") == "remove_adjustment":
                index = inputs.choice_of(request.POST.get("adjustment"), low=0, high=1000)
                if index is None:
                    raise RuleError(gettext_noop("Pick the adjustment to remove."))
                services.remove_adjustment(
                    game=game,
                    idempotency_key=inputs.form_key(request.POST),
                    deal_number=number,
                    index=index,
                )
                return redirect("correct", public_id, number)
            else:
                players = len(table.seats)
                bids = forms.seat_values(request.POST, "bid", players)
                tricks_values = forms.seat_values(request.POST, "tricks", players)
                if None in bids:
                    raise RuleError(gettext_noop("Every player needs a bid."))
                services.correct_deal(
                    game=game,
                    idempotency_key=inputs.form_key(request.POST),
                    version=posted_version(request),
                    deal_number=number,
                    bids=bids,
                    tricks=None if table.deals[number - 1].revoke is not None else tricks_values,
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
    elif request.method not in ("GET", "HEAD"):
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
    context = {"game": game, "table": table, "number": number, "error": error, "names": table.names}
    if kozel_game:
        context.update(entry=table.deals[number - 1], seats=list(enumerate(table.names)))
        context.update(kozel_context(table))
        return render(request, "games/correct_kozel.html", context, status=status)
    scored = table.result.deals[number - 1]
    deal = table.deals[number - 1]
    hands = table.hands_of(deal)
    action = request.POST.get("action", "save") if request.method == "POST" else ""
    posted = request.POST if action == "save" and status != 409 else None
    context.update(
        error_for=action,
        scored=scored,
        deal=deal,
        keypad=list(range(scored.plan.cards + 1)),
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
    "kozel_deal": gettext_noop("Deal %(deal)s: card points %(points)s."),
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
    if "names" in params:
        params["names"] = ", ".join(params["names"])
    if isinstance(params.get("points"), list):
        params["points"] = "–".join(str(p) for p in params["points"])
    elif isinstance(params.get("points"), int) and action.startswith("adjustment"):
        params["points"] = f"{params['points']:+d}"
    if "trump" in params:
        trump = params["trump"]
        params["trump"] = _(SUIT_NAMES[trump]) if trump in SUIT_NAMES else _("no trump")
    template = HISTORY_TEXT.get(action, action)
    try:
        return _(template) % params
    except (KeyError, TypeError, ValueError):
        return _(template)


@require_safe
def history(request: HttpRequest, public_id: str) -> HttpResponse:
    return session_page(
        request, public_id, "history", lambda game, extra: render_history(request, game, extra)
    )


def render_history(request: HttpRequest, game: Game, extra: dict) -> HttpResponse:
    lines = [
        {
            "when": change.created_at,
            "text": describe(change.action, change.params),
            "undone": change.undone,
        }
        for change in game.changes.all()
    ]
    return render(request, "games/history.html", {"game": game, "lines": lines, **extra})

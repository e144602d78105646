"""Home (the notebook's sessions, or the welcome page) and the new session form."""

from __future__ import annotations

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods, require_safe
from django_htmx.http import HttpResponseClientRedirect

from games import forms, inputs, options, services
from games.access import (
    current_notebook,
    message,
    promise_notebook,
    promised_key,
    remember,
    stale_form,
)
from games.kinds import KINDS, kind_of
from games.models import Notebook
from games.rules import RuleError
from games.screens.home import home_page, recent_tables


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    return home_page(request, current_notebook(request))


@require_http_methods(["GET", "HEAD", "POST"])
def new_session(request: HttpRequest) -> HttpResponse:
    """Seat moves and options post back here; Start makes the session (and a first notebook)."""
    notebook = current_notebook(request)
    post = request.method == "POST"
    state = forms.parse_new_session(request.POST if post else request.GET)
    if "again" in request.GET and not post:
        state.names = []
    error, status, focus = None, 200, ""
    action = state.action
    if "from" in request.GET and notebook is not None:
        state = table_of(notebook, request.GET["from"]) or state
    if action.startswith("add:") or action == "add":
        # A notebook's player (its chip), or what was typed: one name or a list.
        typed = [action[4:]] if action.startswith("add:") else split_names(state.new_name)
        try:
            while typed:
                seat(state, typed[0])
                typed.pop(0)
        except RuleError as refusal:
            error, status = message(refusal), 422
        state.new_name = ", ".join(typed)
        focus = "new_name"
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
    elif action == "start" and post:
        form_key = inputs.form_key(request.POST)
        if form_key is None:
            return stale_form(request)
        # "random", or a seat (anything else draws one too).
        most = kind_of(state.kind).players[1]
        first_dealer = inputs.choice_of(state.first_dealer, low=0, high=most - 1)
        try:
            game = services.start_game(
                notebook=notebook,
                kind=state.kind,
                preset=state.preset,
                options=state.options,
                names=state.names,
                first_dealer=first_dealer,
                form_key=form_key,
                promised_key=promised_key(request),
            )
        except RuleError as refusal:
            error, status = message(refusal), 422
        else:
            url = reverse("game", args=[game.public_id])
            response = HttpResponseClientRedirect(url) if request.htmx else redirect(url)
            return remember(response, game.notebook)
    context = new_session_context(notebook, state)
    context.update(error=error, focus=focus)
    template = "games/new.html#new-session" if request.htmx else "games/new.html"
    response = render(request, template, context, status=status)
    return promise_notebook(request, response, notebook)


def split_names(typed: str) -> list[str]:
    return [name for name in re.split(r"[,;\n]+", typed) if name.strip()]


def seat(state: forms.NewSession, typed: str) -> None:
    name = services.clean_name(typed)
    if name.casefold() in {n.casefold() for n in state.names}:
        raise RuleError(gettext_noop("%(name)s already has a seat."), name=name)
    if len(state.names) >= kind_of(state.kind).players[1]:
        raise RuleError(gettext_noop("The table is full."))
    state.names.append(name)


def table_of(notebook: Notebook, public_id: str) -> forms.NewSession | None:
    """The form filled as that session was (the first dealer drawn again)."""
    game = notebook.games.filter(public_id=public_id if inputs.token_ok(public_id) else "")
    game = game.prefetch_related("seats__player").first()
    if game is None:
        return None
    return forms.NewSession(
        kind=game.kind,
        preset=game.preset,
        options=dict(game.options),
        names=[seat.player.name for seat in game.seats.all()],
    )


def new_session_context(notebook: Notebook | None, state: forms.NewSession) -> dict:
    kind, game = state.kind, kind_of(state.kind)
    seated = {name.casefold() for name in state.names}
    known = list(notebook.players.all()) if notebook else []
    recent = []
    if notebook and not state.names:
        # Offered while no one is seated yet: the last 20 sessions, two queries.
        last = notebook.games.order_by("-updated_at").prefetch_related("seats__player")[:20]
        recent = recent_tables(list(last))
    preview = preview_error = None
    try:
        rules = game.rules_of(state.options)
        preview = game.table.screens().preview(game, rules, state.options, len(state.names))
    except RuleError as refusal:
        preview_error = message(refusal)
    return {
        "state": state,
        "options": state.options,
        "option_fields": option_fields(kind, state.options),
        "presets": game.preset_labels,
        "known_players": [p for p in known if p.name.casefold() not in seated],
        "preview": preview,
        "preview_error": preview_error,
        "options_summary": ", ".join(game.summary(state.options)),
        "recent": recent,
        "teams": game.teams or bool(state.options.get("teams")),
        "kinds": [(name, kind.label) for name, kind in KINDS.items()],
    }


def option_fields(kind: str, chosen: dict) -> list[dict]:
    fields = []
    for option in kind_of(kind).options:
        if option.on_form:
            value = chosen.get(option.name)
            if option.type == options.CARDS:
                value = " ".join(str(n) for n in value or [])
            fields.append({"option": option, "value": value})
    return fields

"""A phone's entries kept while it was offline, sent in one request when the connection
returns (docs/phone.md): each made in order as the deal screen makes it (games.entries),
at most once per form key, up to the first refusal."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import inputs, limits, services
from games.access import get_game
from games.entries import ACTIONS, Refusal, apply_entry
from games.kinds import kind_of
from games.models import Game
from games.screens.drawing import render_table


class Unreadable(Exception):
    """The request is not a backlog: nothing of it is made (400, with the reason)."""


@require_POST
def entries(request: HttpRequest, public_id: str) -> JsonResponse:
    """``{"entries": [{"action": ..., "fields": {...}}, ...]}`` made in order; the answer
    says how many are made from the start, the refusal that stopped them, and the table."""
    game = get_game(request, public_id, write=True)
    try:
        backlog = read_backlog(request)
    except Unreadable as error:
        return JsonResponse({"error": str(error)}, status=400)
    done, refusal, fields = 0, None, {}
    try:
        # One lock, one access check and one loaded table for them all (services.holding).
        with services.holding(game):
            for action, fields in backlog:
                refusal = apply_entry(game, action, fields)
                if refusal is not None:
                    break
                done += 1
    except (Http404, Game.DoesNotExist):  # the session deleted, or the link stopped, before
        reason = _(
            "This page no longer follows the session: its link was stopped, or the "
            "session was deleted."
        )
        done = 0  # the transaction went back whole: nothing of it was made
        error_for = ACTIONS[backlog[0][0]].error_for if backlog else ""
        refusal = Refusal(404, reason, error_for)
    if refusal is None:
        drawn = render_table(request, game, partial=True)
    elif refusal.status == 404:
        context = {"element": kind_of(game.kind).element, "public_id": game.public_id}
        drawn = render(request, "games/_link_ended.html", context)
    else:
        drawn = render_table(
            request,
            game,
            error=refusal.reason,
            error_for=refusal.error_for,
            error_field=refusal.field,
            status=refusal.status,
            partial=True,
            posted=fields,
        )
    refused = None
    if refusal is not None:
        refused = {
            "index": done,
            "status": refusal.status,
            "reason": str(refusal.reason),
            "error_for": refusal.error_for,
        }
    return JsonResponse(
        {"done": done, "refused": refused, "version": game.version, "table": drawn.content.decode()}
    )


def read_backlog(request: HttpRequest) -> list[tuple[str, dict[str, str]]]:
    """The entries as (action, fields), each with its form key; else Unreadable. The body's
    size is bounded by DATA_UPLOAD_MAX_MEMORY_SIZE (a larger one is a 400 before this)."""
    unreadable = Unreadable(_("These entries could not be read. Nothing was saved."))
    if request.content_type != "application/json":
        raise unreadable  # a form's body is read already (the middlewares), and is no backlog
    try:
        body = json.loads(request.body)
    except (ValueError, RecursionError):
        raise unreadable from None
    entries = body.get("entries") if isinstance(body, dict) else None
    if not isinstance(entries, list) or set(body) != {"entries"}:
        raise unreadable
    if len(entries) > limits.MOST_BACKLOG:
        raise Unreadable(
            _("One request can send at most %(most)s entries. Nothing was saved.")
            % {"most": limits.MOST_BACKLOG}
        )
    backlog = []
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != {"action", "fields"}:
            raise unreadable
        action, fields = entry["action"], entry["fields"]
        if not isinstance(action, str) or action not in ACTIONS:
            raise unreadable
        if not isinstance(fields, dict) or not all(isinstance(v, str) for v in fields.values()):
            raise unreadable
        if not all(map(inputs.text_ok, [*fields, *fields.values()])):
            raise Unreadable(inputs.REFUSED)
        if inputs.form_key(fields) is None:
            raise Unreadable(_("This form is out of date: reload the page and try again."))
        backlog.append((action, fields))
    return backlog

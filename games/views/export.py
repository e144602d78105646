"""Thin views over `games.exports`. Exports are for anyone who may view the session
(`get_game`); imports go into the visitor's own notebook (a new one if there is none)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_safe
from django_htmx.http import trigger_client_event

from games import exports, inputs, services
from games.access import (
    current_notebook,
    get_game,
    message,
    promise_notebook,
    promised_key,
    remember,
    stale_form,
)
from games.inputs import reads_own_body
from games.kinds import kind_of
from games.models import Notebook
from games.rules import RuleError

#: Room for the form's other fields and the multipart boundaries around the file.
FORM_OVERHEAD = 64 * 1024
LIMITS = {"session": exports.SESSION_FILE_LIMIT, "notebook": exports.NOTEBOOK_FILE_LIMIT}


def _download(content: str, content_type: str, name: str) -> HttpResponse:
    return HttpResponse(
        content.encode(),
        content_type=content_type,
        headers={"Content-Disposition": content_disposition_header(True, name)},
    )


def _json_download(data: dict, name: str) -> HttpResponse:
    return _download(exports.to_json(data) + "\n", "application/json; charset=utf-8", name)


# -- a session's files ---------------------------------------------------------------


@require_safe
@never_cache
def export_csv(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game(request, public_id)
    text = exports.csv_text(exports.csv_rows(services.load(game)))
    return _download(text, "text/csv; charset=utf-8", exports.filename(game, "csv"))


@require_safe
@never_cache
def export_json(request: HttpRequest, public_id: str) -> HttpResponse:
    game = get_game(request, public_id)
    data = exports.session_json(services.load(game))
    return _json_download(data, exports.filename(game, "json"))


@require_safe
def settle_up(request: HttpRequest, public_id: str) -> HttpResponse:
    """Seed 000: what each player owes the winner at a stake per point (GET, nothing stored)."""
    game = get_game(request, public_id)
    if not kind_of(game.kind).settles:
        raise Http404
    table = services.load(game)
    raw = request.GET.get("stake", "")
    context = {
        "game": game,
        "table": table,
        "result": table.result,
        "stake_text": raw[:20],  # shown again in the field
        "standalone": not request.htmx,
    }
    status = 200
    try:
        stake = exports.parse_stake(raw)
    except RuleError as refusal:
        context["stake_error"] = message(refusal)
        status = 422
    else:
        context["payments"] = table.settle(stake)
    template = "games/settle_up.html#settle-up" if request.htmx else "games/settle_up.html"
    response = render(request, template, context, status=status)
    if request.htmx:
        trigger_client_event(response, "announce", _announcement(context))
    return response


def _announcement(context: dict) -> str:
    if "stake_error" in context:
        return context["stake_error"]
    parts = []
    for payment in context["payments"]:
        if payment.pays:
            parts.append(
                _("%(name)s pays %(amount)s") % {"name": payment.name, "amount": payment.pays}
            )
        elif payment.receives:
            parts.append(
                _("%(name)s receives %(amount)s")
                % {"name": payment.name, "amount": payment.receives}
            )
    return "; ".join(parts) + "." if parts else _("Nobody pays: everyone has the same total.")


# -- the notebook's backup, import and restore ------------------------------------------


@require_safe
@never_cache
def backup_notebook(request: HttpRequest) -> HttpResponse:
    """The whole notebook as one file (its owner only)."""
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    [(notebook, tables)] = exports.load_notebooks(Notebook.objects.filter(pk=notebook.pk))
    data = exports.notebook_json(notebook, tables)
    day = timezone.localdate().isoformat()
    return _json_download(data, f"scorekeeper-notebook-{day}.json")


# The size of the body is checked before Django reads it (a file far too large is
# refused without being stored); CSRF is checked right after, by `_receive`.
@csrf_exempt
@reads_own_body
def import_session(request: HttpRequest) -> HttpResponse:
    """GET: the import and backup page. POST: a session file into this notebook."""
    return _transfer(request, "session")


@csrf_exempt
@reads_own_body
def restore_notebook(request: HttpRequest) -> HttpResponse:
    return _transfer(request, "notebook")


def _transfer(request: HttpRequest, what: str) -> HttpResponse:
    if request.method in ("GET", "HEAD"):
        return _page(request)
    if request.method != "POST":
        return HttpResponse(status=405, headers={"Allow": "GET, HEAD, POST"})
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > LIMITS[what] + FORM_OVERHEAD:
        return _page(request, {what: _too_large(what)}, status=413)
    return _receive(request, what)


def _too_large(what: str) -> str:
    return _("This file is larger than %(size)s MB, too large to import.") % {
        "size": LIMITS[what] // (1024 * 1024)
    }


@csrf_protect
def _receive(request: HttpRequest, what: str) -> HttpResponse:
    upload = request.FILES.get("file")
    if upload is None:
        return _page(request, {what: _("Choose a file to import.")}, status=422)
    limit = LIMITS[what]
    if upload.size > limit:
        return _page(request, {what: _too_large(what)}, status=413)
    key = inputs.form_key(request.POST)
    if key is None:
        return stale_form(request)
    notebook = current_notebook(request)
    promised = promised_key(request)
    try:
        data = exports.read_json(upload.read(limit + 1), limit=limit)
        if what == "session":
            plan = exports.session_plan(data)
            game = exports.import_session(
                notebook=notebook, plan=plan, form_key=key, promised_key=promised
            )
            return remember(redirect("game", game.public_id), game.notebook)
        plan = exports.notebook_plan(data)
        restored = exports.restore(
            notebook=notebook,
            players=plan.players,
            sessions=plan.sessions,
            name=plan.name,
            form_key=key,
            promised_key=promised,
        )
    except RuleError as refusal:
        return _page(request, {what: message(refusal)}, status=422)
    games = restored.games
    if restored.repeated:
        messages.success(request, _("This backup was restored already."))
    else:
        sessions = ngettext("%(count)s session", "%(count)s sessions", len(games)) % {
            "count": len(games)
        }
        messages.success(request, _("Backup restored: %(sessions)s.") % {"sessions": sessions})
    return remember(redirect("import_session"), restored.notebook)


def _page(request: HttpRequest, errors: dict | None = None, status: int = 200) -> HttpResponse:
    context = {
        "notebook": current_notebook(request),
        "transfer_errors": errors or {},
        "standalone": True,
    }
    response = render(request, "games/import.html", context, status=status)
    return promise_notebook(request, response, context["notebook"])

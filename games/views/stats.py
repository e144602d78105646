"""The notebook's finished sessions, statistics and head-to-head: its owner's (its cookie)
only, 404 otherwise. Sessions are read in a fixed number of queries (`score_sessions`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.core.paginator import InvalidPage, Paginator
from django.db.models import Count, Max, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games import services, stats
from games.access import current_notebook
from games.kinds import KINDS
from games.models import Game, Notebook, Player, Seat
from games.tables import designs

FINISHED_PER_PAGE = 20


@dataclass(frozen=True)
class ScoredSession:
    game: Game
    players: tuple[str, ...]  # public ids by seat
    names: tuple[str, ...]
    result: Any  # its game's result (games.rules)


def score_sessions(games: QuerySet[Game]) -> list[ScoredSession]:
    """Every session scored, in a fixed number of queries however many: the sessions, their
    seats with players, then each table design's own (its statistics' ``scored``)."""
    sessions = list(games)
    if not sessions:
        return []
    scope = games.values("pk")
    seats: dict[int, list[tuple[str, str]]] = defaultdict(list)
    for game_id, public_id, name in (
        Seat.objects.filter(game__in=scope)
        .order_by("game_id", "position")
        .values_list("game_id", "player__public_id", "player__name")
    ):
        seats[game_id].append((public_id, name))
    players = {game.pk: len(seats[game.pk]) for game in sessions}
    results: dict[int, Any] = {}
    for design in designs():
        ours = [game for game in sessions if game.registered.table is design]
        results.update(design.stats().scored(ours, scope, players))
    return [
        ScoredSession(
            game,
            tuple(public_id for public_id, _name in seats[game.pk]),
            tuple(name for _public_id, name in seats[game.pk]),
            results[game.pk],
        )
        for game in sessions
    ]


def as_sessions(scored: list[ScoredSession]) -> list[stats.Session]:
    """Plain data for `games.stats`, players by public id."""
    return [
        stats.Session(
            s.game.kind, s.game.public_id, s.game.created_at, s.players, s.result, s.game.options
        )
        for s in scored
    ]


def owner_notebook(request: HttpRequest) -> Notebook:
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    return notebook


# -- finished sessions ---------------------------------------------------------------------


def winners_line(session: ScoredSession) -> dict:
    """Who won, for the list, with their totals."""
    figures = session.game.registered.table.stats()
    return {"winners": figures.winners(session.names, session.result)}


@require_safe
def finished(request: HttpRequest) -> HttpResponse:
    notebook = owner_notebook(request)
    games = notebook.games.filter(finished_at__isnull=False).order_by("-finished_at", "-pk")
    paginator = Paginator(games, FINISHED_PER_PAGE)
    raw = request.GET.get("page", "1")
    page, sessions, error = None, [], None
    try:
        page = paginator.page(raw)
    except InvalidPage:
        error = _("There is no page %(page)s of finished sessions.") % {"page": raw[:10]}
    else:
        sessions = [
            {"game": session.game, "names": session.names, **winners_line(session)}
            for session in score_sessions(page.object_list)
        ]
    context = {"notebook": notebook, "sessions": sessions, "page": page, "error": error}
    return render(request, "games/finished.html", context, status=404 if error else 200)


# -- statistics ----------------------------------------------------------------------------


def game_tables(figures: stats.NotebookStats, by_id: dict[str, Player]) -> list[dict]:
    """One table per game someone played, each drawn by its design's own partial."""
    return [
        {
            "kind": KINDS[name],
            "rows": [(by_id[row.player], row) for row in rows],
            "template": f"{KINDS[name].table.stats().TEMPLATE}#notebook",
        }
        for name, rows in figures.games
    ]


def compare_players(
    players: dict[str, Player], first: str, second: str
) -> tuple[Player | None, Player | None, str | None]:
    if not first or not second:
        return None, None, _("Choose two players to compare.")
    if first not in players or second not in players:
        return None, None, _("Choose players from this notebook.")
    if first == second:
        return None, None, _("Choose two different players.")
    return players[first], players[second], None


def cached_figures(
    notebook: Notebook, players: list[Player], games: QuerySet[Game]
) -> stats.NotebookStats:
    """Scored once per state of the sessions and players, in the shared database cache (one
    entry a notebook; services.forget_notebook deletes it). A change to a session, renaming
    a player too, bumps its ``updated_at``; adding or deleting one changes the count."""
    sessions = games.aggregate(count=Count("pk"), last=Max("updated_at"))
    state = (sessions["count"], sessions["last"], [(p.public_id, p.name) for p in players])
    key = services.stats_key(notebook.pk)
    kept = cache.get(key)
    if kept is not None and kept[0] == state:
        return kept[1]
    sessions = as_sessions(score_sessions(games))
    figures = stats.notebook_stats([p.public_id for p in players], sessions, KINDS.values())
    cache.set(key, (state, figures), timeout=24 * 3600)
    return figures


@require_safe
def statistics(request: HttpRequest) -> HttpResponse:
    """Every player's figures, and head-to-head (``?a=&b=``; htmx gets that part alone).
    A repeat visit is four queries however big the notebook (notebook, players, sessions'
    count and last change, cache); after a change, or to compare, six more (score_sessions)."""
    notebook = owner_notebook(request)
    players = list(notebook.players.all())
    by_id = {player.public_id: player for player in players}
    games = notebook.games.order_by("created_at", "pk")
    first_id, second_id = request.GET.get("a", ""), request.GET.get("b", "")
    comparison = error = None
    if "a" not in request.GET and "b" not in request.GET:
        figures = cached_figures(notebook, players, games)
        if len(players) >= 2:  # the form starts on the first two
            first_id, second_id = players[0].public_id, players[1].public_id
    else:
        sessions = as_sessions(score_sessions(games))
        figures = stats.notebook_stats(list(by_id), sessions, KINDS.values())
        first, second, error = compare_players(by_id, first_id, second_id)
        if not error:
            parts = stats.head_to_head(sessions, first.public_id, second.public_id, designs())
            comparison = {
                "first": first,
                "second": second,
                "parts": [
                    {"figures": part, "template": f"{module.TEMPLATE}#head-to-head"}
                    for module, part in parts
                    if part.sessions
                ],
            }
    context = {
        "notebook": notebook,
        "players": players,
        "games": game_tables(figures, by_id),
        "first_id": first_id,
        "second_id": second_id,
        "comparison": comparison,
        "error": error,
    }
    # Back and forward after a comparison ask htmx for the whole page again.
    partial = request.htmx and not request.htmx.history_restore_request
    template = "games/stats.html#head-to-head" if partial else "games/stats.html"
    return render(request, template, context, status=422 if error else 200)


@require_safe
def player_statistics(request: HttpRequest, public_id: str) -> HttpResponse:
    """One player's figures, and head-to-head with each other player."""
    notebook = owner_notebook(request)
    players = list(notebook.players.all())
    player = next((p for p in players if p.public_id == public_id), None)
    if player is None:
        raise Http404
    sessions = as_sessions(
        score_sessions(notebook.games.filter(seats__player=player).order_by("created_at", "pk"))
    )
    by_design: dict[int, dict] = {}  # each design's rivals, in the order of designs()
    for other in players:
        if other == player:
            continue
        parts = stats.head_to_head(sessions, player.public_id, other.public_id, designs())
        for index, (module, figures) in enumerate(parts):
            if figures.sessions:
                rows = by_design.setdefault(index, {"template": f"{module.TEMPLATE}#rivals"})
                rows.setdefault("rows", []).append((other, figures))
    return render(
        request,
        "games/player_stats.html",
        {
            "notebook": notebook,
            "player": player,
            "games": [
                {"kind": kind, "row": row, "template": f"{kind.table.stats().TEMPLATE}#player"}
                for kind, row in stats.player_stats(sessions, player.public_id, KINDS.values())
            ],
            "rivals": [by_design[index] for index in sorted(by_design)],
        },
    )

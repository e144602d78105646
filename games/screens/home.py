"""The home page: the sessions in play and the last finished, the tables played lately, and
every game the app keeps."""

from __future__ import annotations

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.access import promise_notebook
from games.kinds import KINDS
from games.models import Game, Notebook

HOME_FINISHED = 10  # finished sessions listed on the home page


def home_page(
    request: HttpRequest, notebook: Notebook | None, extra: dict | None = None, status: int = 200
) -> HttpResponse:
    """``extra``: what an action adds (the deleted session's Undo)."""
    games = []
    if notebook is not None:
        # In play, then the last finished (the rest: Finished sessions), in one query.
        recent = notebook.games.filter(finished_at__isnull=False).order_by("-finished_at")
        games = list(
            notebook.games.filter(
                Q(finished_at__isnull=True) | Q(pk__in=recent.values("pk")[:HOME_FINISHED])
            ).prefetch_related("seats__player")
        )
        games.sort(key=lambda g: (g.finished_at is not None, -(g.updated_at.timestamp())))
    context = {
        "notebook": notebook,
        "games": games,
        "recent": recent_tables(games),
        # Every game the app keeps, each a new session of it.
        "game_labels": [(name, kind.label) for name, kind in KINDS.items()],
        **(extra or {}),
    }
    response = render(request, "games/home.html", context, status=status)
    return promise_notebook(request, response, notebook)


def recent_tables(games: list[Game], most: int = 3) -> list[Game]:
    """One session per table, latest first: a table that meets again starts from one."""
    seen, tables = set(), []
    for game in sorted(games, key=lambda g: g.updated_at, reverse=True):
        names = tuple(seat.player.name for seat in game.seats.all())
        if (game.kind, names) not in seen:
            seen.add((game.kind, names))
            tables.append(game)
    return tables[:most]

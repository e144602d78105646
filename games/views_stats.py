"""The notebook's history of finished sessions, its statistics, and head-to-head.

Only the notebook's owner (its cookie) sees these; without it they are not found.
Every page loads its sessions in a fixed number of queries (`load_tables`), then
the rules score them and `games.stats` counts, in plain Python.
"""

from __future__ import annotations

from django.core.paginator import InvalidPage, Paginator
from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games import services, stats
from games.models import Adjustment, Deal, Game, Hand, KozelDeal, Notebook, Player, Seat
from games.views import current_notebook

FINISHED_PER_PAGE = 20

Table = services.OhHellTable | services.KozelTable


def load_tables(games: QuerySet[Game]) -> list[Table]:
    """The sessions with everything the rules need, in six queries however many there are.

    Games, seats with their players, Oh Hell deals, their hands, their adjustments,
    Kozel deals: the same objects `services.load` gives for one session.
    """
    games = games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
        Prefetch("deals", queryset=Deal.objects.order_by("index")),
        Prefetch("deals__hands", queryset=Hand.objects.order_by("seat")),
        Prefetch("deals__adjustments", queryset=Adjustment.objects.order_by("created_at", "pk")),
        Prefetch("kozel_deals", queryset=KozelDeal.objects.order_by("index")),
    )
    tables: list[Table] = []
    for game in games:
        seats = list(game.seats.all())
        if game.kind == Game.Kind.KOZEL:
            tables.append(
                services.KozelTable(game=game, seats=seats, deals=list(game.kozel_deals.all()))
            )
        else:
            tables.append(
                services.OhHellTable(game=game, seats=seats, deals=list(game.deals.all()))
            )
    return tables


def as_sessions(
    tables: list[Table],
) -> tuple[list[stats.OhHellSession], list[stats.KozelSession]]:
    """Plain data for `games.stats`: players by public id, and each session's result."""
    oh_hell_sessions, kozel_sessions = [], []
    for table in tables:
        game = table.game
        players = tuple(seat.player.public_id for seat in table.seats)
        if isinstance(table, services.KozelTable):
            kozel_sessions.append(
                stats.KozelSession(game.public_id, game.created_at, players, table.result)
            )
        else:
            oh_hell_sessions.append(
                stats.OhHellSession(game.public_id, game.created_at, players, table.result)
            )
    return oh_hell_sessions, kozel_sessions


def owner_notebook(request: HttpRequest) -> Notebook:
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    return notebook


# -- finished sessions ---------------------------------------------------------------------


def winners_line(table: Table) -> dict:
    """Who won, for the list: Oh Hell's winners with totals, Kozel's goat team."""
    result = table.result
    if isinstance(table, services.KozelTable):
        goat = result.goat
        return {
            "goat": table.team_names(goat) if goat is not None else "",
            "teams": [(table.team_names(team), result.defeat_points[team]) for team in (0, 1)],
            "with_eggs": result.goat_with_eggs,
        }
    return {
        "winners": [(table.names[seat], result.totals[seat]) for seat in result.winners],
    }


@require_safe
def finished(request: HttpRequest) -> HttpResponse:
    """The notebook's finished sessions, newest first, twenty to a page, with their winners."""
    notebook = owner_notebook(request)
    games = notebook.games.filter(finished_at__isnull=False).order_by("-finished_at", "-pk")
    paginator = Paginator(games, FINISHED_PER_PAGE)
    raw = request.GET.get("page", "1")
    try:
        page = paginator.page(raw)
    except InvalidPage:
        error = _("There is no page %(page)s of finished sessions.") % {"page": raw[:10]}
        context = {"notebook": notebook, "error": error, "sessions": [], "page": None}
        return render(request, "games/finished.html", context, status=404)
    sessions = []
    for table in load_tables(page.object_list):
        sessions.append(
            {
                "game": table.game,
                "names": table.names,
                **winners_line(table),
            }
        )
    return render(
        request,
        "games/finished.html",
        {"notebook": notebook, "sessions": sessions, "page": page, "error": None},
    )


# -- statistics ----------------------------------------------------------------------------


def compare_players(
    players: dict[str, Player], first: str, second: str
) -> tuple[Player | None, Player | None, str | None]:
    """The two players chosen for head-to-head, or the reason they cannot be compared."""
    if not first or not second:
        return None, None, _("Choose two players to compare.")
    if first not in players or second not in players:
        return None, None, _("Choose players from this notebook.")
    if first == second:
        return None, None, _("Choose two different players.")
    return players[first], players[second], None


@require_safe
def statistics(request: HttpRequest) -> HttpResponse:
    """Every player's figures, and head-to-head for two chosen players (``?a=&b=``).

    Eight queries whatever the notebook's size: the notebook, its players, and
    `load_tables`' six. With htmx, the head-to-head answer alone.
    """
    notebook = owner_notebook(request)
    players = list(notebook.players.all())
    by_id = {player.public_id: player for player in players}
    games = notebook.games.order_by("created_at", "pk")
    oh_hell_sessions, kozel_sessions = as_sessions(load_tables(games))
    figures = stats.notebook_stats(list(by_id), oh_hell_sessions, kozel_sessions)

    comparing = "a" in request.GET or "b" in request.GET
    first_id, second_id = request.GET.get("a", ""), request.GET.get("b", "")
    comparison, error, status = None, None, 200
    if comparing:
        first, second, error = compare_players(by_id, first_id, second_id)
        if error:
            status = 422
        else:
            comparison = {
                "first": first,
                "second": second,
                "figures": stats.head_to_head(
                    oh_hell_sessions, kozel_sessions, first.public_id, second.public_id
                ),
            }
    elif len(players) >= 2:
        first_id, second_id = players[0].public_id, players[1].public_id

    context = {
        "notebook": notebook,
        "players": players,
        "oh_hell_rows": [(by_id[row.player], row) for row in figures.oh_hell],
        "kozel_rows": [(by_id[row.player], row) for row in figures.kozel],
        "first_id": first_id,
        "second_id": second_id,
        "comparison": comparison,
        "error": error,
    }
    template = "games/stats.html#head-to-head" if request.htmx else "games/stats.html"
    return render(request, template, context, status=status)


@require_safe
def player_statistics(request: HttpRequest, public_id: str) -> HttpResponse:
    """One player's figures in full, and how they fare against each other player."""
    notebook = owner_notebook(request)
    players = list(notebook.players.all())
    player = next((p for p in players if p.public_id == public_id), None)
    if player is None:
        raise Http404
    oh_hell_sessions, kozel_sessions = as_sessions(
        load_tables(notebook.games.filter(seats__player=player).order_by("created_at", "pk"))
    )
    rivals = []
    for other in players:
        if other == player:
            continue
        figures = stats.head_to_head(
            oh_hell_sessions, kozel_sessions, player.public_id, other.public_id
        )
        if figures.sessions or figures.opposed or figures.partners:
            rivals.append((other, figures))
    return render(
        request,
        "games/player_stats.html",
        {
            "notebook": notebook,
            "player": player,
            "oh_hell": stats.oh_hell_player_stats(oh_hell_sessions, player.public_id),
            "kozel": stats.kozel_player_stats(kozel_sessions, player.public_id),
            "rivals": rivals,
        },
    )

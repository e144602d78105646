"""The notebook's history of finished sessions, its statistics, and head-to-head.

Only the notebook's owner (its cookie) sees these; without it they are not found.
Every page reads its sessions in a fixed number of queries (`score_sessions`), the
rules score them, and `games.stats` counts, in plain Python.
"""

from __future__ import annotations

import functools
import hashlib
from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.core.paginator import InvalidPage, Paginator
from django.db import connection
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games import services, stats
from games.models import Adjustment, Deal, Game, Hand, KozelDeal, Notebook, Player, Seat
from games.page_cache import cached_render
from games.rules import kozel, oh_hell
from games.views import current_notebook, notebook_key

FINISHED_PER_PAGE = 20


@dataclass(frozen=True)
class ScoredSession:
    """A session as the rules see it: who sat where, and the result they derive."""

    game: Game
    players: tuple[str, ...]  # public ids by seat
    names: tuple[str, ...]
    result: oh_hell.GameResult | kozel.MatchResult

    def team_names(self, team: int) -> str:
        first, second = kozel.seats_of(team)
        return f"{self.names[first]} & {self.names[second]}"


def score_sessions(games: QuerySet[Game]) -> list[ScoredSession]:
    """Every session of the queryset, scored, in six queries however many there are.

    The games, then their seats (with the players' ids and names), their played
    Oh Hell deals, those deals' hands and adjustments, and their Kozel deals, read
    as plain rows: building model objects for thousands of hands cost seconds
    with 500 sessions. The records are the ones `services.load` gives the rules
    (tests/games/test_stats.py compares the two).
    """
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
    deals: dict[int, list[dict]] = defaultdict(list)
    by_pk: dict[int, dict] = {}
    for pk, game_id, trump, revoke in (
        Deal.objects.filter(game__in=scope, done=True)
        .order_by("game_id", "index")
        .values_list("pk", "game_id", "trump", "revoke")
    ):
        by_pk[pk] = {"trump": trump, "revoke": revoke, "bids": {}, "tricks": {}, "adjustments": []}
        deals[game_id].append(by_pk[pk])
    for deal_id, seat, bid, tricks in Hand.objects.filter(
        deal__game__in=scope, deal__done=True
    ).values_list("deal_id", "seat", "bid", "tricks"):
        by_pk[deal_id]["bids"][seat] = bid
        by_pk[deal_id]["tricks"][seat] = tricks
    for deal_id, seat, points, note in (
        Adjustment.objects.filter(deal__game__in=scope, deal__done=True)
        .order_by("created_at", "pk")
        .values_list("deal_id", "seat", "points", "note")
    ):
        by_pk[deal_id]["adjustments"].append(oh_hell.Adjustment(seat, points, note))
    entries: dict[int, list[kozel.DealEntry]] = defaultdict(list)
    for game_id, team, points, took_trick, last_trick_seat in (
        KozelDeal.objects.filter(game__in=scope)
        .order_by("game_id", "index")
        .values_list("game_id", "team", "points", "zero_team_took_trick", "last_trick_seat")
    ):
        entries[game_id].append(kozel.DealEntry(team, points, took_trick, last_trick_seat))

    scored = []
    for game in sessions:
        players = tuple(public_id for public_id, _name in seats[game.pk])
        names = tuple(name for _public_id, name in seats[game.pk])
        if game.kind == Game.Kind.KOZEL:
            rules = services.kozel_rules(game.options)
            result = kozel.score_match(rules, game.first_dealer, entries[game.pk])
        else:
            records = [deal_record(deal, len(players)) for deal in deals[game.pk]]
            rules = services.oh_hell_rules(game.options)
            result = oh_hell.score_game(rules, len(players), game.first_dealer, records)
        scored.append(ScoredSession(game, players, names, result))
    return scored


def deal_record(deal: dict, players: int) -> oh_hell.DealRecord:
    """As `services.deal_record`, from plain rows."""
    bids = tuple(deal["bids"].get(seat) for seat in range(players))
    tricks = None
    if deal["revoke"] is None:
        tricks = tuple(deal["tricks"].get(seat) for seat in range(players))
    return oh_hell.DealRecord(
        bids=bids,
        tricks=tricks,
        trump=deal["trump"] or None,
        revoke=deal["revoke"],
        adjustments=tuple(deal["adjustments"]),
    )


def as_sessions(
    scored: list[ScoredSession],
) -> tuple[list[stats.OhHellSession], list[stats.KozelSession]]:
    """Plain data for `games.stats`: players by public id, and each session's result."""
    oh_hell_sessions, kozel_sessions = [], []
    for session in scored:
        game = session.game
        if game.kind == Game.Kind.KOZEL:
            kozel_sessions.append(
                stats.KozelSession(game.public_id, game.created_at, session.players, session.result)
            )
        else:
            oh_hell_sessions.append(
                stats.OhHellSession(
                    game.public_id, game.created_at, session.players, session.result
                )
            )
    return oh_hell_sessions, kozel_sessions


def owner_notebook(request: HttpRequest) -> Notebook:
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    return notebook


# -- finished sessions ---------------------------------------------------------------------


def winners_line(session: ScoredSession) -> dict:
    """Who won, for the list: Oh Hell's winners with totals, Kozel's goat team."""
    result = session.result
    if session.game.kind == Game.Kind.KOZEL:
        goat = result.goat
        return {
            "goat": session.team_names(goat) if goat is not None else "",
            "teams": [(session.team_names(team), result.defeat_points[team]) for team in (0, 1)],
            "with_eggs": result.goat_with_eggs,
        }
    return {
        "winners": [(session.names[seat], result.totals[seat]) for seat in result.winners],
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
    sessions = [
        {"game": session.game, "names": session.names, **winners_line(session)}
        for session in score_sessions(page.object_list)
    ]
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


def notebook_state(request: HttpRequest) -> str:
    """A key that changes whenever the statistics of this visitor's notebook could;
    404 without a notebook.

    Every change to a session bumps its ``updated_at`` (renaming a player too), a
    new session (or an import) changes the count, and the players' names and number
    are part of it. One small query, written out: a repeat visit costs little else.
    """
    key = notebook_key(request)
    if not key:
        raise Http404
    with connection.cursor() as cursor:
        cursor.execute(notebook_state_sql(), [key, key])
        rows = cursor.fetchall()
    if not rows or rows[0][0] != 0:
        raise Http404
    _, notebook_id, count, last = rows[0]
    names = hashlib.blake2b(repr(rows[1:]).encode(), digest_size=8).hexdigest()
    last = (last or "-").replace(" ", "T")
    return f"{notebook_id}:{count}:{last}:{names}"


@functools.cache
def notebook_state_sql() -> str:
    """notebook_state's query: the notebook's row first (its id, its sessions' count
    and last change), then one row per player (public id, name, id), every value as
    text so that one UNION serves both."""
    quote = connection.ops.quote_name
    notebooks, games = quote(Notebook._meta.db_table), quote(Game._meta.db_table)
    players = quote(Player._meta.db_table)
    notebook_id, player_id = f"{notebooks}.{quote('id')}", f"{players}.{quote('id')}"
    of_notebook = f"FROM {games} WHERE {games}.{quote('notebook_id')} = {notebook_id}"
    count = f"(SELECT COUNT(*) {of_notebook})"
    last = f"(SELECT MAX({games}.{quote('updated_at')}) {of_notebook})"
    owned_by = f"{notebooks}.{quote('key')} = %s"
    return (
        f"SELECT 0, CAST({notebook_id} AS TEXT), CAST({count} AS TEXT), CAST({last} AS TEXT)"
        f" FROM {notebooks} WHERE {owned_by}"
        f" UNION ALL SELECT 1, {players}.{quote('public_id')}, {players}.{quote('name')},"
        f" CAST({player_id} AS TEXT) FROM {players}"
        f" JOIN {notebooks} ON {notebook_id} = {players}.{quote('notebook_id')}"
        f" WHERE {owned_by} ORDER BY 1, 4"
    )


def cached_figures(
    notebook: Notebook, player_ids: list[str], games: QuerySet[Game], state: str
) -> stats.NotebookStats:
    """The notebook's figures, scored once per ``notebook_state``; the shared
    database cache keeps them for every app server, one entry a notebook (forgetting
    the notebook deletes it: services.forget_notebook)."""
    key = services.stats_key(notebook.pk)
    kept = cache.get(key)
    if kept is not None and kept[0] == (state, len(player_ids)):
        return kept[1]
    oh_hell_sessions, kozel_sessions = as_sessions(score_sessions(games))
    figures = stats.notebook_stats(player_ids, oh_hell_sessions, kozel_sessions)
    cache.set(key, ((state, len(player_ids)), figures), timeout=24 * 3600)
    return figures


@require_safe
def statistics(request: HttpRequest) -> HttpResponse:
    """Every player's figures, and head-to-head for two chosen players (``?a=&b=``).

    Whatever the notebook's size: the page as it is kept costs one query
    (`notebook_state`; none on PostgreSQL while this process knows it); its first
    render after a change, or a comparison, eight or more: the notebook, its
    players, and `score_sessions`' six. With htmx, the head-to-head answer alone.
    """
    comparing = "a" in request.GET or "b" in request.GET
    if not comparing:
        # The page as it stands is kept, rendered, for this state of the notebook.
        state = notebook_state(request)
        return cached_render(
            request, f"statistics:{state}", lambda extra: kept_statistics(request, state, extra)
        )
    notebook = owner_notebook(request)
    players = list(notebook.players.all())
    by_id = {player.public_id: player for player in players}
    games = notebook.games.order_by("created_at", "pk")
    oh_hell_sessions, kozel_sessions = as_sessions(score_sessions(games))
    figures = stats.notebook_stats(list(by_id), oh_hell_sessions, kozel_sessions)

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
    return statistics_page(
        request, notebook, players, figures, {}, first_id, second_id, comparison, error, status
    )


def kept_statistics(request: HttpRequest, state: str, extra: dict) -> HttpResponse:
    """The statistics page as it is kept (no comparison asked for)."""
    notebook = owner_notebook(request)
    players = list(notebook.players.all())
    games = notebook.games.order_by("created_at", "pk")
    figures = cached_figures(notebook, [player.public_id for player in players], games, state)
    # A change since ``state`` was read makes a newer page under an older key, which
    # nobody asks for again: the state only moves on.
    return statistics_page(request, notebook, players, figures, extra)


def statistics_page(
    request: HttpRequest,
    notebook: Notebook,
    players: list[Player],
    figures: stats.NotebookStats,
    extra: dict,
    first_id: str = "",
    second_id: str = "",
    comparison: dict | None = None,
    error: str | None = None,
    status: int = 200,
) -> HttpResponse:
    by_id = {player.public_id: player for player in players}
    if comparison is None and not error and len(players) >= 2:
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
        **extra,
    }
    # Back and forward after a comparison ask htmx for the whole page again.
    partial = request.htmx and not request.htmx.history_restore_request
    template = "games/stats.html#head-to-head" if partial else "games/stats.html"
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
        score_sessions(notebook.games.filter(seats__player=player).order_by("created_at", "pk"))
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

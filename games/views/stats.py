"""The notebook's finished sessions, statistics and head-to-head: its owner's (its cookie)
only, 404 otherwise. Sessions are read in a fixed number of queries (`score_sessions`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.core.cache import cache
from django.core.paginator import InvalidPage, Paginator
from django.db.models import Count, Max, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from games import services, stats
from games.access import current_notebook
from games.kinds import KINDS, kind_of
from games.models import Adjustment, Deal, Game, Hand, Notebook, Player, Round, Seat
from games.rules import oh_hell, rounds
from games.tables.oh_hell import record_of

FINISHED_PER_PAGE = 20


@dataclass(frozen=True)
class ScoredSession:
    game: Game
    players: tuple[str, ...]  # public ids by seat
    names: tuple[str, ...]
    result: oh_hell.GameResult | rounds.Result


def score_sessions(games: QuerySet[Game]) -> list[ScoredSession]:
    """Every session scored, in six queries however many. Plain rows: model objects for
    thousands of hands cost seconds with 500 sessions. A deal's record is built as for
    `services.load` (`record_of`; tests/games/test_stats.py compares the two)."""
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
        by_pk[pk] = {"trump": trump, "revoke": revoke, "hands": {}, "adjustments": []}
        deals[game_id].append(by_pk[pk])
    for deal_id, seat, bid, tricks in Hand.objects.filter(
        deal__game__in=scope, deal__done=True
    ).values_list("deal_id", "seat", "bid", "tricks"):
        by_pk[deal_id]["hands"][seat] = (bid, tricks)
    for deal_id, seat, points, note in (
        Adjustment.objects.filter(deal__game__in=scope, deal__done=True)
        .order_by("created_at", "pk")
        .values_list("deal_id", "seat", "points", "note")
    ):
        by_pk[deal_id]["adjustments"].append((seat, points, note))
    played: dict[int, list[dict]] = defaultdict(list)
    for game_id, entry in (
        Round.objects.filter(game__in=scope, done=True)
        .order_by("game_id", "index")
        .values_list("game_id", "entry")
    ):
        played[game_id].append(entry)

    scored = []
    for game in sessions:
        players = tuple(public_id for public_id, _name in seats[game.pk])
        names = tuple(name for _public_id, name in seats[game.pk])
        kind = kind_of(game.kind)
        if kind.rounds is not None:
            rules = kind.rules_of(game.options)
            ended = game.finished_at is not None
            result = kind.rounds.score(
                rules, len(players), game.first_dealer, played[game.pk], ended=ended
            )
        else:
            records = [record_of(**deal, players=len(players)) for deal in deals[game.pk]]
            rules = kind_of("oh_hell").rules_of(game.options)
            result = oh_hell.score_game(rules, len(players), game.first_dealer, records)
        scored.append(ScoredSession(game, players, names, result))
    return scored


def as_sessions(scored: list[ScoredSession]) -> list[stats.OhHellSession]:
    """Plain data for `games.stats`, players by public id: Oh Hell's sessions (the round
    games': `as_rounds_sessions`)."""
    return [
        stats.Session(s.game.public_id, s.game.created_at, s.players, s.result)
        for s in scored
        if not isinstance(s.result, rounds.Result)
    ]


def as_rounds_sessions(scored: list[ScoredSession]) -> list[stats.RoundsSession]:
    """The sessions of games scored round by round, for `games.stats`."""
    return [
        stats.RoundsSession(s.game.kind, s.game.public_id, s.game.created_at, s.players, s.result)
        for s in scored
        if isinstance(s.result, rounds.Result)
    ]


def round_kinds() -> list[str]:
    return [name for name, kind in KINDS.items() if kind.rounds is not None]


def owner_notebook(request: HttpRequest) -> Notebook:
    notebook = current_notebook(request)
    if notebook is None:
        raise Http404
    return notebook


# -- finished sessions ---------------------------------------------------------------------


def winners_line(session: ScoredSession) -> dict:
    """Who won, for the list, with their totals."""
    result = session.result
    if isinstance(result, rounds.Result):
        names = [" & ".join(session.names[seat] for seat in side) for side in result.sides]
        return {"winners": [(names[side], result.totals[side]) for side in result.winners]}
    return {
        "winners": [(session.names[seat], result.totals[seat]) for seat in result.winners],
    }


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


def rounds_tables(figures: stats.NotebookStats, by_id: dict[str, Player]) -> list[dict]:
    """One table per game scored round by round that someone played."""
    tables = []
    for kind in round_kinds():
        rows = [(by_id[row.player], row) for row in figures.rounds if row.kind == kind]
        if rows:
            tables.append({"kind": kind, "label": KINDS[kind].label, "rows": rows})
    return tables


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
    scored = score_sessions(games)
    figures = stats.notebook_stats(
        [p.public_id for p in players],
        as_sessions(scored),
        as_rounds_sessions(scored),
        round_kinds(),
    )
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
        scored = score_sessions(games)
        oh_hell_sessions = as_sessions(scored)
        figures = stats.notebook_stats(
            list(by_id),
            oh_hell_sessions,
            as_rounds_sessions(scored),
            round_kinds(),
        )
        first, second, error = compare_players(by_id, first_id, second_id)
        if not error:
            comparison = {
                "first": first,
                "second": second,
                "figures": stats.head_to_head(
                    oh_hell_sessions,
                    first.public_id,
                    second.public_id,
                    as_rounds_sessions(scored),
                ),
            }
    context = {
        "notebook": notebook,
        "players": players,
        "oh_hell_rows": [(by_id[row.player], row) for row in figures.oh_hell],
        "rounds_tables": rounds_tables(figures, by_id),
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
    scored = score_sessions(
        notebook.games.filter(seats__player=player).order_by("created_at", "pk")
    )
    oh_hell_sessions = as_sessions(scored)
    rounds_sessions = as_rounds_sessions(scored)
    rivals = []
    for other in players:
        if other == player:
            continue
        figures = stats.head_to_head(
            oh_hell_sessions, player.public_id, other.public_id, rounds_sessions
        )
        if figures.sessions or figures.other_games:
            rivals.append((other, figures))
    return render(
        request,
        "games/player_stats.html",
        {
            "notebook": notebook,
            "player": player,
            "oh_hell": stats.oh_hell_player_stats(oh_hell_sessions, player.public_id),
            "rounds": [
                (KINDS[kind].label, row)
                for kind in round_kinds()
                if (
                    row := stats.rounds_player_stats(
                        rounds_sessions, player.public_id, kind, KINDS[kind].rounds
                    )
                )
            ],
            "rivals": rivals,
        },
    )

"""A session as CSV and JSON, a notebook as JSON (docs/export-format.md), from what
`games.services.load` gives (no query). Explanations are translated as on screen, in the
page's language (games.explanations, docs/languages.md), so the three never disagree."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime

from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from games.explanations import explained
from games.kinds import kind_of
from games.models import (
    Adjustment,
    Deal,
    Game,
    Hand,
    KozelDeal,
    Notebook,
    Player,
    Round,
    Seat,
)
from games.rules import gettext_noop, kozel, oh_hell
from games.services.sessions import KozelTable, OhHellTable, RoundsTable, rounds_table

VERSION = 1
SESSION_FORMAT = "scorekeeper.session"
NOTEBOOK_FORMAT = "scorekeeper.notebook"
NOTEBOOKS_FORMAT = "scorekeeper.notebooks"  # what backup_notebooks writes

SUIT_WORDS = {
    "S": gettext_noop("spades"),
    "H": gettext_noop("hearts"),
    "D": gettext_noop("diamonds"),
    "C": gettext_noop("clubs"),
    "NT": gettext_noop("no trump"),
}

Table = OhHellTable | KozelTable | RoundsTable

LINES_IN_A_CELL = "; "


# -- writing files -------------------------------------------------------------------


def to_json(value: object, indent: str = "") -> str:
    """JSON a person can read: anything that fits in 100 characters on one line."""
    flat = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if len(indent) + len(flat) <= 100 or not isinstance(value, dict | list) or not value:
        return flat
    inner = indent + "  "
    if isinstance(value, dict):
        items = [
            f"{inner}{json.dumps(key, ensure_ascii=False)}: {to_json(item, inner)}"
            for key, item in value.items()
        ]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}"
    items = [inner + to_json(item, inner) for item in value]
    return "[\n" + ",\n".join(items) + f"\n{indent}]"


#: What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(value: object) -> object:
    """A leading apostrophe, as OWASP advises, on text a spreadsheet would read as a formula
    (a player named ``=HYPERLINK(...)``). Numbers are the app's own, never a player's text."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(rows: Iterable[Sequence[object]]) -> str:
    """With a byte order mark, so spreadsheets read names with accents as UTF-8."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerows([spreadsheet_cell(value) for value in row] for row in rows)
    return out.getvalue()


def filename(game: Game, extension: str) -> str:
    """``oh-hell-2025-01-31.csv``: the game and the day the session started."""
    day = timezone.localtime(game.created_at).date().isoformat()
    return f"{game.kind.replace('_', '-')}-{day}.{extension}"


def _time(value: datetime | None) -> str | None:
    if value is None:
        return None
    return value.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


# -- a session as CSV ----------------------------------------------------------------

OH_HELL_COLUMNS = [
    pgettext_lazy("CSV column", "deal"),
    pgettext_lazy("CSV column", "cards"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "trump"),
    pgettext_lazy("CSV column", "player"),
    pgettext_lazy("CSV column", "bid"),
    pgettext_lazy("CSV column", "tricks"),
    pgettext_lazy("CSV column", "deal score"),
    pgettext_lazy("CSV column", "running total"),
    pgettext_lazy("CSV column", "revoke"),
    pgettext_lazy("CSV column", "how the points came to be"),
]
KOZEL_COLUMNS = [
    pgettext_lazy("CSV column", "deal"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "team"),
    pgettext_lazy("CSV column", "card points"),
    pgettext_lazy("CSV column", "took a trick"),
    pgettext_lazy("CSV column", "defeat points"),
    pgettext_lazy("CSV column", "running defeat points"),
    pgettext_lazy("CSV column", "how the points came to be"),
]


ROUNDS_COLUMNS = [
    pgettext_lazy("CSV column", "round"),
    pgettext_lazy("CSV column", "cards"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "player"),
    pgettext_lazy("CSV column", "points"),
    pgettext_lazy("CSV column", "running total"),
    pgettext_lazy("CSV column", "how the points came to be"),
]


def _rounds_rows(table: RoundsTable) -> list[list[object]]:
    """One row per player (or team) per round; a side with no part in a round has no points."""
    names = table.side_names()
    rows: list[list[object]] = [[str(column) for column in ROUNDS_COLUMNS]]
    for scored in table.result.rounds:
        plan = scored.plan
        dealer = table.names[plan.dealer] if plan.dealer is not None else ""
        for side, name in enumerate(names):
            points = scored.points[side]
            why = explained((*scored.whys[side], *scored.notes))
            rows.append(
                [
                    plan.number,
                    "" if plan.cards is None else plan.cards,
                    dealer,
                    name,
                    "" if points is None else points,
                    scored.totals[side],
                    LINES_IN_A_CELL.join(why),
                ]
            )
    return rows


def csv_rows(table: Table) -> list[list[object]]:
    """One row per player (Oh Hell) or team (Kozel) per deal. A revoked Oh Hell deal has no
    tricks and names the revoker in each row; its replay has the same number."""
    if isinstance(table, RoundsTable):
        return _rounds_rows(table)
    if isinstance(table, KozelTable):
        return _kozel_rows(table)
    names = table.names
    rows: list[list[object]] = [[str(column) for column in OH_HELL_COLUMNS]]
    for scored in table.result.deals:
        plan, record = scored.plan, scored.record
        revoke = "" if record.revoke is None else names[record.revoke]
        for seat, name in enumerate(names):
            why = oh_hell.explain_deal(scored, seat, table.rules)
            rows.append(
                [
                    plan.number,
                    plan.cards,
                    names[plan.dealer],
                    _(SUIT_WORDS[scored.trump]) if scored.trump in SUIT_WORDS else "",
                    name,
                    record.bids[seat],
                    "" if record.tricks is None else record.tricks[seat],
                    scored.scores[seat],
                    scored.totals[seat],
                    revoke,
                    LINES_IN_A_CELL.join(explained(why)),
                ]
            )
    return rows


def _kozel_rows(table: KozelTable) -> list[list[object]]:
    names = table.names
    rows: list[list[object]] = [[str(column) for column in KOZEL_COLUMNS]]
    words = {True: pgettext("CSV cell", "yes"), False: pgettext("CSV cell", "no"), None: ""}
    for outcome in table.result.outcomes:
        for team in (0, 1):
            points = outcome.card_points[team]
            # Only a team without card points may have taken no trick.
            took = words[outcome.entry.zero_team_took_trick if points == 0 else True]
            why = kozel.explain_deal(outcome, team, table.rules)
            rows.append(
                [
                    outcome.number,
                    names[outcome.dealer],
                    table.team_names(team),
                    points,
                    took,
                    outcome.defeat_points[team],
                    outcome.running_defeat_points[team],
                    LINES_IN_A_CELL.join(explained(why)),
                ]
            )
    return rows


# -- a session as JSON ---------------------------------------------------------------


def session_json(table: Table) -> dict:
    """Everything needed to rebuild the session, then ``result`` (an import ignores it)."""
    game = table.game
    data = {
        "format": SESSION_FORMAT,
        "version": VERSION,
        "id": game.public_id,
        "kind": game.kind,
        "preset": game.preset,
        "options": dict(game.options),
        "seats": table.names,
        "first_dealer": game.first_dealer,
        "created_at": _time(game.created_at),
        "finished_at": _time(game.finished_at),
    }
    if isinstance(table, RoundsTable):
        data["deals"] = table.entries
        if table.pending is not None:  # the next round's bids, in before it is played
            data["pending"] = table.pending.entry
        data["result"] = _rounds_result_json(table)
    elif isinstance(table, KozelTable):
        data["deals"] = [_kozel_deal_json(deal) for deal in table.deals]
        data["result"] = _kozel_result_json(table.result)
    else:
        data["deals"] = [_oh_hell_deal_json(deal, table.players) for deal in table.deals]
        data["result"] = _oh_hell_result_json(table.result)
    return data


def _oh_hell_deal_json(deal: Deal, players: int) -> dict:
    hands = {hand.seat: hand for hand in deal.hands.all()}
    seats = range(players)
    scored = deal.done and deal.revoke is None
    return {
        "trump": deal.trump or None,
        "bids": [hands[s].bid if s in hands else None for s in seats],
        "out_of_turn": [hands[s].out_of_turn if s in hands else False for s in seats],
        "trick_winners": list(deal.trick_winners),
        "tricks": [hands[s].tricks if s in hands else None for s in seats] if scored else None,
        "revoke": deal.revoke,
        "adjustments": [
            {"seat": adj.seat, "points": adj.points, "note": adj.note}
            for adj in deal.adjustments.all()
        ],
    }


def _oh_hell_result_json(result: oh_hell.GameResult) -> dict:
    places = {standing.seat: standing.place for standing in result.standings}
    return {
        "finished": result.finished,
        "totals": list(result.totals),
        "places": [places[seat] for seat in range(result.players)],
        "winners": list(result.winners),
        "deals": [
            {
                "number": scored.plan.number,
                "cards": scored.plan.cards,
                "dealer": scored.plan.dealer,
                "trump": scored.trump,
                "replay": scored.replay,
                "made": list(scored.made),
                "points": list(scored.scores),
                "totals": list(scored.totals),
                "why": [
                    explained(oh_hell.explain_deal(scored, seat, result.rules))
                    for seat in range(result.players)
                ],
            }
            for scored in result.deals
        ],
    }


def _rounds_result_json(table: RoundsTable) -> dict:
    result = table.result
    return {
        "finished": result.finished,
        "sides": [list(seats) for seats in result.sides],
        "totals": list(result.totals),
        "places": list(result.places),
        "winners": list(result.winners),
        "rounds": [
            {
                "number": scored.plan.number,
                "cards": scored.plan.cards,
                "dealer": scored.plan.dealer,
                "points": list(scored.points),
                "totals": list(scored.totals),
                "why": [explained(whys) for whys in scored.whys],
                "notes": explained(scored.notes),
            }
            for scored in result.rounds
        ],
    }


def _kozel_deal_json(deal: KozelDeal) -> dict:
    return {
        "team": deal.team,
        "points": deal.points,
        "zero_team_took_trick": deal.zero_team_took_trick,
        "last_trick_seat": deal.last_trick_seat,
    }


def _kozel_result_json(result: kozel.MatchResult) -> dict:
    return {
        "finished": result.finished,
        "defeat_points": list(result.defeat_points),
        "goat": result.goat,
        "goat_with_eggs": result.goat_with_eggs,
        "deals": [
            {
                "number": outcome.number,
                "dealer": outcome.dealer,
                "leader": outcome.leader,
                "card_points": list(outcome.card_points),
                "eggs": outcome.eggs,
                "defeat_points": list(outcome.defeat_points),
                "running_defeat_points": list(outcome.running_defeat_points),
                "why": [
                    explained(kozel.explain_deal(outcome, team, result.rules)) for team in (0, 1)
                ],
            }
            for outcome in result.outcomes
        ],
    }


# -- a notebook as JSON --------------------------------------------------------------


def load_notebooks(notebooks: QuerySet[Notebook]) -> list[tuple[Notebook, list[Table]]]:
    """Each notebook with its sessions, oldest first, in nine queries however many."""
    deals = Deal.objects.order_by("index").prefetch_related(
        Prefetch("hands", queryset=Hand.objects.order_by("seat")),
        Prefetch("adjustments", queryset=Adjustment.objects.order_by("created_at", "pk")),
    )
    games = Game.objects.order_by("created_at", "pk").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("position")),
        Prefetch("deals", queryset=deals),
        Prefetch("kozel_deals", queryset=KozelDeal.objects.order_by("index")),
        Prefetch("rounds", queryset=Round.objects.order_by("index")),
    )
    loaded = []
    for notebook in notebooks.order_by("pk").prefetch_related(
        Prefetch("players", queryset=Player.objects.order_by("name", "pk")),
        Prefetch("games", queryset=games),
    ):
        tables: list[Table] = []
        for game in notebook.games.all():
            seats = list(game.seats.all())
            if kind_of(game.kind).rounds is not None:
                tables.append(rounds_table(game, seats, list(game.rounds.all())))
            elif game.kind == Game.Kind.KOZEL:
                tables.append(
                    KozelTable(game=game, seats=seats, deals=list(game.kozel_deals.all()))
                )
            else:
                tables.append(OhHellTable(game=game, seats=seats, deals=list(game.deals.all())))
        loaded.append((notebook, tables))
    return loaded


def notebook_json(notebook: Notebook, tables: Sequence[Table], *, with_key: bool = False) -> dict:
    """``with_key`` for operators' backups: a restore on a new server keeps phones' links."""
    data: dict = {"format": NOTEBOOK_FORMAT, "version": VERSION, "name": notebook.name}
    if with_key:
        data["key"] = notebook.key
    data["created_at"] = _time(notebook.created_at)
    data["players"] = [player.name for player in notebook.players.all()]
    data["sessions"] = [session_json(table) for table in tables]
    return data


def notebooks_json(loaded: Sequence[tuple[Notebook, Sequence[Table]]]) -> dict:
    return {
        "format": NOTEBOOKS_FORMAT,
        "version": VERSION,
        "notebooks": [notebook_json(nb, tables, with_key=True) for nb, tables in loaded],
    }

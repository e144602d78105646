"""Kozel's sessions as files (docs/export-format.md): its CSV rows, its deals and result in
JSON, its summary line, and its deals read back from a file through `games.rules`."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from games.explanations import explained
from games.exports.files import LINES_IN_A_CELL
from games.exports.reading import Fields, within
from games.models import Round
from games.rules import gettext_noop, kozel
from games.tables.kozel import KozelTable, kozel_fields

COLUMNS = [
    pgettext_lazy("CSV column", "deal"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "team"),
    pgettext_lazy("CSV column", "card points"),
    pgettext_lazy("CSV column", "took a trick"),
    pgettext_lazy("CSV column", "defeat points"),
    pgettext_lazy("CSV column", "running defeat points"),
    pgettext_lazy("CSV column", "how the points came to be"),
]


def csv_rows(table: KozelTable) -> list[list[object]]:
    names = table.names
    rows: list[list[object]] = [[str(column) for column in COLUMNS]]
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


def deals_json(table: KozelTable) -> dict:
    return {
        "deals": [_deal_json(deal) for deal in table.deals],
        "result": _result_json(table.result),
    }


def _deal_json(deal: Round) -> dict:
    """As entered, in the order a file has always had it."""
    return {name: deal.entry.get(name) for name in DEAL_FIELDS}


DEAL_FIELDS = ("team", "points", "zero_team_took_trick", "last_trick_seat")


def _result_json(result: kozel.MatchResult) -> dict:
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


def summary(table: KozelTable) -> str:
    """For a chat: "Anna & Carla 12 (goat), Ben & Dan 6"."""
    result = table.result
    teams = []
    for team in (0, 1):
        text = f"{table.team_names(team)} {result.defeat_points[team]}"
        if result.goat == team:
            text += " " + _("(goat)")
        teams.append(text)
    scores = ", ".join(teams)
    if result.finished:
        return scores
    if not result.outcomes:
        return _("No deal entered yet.")
    return ngettext(
        "After %(deals)s deal: %(scores)s",
        "After %(deals)s deals: %(scores)s",
        len(result.outcomes),
    ) % {"deals": len(result.outcomes), "scores": scores}


def read_deals(kind, options: dict, players: int, first_dealer: int, deals: list, get, finished_at):
    rules = kind.rules_of(options)
    entries = []
    for position, raw in enumerate(deals, start=1):
        with within("deal", position):
            fields = Fields(raw, gettext_noop("Each deal must be a JSON object."))
            team = fields.get("team", int)
            points = fields.get("points", int)
            took = fields.get("zero_team_took_trick", bool, required=False)
            last = fields.get("last_trick_seat", int, required=False)
        entries.append(kozel.DealEntry(team, points, took, last))
    result = kozel.score_match(rules, first_dealer, entries)
    return [kozel_fields(outcome.entry) for outcome in result.outcomes], result.finished, None

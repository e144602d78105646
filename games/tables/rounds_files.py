"""The sessions of games scored round by round as files (docs/export-format.md, "A
round"): CSV rows per side, the rounds and result in JSON, the summary line, and the rounds
read back from a file through the game's rules module, which refuses a bad one by its
number, with the next round's bids if they were in before it was played."""

from __future__ import annotations

from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.explanations import explained
from games.exports.files import LINES_IN_A_CELL
from games.kinds import kind_of
from games.rules import RuleError, gettext_noop, rounds
from games.tables.rounds import RoundsTable

COLUMNS = [
    pgettext_lazy("CSV column", "round"),
    pgettext_lazy("CSV column", "cards"),
    pgettext_lazy("CSV column", "dealer"),
    pgettext_lazy("CSV column", "player"),
    pgettext_lazy("CSV column", "points"),
    pgettext_lazy("CSV column", "running total"),
    pgettext_lazy("CSV column", "how the points came to be"),
]


def csv_rows(table: RoundsTable) -> list[list[object]]:
    """One row per player (or team) per round; a side with no part in a round has no points."""
    names = table.side_names()
    rows: list[list[object]] = [[str(column) for column in COLUMNS]]
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


def deals_json(table: RoundsTable) -> dict:
    data = {"deals": table.entries}
    if table.pending is not None:  # the next round's bids, in before it is played
        data["pending"] = table.pending.entry
    data["result"] = _result_json(table)
    return data


def _result_json(table: RoundsTable) -> dict:
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


def summary(table: RoundsTable) -> str:
    result = table.result
    names = table.side_names()
    order = sorted(range(len(names)), key=lambda side: (result.places[side], side))
    scores = ", ".join(f"{names[side]} {result.totals[side]}" for side in order)
    if result.finished:
        return _("Final: %(scores)s") % {"scores": scores}
    unit = kind_of(table.game.kind).unit
    if not result.rounds:
        return _(unit.none_entered)
    played = len(result.rounds)
    return unit.after % {"rounds": played, "deals": played, "scores": scores}


def read_deals(kind, options: dict, players: int, first_dealer: int, deals: list, get, finished_at):
    """Every round through its rules module, then the next round's bids if the file has
    them. ``get``: the file's field reader (games.exports.reading.Fields.get)."""
    rules = kind.rules_of(options)
    rows, finished = _rounds(kind, rules, players, first_dealer, deals, finished_at)
    return rows, finished, _pending(kind, rules, players, first_dealer, rows, get)


def _rounds(
    kind, rules, players: int, first_dealer: int, deals: list, finished_at: datetime | None
) -> tuple[list[dict], bool]:
    ended = kind.ends_by_table and finished_at is not None
    if not all(isinstance(entry, dict) for entry in deals):
        raise RuleError(gettext_noop("Each round must be a JSON object."))
    result = kind.rounds.score(rules, players, first_dealer, deals, ended=ended)
    if len(result.rounds) != len(deals):
        raise RuleError(gettext_noop("The game was over before its last round."))
    return [scored.entry for scored in result.rounds], result.finished


def _pending(kind, rules, players: int, first_dealer: int, rows: list, get) -> dict | None:
    """The next round's bids (with what its bids phase enters beside them: the game's
    ``BID_FIELDS``), checked as the table would check them."""
    raw = get("pending", dict, required=False, null=True)
    if raw is None:
        return None
    plan = kind.rounds.score(rules, players, first_dealer, rows).next_round
    known = set(rounds.bid_fields(kind.rounds))
    if not kind.bids_first or plan is None or "bids" not in raw or not set(raw) <= known:
        raise RuleError(gettext_noop("“pending” must be the next round's bids."))
    return rounds.checked_bids(kind.rounds, rules, players, plan, raw)

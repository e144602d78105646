"""A game scored round by round in a file (docs/export-format.md, "A round"): every round
through its rules module, which refuses a bad one by its number, and the next round's bids
if they were in before it was played."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from games.kinds import kind_of
from games.rules import RuleError, gettext_noop


def rounds_of(
    kind: str,
    options: dict,
    players: int,
    first_dealer: int,
    deals: list,
    finished_at: datetime | None,
) -> tuple[list[dict], bool]:
    """Every round through its rules module, which refuses a bad one by its number."""
    game = kind_of(kind)
    rules = game.rules_of(options)
    ended = game.ends_by_table and finished_at is not None
    if not all(isinstance(entry, dict) for entry in deals):
        raise RuleError(gettext_noop("Each round must be a JSON object."))
    result = game.rounds.score(rules, players, first_dealer, deals, ended=ended)
    if len(result.rounds) != len(deals):
        raise RuleError(gettext_noop("The game was over before its last round."))
    return [scored.entry for scored in result.rounds], result.finished


def pending_of(
    kind: str, options: dict, players: int, first_dealer: int, rows: list, get: Callable
) -> dict | None:
    """The next round's bids, if the file has them: checked as the table would check them.
    ``get``: the file's field reader (reading._Fields.get)."""
    raw = get("pending", dict, required=False, null=True)
    if raw is None:
        return None
    game = kind_of(kind)
    rules = game.rules_of(options)
    plan = game.rounds.score(rules, players, first_dealer, rows).next_round
    if not game.bids_first or plan is None or set(raw) != {"bids"}:
        raise RuleError(gettext_noop("“pending” must be the next round's bids."))
    return {"bids": game.rounds.check_bids(rules, players, plan, raw["bids"])}

"""The summary line to paste into a chat, and settling up (seed 000: a stake per point)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from games.rules import RuleError, gettext_noop, oh_hell
from games.tables import Table
from games.tables.oh_hell import OhHellTable


def summary(table: Table) -> str:
    """For a chat: "Final: Anna 112, Ben 98, …" or "Final: Ben & Dan 6, Anna & Carla 12"."""
    return table.files().summary(table)


STAKE_LIMIT = Decimal(1000)


#: Digits 0 to 9 only: Decimal() also reads "１", "٣", "1_0" and "1e3".
STAKE = re.compile(r"-?[0-9]{1,12}(\.[0-9]{1,8})?")


def parse_stake(raw: str) -> Decimal:
    """A stake per point as typed: "0.10", "0,10" or "1"."""
    text = (raw or "").strip().replace(",", ".")
    try:
        stake = Decimal(text) if STAKE.fullmatch(text) else None
    except InvalidOperation:
        stake = None
    if stake is None or not stake.is_finite():
        raise RuleError(gettext_noop("Enter the stake per point as a number, for example 0.10."))
    if stake <= 0:
        raise RuleError(gettext_noop("The stake must be more than 0."))
    if stake > STAKE_LIMIT:
        raise RuleError(gettext_noop("The stake can be at most 1000 per point."))
    if stake != stake.quantize(Decimal("0.01")):
        raise RuleError(gettext_noop("Enter the stake with at most two decimals, like 0.10."))
    return stake


@dataclass(frozen=True)
class Payment:
    name: str
    total: int
    winner: bool
    amount: float  # what this player pays (> 0) or receives (< 0)

    @property
    def pays(self) -> str:
        return f"{self.amount:.2f}" if self.amount > 0 else ""

    @property
    def receives(self) -> str:
        return f"{-self.amount:.2f}" if self.amount < 0 else ""


def settle(table: OhHellTable, stake: Decimal) -> list[Payment]:
    """Seed 000: each player pays the winner the stake times the points between them; tied
    winners share. Best first."""
    result = table.result
    amounts = oh_hell.settle_up(result.totals, stake)
    return [
        Payment(table.names[s.seat], s.total, s.total == max(result.totals), amounts[s.seat])
        for s in result.standings
    ]

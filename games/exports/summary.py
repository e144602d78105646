"""The summary line to paste into a chat, and the stake per point for settling up (seed 000;
the table works it out: its ``settle``)."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from games.rules import RuleError, gettext_noop
from games.tables import Table


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

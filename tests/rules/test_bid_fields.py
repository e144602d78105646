"""The bids phase of a game that bids first carries every field its rules module names in
``BID_FIELDS`` (games.rules.rounds.checked_bids), not only the bids."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from games.rules import RuleError, rounds

PLAN = rounds.Plan(number=1)


def check_bids(rules, players, plan, bids, blind=None):
    if blind is not None and not all(isinstance(mark, bool) for mark in blind):
        raise RuleError("Mark blind nil true or false for every player.")
    return list(bids)


WITH_MARKS = SimpleNamespace(BID_FIELDS=("bids", "blind"), check_bids=check_bids)
BIDS_ONLY = SimpleNamespace(check_bids=lambda rules, players, plan, bids: list(bids))


def test_it_reads_the_bids_alone_where_the_game_names_no_fields() -> None:
    assert rounds.bid_fields(BIDS_ONLY) == ("bids",)
    entry = {"bids": [1, 2], "tricks": [1, 1]}
    assert rounds.checked_bids(BIDS_ONLY, None, 2, PLAN, entry) == {"bids": [1, 2]}


def test_it_keeps_the_fields_a_game_names_beside_its_bids() -> None:
    entry = {"bids": [0, 2], "blind": [True, False]}
    assert rounds.checked_bids(WITH_MARKS, None, 2, PLAN, entry) == entry


def test_it_leaves_out_a_field_not_sent() -> None:
    assert rounds.checked_bids(WITH_MARKS, None, 2, PLAN, {"bids": [0, 2]}) == {"bids": [0, 2]}


def test_it_lets_the_rules_refuse_a_field_beside_the_bids() -> None:
    with pytest.raises(RuleError, match="true or false"):
        rounds.checked_bids(WITH_MARKS, None, 2, PLAN, {"bids": [0, 2], "blind": [1, 0]})

"""What a player's statistics count in a round of Skull King and a deal of Tysiąc
(``round_figures``), on rounds as ``check_round`` leaves them; checked by hand."""

from __future__ import annotations

import pytest

from games.rules import skull_king, tysiac

SKULL_KING = skull_king.Rules()


def skull_round(number: int, bids, tricks) -> dict:
    plan = skull_king.plan_of(SKULL_KING, 3, 0, number)
    bonuses = [{} for _ in bids]
    entry = {"bids": list(bids), "tricks": list(tricks), "bonuses": bonuses}
    return skull_king.check_round(SKULL_KING, 3, plan, entry)


@pytest.mark.parametrize(
    ("bids", "tricks", "seat", "counts"),
    [
        # round 3: Anna bids 2 and takes 2; Ben bids 0 and takes 0; Carla bids 1, takes 1
        ((2, 0, 1), (2, 0, 1), 0, {"bids": 1, "exact": 1, "zero": 0, "zero_made": 0}),
        ((2, 0, 1), (2, 0, 1), 1, {"bids": 1, "exact": 1, "zero": 1, "zero_made": 1}),
        # Anna bids 1 and takes 2 (missed); Ben bids 0 and takes 1 (a bid of 0 missed)
        ((1, 0, 1), (2, 1, 0), 0, {"bids": 1, "exact": 0, "zero": 0, "zero_made": 0}),
        ((1, 0, 1), (2, 1, 0), 1, {"bids": 1, "exact": 0, "zero": 1, "zero_made": 0}),
        ((1, 0, 1), (2, 1, 0), 2, {"bids": 1, "exact": 0, "zero": 0, "zero_made": 0}),
    ],
)
def test_a_skull_king_round_counts_the_bid_and_whether_it_was_made(
    bids, tricks, seat, counts
) -> None:
    assert skull_king.round_figures(skull_round(3, bids, tricks), seat) == counts


TYSIAC = tysiac.PRESETS["russian"]


def deal(entry: dict) -> dict:
    plan = tysiac.plan_of(TYSIAC, 3, 0, 1)
    return tysiac.check_round(TYSIAC, 3, plan, entry)


#: The issue's example: A bids 140, 57 card points and the diamond marriage: 137, lost.
LOST = {"bidder": 0, "contract": 140, "points": [57, 38, 25], "marriages": {"D": 0, "S": 2}}
#: B bids 120 and makes it: 70 card points and the hearts marriage.
MADE = {"bidder": 1, "contract": 120, "points": [30, 70, 20], "marriages": {"H": 1}}
#: C gives 125 up before play.
GIVEN_UP = {"bidder": 2, "contract": 125, "given_up": True}


@pytest.mark.parametrize(
    ("entry", "seat", "counts"),
    [
        (LOST, 0, {"contracts": 1, "made": 0, "given_up": 0}),
        (LOST, 1, {"contracts": 0, "made": 0, "given_up": 0}),
        (MADE, 1, {"contracts": 1, "made": 1, "given_up": 0}),
        (MADE, 2, {"contracts": 0, "made": 0, "given_up": 0}),
        (GIVEN_UP, 2, {"contracts": 1, "made": 0, "given_up": 1}),
        (GIVEN_UP, 0, {"contracts": 0, "made": 0, "given_up": 0}),
    ],
)
def test_a_tysiac_deal_counts_the_bidders_contract_made_lost_or_given_up(
    entry, seat, counts
) -> None:
    assert tysiac.round_figures(deal(entry), seat) == counts


@pytest.mark.parametrize("game", [skull_king, tysiac])
def test_every_figure_is_a_share_of_a_count_the_round_gives(game) -> None:
    keys = {figure.key for figure in game.FIGURES} | {f.of for f in game.FIGURES if f.of}
    example = skull_round(1, (1, 0, 0), (1, 0, 0)) if game is skull_king else deal(MADE)
    assert keys <= set(game.round_figures(example, 0))

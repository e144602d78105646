"""Tysiąc / Тысяча: the barrel at 880 and the end of the game at 1000; every figure
counted by hand in the comments."""

import pytest

from games.rules import tysiac as t
from games.rules.errors import RuleError

BARREL = t.Rules(steps=5, endgame="barrel")  # the barrel alone: no rounding, no bolts


def deal(bidder, contract, points, marriages=None, **extra) -> dict:
    return {"bidder": bidder, "contract": contract, "points": points, **extra} | (
        {"marriages": marriages} if marriages else {}
    )


def whys(result, number, seat) -> list[str]:
    return [str(why) for why in result.rounds[number - 1].whys[seat]]


A_TO_840 = [deal(0, 120, [120, 0, 0])] * 7  # A: 7 x 120 = 840
B_TO_840 = [deal(1, 120, [0, 120, 0])] * 7
A_ON = [*A_TO_840, deal(0, 120, [120, 0, 0])]  # 840 + 120 = 960, written 880: on the barrel


# -- getting on --------------------------------------------------------------------------------


def test_a_total_over_880_is_written_880_and_the_player_is_on_the_barrel() -> None:
    result = t.score(BARREL, 3, 0, A_ON)

    assert result.totals[0] == 880
    assert result.rounds[7].points[0] == 40  # 840 -> 880
    assert whys(result, 8, 0) == [
        "contract 120, made 120: +120",
        "960 is written as 880: on the barrel (the barrel)",
    ]
    assert str(result.marks[0]) == "880: on the barrel, deal 1 of 3"


def test_exactly_880_is_on_the_barrel_too() -> None:
    # 6 x 120 = 720; then 160 with 120 + 80 (diamonds) = 200: 720 + 160 = 880.
    deals = [*A_TO_840[:6], deal(0, 160, [120, 0, 0], {"D": 0})]
    result = t.score(BARREL, 3, 0, deals)

    assert result.totals[0] == 880
    assert whys(result, 7, 0)[-1] == "880: on the barrel (the barrel)"


def test_a_defender_gets_on_the_barrel_but_cannot_win_there() -> None:
    # A at 840 defends with 100 + 100 (hearts) = 200: 1040 is no win, it is written 880.
    result = t.score(BARREL, 3, 0, [*A_TO_840, deal(1, 100, [100, 20, 0], {"H": 0})])

    assert result.totals[0] == 880
    assert not result.finished
    assert whys(result, 8, 0) == [
        "100 + 100 for marriages = 200",
        "1040 is written as 880: on the barrel (the barrel)",
    ]


# -- on the barrel -----------------------------------------------------------------------------


def test_three_deals_on_the_barrel_without_a_win_cost_120() -> None:
    deals = [
        *A_ON,
        deal(1, 100, [20, 100, 0]),  # A defends: nothing counts; deal 1 of 3
        deal(0, 100, [100, 20, 0]),  # made, 980 is short of 1000: stays 880; deal 2 of 3
        deal(2, 100, [0, 20, 100]),  # deal 3 without a win: 880 - 120 = 760
    ]
    result = t.score(BARREL, 3, 0, deals)

    assert [scored.totals[0] for scored in result.rounds[7:]] == [880, 880, 880, 760]
    assert [scored.points[0] for scored in result.rounds[8:]] == [0, 0, -120]
    assert whys(result, 9, 0) == [
        "nothing as a defender (the barrel)",
        "880: on the barrel, deal 1 of 3 (the barrel)",
    ]
    assert whys(result, 10, 0) == [
        "contract 100, made 100: +100",
        "short of 1000: stays at 880 (the barrel)",
        "880: on the barrel, deal 2 of 3 (the barrel)",
    ]
    assert whys(result, 11, 0) == [
        "nothing as a defender (the barrel)",
        "three deals on the barrel without a win: 760 (the barrel)",
    ]
    assert result.marks[0] is None


def test_the_mark_says_the_deal_to_come_on_the_barrel() -> None:
    result = t.score(BARREL, 3, 0, [*A_ON, deal(1, 100, [20, 100, 0])])

    assert str(result.marks[0]) == "880: on the barrel, deal 2 of 3"


def test_a_deal_sat_out_counts_as_one_of_the_three() -> None:
    # Four players, the dealer sits out: A (seat 0) sits out deals 1 and 5.
    four = t.Rules(steps=5, endgame="barrel")
    every = {"H": 0, "D": 0, "C": 0, "S": 0}
    deals = [
        deal(1, 100, [None, 120, 0, 0]),  # 1: A sits out
        deal(0, 400, [120, None, 0, 0], every),  # 2: A 400
        deal(0, 400, [120, 0, None, 0], every),  # 3: A 800
        deal(0, 100, [100, 20, 0, None]),  # 4: A 900, written 880: on the barrel
        deal(1, 100, [None, 120, 0, 0]),  # 5: A sits out: deal 1 of 3
        deal(2, 100, [0, None, 120, 0]),  # 6: A defends: deal 2 of 3
        deal(1, 100, [0, 120, None, 0]),  # 7: deal 3: 760
    ]
    result = t.score(four, 4, 0, deals)

    assert [scored.totals[0] for scored in result.rounds] == [0, 400, 800, 880, 880, 880, 760]
    assert result.rounds[4].points[0] is None  # sat out, nothing changed
    assert whys(result, 5, 0) == ["sits out", "880: on the barrel, deal 1 of 3 (the barrel)"]


def test_a_lost_contract_on_the_barrel_costs_the_contract_and_ends_it() -> None:
    # The issue: 880 - 130 = 750.
    result = t.score(BARREL, 3, 0, [*A_ON, deal(0, 130, [100, 20, 0])])

    assert result.totals[0] == 750
    assert whys(result, 9, 0) == [
        "contract 130, made 100: −130",
        "a lost contract ends the barrel (the barrel)",
    ]
    assert result.marks[0] is None


def test_a_deal_given_up_on_the_barrel_is_a_lost_contract() -> None:
    rules = t.Rules(steps=5, endgame="barrel", given_up="sixty")
    entry = {"bidder": 0, "contract": 120, "given_up": True}
    result = t.score(rules, 3, 0, [*A_ON, entry])

    assert result.totals == (760, 60, 60)  # 880 - 120; B and C are paid 60 each
    assert result.marks[0] is None


def test_a_defender_on_the_barrel_gets_nothing_from_a_deal_given_up() -> None:
    rules = t.Rules(steps=5, endgame="barrel", given_up="sixty")
    entry = {"bidder": 1, "contract": 120, "given_up": True}
    result = t.score(rules, 3, 0, [*A_ON, entry])

    assert result.rounds[8].points == (0, -120, 60)
    assert whys(result, 9, 0)[0] == "nothing as a defender (the barrel)"


def test_a_contract_to_1000_wins_from_the_barrel() -> None:
    result = t.score(BARREL, 3, 0, [*A_ON, deal(0, 120, [120, 0, 0])])

    assert result.totals[0] == 1000  # 880 + 120
    assert result.finished and result.winners == (0,)
    assert whys(result, 9, 0) == ["contract 120, made 120: +120"]
    assert result.marks[0] is None  # off the barrel: the game is won


def test_a_contract_to_1000_wins_from_below_the_barrel_too() -> None:
    # A at 840 bids 160 and makes 120 + 80 (diamonds): 840 + 160 = 1000.
    result = t.score(BARREL, 3, 0, [*A_TO_840, deal(0, 160, [120, 0, 0], {"D": 0})])

    assert result.totals[0] == 1000 and result.winners == (0,)


def test_a_player_on_the_barrel_is_pushed_back_to_760_when_another_gets_on() -> None:
    # B 840, A 840; A gets on (deal 15), then B gets on (deal 16): A back to 760.
    deals = [*B_TO_840, *A_ON, deal(1, 120, [0, 120, 0])]
    result = t.score(BARREL, 3, 0, deals)

    assert result.totals[:2] == (760, 880)
    assert whys(result, 16, 0) == [
        "nothing as a defender (the barrel)",
        "880: on the barrel, deal 1 of 3 (the barrel)",
        "pushed off the barrel: 760 (the barrel)",
    ]
    assert result.marks[0] is None
    assert str(result.marks[1]) == "880: on the barrel, deal 1 of 3"


def test_two_who_get_on_the_barrel_in_the_same_deal_both_stay() -> None:
    # A 840 bids 100 with 100: 940 -> 880; B 840 defends 20 + 100 (hearts): 960 -> 880.
    deals = [*B_TO_840, *A_TO_840, deal(0, 100, [100, 20, 0], {"H": 1})]
    result = t.score(BARREL, 3, 0, deals)

    assert result.totals[:2] == (880, 880)
    assert [str(mark) for mark in result.marks[:2]] == ["880: on the barrel, deal 1 of 3"] * 2


def test_deals_on_the_barrel_are_not_bolts() -> None:
    # With bolts, A's three deals of nothing on the barrel leave 760, not 640.
    rules = t.Rules(steps=5, endgame="barrel", bolts=True)
    result = t.score(rules, 3, 0, [*A_ON, *[deal(1, 100, [0, 120, 0])] * 3])

    assert result.totals[0] == 760
    assert result.marks[0] is None


def test_555_after_a_lost_contract_on_the_barrel_goes_back_to_0() -> None:
    # 880 - 325 = 555: back to 0, and the lost contract ends the barrel.
    rules = t.Rules(steps=5, endgame="barrel", five_five_five="zero")
    result = t.score(rules, 3, 0, [*A_ON, deal(0, 325, [100, 20, 0])])

    assert result.totals[0] == 0
    assert whys(result, 9, 0) == [
        "contract 325, made 100: −325",
        "exactly 555: back to 0 (555)",
        "a lost contract ends the barrel (the barrel)",
    ]


def test_without_the_barrel_a_total_over_880_stays_as_it_is() -> None:
    assert t.score(t.Rules(steps=5), 3, 0, A_ON).totals[0] == 960


# -- the end ---------------------------------------------------------------------------------

PLAIN = t.Rules()
ALL_A = {"H": 0, "D": 0, "C": 0, "S": 0}
ALL_B = {"H": 1, "D": 1, "C": 1, "S": 1}
A_800_B_990 = [
    deal(0, 400, [120, 0, 0], ALL_A),
    deal(0, 400, [120, 0, 0], ALL_A),  # A 800
    deal(1, 400, [0, 120, 0], ALL_B),
    deal(1, 400, [0, 120, 0], ALL_B),  # B 800
    deal(1, 190, [0, 120, 0], {"H": 1}),  # B 120 + 100 = 220 >= 190: 990
]


def test_the_first_to_reach_1000_wins_and_the_game_is_over() -> None:
    # B bids 100 and makes it: 1090.
    result = t.score(PLAIN, 3, 0, [*A_800_B_990, deal(1, 100, [0, 120, 0])])

    assert result.totals == (800, 1090, 0)
    assert result.finished and result.winners == (1,)
    assert result.next_round is None
    assert result.places == (2, 1, 3)


def test_when_two_reach_1000_in_one_deal_the_bidder_wins() -> None:
    # A bids 200, makes 100 + 100: 1000; B defends 20: 1010, yet the bidder wins.
    result = t.score(PLAIN, 3, 0, [*A_800_B_990, deal(0, 200, [100, 20, 0], {"H": 0})])

    assert result.totals == (1000, 1010, 0)
    assert result.winners == (0,)
    assert result.places == (2, 1, 3)  # places go by total all the same


def test_between_two_defenders_the_higher_total_wins() -> None:
    # C bids 100 with marriages alone (80 + 60 + 40 = 180); A 110 + 100: 1010; B 10: 1000.
    entry = deal(2, 100, [110, 10, 0], {"H": 0, "D": 2, "C": 2, "S": 2})
    result = t.score(PLAIN, 3, 0, [*A_800_B_990, entry])

    assert result.totals == (1010, 1000, 100)
    assert result.winners == (0,)


def test_two_defenders_with_equal_totals_share_the_win() -> None:
    # C bids 100 with 10: -100. A 100 + 100 (hearts) = 200: 1000; B 10: 1000.
    result = t.score(PLAIN, 3, 0, [*A_800_B_990, deal(2, 100, [100, 10, 10], {"H": 0})])

    assert result.totals == (1000, 1000, -100)
    assert result.winners == (0, 1)
    assert result.places == (1, 1, 3)


def test_a_defender_alone_at_1000_wins() -> None:
    # A bids 100 with 100; B defends 20: 1010.
    result = t.score(PLAIN, 3, 0, [*A_800_B_990, deal(0, 100, [100, 20, 0])])

    assert result.totals == (900, 1010, 0)
    assert result.winners == (1,)


def test_nobody_wins_before_the_end() -> None:
    result = t.score(PLAIN, 3, 0, A_800_B_990)

    assert not result.finished and result.winners == ()
    assert result.next_round.number == 6


def test_a_deal_after_the_end_is_refused() -> None:
    deals = [*A_800_B_990, deal(1, 100, [0, 120, 0]), deal(0, 100, [120, 0, 0])]

    with pytest.raises(RuleError) as refused:
        t.score(PLAIN, 3, 0, deals)

    assert str(refused.value) == "Deal 7: the game was already over."


@pytest.mark.parametrize("ended", [False, True])
def test_the_table_cannot_end_tysiac_before_1000(ended) -> None:
    result = t.score(PLAIN, 3, 0, A_800_B_990, ended=ended)

    assert not result.finished and result.winners == ()

"""Tysiąc / Тысяча: the deal, the options, the endgame; every figure checked by hand."""

import pytest

from games.rules import tysiac as t
from games.rules.errors import RuleError
from games.rules.rounds import Plan

PLAIN = t.Rules()  # steps of 10, no rounding, no endgame: the options all off
RUSSIAN = t.PRESETS["russian"]
POLISH = t.PRESETS["polish"]
ALL = {"H": 0, "D": 0, "C": 0, "S": 0}


def deal(bidder, contract, points, marriages=None, **extra) -> dict:
    return {
        "bidder": bidder,
        "contract": contract,
        "points": points,
        "marriages": marriages or {},
        **extra,
    }


def totals(rules, deals, players=3, first_dealer=0):
    return t.score(rules, players, first_dealer, deals).totals


def whys(result, number, seat) -> list[str]:
    return [str(why) for why in result.rounds[number - 1].whys[seat]]


# -- the example ---------------------------------------------------------------------


def test_the_russian_example_a_minus_140_b_plus_40_c_plus_65() -> None:
    # A: 57 + 80 (diamonds) = 137 < 140; B: 38 rounded to 40; C: 25 + 40 (spades) = 65.
    result = t.score(RUSSIAN, 3, 2, [deal(0, 140, [57, 38, 25], {"D": 0, "S": 2})])

    assert result.totals == (-140, 40, 65)
    assert whys(result, 1, 0) == ["contract 140, made 137: −140"]
    assert whys(result, 1, 1) == ["38 rounded to 40 (rounding of defenders' points)"]
    assert whys(result, 1, 2) == ["25 + 40 for marriages = 65"]


@pytest.mark.parametrize(
    ("points", "marriages", "score"),
    [
        ([100, 20, 0], {"H": 0}, 140),  # 100 + 100 = 200: only the 140 counts
        ([120, 0, 0], {}, -140),  # 120 < 140
        ([40, 80, 0], {"H": 0}, 140),  # 40 + 100 = 140: exactly made
    ],
)
def test_the_bidder_scores_the_contract_made_or_not(points, marriages, score) -> None:
    assert totals(PLAIN, [deal(0, 140, points, marriages)])[0] == score


# -- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounding", "points", "gain"),
    [
        ("five", 17, 15),
        ("five", 18, 20),
        ("five", 12, 10),
        ("five", 13, 15),
        ("five", 20, 20),
        ("ten", 65, 70),
        ("ten", 64, 60),
        ("ten", 15, 20),
        ("none", 17, 17),
        ("five", 0, 0),
    ],
)
def test_defenders_points_are_rounded_as_the_table_chose(rounding, points, gain) -> None:
    assert t.rounded(points, t.Rounding(rounding)) == gain


@pytest.mark.parametrize(
    ("given_up", "contract", "share"),
    [
        ("sixty", 100, 60),
        ("half", 125, 63),
        ("half", 140, 70),
        ("greater", 140, 70),
        ("greater", 110, 60),
    ],
)
def test_a_deal_given_up_pays_the_opponents_what_the_option_says(given_up, contract, share) -> None:
    rules = t.Rules(steps=5, given_up=given_up)
    result = t.score(rules, 3, 0, [deal(1, contract, None, given_up=True)])

    assert result.totals == (share, -contract, share)
    assert whys(result, 1, 1) == [f"contract {contract} given up: −{contract}"]


def test_a_deal_cannot_be_given_up_where_the_table_says_no() -> None:
    with pytest.raises(RuleError, match="cannot be given up"):
        t.score(PLAIN, 3, 0, [deal(1, 120, None, given_up=True)])


def test_with_four_the_dealer_or_the_seat_on_the_right_sits_out() -> None:
    assert t.first_plan(PLAIN, 4, 2).sitting_out == (2,)
    assert t.first_plan(t.Rules(sitting_out="right_of_dealer"), 4, 2).sitting_out == (1,)
    assert t.first_plan(PLAIN, 3, 2).sitting_out == ()


def test_the_polish_player_sitting_out_scores_the_talons_aces_and_marriage() -> None:
    # Seat 0 deals and sits out; the talon's three cards were an ace and the king and queen
    # of hearts: 50 + 100 = 150.
    entry = deal(1, 100, [None, 100, 20, 0], talon={"aces": 1, "marriage": "H"})
    result = t.score(POLISH, 4, 0, [entry])

    assert result.totals == (150, 100, 20, 0)


def test_the_russian_player_sitting_out_scores_nothing() -> None:
    result = t.score(RUSSIAN, 4, 0, [deal(1, 100, [None, 100, 20, 0])])

    assert result.totals == (0, 100, 20, 0)
    assert whys(result, 1, 0) == ["sits out"]


def test_bolts_the_third_deal_scoring_nothing_costs_120() -> None:
    rules = t.Rules(bolts=True)
    deals = [
        deal(0, 100, [120, 0, 0]),  # B and C: bolt 1
        deal(0, 100, [120, 0, 0]),  # bolt 2
        deal(0, 100, [100, 10, 10]),  # 10 each: no bolt, the count stays
        deal(0, 100, [120, 0, 0]),  # bolt 3: -120
        deal(0, 200, [120, 0, 0]),  # A loses 200: a lost contract is no bolt; B, C bolt 1
    ]
    result = t.score(rules, 3, 0, deals)

    # B: 0 + 0 + 10 + 0 - 120 + 0 = -110
    assert result.totals == (100 + 100 + 100 + 100 - 200, -110, -110)
    assert whys(result, 4, 1) == ["0 card points", "third bolt: −120 (bolts)"]
    assert str(result.marks[1]) == "bolts: 1"


def test_exactly_555_goes_back_to_0_after_a_bolts_120() -> None:
    rules = t.Rules(bolts=True, five_five_five="zero")
    deals = [
        deal(0, 400, [120, 0, 0], ALL),  # A 400; B, C bolt 1
        # B: 5 + 80 + 40 = 125 >= 100; A: 115 + 100 + 60 = 275 -> 675; C bolt 2
        deal(1, 100, [115, 5, 0], {"H": 0, "C": 0, "D": 1, "S": 1}),
        deal(2, 100, [0, 0, 120]),  # A bolt 1, B bolt 2
        deal(2, 100, [0, 0, 120]),  # A bolt 2, B bolt 3: 100 - 120 = -20
        deal(2, 100, [0, 0, 120]),  # A bolt 3: 675 - 120 = 555 -> 0
    ]
    result = t.score(rules, 3, 0, deals)

    assert result.totals == (0, -20, 300)
    assert whys(result, 5, 0)[-1] == "exactly 555: back to 0 (555)"


def test_the_other_555_option_sends_it_to_minus_555() -> None:
    # A 400, then as a defender 115 + 40 (spades) = 155: exactly 555.
    deals = [deal(0, 400, [120, 0, 0], ALL), deal(1, 100, [115, 5, 0], {"S": 0, "H": 1})]

    assert totals(t.Rules(five_five_five="minus"), deals)[0] == -555
    assert totals(t.Rules(five_five_five="zero"), deals)[0] == 0
    assert totals(PLAIN, deals)[0] == 555


def test_over_800_only_a_contract_counts() -> None:
    rules = t.Rules(endgame="over_800")
    to_800 = [deal(0, 400, [120, 0, 0], ALL)] * 2
    result = t.score(
        rules,
        3,
        0,
        [*to_800, deal(1, 100, [50, 70, 0], {"S": 1}), deal(1, 100, [50, 70, 0], {"S": 1})],
    )

    # at 800 (not over it) A still scores 50 as a defender; at 850, nothing
    assert [scored.points[0] for scored in result.rounds] == [400, 400, 50, 0]
    assert whys(result, 4, 0) == ["nothing as a defender (over 800, only contracts count)"]


# -- the barrel -----------------------------------------------------------------------------

BARREL = t.Rules(steps=5, endgame="barrel")
A_CONTRACTS = [deal(0, 120, [120, 0, 0])] * 7  # A: 840


def test_880_puts_a_player_on_the_barrel_for_three_deals() -> None:
    deals = [
        *A_CONTRACTS,
        deal(0, 120, [120, 0, 0]),  # 960: written 880, on the barrel
        deal(1, 100, [20, 100, 0]),  # A defends: nothing counts; deal 1 of 3
        deal(0, 100, [100, 20, 0]),  # made, 980 short of 1000: stays at 880; deal 2
        deal(2, 100, [0, 20, 100]),  # deal 3 without a win: 760
    ]
    result = t.score(BARREL, 3, 0, deals)

    assert [scored.totals[0] for scored in result.rounds[7:]] == [880, 880, 880, 760]
    assert whys(result, 8, 0)[-1] == "960 is written as 880: on the barrel (the barrel)"
    assert whys(result, 9, 0) == [
        "nothing as a defender (the barrel)",
        "880: on the barrel, deal 1 of 3 (the barrel)",
    ]
    assert whys(result, 11, 0)[-1] == "three deals on the barrel without a win: 760 (the barrel)"
    assert result.marks[0] is None


def test_the_barrels_mark_says_the_next_deal() -> None:
    result = t.score(
        BARREL, 3, 0, [*A_CONTRACTS, deal(0, 120, [120, 0, 0]), deal(1, 100, [20, 100, 0])]
    )

    assert str(result.marks[0]) == "880: on the barrel, deal 2 of 3"


def test_a_contract_to_1000_wins_from_the_barrel() -> None:
    result = t.score(
        BARREL, 3, 0, [*A_CONTRACTS, deal(0, 120, [120, 0, 0]), deal(0, 120, [120, 0, 0])]
    )

    assert result.totals[0] == 1000 and result.finished and result.winners == (0,)


def test_a_lost_contract_on_the_barrel_costs_it_and_ends_the_barrel() -> None:
    result = t.score(
        BARREL, 3, 0, [*A_CONTRACTS, deal(0, 120, [120, 0, 0]), deal(0, 130, [100, 20, 0])]
    )

    assert result.totals[0] == 880 - 130
    assert result.marks[0] is None


def test_a_player_on_the_barrel_is_pushed_back_when_another_gets_on() -> None:
    b_contracts = [deal(1, 120, [0, 120, 0])] * 7  # B: 840
    deals = [*b_contracts, *A_CONTRACTS, deal(0, 120, [120, 0, 0]), deal(1, 120, [0, 120, 0])]
    result = t.score(BARREL, 3, 0, deals)

    assert result.totals[:2] == (760, 880)
    assert whys(result, 16, 0)[-1] == "pushed off the barrel: 760 (the barrel)"


def test_two_who_get_on_the_barrel_in_the_same_deal_both_stay() -> None:
    b_to_840 = [deal(1, 120, [0, 120, 0])] * 7
    # A 840 bids 100 with 100: 940 -> 880; B 840 defends 20 + 100 (hearts) -> 960 -> 880.
    deals = [*b_to_840, *A_CONTRACTS, deal(0, 100, [100, 20, 0], {"H": 1})]
    result = t.score(BARREL, 3, 0, deals)

    assert result.totals[:2] == (880, 880)
    assert str(result.marks[0]) == str(result.marks[1]) == "880: on the barrel, deal 1 of 3"


# -- the end --------------------------------------------------------------------------------

TO_990 = [
    deal(0, 400, [120, 0, 0], ALL),
    deal(0, 400, [120, 0, 0], ALL),  # A 800
    deal(1, 400, [0, 120, 0], {k: 1 for k in ALL}),
    deal(1, 400, [0, 120, 0], {k: 1 for k in ALL}),  # B 800
    deal(1, 190, [0, 120, 0], {"H": 1}),  # B 220 >= 190: 990
]


def test_when_two_reach_1000_in_one_deal_the_bidder_wins() -> None:
    # A bids 200, makes 100 + 100: 1000; B defends 20: 1010, yet the bidder wins.
    result = t.score(PLAIN, 3, 0, [*TO_990, deal(0, 200, [100, 20, 0], {"H": 0})])

    assert result.totals == (1000, 1010, 0)
    assert result.finished and result.winners == (0,)
    assert result.next_round is None


def test_between_two_defenders_the_higher_total_wins() -> None:
    # C bids 100 with marriages alone (180); A defends 110 + 100: 1010; B 10: 1000.
    result = t.score(
        PLAIN, 3, 0, [*TO_990, deal(2, 100, [110, 10, 0], {"H": 0, "D": 2, "C": 2, "S": 2})]
    )

    assert result.totals == (1010, 1000, 100)
    assert result.winners == (0,)


def test_a_deal_after_the_end_is_refused() -> None:
    with pytest.raises(RuleError, match="already over"):
        t.score(
            PLAIN, 3, 0, [*TO_990, deal(0, 200, [100, 20, 0], {"H": 0}), deal(0, 100, [120, 0, 0])]
        )


# -- what is refused --------------------------------------------------------------------------

PLAN3 = Plan(number=1, dealer=0)
PLAN4 = Plan(number=1, dealer=0, sitting_out=(0,))


@pytest.mark.parametrize(
    ("rules", "plan", "players", "entry", "reason"),
    [
        (PLAIN, PLAN3, 3, deal(0, 95, [120, 0, 0]), "100 to 400"),
        (PLAIN, PLAN3, 3, deal(0, 405, [120, 0, 0]), "100 to 400"),
        (PLAIN, PLAN3, 3, deal(0, 145, [120, 0, 0]), "steps of 10"),
        (PLAIN, PLAN3, 3, deal(3, 100, [120, 0, 0]), "a player in the deal"),
        (PLAIN, PLAN3, 3, deal(True, 100, [120, 0, 0]), "a player in the deal"),
        (PLAIN, PLAN3, 3, deal(0, 100, [100, 10, 0]), "add up to 110"),
        (PLAIN, PLAN3, 3, deal(0, 100, [100, 20]), "every player in the deal"),
        (PLAIN, PLAN3, 3, deal(0, 100, [121, -1, 0]), "0 to 120"),
        (PLAIN, PLAN3, 3, deal(0, 100, [120, 0, 0], {"X": 0}), "hearts, diamonds"),
        (PLAIN, PLAN4, 4, deal(1, 100, [None, 120, 0, 0], {"H": 0}), "a player in the deal"),
        (PLAIN, PLAN4, 4, deal(0, 100, [None, 120, 0, 0]), "a player in the deal"),
        (PLAIN, PLAN4, 4, deal(1, 100, [0, 120, 0, 0]), "sitting out has no card points"),
        (
            POLISH,
            PLAN4,
            4,
            deal(1, 100, [None, 120, 0, 0], talon={"aces": 1, "marriage": "H"}),
            None,
        ),
        (
            POLISH,
            PLAN4,
            4,
            deal(1, 100, [None, 120, 0, 0], talon={"aces": 2, "marriage": "H"}),
            "three cards",
        ),
        (PLAIN, PLAN4, 4, deal(1, 100, [None, 120, 0, 0], talon={"aces": 1}), "Only a player"),
        (
            t.Rules(given_up="sixty"),
            PLAN3,
            3,
            deal(0, 100, [120, 0, 0], given_up=True),
            "no card points",
        ),
        (PLAIN, PLAN3, 3, {"bidder": 0}, "the contract"),
        (PLAIN, PLAN3, 3, "deal", "the contract"),
    ],
)
def test_a_deal_that_cannot_be_is_refused_with_its_reason(
    rules, plan, players, entry, reason
) -> None:
    if reason is None:
        assert t.check_round(rules, players, plan, entry)["talon"] == {"aces": 1, "marriage": "H"}
        return
    with pytest.raises(RuleError, match=reason):
        t.check_round(rules, players, plan, entry)


@pytest.mark.parametrize(
    "options",
    [{"steps": 7}, {"rounding": "three"}, {"bolts": 1}, {"endgame": "pit"}, {"given_up": True}],
)
def test_an_option_out_of_its_choices_is_refused(options) -> None:
    with pytest.raises(RuleError):
        t.Rules(**options)


def test_totals_are_the_sum_of_each_deals_points() -> None:
    deals = [*A_CONTRACTS, deal(0, 120, [120, 0, 0]), deal(1, 100, [20, 100, 0])]
    result = t.score(RUSSIAN, 3, 0, deals)

    for seat in range(3):
        assert result.totals[seat] == sum(scored.points[seat] for scored in result.rounds)


def test_a_whole_polish_game_to_1000_matches_the_hand_count() -> None:
    """Steps of 10, rounding to 10, over 800 only contracts count; worked out by hand."""
    deals = [
        deal(0, 400, [120, 0, 0], ALL),  # A +400
        deal(0, 400, [120, 0, 0], ALL),  # A 800
        deal(1, 120, [0, 120, 0]),  # B +120; A at 800 (not over it) defends 0
        # C: 50 + 40 = 90 < 100: -100; A 45 -> 50 (850); B 25 -> 30 (150)
        deal(2, 100, [45, 25, 50], {"S": 2}),
        deal(1, 110, [60, 60, 0], {"H": 1}),  # B 160 >= 110: +110 (260); A over 800: 0
        deal(0, 150, [100, 20, 0], {"D": 0}),  # A 180 >= 150: +150, 1000; B 20 (280)
    ]

    result = t.score(POLISH, 3, 0, deals)

    assert [scored.totals for scored in result.rounds] == [
        (400, 0, 0),
        (800, 0, 0),
        (800, 120, 0),
        (850, 150, -100),
        (850, 260, -100),
        (1000, 280, -100),
    ]
    assert result.finished and result.winners == (0,)

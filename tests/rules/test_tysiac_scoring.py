"""Tysiąc / Тысяча: a deal's points for the bidder, the defenders and the one sitting out,
rounding, deals given up, the talon, bolts, 555 and "over 800"; every figure explained,
every worked example counted by hand in its comment."""

import pytest

from games.rules import tysiac as t
from games.rules.errors import RuleError

PLAIN = t.Rules()  # steps of 10, no rounding, no endgame, nothing else
RUSSIAN = t.PRESETS["russian"]
POLISH = t.PRESETS["polish"]
ALL = {"H": 0, "D": 0, "C": 0, "S": 0}  # every marriage, by seat 0: 280


def deal(bidder, contract, points=None, marriages=None, **extra) -> dict:
    return {"bidder": bidder, "contract": contract, "points": points, **extra} | (
        {"marriages": marriages} if marriages else {}
    )


def given_up(bidder, contract, **extra) -> dict:
    return {"bidder": bidder, "contract": contract, "given_up": True, **extra}


def whys(result, number, seat) -> list[str]:
    return [str(why) for why in result.rounds[number - 1].whys[seat]]


# -- the issue's example --------------------------------------------------------------------


def test_the_issues_example_a_minus_140_b_plus_40_c_plus_65() -> None:
    # A bids 140: 57 + 80 (diamonds) = 137 < 140, not rounded first: -140.
    # B: 38 rounded to 40. C: 25 + 40 (spades) = 65, already a multiple of 5.
    result = t.score(RUSSIAN, 3, 0, [deal(0, 140, [57, 38, 25], {"D": 0, "S": 2})])

    assert result.totals == (-140, 40, 65)
    assert result.rounds[0].points == (-140, 40, 65)
    assert whys(result, 1, 0) == ["contract 140, made 137: −140"]
    assert whys(result, 1, 1) == ["38 rounded to 40 (rounding of defenders' points)"]
    assert whys(result, 1, 2) == ["25 + 40 for marriages = 65"]
    assert result.places == (3, 2, 1)
    assert not result.finished and result.winners == ()


# -- the bidder --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "points", "marriages", "gain", "said"),
    [
        # 100 + 100 (hearts) = 200: points over the contract do not count
        (140, [100, 20, 0], {"H": 0}, 140, "contract 140, made 200: +140"),
        # 120 card points alone fall short of 140
        (140, [120, 0, 0], {}, -140, "contract 140, made 120: −140"),
        # 40 + 100 = 140: exactly made
        (140, [40, 80, 0], {"H": 0}, 140, "contract 140, made 140: +140"),
        # a defender's marriage does not help the bidder: 100 < 150
        (150, [100, 20, 0], {"H": 1}, -150, "contract 150, made 100: −150"),
        # every card point and every marriage: 120 + 280 = 400
        (400, [120, 0, 0], ALL, 400, "contract 400, made 400: +400"),
    ],
)
def test_the_bidder_scores_the_contract_made_or_not(
    contract, points, marriages, gain, said
) -> None:
    result = t.score(PLAIN, 3, 0, [deal(0, contract, points, marriages)])

    assert result.totals[0] == gain
    assert whys(result, 1, 0) == [said]


def test_the_bidders_points_are_not_rounded_before_the_check() -> None:
    # 137 would round to 135 or 140; it is checked as 137 against 140, under either rounding.
    for rounding in ("five", "ten"):
        rules = t.Rules(steps=5, rounding=rounding)
        result = t.score(rules, 3, 0, [deal(0, 140, [57, 38, 25], {"D": 0})])

        assert result.totals[0] == -140


# -- the defenders -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rounding", "cards", "marriages", "gain", "said"),
    [
        ("none", 17, {}, 17, ["17 card points"]),
        ("none", 23, {"C": 1}, 83, ["23 + 60 for marriages = 83"]),
        ("five", 17, {}, 15, ["17 rounded to 15 (rounding of defenders' points)"]),  # 2 down
        ("five", 18, {}, 20, ["18 rounded to 20 (rounding of defenders' points)"]),  # 3 up
        ("five", 16, {}, 15, ["16 rounded to 15 (rounding of defenders' points)"]),  # 1 down
        ("five", 19, {}, 20, ["19 rounded to 20 (rounding of defenders' points)"]),  # 4 up
        ("five", 20, {}, 20, ["20 card points"]),
        ("five", 2, {}, 0, ["2 rounded to 0 (rounding of defenders' points)"]),
        ("ten", 65, {}, 70, ["65 rounded to 70 (rounding of defenders' points)"]),  # 5 up
        ("ten", 64, {}, 60, ["64 rounded to 60 (rounding of defenders' points)"]),
        ("ten", 15, {}, 20, ["15 rounded to 20 (rounding of defenders' points)"]),
        ("ten", 0, {}, 0, ["0 card points"]),
        # 23 + 60 (clubs) = 83, rounded to 80: the marriages are rounded with the cards
        (
            "ten",
            23,
            {"C": 1},
            80,
            ["23 + 60 for marriages = 83", "83 rounded to 80 (rounding of defenders' points)"],
        ),
        # 25 + 40 + 80 = 145: two marriages of one defender
        (
            "ten",
            25,
            {"S": 1, "D": 1},
            150,
            ["25 + 120 for marriages = 145", "145 rounded to 150 (rounding of defenders' points)"],
        ),
    ],
)
def test_defenders_score_card_points_and_marriages_rounded_as_the_table_chose(
    rounding, cards, marriages, gain, said
) -> None:
    # A bids 100 with the rest of the cards; B defends with ``cards``; C has none.
    rules = t.Rules(rounding=rounding)
    result = t.score(rules, 3, 0, [deal(0, 100, [120 - cards, cards, 0], marriages)])

    assert result.rounds[0].points[1] == gain
    assert whys(result, 1, 1) == said


@pytest.mark.parametrize(
    ("rounding", "table"),
    [
        ("none", {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 17: 17, 120: 120}),
        ("five", {0: 0, 1: 0, 2: 0, 3: 5, 4: 5, 5: 5, 17: 15, 18: 20, 118: 120, 400: 400}),
        ("ten", {0: 0, 4: 0, 5: 10, 9: 10, 14: 10, 15: 20, 64: 60, 65: 70, 115: 120}),
    ],
)
def test_rounding_to_5_goes_down_for_1_and_2_and_to_10_goes_up_from_5(rounding, table) -> None:
    assert {n: t.rounded(n, t.Rounding(rounding)) for n in table} == table


# -- a deal given up ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "contract", "share"),
    [
        ("sixty", 100, 60),
        ("sixty", 300, 60),
        ("half", 100, 50),
        ("half", 125, 63),  # half of 125 is 62.5, rounded up to a whole point
        ("half", 140, 70),
        ("greater", 100, 60),  # 60 > 50
        ("greater", 120, 60),  # equal
        ("greater", 125, 63),  # 63 > 60
        ("greater", 200, 100),
    ],
)
def test_a_deal_given_up_pays_each_opponent_what_the_option_says(option, contract, share) -> None:
    rules = t.Rules(steps=5, given_up=option)
    result = t.score(rules, 3, 0, [given_up(1, contract)])

    assert t.given_up_share(rules, contract) == share
    assert result.totals == (share, -contract, share)
    assert whys(result, 1, 1) == [f"contract {contract} given up: −{contract}"]
    assert whys(result, 1, 0) == [f"contract {contract} given up: +{share} (a deal given up)"]


def test_a_deal_cannot_be_given_up_where_the_table_says_no() -> None:
    with pytest.raises(RuleError) as refused:
        t.score(PLAIN, 3, 0, [given_up(1, 120)])

    assert str(refused.value) == "Deal 1: At this table a deal cannot be given up."


def test_the_russian_deal_given_up_in_four_pays_the_two_opponents_not_the_one_sitting_out() -> None:
    # Seat 0 deals and sits out; B gives up 150: C and D get the greater of 60 and 75.
    result = t.score(RUSSIAN, 4, 0, [given_up(1, 150)])

    assert result.totals == (0, -150, 75, 75)
    assert result.rounds[0].points == (None, -150, 75, 75)


# -- the player sitting out --------------------------------------------------------------------


def test_the_russian_player_sitting_out_scores_nothing_and_has_no_points_for_the_deal() -> None:
    result = t.score(RUSSIAN, 4, 0, [deal(1, 100, [None, 100, 20, 0])])

    assert result.totals == (0, 100, 20, 0)
    assert result.rounds[0].points == (None, 100, 20, 0)
    assert whys(result, 1, 0) == ["sits out"]


@pytest.mark.parametrize(
    ("talon", "gain"),
    [
        ({"aces": 0}, 0),
        ({"aces": 1}, 50),
        ({"aces": 3}, 150),
        ({"aces": 1, "marriage": "H"}, 150),  # 50 + 100
        ({"aces": 1, "marriage": "S"}, 90),  # 50 + 40
        ({"marriage": "D"}, 80),
        ({"marriage": "C"}, 60),
    ],
)
def test_the_polish_player_sitting_out_scores_50_an_ace_and_the_talons_marriage(
    talon, gain
) -> None:
    # Seat 0 deals and sits out: the talon's aces at 50 and a marriage at its own worth.
    result = t.score(POLISH, 4, 0, [deal(1, 100, [None, 100, 20, 0], talon=talon)])

    aces, marriage = talon.get("aces", 0), t.MARRIAGES.get(talon.get("marriage"), 0)
    assert result.rounds[0].points[0] == gain
    assert whys(result, 1, 0) == [
        f"sits out, the talon: aces {aces} × 50 + marriage {marriage} = {gain}"
        " (the talon for the player sitting out)"
    ]


def test_the_talon_counts_in_a_deal_given_up_too() -> None:
    # B gives up 100: C and D get 60 each; A, sitting out, has two aces in the talon: 100.
    rules = t.Rules(talon=True, given_up="sixty")
    result = t.score(rules, 4, 0, [given_up(1, 100, talon={"aces": 2})])

    assert result.totals == (100, -100, 60, 60)


# -- bolts ---------------------------------------------------------------------------------------


def test_the_third_deal_scoring_nothing_costs_120_and_the_count_starts_again() -> None:
    rules = t.Rules(bolts=True)
    deals = [
        deal(0, 100, [120, 0, 0]),  # A 100; B and C: bolt 1
        deal(0, 100, [120, 0, 0]),  # A 200; bolt 2
        deal(0, 100, [100, 10, 10]),  # A 300; B and C 10 each: no bolt, the count stays
        deal(0, 100, [120, 0, 0]),  # A 400; bolt 3: 10 - 120 = -110
        deal(0, 200, [120, 0, 0]),  # A 120 < 200: 400 - 200 = 200, no bolt; B, C: bolt 1
    ]
    result = t.score(rules, 3, 0, deals)

    assert result.totals == (200, -110, -110)
    assert whys(result, 1, 1) == ["0 card points", "nothing scored: bolt 1 of 3 (bolts)"]
    assert whys(result, 2, 1) == ["0 card points", "nothing scored: bolt 2 of 3 (bolts)"]
    assert whys(result, 4, 1) == ["0 card points", "third bolt: −120 (bolts)"]
    assert result.rounds[3].points == (100, -120, -120)
    assert [str(mark) for mark in result.marks] == ["None", "bolts: 1", "bolts: 1"]


def test_a_bolt_is_a_deal_that_scores_nothing_after_rounding() -> None:
    # B has 2 card points: rounded to 5 they are 0, a bolt; without rounding, 2 is no bolt.
    entry = deal(0, 100, [118, 2, 0])

    rounded = t.score(t.Rules(bolts=True, rounding="five"), 3, 0, [entry])
    assert whys(rounded, 1, 1) == [
        "2 rounded to 0 (rounding of defenders' points)",
        "nothing scored: bolt 1 of 3 (bolts)",
    ]
    assert str(rounded.marks[1]) == "bolts: 1"
    assert t.score(t.Rules(bolts=True), 3, 0, [entry]).marks[1] is None


@pytest.mark.parametrize(
    ("rules", "players", "entries", "seat"),
    [
        # a deal sat out (seat 0 deals and sits out)
        (t.Rules(bolts=True), 4, [deal(1, 100, [None, 120, 0, 0])], 0),
        # the same, with a talon of nothing
        (t.Rules(bolts=True, talon=True), 4, [deal(1, 100, [None, 120, 0, 0])], 0),
        # a lost contract, even with no card points at all, three times
        (t.Rules(bolts=True), 3, [deal(0, 100, [0, 60, 60])] * 3, 0),
        # a deal given up, for the bidder and for the opponents who are paid
        (t.Rules(bolts=True, given_up="sixty"), 3, [given_up(0, 100)] * 3, 0),
        (t.Rules(bolts=True, given_up="sixty"), 3, [given_up(0, 100)] * 3, 1),
    ],
)
def test_a_deal_sat_out_a_lost_or_given_up_contract_is_not_a_bolt(
    rules, players, entries, seat
) -> None:
    result = t.score(rules, players, 0, entries)

    assert result.marks[seat] is None
    for number in range(1, len(entries) + 1):
        assert not any("bolt" in line for line in whys(result, number, seat))


def test_bolts_count_only_where_the_table_plays_them() -> None:
    result = t.score(PLAIN, 3, 0, [deal(0, 100, [120, 0, 0])] * 3)

    assert result.totals == (300, 0, 0)
    assert result.marks == (None, None, None)


# -- 555 ---------------------------------------------------------------------------------------

# A bids 400 with everything; then as a defender 115 + 40 (spades) = 155: 555 exactly.
TO_555 = [deal(0, 400, [120, 0, 0], ALL), deal(1, 100, [115, 5, 0], {"S": 0, "H": 1})]


@pytest.mark.parametrize(
    ("option", "total", "said"),
    [
        ("off", 555, ["115 + 40 for marriages = 155"]),
        ("zero", 0, ["115 + 40 for marriages = 155", "exactly 555: back to 0 (555)"]),
    ],
)
def test_a_total_of_exactly_555_goes_where_the_table_says(option, total, said) -> None:
    result = t.score(t.Rules(five_five_five=option), 3, 0, TO_555)

    assert result.totals[0] == total
    assert result.rounds[1].points[0] == total - 400
    assert whys(result, 2, 0) == said


def test_555_is_checked_after_a_bolts_120() -> None:
    rules = t.Rules(bolts=True, five_five_five="zero")
    deals = [
        deal(0, 400, [120, 0, 0], ALL),  # A 400; B, C bolt 1
        # B: 5 + 80 + 40 = 125 >= 100: 100; A: 115 + 100 + 60 = 275: 675; C bolt 2
        deal(1, 100, [115, 5, 0], {"H": 0, "C": 0, "D": 1, "S": 1}),
        deal(2, 100, [0, 0, 120]),  # C 100; A bolt 1, B bolt 2
        deal(2, 100, [0, 0, 120]),  # C 200; A bolt 2, B bolt 3: 100 - 120 = -20
        deal(2, 100, [0, 0, 120]),  # C 300; A bolt 3: 675 - 120 = 555, back to 0; B bolt 1
    ]
    result = t.score(rules, 3, 0, deals)

    assert result.totals == (0, -20, 300)
    assert whys(result, 5, 0) == [
        "0 card points",
        "third bolt: −120 (bolts)",
        "exactly 555: back to 0 (555)",
    ]


def test_555_on_the_way_up_or_down_only_counts_where_the_total_stops() -> None:
    # A passes 555 (400 -> 675) without stopping there: nothing happens.
    deals = [deal(0, 400, [120, 0, 0], ALL), deal(1, 100, [115, 5, 0], {"H": 0, "C": 0})]

    assert t.score(t.Rules(five_five_five="zero"), 3, 0, deals).totals[0] == 675


# -- over 800, only contracts count --------------------------------------------------------

OVER = t.Rules(endgame="over_800")
TO_800 = [deal(0, 400, [120, 0, 0], ALL)] * 2  # A: 800


def test_over_800_a_defender_scores_nothing() -> None:
    # B bids 100 with 70 + 40 = 110. A at 800 (not over it) still defends: 50 -> 850;
    # at 850, nothing.
    b_makes = deal(1, 100, [50, 70, 0], {"S": 1})
    result = t.score(OVER, 3, 0, [*TO_800, b_makes, b_makes])

    assert [scored.points[0] for scored in result.rounds] == [400, 400, 50, 0]
    assert whys(result, 4, 0) == ["nothing as a defender (over 800, only contracts count)"]
    assert str(result.marks[0]) == "over 800: only a contract counts"


def test_over_800_the_bidder_still_wins_or_pays_the_contract() -> None:
    # A at 850 bids 100 with 100: 950; then bids 200 with 100: 750, and defends again: +20.
    deals = [
        *TO_800,
        deal(1, 100, [50, 70, 0], {"S": 1}),  # A 850
        deal(0, 100, [100, 20, 0]),  # 950
        deal(0, 200, [100, 20, 0]),  # 750
        deal(1, 100, [20, 100, 0]),  # 770: 750 is not over 800
    ]
    result = t.score(OVER, 3, 0, deals)

    assert [scored.totals[0] for scored in result.rounds[2:]] == [850, 950, 750, 770]
    assert result.marks[0] is None


def test_over_800_a_deal_given_up_pays_nothing_to_the_player_held() -> None:
    # A 850; C gives up 100: B gets 60, A nothing.
    rules = t.Rules(endgame="over_800", given_up="sixty")
    deals = [*TO_800, deal(1, 100, [50, 70, 0], {"S": 1}), given_up(2, 100)]
    result = t.score(rules, 3, 0, deals)

    assert result.rounds[3].points == (0, 60, -100)
    assert whys(result, 4, 0) == ["nothing as a defender (over 800, only contracts count)"]


def test_over_800_the_talon_does_not_count_for_the_player_sitting_out() -> None:
    # Four players, Polish: A bids 400 twice (deals 2 and 3), 800; deal 4: D deals, sits
    # out, A defends with 50: 850 (rounded to 10: 50). Deal 5: A deals and sits out.
    deals = [
        deal(1, 100, [None, 100, 20, 0]),  # A sits out, talon of nothing
        deal(0, 400, [120, None, 0, 0], ALL),
        deal(0, 400, [120, 0, None, 0], ALL),
        deal(1, 100, [50, 70, 0, None]),
        deal(1, 100, [None, 120, 0, 0], talon={"aces": 2}),
    ]
    result = t.score(POLISH, 4, 0, deals)

    assert result.rounds[4].points[0] == 0
    assert whys(result, 5, 0) == [
        "sits out: the talon does not count (over 800, only contracts count)"
    ]


def test_over_800_nothing_scored_is_not_a_bolt() -> None:
    rules = t.Rules(endgame="over_800", bolts=True)
    b_makes = deal(1, 100, [50, 70, 0], {"S": 1})  # A 850 once, then nothing
    result = t.score(rules, 3, 0, [*TO_800, b_makes, *[deal(1, 100, [0, 120, 0])] * 3])

    assert result.totals[0] == 850
    assert str(result.marks[0]) == "over 800: only a contract counts"


def test_without_the_endgame_option_a_defender_over_800_scores_as_anywhere() -> None:
    b_makes = deal(1, 100, [50, 70, 0], {"S": 1})

    assert t.score(PLAIN, 3, 0, [*TO_800, b_makes, b_makes]).totals[0] == 900

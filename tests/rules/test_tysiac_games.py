"""Tysiąc / Тысяча: whole games under each preset, counted by hand deal by deal, and the
re-check of every deal a file brings."""

import pytest

from games.rules import tysiac as t
from games.rules.errors import RuleError


def deal(bidder, contract, points, marriages=None, **extra) -> dict:
    return {"bidder": bidder, "contract": contract, "points": points, **extra} | (
        {"marriages": marriages} if marriages else {}
    )


def whys(result, number, seat) -> list[str]:
    return [str(why) for why in result.rounds[number - 1].whys[seat]]


ALL_A = {"H": 0, "D": 0, "C": 0, "S": 0}
ALL_B = {"H": 1, "D": 1, "C": 1, "S": 1}

# Тысяча for three (A, B, C): steps of 5, rounding to 5, the barrel, bolts, 555 to zero,
# a deal given up pays the greater of 60 and half.
RUSSIAN_GAME = [
    # 1. A bids 140: 57 + 80 = 137, -140. B 38 -> 40. C 25 + 40 = 65.
    (deal(0, 140, [57, 38, 25], {"D": 0, "S": 2}), (-140, 40, 65)),
    # 2. B bids 120: 90 + 100 = 190, +120: 160. A 0: bolt 1. C 30: 95.
    (deal(1, 120, [0, 90, 30], {"H": 1}), (-140, 160, 95)),
    # 3. C gives up 120: -120, -25. A and B get max(60, 60) = 60: -80, 220.
    ({"bidder": 2, "contract": 120, "given_up": True}, (-80, 220, -25)),
    # 4. A bids 200: 90 + 100 + 60 = 250, +200: 120. B 18 -> 20: 240. C 12 -> 10: -15.
    (deal(0, 200, [90, 18, 12], {"H": 0, "C": 0}), (120, 240, -15)),
    # 5. B bids 300: 118 + 280 = 398, +300: 540. A 2 -> 0: bolt 2. C 0: bolt 1.
    (deal(1, 300, [2, 118, 0], ALL_B), (120, 540, -15)),
    # 6. A bids 100 with 100: 220. B 15: 555, back to 0. C 5: -10.
    (deal(0, 100, [100, 15, 5]), (220, 0, -10)),
    # 7. C bids 150: 120 + 80 = 200, +150: 140. A 0: bolt 3, 220 - 120 = 100. B 0: bolt 1.
    (deal(2, 150, [0, 0, 120], {"D": 2}), (100, 0, 140)),
    # 8. A bids 400 with everything: 500. B 0: bolt 2. C 0: bolt 2.
    (deal(0, 400, [120, 0, 0], ALL_A), (500, 0, 140)),
    # 9. A again: 900, written 880, on the barrel. B bolt 3: -120. C bolt 3: 140 - 120 = 20.
    (deal(0, 400, [120, 0, 0], ALL_A), (880, -120, 20)),
    # 10. B bids 100 with 100: -20. A on the barrel: nothing, deal 1 of 3. C 0: bolt 1.
    (deal(1, 100, [20, 100, 0]), (880, -20, 20)),
    # 11. A bids 120 with 120: 880 + 120 = 1000, A wins. B 0: bolt 1. C 0: bolt 2.
    (deal(0, 120, [120, 0, 0]), (1000, -20, 20)),
]


def test_a_whole_russian_game_for_three_matches_the_hand_count() -> None:
    entries = [entry for entry, _ in RUSSIAN_GAME]
    result = t.score(t.PRESETS["russian"], 3, 0, entries)

    assert [scored.totals for scored in result.rounds] == [totals for _, totals in RUSSIAN_GAME]
    assert result.finished and result.winners == (0,)
    assert result.places == (1, 3, 2)
    assert result.next_round is None
    assert whys(result, 6, 1) == ["15 card points", "exactly 555: back to 0 (555)"]
    assert whys(result, 7, 0) == ["0 card points", "third bolt: −120 (bolts)"]
    assert whys(result, 9, 0) == [
        "contract 400, made 400: +400",
        "900 is written as 880: on the barrel (the barrel)",
    ]
    assert whys(result, 9, 2) == ["0 card points", "third bolt: −120 (bolts)"]
    assert whys(result, 10, 0) == [
        "nothing as a defender (the barrel)",
        "880: on the barrel, deal 1 of 3 (the barrel)",
    ]
    assert whys(result, 11, 1) == ["0 card points", "nothing scored: bolt 1 of 3 (bolts)"]
    assert [str(mark) for mark in result.marks] == ["None", "bolts: 1", "bolts: 2"]


def test_each_figure_of_the_russian_game_is_the_last_total_plus_the_deals_points() -> None:
    entries = [entry for entry, _ in RUSSIAN_GAME]
    result = t.score(t.PRESETS["russian"], 3, 0, entries)

    assert result.rounds[2].points == (60, 60, -120)
    assert result.rounds[5].points == (100, -540, 5)  # B: +15, then 555 -> 0
    assert result.rounds[8].points == (380, -120, -120)  # A: +400, written 880


# Tysiąc for four (A, B, C, D), seat 0 deals first and the dealer sits out: steps of 10,
# rounding to 10, over 800 only contracts count, the talon for the one sitting out.
POLISH_GAME = [
    # 1. A sits out, one ace in the talon: 50. B bids 120: 80 + 100 = 180, +120. C 30. D 10.
    (deal(1, 120, [None, 80, 30, 10], {"H": 1}, talon={"aces": 1}), (50, 120, 30, 10)),
    # 2. B sits out, the diamond marriage in the talon: 80, 200. C bids 100: 50 + 40 = 90,
    #    -100: -70. A 45 -> 50: 100. D 25 -> 30: 40.
    (
        deal(2, 100, [45, None, 50, 25], {"S": 2}, talon={"marriage": "D"}),
        (100, 200, -70, 40),
    ),
    # 3. C sits out, two aces: 100, 30. A bids 400 with everything: 500. B 0, D 0.
    (deal(0, 400, [120, 0, None, 0], ALL_A, talon={"aces": 2}), (500, 200, 30, 40)),
    # 4. D sits out, an ace and the spade marriage: 50 + 40 = 90, 130. A bids 300:
    #    100 + 100 + 80 + 60 = 340, +300: 800. B 10: 210. C 10: 40.
    (
        deal(
            0,
            300,
            [100, 10, 10, None],
            {"H": 0, "D": 0, "C": 0},
            talon={"aces": 1, "marriage": "S"},
        ),
        (800, 210, 40, 130),
    ),
    # 5. A sits out at 800 (not over it): an ace and hearts, 50 + 100 = 150, 950. B bids
    #    100 with 60: -100, 110. C 54 -> 50: 90. D 6 -> 10: 140.
    (
        deal(1, 100, [None, 60, 54, 6], talon={"aces": 1, "marriage": "H"}),
        (950, 110, 90, 140),
    ),
    # 6. B sits out, three aces: 150, 260. C bids 100 with 56: -100, -10. A at 950 defends:
    #    nothing. D 0.
    (deal(2, 100, [64, None, 56, 0], talon={"aces": 3}), (950, 260, -10, 140)),
    # 7. C sits out, nothing in the talon. A bids 100 with 100: 1050, A wins. B 20: 280.
    (deal(0, 100, [100, 20, None, 0]), (1050, 280, -10, 140)),
]


def test_a_whole_polish_game_for_four_matches_the_hand_count() -> None:
    entries = [entry for entry, _ in POLISH_GAME]
    result = t.score(t.PRESETS["polish"], 4, 0, entries)

    assert [scored.totals for scored in result.rounds] == [totals for _, totals in POLISH_GAME]
    assert [scored.plan.sitting_out for scored in result.rounds] == [
        (0,),
        (1,),
        (2,),
        (3,),
        (0,),
        (1,),
        (2,),
    ]
    assert result.finished and result.winners == (0,)
    assert result.places == (1, 2, 4, 3)
    assert result.rounds[0].points == (50, 120, 30, 10)
    assert result.rounds[6].points == (100, 20, 0, 0)  # C's talon of nothing: 0, not None
    assert whys(result, 5, 0) == [
        "sits out, the talon: aces 1 × 50 + marriage 100 = 150"
        " (the talon for the player sitting out)"
    ]
    assert whys(result, 6, 0) == ["nothing as a defender (over 800, only contracts count)"]
    assert whys(result, 2, 0) == ["45 rounded to 50 (rounding of defenders' points)"]


# -- every deal checked again --------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "bad", "said"),
    [
        (
            2,
            deal(1, 100, [100, 10, 0]),
            "Deal 2: The card points add up to 110; they must make 120.",
        ),
        (1, deal(0, 95, [120, 0, 0]), "Deal 1: A contract is from 100 to 400, in steps of 10."),
        (3, "a deal", "Deal 3: Enter who won the auction and the contract."),
        (3, {**deal(0, 100, [120, 0, 0]), "bonus": 1}, "Deal 3: A deal holds only the bidder"),
    ],
)
def test_a_bad_deal_in_a_file_is_refused_saying_which_deal(number, bad, said) -> None:
    entries = [deal(0, 100, [120, 0, 0])] * 3
    entries[number - 1] = bad

    with pytest.raises(RuleError) as refused:
        t.score(t.Rules(), 3, 0, entries)

    assert str(refused.value).startswith(said)
    assert refused.value.template == "Deal %(number)s: %(reason)s"
    assert refused.value.params["number"] == number


def test_the_rounds_keep_each_deal_as_checked() -> None:
    result = t.score(t.Rules(), 3, 0, [{"bidder": 0, "contract": 100, "points": [120, 0, 0]}])

    assert result.rounds[0].entry == {
        "bidder": 0,
        "contract": 100,
        "given_up": False,
        "points": [120, 0, 0],
        "marriages": {},
    }


def test_a_game_with_no_deal_yet_is_all_zero_and_waits_for_deal_1() -> None:
    result = t.score(t.PRESETS["polish"], 4, 2, [])

    assert result.totals == (0, 0, 0, 0)
    assert result.places == (1, 1, 1, 1)
    assert result.sides == ((0,), (1,), (2,), (3,))
    assert result.next_round == t.first_plan(t.PRESETS["polish"], 4, 2)
    assert result.marks == (None, None, None, None)

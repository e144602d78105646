"""A side's hand of Spades (pagat.com, "Spades": contracts, nils, bags; the options of
issue 41), every figure worked out by hand and every line as a player reads it."""

import pytest

from games.rules import spades

PAGAT = spades.Rules()
COUNT = spades.Rules(failed_nil="count")
BLIND = spades.Rules(blind_nil="on")
NO_BAGS = spades.Rules(bags=False)
FIVE_FOR_50 = spades.Rules(bag_limit=5, bag_penalty=50)
TEN_FOR_200 = spades.Rules(ten_for_200=True)
MOON_250 = spades.Rules(moon="points", moon_points=250)
MOON_WINS = spades.Rules(moon="wins")
BOTH = spades.Rules(ten_for_200=True, moon="points", moon_points=250)


def entry(bids, tricks=None, team=None, blind=None) -> dict:
    found = {"bids": bids, "blind": blind or [False] * 4}
    if team is not None:
        found["team_tricks"] = team
    else:
        found["tricks"] = tricks
    return found


# (name, rules, entry, side, bags carried before, points, bags carried after, lines)
HANDS = [
    (
        # The issue: nil made, partner bids 5 and takes 4: −50 + 100 = 50.
        "nil made, partner set",
        PAGAT,
        entry([5, 3, 0, 4], [4, 5, 0, 4]),
        0,
        0,
        50,
        0,
        ["contract 5, took 4: set, −10 × 5 = −50", "nil, took 0: +100", "hand: +50"],
    ),
    (
        # The other side of that hand: contract 3 + 4 = 7, took 5 + 4 = 9: 70 + 2 = 72.
        "made with two bags",
        PAGAT,
        entry([5, 3, 0, 4], [4, 5, 0, 4]),
        1,
        0,
        72,
        2,
        ["contract 7, took 9: 10 × 7 + 2 = 72", "bags: 0 + 2 = 2"],
    ),
    (
        "made exactly",
        PAGAT,
        entry([3, 4, 2, 4], team=[5, 8]),
        0,
        4,
        50,
        4,
        ["contract 5, took 5: 10 × 5 = 50"],
    ),
    (
        # Set however many short: −10 × 8, no bags.
        "set by five",
        PAGAT,
        entry([3, 4, 2, 4], team=[10, 3]),
        1,
        4,
        -80,
        4,
        ["contract 8, took 3: set, −10 × 8 = −80"],
    ),
    (
        # 5 + 2 = 7 taken, the nil's 2 are not the contract's: 5 made = 50; −100; 2 bags
        # that score no point (our choice, MSN Zone's). 50 − 100 = −50.
        "a failed nil's tricks are bags, partner made",
        PAGAT,
        entry([0, 3, 5, 3], [2, 4, 5, 2]),
        0,
        0,
        -50,
        2,
        [
            "contract 5, took 5: 10 × 5 = 50",
            "nil, took 2: −100",
            "the failed nil's tricks are bags, not the contract's: 2",
            "bags: 0 + 2 = 2",
            "hand: −50",
        ],
    ),
    (
        # The issue: bags also when the partner is set. 3 of 5: −50; −100; 3 bags: −150.
        "a failed nil's tricks are bags, partner set",
        PAGAT,
        entry([0, 3, 5, 3], [3, 3, 3, 4]),
        0,
        0,
        -150,
        3,
        [
            "contract 5, took 3: set, −10 × 5 = −50",
            "nil, took 3: −100",
            "the failed nil's tricks are bags, not the contract's: 3",
            "bags: 0 + 3 = 3",
            "hand: −150",
        ],
    ),
    (
        # The option: 3 + 3 = 6 count toward 5: 50 + 1; −100. 51 − 100 = −49, one bag.
        "a failed nil's tricks count for the partner",
        COUNT,
        entry([0, 3, 5, 3], [3, 3, 3, 4]),
        0,
        0,
        -49,
        1,
        [
            "contract 5, took 6: 10 × 5 + 1 = 51",
            "nil, took 3: −100",
            "the failed nil's tricks count toward the contract: 3"
            " (a failed nil's tricks count for the partner)",
            "bags: 0 + 1 = 1",
            "hand: −49",
        ],
    ),
    (
        "blind nil made",
        BLIND,
        entry([0, 3, 5, 3], [0, 4, 5, 4], blind=[True, False, False, False]),
        0,
        0,
        250,  # 50 + 200
        0,
        ["contract 5, took 5: 10 × 5 = 50", "blind nil, took 0: +200", "hand: +250"],
    ),
    (
        # 4 of 5: −50; −200; 1 bag: −250.
        "blind nil failed",
        BLIND,
        entry([0, 3, 5, 3], [1, 4, 4, 4], blind=[True, False, False, False]),
        0,
        0,
        -250,
        1,
        [
            "contract 5, took 4: set, −10 × 5 = −50",
            "blind nil, took 1: −200",
            "the failed nil's tricks are bags, not the contract's: 1",
            "bags: 0 + 1 = 1",
            "hand: −250",
        ],
    ),
    (
        # Our choice: both partners may bid nil, each scored apart, no contract.
        "both partners nil, both made",
        PAGAT,
        entry([0, 6, 0, 7], [0, 6, 0, 7]),
        0,
        0,
        200,
        0,
        ["nil, took 0: +100", "nil, took 0: +100", "hand: +200"],
    ),
    (
        # +100 − 100 = 0, and 2 bags.
        "both partners nil, one failed",
        PAGAT,
        entry([0, 6, 0, 7], [0, 5, 2, 6]),
        0,
        0,
        0,
        2,
        [
            "nil, took 0: +100",
            "nil, took 2: −100",
            "the failed nils' tricks are bags: 2",
            "bags: 0 + 2 = 2",
            "hand: 0",
        ],
    ),
    (
        # MSN Zone's example: nil and a bid of 2, one trick each: −100 − 20 = −120, a bag.
        "MSN Zone's failed nil and set partner",
        PAGAT,
        entry([0, 5, 2, 5], [1, 5, 1, 6]),
        0,
        0,
        -120,
        1,
        [
            "contract 2, took 1: set, −10 × 2 = −20",
            "nil, took 1: −100",
            "the failed nil's tricks are bags, not the contract's: 1",
            "bags: 0 + 1 = 1",
            "hand: −120",
        ],
    ),
    (
        # Bags off: the failed nil's trick is nothing; 5 of 5: 50 − 100 = −50.
        "a failed nil with bags off",
        NO_BAGS,
        entry([0, 4, 5, 4], [1, 3, 5, 4]),
        0,
        0,
        -50,
        0,
        [
            "contract 5, took 5: 10 × 5 = 50",
            "nil, took 1: −100",
            "the failed nil's tricks count for nothing: 1 (bags off)",
            "hand: −50",
        ],
    ),
    (
        # The issue: 337, bid 5, took 8: 53 and the 10th bag, 53 − 100 = −47 (337 → 290).
        "the 10th bag",
        PAGAT,
        entry([3, 4, 2, 4], team=[8, 5]),
        0,
        7,
        -47,
        0,
        [
            "contract 5, took 8: 10 × 5 + 3 = 53",
            "bags: 7 + 3 = 10",
            "10th bag: −100",
            "bags carried: 0",
            "hand: −47",
        ],
    ),
    (
        # The issue: one hand can pay it twice. 20 + 11 = 31; 9 + 11 = 20 bags: −200. −169.
        "the penalty twice",
        PAGAT,
        entry([1, 5, 1, 5], team=[13, 0]),
        0,
        9,
        -169,
        0,
        [
            "contract 2, took 13: 10 × 2 + 11 = 31",
            "bags: 9 + 11 = 20",
            "10th bag: −100",
            "10th bag: −100",
            "bags carried: 0",
            "hand: −169",
        ],
    ),
    (
        # 8 + 3 = 11 bags: one penalty, 1 carried. 83 − 100 = −17.
        "one bag carried past the penalty",
        PAGAT,
        entry([4, 2, 4, 3], team=[11, 2]),
        0,
        8,
        -17,
        1,
        [
            "contract 8, took 11: 10 × 8 + 3 = 83",
            "bags: 8 + 3 = 11",
            "10th bag: −100",
            "bags carried: 1",
            "hand: −17",
        ],
    ),
    (
        # 5 bags for 50: 60 + 6 = 66; 4 + 6 = 10 bags, twice −50: 66 − 100 = −34.
        "five bags for 50, twice",
        FIVE_FOR_50,
        entry([3, 4, 3, 3], team=[12, 1]),
        0,
        4,
        -34,
        0,
        [
            "contract 6, took 12: 10 × 6 + 6 = 66",
            "bags: 4 + 6 = 10",
            "5th bag: −50",
            "5th bag: −50",
            "bags carried: 0",
            "hand: −34",
        ],
    ),
    (
        # Our choice: with bags off an overtrick still scores 1; nothing is counted.
        "bags off",
        NO_BAGS,
        entry([2, 3, 3, 3], team=[8, 5]),
        0,
        0,
        53,
        0,
        [
            "contract 5, took 8: 10 × 5 + 3 = 53",
            "overtricks score 1 each, no bags are counted (bags off)",
        ],
    ),
    (
        "10 for 200, one bag",
        TEN_FOR_200,
        entry([5, 1, 5, 1], team=[11, 2]),
        0,
        0,
        201,  # 200 + 1
        1,
        ["contract 10, took 11: 200 + 1 = 201 (10 for 200)", "bags: 0 + 1 = 1"],
    ),
    (
        # Our choice: 200 for any contract of 10 or more, 12 as 10.
        "10 for 200 at 12",
        TEN_FOR_200,
        entry([6, 1, 6, 0], [6, 1, 6, 0]),
        0,
        0,
        200,
        0,
        ["contract 12, took 12: 200 (10 for 200)"],
    ),
    (
        # Our choice: 10 for 200 changes only a made contract; set is −10 × 10.
        "10 for 200 set",
        TEN_FOR_200,
        entry([5, 1, 5, 1], team=[9, 4]),
        0,
        0,
        -100,
        0,
        ["contract 10, took 9: set, −10 × 10 = −100"],
    ),
    (
        "13 without the moon",
        PAGAT,
        entry([7, 1, 6, 1], team=[13, 0]),
        0,
        0,
        130,
        0,
        ["contract 13, took 13: 10 × 13 = 130"],
    ),
    (
        "the moon's points",
        MOON_250,
        entry([7, 1, 6, 1], team=[13, 0]),
        0,
        0,
        250,
        0,
        ["the moon, 13 bid and taken: 250 in place of 130 (the moon)"],
    ),
    (
        # The moon's value wins over 10 for 200 at 13.
        "the moon with 10 for 200",
        BOTH,
        entry([7, 1, 6, 1], team=[13, 0]),
        0,
        0,
        250,
        0,
        ["the moon, 13 bid and taken: 250 in place of 130 (the moon)"],
    ),
    (
        "10 for 200 at 13 without the moon",
        TEN_FOR_200,
        entry([7, 1, 6, 1], team=[13, 0]),
        0,
        0,
        200,
        0,
        ["contract 13, took 13: 200 (10 for 200)"],
    ),
    (
        "the moon that wins",
        MOON_WINS,
        entry([7, 1, 6, 1], team=[13, 0]),
        0,
        0,
        130,
        0,
        ["the moon, 13 bid and taken: 130, and the game is won (the moon)"],
    ),
    (
        "the moon missed",
        MOON_WINS,
        entry([7, 1, 6, 1], team=[12, 1]),
        0,
        0,
        -130,
        0,
        ["contract 13, took 12: set, −10 × 13 = −130"],
    ),
]


@pytest.mark.parametrize(
    ("rules", "hand", "side", "carried", "points", "after", "lines"),
    [case[1:] for case in HANDS],
    ids=[case[0] for case in HANDS],
)
def test_a_sides_hand_is_scored_and_explained(
    rules, hand, side, carried, points, after, lines
) -> None:
    checked = spades.check_round(rules, 4, spades.first_plan(rules, 4, 0), hand)

    got, carried_after, _, _, whys = spades.hand_score(rules, checked, side, carried)

    assert got == points
    assert carried_after == after
    assert [str(why) for why in whys] == lines


def test_the_penalty_paid_is_said_apart_from_the_points() -> None:
    hand = entry([1, 5, 1, 5], team=[13, 0])

    points, carried, penalty, moon, _ = spades.hand_score(PAGAT, hand, 0, 9)

    assert (points, carried, penalty, moon) == (-169, 0, 200, False)


def test_the_moon_is_said_only_when_the_option_makes_it_one() -> None:
    hand = entry([7, 1, 6, 1], team=[13, 0])

    assert spades.hand_score(MOON_WINS, hand, 0, 0)[3] is True
    assert spades.hand_score(MOON_250, hand, 0, 0)[3] is True
    assert spades.hand_score(PAGAT, hand, 0, 0)[3] is False


@pytest.mark.parametrize(
    ("rules", "hand", "side", "counts"),
    [
        # (contract, tricks toward it, failed nils' tricks, bags)
        (PAGAT, entry([0, 3, 5, 3], [3, 3, 3, 4]), 0, (5, 3, 3, 3)),
        (COUNT, entry([0, 3, 5, 3], [3, 3, 3, 4]), 0, (5, 6, 3, 1)),
        (PAGAT, entry([0, 3, 5, 3], [3, 3, 3, 4]), 1, (6, 7, 0, 1)),
        (PAGAT, entry([0, 6, 0, 7], [0, 5, 2, 6]), 0, (0, 0, 2, 2)),
        (COUNT, entry([0, 6, 0, 7], [0, 5, 2, 6]), 0, (0, 0, 2, 2)),
        (PAGAT, entry([3, 4, 2, 4], team=[10, 3]), 1, (8, 3, 0, 0)),
    ],
)
def test_a_sides_contract_tricks_and_bags(rules, hand, side, counts) -> None:
    assert spades.side_counts(rules, hand, side) == counts

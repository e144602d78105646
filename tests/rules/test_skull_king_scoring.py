"""A player's round of Skull King (the 2021 rulebook's "Scoring" and "Bonus points", the
Loot cards, Rascal's wager, and its alternative "Rascal scoring"), each figure on a line."""

import pytest

from games.rules import skull_king as sk

STANDARD = sk.Rules()
RASCAL = sk.Rules(scoring="rascal")

# (bid, tricks, cards, bonus, alliances made, points): each worked out by hand.
STANDARD_SCORES = [
    (3, 3, 5, {}, 0, 60),  # made: 20 × 3
    (1, 1, 1, {}, 0, 20),  # 20 × 1
    (3, 1, 5, {}, 0, -20),  # two under: −10 × 2
    (3, 5, 5, {}, 0, -20),  # two over: −10 × 2
    (10, 0, 10, {}, 0, -100),  # ten off: −10 × 10
    (0, 0, 7, {}, 0, 70),  # zero made: 10 × 7 cards
    (0, 0, 1, {}, 0, 10),  # 10 × 1
    (0, 2, 7, {}, 0, -70),  # zero missed: −10 × 7 cards, however many taken
    (0, 1, 1, {}, 0, -10),  # −10 × 1
    (2, 2, 4, {"pirates": 1}, 0, 70),  # 40 + 30
    (2, 2, 4, {"pirates": 2}, 0, 100),  # 40 + 2 × 30
    (2, 2, 4, {"fourteens": 3}, 0, 70),  # 40 + 3 × 10
    (2, 2, 4, {"fourteens": 2, "black_fourteen": True}, 0, 80),  # 40 + 20 + 20
    (2, 2, 4, {"mermaids": 2}, 0, 80),  # 40 + 2 × 20
    (2, 2, 4, {"skull_king": True}, 0, 80),  # 40 + 40
    (2, 3, 4, {"pirates": 1}, 0, -10),  # bonuses need an exact bid: −10 alone
    (2, 1, 4, {"skull_king": True, "fourteens": 1}, 0, -10),
    (1, 1, 3, {"wager": 20}, 0, 40),  # 20 + the wager won
    (2, 1, 3, {"wager": 20}, 0, -30),  # −10 and the wager lost
    (2, 2, 3, {"wager": 10}, 0, 50),  # 40 + 10
    (0, 1, 3, {"wager": 10}, 0, -40),  # −30 − 10: a zero missed by the trick won with Rascal
    (1, 1, 3, {"loot": [2]}, 1, 40),  # 20 + 20 for the alliance
    (1, 1, 3, {"loot": [2]}, 0, 20),  # the ally missed: no loot
    (2, 2, 6, {"loot": [1, 2]}, 2, 80),  # 40 + 2 × 20
    (2, 2, 6, {"loot": [1, 2]}, 1, 60),  # 40 + 20: one ally missed
    (2, 1, 4, {"loot": [1], "wager": 10}, 0, -20),  # −10, no loot, −10 the wager
    # 20 × 3 = 60; 14s 10; black 14 20; mermaids 2 × 20 = 40; pirates 2 × 30 = 60;
    # loot 20; wager 20: 60 + 10 + 20 + 40 + 60 + 20 + 20 = 230
    (
        3,
        3,
        5,
        {"fourteens": 1, "black_fourteen": True, "mermaids": 2, "pirates": 2, "wager": 20},
        1,
        230,
    ),
]


@pytest.mark.parametrize(("bid", "tricks", "cards", "bonus", "allies", "points"), STANDARD_SCORES)
def test_the_rulebook_scores_a_round(bid, tricks, cards, bonus, allies, points) -> None:
    assert sk.round_score(STANDARD, cards, bid, tricks, bonus, allies)[0] == points


# (bid, tricks, cards, bonus, alliances made, points) under Rascal scoring: a round is
# worth 10 × cards.
RASCAL_SCORES = [
    (2, 2, 5, {}, 0, 50),  # a direct hit: 10 × 5
    (2, 3, 5, {}, 0, 25),  # a glancing blow: half of 50
    (2, 1, 5, {}, 0, 25),
    (2, 4, 5, {}, 0, 0),  # a miss
    (2, 0, 5, {}, 0, 0),
    (0, 0, 4, {}, 0, 40),  # a zero is a bid like any other: 10 × 4
    (0, 1, 4, {}, 0, 20),  # off by one: half of 40
    (0, 2, 4, {}, 0, 0),
    (1, 0, 1, {}, 0, 5),  # half of 10 × 1
    (2, 2, 6, {"pirates": 1}, 0, 90),  # 60 + 30
    (2, 3, 6, {"pirates": 1}, 0, 45),  # 30 + half of 30
    (2, 3, 6, {"fourteens": 1}, 0, 35),  # 30 + half of 10
    # 30 + half of the black 14's 20, of a mermaid's 20 and of the Skull King's 40:
    # 30 + 10 + 10 + 20 = 70
    (2, 3, 6, {"black_fourteen": True, "mermaids": 1, "skull_king": True}, 0, 70),
    (2, 4, 6, {"pirates": 1}, 0, 0),  # a miss: no bonus
    (2, 3, 6, {"wager": 10}, 0, 20),  # 30 and the wager lost: it needs an exact bid
    (2, 2, 6, {"wager": 10}, 0, 70),  # 60 + 10
    (2, 3, 6, {"loot": [1]}, 0, 30),  # loot needs an exact bid too
    (2, 2, 6, {"loot": [1]}, 1, 80),  # 60 + 20
    (2, 2, 5, {"cannonball": True}, 0, 75),  # 15 × 5
    (2, 3, 5, {"cannonball": True}, 0, 0),  # a cannonball has no glancing blow
    (2, 2, 5, {"cannonball": True, "pirates": 1}, 0, 105),  # 75 + 30
    (2, 3, 5, {"cannonball": True, "pirates": 1}, 0, 0),
    (2, 1, 5, {"cannonball": True, "wager": 20}, 0, -20),  # 0 and the wager lost
]


@pytest.mark.parametrize(("bid", "tricks", "cards", "bonus", "allies", "points"), RASCAL_SCORES)
def test_rascal_scoring_pays_a_direct_hit_whole_and_a_glancing_blow_half(
    bid, tricks, cards, bonus, allies, points
) -> None:
    assert sk.round_score(RASCAL, cards, bid, tricks, bonus, allies)[0] == points


def test_a_cannonball_given_under_standard_scoring_changes_nothing() -> None:
    # check_round refuses it; round_score alone scores the rulebook's way
    with_it = sk.round_score(STANDARD, 5, 2, 2, {"cannonball": True}, 0)

    assert with_it == sk.round_score(STANDARD, 5, 2, 2, {}, 0)


# -- every figure explains itself ------------------------------------------------------------

EXPLAINED = [
    (STANDARD, (5, 3, 3, {}, 0), ["bid 3, took 3: 20 × 3 = 60"]),
    (STANDARD, (5, 3, 1, {}, 0), ["bid 3, took 1: −10 × 2 off = −20"]),
    (STANDARD, (7, 0, 0, {}, 0), ["bid 0, took 0: 10 × 7 = 70"]),
    (STANDARD, (7, 0, 2, {}, 0), ["bid 0, took 2: −10 × 7 = −70"]),
    (
        STANDARD,
        (5, 3, 3, {"pirates": 1}, 0),
        [
            "bid 3, took 3: 20 × 3 = 60",
            "pirates taken with the Skull King: 1 × 30 = +30",
            "round: +90",
        ],
    ),
    (
        STANDARD,
        (5, 3, 3, {"fourteens": 2, "black_fourteen": True, "mermaids": 1, "skull_king": True}, 0),
        [
            "bid 3, took 3: 20 × 3 = 60",
            "standard 14s: 2 × 10 = +20",
            "the black 14: +20",
            "mermaids taken with a pirate: 1 × 20 = +20",
            "the Skull King taken with a mermaid: +40",
            "round: +160",  # 60 + 20 + 20 + 20 + 40
        ],
    ),
    (
        STANDARD,
        (4, 2, 3, {"fourteens": 1}, 0),
        ["bid 2, took 3: −10 × 1 off = −10", "no bonus: the bid was not exact"],
    ),
    (
        STANDARD,
        (3, 1, 1, {"loot": [2], "wager": 20}, 1),
        [
            "bid 1, took 1: 20 × 1 = 20",
            "+20 for loot: both allies made their bids",
            "Rascal's wager won: +20",
            "round: +60",
        ],
    ),
    (
        STANDARD,
        (3, 1, 2, {"loot": [2], "wager": 10}, 0),
        [
            "bid 1, took 2: −10 × 1 off = −10",
            "no loot: both allies must make their bids",
            "Rascal's wager lost: −10",
            "round: −20",
        ],
    ),
    (
        STANDARD,
        (6, 2, 2, {"loot": [1, 2]}, 2),
        [
            "bid 2, took 2: 20 × 2 = 40",
            "+40 for loot: two alliances, 2 × 20, all bids made",
            "round: +80",
        ],
    ),
    (RASCAL, (5, 2, 2, {}, 0), ["bid 2, took 2: a direct hit, 10 × 5 = 50 (Rascal scoring)"]),
    (
        RASCAL,
        (6, 2, 3, {"pirates": 1}, 0),
        [
            "bid 2, took 3: a glancing blow, half of 10 × 6 = 30 (Rascal scoring)",
            "pirates taken with the Skull King: 1 × 30 = +30",
            "half of it, a glancing blow: −15",
            "round: +45",
        ],
    ),
    (
        RASCAL,
        (5, 2, 4, {"fourteens": 1}, 0),
        ["bid 2, took 4: a miss, 0 (Rascal scoring)", "no bonus: the bid was not exact"],
    ),
    (
        RASCAL,
        (5, 2, 2, {"cannonball": True}, 0),
        ["cannonball, bid 2, took 2: 15 × 5 = 75 (Rascal scoring)"],
    ),
    (
        RASCAL,
        (5, 2, 3, {"cannonball": True}, 0),
        ["cannonball, bid 2, took 3: 0 (Rascal scoring)"],
    ),
]


@pytest.mark.parametrize(("rules", "args", "lines"), EXPLAINED)
def test_every_figure_is_said_on_its_own_line(rules, args, lines) -> None:
    _points, whys = sk.round_score(rules, *args)

    assert [str(why) for why in whys] == lines


@pytest.mark.parametrize(
    ("rules", "bid", "tricks", "bonus", "allies"),
    [
        (STANDARD, bid, tricks, bonus, allies)
        for bid, tricks, _cards, bonus, allies, _points in STANDARD_SCORES
    ]
    + [
        (RASCAL, bid, tricks, bonus, allies)
        for bid, tricks, _cards, bonus, allies, _points in RASCAL_SCORES
    ],
)
def test_a_sum_is_said_when_there_is_more_than_the_bids_figure(
    rules, bid, tricks, bonus, allies
) -> None:
    points, whys = sk.round_score(rules, 6, bid, tricks, bonus, allies)

    figures = [why for why in whys if "points" in why.params or "wager" in why.params]
    if len(figures) > 1:
        assert whys[-1].template == "round: %(points)s"
        assert whys[-1].params["points"] == sk.scoring.signed(points)
    else:
        assert all(why.template != "round: %(points)s" for why in whys)


def test_rascal_scorings_lines_name_their_option_and_the_rulebooks_name_none() -> None:
    _points, rascal = sk.round_score(RASCAL, 5, 2, 3, {}, 0)
    _points, standard = sk.round_score(STANDARD, 5, 2, 3, {}, 0)

    assert rascal[0].rule == "Rascal scoring"
    assert standard[0].rule is None


@pytest.mark.parametrize(("points", "said"), [(30, "+30"), (0, "0"), (-20, "−20")])
def test_a_loss_is_written_with_the_minus_sign(points, said) -> None:
    assert sk.scoring.signed(points) == said

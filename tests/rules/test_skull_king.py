"""Skull King (the 2021 rulebook): rounds, the call, a round's score and its bonuses."""

import pytest

from games.rules import skull_king as sk
from games.rules.errors import RuleError
from games.rules.rounds import Plan

STANDARD = sk.Rules()
ADVANCED = sk.Rules(advanced_cards=True)
RASCAL = sk.Rules(scoring="rascal")


# -- the rounds ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "cards"),
    [
        (STANDARD, 2, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        (STANDARD, 7, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),  # 70 // 7 = 10
        (STANDARD, 8, (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),  # 70 // 8 = 8: the 8 repeated
        (ADVANCED, 8, (1, 2, 3, 4, 5, 6, 7, 8, 9, 9)),  # 74 // 8 = 9
        (sk.Rules(rounds=[5, 5, 5]), 4, (5, 5, 5)),  # a table's own list
    ],
)
def test_round_n_deals_n_cards_as_far_as_the_deck_allows(rules, players, cards) -> None:
    assert sk.schedule(rules, players) == cards


def test_a_list_with_more_cards_than_the_deck_deals_is_refused() -> None:
    with pytest.raises(RuleError, match="at most 8 cards"):
        sk.schedule(sk.Rules(rounds=[9]), 8)


@pytest.mark.parametrize("players", [1, 9])
def test_skull_king_is_for_two_to_eight(players) -> None:
    with pytest.raises(RuleError, match="2 to 8"):
        sk.schedule(STANDARD, players)


def test_the_deal_passes_clockwise_from_the_first_dealer() -> None:
    assert [sk.plan_of(STANDARD, 4, 2, n).dealer for n in (1, 2, 3, 4)] == [2, 3, 0, 1]


@pytest.mark.parametrize(
    ("bids", "words"),
    [
        ([2, 2, 1], "OVER by 2: bids 5, tricks 3"),
        ([0, 1, 0], "UNDER by 2: bids 1, tricks 3"),
        ([1, 1, 1], "EVEN: bids 3, tricks 3"),
    ],
)
def test_the_call_compares_the_bids_with_the_tricks(bids, words) -> None:
    assert str(sk.call(Plan(number=3, cards=3), bids)) == words


# -- a player's score --------------------------------------------------------------------------

# (bid, took, cards, bonus, alliances made, points): checked by hand against the rulebook.
STANDARD_SCORES = [
    (3, 3, 5, {}, 0, 60),  # 20 x 3
    (3, 1, 5, {}, 0, -20),  # two off: -10 x 2
    (3, 5, 5, {}, 0, -20),
    (0, 0, 7, {}, 0, 70),  # zero made: 10 x cards
    (0, 2, 7, {}, 0, -70),  # zero missed: -10 x cards, however many taken
    (2, 2, 4, {"pirates": 1}, 0, 70),  # 40 + 30
    (2, 2, 4, {"fourteens": 2, "black_fourteen": True}, 0, 80),  # 40 + 20 + 20
    (2, 2, 4, {"mermaids": 2}, 0, 80),  # 40 + 2 x 20
    (2, 2, 4, {"skull_king": True}, 0, 80),  # 40 + 40
    (2, 3, 4, {"pirates": 1}, 0, -10),  # bonuses need an exact bid
    (1, 1, 3, {"wager": 20}, 0, 40),  # 20 + the wager won
    (1, 0, 3, {"wager": 20}, 0, -30),  # -10 and the wager lost
    (0, 0, 3, {"wager": 10}, 0, 40),  # 30 + 10
    (1, 1, 3, {"loot": [2]}, 1, 40),  # 20 + 20 for the alliance
    (1, 1, 3, {"loot": [2]}, 0, 20),  # the ally missed: no loot
]


@pytest.mark.parametrize(("bid", "took", "cards", "bonus", "allies", "points"), STANDARD_SCORES)
def test_the_rulebook_scores_a_round(bid, took, cards, bonus, allies, points) -> None:
    assert sk.round_score(STANDARD, cards, bid, took, bonus, allies)[0] == points


RASCAL_SCORES = [
    (2, 2, 5, {}, 50),  # a direct hit: 10 x 5
    (2, 3, 5, {}, 25),  # a glancing blow: half of 50
    (2, 1, 5, {}, 25),
    (2, 4, 5, {}, 0),  # a miss
    (0, 1, 4, {}, 20),  # a zero off by one is a glancing blow too
    (2, 2, 6, {"pirates": 1}, 90),  # 60 + 30
    (2, 3, 6, {"pirates": 1}, 45),  # 30 + half of 30
    (2, 3, 6, {"wager": 10}, 20),  # 30 and the wager lost: it needs an exact bid
    (2, 2, 5, {"cannonball": True}, 75),  # 15 x 5
    (2, 3, 5, {"cannonball": True}, 0),  # a cannonball has no glancing blow
]


@pytest.mark.parametrize(("bid", "took", "cards", "bonus", "points"), RASCAL_SCORES)
def test_rascal_scoring_pays_a_direct_hit_whole_and_a_glancing_blow_half(
    bid, took, cards, bonus, points
) -> None:
    assert sk.round_score(RASCAL, cards, bid, took, bonus, 0)[0] == points


def test_every_figure_explains_itself() -> None:
    points, whys = sk.round_score(STANDARD, 5, 3, 3, {"pirates": 1}, 0)

    assert points == 90
    assert [str(why) for why in whys] == [
        "bid 3, took 3: 20 × 3 = 60",
        "pirates taken with the Skull King: 1 × 30 = +30",
        "round: +90",
    ]


def test_a_missed_bid_says_why_its_bonuses_do_not_count() -> None:
    _points, whys = sk.round_score(STANDARD, 4, 2, 3, {"fourteens": 1}, 0)

    assert [str(why) for why in whys] == [
        "bid 2, took 3: −10 × 1 off = −10",
        "no bonus: the bid was not exact",
    ]


# -- a round as entered ----------------------------------------------------------------------


def entry(bids, tricks, bonuses=None) -> dict:
    return {"bids": bids, "tricks": tricks, **({"bonuses": bonuses} if bonuses else {})}


PLAN = Plan(number=4, dealer=0, cards=4)


def test_a_round_is_kept_with_a_bonus_dict_per_player() -> None:
    checked = sk.check_round(STANDARD, 3, PLAN, entry([1, 2, 1], [1, 2, 1]))

    assert checked == {"bids": [1, 2, 1], "tricks": [1, 2, 1], "bonuses": [{}, {}, {}]}


@pytest.mark.parametrize(
    ("rules", "round_", "reason"),
    [
        (STANDARD, entry([1, 1, 1], [2, 2, 1]), "more than the 4 cards"),
        (STANDARD, entry([1, 1, 1], [1, 1, 1]), "add up to 3; the round has 4"),
        (ADVANCED, entry([1, 1, 0], [1, 0, 0]), "add up to 1; the round has 4"),
        (STANDARD, entry([1, 1], [2, 2]), "every player's bid"),
        (STANDARD, entry([1, 1, True], [2, 2, 0]), "A bid is from 0 to 4"),
        (STANDARD, entry([1, 1, 5], [2, 2, 0]), "A bid is from 0 to 4"),
        (STANDARD, {"bids": [1, 1, 1], "tricks": [2, 1, 1], "hook": 1}, "no field hook"),
        (STANDARD, entry([1, 1, 0], [2, 2, 0], [{}, {}, {"pirates": 1}]), "took no trick"),
        (STANDARD, entry([1, 1, 0], [2, 2, 0], [{"fourteens": 4}, {}, {}]), "3 standard 14s"),
        (
            STANDARD,
            entry([1, 1, 0], [2, 2, 0], [{"fourteens": 2}, {"fourteens": 2}, {}]),
            "3 standard 14s",
        ),
        (
            STANDARD,
            entry([1, 1, 0], [2, 2, 0], [{"skull_king": True}, {"skull_king": True}, {}]),
            "one Skull King",
        ),
        (
            STANDARD,
            entry([1, 1, 0], [2, 2, 0], [{"skull_king": True, "pirates": 1}, {}, {}]),
            "captures no pirate",
        ),
        (STANDARD, entry([1, 1, 0], [2, 2, 0], [{"loot": [1]}, {"loot": [0]}, {}]), "advanced"),
        (ADVANCED, entry([1, 1, 0], [2, 2, 0], [{"loot": [1]}, {}, {}]), "both players"),
        (ADVANCED, entry([1, 1, 0], [2, 2, 0], [{"loot": [0]}, {}, {}]), "another player"),
        (STANDARD, entry([1, 1, 0], [2, 2, 0], [{"cannonball": True}, {}, {}]), "Rascal"),
        (STANDARD, entry([1, 1, 0], [2, 2, 0], [{"wager": 15}, {}, {}]), "0, 10 or 20"),
        (STANDARD, entry([1, 1, 0], [2, 2, 0], [{"gold": 1}, {}, {}]), "Unknown bonus"),
        (STANDARD, "bids", "every player's bid"),
    ],
)
def test_a_round_the_cards_cannot_make_is_refused_with_its_reason(rules, round_, reason) -> None:
    with pytest.raises(RuleError, match=reason):
        sk.check_round(rules, 3, PLAN, round_)


@pytest.mark.parametrize("tricks", [[2, 1, 0], [1, 1, 0]])
def test_the_kraken_and_the_white_whale_may_take_away_one_or_two_tricks(tricks) -> None:
    result = sk.score(sk.Rules(advanced_cards=True, rounds=[4]), 3, 0, [entry([1, 1, 1], tricks)])

    short = 4 - sum(tricks)
    assert str(result.rounds[0].notes[-1]) == (
        f"tricks short of the cards: {short}, taken by the Kraken or the White Whale"
        " (advanced cards)"
    )


def test_with_two_players_the_third_hand_takes_the_tricks_no_one_scores() -> None:
    result = sk.score(STANDARD, 2, 0, [entry([0, 0], [0, 0])])

    assert result.rounds[0].points == (10, 10)
    assert "third hand" in str(result.rounds[0].notes[-1])


# -- a whole game --------------------------------------------------------------------------


def test_a_game_is_over_after_its_last_round_and_the_best_total_wins() -> None:
    rules = sk.Rules(rounds=[1, 2])
    rounds = [
        entry([1, 0, 0], [1, 0, 0]),  # 20, 10, 10
        entry([1, 1, 0], [1, 1, 0], [{}, {"fourteens": 1}, {}]),  # 20, 30, 20
    ]

    result = sk.score(rules, 3, 0, rounds)

    assert result.totals == (40, 40, 30)
    assert result.finished and result.winners == (0, 1)  # equal best totals share the win
    assert result.places == (1, 1, 3)
    assert result.next_round is None


def test_a_round_after_the_last_is_refused() -> None:
    rules = sk.Rules(rounds=[1])
    with pytest.raises(RuleError, match="already over"):
        sk.score(rules, 2, 0, [entry([0, 0], [0, 0]), entry([0, 0], [0, 0])])


def test_a_bad_round_in_a_file_is_named_by_its_number() -> None:
    with pytest.raises(RuleError, match="Round 2: "):
        sk.score(STANDARD, 2, 0, [entry([1, 0], [1, 0]), entry([9, 0], [1, 1])])


def test_totals_are_the_sum_of_the_rounds() -> None:
    rounds = [
        entry([1, 0, 0], [1, 0, 0]),
        entry([1, 1, 0], [2, 0, 0]),
        entry([0, 2, 1], [0, 2, 1], [{}, {"pirates": 2}, {"mermaids": 1}]),
    ]
    result = sk.score(STANDARD, 3, 1, rounds)

    for seat in range(3):
        assert result.totals[seat] == sum(scored.points[seat] for scored in result.rounds)
    assert result.totals == (20 - 10 + 30, 10 - 10 + 100, 10 + 20 + 40)


def test_a_whole_game_of_four_matches_the_hand_count() -> None:
    """Ten rounds for four, every round's points worked out by hand in the comments."""
    rounds = [
        entry([0, 1, 0, 0], [0, 1, 0, 0]),  # 10, 20, 10, 10
        entry([1, 0, 1, 0], [1, 0, 0, 1]),  # 20, 20 (zero of 2), -10, -20
        entry([1, 1, 1, 1], [1, 1, 1, 0]),  # 20, 20, 20, -10
        entry([2, 0, 1, 1], [2, 0, 1, 1], [{"pirates": 1}, {}, {}, {}]),  # 70, 40, 20, 20
        entry([2, 2, 0, 2], [1, 2, 0, 2], [{}, {"fourteens": 2}, {}, {}]),  # -10, 60, 50, 40
        entry([0, 3, 2, 0], [1, 3, 2, 0], [{}, {}, {"mermaids": 1}, {}]),  # -60, 60, 60, 60
        entry(
            [3, 1, 2, 1], [3, 1, 2, 1], [{"wager": 20}, {}, {}, {"skull_king": True}]
        ),  # 80, 20, 40, 60
        entry(
            [2, 2, 2, 2], [2, 3, 2, 1], [{}, {"black_fourteen": True}, {}, {}]
        ),  # 40, -10, 40, -10
        entry([4, 0, 3, 1], [4, 0, 4, 1], [{}, {}, {"wager": 10}, {}]),  # 80, 90, -20, 20
        entry([3, 3, 3, 1], [3, 3, 3, 1], [{"fourteens": 1}, {}, {}, {}]),  # 70, 60, 60, 20
    ]

    result = sk.score(STANDARD, 4, 0, rounds)

    assert [scored.points for scored in result.rounds] == [
        (10, 20, 10, 10),
        (20, 20, -10, -20),
        (20, 20, 20, -10),
        (70, 40, 20, 20),
        (-10, 60, 50, 40),
        (-60, 60, 60, 60),
        (80, 20, 40, 60),
        (40, -10, 40, -10),
        (80, 90, -20, 20),
        (70, 60, 60, 20),
    ]
    assert result.totals == (320, 380, 270, 190)
    assert result.finished and result.winners == (1,) and result.places == (2, 1, 3, 4)

"""Skull King's table (the 2021 rulebook): the options, the presets, the rounds the deck
allows, who deals them, and the call once the bids are in."""

import pytest

from games.rules import skull_king as sk
from games.rules.errors import RuleError
from games.rules.rounds import Plan

STANDARD = sk.Rules()
ADVANCED = sk.Rules(kraken=True, white_whale=True, loot=True)

# -- the options ------------------------------------------------------------------------------


def test_the_defaults_are_the_rulebooks_standard_scoring_without_the_advanced_cards() -> None:
    assert (
        sk.Rules(
            scoring=sk.Scoring.STANDARD, kraken=False, white_whale=False, loot=False, rounds=()
        )
        == STANDARD
    )


@pytest.mark.parametrize(("given", "kept"), [("standard", "standard"), ("rascal", "rascal")])
def test_the_scoring_is_given_by_its_name_and_kept_as_its_enum(given, kept) -> None:
    rules = sk.Rules(scoring=given)

    assert rules.scoring is sk.Scoring(kept)


def test_a_list_of_rounds_is_kept_as_a_tuple() -> None:
    assert sk.Rules(rounds=[3, 5, 7]).rounds == (3, 5, 7)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"scoring": "wizard"}, "Unknown value for the option scoring."),
        ({"scoring": None}, "Unknown value for the option scoring."),
        ({"scoring": ["rascal"]}, "Unknown value for the option scoring."),
        ({"kraken": "yes"}, "“kraken” must be true or false."),
        ({"white_whale": 1}, "“white_whale” must be true or false."),
        ({"loot": None}, "“loot” must be true or false."),
        ({"rounds": [0]}, "1 to 20 rounds"),  # a round deals at least one card
        ({"rounds": [True]}, "1 to 20 rounds"),  # True is not a number of cards
        ({"rounds": ["3"]}, "1 to 20 rounds"),
        ({"rounds": [2.0]}, "1 to 20 rounds"),
        ({"rounds": [24]}, "deals at most 23 cards each"),  # 70 // 3: two and Graybeard
        ({"rounds": [-1]}, "1 to 20 rounds"),
        ({"rounds": [1] * 21}, "1 to 20 rounds"),
        ({"rounds": "1,2,3"}, "1 to 20 rounds"),
        ({"rounds": None}, "1 to 20 rounds"),
        ({"rounds": [[1]]}, "1 to 20 rounds"),
    ],
)
def test_a_bad_option_is_refused_with_its_reason(options, reason) -> None:
    with pytest.raises(RuleError) as refused:
        sk.Rules(**options)

    assert reason in str(refused.value)


def test_twenty_rounds_of_twenty_four_cards_are_the_most_a_list_holds() -> None:
    # 74 // 3 = 24: the whole deck, to two players and Graybeard or to three
    rules = sk.Rules(rounds=[24] * 20, kraken=True, white_whale=True, loot=True)

    assert rules.rounds == (24,) * 20


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("rulebook", sk.Rules()),
        ("advanced", sk.Rules(kraken=True, white_whale=True, loot=True)),
        ("rascal", sk.Rules(scoring="rascal")),
    ],
)
def test_each_preset_is_the_rulebook_with_one_thing_changed(name, rules) -> None:
    assert sk.PRESETS[name] == rules


def test_there_are_three_presets() -> None:
    assert list(sk.PRESETS) == ["rulebook", "advanced", "rascal"]


# -- the rounds ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "cards"),
    [
        (STANDARD, 2, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),  # 70 // 3 = 23 (Graybeard's hand)
        (STANDARD, 6, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),  # 70 // 6 = 11
        (STANDARD, 7, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),  # 70 // 7 = 10: just enough
        (STANDARD, 8, (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),  # 70 // 8 = 8: the 8 dealt again
        (ADVANCED, 7, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),  # 74 // 7 = 10
        (ADVANCED, 8, (1, 2, 3, 4, 5, 6, 7, 8, 9, 9)),  # 74 // 8 = 9
        (sk.Rules(rounds=[5, 5, 5]), 4, (5, 5, 5)),  # a table's own list, kept
        (sk.Rules(rounds=[23]), 2, (23,)),  # 70 // 3 = 23
        (sk.Rules(rounds=[9], kraken=True, white_whale=True, loot=True), 8, (9,)),
    ],
)
def test_round_n_deals_n_cards_as_far_as_the_deck_allows(rules, players, cards) -> None:
    assert sk.schedule(rules, players) == cards


@pytest.mark.parametrize(
    ("rules", "players", "reason"),
    [
        (sk.Rules(rounds=[9]), 8, "The deck deals at most 8 cards each to 8 players."),
        (sk.Rules(rounds=[1, 10]), 8, "The deck deals at most 8 cards each to 8 players."),
        (sk.Rules(rounds=[10], loot=True), 8, "at most 9 cards each to 8 players"),
        (sk.Rules(rounds=[23]), 4, "at most 17 cards each to 4 players"),  # 70 // 4
        (sk.Rules(rounds=[12]), 6, "at most 11 cards each to 6 players"),  # 70 // 6
    ],
)
def test_a_list_with_more_cards_than_the_deck_deals_is_refused(rules, players, reason) -> None:
    with pytest.raises(RuleError, match=reason):
        sk.schedule(rules, players)


@pytest.mark.parametrize("players", [0, 1, 9, True, "4", None, 4.0])
def test_skull_king_is_for_two_to_eight(players) -> None:
    with pytest.raises(RuleError, match="Skull King is for 2 to 8 players"):
        sk.first_plan(STANDARD, players, 0)


@pytest.mark.parametrize(("players", "most"), [(2, 23), (3, 23), (4, 17), (5, 14), (8, 8)])
def test_the_deck_deals_seventy_cards_as_evenly_as_it_can(players, most) -> None:
    assert sk.most_cards(STANDARD, players) == most


# -- the plans: cards and dealer ---------------------------------------------------------------


def test_round_one_is_dealt_by_the_first_dealer_with_one_card() -> None:
    assert sk.first_plan(STANDARD, 4, 2) == Plan(number=1, dealer=2, cards=1)


def test_the_deal_passes_clockwise_from_the_first_dealer() -> None:
    dealers = [sk.plan_of(STANDARD, 4, 2, n).dealer for n in range(1, 11)]

    assert dealers == [2, 3, 0, 1, 2, 3, 0, 1, 2, 3]


def test_each_plan_deals_the_schedules_cards() -> None:
    cards = [sk.plan_of(STANDARD, 8, 0, n).cards for n in range(1, 11)]

    assert cards == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]


@pytest.mark.parametrize(
    ("rules", "after", "following"),
    [
        (STANDARD, Plan(number=1, dealer=0, cards=1), Plan(number=2, dealer=1, cards=2)),
        (STANDARD, Plan(number=9, dealer=2, cards=9), Plan(number=10, dealer=0, cards=10)),  # 9 % 3
        (STANDARD, Plan(number=10, dealer=0, cards=10), None),  # the last round
        (sk.Rules(rounds=[4, 4]), Plan(number=2, dealer=1, cards=4), None),
    ],
)
def test_the_round_after_a_plan_is_the_next_one_or_none_after_the_last(
    rules, after, following
) -> None:
    assert sk.plan_after(rules, 3, 0, after) == following


@pytest.mark.parametrize("first_dealer", [-1, 3, True, "0", None, 1.0])
def test_a_first_dealer_not_at_the_table_is_refused(first_dealer) -> None:
    with pytest.raises(RuleError, match="The first dealer must be one of the players"):
        sk.first_plan(STANDARD, 3, first_dealer)


# -- the call -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "cards", "words"),
    [
        ([2, 2, 1], 3, "OVER by 2: bids 5, tricks 3"),  # 2 + 2 + 1 = 5 > 3
        ([0, 1, 0], 3, "UNDER by 2: bids 1, tricks 3"),  # 1 < 3
        ([1, 1, 1], 3, "EVEN: bids 3, tricks 3"),
        ([0, 0, 0, 0], 1, "UNDER by 1: bids 0, tricks 1"),
        ([10, 10], 10, "OVER by 10: bids 20, tricks 10"),  # any sum is allowed: no hook
    ],
)
def test_the_call_compares_the_sum_of_the_bids_with_the_tricks(bids, cards, words) -> None:
    assert str(sk.bid_call(bids, cards)) == words
    assert sk.call(Plan(number=cards, cards=cards), bids) == sk.bid_call(bids, cards)


def test_the_call_names_no_option() -> None:
    assert sk.bid_call([1, 1], 3).rule is None

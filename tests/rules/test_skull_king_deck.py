"""Skull King's deck as the table chooses it (issue 38, item 7): the advanced cards one by
one (the Kraken, the White Whale, Loot), the deck and the largest deal that follow, two
players dealt Graybeard's third hand, and Rascal's wager only by a player who won a trick.
Every figure worked out by hand in its comment."""

from dataclasses import replace

import pytest

from games.rules import skull_king as sk
from games.rules.errors import RuleError
from games.rules.rounds import Plan

KRAKEN = sk.Rules(kraken=True)
WHALE = sk.Rules(white_whale=True)
LOOT = sk.Rules(loot=True)
CREATURES = sk.Rules(kraken=True, white_whale=True)
ALL = sk.Rules(kraken=True, white_whale=True, loot=True)


def entry(bids, tricks, bonuses=None) -> dict:
    return {"bids": bids, "tricks": tricks, **({"bonuses": bonuses} if bonuses else {})}


# -- the deck ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "cards"),
    [
        (sk.Rules(), 70),  # 56 suit cards, 5 escapes, 5 pirates, Tigress, Skull King, 2 mermaids
        (KRAKEN, 71),  # + 1
        (WHALE, 71),  # + 1
        (LOOT, 72),  # + 2 Loot cards
        (CREATURES, 72),  # + 1 + 1
        (sk.Rules(kraken=True, loot=True), 73),  # + 1 + 2
        (ALL, 74),  # the rulebook's advanced cards, all of them
    ],
)
def test_the_deck_holds_the_advanced_cards_the_table_chose(rules, cards) -> None:
    assert sk.deck(rules) == cards


@pytest.mark.parametrize(
    ("rules", "players", "most"),
    [
        (sk.Rules(), 2, 23),  # two players and Graybeard's hand: 70 // 3
        (KRAKEN, 2, 23),  # 71 // 3
        (LOOT, 2, 24),  # 72 // 3
        (ALL, 2, 24),  # 74 // 3
        (sk.Rules(), 3, 23),  # 70 // 3
        (ALL, 3, 24),  # 74 // 3
        (sk.Rules(), 7, 10),  # 70 // 7
        (sk.Rules(), 8, 8),  # 70 // 8
        (KRAKEN, 8, 8),  # 71 // 8
        (CREATURES, 8, 9),  # 72 // 8: the example
        (LOOT, 8, 9),  # 72 // 8
        (ALL, 8, 9),  # 74 // 8
    ],
)
def test_the_largest_deal_is_the_deck_over_the_hands(rules, players, most) -> None:
    assert sk.most_cards(rules, players) == most


@pytest.mark.parametrize(
    ("rules", "players", "cards"),
    [
        (CREATURES, 8, (1, 2, 3, 4, 5, 6, 7, 8, 9, 9)),  # 72 // 8 = 9, dealt again
        (KRAKEN, 8, (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),  # 71 // 8 = 8
        (WHALE, 8, (1, 2, 3, 4, 5, 6, 7, 8, 8, 8)),  # 71 // 8 = 8
        (LOOT, 8, (1, 2, 3, 4, 5, 6, 7, 8, 9, 9)),  # 72 // 8 = 9
        (sk.Rules(), 2, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),  # 23 each at most: all ten
    ],
)
def test_the_default_rounds_follow_the_deck(rules, players, cards) -> None:
    assert sk.schedule(rules, players) == cards


@pytest.mark.parametrize(
    ("rules", "players", "cards"),
    [
        (sk.Rules(rounds=[23]), 2, (23,)),  # 70 // 3 = 23: Graybeard is dealt 23 too
        (sk.Rules(rounds=[24], loot=True), 2, (24,)),  # 72 // 3 = 24
        (sk.Rules(rounds=[24], kraken=True, white_whale=True), 3, (24,)),  # 72 // 3
        (sk.Rules(rounds=[9], kraken=True, white_whale=True), 8, (9,)),  # 72 // 8
    ],
)
def test_a_tables_own_rounds_are_kept_as_far_as_the_deck_deals(rules, players, cards) -> None:
    assert sk.schedule(rules, players) == cards


FOR_THREE_HANDS = "cards each (three hands: two players and Graybeard, or three players)."


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"rounds": [24]}, f"A deck of 70 cards deals at most 23 {FOR_THREE_HANDS}"),
        ({"rounds": [35]}, f"A deck of 70 cards deals at most 23 {FOR_THREE_HANDS}"),
        ({"rounds": [5, 24, 5]}, "A deck of 70 cards deals at most 23"),
        ({"rounds": [24], "kraken": True}, "A deck of 71 cards deals at most 23"),  # 71 // 3
        ({"rounds": [25], "loot": True}, "A deck of 72 cards deals at most 24"),
        (
            {"rounds": [25], "kraken": True, "white_whale": True, "loot": True},
            "A deck of 74 cards deals at most 24",
        ),
        ({"rounds": [37]}, "A deck of 70 cards deals at most 23"),  # accepted for two, before
        ({"rounds": [10**6]}, "A deck of 70 cards deals at most 23"),
        ({"kraken": "yes"}, "“kraken” must be true or false."),
        ({"white_whale": 1}, "“white_whale” must be true or false."),
        ({"loot": None}, "“loot” must be true or false."),
    ],
)
def test_options_the_deck_cannot_deal_are_refused_with_the_reason(options, reason) -> None:
    with pytest.raises(RuleError) as refused:
        sk.Rules(**options)

    assert reason in str(refused.value)


@pytest.mark.parametrize(
    ("rules", "players", "reason"),
    [
        (sk.Rules(rounds=[10], kraken=True), 8, "at most 8 cards each to 8 players"),  # 71 // 8
        (sk.Rules(rounds=[10], loot=True), 8, "at most 9 cards each to 8 players"),  # 72 // 8
        (sk.Rules(rounds=[15], kraken=True), 5, "at most 14 cards each to 5 players"),  # 71 // 5
    ],
)
def test_a_tables_list_the_deck_cannot_deal_it_is_refused(rules, players, reason) -> None:
    with pytest.raises(RuleError, match=reason):
        sk.schedule(rules, players)


@pytest.mark.parametrize(
    ("name", "rules"),
    [("advanced", ALL), ("rulebook", sk.Rules()), ("rascal", sk.Rules(scoring="rascal"))],
)
def test_the_advanced_preset_is_all_three(name, rules) -> None:
    assert sk.PRESETS[name] == rules


# -- the tricks the creatures take ------------------------------------------------------------

FOUR = Plan(number=4, dealer=0, cards=4)


@pytest.mark.parametrize(
    ("rules", "tricks", "reason"),
    [
        (KRAKEN, [2, 1, 0], None),  # 3 of 4: the Kraken's trick
        (WHALE, [2, 1, 0], None),  # 3 of 4: the White Whale's
        (CREATURES, [1, 1, 0], None),  # 2 of 4: one each
        (ALL, [1, 1, 0], None),
        (KRAKEN, [1, 1, 0], "The tricks add up to 2; the round has 4."),  # one creature
        (WHALE, [1, 1, 0], "The tricks add up to 2; the round has 4."),
        (LOOT, [2, 1, 0], "The tricks add up to 3; the round has 4."),  # Loot takes none
        (sk.Rules(), [2, 1, 0], "The tricks add up to 3; the round has 4."),
    ],
)
def test_only_the_creatures_in_the_deck_leave_tricks_untaken(rules, tricks, reason) -> None:
    if reason is None:
        assert sk.check_round(rules, 3, FOUR, entry([0, 0, 0], tricks))["tricks"] == tricks
        return
    with pytest.raises(RuleError) as refused:
        sk.check_round(rules, 3, FOUR, entry([0, 0, 0], tricks))

    assert str(refused.value) == reason


@pytest.mark.parametrize(
    ("rules", "tricks", "note"),
    [
        (KRAKEN, [2, 1, 0], "tricks short of the cards: 1, taken by the Kraken"),
        (WHALE, [2, 1, 0], "tricks short of the cards: 1, taken by the White Whale"),
        (
            CREATURES,
            [2, 1, 0],
            "tricks short of the cards: 1, taken by the Kraken or the White Whale",
        ),
        (ALL, [1, 1, 0], "tricks short of the cards: 2, taken by the Kraken or the White Whale"),
    ],
)
def test_the_note_names_the_creatures_in_the_deck(rules, tricks, note) -> None:
    result = sk.score(replace(rules, rounds=(4,)), 3, 0, [entry([1, 1, 1], tricks)])

    assert [str(why) for why in result.rounds[0].notes] == ["UNDER by 1: bids 3, tricks 4", note]


@pytest.mark.parametrize(
    ("rules", "reason"),
    [
        (LOOT, None),
        (ALL, None),
        (CREATURES, "Loot needs the Loot cards in the deck."),
        (sk.Rules(), "Loot needs the Loot cards in the deck."),
    ],
)
def test_an_alliance_needs_the_loot_cards(rules, reason) -> None:
    round_ = entry([2, 1, 1], [2, 1, 1], [{"loot": [1]}, {"loot": [0]}, {}])
    if reason is None:
        assert sk.check_round(rules, 3, FOUR, round_)["bonuses"][0] == {"loot": [1]}
        return
    with pytest.raises(RuleError) as refused:
        sk.check_round(rules, 3, FOUR, round_)

    assert str(refused.value) == reason


# -- Rascal's wager -------------------------------------------------------------------------

NO_WAGER = (
    "A player who took no trick made no wager: Rascal's wager is made by the one who wins"
    " a trick with him."
)


@pytest.mark.parametrize(
    ("players", "tricks", "bonuses", "reason"),
    [
        (3, [2, 2, 0], [{}, {}, {"wager": 10}], NO_WAGER),  # seat 2 won no trick
        (3, [2, 2, 0], [{}, {}, {"wager": 20}], NO_WAGER),
        (3, [4, 0, 0], [{}, {"wager": 10}, {}], NO_WAGER),
        (2, [1, 0], [{}, {"wager": 10}], NO_WAGER),  # Graybeard took three: none of seat 1's
        (3, [2, 2, 0], [{}, {"wager": 10}, {}], None),  # seat 1 won two tricks
        (3, [3, 0, 1], [{}, {}, {"wager": 20}], None),
        (2, [1, 0], [{"wager": 20}, {}], None),
        (3, [2, 2, 0], [{}, {}, {"wager": 0}], None),  # 0 is no wager
    ],
)
def test_only_a_player_who_won_a_trick_wagers(players, tricks, bonuses, reason) -> None:
    round_ = entry([0] * players, tricks, bonuses)
    if reason is None:
        sk.check_round(sk.Rules(), players, FOUR, round_)
        return
    with pytest.raises(RuleError) as refused:
        sk.check_round(sk.Rules(), players, FOUR, round_)

    assert str(refused.value) == reason


def test_a_game_with_a_wager_by_a_player_without_a_trick_names_the_round() -> None:
    rounds = [entry([1, 0, 0], [1, 0, 0]), entry([1, 1, 0], [1, 1, 0], [{}, {}, {"wager": 10}])]

    with pytest.raises(RuleError) as refused:
        sk.score(sk.Rules(rounds=[1, 2]), 3, 0, rounds)

    assert str(refused.value) == f"Round 2: {NO_WAGER}"


# -- options an earlier version stored ------------------------------------------------------


@pytest.mark.parametrize(
    ("earlier", "today"),
    [
        (
            {"scoring": "standard", "advanced_cards": True, "rounds": []},
            {
                "scoring": "standard",
                "rounds": [],
                "kraken": True,
                "white_whale": True,
                "loot": True,
            },
        ),
        (
            {"advanced_cards": False},
            {"kraken": False, "white_whale": False, "loot": False},
        ),
        ({"scoring": "rascal"}, {"scoring": "rascal"}),  # nothing earlier: as it is
        # both names: not an earlier file; the rules refuse the old one by its name
        ({"advanced_cards": True, "loot": False}, {"advanced_cards": True, "loot": False}),
    ],
)
def test_an_earlier_advanced_cards_option_is_read_as_all_three(earlier, today) -> None:
    assert sk.Rules.from_earlier(earlier) == today


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_an_earlier_advanced_cards_that_is_no_flag_is_refused_by_its_name(value) -> None:
    with pytest.raises(RuleError) as refused:
        sk.Rules.from_earlier({"advanced_cards": value})

    assert str(refused.value) == "“advanced_cards” must be true or false."

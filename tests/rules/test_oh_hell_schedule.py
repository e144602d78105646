"""Oh Hell: how many cards each deal has (seeds 000, 001, 002 and RULES.md "beyond the seeds").

Every expected schedule below is written out by hand, not generated, so a wrong
``range`` in the module cannot hide behind the same ``range`` in the test.
"""

import pytest

from games.rules.errors import RuleError
from games.rules.oh_hell import (
    PRESETS,
    OhHellRules,
    Schedule,
    TrumpRule,
    max_cards,
    plan,
    schedule,
    top_cards,
)

UP = OhHellRules(schedule=Schedule.UP)
DOWN = OhHellRules(schedule=Schedule.DOWN)
DOWN_AND_UP = OhHellRules(schedule=Schedule.DOWN_AND_UP)
UP_AND_DOWN = OhHellRules(schedule=Schedule.UP_AND_DOWN)
OH_WELL = OhHellRules(schedule=Schedule.OH_WELL)


# -- the most cards ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "most"),
    [
        (3, 17),  # 52 // 3 = 17 (3 x 17 = 51, one card left over)
        (4, 13),  # 52 // 4 = 13 (4 x 13 = 52, the whole deck)
        (5, 10),  # 52 // 5 = 10 (50 dealt)
        (6, 8),  # 52 // 6 = 8 (48 dealt)
        (7, 7),  # 52 // 7 = 7 (49 dealt)
    ],
)
def test_the_most_cards_a_player_can_hold_is_52_divided_by_the_players(players, most):
    """Seed 000: "giocando in tre ... 17 carte"; RULES.md: 17, 13, 10, 8, 7."""
    assert max_cards(players) == most


@pytest.mark.parametrize(
    ("players", "most"),
    [
        (3, 20),  # 60 // 3 = 20
        (4, 15),  # 60 // 4 = 15
        (5, 12),  # 60 // 5 = 12
        (6, 10),  # 60 // 6 = 10
        (7, 8),  # 60 // 7 = 8 (56 dealt)
    ],
)
def test_a_60_card_wizard_deck_holds_60_divided_by_the_players(players, most):
    """RULES.md, beyond the seeds: Wizard uses 60 cards, so 60 ÷ players."""
    assert max_cards(players, deck_size=60) == most


@pytest.mark.parametrize("players", [0, 1, 2, 8, 9, -4])
def test_oh_hell_is_refused_for_fewer_than_3_or_more_than_7_players(players):
    """All three seeds: "Three to seven people can play" (seed 001), "3-7 people" (seed 002)."""
    for call in (
        lambda: max_cards(players),
        lambda: schedule(UP, players),
        lambda: plan(UP, players, 0),
    ):
        with pytest.raises(RuleError) as excinfo:
            call()
        assert str(excinfo.value) == "Oh Hell is for 3 to 7 players."


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_the_number_of_players_must_be_a_whole_number(players):
    """Seed 001: "Three to seven people can play" -- a count of people."""
    with pytest.raises(RuleError) as excinfo:
        schedule(UP, players)
    assert str(excinfo.value) == "The number of players must be a whole number."


# -- up and down -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        (3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)),  # 17 deals
        (4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)),  # 13 deals
        (5, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),  # 10 deals
        (6, (1, 2, 3, 4, 5, 6, 7, 8)),  # 8 deals
        (7, (1, 2, 3, 4, 5, 6, 7)),  # 7 deals
    ],
)
def test_the_up_schedule_deals_one_card_more_each_deal_up_to_the_most(players, cards):
    """Seed 000: one card in the first deal, two in the second ... "in tre ... 17 colpi,
    in quattro ... 13 smazzate. In cinque, sei e sette ... 10, 8 e 7"; seed 001: "with
    four players, there are 13 deals; with five players, 10 deals"."""
    assert schedule(UP, players) == cards


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        (3, (17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
        (4, (13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
        (5, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
        (6, (8, 7, 6, 5, 4, 3, 2, 1)),
        (7, (7, 6, 5, 4, 3, 2, 1)),
    ],
)
def test_the_down_schedule_deals_the_most_cards_first_and_one_fewer_each_deal(players, cards):
    """RULES.md, beyond the seeds: "down (most cards to 1)"."""
    assert schedule(DOWN, players) == cards


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        # seed 002: "3-5 players, 10 cards each" -> 10 down to 1 and back: 10 + 9 = 19 deals
        (3, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        (4, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        (5, (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        # seed 002: "6 players, 8 cards each" -> 8 + 7 = 15 deals
        (6, (8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8)),
        # seed 002: "With 7 players, hands are: 7 cards, then 6,5,4,3,2,1, then
        # 2,3,4,5,6,7, for 13 hands to the game."
        (7, (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)),
    ],
)
def test_the_down_and_up_schedule_starts_at_10_8_or_7_cards_and_comes_back(players, cards):
    """Seed 002: "Each hand is one card less, down to one card each, then one more per
    hand back to the starting number"."""
    assert schedule(DOWN_AND_UP, players) == cards
    assert schedule(PRESETS["down_and_up_hook"], players) == cards


@pytest.mark.parametrize(
    ("players", "deals"),
    [(3, 19), (4, 19), (5, 19), (6, 15), (7, 13)],  # seed 002: 2 x start - 1
)
def test_the_down_and_up_game_has_19_deals_for_3_to_5_players_15_for_6_and_13_for_7(players, deals):
    """Seed 002: "for 13 hands to the game" with 7 players; RULES.md: 19 for 3-5."""
    assert len(schedule(DOWN_AND_UP, players)) == deals


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        # 1 .. 13 .. 1: 13 + 12 = 25 deals
        (4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)),
        # 1 .. 7 .. 1: 7 + 6 = 13 deals
        (7, (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)),
    ],
)
def test_the_up_and_down_schedule_goes_from_one_card_to_the_most_and_back(players, cards):
    """RULES.md, beyond the seeds: "up and down (1 to most and back)"."""
    assert schedule(UP_AND_DOWN, players) == cards


@pytest.mark.parametrize(
    ("rules", "players", "cards"),
    [
        # up and down, 4 players: ... 12, 13, 13, 12 ...: 13 + 13 = 26 deals
        (
            UP_AND_DOWN.with_options(double_turn=True),
            4,
            (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
        ),
        # up and down, 5 players: ... 9, 10, 10, 9 ... (RULES.md's own example): 20 deals
        (
            UP_AND_DOWN.with_options(double_turn=True),
            5,
            (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1),
        ),
        # down and up, 7 players: the turning hand is the 1-card deal: 7 + 7 = 14 deals
        (
            DOWN_AND_UP.with_options(double_turn=True),
            7,
            (7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7),
        ),
        # down and up, 4 players: 10 + 10 = 20 deals
        (
            DOWN_AND_UP.with_options(double_turn=True),
            4,
            (10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
        ),
    ],
)
def test_the_double_turn_plays_the_turning_hand_twice(rules, players, cards):
    """RULES.md, beyond the seeds: "the turning hand played twice (…9, 10, 10, 9…)"."""
    assert schedule(rules, players) == cards


@pytest.mark.parametrize("kind", ["up", "down", "oh_well", "custom"])
def test_a_schedule_without_a_turning_hand_refuses_the_double_turn(kind):
    """RULES.md, beyond the seeds: only a schedule that turns has a "turning hand"."""
    with pytest.raises(RuleError) as excinfo:
        OhHellRules(schedule=kind, custom_schedule=(1, 2), double_turn=True)
    assert str(excinfo.value) == (
        "Only an up-and-down or down-and-up schedule has a turning hand to play twice."
    )


# -- Oh Well -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "cards"),
    [
        (3, (17,) * 9),  # seed 000: "9, se si gioca in tre", always 17 cards
        (4, (13,) * 8),  # "8, se si gioca in quattro", always 13 cards
        (5, (10,) * 10),  # "10, se si gioca in cinque"
        (6, (8,) * 12),  # "12, se si gioca in sei"
        (7, (7,) * 7),  # "7, se si gioca in sette"
    ],
)
def test_oh_well_deals_the_most_cards_every_deal_for_9_8_10_12_or_7_deals(players, cards):
    """Seed 000, Oh Well: "si distribuiscono sempre ai giocatori quante più carte è
    possibile; così se la partita si gioca in 3, i giocatori avranno sempre 17 carte"."""
    assert schedule(OH_WELL, players) == cards
    assert schedule(PRESETS["oh_well"], players) == cards


# -- custom --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("custom", "players", "cards"),
    [
        ((5, 5, 5), 4, (5, 5, 5)),
        ([1, 3, 5, 7, 9, 11, 13], 4, (1, 3, 5, 7, 9, 11, 13)),  # a list is kept as a tuple
        ((17, 1), 3, (17, 1)),  # 3 x 17 = 51 <= 52
        ((7, 7, 7), 7, (7, 7, 7)),  # 7 x 7 = 49 <= 52
    ],
)
def test_a_custom_schedule_is_played_as_the_table_lists_it(custom, players, cards):
    """RULES.md, beyond the seeds: "a custom list of hand sizes"."""
    rules = OhHellRules(schedule="custom", custom_schedule=custom)
    assert schedule(rules, players) == cards
    assert tuple(deal.cards for deal in plan(rules, players, 0)) == cards


@pytest.mark.parametrize(
    ("custom", "players", "message"),
    [
        # 4 x 14 = 56 > 52
        ((1, 14), 4, "14 cards each is too many for 4 players: the most is 13."),
        # 3 x 18 = 54 > 52
        ((18,), 3, "18 cards each is too many for 3 players: the most is 17."),
        # 7 x 8 = 56 > 52
        ((8, 1), 7, "8 cards each is too many for 7 players: the most is 7."),
        # 5 x 11 = 55 > 52
        ((10, 11), 5, "11 cards each is too many for 5 players: the most is 10."),
    ],
)
def test_a_custom_hand_that_needs_more_cards_than_the_deck_is_refused(custom, players, message):
    """Seeds 000, 001, 002: one 52-card pack; a hand needing more cards cannot be dealt."""
    rules = OhHellRules(schedule="custom", custom_schedule=custom)
    with pytest.raises(RuleError) as excinfo:
        schedule(rules, players)
    assert str(excinfo.value) == message


@pytest.mark.parametrize(
    ("options", "players", "message"),
    [
        # cap 10: 11 > 10 even though 4 x 11 = 44 fits the deck
        ({"cap": 10}, 4, "11 cards each is too many for 4 players: the most is 10."),
        # 51 // 4 = 12 keeps a card to turn up, so 13 is refused
        (
            {"keep_card_to_turn": True},
            4,
            "13 cards each is too many for 4 players: the most is 12.",
        ),
    ],
)
def test_a_custom_hand_above_the_tables_cap_is_refused(options, players, message):
    """RULES.md, beyond the seeds: a cap on the most cards applies to a custom list too."""
    custom = (11,) if "cap" in options else (13,)
    rules = OhHellRules(schedule="custom", custom_schedule=custom, **options)
    with pytest.raises(RuleError) as excinfo:
        schedule(rules, players)
    assert str(excinfo.value) == message


@pytest.mark.parametrize("bad", [0, -1, True, "3", 2.5, None])
def test_a_custom_deal_needs_a_whole_number_of_at_least_one_card(bad):
    """Seed 000: the smallest deal is "una sola carta ad ogni giocatore"."""
    rules = OhHellRules(schedule="custom", custom_schedule=(1, bad))
    with pytest.raises(RuleError) as excinfo:
        schedule(rules, 4)
    assert str(excinfo.value) == "Every deal needs at least 1 card per player."


def test_an_empty_custom_schedule_is_refused():
    """RULES.md, beyond the seeds: a custom list of hand sizes -- at least one."""
    with pytest.raises(RuleError) as excinfo:
        OhHellRules(schedule="custom")
    assert str(excinfo.value) == "A custom schedule needs at least one deal."


# -- caps ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "cards"),
    [
        # seed 001: "with three players it is advisable to limit the game to 15 deals"
        (UP.with_options(cap=15), 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
        # the classic preset takes that advice
        (PRESETS["classic"], 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)),
        # a cap above the most changes nothing: min(13, 15) = 13
        (PRESETS["classic"], 4, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)),
        # RULES.md: "10 for any table"
        (UP.with_options(cap=10), 3, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        (DOWN.with_options(cap=4), 4, (4, 3, 2, 1)),
        # down and up from min(10, cap 6) = 6: 6 + 5 = 11 deals
        (DOWN_AND_UP.with_options(cap=6), 4, (6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6)),
        (UP_AND_DOWN.with_options(cap=3), 5, (1, 2, 3, 2, 1)),
        # Oh Well deals the (capped) most: 8 deals of min(13, 10) = 10
        (OH_WELL.with_options(cap=10), 4, (10,) * 8),
    ],
)
def test_a_cap_limits_the_most_cards_in_any_deal(rules, players, cards):
    """Seed 001 (15 for three players) and RULES.md "a cap on the most cards"."""
    assert schedule(rules, players) == cards


@pytest.mark.parametrize(
    ("players", "deck_size", "most"),
    [
        (3, 52, 17),  # min(52 // 3 = 17, 51 // 3 = 17) = 17: 51 dealt, 1 left to turn
        (4, 52, 12),  # min(52 // 4 = 13, 51 // 4 = 12) = 12: 48 dealt, 4 left
        (5, 52, 10),  # 51 // 5 = 10
        (6, 52, 8),  # 51 // 6 = 8
        (7, 52, 7),  # 51 // 7 = 7
        (3, 60, 19),  # 59 // 3 = 19 (60 // 3 = 20 would use the whole deck)
        (4, 60, 14),  # 59 // 4 = 14
        (5, 60, 11),  # 59 // 5 = 11
        (6, 60, 9),  # 59 // 6 = 9
    ],
)
def test_keep_card_to_turn_caps_the_hand_at_51_divided_by_the_players(players, deck_size, most):
    """RULES.md: "51 ÷ players so a card is always left to turn up" (seed 001's turn-up)."""
    rules = OhHellRules(keep_card_to_turn=True, deck_size=deck_size)
    assert top_cards(rules, players) == most
    assert schedule(rules, players)[-1] == most
    assert most * players < deck_size


def test_keep_card_to_turn_gives_four_players_12_deals_that_all_have_a_trump():
    # 51 // 4 = 12; the 12-card deal uses 48 cards, so there is always a card to turn up
    """Seed 001's turn-up with RULES.md's "51 ÷ players so a card is always left to turn up"."""
    rules = OhHellRules(keep_card_to_turn=True)
    assert schedule(rules, 4) == (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)
    assert not any(deal.no_trump for deal in plan(rules, 4, 0))


@pytest.mark.parametrize("cap", [0, -1, "10", 2.5])
def test_a_cap_must_be_a_whole_number_of_at_least_one(cap):
    """Seed 001's cap of 15 (and RULES.md's 10) is a number of cards."""
    with pytest.raises(RuleError) as excinfo:
        OhHellRules(cap=cap)
    assert str(excinfo.value) == "The cap on cards must be a whole number of at least 1."


# -- the 60-card deck ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deals"),
    [(3, 20), (4, 15), (5, 12), (6, 10)],  # 60 // 3, 60 // 4, 60 // 5, 60 // 6
)
def test_the_wizard_style_game_has_60_divided_by_the_players_deals(players, deals):
    """RULES.md: "Wizard itself uses 60 cards, so 60 ÷ players deals"."""
    assert schedule(PRESETS["wizard_style"], players) == tuple(range(1, deals + 1))
    assert len(schedule(PRESETS["wizard_style"], players)) == deals


@pytest.mark.parametrize("deck_size", [36, 51, 54, 0])
def test_a_deck_other_than_52_or_60_cards_is_refused(deck_size):
    """Seeds 000, 001, 002: 52 cards; RULES.md: 60 for Wizard-style."""
    with pytest.raises(RuleError) as excinfo:
        OhHellRules(deck_size=deck_size)
    assert str(excinfo.value) == "The deck has 52 cards (60 for Wizard-style)."


# -- options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "text", "member"),
    [
        ("schedule", "down_and_up", Schedule.DOWN_AND_UP),
        ("schedule", "oh_well", Schedule.OH_WELL),
        ("trump", "last_deal_no_trump", TrumpRule.LAST_DEAL_NO_TRUMP),
        ("trump", "rotation", TrumpRule.ROTATION),
    ],
)
def test_enum_options_accept_their_string_values(option, text, member):
    """The package docstring: "Enum options accept their string values"."""
    rules = OhHellRules(**{option: text})
    assert getattr(rules, option) is member
    assert rules == OhHellRules(**{option: member})


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("schedule", "sideways", "Unknown value 'sideways' for the option schedule."),
        ("trump", "hearts", "Unknown value 'hearts' for the option trump."),
        ("made", "double", "Unknown value 'double' for the option made."),
        ("zero", "eleven", "Unknown value 'eleven' for the option zero."),
        ("missed", "minus_all", "Unknown value 'minus_all' for the option missed."),
        ("tie_break", "coin", "Unknown value 'coin' for the option tie_break."),
    ],
)
def test_an_unknown_option_value_is_refused(option, value, message):
    """The package docstring: "Enum options accept their string values" -- only those."""
    with pytest.raises(RuleError) as excinfo:
        OhHellRules(**{option: value})
    assert str(excinfo.value) == message


def test_with_options_adjusts_one_option_of_a_preset_and_checks_it_again():
    # the classic preset caps at 15; lifting the cap gives 3 players all 17 deals (seed 000)
    uncapped = PRESETS["classic"].with_options(cap=None)
    assert len(schedule(uncapped, 3)) == 17
    assert PRESETS["classic"].cap == 15  # the preset itself is unchanged
    with pytest.raises(RuleError):
        PRESETS["classic"].with_options(cap=0)

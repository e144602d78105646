"""A hand of Spades as entered: the four bids with their blind marks, the tricks per player
or per team; each refusal of issue 41 with its message and the field it names."""

import pytest

from games.rules import spades
from games.rules.errors import RuleError
from games.rules.rounds import bid_order, next_bidder

PAGAT = spades.Rules()
BLIND_ON = spades.Rules(blind_nil="on")
BLIND_BEHIND = spades.Rules(blind_nil="behind")
LEAST_4 = spades.Rules(min_team_bid=4)
FIRST = spades.first_plan(PAGAT, 4, 0)


def hand(behind=(0, 0)) -> spades.Hand:
    return spades.Hand(number=3, dealer=2, cards=13, behind=behind)


def checked(entry: dict, rules=PAGAT, plan=FIRST) -> dict:
    return spades.check_round(rules, 4, plan, entry)


def refused(entry: object, rules=PAGAT, plan=FIRST) -> RuleError:
    with pytest.raises(RuleError) as error:
        spades.check_round(rules, 4, plan, entry)
    return error.value


# -- what is kept -----------------------------------------------------------------------------


def test_a_hand_per_player_is_kept_with_a_blind_mark_for_every_seat() -> None:
    entry = {"bids": [3, 4, 2, 4], "tricks": [3, 4, 2, 4]}

    assert checked(entry) == {
        "bids": [3, 4, 2, 4],
        "blind": [False, False, False, False],
        "tricks": [3, 4, 2, 4],
    }


def test_a_hand_per_team_is_kept_as_entered() -> None:
    entry = {"bids": [3, 4, 2, 4], "blind": None, "team_tricks": [6, 7]}

    assert checked(entry) == {
        "bids": [3, 4, 2, 4],
        "blind": [False, False, False, False],
        "team_tricks": [6, 7],
    }


def test_a_checked_hand_checks_to_itself() -> None:
    once = checked(
        {"bids": [0, 4, 5, 3], "blind": [True, False, False, False], "tricks": [0, 4, 5, 4]},
        BLIND_ON,
    )

    assert checked(once, BLIND_ON) == once


def test_the_bids_alone_come_first_with_their_blind_marks() -> None:
    """Kind.bids_first: the bids are checked as the whole hand's are."""
    assert spades.check_bids(PAGAT, 4, FIRST, [0, 4, 5, 3]) == [0, 4, 5, 3]
    assert spades.check_bids(BLIND_ON, 4, FIRST, [0, 4, 5, 3], [True, False, False, False]) == [
        0,
        4,
        5,
        3,
    ]
    with pytest.raises(RuleError) as error:
        spades.check_bids(PAGAT, 4, FIRST, [0, 4, 5, 3], [True, False, False, False])
    assert str(error.value) == "Blind nil is not played at this table."


@pytest.mark.parametrize(
    "entry",
    [
        {"bids": [13, 0, 0, 0], "tricks": [13, 0, 0, 0]},  # the moon against two nils
        {"bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 13]},  # both teams both nil (allowed)
        {"bids": [6, 7, 7, 6], "team_tricks": [13, 0]},  # 13 each side: the most
        {"bids": [1, 1, 1, 1], "team_tricks": [0, 13]},
    ],
)
def test_any_bids_of_0_to_13_and_tricks_adding_up_to_13_are_taken(entry) -> None:
    assert checked(entry)["bids"] == entry["bids"]


# -- the refusals -----------------------------------------------------------------------------

TRICKS_13 = [4, 3, 3, 3]


@pytest.mark.parametrize(
    ("entry", "message", "where"),
    [
        # tricks that do not add up to 13
        (
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 3, 2]},
            "The tricks add up to 12; a hand has 13.",
            "tricks",
        ),
        (
            {"bids": [3, 3, 3, 3], "tricks": [4, 4, 3, 3]},
            "The tricks add up to 14; a hand has 13.",
            "tricks",
        ),
        (
            {"bids": [3, 3, 3, 3], "team_tricks": [7, 7]},
            "The tricks add up to 14; a hand has 13.",
            "team_tricks",
        ),
        # a bid outside 0 to 13
        ({"bids": [3, 14, 3, 3], "tricks": TRICKS_13}, "A bid is from 0 (nil) to 13.", "bids.1"),
        ({"bids": [3, 3, -1, 3], "tricks": TRICKS_13}, "A bid is from 0 (nil) to 13.", "bids.2"),
        ({"bids": [3, 3, 3, "4"], "tricks": TRICKS_13}, "A bid is from 0 (nil) to 13.", "bids.3"),
        ({"bids": [True, 3, 3, 3], "tricks": TRICKS_13}, "A bid is from 0 (nil) to 13.", "bids.0"),
        ({"bids": [3, 3, 3, 2.0], "tricks": TRICKS_13}, "A bid is from 0 (nil) to 13.", "bids.3"),
        # a blind mark when blind nil is off
        (
            {"bids": [0, 3, 5, 3], "blind": [True, False, False, False], "tricks": [0, 4, 5, 4]},
            "Blind nil is not played at this table.",
            "blind.0",
        ),
        # a team's contract above 13 (our choice: refused)
        (
            {"bids": [7, 3, 7, 3], "tricks": TRICKS_13},
            "A team's contract is at most 13 tricks: 14 bid.",
            "bids.2",
        ),
        # the shape of the entry
        ({"bids": [3, 3, 3], "tricks": TRICKS_13}, "Enter every player's bid.", "bids"),
        ({"tricks": TRICKS_13}, "Enter every player's bid.", "bids"),
        (
            {"bids": [3, 3, 3, 3]},
            "Enter the tricks of every player, or of each team.",
            "tricks",
        ),
        (
            {"bids": [3, 3, 3, 3], "tricks": TRICKS_13, "team_tricks": [7, 6]},
            "Enter the tricks of every player, or of each team.",
            "tricks",
        ),
        (
            {"bids": [3, 3, 3, 3], "tricks": [4, 3, 6]},
            "Enter the tricks of every player, or of each team.",
            "tricks",
        ),
        (
            {"bids": [3, 3, 3, 3], "team_tricks": [13]},
            "Enter the tricks of every player, or of each team.",
            "team_tricks",
        ),
        (
            {"bids": [3, 3, 3, 3], "tricks": [14, 0, 0, -1]},
            "A player takes from 0 to 13 tricks.",
            "tricks.0",
        ),
        (
            {"bids": [3, 3, 3, 3], "team_tricks": [6, "7"]},
            "A team takes from 0 to 13 tricks.",
            "team_tricks.1",
        ),
        (
            {"bids": [0, 3, 3, 3], "team_tricks": [6, 7]},
            "A nil was bid: enter the tricks of every player.",
            "tricks",
        ),
        (
            {"bids": [0, 3, 3, 3], "blind": [1, 0, 0, 0], "tricks": [0, 4, 5, 4]},
            "Mark blind nil true or false for every player.",
            "blind.0",
        ),
        (
            {"bids": [0, 3, 3, 3], "blind": [False], "tricks": [0, 4, 5, 4]},
            "Mark blind nil true or false for every player.",
            "blind",
        ),
    ],
)
def test_a_hand_the_cards_cannot_make_is_refused_naming_its_field(entry, message, where) -> None:
    error = refused(entry)

    assert str(error) == message
    assert error.where == where


@pytest.mark.parametrize("entry", [None, [], "3,3,3,3", 7])
def test_a_hand_that_is_not_an_object_is_refused(entry) -> None:
    assert str(refused(entry)) == "Enter every player's bid and the tricks taken."


def test_a_field_no_hand_has_is_refused_by_name() -> None:
    error = refused({"bids": [3, 3, 3, 3], "tricks": TRICKS_13, "bags": [1, 0]})

    assert str(error) == "A hand has no field bags."


def test_a_blind_mark_on_a_bid_other_than_nil_is_refused() -> None:
    error = refused(
        {"bids": [0, 3, 5, 3], "blind": [False, True, False, False], "tricks": [0, 4, 5, 4]},
        BLIND_ON,
    )

    assert str(error) == "Only a bid of nil can be blind."
    assert error.where == "blind.1"


@pytest.mark.parametrize(("behind", "is_behind"), [((0, 0), 0), ((0, 99), 0), ((40, 0), 40)])
def test_blind_nil_by_a_side_not_far_enough_behind_is_refused(behind, is_behind) -> None:
    """The option: only a side at least 100 behind before the hand (pagat's variation)."""
    error = refused(
        {"bids": [0, 3, 5, 3], "blind": [True, False, False, False], "tricks": [0, 4, 5, 4]},
        BLIND_BEHIND,
        hand(behind),
    )

    assert str(error) == (
        f"Blind nil is only for a side at least 100 behind; this side is {is_behind} behind."
    )
    assert error.where == "blind.0"


@pytest.mark.parametrize("behind", [(100, 0), (250, 0), None])
def test_blind_nil_by_a_side_100_or_more_behind_is_taken(behind) -> None:
    entry = {"bids": [0, 3, 5, 3], "blind": [True, False, False, False], "tricks": [0, 4, 5, 4]}

    assert checked(entry, BLIND_BEHIND, hand(behind))["blind"] == [True, False, False, False]


@pytest.mark.parametrize(
    ("bids", "contract", "where"),
    [
        ([0, 4, 3, 4], 3, "bids.2"),  # a nil's partner must bid 4
        ([2, 2, 1, 2], 3, "bids.2"),
        ([0, 4, 0, 4], 0, "bids.2"),  # both partners nil: no contract at all
        ([4, 1, 4, 2], 3, "bids.3"),
    ],
)
def test_a_contract_under_the_least_team_bid_is_refused(bids, contract, where) -> None:
    error = refused({"bids": bids, "tricks": [0, 6, 0, 7]}, LEAST_4)

    assert str(error) == (
        f"A team's contract is at least 4 tricks (a nil's partner bids 4 or more): {contract} bid."
    )
    assert error.where == where


def test_a_contract_of_4_with_a_nil_is_taken_under_the_least_team_bid() -> None:
    assert checked({"bids": [0, 4, 4, 9], "tricks": [0, 4, 4, 5]}, LEAST_4)["bids"] == [0, 4, 4, 9]


def test_a_refusal_while_scoring_names_the_hand() -> None:
    with pytest.raises(RuleError) as error:
        spades.score(
            PAGAT,
            4,
            0,
            [
                {"bids": [3, 3, 3, 3], "tricks": TRICKS_13},
                {"bids": [3, 14, 3, 3], "tricks": TRICKS_13},
            ],
        )

    assert str(error.value) == "Hand 2: A bid is from 0 (nil) to 13."
    assert error.value.where == "bids.1"


# -- bids made in turn, before all four are in (a player's own phone) ------------------------


@pytest.mark.parametrize(
    ("rules", "bids", "blind"),
    [
        (PAGAT, [3, None, None, None], None),  # the first bid
        (PAGAT, [9, None, 4, None], None),  # a team's 13, its partners both in
        (LEAST_4, [0, None, None, None], None),  # a nil: the partner may still bid 4
        (LEAST_4, [0, 1, None, None], None),  # Ben's 1: Dario may still bid 3
        (LEAST_4, [0, 1, 4, None], None),  # Anna & Cleo's 4 with a nil
        (BLIND_ON, [0, None, None, None], [True, None, None, None]),
    ],
)
def test_bids_so_far_that_the_bids_to_come_may_still_make_good_are_taken(
    rules, bids, blind
) -> None:
    assert spades.check_bids_so_far(rules, 4, FIRST, bids, blind) is None


@pytest.mark.parametrize(
    ("rules", "bids", "blind", "message", "where"),
    [
        (PAGAT, [14, None, None, None], None, "A bid is from 0 (nil) to 13.", "bids.0"),
        (
            PAGAT,
            [9, None, 5, None],
            None,
            "A team's contract is at most 13 tricks: 14 bid.",
            "bids.2",
        ),
        (
            LEAST_4,
            [0, 1, 3, None],
            None,
            "A team's contract is at least 4 tricks (a nil's partner bids 4 or more): 3 bid.",
            "bids.2",
        ),
        (
            PAGAT,
            [0, None, None, None],
            [True, None, None, None],
            "Blind nil is not played at this table.",
            "blind.0",
        ),
        (
            BLIND_ON,
            [2, None, None, None],
            [True, None, None, None],
            "Only a bid of nil can be blind.",
            "blind.0",
        ),
    ],
)
def test_bids_so_far_that_no_bid_to_come_can_mend_are_refused(
    rules, bids, blind, message, where
) -> None:
    with pytest.raises(RuleError) as error:
        spades.check_bids_so_far(rules, 4, FIRST, bids, blind)
    assert str(error.value) == message
    assert error.value.where == where


def test_bids_are_made_in_turn_from_the_dealers_left() -> None:
    assert bid_order(FIRST, 4) == [1, 2, 3, 0]  # seat 0 deals the first hand
    assert bid_order(hand(), 4) == [3, 0, 1, 2]
    assert next_bidder(FIRST, 4, set()) == 1
    assert next_bidder(FIRST, 4, {1, 2}) == 3
    assert next_bidder(FIRST, 4, {0, 1, 2, 3}) is None


# -- the form after the bids ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids_entry", "variant"),
    [
        ({"bids": [3, 4, 2, 4]}, "teams"),  # no nil: a team's tricks are all that count
        ({"bids": [3, 4, 2, 4], "blind": [False] * 4}, "teams"),
        ({"bids": [13, 0, 0, 0]}, "players"),  # a nil is scored apart: each player's tricks
        ({"bids": [5, 3, 0, 4], "blind": [False] * 4}, "players"),
        ({"bids": [0, 4, 4, 4], "blind": [True, False, False, False]}, "players"),  # blind nil
        (None, "players"),  # the bids not known yet (a form drawn ahead): the default
        ({}, "players"),
        ({"bids": [3, 4, 2]}, "players"),
        ({"bids": "3,4,2,4"}, "players"),
    ],
)
def test_the_tricks_are_asked_per_team_unless_a_nil_was_bid(bids_entry, variant) -> None:
    assert spades.form_variant(FIRST, bids_entry) == variant
    assert variant in spades.FORM_VARIANTS


def test_the_form_is_drawn_per_player_while_the_bids_are_not_known() -> None:
    assert spades.FORM_VARIANTS[0] == spades.form_variant(hand(), None) == "players"

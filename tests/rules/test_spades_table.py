"""Spades' table (pagat.com, "Spades"; the options of issue 41): the options and their
defaults, the presets, the two teams, who deals each hand, whether a side may bid blind nil,
and the call once the bids are in."""

import pytest

from games.rules import spades
from games.rules.errors import RuleError
from games.rules.rounds import Plan

PAGAT = spades.Rules()

# -- the options ------------------------------------------------------------------------------


def test_the_defaults_are_pagats_game() -> None:
    """To 500; a failed nil's tricks are bags; no blind nil; every 10 bags cost 100; no
    mercy, no least team bid, no 10 for 200, no moon: the issue lists each default first."""
    assert (
        spades.Rules(
            target=500,
            failed_nil=spades.FailedNil.BAGS,
            blind_nil=spades.BlindNil.OFF,
            bags=True,
            bag_limit=10,
            bag_penalty=100,
            mercy=0,
            min_team_bid=0,
            ten_for_200=False,
            moon=spades.Moon.OFF,
            moon_points=200,
        )
        == PAGAT
    )


@pytest.mark.parametrize(
    ("options", "kept"),
    [
        ({"failed_nil": "count"}, ("failed_nil", spades.FailedNil.COUNT)),
        ({"blind_nil": "behind"}, ("blind_nil", spades.BlindNil.BEHIND)),
        ({"blind_nil": "on"}, ("blind_nil", spades.BlindNil.ON)),
        ({"moon": "wins"}, ("moon", spades.Moon.WINS)),
        ({"moon": "points", "moon_points": 250}, ("moon", spades.Moon.POINTS)),
    ],
)
def test_a_choice_is_given_by_its_name_and_kept_as_its_enum(options, kept) -> None:
    name, value = kept

    assert getattr(spades.Rules(**options), name) is value


@pytest.mark.parametrize(
    "options",
    [
        {"target": 250},
        {"target": 300},
        {"bags": False},
        {"bag_limit": 5},
        {"bag_penalty": 50},
        {"bag_limit": 5, "bag_penalty": 100},  # set apart: any limit with any penalty
        {"mercy": -200},
        {"mercy": -500},
        {"min_team_bid": 4},
        {"ten_for_200": True},
        {"moon_points": 1},
        {"moon_points": 1000},
    ],
)
def test_every_value_in_the_options_table_is_taken(options) -> None:
    rules = spades.Rules(**options)

    for name, value in options.items():
        assert getattr(rules, name) == value


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"target": 1000}, "Unknown value for the option target."),
        ({"target": "500"}, "Unknown value for the option target."),
        ({"target": 500.0}, "Unknown value for the option target."),
        ({"failed_nil": "lost"}, "Unknown value for the option failed_nil."),
        ({"failed_nil": None}, "Unknown value for the option failed_nil."),
        ({"blind_nil": True}, "Unknown value for the option blind_nil."),
        ({"bags": "on"}, "“bags” must be true or false."),
        ({"ten_for_200": 1}, "“ten_for_200” must be true or false."),
        ({"bag_limit": 7}, "Unknown value for the option bag_limit."),
        ({"bag_limit": True}, "Unknown value for the option bag_limit."),
        ({"bag_penalty": 10}, "Unknown value for the option bag_penalty."),
        ({"mercy": 200}, "Unknown value for the option mercy."),
        ({"mercy": -300}, "Unknown value for the option mercy."),
        ({"min_team_bid": 3}, "Unknown value for the option min_team_bid."),
        ({"moon": "sun"}, "Unknown value for the option moon."),
        ({"moon_points": 0}, "Unknown value for the option moon_points."),
        ({"moon_points": 1001}, "Unknown value for the option moon_points."),
        ({"moon_points": "200"}, "Unknown value for the option moon_points."),
    ],
)
def test_an_option_value_not_in_the_table_is_refused(options, reason) -> None:
    with pytest.raises(RuleError) as refused:
        spades.Rules(**options)

    assert str(refused.value) == reason


def test_the_presets_are_pagats_game_and_one_option_each() -> None:
    assert {
        "pagat": PAGAT,
        "blind_nil": spades.Rules(blind_nil="behind"),
        "short": spades.Rules(target=250),
    } == spades.PRESETS


def test_an_unknown_option_is_refused_by_python() -> None:
    with pytest.raises(TypeError):
        spades.Rules(jokers=True)


# -- the table --------------------------------------------------------------------------------


def test_four_players_in_two_teams_partners_opposite() -> None:
    """pagat: the first and third seats against the second and fourth."""
    assert spades.SIDES == ((0, 2), (1, 3))
    assert (spades.MIN_PLAYERS, spades.MAX_PLAYERS) == (4, 4)
    assert [spades.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]


@pytest.mark.parametrize(
    ("players", "first_dealer", "reason"),
    [
        (3, 0, "Spades is for 4 players in two teams."),
        (5, 0, "Spades is for 4 players in two teams."),
        (4.0, 0, "Spades is for 4 players in two teams."),
        (4, 4, "The first dealer must be one of the four players."),
        (4, -1, "The first dealer must be one of the four players."),
        (4, True, "The first dealer must be one of the four players."),
    ],
)
def test_a_table_spades_cannot_seat_is_refused(players, first_dealer, reason) -> None:
    with pytest.raises(RuleError) as refused:
        spades.first_plan(PAGAT, players, first_dealer)

    assert str(refused.value) == reason


def test_the_first_hand_is_dealt_by_the_first_dealer_13_cards_each_both_sides_level() -> None:
    assert spades.first_plan(PAGAT, 4, 2) == spades.Hand(
        number=1, dealer=2, cards=13, behind=(0, 0)
    )


@pytest.mark.parametrize(("number", "dealer"), [(1, 2), (2, 3), (3, 0), (4, 1), (5, 2)])
def test_the_deal_passes_clockwise(number, dealer) -> None:
    plan = spades.plan_after(PAGAT, 4, 2, Plan(number=number - 1))

    assert (plan.number, plan.dealer, plan.cards) == (number, dealer, 13)
    assert plan.behind is None  # drawn ahead: who is behind is not known yet


# -- blind nil, and why it is not offered ------------------------------------------------------

BEHIND = "blind nil only for a side 100 or more behind: %s behind"


@pytest.mark.parametrize(
    ("blind_nil", "behind", "said"),
    [
        ("off", (0, 0), ["blind nil is not played at this table"] * 2),
        ("off", (0, 300), ["blind nil is not played at this table"] * 2),
        ("on", (0, 0), [None, None]),
        (
            "behind",
            (0, 0),
            [
                BEHIND % 0,
                BEHIND % 0,
            ],
        ),
        (
            "behind",
            (99, 0),
            [
                BEHIND % 99,
                BEHIND % 0,
            ],
        ),
        (
            "behind",
            (0, 100),
            [
                BEHIND % 0,
                None,
            ],
        ),
        ("behind", None, [None, None]),  # drawn ahead: offered, checked when scored
    ],
)
def test_the_form_says_whether_each_side_may_bid_blind_nil_and_why_not(
    blind_nil, behind, said
) -> None:
    rules = spades.Rules(blind_nil=blind_nil)
    plan = spades.Hand(number=2, dealer=1, cards=13, behind=behind)

    facts = spades.form_facts(rules, 4, plan)

    assert [None if why is None else str(why) for why in facts["blind_nil_why_not"]] == said
    assert facts["blind_nil"] == [why is None for why in said]
    assert (facts["target"], facts["min_team_bid"]) == (500, 0)


# -- the call ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "said"),
    [
        ([3, 4, 2, 1], "contracts: 5 against 5"),
        ([0, 4, 5, 3], "contracts: 5 against 7"),  # a nil adds nothing
        ([0, 13, 0, 0], "contracts: 0 against 13"),
        ([7], "bids: 7"),  # the sum as the bids come in
    ],
)
def test_the_call_says_each_sides_contract(bids, said) -> None:
    assert str(spades.call(spades.first_plan(PAGAT, 4, 0), bids)) == said

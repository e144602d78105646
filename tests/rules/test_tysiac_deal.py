"""Tysiąc / Тысяча: a deal as the scorekeeper enters it, put in its fixed form or refused
with a sentence a player can read, whatever the JSON."""

import pytest

from games.rules import tysiac as t
from games.rules.errors import RuleError
from games.rules.rounds import Plan

PLAIN = t.Rules()  # steps of 10, nothing given up, no talon
FIVES = t.Rules(steps=5, given_up="half")
POLISH = t.PRESETS["polish"]
THREE = Plan(number=1, dealer=0)
FOUR = Plan(number=1, dealer=0, sitting_out=(0,))  # seat 0 deals and sits out
KEYS = ["bidder", "contract", "given_up", "points", "marriages"]


def deal(bidder=0, contract=100, points=(120, 0, 0), marriages=None, **extra) -> dict:
    entry = {"bidder": bidder, "contract": contract, **extra}
    if points is not None:
        entry["points"] = list(points) if isinstance(points, tuple) else points
    if marriages is not None:
        entry["marriages"] = marriages
    return entry


# -- the fixed form ---------------------------------------------------------------------------


def test_a_deal_comes_back_with_every_key_in_a_fixed_order() -> None:
    entry = {"marriages": {"S": 2, "H": 0}, "points": [57, 38, 25], "contract": 140, "bidder": 0}
    checked = t.check_round(PLAIN, 3, THREE, entry)

    assert checked == {
        "bidder": 0,
        "contract": 140,
        "given_up": False,
        "points": [57, 38, 25],
        "marriages": {"H": 0, "S": 2},
    }
    assert list(checked) == KEYS
    assert list(checked["marriages"]) == ["H", "S"]  # hearts, diamonds, clubs, spades


def test_marriages_left_out_or_null_are_none_declared() -> None:
    for marriages in (None, {}):
        entry = {**deal(), "marriages": marriages}

        assert t.check_round(PLAIN, 3, THREE, entry)["marriages"] == {}
    assert t.check_round(PLAIN, 3, THREE, deal())["marriages"] == {}


def test_checking_a_checked_deal_changes_nothing() -> None:
    checked = t.check_round(POLISH, 4, FOUR, deal(1, 120, [None, 100, 20, 0], {"H": 1}))

    assert t.check_round(POLISH, 4, FOUR, checked) == checked


def test_the_deal_entered_is_not_changed() -> None:
    entry = deal(0, 100, [100, 20, 0], {"S": 1})
    kept = {**entry, "points": list(entry["points"]), "marriages": dict(entry["marriages"])}
    checked = t.check_round(PLAIN, 3, THREE, entry)

    assert entry == kept and checked["points"] is not entry["points"]


@pytest.mark.parametrize(
    "entry",
    [
        {"bidder": 1, "contract": 125, "given_up": True},
        {"bidder": 1, "contract": 125, "given_up": True, "points": None, "marriages": None},
        {"bidder": 1, "contract": 125, "given_up": True, "points": [None, None, None]},
        # a form without its script sends the empty fields' nulls: nothing was entered
        {"bidder": 1, "contract": 125, "given_up": True, "points": [None], "marriages": {}},
    ],
)
def test_a_deal_given_up_has_no_card_points_and_no_marriages(entry) -> None:
    assert t.check_round(FIVES, 3, THREE, entry) == {
        "bidder": 1,
        "contract": 125,
        "given_up": True,
        "points": [None, None, None],
        "marriages": {},
    }


@pytest.mark.parametrize(
    ("talon", "kept"),
    [
        (None, {"aces": 0, "marriage": None}),  # left out: nothing in the talon
        ({}, {"aces": 0, "marriage": None}),
        ({"aces": 1}, {"aces": 1, "marriage": None}),
        ({"marriage": "H"}, {"aces": 0, "marriage": "H"}),
        ({"aces": 1, "marriage": "S"}, {"aces": 1, "marriage": "S"}),  # three cards
        ({"marriage": None, "aces": 3}, {"aces": 3, "marriage": None}),
    ],
)
def test_the_talon_is_kept_for_the_polish_player_sitting_out(talon, kept) -> None:
    entry = deal(1, 100, [None, 100, 20, 0])
    if talon is not None:
        entry["talon"] = talon
    checked = t.check_round(POLISH, 4, FOUR, entry)

    assert checked["talon"] == kept
    assert list(checked) == [*KEYS, "talon"]


def test_the_talon_is_kept_in_a_deal_given_up_too() -> None:
    rules = t.Rules(talon=True, given_up="sixty")
    entry = {"bidder": 2, "contract": 100, "given_up": True, "talon": {"aces": 2}}

    assert t.check_round(rules, 4, FOUR, entry)["talon"] == {"aces": 2, "marriage": None}


@pytest.mark.parametrize(
    ("rules", "players", "plan"),
    [(PLAIN, 4, FOUR), (t.PRESETS["russian"], 4, FOUR), (POLISH, 3, THREE)],
)
def test_there_is_no_talon_key_where_nobody_scores_it(rules, players, plan) -> None:
    points = [None, 120, 0, 0] if players == 4 else [120, 0, 0]
    checked = t.check_round(rules, players, plan, deal(1, 100, points, talon=None))

    assert "talon" not in checked


# -- refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "plan", "entry", "reason"),
    [
        # the auction
        (PLAIN, 3, THREE, {"bidder": 0}, "Enter who won the auction and the contract."),
        (PLAIN, 3, THREE, {"contract": 100}, "Enter who won the auction and the contract."),
        (PLAIN, 3, THREE, deal(3), "The auction is won by a player in the deal."),
        (PLAIN, 3, THREE, deal(-1), "The auction is won by a player in the deal."),
        (PLAIN, 3, THREE, deal(True), "The auction is won by a player in the deal."),
        (PLAIN, 3, THREE, deal("0"), "The auction is won by a player in the deal."),
        (PLAIN, 4, FOUR, deal(0, 100, [None, 120, 0, 0]), "a player in the deal"),
        # the contract: at least 100, at most 400, in the table's steps
        (PLAIN, 3, THREE, deal(0, 90), "A contract is from 100 to 400, in steps of 10."),
        (PLAIN, 3, THREE, deal(0, 410), "A contract is from 100 to 400, in steps of 10."),
        (PLAIN, 3, THREE, deal(0, 145), "A contract is from 100 to 400, in steps of 10."),
        (FIVES, 3, THREE, deal(0, 142), "A contract is from 100 to 400, in steps of 5."),
        (FIVES, 3, THREE, deal(0, 405), "in steps of 5"),
        (PLAIN, 3, THREE, deal(0, 100.0), "in steps of 10"),
        (PLAIN, 3, THREE, deal(0, True), "in steps of 10"),
        (PLAIN, 3, THREE, deal(0, "100"), "in steps of 10"),
        (PLAIN, 3, THREE, deal(0, 10**30), "in steps of 10"),
        # card points: every player in the deal, 0 to 120, adding up to 120
        (PLAIN, 3, THREE, deal(points=None), "Enter the card points of every player"),
        (PLAIN, 3, THREE, deal(points=[100, 20]), "Enter the card points of every player"),
        (PLAIN, 3, THREE, deal(points=[100, 20, 0, 0]), "Enter the card points"),
        (PLAIN, 3, THREE, deal(points=[100, 10, 0]), "add up to 110; they must make 120."),
        (PLAIN, 3, THREE, deal(points=[121, -1, 0]), "Card points are from 0 to 120."),
        (PLAIN, 3, THREE, deal(points=[120, 0, None]), "Card points are from 0 to 120."),
        (PLAIN, 3, THREE, deal(points=[119.5, 0.5, 0]), "Card points are from 0 to 120."),
        (PLAIN, 3, THREE, deal(points=[118, True, 2]), "Card points are from 0 to 120."),
        (PLAIN, 4, FOUR, deal(1, 100, [0, 120, 0, 0]), "sitting out has no card points."),
        (PLAIN, 4, FOUR, deal(1, 100, [None, 120, 0]), "Enter the card points"),
        # marriages
        (PLAIN, 3, THREE, deal(marriages={"X": 0}), "hearts, diamonds, clubs or spades."),
        (PLAIN, 3, THREE, deal(marriages={"h": 0}), "hearts, diamonds, clubs or spades."),
        (PLAIN, 3, THREE, deal(marriages=["H"]), "hearts, diamonds, clubs or spades."),
        (PLAIN, 3, THREE, deal(marriages="H"), "hearts, diamonds, clubs or spades."),
        (PLAIN, 3, THREE, deal(marriages={"H": 3}), "declared by a player in the deal."),
        (PLAIN, 3, THREE, deal(marriages={"H": None}), "declared by a player in the deal."),
        (PLAIN, 3, THREE, deal(marriages={"H": False}), "declared by a player in the deal."),
        (PLAIN, 4, FOUR, deal(1, 100, [None, 120, 0, 0], {"H": 0}), "a player in the deal."),
        # a deal given up
        (PLAIN, 3, THREE, deal(given_up=True, points=None), "cannot be given up."),
        (FIVES, 3, THREE, deal(given_up=True), "has no card points or marriages."),
        (FIVES, 3, THREE, deal(given_up=True, points=5), "has no card points or marriages."),
        (FIVES, 3, THREE, deal(given_up=True, points="x"), "has no card points or marriages."),
        (FIVES, 3, THREE, deal(given_up=True, points=[None] * 4), "no card points or marriages"),
        (
            FIVES,
            3,
            THREE,
            deal(given_up=True, points=None, marriages={"H": 0}),
            "no card points or marriages",
        ),
        (FIVES, 3, THREE, deal(given_up="yes"), "“given_up” must be true or false."),
        (FIVES, 3, THREE, deal(given_up=1), "“given_up” must be true or false."),
        (FIVES, 3, THREE, deal(given_up=None), "“given_up” must be true or false."),
        # the talon: only the Polish player sitting out, three cards at most
        (PLAIN, 4, FOUR, deal(1, 100, [None, 120, 0, 0], talon={"aces": 1}), "Only a player"),
        (PLAIN, 3, THREE, deal(talon={}), "Only a player sitting out scores the talon."),
        (POLISH, 3, THREE, deal(talon={"aces": 1}), "Only a player sitting out"),
        (POLISH, 4, FOUR, deal(1, 100, [None, 120, 0, 0], talon={"aces": 4}), "three cards."),
        (
            POLISH,
            4,
            FOUR,
            deal(1, 100, [None, 120, 0, 0], talon={"aces": 2, "marriage": "H"}),
            "The talon holds three cards.",
        ),
        (
            POLISH,
            4,
            FOUR,
            deal(1, 100, [None, 120, 0, 0], talon={"aces": -1}),
            "The talon holds aces and perhaps a marriage.",
        ),
        (
            POLISH,
            4,
            FOUR,
            deal(1, 100, [None, 120, 0, 0], talon={"aces": True}),
            "aces and perhaps a marriage",
        ),
        (
            POLISH,
            4,
            FOUR,
            deal(1, 100, [None, 120, 0, 0], talon={"marriage": True}),
            "aces and perhaps a marriage",
        ),
        (
            POLISH,
            4,
            FOUR,
            deal(1, 100, [None, 120, 0, 0], talon={"marriage": ["H"]}),
            "aces and perhaps a marriage",
        ),
        (
            POLISH,
            4,
            FOUR,
            deal(1, 100, [None, 120, 0, 0], talon={"kings": 1}),
            "aces and perhaps a marriage",
        ),
        (POLISH, 4, FOUR, deal(1, 100, [None, 120, 0, 0], talon=[1]), "aces and perhaps"),
        # the deal itself
        (PLAIN, 3, THREE, {**deal(), "trumps": "H"}, "A deal holds only the bidder"),
        (PLAIN, 3, THREE, "deal", "Enter who won the auction and the contract."),
        (PLAIN, 3, THREE, None, "Enter who won the auction and the contract."),
        (PLAIN, 3, THREE, [0, 100], "Enter who won the auction and the contract."),
    ],
)
def test_a_deal_that_cannot_be_is_refused_with_its_reason(
    rules, players, plan, entry, reason
) -> None:
    with pytest.raises(RuleError) as refused:
        t.check_round(rules, players, plan, entry)

    assert reason in str(refused.value)


@pytest.mark.parametrize(
    "entry",
    [
        {"bidder": [0], "contract": 100},
        {"bidder": {"0": 0}, "contract": 100},
        {"bidder": 0, "contract": [100]},
        {"bidder": 0, "contract": 100, "points": [[120], [0], [0]]},
        {"bidder": 0, "contract": 100, "points": {"0": 120}},
        {"bidder": 0, "contract": 100, "points": [120, 0, 0], "marriages": {"H": [0]}},
        {"bidder": 0, "contract": 100, "points": [10**400, 0, 0]},
        {"bidder": 0, "contract": 100, "points": [float("nan"), 0, 0]},
        {"bidder": 0, "contract": 100, "given_up": True, "points": {"a": 1}},
        {"bidder": 0, "contract": 100, "given_up": True, "marriages": [["H", 0]]},
        {"bidder": 0, "contract": 100, "points": [None, 120, 0, 0], "talon": {"marriage": {}}},
        {"bidder": 0, "contract": 100, "points": [None, 120, 0, 0], "talon": {"aces": [1]}},
        {"bidder": 0, "contract": 100, "points": [None, 120, 0, 0], "talon": "ace"},
        {1: 2},
        {"bidder": None, "contract": None, "given_up": None, "points": None, "marriages": None},
    ],
)
def test_hostile_json_is_refused_with_a_rule_error_and_nothing_else(entry) -> None:
    for rules, players in ((FIVES, 3), (POLISH, 4)):
        plan = t.first_plan(rules, players, 0)
        with pytest.raises(RuleError):
            t.check_round(rules, players, plan, entry)

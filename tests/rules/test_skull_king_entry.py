"""A round of Skull King as entered: kept in one fixed form, or refused with the reason
the cards could not have made it (the 2021 rulebook's deck: 3 standard 14s and the black
one, 2 mermaids, 5 pirates and the Tigress, one Skull King, two Loot cards)."""

import pytest

from games.rules import skull_king as sk
from games.rules.errors import RuleError
from games.rules.rounds import Plan

STANDARD = sk.Rules()
ADVANCED = sk.Rules(kraken=True, white_whale=True, loot=True)
RASCAL = sk.Rules(scoring="rascal")
PLAN = Plan(number=4, dealer=0, cards=4)


def entry(bids, tricks, bonuses=None) -> dict:
    return {"bids": bids, "tricks": tricks, **({"bonuses": bonuses} if bonuses else {})}


def check(rules, round_, players=3, plan=PLAN) -> dict:
    return sk.check_round(rules, players, plan, round_)


# -- the fixed form -----------------------------------------------------------------------------


def test_a_round_without_bonuses_is_kept_with_an_empty_bonus_for_each_player() -> None:
    checked = check(STANDARD, entry([1, 2, 1], [1, 2, 1]))

    assert checked == {"bids": [1, 2, 1], "tricks": [1, 2, 1], "bonuses": [{}, {}, {}]}
    assert list(checked) == ["bids", "tricks", "bonuses"]


@pytest.mark.parametrize("none", [None, [None, None, None], [{}, None, {}]])
def test_no_bonuses_may_be_written_as_null(none) -> None:
    round_ = {"bids": [1, 2, 1], "tricks": [1, 2, 1], "bonuses": none}

    assert check(STANDARD, round_)["bonuses"] == [{}, {}, {}]


def test_a_bonus_keeps_only_what_is_there_in_a_fixed_order() -> None:
    given = {
        "cannonball": False,
        "wager": 20,
        "loot": [2],
        "skull_king": False,
        "pirates": 0,
        "mermaids": 1,
        "black_fourteen": True,
        "fourteens": 2,
    }
    bonuses = [given, {"wager": 0, "loot": []}, {"loot": [0]}]

    checked = check(ADVANCED, entry([2, 1, 1], [2, 1, 1], bonuses))

    assert checked["bonuses"] == [
        {"fourteens": 2, "black_fourteen": True, "mermaids": 1, "loot": [2], "wager": 20},
        {},
        {"loot": [0]},
    ]
    assert list(checked["bonuses"][0]) == [
        "fourteens",
        "black_fourteen",
        "mermaids",
        "loot",
        "wager",
    ]


def test_allies_are_kept_in_seat_order() -> None:
    bonuses = [{"loot": [2, 1]}, {"loot": [0]}, {"loot": [0]}]

    checked = check(ADVANCED, entry([2, 1, 1], [2, 1, 1], bonuses))

    assert checked["bonuses"][0] == {"loot": [1, 2]}


def test_a_checked_round_checks_to_itself() -> None:
    round_ = entry([2, 1, 1], [2, 1, 1], [{"pirates": 2}, {"mermaids": 1}, {"wager": 10}])
    once = check(STANDARD, round_)

    assert check(STANDARD, once) == once


def test_a_cannonball_is_kept_under_rascal_scoring() -> None:
    checked = check(RASCAL, entry([1, 1, 2], [1, 1, 2], [{"cannonball": True}, {}, {}]))

    assert checked["bonuses"][0] == {"cannonball": True}


def test_the_bids_alone_are_checked_before_the_round_is_played() -> None:
    assert sk.check_bids(STANDARD, 3, PLAN, [4, 0, 4]) == [4, 0, 4]  # over by 4: allowed


@pytest.mark.parametrize("bids", [[5, 0, 0], [1, 1], [1, 1, None], "1,1,1", [1, 1, False]])
def test_bad_bids_alone_are_refused(bids) -> None:
    with pytest.raises(RuleError):
        sk.check_bids(STANDARD, 3, PLAN, bids)


# -- the tricks: the Kraken, the White Whale and Graybeard ------------------------------------


@pytest.mark.parametrize(
    ("rules", "players", "tricks"),
    [
        (STANDARD, 3, [2, 1, 1]),  # 4 tricks of 4 cards
        (ADVANCED, 3, [2, 1, 1]),  # no creature ended a trick
        (ADVANCED, 3, [2, 1, 0]),  # the Kraken or the White Whale removed one
        (ADVANCED, 3, [1, 1, 0]),  # both removed one each
        (STANDARD, 2, [0, 0]),  # two players: Graybeard took all four
        (STANDARD, 2, [1, 2]),
        (ADVANCED, 2, [0, 1]),
    ],
)
def test_the_tricks_may_fall_short_of_the_cards_only_as_the_cards_allow(
    rules, players, tricks
) -> None:
    checked = check(rules, entry([0] * players, tricks), players=players)

    assert checked["tricks"] == tricks


@pytest.mark.parametrize(
    ("rules", "players", "tricks", "reason"),
    [
        (STANDARD, 3, [2, 1, 0], "The tricks add up to 3; the round has 4."),
        (ADVANCED, 3, [1, 0, 0], "The tricks add up to 1; the round has 4."),  # 3 short
        (STANDARD, 3, [2, 2, 1], "The tricks add up to 5, more than the 4 cards."),
        (ADVANCED, 3, [2, 2, 1], "The tricks add up to 5, more than the 4 cards."),
        (STANDARD, 2, [3, 2], "The tricks add up to 5, more than the 4 cards."),
    ],
)
def test_tricks_the_cards_cannot_add_up_to_are_refused(rules, players, tricks, reason) -> None:
    with pytest.raises(RuleError) as refused:
        check(rules, entry([0] * players, tricks), players=players)

    assert str(refused.value) == reason


def test_in_a_round_of_one_card_both_creatures_cannot_remove_two_tricks() -> None:
    one = Plan(number=1, dealer=0, cards=1)

    assert check(ADVANCED, entry([0, 0, 0], [0, 0, 0]), plan=one)["tricks"] == [0, 0, 0]


# -- refusals ------------------------------------------------------------------------------------

THREE = ([1, 1, 0], [2, 2, 0])  # bids and tricks of three players: 4 tricks of 4 cards


def bonus_round(*bonuses) -> dict:
    return entry(*THREE, list(bonuses))


def seats(round_: object) -> int:
    """Four players where the tricks say so, else three."""
    tricks = round_.get("tricks") if isinstance(round_, dict) else None
    return 4 if isinstance(tricks, list) and len(tricks) == 4 else 3


@pytest.mark.parametrize(
    ("rules", "round_", "reason"),
    [
        # the round's shape
        (STANDARD, "bids", "Enter every player's bid and tricks."),
        (STANDARD, None, "Enter every player's bid and tricks."),
        (STANDARD, [1, 2, 1], "Enter every player's bid and tricks."),
        (STANDARD, {"bids": [1, 1, 2]}, "Enter every player's bid and tricks."),
        (STANDARD, {"tricks": [1, 1, 2]}, "Enter every player's bid and tricks."),
        (STANDARD, {**entry(*THREE), "hook": 1}, "A round has no field hook."),
        (STANDARD, {**entry(*THREE), "points": [1]}, "A round has no field points."),
        # bids and tricks
        (STANDARD, entry([1, 1], [2, 2]), "Enter every player's bid."),
        (STANDARD, entry([1, 1, 0, 0], [2, 2, 0]), "Enter every player's bid."),
        (STANDARD, entry({"0": 1}, [2, 2, 0]), "Enter every player's bid."),
        (STANDARD, entry([1, 1, True], [2, 2, 0]), "A bid is from 0 to 4."),
        (STANDARD, entry([1, 1, 5], [2, 2, 0]), "A bid is from 0 to 4."),
        (STANDARD, entry([1, 1, -1], [2, 2, 0]), "A bid is from 0 to 4."),
        (STANDARD, entry([1, 1, 1.0], [2, 2, 0]), "A bid is from 0 to 4."),
        (STANDARD, entry([1, 1, "1"], [2, 2, 0]), "A bid is from 0 to 4."),
        (STANDARD, entry([1, 1, 0], [2, 2]), "Enter the tricks every player took."),
        (STANDARD, entry([1, 1, 0], [2, 2, None]), "A player takes from 0 to 4 tricks."),
        (STANDARD, entry([1, 1, 0], [2, 2, 10**30]), "A player takes from 0 to 4 tricks."),
        # the bonuses' shape
        (STANDARD, {**entry(*THREE), "bonuses": {}}, "Enter the bonuses of every player."),
        (STANDARD, {**entry(*THREE), "bonuses": []}, "Enter the bonuses of every player."),
        (STANDARD, {**entry(*THREE), "bonuses": "none"}, "Enter the bonuses of every player."),
        (STANDARD, bonus_round({}, {}), "Enter the bonuses of every player."),
        (STANDARD, bonus_round({}, {}, [1]), "Enter the bonuses of every player."),
        (STANDARD, bonus_round({"gold": 1}, {}, {}), "Unknown bonus."),
        (STANDARD, bonus_round({"fourteens": "2"}, {}, {}), "“fourteens” must be a whole"),
        (STANDARD, bonus_round({"mermaids": True}, {}, {}), "“mermaids” must be a whole"),
        (STANDARD, bonus_round({"pirates": 1.5}, {}, {}), "“pirates” must be a whole"),
        (STANDARD, bonus_round({"fourteens": -1}, {}, {}), "The deck holds 3 standard 14s"),
        (STANDARD, bonus_round({"black_fourteen": 1}, {}, {}), "“black_fourteen” must be true"),
        (STANDARD, bonus_round({"skull_king": "true"}, {}, {}), "“skull_king” must be true"),
        (RASCAL, bonus_round({"cannonball": None}, {}, {}), "“cannonball” must be true"),
        (ADVANCED, bonus_round({"loot": 1}, {}, {}), "“loot” must be a list."),
        # what one player's cards cannot make
        (STANDARD, bonus_round({}, {}, {"pirates": 1}), "A player who took no trick captured"),
        (STANDARD, bonus_round({}, {}, {"fourteens": 1}), "took no trick captured nothing."),
        (STANDARD, bonus_round({}, {}, {"black_fourteen": True}), "took no trick"),
        (STANDARD, bonus_round({}, {}, {"mermaids": 1}), "took no trick"),
        (STANDARD, bonus_round({}, {}, {"skull_king": True}), "took no trick"),
        (STANDARD, bonus_round({"fourteens": 4}, {}, {}), "The deck holds 3 standard 14s"),
        (STANDARD, bonus_round({"mermaids": 3}, {}, {}), "The deck holds 2 mermaids."),
        (STANDARD, bonus_round({"pirates": 7}, {}, {}), "and the Tigress: at most 6 pirates"),
        (STANDARD, bonus_round({"wager": 15}, {}, {}), "Rascal's wager is 0, 10 or 20."),
        (STANDARD, bonus_round({"wager": True}, {}, {}), "Rascal's wager is 0, 10 or 20."),
        (STANDARD, bonus_round({"wager": 10.0}, {}, {}), "Rascal's wager is 0, 10 or 20."),
        (STANDARD, bonus_round({"wager": -10}, {}, {}), "Rascal's wager is 0, 10 or 20."),
        (STANDARD, bonus_round({"cannonball": True}, {}, {}), "only for Rascal scoring"),
        (ADVANCED, bonus_round({"cannonball": True}, {}, {}), "only for Rascal scoring"),
        # what the round's deck cannot make, across the players
        (STANDARD, bonus_round({"fourteens": 2}, {"fourteens": 2}, {}), "3 standard 14s"),
        (STANDARD, bonus_round({"mermaids": 1}, {"mermaids": 2}, {}), "2 mermaids"),
        (
            STANDARD,
            bonus_round({"black_fourteen": True}, {"black_fourteen": True}, {}),
            "The deck holds one black 14: one player takes it.",
        ),
        (
            STANDARD,
            bonus_round({"skull_king": True}, {"skull_king": True}, {}),
            "The deck holds one Skull King: one player takes it.",
        ),
        (
            STANDARD,
            bonus_round({"pirates": 1}, {"pirates": 1}, {}),
            "Only the one who took the Skull King takes pirates with it.",
        ),
        (
            STANDARD,
            bonus_round({"skull_king": True, "pirates": 1}, {}, {}),
            "The Skull King taken by a mermaid captures no pirate.",
        ),
        (
            STANDARD,
            bonus_round({"skull_king": True}, {"pirates": 1}, {}),  # across the players too
            "The Skull King taken by a mermaid captures no pirate.",
        ),
        (
            STANDARD,  # three players: the Skull King's trick holds two other cards
            bonus_round({"pirates": 3}, {}, {}),
            "The Skull King wins one trick: it holds at most 2 pirates with 3 players.",
        ),
        (
            STANDARD,
            bonus_round({"skull_king": True, "mermaids": 2}, {}, {}),
            "A mermaid took the Skull King: only the other mermaid can be taken by a pirate.",
        ),
        (
            STANDARD,
            bonus_round({"skull_king": True}, {"mermaids": 2}, {}),
            "only the other mermaid",
        ),
        (
            STANDARD,
            bonus_round({"wager": 10}, {"wager": 20}, {}),
            "There is one Rascal: one player wagers in a round.",
        ),
        # Loot
        (
            STANDARD,
            bonus_round({"loot": [1]}, {"loot": [0]}, {}),
            "Loot needs the Loot cards in the deck.",
        ),
        (
            ADVANCED,
            bonus_round({"loot": [1]}, {}, {}),
            "An alliance is made by both players: tick it for both.",
        ),
        (
            ADVANCED,
            bonus_round({"loot": [0]}, {}, {}),
            "An alliance is with another player at the table.",
        ),
        (ADVANCED, bonus_round({"loot": [3]}, {}, {}), "another player at the table"),
        (ADVANCED, bonus_round({"loot": [-1]}, {}, {}), "another player at the table"),
        (ADVANCED, bonus_round({"loot": [True]}, {}, {}), "another player at the table"),
        (ADVANCED, bonus_round({"loot": ["1"]}, {}, {}), "another player at the table"),
        (ADVANCED, bonus_round({"loot": [1, 1]}, {"loot": [0]}, {}), "An ally is listed once."),
        (
            ADVANCED,
            entry([1, 1, 0, 0], [2, 2, 0, 0], [{"loot": [1, 2, 3]}, {}, {}, {}]),
            "The deck holds two Loot cards: at most two alliances.",
        ),
        (
            ADVANCED,
            entry(
                [1, 1, 1, 1],
                [1, 1, 1, 1],
                [{"loot": [1]}, {"loot": [0]}, {"loot": [3]}, {"loot": [2]}],
            ),
            None,  # two alliances: allowed (a control)
        ),
        (
            ADVANCED,
            entry(
                [1, 1, 1, 1],
                [1, 1, 1, 1],
                [{"loot": [1, 2]}, {"loot": [0]}, {"loot": [0, 3]}, {"loot": [2]}],
            ),
            "The deck holds two Loot cards: at most two alliances.",  # three
        ),
        (
            ADVANCED,
            bonus_round({}, {"loot": [2]}, {"loot": [1]}),  # seat 1 took 2 tricks: allowed
            None,
        ),
        (
            ADVANCED,
            entry([0, 0, 4], [0, 0, 4], [{"loot": [1]}, {"loot": [0]}, {}]),
            "An alliance is made with the player who won the Loot's trick: one of the"
            " allies took a trick.",
        ),
    ],
)
def test_a_round_the_cards_cannot_make_is_refused_with_its_reason(rules, round_, reason) -> None:
    players = seats(round_)
    if reason is None:
        check(rules, round_, players=players)
        return
    with pytest.raises(RuleError) as refused:
        check(rules, round_, players=players)

    assert reason in str(refused.value)


@pytest.mark.parametrize(
    ("players", "pirates", "allowed"),
    [
        (2, 2, True),  # two players: Graybeard's card makes a trick of three
        (2, 3, False),
        (4, 3, True),
        (8, 6, True),  # seven other cards, but only 5 pirates and the Tigress
    ],
)
def test_the_skull_king_takes_no_more_pirates_than_his_trick_holds(
    players, pirates, allowed
) -> None:
    plan = Plan(number=8, dealer=0, cards=8)
    bonuses = [{"pirates": pirates}] + [{}] * (players - 1)
    round_ = entry([0] * players, [8] + [0] * (players - 1), bonuses)

    if allowed:
        assert check(STANDARD, round_, players, plan)["bonuses"][0] == {"pirates": pirates}
    else:
        with pytest.raises(RuleError, match="at most 2 pirates with 2 players"):
            check(STANDARD, round_, players, plan)


def test_a_mermaid_that_took_the_skull_king_leaves_one_for_a_pirate() -> None:
    round_ = bonus_round({"skull_king": True}, {"mermaids": 1}, {})

    assert check(STANDARD, round_)["bonuses"][:2] == [{"skull_king": True}, {"mermaids": 1}]


def test_a_wager_of_zero_is_no_wager() -> None:
    round_ = bonus_round({"wager": 10}, {"wager": 0}, {"wager": 0})

    assert check(STANDARD, round_)["bonuses"] == [{"wager": 10}, {}, {}]


# -- hostile JSON: a RuleError, whatever comes ----------------------------------------------

ODD = [None, True, 1.5, "x", [], {}, [[1]], {"a": 1}, 10**40, -(10**40), float("nan")]


@pytest.mark.parametrize("odd", ODD)
@pytest.mark.parametrize(
    "place",
    [
        lambda odd: odd,
        lambda odd: {"bids": odd, "tricks": [2, 2, 0]},
        lambda odd: {"bids": [1, 1, 0], "tricks": odd},
        lambda odd: {"bids": [1, 1, odd], "tricks": [2, 2, 0]},
        lambda odd: {"bids": [1, 1, 0], "tricks": [2, 2, 0], "bonuses": odd},
        lambda odd: {"bids": [1, 1, 0], "tricks": [2, 2, 0], "bonuses": [odd, {}, {}]},
        lambda odd: bonus_round({"fourteens": odd}, {}, {}),
        lambda odd: bonus_round({"black_fourteen": odd}, {}, {}),
        lambda odd: bonus_round({"loot": odd}, {}, {}),
        lambda odd: bonus_round({"loot": [odd]}, {}, {}),
        lambda odd: bonus_round({"wager": odd}, {}, {}),
        lambda odd: bonus_round({"cannonball": odd}, {}, {}),
    ],
)
def test_any_odd_value_anywhere_is_refused_with_a_rule_error(odd, place) -> None:
    round_ = place(odd)
    for rules in (STANDARD, ADVANCED, RASCAL):
        try:
            kept = check(rules, round_)
        except RuleError as refused:
            assert str(refused).endswith(".")  # a sentence a player can read
        else:  # null bonuses, an empty loot: nothing odd after all
            assert list(kept) == ["bids", "tricks", "bonuses"]

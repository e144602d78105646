"""A score sheet for any game: what it refuses (options, tables, rounds, hostile files)
and how it normalises what it accepts (games.rules.sheet)."""

from enum import IntEnum

import pytest

from games.rules import sheet
from games.rules.errors import RuleError
from games.rules.rounds import Plan

FREE = sheet.Rules()
ROUND_1 = Plan(number=1)


# --- options ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"target": 0}, "The option target must be from 1 to 100000."),
        ({"target": 100_001}, "The option target must be from 1 to 100000."),
        ({"target": -5}, "The option target must be from 1 to 100000."),
        ({"target": 1.5}, "The option target must be from 1 to 100000."),
        ({"target": "100"}, "The option target must be from 1 to 100000."),
        ({"target": True}, "The option target must be from 1 to 100000."),
        ({"out_at": 0}, "The option out_at must be from 1 to 100000."),
        ({"out_at": 100_001}, "The option out_at must be from 1 to 100000."),
        ({"out_at": False}, "The option out_at must be from 1 to 100000."),
        ({"out_at": [101]}, "The option out_at must be from 1 to 100000."),
        ({"rounds": 0}, "The option rounds must be from 1 to 200."),
        ({"rounds": 201}, "The option rounds must be from 1 to 200."),
        ({"rounds": 10**30}, "The option rounds must be from 1 to 200."),
        ({"lowest_wins": "yes"}, "“lowest_wins” must be true or false."),
        ({"lowest_wins": 1}, "“lowest_wins” must be true or false."),
        ({"dealer": None}, "“dealer” must be true or false."),
        ({"teams": "true"}, "“teams” must be true or false."),
    ],
)
def test_options_out_of_bounds_are_refused_by_name(options, said) -> None:
    with pytest.raises(RuleError) as refused:
        sheet.Rules(**options)

    assert str(refused.value) == said


@pytest.mark.parametrize(
    "options",
    [
        {"target": 1},
        {"target": 100_000},
        {"out_at": 1},
        {"out_at": 100_000},
        {"rounds": 1},
        {"rounds": 200},
        {"target": None, "rounds": None, "out_at": None},  # no end but the table's
        {"lowest_wins": True, "target": 100, "rounds": 20, "out_at": 500, "dealer": True},
        {"teams": True, "out_at": 1000, "target": 2005, "rounds": 10},
    ],
)
def test_any_combination_of_options_within_bounds_is_allowed(options) -> None:
    rules = sheet.Rules(**options)

    assert all(getattr(rules, name) == value for name, value in options.items())


def test_the_options_are_frozen() -> None:
    with pytest.raises(AttributeError):
        FREE.target = 10  # type: ignore[misc]


# --- the table -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 8, 20, -3, True, "3", 3.0, None])
def test_a_table_of_2_to_7_players_is_refused_otherwise(players) -> None:
    said = "A score sheet is for 2 to 7 players."
    with pytest.raises(RuleError, match=said):
        sheet.first_plan(FREE, players, 0)
    with pytest.raises(RuleError, match=said):
        sheet.score(FREE, players, 0, [])
    with pytest.raises(RuleError, match=said):
        sheet.check_round(FREE, players, ROUND_1, {"points": [0, 0]})


@pytest.mark.parametrize("players", [2, 7])
def test_2_and_7_players_are_a_table(players) -> None:
    assert sheet.sides(FREE, players) == tuple((seat,) for seat in range(players))


@pytest.mark.parametrize("players", [2, 3, 5, 6, 7])
def test_two_teams_of_two_need_four_players(players) -> None:
    with pytest.raises(RuleError, match="Two teams of two need four players"):
        sheet.first_plan(sheet.PRESETS["burraco"], players, 0)


@pytest.mark.parametrize("first_dealer", [-1, 3, True, None, "0", 1.0])
def test_the_first_dealer_must_be_one_of_the_players(first_dealer) -> None:
    said = "The first dealer must be one of the players."
    with pytest.raises(RuleError, match=said):
        sheet.first_plan(sheet.Rules(dealer=True), 3, first_dealer)
    with pytest.raises(RuleError, match=said):
        sheet.score(FREE, 3, first_dealer, [])


# --- a round ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        (None, "A round is one number for each player or team."),
        ([1, 2, 3], "A round is one number for each player or team."),
        ("1 2 3", "A round is one number for each player or team."),
        (123, "A round is one number for each player or team."),
        ({}, "A round is one number for each player or team."),
        ({"points": None}, "A round is one number for each player or team."),
        ({"points": "1,2,3"}, "A round is one number for each player or team."),
        ({"points": {"0": 1}}, "A round is one number for each player or team."),
        ({"points": [1, 2]}, "A round is one number for each player or team."),
        ({"points": [1, 2, 3, 4]}, "A round is one number for each player or team."),
        ({"points": []}, "A round is one number for each player or team."),
        ({"points": [1, 2, 3], "note": "x"}, "A round has no field note."),
        ({"points": [1, 2, 3], "bids": [0, 0, 0]}, "A round has no field bids."),
        ({"Points": [1, 2, 3]}, "A round has no field Points."),
        ({1: [1, 2, 3]}, "A round has no field 1."),
        ({"points": [1, True, 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, "2", 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, 2.5, 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, 2.0, 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, None, 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, [2], 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, {"n": 2}, 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, float("nan"), 3]}, "Enter a whole number for every player still in."),
        ({"points": [1, 100_001, 3]}, "A round's points must be from −100000 to 100000."),
        ({"points": [-100_001, 0, 3]}, "A round's points must be from −100000 to 100000."),
        ({"points": [10**40, 0, 3]}, "A round's points must be from −100000 to 100000."),
    ],
)
def test_a_round_that_is_not_one_whole_number_each_is_refused(entry, said) -> None:
    with pytest.raises(RuleError) as refused:
        sheet.check_round(FREE, 3, ROUND_1, entry)

    assert str(refused.value) == said


@pytest.mark.parametrize(
    ("entry", "said"),
    [
        # Seat 1 is out: it has null and nothing else.
        ({"points": [1, 0, 3]}, "A player who is out scores no more."),
        ({"points": [1, 5, 3]}, "A player who is out scores no more."),
        ({"points": [1, None, None]}, "Enter a whole number for every player still in."),
    ],
)
def test_a_side_out_of_the_game_has_null_and_only_it(entry, said) -> None:
    plan = Plan(number=3, sitting_out=(1,))

    with pytest.raises(RuleError, match=said):
        sheet.check_round(sheet.PRESETS["scala_40"], 3, plan, entry)


class Points(IntEnum):
    TEN = 10


@pytest.mark.parametrize(
    ("entry", "checked"),
    [
        ({"points": [100_000, -100_000, 0]}, {"points": [100_000, -100_000, 0]}),
        ({"points": (1, 2, 3)}, {"points": [1, 2, 3]}),  # a tuple from Python, a list back
        ({"points": [Points.TEN, 0, 0]}, {"points": [10, 0, 0]}),  # an int, not the enum
    ],
)
def test_a_round_comes_back_as_plain_json(entry, checked) -> None:
    got = sheet.check_round(FREE, 3, ROUND_1, entry)

    assert got == checked and list(got) == ["points"]
    assert all(type(value) is int for value in got["points"])


def test_a_checked_round_is_a_new_dict_not_the_one_entered() -> None:
    entry = {"points": [1, 2, 3]}

    got = sheet.check_round(FREE, 3, ROUND_1, entry)
    got["points"][0] = 99

    assert entry == {"points": [1, 2, 3]}


def test_the_teams_enter_one_number_each() -> None:
    burraco = sheet.PRESETS["burraco"]

    assert sheet.check_round(burraco, 4, ROUND_1, {"points": [300, -45]}) == {"points": [300, -45]}
    with pytest.raises(RuleError, match="one number for each player or team"):
        sheet.check_round(burraco, 4, ROUND_1, {"points": [300, -45, 0, 0]})


# --- a whole file, as an import reads it ------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "said"),
    [
        ([{"points": [1, 2]}, {"points": [1]}], "Round 2: A round is one number for each"),
        ([{"points": [1, 2]}, None], "Round 2: A round is one number for each"),
        ([{"points": [1, "x"]}], "Round 1: Enter a whole number for every player still in."),
        ([{"points": [1, 2], "extra": 1}], "Round 1: A round has no field extra."),
        ([{"points": [1, 2]}] * 2 + [{"points": [0, 10**6]}], "Round 3: A round's points"),
    ],
)
def test_the_whole_game_is_checked_again_and_the_bad_round_named(entries, said) -> None:
    with pytest.raises(RuleError, match=said):
        sheet.score(FREE, 2, 0, entries)


@pytest.mark.parametrize("entries", [None, "rounds", {"points": [1, 2]}, 5])
def test_the_rounds_of_a_game_must_be_a_list(entries) -> None:
    with pytest.raises(RuleError, match="“rounds” must be a list"):
        sheet.score(FREE, 2, 0, entries)


def test_a_number_for_a_player_already_out_is_refused_in_its_round() -> None:
    entries = [{"points": [0, 101, 0, 0]}, {"points": [1, 1, 1, 1]}]

    with pytest.raises(RuleError, match="Round 2: A player who is out scores no more"):
        sheet.score(sheet.PRESETS["scala_40"], 4, 0, entries)


@pytest.mark.parametrize(
    ("rules", "entries", "number"),
    [
        (sheet.Rules(rounds=1), [{"points": [1, 2]}, {"points": [3, 4]}], 2),
        (sheet.Rules(target=10), [{"points": [10, 0]}, {"points": [0, 0]}], 2),
        (sheet.Rules(out_at=10), [{"points": [10, 0]}, {"points": [None, 0]}], 2),
    ],
)
def test_a_round_after_the_end_is_refused(rules, entries, number) -> None:
    with pytest.raises(RuleError, match=f"Round {number}: the game was already over."):
        sheet.score(rules, 2, 0, entries)


def test_the_refusal_of_a_round_keeps_the_reason_for_translation() -> None:
    with pytest.raises(RuleError) as refused:
        sheet.score(FREE, 2, 0, [{"points": [1, 2]}, {"points": [1]}])

    assert refused.value.template == "Round %(number)s: %(reason)s"
    assert refused.value.params["number"] == 2
    reason = refused.value.params["reason"]
    assert isinstance(reason, RuleError)
    assert reason.template == "A round is one number for each player or team."

"""A score sheet for any game: who wins, when the game ends, who goes out."""

import pytest

from games.rules import sheet
from games.rules.errors import RuleError
from games.rules.rounds import Plan


def rounds(*rows) -> list[dict]:
    return [{"points": list(row)} for row in rows]


def test_totals_add_up_each_round_and_explain_each_cell() -> None:
    result = sheet.score(sheet.Rules(), 3, 0, rounds((10, -5, 0), (25, 5, 3)))

    assert result.totals == (35, 0, 3)
    assert [str(why) for why in result.rounds[1].whys[0]] == ["round 2: +25"]
    assert [str(why) for why in result.rounds[0].whys[1]] == ["round 1: −5"]
    assert not result.finished and result.next_round.number == 3


@pytest.mark.parametrize(
    ("rules", "rows", "winners", "places"),
    [
        # Rummy: the first to 500; 520 beats 505 in the round both pass it.
        (sheet.PRESETS["rummy"], [(300, 200, 100), (220, 305, 0)], (0,), (1, 2, 3)),
        # Hearts: over when someone reaches 100; the lowest total wins.
        # By hand: 30, 100, 46: Ben reaches 100, Anna has the lowest.
        (sheet.PRESETS["hearts"], [(20, 60, 46), (10, 40, 0)], (0,), (1, 3, 2)),
        # Equal best totals share the win.
        (sheet.Rules(target=50), [(50, 50, 10)], (0, 1), (1, 1, 3)),
    ],
)
def test_the_game_ends_when_someone_reaches_the_target(rules, rows, winners, places) -> None:
    result = sheet.score(rules, 3, 0, rounds(*rows))

    assert result.finished and result.winners == winners and result.places == places
    assert result.next_round is None


def test_the_game_ends_after_its_number_of_rounds() -> None:
    result = sheet.score(sheet.Rules(rounds=2, lowest_wins=True), 2, 0, rounds((5, 3), (1, 2)))

    assert result.finished and result.winners == (1,)  # 5 against 6: the lowest wins
    assert str(result.rounds[-1].notes[0]) == "Round 2 of 2: the game is over (number of rounds)"


def test_the_table_may_end_the_game_and_the_best_total_wins() -> None:
    going = sheet.score(sheet.Rules(), 3, 0, rounds((4, 9, 9)))
    ended = sheet.score(sheet.Rules(), 3, 0, rounds((4, 9, 9)), ended=True)

    assert not going.finished and going.winners == ()
    assert ended.finished and ended.winners == (1, 2)


def test_scala_40_puts_out_a_player_at_101_and_the_last_one_left_wins() -> None:
    # By hand: Anna 10+50+45 = 105, out in round 3; Ben 30+80 = 110, out in round 2.
    result = sheet.score(
        sheet.PRESETS["scala_40"], 3, 0, rounds((10, 30, 5), (50, 80, 20), (45, None, 10))
    )

    assert result.totals == (105, 110, 35)
    assert result.out == frozenset({0, 1})
    assert result.finished and result.winners == (2,)
    assert result.places == (1 + 1, 3, 1)  # those still in rank above those out
    assert str(result.marks[1]) == "out at 110"
    assert str(result.rounds[1].whys[1][-1]) == (
        "110: 101 or more, out of the game (out at a threshold)"
    )


def test_when_all_who_are_left_go_out_together_the_best_of_them_wins() -> None:
    result = sheet.score(sheet.PRESETS["scala_40"], 3, 0, rounds((101, 90, 95), (None, 30, 10)))

    # Anna out in round 1; Ben 120 and Carla 105 go out together: Carla is lower.
    assert result.finished and result.winners == (2,)


def test_a_player_out_enters_no_more_numbers_and_the_deal_skips_them() -> None:
    rules = sheet.PRESETS["scala_40"]
    result = sheet.score(rules, 4, 0, rounds((0, 101, 0, 0)))

    assert result.next_round == Plan(number=2, dealer=2, sitting_out=(1,))
    with pytest.raises(RuleError, match="Round 2: A player who is out scores no more"):
        sheet.score(rules, 4, 0, rounds((0, 101, 0, 0), (1, 1, 1, 1)))
    with pytest.raises(RuleError, match="Round 2: Enter a whole number"):
        sheet.score(rules, 4, 0, rounds((0, 101, 0, 0), (1, None, None, 1)))


def test_burraco_is_two_teams_of_two_to_2005() -> None:
    result = sheet.score(sheet.PRESETS["burraco"], 4, 0, rounds((1200, 900), (900, 1000)))

    assert result.sides == ((0, 2), (1, 3))
    assert result.totals == (2100, 1900)
    assert result.finished and result.winners == (0,)


def test_teams_need_four_players() -> None:
    with pytest.raises(RuleError, match="four players"):
        sheet.first_plan(sheet.PRESETS["burraco"], 3, 0)


def test_without_a_dealer_the_rounds_have_none() -> None:
    assert sheet.first_plan(sheet.Rules(), 3, 1) == Plan(number=1)
    assert sheet.first_plan(sheet.Rules(dealer=True), 3, 1) == Plan(number=1, dealer=1)


@pytest.mark.parametrize(
    ("entry", "reason"),
    [
        ({"points": [1, 2]}, "one number for each"),
        ({"points": [1, 2, 3], "note": "x"}, "one number for each"),
        ({"points": [1, True, 3]}, "whole number"),
        ({"points": [1, "2", 3]}, "whole number"),
        ({"points": [1, 2.5, 3]}, "whole number"),
        ({"points": [1, 100_001, 3]}, "−100000 to 100000"),
        ([1, 2, 3], "one number for each"),
        (None, "one number for each"),
    ],
)
def test_a_round_that_is_not_one_whole_number_each_is_refused(entry, reason) -> None:
    with pytest.raises(RuleError, match=reason):
        sheet.check_round(sheet.Rules(), 3, Plan(number=1), entry)


@pytest.mark.parametrize(
    "options",
    [{"target": 0}, {"out_at": True}, {"rounds": 201}, {"teams": "yes"}, {"target": 1.5}],
)
def test_options_out_of_bounds_are_refused(options) -> None:
    with pytest.raises(RuleError):
        sheet.Rules(**options)


def test_a_round_after_the_end_is_refused() -> None:
    with pytest.raises(RuleError, match="Round 2: the game was already over"):
        sheet.score(sheet.Rules(rounds=1), 2, 0, rounds((1, 2), (3, 4)))

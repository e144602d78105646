"""A score sheet for any game: totals, explanations, the ends of a game, the winners and
places (games.rules.sheet, docs/rules-sheet.md). Every figure below is checked by hand."""

import pytest

from games.rules import sheet
from games.rules.errors import RuleError
from games.rules.rounds import Plan

FREE = sheet.Rules()
LOWEST = sheet.Rules(lowest_wins=True)


def rounds(*rows) -> list[dict]:
    return [{"points": list(row)} for row in rows]


def lines(whys) -> list[str]:
    return [str(why) for why in whys]


# --- totals and what each cell says -------------------------------------------------------


def test_totals_add_up_round_after_round() -> None:
    # Anna 10 + 25 = 35; Ben −5 + 5 = 0; Carla 0 + 3 = 3
    result = sheet.score(FREE, 3, 0, rounds((10, -5, 0), (25, 5, 3)))

    assert [r.totals for r in result.rounds] == [(10, -5, 0), (35, 0, 3)]
    assert [r.points for r in result.rounds] == [(10, -5, 0), (25, 5, 3)]
    assert result.totals == (35, 0, 3)


@pytest.mark.parametrize(
    ("points", "said"),
    [
        (25, "round 1: +25"),
        (-10, "round 1: −10"),  # the minus sign U+2212, as the other round games write it
        (0, "round 1: 0"),
        (100_000, "round 1: +100000"),
        (-100_000, "round 1: −100000"),
    ],
)
def test_each_cell_says_its_round_and_its_points_with_a_sign(points, said) -> None:
    result = sheet.score(FREE, 2, 0, rounds((points, 0)))

    assert lines(result.rounds[0].whys[0]) == [said]
    assert result.rounds[0].whys[0][0].rule is None  # no option decided it


def test_a_round_of_zeros_is_a_round_like_any_other() -> None:
    result = sheet.score(FREE, 4, 0, rounds((0, 0, 0, 0), (0, 0, 0, 0)))

    assert result.totals == (0, 0, 0, 0)
    assert len(result.rounds) == 2 and result.next_round.number == 3
    assert result.places == (1, 1, 1, 1)


def test_until_the_game_ends_there_are_no_winners_but_there_are_places() -> None:
    result = sheet.score(FREE, 3, 0, rounds((4, 9, 2)))

    assert not result.finished and result.winners == ()
    assert result.places == (2, 1, 3)
    assert result.next_round == Plan(number=2)
    assert result.marks == (None, None, None) and result.out == frozenset()


def test_a_game_with_no_rounds_yet_waits_for_round_1() -> None:
    result = sheet.score(FREE, 2, 1, [])

    assert result.rounds == () and result.totals == (0, 0)
    assert result.next_round == sheet.first_plan(FREE, 2, 1) == Plan(number=1)


# --- the highest or the lowest total wins ---------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "winners", "places"),
    [
        # Totals: Anna 4 + 3 = 7, Ben 9 − 2 = 7, Carla 9 + 0 = 9.
        (FREE, (2,), (2, 2, 1)),  # the highest, 9
        (LOWEST, (0, 1), (1, 1, 3)),  # the lowest, 7, shared
    ],
)
def test_the_highest_total_wins_or_for_a_lowest_wins_game_the_lowest(
    rules, winners, places
) -> None:
    result = sheet.score(rules, 3, 0, rounds((4, 9, 9), (3, -2, 0)), ended=True)

    assert result.totals == (7, 7, 9)
    assert result.winners == winners and result.places == places


# --- the end: a target -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "rows", "totals", "winners", "places"),
    [
        # Rummy, to 500: 300 + 220 = 520 and 200 + 305 = 505 both pass it; 520 is higher.
        (
            sheet.PRESETS["rummy"],
            [(300, 200, 100), (220, 305, 0)],
            (520, 505, 100),
            (0,),
            (1, 2, 3),
        ),
        # Hearts: Ben 60 + 40 = 100 reaches 100; the lowest, Anna's 20 + 10 = 30, wins.
        (sheet.PRESETS["hearts"], [(20, 60, 46), (10, 40, 0)], (30, 100, 46), (0,), (1, 3, 2)),
        # To 50: 50 and 50 reach it together; equal best totals share the win.
        (sheet.Rules(target=50), [(50, 50, 10)], (50, 50, 10), (0, 1), (1, 1, 3)),
        # Lowest wins, to 50: Ben's 70 ends it; Carla's 10 is the lowest.
        (sheet.Rules(target=50, lowest_wins=True), [(50, 70, 10)], (50, 70, 10), (2,), (2, 3, 1)),
    ],
)
def test_the_game_ends_in_the_round_someone_reaches_the_target_and_the_best_total_wins(
    rules, rows, totals, winners, places
) -> None:
    result = sheet.score(rules, 3, 0, rounds(*rows))

    assert result.totals == totals
    assert result.finished and result.winners == winners and result.places == places
    assert result.next_round is None


@pytest.mark.parametrize(
    ("total", "over"),
    [(99, False), (100, True), (101, True)],  # "reaches" is total >= target
)
def test_reaching_the_target_means_a_total_of_the_target_or_more(total, over) -> None:
    result = sheet.score(sheet.Rules(target=100), 2, 0, rounds((total, 0)))

    assert result.finished is over


def test_the_side_that_reaches_the_target_and_the_round_say_so() -> None:
    # Hearts: Ben 60 + 40 = 100.
    result = sheet.score(sheet.PRESETS["hearts"], 3, 0, rounds((20, 60, 46), (10, 40, 0)))

    last = result.rounds[-1]
    assert lines(last.whys[1]) == [
        "round 2: +40",
        "100: 100 or more, the target reached (target score)",
    ]
    assert lines(last.whys[0]) == ["round 2: +10"]
    assert lines(last.notes) == ["1 reached 100: the game is over (target score)"]
    assert lines(result.rounds[0].notes) == []


def test_a_negative_round_can_take_a_total_back_below_the_target_before_it_ends() -> None:
    # To 100: 90 is short; 90 − 20 = 70; 70 + 30 = 100 ends it.
    result = sheet.score(sheet.Rules(target=100), 2, 0, rounds((90, 0), (-20, 5), (30, 5)))

    assert [r.totals for r in result.rounds] == [(90, 0), (70, 5), (100, 10)]
    assert result.finished and len(result.rounds) == 3


# --- the end: a number of rounds ------------------------------------------------------------


def test_the_game_ends_after_its_number_of_rounds() -> None:
    rules = sheet.Rules(rounds=2, lowest_wins=True)

    after_one = sheet.score(rules, 2, 0, rounds((5, 3)))
    result = sheet.score(rules, 2, 0, rounds((5, 3), (1, 2)))

    assert not after_one.finished and after_one.next_round.number == 2
    # Anna 5 + 1 = 6, Ben 3 + 2 = 5: the lowest wins.
    assert result.finished and result.winners == (1,) and result.next_round is None
    assert lines(result.rounds[-1].notes) == ["Round 2 of 2: the game is over (number of rounds)"]


def test_a_game_of_one_round_ends_after_it() -> None:
    result = sheet.score(sheet.Rules(rounds=1), 3, 0, rounds((1, 1, 0)))

    assert result.finished and result.winners == (0, 1)


def test_the_target_reached_in_the_last_round_is_the_reason_given() -> None:
    # To 10 in 2 rounds: Anna 3 + 8 = 11 reaches 10 in round 2, the last anyway.
    result = sheet.score(sheet.Rules(target=10, rounds=2), 2, 0, rounds((3, 4), (8, 1)))

    assert result.finished and result.winners == (0,)
    assert lines(result.rounds[-1].notes) == ["1 reached 10: the game is over (target score)"]


# --- the end: when the table says so ---------------------------------------------------------


def test_the_table_may_end_the_game_and_the_best_total_wins() -> None:
    going = sheet.score(FREE, 3, 0, rounds((4, 9, 9)))
    ended = sheet.score(FREE, 3, 0, rounds((4, 9, 9)), ended=True)

    assert not going.finished and going.winners == ()
    assert ended.finished and ended.winners == (1, 2) and ended.next_round is None


@pytest.mark.parametrize("rules", [FREE, LOWEST, sheet.PRESETS["scala_40"]])
def test_a_game_ended_before_any_round_is_shared_by_everyone(rules) -> None:
    result = sheet.score(rules, 3, 0, [], ended=True)

    # Everyone has 0: equal best totals share the win.
    assert result.finished and result.winners == (0, 1, 2) and result.places == (1, 1, 1)


def test_the_table_may_end_a_game_with_a_target_before_anyone_reaches_it() -> None:
    result = sheet.score(sheet.PRESETS["rummy"], 2, 0, rounds((120, 80)), ended=True)

    assert result.finished and result.winners == (0,)


def test_ending_a_game_already_over_changes_nothing() -> None:
    entries = rounds((50, 10))
    rules = sheet.Rules(target=50)

    assert sheet.score(rules, 2, 0, entries, ended=True) == sheet.score(rules, 2, 0, entries)


# --- the end: out at a threshold ---------------------------------------------------------------


def test_scala_40_puts_out_a_player_at_101_and_the_last_one_left_wins() -> None:
    # Anna 10 + 50 + 45 = 105, out in round 3; Ben 30 + 80 = 110, out in round 2;
    # Carla 5 + 20 + 10 = 35, the last one left.
    result = sheet.score(
        sheet.PRESETS["scala_40"], 3, 0, rounds((10, 30, 5), (50, 80, 20), (45, None, 10))
    )

    assert result.totals == (105, 110, 35)
    assert result.out == frozenset({0, 1})
    assert result.finished and result.winners == (2,) and result.next_round is None
    # Carla in; then Anna, out later than Ben.
    assert result.places == (2, 3, 1)
    assert [str(mark) if mark else None for mark in result.marks] == [
        "out at 105",
        "out at 110",
        None,
    ]
    assert lines(result.rounds[1].whys[1]) == [
        "round 2: +80",
        "110: 101 or more, out of the game (out at a threshold)",
    ]
    assert lines(result.rounds[2].whys[1]) == ["out of the game"]
    assert result.rounds[2].points == (45, None, 10)
    assert lines(result.rounds[2].notes) == [
        "the last one left in the game wins (out at a threshold)"
    ]


@pytest.mark.parametrize(
    ("total", "out"),
    [(100, False), (101, True), (150, True)],  # "a total of 101 or more is out"
)
def test_a_total_of_the_threshold_or_more_is_out(total, out) -> None:
    result = sheet.score(sheet.PRESETS["scala_40"], 3, 0, rounds((total, 0, 0)))

    assert (0 in result.out) is out
    assert not result.finished  # two still in


@pytest.mark.parametrize(
    ("rows", "winners", "places"),
    [
        # Anna out in round 1 (101); Ben 90 + 30 = 120 and Carla 95 + 10 = 105 go out
        # together: the lowest of them, Carla, wins; Anna, out first, is last.
        ([(101, 90, 95), (None, 30, 10)], (2,), (3, 2, 1)),
        # The same with Ben and Carla on 90 + 20 = 110 each: they share the win.
        ([(101, 90, 90), (None, 20, 20)], (1, 2), (3, 1, 1)),
        # All three go out in round 1: 101 is the lowest.
        ([(101, 120, 140)], (0,), (1, 2, 3)),
    ],
)
def test_when_all_who_are_left_go_out_together_the_best_of_them_wins(rows, winners, places) -> None:
    result = sheet.score(sheet.PRESETS["scala_40"], 3, 0, rounds(*rows))

    assert result.finished and result.winners == winners and result.places == places
    assert lines(result.rounds[-1].notes) == [
        "all who were left went out: the best total among them wins (out at a threshold)"
    ]


def test_in_a_highest_wins_game_with_a_threshold_the_highest_of_those_out_together_wins() -> None:
    # Out at 50, both out together: 70 beats 60.
    result = sheet.score(sheet.Rules(out_at=50), 2, 0, rounds((60, 70)))

    assert result.finished and result.winners == (1,)


def test_sides_still_in_rank_above_those_out_whatever_their_totals() -> None:
    # Out at 50, highest wins: Anna out at 55; Ben 10 and Carla 20 play on.
    result = sheet.score(sheet.Rules(out_at=50), 3, 0, rounds((55, 10, 20)))

    assert not result.finished
    assert result.places == (3, 2, 1)
    assert result.next_round == Plan(number=2, sitting_out=(0,))


def test_the_target_ends_the_game_among_those_still_in() -> None:
    # Out at 100 and to 60, highest wins: Anna goes out at 100; Ben's 70 reaches 60 and
    # wins over Carla's 10; Anna, out, is last despite the highest total.
    rules = sheet.Rules(out_at=100, target=60)
    result = sheet.score(rules, 3, 0, rounds((100, 70, 10)))

    assert result.finished and result.winners == (1,) and result.places == (3, 1, 2)
    assert lines(result.rounds[0].whys[0])[-1] == (
        "100: 100 or more, out of the game (out at a threshold)"
    )


# --- the dealer ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "first_dealer", "dealers"),
    [
        (3, 0, [0, 1, 2, 0]),
        (3, 2, [2, 0, 1, 2]),  # clockwise: the next seat, round the table
        (7, 6, [6, 0, 1, 2]),
    ],
)
def test_the_deal_moves_on_clockwise_each_round(players, first_dealer, dealers) -> None:
    rules = sheet.Rules(dealer=True)
    played = [[0] * players] * 3
    result = sheet.score(rules, players, first_dealer, rounds(*played))

    assert [r.plan.dealer for r in result.rounds] + [result.next_round.dealer] == dealers


@pytest.mark.parametrize(
    ("first_dealer", "row", "next_dealer"),
    [
        (0, (0, 101, 0, 0), 2),  # seat 1 out: 0 deals, then 2
        (3, (101, 0, 0, 0), 1),  # seat 0 out: 3 deals, then 1
        (1, (0, 101, 0, 0), 2),  # the dealer himself out: the next seat in deals
        (2, (0, 101, 0, 101), 0),  # seats 1 and 3 out: 2 deals, then 0
    ],
)
def test_the_deal_skips_players_who_are_out(first_dealer, row, next_dealer) -> None:
    result = sheet.score(sheet.PRESETS["scala_40"], 4, first_dealer, rounds(row))

    assert result.next_round.dealer == next_dealer


def test_without_a_dealer_the_rounds_have_none() -> None:
    result = sheet.score(FREE, 3, 1, rounds((1, 2, 3)))

    assert result.rounds[0].plan.dealer is None and result.next_round.dealer is None
    assert sheet.first_plan(FREE, 3, 1) == Plan(number=1)
    assert sheet.first_plan(sheet.Rules(dealer=True), 3, 1) == Plan(number=1, dealer=1)


# --- teams ------------------------------------------------------------------------------------


def test_burraco_is_two_teams_of_two_to_2005() -> None:
    # Seats 0 and 2: 1200 + 900 = 2100; seats 1 and 3: 900 + 1000 = 1900.
    result = sheet.score(sheet.PRESETS["burraco"], 4, 0, rounds((1200, 900), (900, 1000)))

    assert result.sides == sheet.sides(sheet.PRESETS["burraco"], 4) == ((0, 2), (1, 3))
    assert result.totals == (2100, 1900)
    assert result.finished and result.winners == (0,) and result.places == (1, 2)
    assert [r.plan.dealer for r in result.rounds] == [0, 1]


def test_a_team_is_out_as_a_whole() -> None:
    # Out at 50: team 1 (seats 1 and 3) reaches 60 and is out; team 0 is the last left.
    result = sheet.score(sheet.Rules(teams=True, out_at=50), 4, 0, rounds((10, 60)))

    assert result.out == frozenset({1}) and result.winners == (0,)
    assert str(result.marks[1]) == "out at 60"


def test_the_plan_lists_both_seats_of_a_team_out() -> None:
    rules = sheet.Rules(teams=True, out_at=50, dealer=True)
    plan = Plan(number=2, dealer=1, sitting_out=(1, 3))

    assert sheet.check_round(rules, 4, plan, {"points": [5, None]}) == {"points": [5, None]}
    assert sheet.plan_after(rules, 4, 0, plan) == Plan(number=3, dealer=2, sitting_out=(1, 3))


# --- plans ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "plan", "after"),
    [
        (FREE, Plan(number=1), Plan(number=2)),
        (sheet.Rules(dealer=True), Plan(number=4, dealer=2), Plan(number=5, dealer=0)),
        (
            sheet.PRESETS["scala_40"],
            Plan(number=2, dealer=0, sitting_out=(1,)),
            Plan(number=3, dealer=2, sitting_out=(1,)),
        ),
        (sheet.Rules(rounds=3), Plan(number=2), Plan(number=3)),
        (sheet.Rules(rounds=3), Plan(number=3), None),  # the last round
    ],
)
def test_the_round_after_a_plan_if_nobody_else_goes_out(rules, plan, after) -> None:
    assert sheet.plan_after(rules, 3, 0, plan) == after


def test_the_plans_of_the_rounds_played_and_the_next_one_follow_each_other() -> None:
    rules = sheet.PRESETS["scala_40"]
    result = sheet.score(rules, 4, 3, rounds((0, 101, 0, 0), (10, None, 10, 10)))

    plans = [r.plan for r in result.rounds]
    assert plans[0] == sheet.first_plan(rules, 4, 3) == Plan(number=1, dealer=3)
    assert plans[1] == Plan(number=2, dealer=0, sitting_out=(1,))
    assert result.next_round == sheet.plan_after(rules, 4, 3, plans[1])


# --- a whole game ---------------------------------------------------------------------------


def test_a_whole_evening_of_hearts() -> None:
    # Four players, lowest wins, over when someone reaches 100; the dealer moves on.
    # The sheet adds what the table writes (shooting the moon is the table's to write):
    #   1: 13  5  8  0   → 13   5   8   0
    #   2:  0 26  0  0   → 13  31   8   0
    #   3: 20  2  4  0   → 33  33  12   0
    #   4:  6  6  1 13   → 39  39  13  13
    #   5: 26  0  0  0   → 65  39  13  13
    #   6:  0 13 13  0   → 65  52  26  13
    #   7: 40 10 10 10   → 105 62  36  23  (Anna reaches 100: over; Dan's 23 is lowest)
    rows = [
        (13, 5, 8, 0),
        (0, 26, 0, 0),
        (20, 2, 4, 0),
        (6, 6, 1, 13),
        (26, 0, 0, 0),
        (0, 13, 13, 0),
        (40, 10, 10, 10),
    ]
    rules = sheet.PRESETS["hearts"]
    result = sheet.score(rules, 4, 2, rounds(*rows))

    assert [r.totals for r in result.rounds] == [
        (13, 5, 8, 0),
        (13, 31, 8, 0),
        (33, 33, 12, 0),
        (39, 39, 13, 13),
        (65, 39, 13, 13),
        (65, 52, 26, 13),
        (105, 62, 36, 23),
    ]
    assert [r.plan.dealer for r in result.rounds] == [2, 3, 0, 1, 2, 3, 0]
    assert result.finished and result.winners == (3,) and result.places == (4, 3, 2, 1)
    assert all(not r.notes for r in result.rounds[:-1])
    with pytest.raises(RuleError, match="Round 8: the game was already over"):
        sheet.score(rules, 4, 2, rounds(*rows, (0, 0, 0, 0)))


# --- presets ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("free", sheet.Rules()),
        ("scala_40", sheet.Rules(lowest_wins=True, out_at=101, dealer=True)),
        ("burraco", sheet.Rules(target=2005, teams=True, dealer=True)),
        ("hearts", sheet.Rules(lowest_wins=True, target=100, dealer=True)),
        ("rummy", sheet.Rules(target=500, dealer=True)),
    ],
)
def test_each_preset_is_its_games_rules(name, rules) -> None:
    assert sheet.PRESETS[name] == rules


def test_the_presets_are_the_five_of_the_brief() -> None:
    assert list(sheet.PRESETS) == ["free", "scala_40", "burraco", "hearts", "rummy"]

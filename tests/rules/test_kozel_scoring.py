"""Kozel: card points, teams, and the defeat points of one deal (seed 004)."""

import subprocess
import sys

import pytest

from games.rules.errors import RuleError
from games.rules.kozel import (
    CARD_POINTS,
    MATCH_LIMITS,
    PLAYERS,
    PRESETS,
    TOTAL_POINTS,
    DealEntry,
    EggsRule,
    KozelRules,
    SixPointRule,
    deal_defeat_points,
    impossible_points,
    other_team_points,
    possible_points,
    seats_of,
    team_of,
    validate_deal,
)

SEED = KozelRules()
CARD_RULE = KozelRules(six_points=SixPointRule.NO_CARD_POINTS)
BANDS = (31, 30, 21)


# --- the deck and the table ---------------------------------------------------------------


def test_the_deck_holds_120_card_points():
    # per suit: J 2 + Q 3 + K 4 + 10 10 + A 11 = 30 (6 to 9 are 0); 4 suits x 30 = 120
    assert 4 * sum(CARD_POINTS.values()) == TOTAL_POINTS == 120


def test_the_card_values_are_the_seeds():
    assert CARD_POINTS == {
        "6": 0,
        "7": 0,
        "8": 0,
        "9": 0,
        "J": 2,
        "Q": 3,
        "K": 4,
        "10": 10,
        "A": 11,
    }


def test_1_and_119_are_the_only_totals_no_set_of_cards_can_make():
    # every subset of the 36 cards: which totals can a team's tricks add up to?
    reachable = {0}
    for value in CARD_POINTS.values():
        for _suit in range(4):
            reachable |= {total + value for total in reachable}
    assert set(range(TOTAL_POINTS + 1)) - reachable == impossible_points == {1, 119}


@pytest.mark.parametrize(
    ("points", "possible"),
    [
        (0, True),
        (1, False),  # no card is worth 1
        (2, True),  # a jack
        (60, True),
        (118, True),
        (119, False),  # the other team would have 120 - 119 = 1
        (120, True),
        (-1, False),
        (121, False),
        (30.0, False),
        ("30", False),
        (True, False),
    ],
)
def test_possible_points_are_whole_numbers_from_0_to_120_except_1_and_119(points, possible):
    assert possible_points(points) is possible


@pytest.mark.parametrize(("points", "other"), [(0, 120), (45, 75), (60, 60), (120, 0)])
def test_the_other_team_has_the_rest_of_120(points, other):
    assert other_team_points(points) == other


@pytest.mark.parametrize(("seat", "team"), [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_partners_sit_opposite(seat, team):
    assert PLAYERS == 4
    assert team_of(seat) == team
    assert seat in seats_of(team)


def test_each_team_is_two_opposite_seats():
    assert seats_of(0) == (0, 2)
    assert seats_of(1) == (1, 3)


@pytest.mark.parametrize("seat", [-1, 4, True, "1"])
def test_a_seat_outside_the_table_is_refused(seat):
    with pytest.raises(RuleError, match="one of the four players"):
        team_of(seat)


@pytest.mark.parametrize("team", [-1, 2, False, "0"])
def test_a_team_other_than_0_or_1_is_refused(team):
    with pytest.raises(RuleError) as raised:
        seats_of(team)
    assert str(raised.value) == "Choose one of the two teams."


# --- the rules a table plays with ---------------------------------------------------------


def test_the_default_rules_are_the_seeds():
    assert KozelRules() == KozelRules(
        match_limit=12,
        two_point_from=31,
        six_points=SixPointRule.NO_TRICKS,
        eggs=EggsRule.NOTHING,
    )
    assert PRESETS["classic"] == KozelRules()


def test_every_preset_is_a_valid_rule_set():
    for rules in PRESETS.values():
        assert rules.match_limit in MATCH_LIMITS
        assert rules.two_point_from in BANDS


@pytest.mark.parametrize("limit", MATCH_LIMITS)
def test_a_match_can_be_played_to_6_8_10_12_or_16(limit):
    assert KozelRules(match_limit=limit).match_limit == limit


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"match_limit": 7}, "A match is played to 6, 8, 10, 12 or 16 defeat points."),
        ({"match_limit": 0}, "A match is played to 6, 8, 10, 12 or 16 defeat points."),
        ({"match_limit": 12.0}, "A match is played to 6, 8, 10, 12 or 16 defeat points."),
        ({"two_point_from": 25}, "The 2-point band starts at 31, 30 or 21 card points."),
        ({"two_point_from": "31"}, "The 2-point band starts at 31, 30 or 21 card points."),
        (
            {"six_points": "some"},
            "6 defeat points are for a loser with no tricks or no card points.",
        ),
        ({"eggs": "triple"}, "Eggs give nothing, double the next deal, or +2 to its loser."),
    ],
)
def test_rules_outside_the_known_options_are_refused(options, message):
    with pytest.raises(RuleError) as raised:
        KozelRules(**options)
    assert str(raised.value) == message


def test_rule_options_stored_as_strings_become_enums():
    rules = KozelRules(six_points="no_card_points", eggs="double_next")
    assert rules.six_points is SixPointRule.NO_CARD_POINTS
    assert rules.eggs is EggsRule.DOUBLE_NEXT


# --- who loses a deal ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "loser"),
    [
        # team 0 took 61, so team 1 has 120 - 61 = 59: team 1 loses
        (DealEntry(team=0, points=61), 1),
        # team 0 took 59, so team 1 has 61: team 0 loses
        (DealEntry(team=0, points=59), 0),
        # team 1 took 75 >= 61 and wins; team 0 has 45
        (DealEntry(team=1, points=75), 0),
        # team 1 took 45; team 0 has 75 and wins
        (DealEntry(team=1, points=45), 1),
        # team 0 took all 120; team 1 has 0
        (DealEntry(team=0, points=120, zero_team_took_trick=False), 1),
    ],
)
def test_the_team_with_61_or_more_wins_and_the_other_loses(entry, loser):
    assert deal_defeat_points(entry, SEED)[0] == loser


@pytest.mark.parametrize("rules", [SEED, CARD_RULE, KozelRules(two_point_from=21)])
@pytest.mark.parametrize("team", [0, 1])
def test_60_to_60_is_eggs_and_nobody_takes_defeat_points(rules, team):
    # 60 + 60 = 120: neither team has 61
    assert deal_defeat_points(DealEntry(team=team, points=60), rules) == (None, 0)


@pytest.mark.parametrize(
    ("points", "loser"),
    [
        # team 0 took 45, so team 1 has 120 - 45 = 75 >= 61 and wins; 45 is in 31..59 → 2
        (45, 0),
        (31, 0),  # lowest of the band: 31 → 2 (team 1 has 89)
        (59, 0),  # highest of the band: 59 → 2 (team 1 has 61)
        (89, 1),  # team 1 has 120 - 89 = 31 → 2
        (61, 1),  # team 1 has 120 - 61 = 59 → 2
    ],
)
def test_a_loser_with_31_to_59_points_takes_2_defeat_points(points, loser):
    assert deal_defeat_points(DealEntry(team=0, points=points), SEED) == (loser, 2)


@pytest.mark.parametrize(
    ("points", "loser"),
    [
        (30, 0),  # 30 is under 31, and a team with points took a trick → 4
        (20, 0),
        (2, 0),  # one jack → 4
        (90, 1),  # team 1 has 120 - 90 = 30 → 4
        (118, 1),  # team 1 has 120 - 118 = 2 → 4
    ],
)
def test_a_loser_under_31_points_with_a_trick_takes_4_defeat_points(points, loser):
    assert deal_defeat_points(DealEntry(team=0, points=points), SEED) == (loser, 4)


@pytest.mark.parametrize(
    "entry",
    [
        # team 0 entered 0 and took no trick → 6
        DealEntry(team=0, points=0, zero_team_took_trick=False),
        # team 1 entered 120, so team 0 has 0 and took no trick → 6
        DealEntry(team=1, points=120, zero_team_took_trick=False),
    ],
)
def test_a_loser_who_took_no_trick_takes_6_defeat_points(entry):
    assert deal_defeat_points(entry, SEED) == (0, 6)


@pytest.mark.parametrize(
    "entry",
    [
        # team 0 has 0 card points but took a trick of 6s to 9s: a trick, so 4, not 6
        DealEntry(team=0, points=0, zero_team_took_trick=True),
        DealEntry(team=1, points=120, zero_team_took_trick=True),
    ],
)
def test_a_loser_with_0_card_points_but_a_trick_takes_4_under_the_no_tricks_rule(entry):
    assert deal_defeat_points(entry, SEED) == (0, 4)


@pytest.mark.parametrize("took_trick", [True, False, None])
def test_a_loser_with_0_card_points_takes_6_under_the_no_card_points_rule(took_trick):
    # no card points at all → 6, whether a trick of 6s to 9s was taken or not (or not said)
    entry = DealEntry(team=0, points=0, zero_team_took_trick=took_trick)
    assert deal_defeat_points(entry, CARD_RULE) == (0, 6)


# The loser's card points (team 0 enters them; team 1 has 120 minus that and wins)
# and its defeat points with the 2-point band starting at 31 / 30 / 21.
BAND_TABLE = [
    (59, 2, 2, 2),  # top of every 2-point band
    (31, 2, 2, 2),  # 31 >= 31, 30, 21
    (30, 4, 2, 2),  # 30 < 31 → 4; 30 >= 30 → 2; 30 >= 21 → 2
    (29, 4, 4, 2),  # 29 < 30 → 4; 29 >= 21 → 2
    (21, 4, 4, 2),  # 21 is the lowest 2 when the band starts at 21
    (20, 4, 4, 4),  # 20 < 21 → 4 under every band: it has points, so it took a trick
    (2, 4, 4, 4),  # a single jack
]


@pytest.mark.parametrize("six_points", list(SixPointRule))
@pytest.mark.parametrize(
    ("band", "column"), [(band, column) for column, band in enumerate(BANDS, start=1)]
)
@pytest.mark.parametrize("row", BAND_TABLE, ids=lambda row: f"{row[0]}pts")
def test_the_2_point_band_starts_where_the_table_chose(row, band, column, six_points):
    rules = KozelRules(two_point_from=band, six_points=six_points)
    assert deal_defeat_points(DealEntry(team=0, points=row[0]), rules) == (0, row[column])


# A loser with 0 card points: (took a trick?, defeat points under "no tricks", under
# "no card points"). The 2-point band does not matter: 0 is below all of them.
ZERO_TABLE = [
    (False, 6, 6),  # no trick, no points: 6 under both rules
    (True, 4, 6),  # a trick of 0 points: a trick (4), but no card points (6)
]


@pytest.mark.parametrize("band", BANDS)
@pytest.mark.parametrize(("took_trick", "no_tricks", "no_card_points"), ZERO_TABLE)
def test_a_loser_with_0_card_points_takes_4_or_6_by_the_6_point_rule(
    band, took_trick, no_tricks, no_card_points
):
    entry = DealEntry(team=0, points=0, zero_team_took_trick=took_trick)
    tricks_rule = KozelRules(two_point_from=band, six_points=SixPointRule.NO_TRICKS)
    points_rule = KozelRules(two_point_from=band, six_points=SixPointRule.NO_CARD_POINTS)
    assert deal_defeat_points(entry, tricks_rule) == (0, no_tricks)
    assert deal_defeat_points(entry, points_rule) == (0, no_card_points)


@pytest.mark.parametrize("band", BANDS)
@pytest.mark.parametrize("six_points", list(SixPointRule))
def test_a_winner_with_61_points_leaves_the_loser_59_and_2_defeat_points(band, six_points):
    # 61 is the least that wins; 120 - 61 = 59 is in every 2-point band
    rules = KozelRules(two_point_from=band, six_points=six_points)
    assert deal_defeat_points(DealEntry(team=1, points=61), rules) == (0, 2)


# --- entries the rules refuse -------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (DealEntry(team=2, points=45), "Choose one of the two teams."),
        (DealEntry(team=-1, points=45), "Choose one of the two teams."),
        (DealEntry(team=True, points=45), "Choose one of the two teams."),
        (DealEntry(team=0, points=-1), "Card points must be between 0 and 120."),
        (DealEntry(team=0, points=121), "Card points must be between 0 and 120."),
        (DealEntry(team=0, points=45.5), "Card points must be a whole number."),
        (DealEntry(team=0, points="45"), "Card points must be a whole number."),
        (DealEntry(team=0, points=None), "Card points must be a whole number."),
        (DealEntry(team=0, points=True), "Card points must be a whole number."),
        (
            DealEntry(team=0, points=1),
            "A team cannot have exactly 1 card point: no card is worth 1.",
        ),
        (
            DealEntry(team=1, points=119),
            "A team cannot have 119 card points: the other team would have 1.",
        ),
        (DealEntry(team=0, points=0), "Say whether the team with 0 points took a trick."),
        (DealEntry(team=1, points=120), "Say whether the team with 0 points took a trick."),
        (
            DealEntry(team=0, points=0, zero_team_took_trick="yes"),
            "Say yes or no: did the team with 0 points take a trick?",
        ),
        (
            DealEntry(team=0, points=45, last_trick_seat=4),
            "The last trick must be taken by one of the four players.",
        ),
        (
            DealEntry(team=0, points=45, last_trick_seat=-1),
            "The last trick must be taken by one of the four players.",
        ),
        (
            # team 0 (seats 0 and 2) took no trick, so seat 2 cannot have taken the last one
            DealEntry(team=0, points=0, zero_team_took_trick=False, last_trick_seat=2),
            "A team that took no trick cannot take the last trick.",
        ),
        (
            # team 1 entered 120: team 0 took no trick, so seat 0 cannot have the last one
            DealEntry(team=1, points=120, zero_team_took_trick=False, last_trick_seat=0),
            "A team that took no trick cannot take the last trick.",
        ),
    ],
)
def test_an_impossible_entry_is_refused_with_a_message_players_can_read(entry, message):
    with pytest.raises(RuleError) as raised:
        validate_deal(entry, SEED)
    assert str(raised.value) == message
    assert raised.value.template == message


def test_under_the_no_card_points_rule_the_trick_question_may_be_left_out():
    entry = DealEntry(team=0, points=0)
    assert validate_deal(entry, CARD_RULE) == entry


@pytest.mark.parametrize("took_trick", [True, False])
def test_the_trick_answer_is_ignored_when_no_team_has_0_points(took_trick):
    # both teams have points (45 and 75), so both took a trick: the answer means nothing
    entry = DealEntry(team=0, points=45, zero_team_took_trick=took_trick)
    assert validate_deal(entry, SEED).zero_team_took_trick is None


def test_the_team_with_0_points_that_took_a_trick_may_have_taken_the_last_one():
    # team 0 took a trick worth 0, and it was the last trick (seat 2)
    entry = DealEntry(team=0, points=0, zero_team_took_trick=True, last_trick_seat=2)
    assert validate_deal(entry, SEED) == entry


def test_the_team_with_120_points_may_have_taken_the_last_trick():
    entry = DealEntry(team=1, points=120, zero_team_took_trick=False, last_trick_seat=3)
    assert validate_deal(entry, SEED) == entry


def test_deal_defeat_points_refuses_what_validate_deal_refuses():
    with pytest.raises(RuleError, match="no card is worth 1"):
        deal_defeat_points(DealEntry(team=0, points=1), SEED)


def test_a_rule_error_is_a_value_error_with_its_template():
    with pytest.raises(ValueError) as raised:
        validate_deal(DealEntry(team=0, points=121), SEED)
    assert raised.value.template == "Card points must be between 0 and 120."
    assert raised.value.params == {}


def test_the_kozel_rules_load_without_django():
    code = "import sys, games.rules.kozel; print(any(m.startswith('django') for m in sys.modules))"
    output = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert output.strip() == "False"

"""Kozel: a match of deals, eggs carry-over, the goat, dealers and leaders (seed 004)."""

import pytest

from games.rules.errors import RuleError
from games.rules.kozel import (
    DealEntry,
    EggsRule,
    KozelRules,
    dealer_for,
    leader_for,
    score_match,
)

SEED = KozelRules()
DOUBLE = KozelRules(eggs=EggsRule.DOUBLE_NEXT)
PLUS_TWO = KozelRules(eggs=EggsRule.PLUS_TWO_NEXT)

# Entries by what the loser takes under the seed rules (team 0 enters its card points).
TEAM_0_LOSES_2 = DealEntry(team=0, points=45)  # 45 in 31..59 → team 0 takes 2
TEAM_0_LOSES_4 = DealEntry(team=0, points=20)  # 20 < 31, with points → a trick → 4
TEAM_0_LOSES_6 = DealEntry(team=0, points=0, zero_team_took_trick=False)  # no trick → 6
TEAM_1_LOSES_2 = DealEntry(team=0, points=75)  # team 1 has 120 - 75 = 45 → 2
TEAM_1_LOSES_4 = DealEntry(team=0, points=100)  # team 1 has 20 → 4
EGGS = DealEntry(team=0, points=60)  # 60-60 → nobody


# --- the match limit and the goat ---------------------------------------------------------


@pytest.mark.parametrize(
    ("limit", "deals"),
    [
        (6, 3),  # 2 + 2 + 2 = 6 after deal 3
        (8, 4),  # 2 x 4 = 8
        (10, 5),  # 2 x 5 = 10
        (12, 6),  # 2 x 6 = 12, the seed's limit
        (16, 8),  # 2 x 8 = 16
    ],
)
def test_the_match_ends_on_the_deal_a_team_reaches_the_limit(limit, deals):
    rules = KozelRules(match_limit=limit)
    before = score_match(rules, 0, [TEAM_1_LOSES_2] * (deals - 1))
    assert not before.finished
    assert before.defeat_points == (0, limit - 2)

    result = score_match(rules, 0, [TEAM_1_LOSES_2] * deals)
    assert result.finished
    assert result.goat == 1
    assert result.defeat_points == (0, limit)
    assert [outcome.match_over for outcome in result.outcomes] == [False] * (deals - 1) + [True]


def test_10_plus_2_is_12_and_ends_the_seed_match():
    # 2 + 2 + 2 + 2 + 2 = 10, then + 2 = 12 >= 12
    result = score_match(SEED, 0, [TEAM_0_LOSES_2] * 6)
    assert result.defeat_points == (12, 0)
    assert result.goat == 0


def test_going_past_the_limit_ends_the_match_too():
    # 2 x 5 = 10, then + 4 = 14 >= 12: the match ends and the total stays 14
    result = score_match(SEED, 0, [TEAM_0_LOSES_2] * 5 + [TEAM_0_LOSES_4])
    assert result.finished
    assert result.goat == 0
    assert result.defeat_points == (14, 0)


def test_the_goat_is_the_team_that_reached_the_limit_and_the_other_keeps_its_points():
    # team 1: 4 + 4 = 8; team 0: 2 x 6 = 12 >= 12 → team 0 is the goat
    entries = [TEAM_1_LOSES_4, TEAM_0_LOSES_2, TEAM_0_LOSES_2, TEAM_1_LOSES_4]
    entries += [TEAM_0_LOSES_2] * 4
    result = score_match(SEED, 0, entries)
    assert result.defeat_points == (12, 8)
    assert result.goat == 0
    assert result.outcomes[-1].goat == 0
    assert all(outcome.goat is None for outcome in result.outcomes[:-1])


def test_a_deal_after_the_match_is_over_is_refused():
    # 6 + 6 = 12 after deal 2: a third deal cannot be entered
    with pytest.raises(RuleError) as raised:
        score_match(SEED, 0, [TEAM_0_LOSES_6, TEAM_0_LOSES_6, TEAM_1_LOSES_2])
    assert str(raised.value) == "The match is over: no more deals."


def test_a_finished_match_has_no_next_dealer_or_leader():
    result = score_match(SEED, 0, [TEAM_0_LOSES_6, TEAM_0_LOSES_6])
    assert result.finished
    assert result.next_dealer is None
    assert result.next_leader is None


def test_a_match_with_no_deals_yet_has_nobody_on_points():
    result = score_match(SEED, 2, [])
    assert result.outcomes == ()
    assert result.defeat_points == (0, 0)
    assert not result.finished
    assert result.goat is None
    assert result.next_dealer == 2
    assert result.next_leader == 3  # the player after the dealer


def test_each_deal_shows_its_card_points_defeat_points_and_running_totals():
    result = score_match(SEED, 0, [TEAM_0_LOSES_2, TEAM_1_LOSES_4, TEAM_0_LOSES_6])
    first, second, third = result.outcomes
    # deal 1: team 0 took 45, team 1 took 75; team 0 takes 2
    assert (first.number, first.card_points, first.loser) == (1, (45, 75), 0)
    assert (first.defeat_points, first.running_defeat_points) == ((2, 0), (2, 0))
    # deal 2: team 0 took 100, team 1 took 20; team 1 takes 4
    assert (second.card_points, second.loser, second.base_defeat_points) == ((100, 20), 1, 4)
    assert (second.defeat_points, second.running_defeat_points) == ((0, 4), (2, 4))
    # deal 3: team 0 took nothing, no trick; 2 + 6 = 8
    assert (third.card_points, third.defeat_points) == ((0, 120), (6, 0))
    assert third.running_defeat_points == (8, 4)
    assert result.defeat_points == (8, 4)


def test_an_edit_to_an_early_deal_shows_in_every_total_after_it():
    before = score_match(SEED, 0, [TEAM_0_LOSES_2, TEAM_1_LOSES_2, TEAM_1_LOSES_2])
    after = score_match(SEED, 0, [TEAM_0_LOSES_6, TEAM_1_LOSES_2, TEAM_1_LOSES_2])
    # deal 1 changed from 2 to 6: team 0 goes from 2 to 6 in every running total
    assert [o.running_defeat_points for o in before.outcomes] == [(2, 0), (2, 2), (2, 4)]
    assert [o.running_defeat_points for o in after.outcomes] == [(6, 0), (6, 2), (6, 4)]


# --- eggs (60-60) -------------------------------------------------------------------------


def test_eggs_under_the_seed_rules_change_nothing():
    # 60-60, then team 0 loses with 45 → 2, not more
    result = score_match(SEED, 0, [EGGS, TEAM_0_LOSES_2])
    eggs, deal = result.outcomes
    assert eggs.eggs
    assert eggs.loser is None
    assert eggs.defeat_points == (0, 0)
    assert (deal.multiplier, deal.bonus, deal.defeat_points) == (1, 0, (2, 0))


def test_eggs_can_double_the_next_deal():
    # 60-60, then team 0 loses with 20 → 4 x 2 = 8
    result = score_match(DOUBLE, 0, [EGGS, TEAM_0_LOSES_4])
    deal = result.outcomes[1]
    assert (deal.base_defeat_points, deal.multiplier, deal.defeat_points) == (4, 2, (8, 0))


def test_two_eggs_in_a_row_double_twice():
    # 60-60 twice → x2 x2 = x4; team 1 loses with 45 → 2 x 4 = 8
    result = score_match(DOUBLE, 0, [EGGS, EGGS, TEAM_1_LOSES_2])
    deal = result.outcomes[2]
    assert (deal.multiplier, deal.defeat_points) == (4, (0, 8))


def test_eggs_can_add_2_to_the_next_loser():
    # 60-60, then team 0 loses with 45 → 2 + 2 = 4
    result = score_match(PLUS_TWO, 0, [EGGS, TEAM_0_LOSES_2])
    deal = result.outcomes[1]
    assert (deal.bonus, deal.defeat_points) == (2, (4, 0))


def test_two_eggs_in_a_row_add_2_twice():
    # 60-60 twice → +2 +2 = +4; team 0 loses with no trick → 6 + 4 = 10
    result = score_match(PLUS_TWO, 0, [EGGS, EGGS, TEAM_0_LOSES_6])
    deal = result.outcomes[2]
    assert (deal.bonus, deal.defeat_points) == (4, (10, 0))


@pytest.mark.parametrize("rules", [DOUBLE, PLUS_TWO])
def test_the_deal_after_the_carry_over_is_scored_plainly_again(rules):
    # eggs, then 2 (doubled to 4, or 2 + 2 = 4), then a plain 2: 4 + 2 = 6
    result = score_match(rules, 0, [EGGS, TEAM_0_LOSES_2, TEAM_0_LOSES_2])
    third = result.outcomes[2]
    assert (third.multiplier, third.bonus, third.defeat_points) == (1, 0, (2, 0))
    assert result.defeat_points == (6, 0)


@pytest.mark.parametrize(
    ("rules", "multiplier", "bonus"),
    [
        (SEED, 1, 0),  # nothing waits after eggs under the seed
        (DOUBLE, 4, 0),  # two eggs: x2 x2
        (PLUS_TWO, 1, 4),  # two eggs: +2 +2
    ],
)
def test_eggs_in_the_last_deal_leave_the_carry_over_waiting(rules, multiplier, bonus):
    result = score_match(rules, 0, [TEAM_0_LOSES_2, EGGS, EGGS])
    assert not result.finished
    assert (result.next_multiplier, result.next_bonus) == (multiplier, bonus)
    # an eggs deal uses no carry-over itself: it passes it on
    assert all((o.multiplier, o.bonus) == (1, 0) for o in result.outcomes)


def test_a_doubled_deal_can_end_the_match():
    # to 6: 60-60, then team 1 loses with 20 → 4 x 2 = 8 >= 6
    rules = KozelRules(match_limit=6, eggs=EggsRule.DOUBLE_NEXT)
    result = score_match(rules, 0, [EGGS, TEAM_1_LOSES_4])
    assert result.finished
    assert result.goat == 1
    assert result.defeat_points == (0, 8)
    assert (result.next_multiplier, result.next_bonus) == (1, 0)


def test_the_goat_of_a_match_with_eggs_is_the_goat_with_eggs():
    # seed 004: the team that loses such a match is the "goat with eggs"
    with_eggs = score_match(SEED, 0, [EGGS] + [TEAM_0_LOSES_6] * 2)
    without = score_match(SEED, 0, [TEAM_0_LOSES_6] * 2)
    unfinished = score_match(SEED, 0, [EGGS, TEAM_0_LOSES_6])
    assert with_eggs.goat_with_eggs
    assert not without.goat_with_eggs
    assert not unfinished.goat_with_eggs


# --- dealers and leaders ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "dealers"),
    [
        (0, [0, 1, 2, 3, 0, 1]),
        (2, [2, 3, 0, 1, 2, 3]),  # clockwise, round the table
        (3, [3, 0, 1, 2, 3, 0]),
    ],
)
def test_the_deal_passes_clockwise_from_the_first_dealer(first_dealer, dealers):
    assert [dealer_for(first_dealer, index) for index in range(6)] == dealers
    result = score_match(SEED, first_dealer, [TEAM_0_LOSES_2, TEAM_1_LOSES_2] * 3)
    assert [outcome.dealer for outcome in result.outcomes] == dealers


@pytest.mark.parametrize(("dealer", "leader"), [(0, 1), (1, 2), (2, 3), (3, 0)])
def test_the_first_deal_is_led_by_the_player_after_the_dealer(dealer, leader):
    assert leader_for(dealer) == leader
    assert score_match(SEED, dealer, [TEAM_0_LOSES_2]).outcomes[0].leader == leader


def test_the_winner_of_the_last_trick_leads_the_next_deal():
    # deal 1 dealt by 0; seat 3 took its last trick, so seat 3 leads deal 2 (dealt by 1)
    entries = [
        DealEntry(team=0, points=45, last_trick_seat=3),
        DealEntry(team=0, points=75, last_trick_seat=0),
    ]
    result = score_match(SEED, 0, entries)
    assert [o.leader for o in result.outcomes] == [1, 3]
    # seat 0 took deal 2's last trick: seat 0 leads deal 3, dealt by seat 2
    assert (result.next_dealer, result.next_leader) == (2, 0)


def test_without_a_recorded_last_trick_the_player_after_the_dealer_leads():
    # deal 2 is dealt by seat 1; nobody wrote who took deal 1's last trick → seat 2
    result = score_match(SEED, 0, [TEAM_0_LOSES_2, TEAM_0_LOSES_2])
    assert result.outcomes[1].leader == 2
    # nor deal 2's: deal 3 is dealt by seat 2 and led by seat 3
    assert (result.next_dealer, result.next_leader) == (2, 3)


def test_the_last_trick_of_an_eggs_deal_also_gives_the_lead():
    result = score_match(SEED, 1, [DealEntry(team=1, points=60, last_trick_seat=1)])
    assert (result.next_dealer, result.next_leader) == (2, 1)


def test_the_leader_of_a_later_deal_may_be_its_dealer():
    assert leader_for(2, previous_last_trick_seat=2) == 2


@pytest.mark.parametrize("seat", [-1, 4, None, True])
def test_a_first_dealer_outside_the_table_is_refused(seat):
    message = "The first dealer must be one of the four players."
    with pytest.raises(RuleError) as by_match:
        score_match(SEED, seat, [])
    with pytest.raises(RuleError) as by_dealer:
        dealer_for(seat, 0)
    assert str(by_match.value) == str(by_dealer.value) == message


def test_a_negative_deal_index_is_a_programming_error():
    with pytest.raises(ValueError, match="deal_index"):
        dealer_for(0, -1)


# --- errors name the deal -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("bad_entry", "reason"),
    [
        (DealEntry(team=0, points=121), "Card points must be between 0 and 120."),
        (
            DealEntry(team=0, points=1),
            "A team cannot have exactly 1 card point: no card is worth 1.",
        ),
        (DealEntry(team=1, points=0), "Say whether the team with 0 points took a trick."),
        (DealEntry(team=3, points=45), "Choose one of the two teams."),
    ],
)
def test_a_bad_entry_is_refused_with_the_number_of_its_deal(bad_entry, reason):
    with pytest.raises(RuleError) as raised:
        score_match(SEED, 0, [TEAM_0_LOSES_2, TEAM_1_LOSES_2, bad_entry])
    error = raised.value
    assert str(error) == f"Deal 3: {reason}"
    assert error.template == "Deal %(number)s: %(reason)s"
    assert error.params["number"] == 3
    # the deal's own error stays available, so its template can be translated alone
    assert error.params["reason"].template == reason
    assert error.__cause__ is error.params["reason"]

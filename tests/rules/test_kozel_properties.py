"""Kozel: what holds for any match the scorekeeper can enter, under any table options."""

from hypothesis import given
from hypothesis import strategies as st

from games.rules.errors import RuleError
from games.rules.kozel import (
    MATCH_LIMITS,
    TOTAL_POINTS,
    TWO_POINT_FROM_CHOICES,
    DealEntry,
    EggsRule,
    KozelRules,
    SixPointRule,
    possible_points,
    score_match,
    team_of,
)

MATCH_OVER = "The match is over: no more deals."

table_rules = st.builds(
    KozelRules,
    match_limit=st.sampled_from(MATCH_LIMITS),
    two_point_from=st.sampled_from(TWO_POINT_FROM_CHOICES),
    six_points=st.sampled_from(SixPointRule),
    eggs=st.sampled_from(EggsRule),
)
seats = st.integers(min_value=0, max_value=3)
# 0, 60 and 120 are the interesting totals; draw them often.
card_points = st.one_of(
    st.sampled_from([0, 60, 120]),
    st.integers(min_value=0, max_value=TOTAL_POINTS).filter(possible_points),
)


@st.composite
def deal_entries(draw: st.DrawFn) -> DealEntry:
    """Any entry the rules accept, under every 6-point rule."""
    team = draw(st.integers(min_value=0, max_value=1))
    points = draw(card_points)
    took_trick = draw(st.none() | st.booleans())
    zero_team = {0: team, TOTAL_POINTS: 1 - team}.get(points)
    if zero_team is not None and took_trick is None:
        took_trick = draw(st.booleans())
    last_trick_seat = draw(st.none() | seats)
    if (
        took_trick is False
        and last_trick_seat is not None
        and team_of(last_trick_seat) == zero_team
    ):
        last_trick_seat = (last_trick_seat + 1) % 4  # the team with no trick cannot have it
    return DealEntry(team, points, took_trick, last_trick_seat)


matches = st.tuples(table_rules, seats, st.lists(deal_entries(), max_size=40))


def score_until_over(rules, first_dealer, entries):
    """Score the match as the scorekeeper enters it: one deal at a time."""
    results = []
    for count in range(len(entries) + 1):
        try:
            results.append(score_match(rules, first_dealer, entries[:count]))
        except RuleError as error:
            assert error.template == MATCH_OVER
            # once refused, every longer entry list is refused too
            for longer in range(count + 1, len(entries) + 1):
                try:
                    score_match(rules, first_dealer, entries[:longer])
                except RuleError as later:
                    assert later.template == MATCH_OVER
                else:
                    raise AssertionError("a deal was accepted after the match was over")
            break
    return results


@given(matches)
def test_a_match_ends_exactly_once_and_accepts_no_deal_after(match):
    rules, first_dealer, entries = match
    results = score_until_over(rules, first_dealer, entries)
    finished = [result.finished for result in results]
    # finished flips at most once, on the last accepted entry list
    assert finished == sorted(finished)
    assert finished.count(True) <= 1
    last = results[-1]
    if last.finished:
        assert len(results) - 1 <= len(entries)
        assert [o.match_over for o in last.outcomes] == [False] * (len(last.outcomes) - 1) + [True]
        assert last.goat == last.outcomes[-1].loser
        assert last.defeat_points[last.goat] >= rules.match_limit
        assert last.defeat_points[1 - last.goat] < rules.match_limit
    else:
        assert len(last.outcomes) == len(entries)
        assert max(last.defeat_points) < rules.match_limit
        assert last.goat is None


@given(matches)
def test_defeat_points_only_grow(match):
    rules, first_dealer, entries = match
    last = score_until_over(rules, first_dealer, entries)[-1]
    previous = (0, 0)
    for outcome in last.outcomes:
        assert all(
            now >= before
            for now, before in zip(outcome.running_defeat_points, previous, strict=True)
        )
        previous = outcome.running_defeat_points


@given(matches)
def test_the_winner_of_a_deal_takes_nothing_and_eggs_give_nobody_anything(match):
    rules, first_dealer, entries = match
    last = score_until_over(rules, first_dealer, entries)[-1]
    for outcome in last.outcomes:
        assert sum(outcome.card_points) == TOTAL_POINTS
        if outcome.eggs:
            assert outcome.card_points == (60, 60)
            assert outcome.loser is None
            assert outcome.defeat_points == (0, 0)
        else:
            winner = 1 - outcome.loser
            assert outcome.card_points[winner] >= 61
            assert outcome.defeat_points[winner] == 0
            assert outcome.base_defeat_points in (2, 4, 6)
            assert outcome.defeat_points[outcome.loser] >= outcome.base_defeat_points


@given(matches)
def test_totals_are_the_sums_of_the_deals(match):
    rules, first_dealer, entries = match
    last = score_until_over(rules, first_dealer, entries)[-1]
    for team in (0, 1):
        assert last.defeat_points[team] == sum(o.defeat_points[team] for o in last.outcomes)
    for number, outcome in enumerate(last.outcomes, start=1):
        earlier = last.outcomes[:number]
        assert outcome.running_defeat_points == tuple(
            sum(o.defeat_points[team] for o in earlier) for team in (0, 1)
        )


@given(matches)
def test_under_the_seed_eggs_rule_no_deal_gives_more_than_6(match):
    rules, first_dealer, entries = match
    seed_eggs = KozelRules(rules.match_limit, rules.two_point_from, rules.six_points)
    last = score_until_over(seed_eggs, first_dealer, entries)[-1]
    assert all(max(o.defeat_points) in (0, 2, 4, 6) for o in last.outcomes)
    assert (last.next_multiplier, last.next_bonus) == (1, 0)


@given(matches)
def test_scoring_more_deals_never_changes_the_earlier_ones(match):
    rules, first_dealer, entries = match
    results = score_until_over(rules, first_dealer, entries)
    last = results[-1]
    for result in results:
        assert result.outcomes == last.outcomes[: len(result.outcomes)]


@given(matches)
def test_the_deal_passes_clockwise_and_the_last_trick_leads(match):
    rules, first_dealer, entries = match
    last = score_until_over(rules, first_dealer, entries)[-1]
    for index, outcome in enumerate(last.outcomes):
        assert outcome.dealer == (first_dealer + index) % 4
        recorded = last.outcomes[index - 1].entry.last_trick_seat if index else None
        expected = recorded if recorded is not None else (outcome.dealer + 1) % 4
        assert outcome.leader == expected

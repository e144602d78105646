"""Kozel through the rounds' protocol (games.rules.rounds): a deal is one flat entry, the
match a Tally; every worked example of score_match scores the same through ``score``."""

from __future__ import annotations

import pytest

from games.rules import kozel
from games.rules.errors import RuleError
from games.rules.rounds import Plan

SEED = kozel.KozelRules()
DOUBLE = kozel.KozelRules(eggs=kozel.EggsRule.DOUBLE_NEXT)
PLUS_TWO = kozel.KozelRules(eggs=kozel.EggsRule.PLUS_TWO_NEXT)


def deal(team: int, points: int, took: bool | None = None, last: int | None = None) -> dict:
    return {"team": team, "points": points, "zero_team_took_trick": took, "last_trick_seat": last}


LOSES_2, LOSES_4, NO_TRICK, EGGS = deal(0, 45), deal(0, 20), deal(0, 0, False), deal(0, 60)
OTHER_LOSES_2, OTHER_LOSES_4 = deal(0, 75), deal(0, 100)

# (name, rules, first dealer, deals, totals, points of the last deal, finished, goat)
MATCHES = [
    ("nothing yet", SEED, 0, [], (0, 0), None, False, None),
    ("45 loses 2", SEED, 0, [LOSES_2], (2, 0), (2, 0), False, None),
    ("20 loses 4", SEED, 0, [LOSES_4], (4, 0), (4, 0), False, None),
    ("0 without a trick loses 6", SEED, 0, [NO_TRICK], (6, 0), (6, 0), False, None),
    ("0 with a trick loses 4", SEED, 0, [deal(0, 0, True)], (4, 0), (4, 0), False, None),
    ("120 for the other team", SEED, 0, [deal(1, 120, False)], (6, 0), (6, 0), False, None),
    ("eggs give nothing", SEED, 0, [EGGS], (0, 0), (0, 0), False, None),
    ("doubled eggs", DOUBLE, 0, [EGGS, LOSES_4], (8, 0), (8, 0), False, None),
    ("eggs twice: x4", DOUBLE, 0, [EGGS, EGGS, LOSES_2], (8, 0), (8, 0), False, None),
    ("eggs +2", PLUS_TWO, 0, [EGGS, OTHER_LOSES_2], (0, 4), (0, 4), False, None),
    ("2 x 6 is the goat", SEED, 0, [LOSES_2] * 6, (12, 0), (2, 0), True, 0),
    ("past the limit", SEED, 0, [LOSES_2] * 5 + [LOSES_4], (14, 0), (4, 0), True, 0),
    (
        "the other team keeps its points",
        SEED,
        0,
        [OTHER_LOSES_4, LOSES_2, LOSES_2, OTHER_LOSES_4] + [LOSES_2] * 4,
        (12, 8),
        (2, 0),
        True,
        0,
    ),
    ("short match", kozel.PRESETS["short"], 2, [OTHER_LOSES_2] * 3, (0, 6), (0, 2), True, 1),
]


@pytest.mark.parametrize(
    ("rules", "first", "deals", "totals", "last", "finished", "goat"),
    [case[1:] for case in MATCHES],
    ids=[case[0] for case in MATCHES],
)
def test_a_match_scored_round_by_round(rules, first, deals, totals, last, finished, goat):
    result = kozel.score(rules, 4, first, deals)

    assert result.sides == ((0, 2), (1, 3))
    assert result.totals == totals
    assert result.finished is finished
    if last is not None:
        assert result.rounds[-1].points == last
        assert result.rounds[-1].totals == totals
    assert result.winners == (() if goat is None else (1 - goat,))
    assert (result.next_round is None) is finished
    # The same as the match in Kozel's own terms.
    entries = [kozel.DealEntry(**entry) for entry in deals]
    match = kozel.score_match(rules, first, entries)
    assert match.defeat_points == totals
    assert match.goat == goat
    for scored, outcome in zip(result.rounds, match.outcomes, strict=True):
        assert scored.points == outcome.defeat_points
        assert scored.plan.dealer == outcome.dealer
        assert scored.plan.leader == outcome.leader
        assert scored.whys == tuple(kozel.explain_deal(outcome, team, rules) for team in (0, 1))


def test_the_places_of_a_match():
    assert kozel.score(SEED, 4, 0, [LOSES_2]).places == (2, 1)
    assert kozel.score(SEED, 4, 0, [OTHER_LOSES_4]).places == (1, 2)
    assert kozel.score(SEED, 4, 0, [EGGS]).places == (1, 1)


# (name, rules, deals, the mark of each team)
MARKS = [
    ("none", SEED, [LOSES_2], (None, None)),
    ("the goat", SEED, [LOSES_2] * 6, ("the goat", None)),
    ("the goat with eggs", SEED, [EGGS] + [OTHER_LOSES_2] * 6, (None, "the goat, with eggs")),
    ("eggs waiting, doubled", DOUBLE, [EGGS, EGGS], ("eggs: × 4 on the next deal",) * 2),
    ("eggs waiting, plus two", PLUS_TWO, [EGGS], ("eggs: +2 to the next deal's loser",) * 2),
    ("eggs used", DOUBLE, [EGGS, LOSES_2], (None, None)),
    ("eggs that change nothing", SEED, [EGGS], (None, None)),
]


@pytest.mark.parametrize(
    ("rules", "deals", "marks"), [case[1:] for case in MARKS], ids=[case[0] for case in MARKS]
)
def test_the_marks_beyond_a_total(rules, deals, marks):
    found = kozel.score(rules, 4, 0, deals).marks
    assert tuple(None if mark is None else str(mark) for mark in found) == marks


def test_the_next_deal_says_its_dealer_leader_and_eggs():
    result = kozel.score(DOUBLE, 4, 1, [deal(0, 60, None, 0)])
    plan = result.next_round
    assert (plan.number, plan.dealer, plan.leader, plan.times, plan.plus) == (2, 2, 0, 2, 0)
    facts = kozel.form_facts(DOUBLE, 4, plan)
    assert facts == {"limit": 12, "leader": 0, "times": 2, "plus": 0}


def test_first_plan_and_plan_after():
    first = kozel.first_plan(SEED, 4, 3)
    assert (first.number, first.dealer, first.leader) == (1, 3, 0)
    after = kozel.plan_after(SEED, 4, 3, first)
    assert (after.number, after.dealer, after.leader) == (2, 0, 1)
    with pytest.raises(RuleError, match="Kozel is for 4 players"):
        kozel.first_plan(SEED, 3, 0)
    with pytest.raises(RuleError, match="first dealer"):
        kozel.first_plan(SEED, 4, 4)


PLAN = Plan(number=1, dealer=0)

# (name, entry, as stored)
CHECKED = [
    ("plain", {"team": 0, "points": 45}, deal(0, 45)),
    ("the trick answer dropped", deal(0, 45, True), deal(0, 45)),
    ("a team on 0", {"team": 1, "points": 0, "zero_team_took_trick": True}, deal(1, 0, True)),
    ("the last trick", {"team": 0, "points": 80, "last_trick_seat": 3}, deal(0, 80, None, 3)),
]


@pytest.mark.parametrize(
    ("entry", "stored"), [case[1:] for case in CHECKED], ids=[case[0] for case in CHECKED]
)
def test_check_round_gives_the_deal_as_stored(entry, stored):
    assert kozel.check_round(SEED, 4, PLAN, entry) == stored


# (name, entry, the refusal, the field it names)
REFUSED = [
    ("no team", {"points": 45}, "Choose one of the two teams.", "team"),
    ("no points", {"team": 0}, "Card points must be a whole number.", "points"),
    ("a third team", {"team": 2, "points": 45}, "Choose one of the two teams.", "team"),
    ("1 point", {"team": 0, "points": 1}, "exactly 1 card point", "points"),
    ("119 points", {"team": 0, "points": 119}, "119 card points", "points"),
    ("121 points", {"team": 0, "points": 121}, "between 0 and 120", "points"),
    ("text", {"team": 0, "points": "x"}, "whole number", "points"),
    (
        "the trick unanswered",
        {"team": 0, "points": 0},
        "Say whether the team with 0 points took a trick.",
        "zero_team_took_trick",
    ),
    (
        "no trick but the last",
        deal(0, 0, False, 2),
        "A team that took no trick cannot take the last trick.",
        "last_trick_seat",
    ),
    ("a fifth seat", deal(0, 45, None, 4), "one of the four players", "last_trick_seat"),
    ("a field no deal has", {"team": 0, "points": 45, "bids": [1]}, "A deal holds only", None),
    ("not an object", [0, 45], "Choose one of the two teams.", None),
]


@pytest.mark.parametrize(
    ("entry", "said", "field"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED]
)
def test_check_round_refuses_a_deal_that_cannot_be(entry, said, field):
    with pytest.raises(RuleError, match=said) as refusal:
        kozel.check_round(SEED, 4, PLAN, entry)
    assert getattr(refusal.value, "where", None) == field


def test_a_refused_deal_is_named_by_its_number_and_the_match_over_refuses_more():
    with pytest.raises(RuleError, match=r"Deal 2: Card points must be between 0 and 120\."):
        kozel.score(SEED, 4, 0, [LOSES_2, deal(0, 121)])
    with pytest.raises(RuleError, match=r"The match is over: no more deals\."):
        kozel.score(SEED, 4, 0, [LOSES_2] * 7)


# (entry, seat, figures)
FIGURES = [
    (LOSES_2, 0, {"deals": 1, "lost": 1, "eggs": 0}),
    (LOSES_2, 2, {"deals": 1, "lost": 1, "eggs": 0}),
    (LOSES_2, 1, {"deals": 1, "lost": 0, "eggs": 0}),
    (deal(1, 0, False), 3, {"deals": 1, "lost": 1, "eggs": 0}),
    (EGGS, 0, {"deals": 1, "lost": 0, "eggs": 1}),
    (EGGS, 3, {"deals": 1, "lost": 0, "eggs": 1}),
]


@pytest.mark.parametrize(("entry", "seat", "figures"), FIGURES)
def test_round_figures_count_each_players_deals(entry, seat, figures):
    assert kozel.round_figures(entry, seat) == figures
    assert {figure.key for figure in kozel.FIGURES} == set(figures)

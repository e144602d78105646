"""Every score explains itself (issue 27): each scoring option says how it counted, in
words that come from the rules themselves, with the option that decided it. The
worked examples are counted by hand."""

from __future__ import annotations

import pytest

from games.rules import kozel
from games.rules.explain import Why
from games.rules.oh_hell import (
    Adjustment,
    DealRecord,
    MadeBid,
    MissedBid,
    OhHellRules,
    ZeroBid,
    deal_score,
    explain_deal,
    explain_score,
    score_game,
)


@pytest.mark.parametrize(
    ("options", "bid", "tricks", "cards", "said"),
    [
        # The seeds' default: 10 + bid; a miss scores nothing.
        ({}, 2, 2, 5, "bid 2, took 2: 10 + 2 = 12 (a made bid scores 10 + bid)"),
        ({}, 0, 0, 7, "bid 0, took 0: 10 + 0 = 10 (a made bid scores 10 + bid)"),
        ({}, 3, 1, 5, "bid 3, took 1: 0 (a missed bid scores nothing)"),
        (
            {"made": MadeBid.TEN_TIMES_BID},
            3,
            3,
            5,
            "bid 3, took 3: 10 × 3 = 30 (a made bid scores 10 × bid)",
        ),
        (
            {"made": MadeBid.TEN_PLUS_BID_SQUARED},
            3,
            3,
            5,
            "bid 3, took 3: 10 + 3² = 19 (a made bid scores 10 + bid²)",
        ),
        (
            {"made": MadeBid.TRICKS_PLUS_FIVE},
            2,
            2,
            5,
            "bid 2, took 2: 2 + 5 = 7 (a made bid scores tricks + 5)",
        ),
        (
            {"made": MadeBid.OH_WELL},
            3,
            3,
            8,
            "bid 3, took 3: 10 (Oh Well: a made bid scores 10, a made zero 12)",
        ),
        (
            {"made": MadeBid.OH_WELL},
            0,
            0,
            8,
            "bid 0, took 0: 12 (Oh Well: a made bid scores 10, a made zero 12)",
        ),
        (
            {"made": MadeBid.WIZARD},
            2,
            2,
            5,
            "bid 2, took 2: 20 + 10 × 2 = 40 (a made bid scores 20 + 10 per trick)",
        ),
        # Made zeros (seeds 000, 001).
        ({"zero": ZeroBid.TEN}, 0, 0, 3, "bid 0, took 0: 10 (a made zero scores 10)"),
        ({"zero": ZeroBid.FIVE}, 0, 0, 3, "bid 0, took 0: 5 (a made zero scores 5)"),
        (
            {"zero": ZeroBid.FIVE_PLUS_CARDS},
            0,
            0,
            7,
            "bid 0 with 7 cards: 5 + 7 = 12 (a made zero scores 5 + the cards)",
        ),
        # Slams (seed 000): from 5 cards, all the tricks or all but one.
        ({"slams": True}, 6, 6, 6, "bid all 6 tricks and took them: 50 + 6 = 56 (slams)"),
        ({"slams": True}, 5, 5, 6, "bid all but one, 5, and took them: 25 + 5 = 30 (slams)"),
        ({"slams": True}, 4, 4, 4, "bid 4, took 4: 10 + 4 = 14 (a made bid scores 10 + bid)"),
        # Missed bids.
        (
            {"missed": MissedBid.TRICKS},
            3,
            1,
            5,
            "bid 3, took 1: 1 per trick = 1 (a missed bid scores 1 per trick taken)",
        ),
        (
            {"missed": MissedBid.MINUS_BID},
            3,
            1,
            5,
            "bid 3, took 1: minus the bid = -3 (a missed bid scores minus the bid)",
        ),
        (
            {"missed": MissedBid.MINUS_DIFFERENCE},
            3,
            1,
            5,
            "bid 3, took 1: 2 off = -2 (a missed bid scores minus the difference)",
        ),
        (
            {"missed": MissedBid.MINUS_TEN_PER_TRICK_OFF},
            1,
            4,
            5,
            "bid 1, took 4: 3 off × −10 = -30 (a missed bid scores minus 10 per trick off)",
        ),
        (
            {"missed": MissedBid.MINUS_DIFFERENCE_SQUARED},
            1,
            4,
            5,
            "bid 1, took 4: −3² = -9 (a missed bid scores minus the difference squared)",
        ),
    ],
)
def test_each_scoring_option_says_how_it_counted(options, bid, tricks, cards, said) -> None:
    rules = OhHellRules(**options)

    why = explain_score(rules, bid, tricks, cards)

    assert str(why) == said
    assert why.params["points"] == deal_score(rules, bid, tricks, cards)


def test_a_deal_with_a_revoke_and_an_adjustment_explains_each_line() -> None:
    """Four players, up: deal 1 (1 card) Ben revoked; the replay Anna bid 0 and took 0,
    then lost 5 for a phone at the table."""
    rules = OhHellRules(revoke_penalty=10)
    revoked = DealRecord(bids=(0, 1, 0, 0), revoke=1)
    replay = DealRecord(
        bids=(0, 1, 0, 1), tricks=(0, 1, 0, 0), adjustments=(Adjustment(0, -5, "phone"),)
    )
    result = score_game(rules, 4, 0, [revoked, replay])

    assert [str(w) for w in explain_deal(result.deals[0], 1, rules)] == [
        "revoke: −10, the deal played again (the revoke penalty)"
    ]
    assert [str(w) for w in explain_deal(result.deals[0], 0, rules)] == [
        "a revoke: no points, the deal played again"
    ]
    assert [str(w) for w in explain_deal(result.deals[1], 0, rules)] == [
        "bid 0, took 0: 10 + 0 = 10 (a made bid scores 10 + bid)",
        "adjustment -5: phone",
        "in all 5",
    ]


def outcome(entries, rules):
    return kozel.score_match(rules, 0, entries).outcomes[-1]


@pytest.mark.parametrize(
    ("options", "entries", "team", "said"),
    [
        # Seed 004: 31-59 gives 2; under 31 with a trick 4; no trick 6; eggs nothing.
        (
            {},
            [kozel.DealEntry(0, 45)],
            0,
            ["45 card points: 31–59 gives 2 defeat points (the 2-point band)"],
        ),
        ({}, [kozel.DealEntry(0, 45)], 1, ["75 card points: the deal is won, no defeat points"]),
        ({}, [kozel.DealEntry(0, 20)], 0, ["20 card points, under 31: 4 defeat points"]),
        ({}, [kozel.DealEntry(0, 0, False)], 0, ["no trick at all: 6 defeat points"]),
        ({}, [kozel.DealEntry(0, 0, True)], 0, ["0 card points, under 31: 4 defeat points"]),
        ({}, [kozel.DealEntry(0, 60)], 0, ["60–60, eggs: no defeat points (eggs change nothing)"]),
        (
            {"six_points": kozel.SixPointRule.NO_CARD_POINTS},
            [kozel.DealEntry(0, 0, True)],
            0,
            ["no card points: 6 defeat points"],
        ),
        (
            {"two_point_from": 21},
            [kozel.DealEntry(0, 25)],
            0,
            ["25 card points: 21–59 gives 2 defeat points (the 2-point band)"],
        ),
        (
            {"eggs": kozel.EggsRule.DOUBLE_NEXT},
            [kozel.DealEntry(0, 60), kozel.DealEntry(0, 45)],
            0,
            [
                "45 card points: 31–59 gives 2 defeat points (the 2-point band)",
                "× 2 after eggs: 4 defeat points (eggs double the next deal's defeat points)",
            ],
        ),
        (
            {"eggs": kozel.EggsRule.PLUS_TWO_NEXT},
            [kozel.DealEntry(0, 60), kozel.DealEntry(0, 20)],
            0,
            [
                "20 card points, under 31: 4 defeat points",
                "+2 after eggs: 6 defeat points (eggs give +2 to the next deal's loser)",
            ],
        ),
    ],
)
def test_each_kozel_deal_says_how_its_defeat_points_came(options, entries, team, said) -> None:
    rules = kozel.KozelRules(**options)

    assert [str(why) for why in kozel.explain_deal(outcome(entries, rules), team, rules)] == said


def test_an_explanation_is_a_template_and_its_numbers() -> None:
    """The web layer translates the template and fills the numbers, as for a RuleError."""
    why = explain_score(OhHellRules(), 2, 2, 5)

    assert isinstance(why, Why)
    assert why.template == "bid %(bid)s, took %(bid)s: 10 + %(bid)s = %(points)s"
    assert why.rule == "a made bid scores 10 + bid"

"""Whole games of Spades through the rounds' protocol (games.rules.rounds), every total
counted by hand: the bags carried and their penalty, the target checked after it, both
teams over the target, equal totals, the mercy line, the moon, a hand after the end."""

import pytest

from games.rules import spades
from games.rules.errors import RuleError

PAGAT = spades.Rules()


def team(bids, tricks) -> dict:
    return {"bids": bids, "team_tricks": tricks}


# Hands that score the same every time (side 0, side 1):
X = team([7, 1, 6, 1], [13, 0])  # 13 of 13: +130; 2 of 0: set −20
Y = team([1, 7, 1, 6], [0, 13])  # −20, +130
Y_SHORT = team([1, 6, 1, 6], [1, 12])  # 2 of 1: −20; 12 of 12: +120
E = team([3, 3, 3, 4], [6, 7])  # 6 of 6: +60; 7 of 7: +70
M = team([7, 3, 6, 3], [6, 7])  # 13 of 6: −130; 6 of 7: +61, a bag
BOTH_SET = team([7, 5, 6, 5], [6, 7])  # 13 of 6: −130; 10 of 7: −100

# To 337 with 7 bags, then the hand: bid 5, took 8.
TO_337 = [
    team([5, 1, 5, 1], [12, 1]),  # 10 of 12: 102, 2 bags; 2 of 1: −20
    team([5, 1, 5, 1], [12, 1]),  # 204, 4 bags; −40
    team([6, 1, 5, 1], [13, 0]),  # 11 of 13: 112 → 316, 6 bags; −60
    team([1, 5, 1, 5], [3, 10]),  # 2 of 3: 21 → 337, 7 bags; 10 of 10: +100 → 40
]
BID_5_TOOK_8 = team([3, 3, 2, 4], [8, 5])  # 53 − 100 → 290, 0 bags; 7 of 5: −70 → −30


def totals(result) -> list[tuple[int, int]]:
    return [scored.totals for scored in result.rounds]


def lines(result, number: int, side: int) -> list[str]:
    return [str(why) for why in result.rounds[number - 1].whys[side]]


def test_337_bid_5_took_8_is_290() -> None:
    """The issue: 337 + 53 − 100 = 290."""
    result = spades.score(PAGAT, 4, 0, [*TO_337, BID_5_TOOK_8])

    assert totals(result) == [(102, -20), (204, -40), (316, -60), (337, 40), (290, -30)]
    assert lines(result, 5, 0) == [
        "contract 5, took 8: 10 × 5 + 3 = 53",
        "bags: 7 + 3 = 10",
        "10th bag: −100",
        "bags carried: 0",
        "hand: −47",
    ]
    assert [str(mark) for mark in result.marks] == ["bags: 0", "bags: 0"]
    assert result.finished is False


def test_the_bags_carried_are_each_sides_mark() -> None:
    result = spades.score(PAGAT, 4, 0, TO_337)

    assert [str(mark) for mark in result.marks] == ["bags: 7", "bags: 0"]
    assert spades.score(spades.Rules(bags=False), 4, 0, TO_337).marks == (None, None)


# 390 and no bags (side 1: −60), then 4 of 13: 49 → 439, 9 bags (side 1: −80).
TO_439_WITH_9_BAGS = [X, X, X, team([2, 1, 2, 1], [13, 0])]


def test_the_penalty_is_paid_in_the_hand_that_reaches_it_before_the_target_is_checked() -> None:
    """6 of 7: 61 → 500 with the 10th bag, −100 → 400: short of 500, the game goes on."""
    hand = team([3, 3, 3, 3], [7, 6])  # side 1: 6 of 6, +60 → −20
    result = spades.score(PAGAT, 4, 0, [*TO_439_WITH_9_BAGS, hand])

    assert totals(result)[-2:] == [(439, -80), (400, -20)]
    assert lines(result, 5, 0) == [
        "contract 6, took 7: 10 × 6 + 1 = 61",
        "bags: 9 + 1 = 10",
        "10th bag: −100",
        "bags carried: 0",
        "hand: −39",
        "500 before the bag penalty, 400 after: short of 500",
    ]
    assert result.finished is False
    assert result.winners == ()
    assert result.next_round.number == 6


def test_one_hand_pays_the_penalty_twice() -> None:
    """2 of 13: 31 with 11 bags, 9 + 11 = 20: twice −100. 439 + 31 − 200 = 270."""
    hand = team([1, 5, 1, 5], [13, 0])  # side 1: 10 of 0, −100 → −180
    result = spades.score(PAGAT, 4, 0, [*TO_439_WITH_9_BAGS, hand])

    assert result.totals == (270, -180)
    assert result.rounds[-1].points == (-169, -100)
    assert lines(result, 5, 0).count("10th bag: −100") == 2


# Neither side reaches 500 before the last hand:
# side 0: 130, 110, 240, 220, 350, 330, 460, 440; side 1: −20, 110, 90, 220, 200, 330, 310, 440.
TO_440_EACH = [X, Y, X, Y, X, Y, X, Y]


def test_both_teams_over_the_target_the_higher_total_wins() -> None:
    """440 + 60 = 500 and 440 + 70 = 510: side 1."""
    result = spades.score(PAGAT, 4, 0, [*TO_440_EACH, E])

    assert result.totals == (500, 510)
    assert result.finished is True
    assert result.winners == (1,)
    assert result.places == (2, 1)
    assert result.next_round is None
    assert [str(note) for note in result.rounds[-1].notes] == [
        "contracts: 6 against 7",
        "both teams at or over 500: the higher total wins",
    ]


def test_equal_totals_over_the_target_play_another_hand_and_the_check_repeats() -> None:
    """440 and 430, then 60 and 70: 500 each, another hand; then 630 against 480."""
    hands = [X, Y, X, Y, X, Y, X, Y_SHORT, E]
    tied = spades.score(PAGAT, 4, 0, hands)

    assert tied.totals == (500, 500)
    assert tied.finished is False
    assert tied.winners == ()
    assert tied.places == (1, 1)
    assert tied.next_round.number == 10
    assert [str(note) for note in tied.rounds[-1].notes][-1] == (
        "both teams on 500, at or over 500: another hand"
    )
    won = spades.score(PAGAT, 4, 0, [*hands, X])
    assert won.totals == (630, 480)
    assert won.winners == (0,)
    assert lines(won, 10, 0)[-1] == "630: the target of 500 reached, the game is won"


def test_one_team_at_the_target_wins() -> None:
    """The short game, to 250: 130, 260."""
    result = spades.score(spades.PRESETS["short"], 4, 3, [X, X])

    assert result.totals == (260, -40)
    assert result.winners == (0,)
    assert lines(result, 2, 0) == [
        "contract 13, took 13: 10 × 13 = 130",
        "260: the target of 250 reached, the game is won",
    ]
    assert [scored.plan.dealer for scored in result.rounds] == [3, 0]


def test_a_hand_after_the_game_ended_is_refused() -> None:
    with pytest.raises(RuleError) as refused:
        spades.score(spades.PRESETS["short"], 4, 0, [X, X, X])

    assert str(refused.value) == "Hand 3: the game was already over."


MERCY_200 = spades.Rules(mercy=-200)


def test_a_team_at_the_mercy_line_loses() -> None:
    """−130, −260: at or below −200; the other side (61, 122) wins."""
    result = spades.score(MERCY_200, 4, 0, [M, M])

    assert totals(result) == [(-130, 61), (-260, 122)]
    assert result.winners == (1,)
    assert lines(result, 2, 0)[-1] == "−260: at or below −200, the game is lost (mercy)"
    assert spades.score(PAGAT, 4, 0, [M, M]).finished is False  # mercy off


def test_both_teams_at_the_mercy_line_the_higher_total_wins() -> None:
    """Our choice: as over the target. −260 against −200: side 1."""
    result = spades.score(MERCY_200, 4, 0, [BOTH_SET, BOTH_SET])

    assert result.totals == (-260, -200)
    assert result.winners == (1,)
    assert [str(note) for note in result.rounds[-1].notes][-1] == (
        "both teams at or below −200: the higher total wins (mercy)"
    )


def test_both_teams_equal_at_the_mercy_line_play_another_hand() -> None:
    both_13 = team([7, 7, 6, 6], [6, 7])  # 13 of 6 and 13 of 7: −130 each
    result = spades.score(MERCY_200, 4, 0, [both_13, both_13])

    assert result.totals == (-260, -260)
    assert result.finished is False
    assert [str(note) for note in result.rounds[-1].notes][-1] == (
        "both teams on −260, at or below −200: another hand (mercy)"
    )


def test_the_target_before_the_mercy_line() -> None:
    """To 250 with mercy at −200: 260 wins whatever the other side's −250."""
    rules = spades.Rules(target=250, mercy=-200)
    result = spades.score(rules, 4, 0, [X, team([7, 5, 6, 5], [13, 0])])

    assert result.totals == (260, -120)  # side 1: −20, then 10 of 0: −100
    assert result.winners == (0,)


def test_the_moon_wins_the_game_outright() -> None:
    result = spades.score(spades.Rules(moon="wins"), 4, 0, [E, X])

    assert result.totals == (190, 50)  # 60 + 130; 70 − 20
    assert result.winners == (0,)
    assert result.finished is True
    assert lines(result, 2, 0) == [
        "the moon, 13 bid and taken: 130, and the game is won (the moon)"
    ]


def test_blind_nil_is_checked_against_who_is_behind_before_the_hand() -> None:
    """Side 1 is 150 behind after X (130 against −20): it may; side 0 may not."""
    rules = spades.PRESETS["blind_nil"]
    side_1 = {
        "bids": [4, 0, 4, 5],
        "blind": [False, True, False, False],
        "tricks": [4, 0, 4, 5],
    }
    result = spades.score(rules, 4, 0, [X, side_1])

    assert result.rounds[1].plan.behind == (0, 150)
    assert result.rounds[1].points == (80, 250)  # 8 of 8; 5 of 5 and blind nil: 50 + 200
    side_0 = dict(side_1, blind=[False, False, False, False])
    side_0["bids"], side_0["tricks"] = [0, 4, 4, 5], [0, 4, 4, 5]
    side_0["blind"] = [True, False, False, False]
    with pytest.raises(RuleError) as refused:
        spades.score(rules, 4, 0, [X, side_0])
    assert str(refused.value) == (
        "Hand 2: Blind nil is only for a side at least 100 behind; this side is 0 behind."
    )
    assert refused.value.where == "blind.0"


def test_the_next_hand_knows_who_is_behind() -> None:
    result = spades.score(PAGAT, 4, 1, [X])

    assert result.next_round == spades.Hand(number=2, dealer=2, cards=13, behind=(0, 150))


def test_nothing_yet() -> None:
    result = spades.score(PAGAT, 4, 0, [])

    assert result.sides == ((0, 2), (1, 3))
    assert result.totals == (0, 0)
    assert result.places == (1, 1)
    assert result.next_round == spades.first_plan(PAGAT, 4, 0)
    assert result.rounds == ()


def test_the_tally_adds_a_hand_at_a_time_as_score_does() -> None:
    hands = [*TO_337, BID_5_TOOK_8]
    tally = spades.Tally(PAGAT, 4, 0)
    for hand in hands:
        tally.add(hand)

    assert tally.result() == spades.score(PAGAT, 4, 0, hands)


def test_a_refused_hand_leaves_the_tally_as_it_was() -> None:
    tally = spades.Tally(PAGAT, 4, 0)
    tally.add(X)
    before = tally.result()
    with pytest.raises(RuleError):
        tally.add(team([3, 3, 3, 3], [7, 7]))

    assert tally.result() == before


def test_ended_changes_nothing() -> None:
    assert spades.score(PAGAT, 4, 0, [X], ended=True) == spades.score(PAGAT, 4, 0, [X])


# -- statistics -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "hand", "seat", "counts"),
    [
        (
            PAGAT,
            {"bids": [0, 3, 5, 3], "tricks": [2, 4, 5, 2]},
            0,
            # a nil, failed; the team's 5 of 5 made; 2 bags (the nil's)
            {"nils": 1, "nils_made": 0, "blind_nils": 0, "contracts_made": 1, "bags": 2},
        ),
        (
            PAGAT,
            {"bids": [0, 3, 5, 3], "tricks": [2, 4, 5, 2]},
            3,
            {"nils": 0, "nils_made": 0, "blind_nils": 0, "contracts_made": 1, "bags": 0},
        ),
        (
            spades.Rules(blind_nil="on"),
            {"bids": [0, 3, 5, 3], "blind": [True, False, False, False], "tricks": [0, 4, 5, 4]},
            2,
            {"nils": 0, "nils_made": 0, "blind_nils": 0, "contracts_made": 1, "bags": 0},
        ),
        (
            spades.Rules(blind_nil="on"),
            {"bids": [0, 3, 5, 3], "blind": [True, False, False, False], "tricks": [0, 4, 5, 4]},
            0,
            {"nils": 1, "nils_made": 1, "blind_nils": 1, "contracts_made": 1, "bags": 0},
        ),
        (
            spades.Rules(failed_nil="count"),
            {"bids": [0, 3, 5, 3], "tricks": [3, 3, 3, 4]},
            0,
            # 3 + 3 count toward 5: made, one bag
            {"nils": 1, "nils_made": 0, "blind_nils": 0, "contracts_made": 1, "bags": 1},
        ),
        (
            PAGAT,
            {"bids": [0, 3, 5, 3], "tricks": [3, 3, 3, 4]},
            0,
            # 3 of 5 without the nil's: set; the nil's 3 are bags
            {"nils": 1, "nils_made": 0, "blind_nils": 0, "contracts_made": 0, "bags": 3},
        ),
    ],
)
def test_a_players_figures_in_a_hand(rules, hand, seat, counts) -> None:
    checked = spades.check_round(rules, 4, spades.first_plan(rules, 4, 0), hand)

    figures = spades.round_figures(checked, seat, rules)

    assert figures == {"hands": 1, "contracts": 1, **counts}
    assert {figure.key for figure in spades.FIGURES} == set(figures)
    assert all(figure.of in (None, *figures) for figure in spades.FIGURES)

"""Whole games of Skull King: rounds in order, running totals, the round's notes (the
call, the missing tricks), the end after the last round and the re-check of every round
a file brings."""

import pytest

from games.rules import skull_king as sk
from games.rules.errors import RuleError
from games.rules.rounds import Plan

STANDARD = sk.Rules()


def entry(bids, tricks, bonuses=None) -> dict:
    return {"bids": bids, "tricks": tricks, **({"bonuses": bonuses} if bonuses else {})}


def test_a_whole_game_of_four_matches_the_hand_count() -> None:
    """Ten rounds for four, every round's points worked out by hand in the comments."""
    rounds = [
        entry([0, 1, 0, 0], [0, 1, 0, 0]),  # 10, 20, 10, 10
        entry([1, 0, 1, 0], [1, 0, 0, 1]),  # 20, 20 (zero of 2), −10, −20
        entry([1, 1, 1, 1], [1, 1, 1, 0]),  # 20, 20, 20, −10
        entry([2, 0, 1, 1], [2, 0, 1, 1], [{"pirates": 1}, {}, {}, {}]),  # 70, 40, 20, 20
        entry([2, 2, 0, 2], [1, 2, 0, 2], [{}, {"fourteens": 2}, {}, {}]),  # −10, 60, 50, 40
        entry([0, 3, 2, 0], [1, 3, 2, 0], [{}, {}, {"mermaids": 1}, {}]),  # −60, 60, 60, 60
        entry(
            [3, 1, 2, 1], [3, 1, 2, 1], [{"wager": 20}, {}, {}, {"skull_king": True}]
        ),  # 80, 20, 40, 60
        entry(
            [2, 2, 2, 2], [2, 3, 2, 1], [{}, {"black_fourteen": True}, {}, {}]
        ),  # 40, −10, 40, −10
        entry([4, 0, 3, 1], [4, 0, 4, 1], [{}, {}, {"wager": 10}, {}]),  # 80, 90, −20, 20
        entry([3, 3, 3, 1], [3, 3, 3, 1], [{"fourteens": 1}, {}, {}, {}]),  # 70, 60, 60, 20
    ]

    result = sk.score(STANDARD, 4, 0, rounds)

    assert [scored.points for scored in result.rounds] == [
        (10, 20, 10, 10),
        (20, 20, -10, -20),
        (20, 20, 20, -10),
        (70, 40, 20, 20),
        (-10, 60, 50, 40),
        (-60, 60, 60, 60),
        (80, 20, 40, 60),
        (40, -10, 40, -10),
        (80, 90, -20, 20),
        (70, 60, 60, 20),
    ]
    assert result.totals == (320, 380, 270, 190)
    assert result.finished and result.winners == (1,) and result.places == (2, 1, 3, 4)
    assert result.next_round is None
    assert result.sides == ((0,), (1,), (2,), (3,))


def test_a_rascal_game_with_the_advanced_cards_matches_the_hand_count() -> None:
    rules = sk.Rules(scoring="rascal", kraken=True, white_whale=True, loot=True, rounds=[3, 4, 5])
    rounds = [
        # 3 cards, worth 30: a cannonball made, 15 × 3 = 45; a glancing blow, 15 and
        # half a 14's 10, 15 + 10 − 5 = 20; a glancing blow, 15
        entry([1, 1, 1], [1, 2, 0], [{"cannonball": True}, {"fourteens": 1}, {}]),
        # 4 cards, worth 40, one trick taken by the Kraken: all three exact, 40 each;
        # seats 0 and 1 allied, +20 each; seat 2's wager won, +20
        entry([2, 0, 1], [2, 0, 1], [{"loot": [1]}, {"loot": [0]}, {"wager": 20}]),
        # 5 cards, worth 50, all off by one: 25 each; seat 0's two pirates taken with
        # the Skull King, 60 halved: 25 + 60 − 30 = 55; seat 2's mermaid taken with a
        # pirate, 20 halved: 25 + 20 − 10 = 35
        entry([2, 2, 2], [3, 1, 1], [{"pirates": 2}, {}, {"mermaids": 1}]),
    ]

    result = sk.score(rules, 3, 0, rounds)

    assert [scored.points for scored in result.rounds] == [
        (45, 20, 15),
        (60, 60, 60),
        (55, 25, 35),
    ]
    assert [scored.totals for scored in result.rounds] == [
        (45, 20, 15),
        (105, 80, 75),
        (160, 105, 110),
    ]
    assert result.finished and result.winners == (0,) and result.places == (1, 3, 2)


def test_a_game_is_over_after_its_last_round_and_equal_best_totals_share_the_win() -> None:
    rules = sk.Rules(rounds=[1, 2])
    rounds = [
        entry([1, 0, 0], [1, 0, 0]),  # 20, 10, 10
        entry([1, 1, 0], [1, 1, 0], [{}, {"fourteens": 1}, {}]),  # 20, 30 (20 + 10), 20
    ]

    result = sk.score(rules, 3, 0, rounds)

    assert result.totals == (40, 40, 30)
    assert result.finished and result.winners == (0, 1)
    assert result.places == (1, 1, 3)
    assert result.next_round is None


def test_a_game_under_way_has_no_winner_yet_and_says_the_next_round() -> None:
    result = sk.score(STANDARD, 3, 1, [entry([1, 0, 0], [1, 0, 0])])  # 20, 10, 10

    assert not result.finished and result.winners == ()
    assert result.places == (1, 2, 2)
    assert result.next_round == Plan(number=2, dealer=2, cards=2)


def test_a_game_not_begun_is_all_zeros_and_round_one_next() -> None:
    result = sk.score(STANDARD, 5, 4, [])

    assert result.totals == (0, 0, 0, 0, 0) and result.rounds == ()
    assert result.next_round == Plan(number=1, dealer=4, cards=1)
    assert result.marks == (None,) * 5


def test_the_table_ending_the_game_changes_nothing() -> None:
    rounds = [entry([1, 0, 0], [1, 0, 0])]

    assert sk.score(STANDARD, 3, 0, rounds, ended=True) == sk.score(STANDARD, 3, 0, rounds)


def test_each_rounds_plan_has_its_dealer_and_cards() -> None:
    rounds = [entry([0] * 8, [1] + [0] * 7)] + [entry([0] * 8, [n] + [0] * 7) for n in range(2, 11)]
    rounds[8] = entry([0] * 8, [8] + [0] * 7)  # eight players: rounds 9 and 10 deal 8
    rounds[9] = entry([0] * 8, [8] + [0] * 7)

    result = sk.score(STANDARD, 8, 6, rounds)

    assert [scored.plan.cards for scored in result.rounds] == [1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert [scored.plan.dealer for scored in result.rounds] == [6, 7, 0, 1, 2, 3, 4, 5, 6, 7]


def test_the_entry_kept_on_a_round_is_the_checked_one() -> None:
    result = sk.score(STANDARD, 3, 0, [entry([1, 0, 0], [1, 0, 0])])

    assert result.rounds[0].entry == {
        "bids": [1, 0, 0],
        "tricks": [1, 0, 0],
        "bonuses": [{}, {}, {}],
    }


# -- the round's notes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "call"),
    [
        ([1, 1, 0], "EVEN: bids 2, tricks 2"),
        ([2, 1, 0], "OVER by 1: bids 3, tricks 2"),
        ([0, 0, 0], "UNDER by 2: bids 0, tricks 2"),
    ],
)
def test_a_rounds_first_note_is_the_call(bids, call) -> None:
    rules = sk.Rules(rounds=[2])

    result = sk.score(rules, 3, 0, [entry(bids, [1, 1, 0])])

    assert [str(note) for note in result.rounds[0].notes] == [call]


@pytest.mark.parametrize(("tricks", "short"), [([2, 1, 0], 1), ([1, 1, 0], 2)])
def test_the_notes_say_why_the_kraken_or_the_white_whale_left_tricks_missing(tricks, short) -> None:
    rules = sk.Rules(kraken=True, white_whale=True, loot=True, rounds=[4])

    result = sk.score(rules, 3, 0, [entry([1, 1, 1], tricks)])

    assert str(result.rounds[0].notes[-1]) == (
        f"tricks short of the cards: {short}, taken by the Kraken or the White Whale"
    )


def test_with_two_players_graybeards_tricks_score_for_nobody() -> None:
    rules = sk.Rules(rounds=[3])

    result = sk.score(rules, 2, 0, [entry([1, 1], [1, 0])])  # Graybeard took two

    assert result.rounds[0].points == (20, -10)
    assert str(result.rounds[0].notes[-1]) == ("tricks to the third hand of the two-player game: 2")


def test_a_round_with_every_trick_taken_has_only_the_call() -> None:
    result = sk.score(sk.PRESETS["advanced"], 2, 0, [entry([1, 0], [1, 0])])

    assert len(result.rounds[0].notes) == 1


# -- every round is checked again ------------------------------------------------------------


def test_a_bad_round_in_a_file_is_named_by_its_number() -> None:
    rounds = [entry([1, 0], [1, 0]), entry([3, 0], [1, 1])]

    with pytest.raises(RuleError) as refused:
        sk.score(STANDARD, 2, 0, rounds)

    assert str(refused.value) == "Round 2: A bid is from 0 to 2."
    assert refused.value.template == "Round %(number)s: %(reason)s"


def test_a_round_after_the_last_is_refused() -> None:
    rules = sk.Rules(rounds=[1])

    with pytest.raises(RuleError, match="Round 2: the game was already over"):
        sk.score(rules, 2, 0, [entry([0, 0], [0, 0]), entry([0, 0], [0, 0])])


@pytest.mark.parametrize(
    ("players", "first_dealer", "entries", "reason"),
    [
        (3, 0, None, "“rounds” must be a list."),
        (3, 0, {"bids": [1]}, "“rounds” must be a list."),
        (3, 0, "rounds", "“rounds” must be a list."),
        (3, 3, [], "The first dealer must be one of the players."),
        (3, None, [], "The first dealer must be one of the players."),
        (9, 0, [], "Skull King is for 2 to 8 players."),
        (3, 0, [None], "Round 1: Enter every player's bid and tricks."),
    ],
)
def test_a_game_that_cannot_be_scored_is_refused_with_a_rule_error(
    players, first_dealer, entries, reason
) -> None:
    with pytest.raises(RuleError) as refused:
        sk.score(STANDARD, players, first_dealer, entries)

    assert str(refused.value) == reason

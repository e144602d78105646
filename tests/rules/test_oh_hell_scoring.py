"""Oh Hell: what a deal scores, and the tricks that decide it (seeds 000, 001, 002 and
RULES.md "beyond the seeds")."""

import pytest

from games.rules.errors import RuleError
from games.rules.oh_hell import (
    PRESETS,
    Adjustment,
    DealRecord,
    MadeBid,
    MissedBid,
    OhHellRules,
    ZeroBid,
    check_tricks,
    complete_tricks,
    deal_score,
    score_game,
    tally_tricks,
    taps_agree,
)

DEFAULT = OhHellRules()


# -- the default: 10 + the bid, a miss scores nothing ---------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "cards", "points"),
    [
        (2, 2, 5, 12),  # seed 000: "chi avrà dichiarato e fatto 2 prese ... 12 punti": 10 + 2
        (0, 0, 3, 10),  # seed 002: "10 points for zero tricks": 10 + 0
        (1, 1, 1, 11),  # seed 002: "11 for 1 trick": 10 + 1
        (7, 7, 10, 17),  # 10 + 7
        (13, 13, 13, 23),  # 10 + 13
    ],
)
def test_a_made_bid_scores_10_plus_the_bid(bid, tricks, cards, points):
    """Seed 001: "For making his bid exactly, a player scores 10 points plus the amount of
    the bid"; seed 000: "10 punti ... più un punto per ogni presa dichiarata (e fatta)"."""
    assert deal_score(DEFAULT, bid, tricks, cards) == points


@pytest.mark.parametrize(
    ("bid", "tricks", "cards"),
    [
        (2, 1, 5),  # under by one
        (2, 3, 5),  # over by one
        (0, 1, 1),
        (1, 0, 1),
        (13, 12, 13),
    ],
)
def test_a_missed_bid_scores_nothing(bid, tricks, cards):
    """Seed 000: "Chi sbaglia la previsione, sia in difetto che in eccesso, non ha diritto ad
    alcun punto"; seed 001: "scores nothing for the hand and loses nothing"."""
    assert deal_score(DEFAULT, bid, tricks, cards) == 0


# -- zero bids -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("zero", "cards", "points"),
    [
        (ZeroBid.FORMULA, 4, 10),  # the made-bid formula: 10 + 0 = 10
        (ZeroBid.TEN, 4, 10),  # seed 001: "the score is 10"
        (ZeroBid.FIVE, 4, 5),  # seed 001: "5"
        (ZeroBid.FIVE_PLUS_CARDS, 1, 6),  # seed 001: "5 plus the number of tricks": 5 + 1
        (ZeroBid.FIVE_PLUS_CARDS, 7, 12),  # seed 000: "5 aumentato ... carte": 5 + 7
        (ZeroBid.FIVE_PLUS_CARDS, 13, 18),  # 5 + 13
    ],
)
def test_a_made_zero_scores_10_5_or_5_plus_the_cards_as_the_table_chooses(zero, cards, points):
    """Seed 001: "As yet there is no standard for scoring of 'Zero' bids. In different
    localities the score is 10, 5, or 5 plus the number of tricks in the deal"."""
    assert deal_score(OhHellRules(zero=zero), 0, 0, cards) == points


@pytest.mark.parametrize("zero", list(ZeroBid))
def test_the_zero_option_leaves_other_bids_alone(zero):
    # bid 2 made is still 10 + 2 = 12, and a missed zero still scores nothing
    """Seed 001: the zero-bid variants change only "the scoring of 'Zero' bids"."""
    assert deal_score(OhHellRules(zero=zero), 2, 2, 5) == 12
    assert deal_score(OhHellRules(zero=zero), 0, 1, 5) == 0


# -- tricks on a miss ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "cards", "points"),
    [
        (2, 3, 5, 3),  # missed: 1 point x 3 tricks = 3
        (0, 2, 5, 2),  # missed zero: 2 tricks = 2
        (3, 0, 5, 0),  # missed with no trick: 0
        (2, 2, 5, 12),  # made: still 10 + 2 = 12
    ],
)
def test_a_missed_bid_can_score_a_point_per_trick_taken(bid, tricks, cards, points):
    """Seed 001: "(though in many games, one point is scored for each trick taken)"."""
    assert deal_score(OhHellRules(missed=MissedBid.TRICKS), bid, tricks, cards) == points


# -- slams -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "cards", "points"),
    [
        (5, 5, 5, 55),  # "cappotto", every trick: 50 + 5 tricks = 55
        (4, 4, 5, 29),  # "piccolo cappotto", all but one: 25 + 4 = 29
        (7, 7, 7, 57),  # 50 + 7
        (6, 6, 7, 31),  # 25 + 6
        (13, 13, 13, 63),  # 50 + 13
        (12, 12, 13, 37),  # 25 + 12
        (3, 3, 5, 13),  # not a slam: 10 + 3
        (0, 0, 5, 10),  # not a slam: 10 + 0
        (5, 4, 5, 0),  # a slam bid missed scores nothing
        (4, 5, 5, 0),
        (4, 4, 4, 14),  # 4 cards: "solo nelle smazzate in cui ... almeno 5 carte": 10 + 4
        (3, 3, 4, 13),  # 4 cards, all but one: no small slam either: 10 + 3
        (1, 1, 1, 11),  # 1 card: 10 + 1
    ],
)
def test_slams_score_50_or_25_plus_the_tricks_only_from_5_cards(bid, tricks, cards, points):
    """Seed 000: "Questa convenzione si applica solo nelle smazzate in cui ogni giocatore
    possiede almeno 5 carte. I punti che si assegnano sono: 50 in caso di «cappotto» (tutte
    le prese) e 25 in caso di «piccolo cappotto» (tutte le prese meno una), più in ambo i
    casi, il numero di prese conseguite"."""
    assert deal_score(OhHellRules(slams=True), bid, tricks, cards) == points


@pytest.mark.parametrize(("bid", "cards"), [(5, 5), (4, 5), (13, 13)])
def test_without_the_slam_option_a_slam_is_an_ordinary_made_bid(bid, cards):
    # 10 + bid
    """Seed 001: "10 points plus the amount of the bid"; slams are seed 000's table option."""
    assert deal_score(DEFAULT, bid, bid, cards) == 10 + bid


# -- Oh Well ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "points"),
    [
        (0, 0, 12),  # "chi dichiara zero prese ... è premiato con 12 punti"
        (1, 1, 10),  # "realizza sempre e solo 10 punti"
        (6, 6, 10),
        (13, 13, 10),
        (4, 5, 0),  # a miss: nothing
        (0, 1, 0),
    ],
)
def test_oh_well_scores_10_for_any_made_bid_and_12_for_a_made_zero(bid, tricks, points):
    """Seed 000, Oh Well: "Chi mantiene l'impegno realizza sempre e solo 10 punti eccetto chi
    dichiara zero prese, che è premiato con 12 punti"."""
    assert deal_score(PRESETS["oh_well"], bid, tricks, 13) == points


# -- other made-bid formulas -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("made", "zero", "bid", "points"),
    [
        (MadeBid.TEN_TIMES_BID, ZeroBid.FORMULA, 3, 30),  # 10 x 3
        (MadeBid.TEN_TIMES_BID, ZeroBid.FORMULA, 1, 10),  # 10 x 1
        (MadeBid.TEN_TIMES_BID, ZeroBid.FORMULA, 0, 0),  # 10 x 0: such tables set a zero score
        (MadeBid.TEN_TIMES_BID, ZeroBid.TEN, 0, 10),  # ... like this one
        (MadeBid.TEN_PLUS_BID_SQUARED, ZeroBid.FORMULA, 3, 19),  # 10 + 3 x 3
        (MadeBid.TEN_PLUS_BID_SQUARED, ZeroBid.FORMULA, 5, 35),  # 10 + 5 x 5
        (MadeBid.TEN_PLUS_BID_SQUARED, ZeroBid.FORMULA, 0, 10),  # 10 + 0
        (MadeBid.TRICKS_PLUS_FIVE, ZeroBid.FORMULA, 3, 8),  # 3 + 5
        (MadeBid.TRICKS_PLUS_FIVE, ZeroBid.FORMULA, 0, 5),  # 0 + 5
        (MadeBid.TRICKS_PLUS_FIVE, ZeroBid.FIVE_PLUS_CARDS, 0, 10),  # zero: 5 + 5 cards
    ],
)
def test_the_other_made_bid_formulas(made, zero, bid, points):
    """RULES.md, beyond the seeds: "Made bid: 10 × bid; 10 + bid²; tricks + 5"."""
    assert deal_score(OhHellRules(made=made, zero=zero), bid, bid, 5) == points


# -- other missed-bid formulas -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("missed", "bid", "tricks", "points"),
    [
        (MissedBid.MINUS_BID, 3, 1, -3),  # minus the bid 3
        (MissedBid.MINUS_BID, 3, 5, -3),  # over or under, minus the bid
        (MissedBid.MINUS_BID, 0, 2, 0),  # minus 0
        (MissedBid.MINUS_DIFFERENCE, 3, 1, -2),  # |3 - 1| = 2
        (MissedBid.MINUS_DIFFERENCE, 1, 4, -3),  # |1 - 4| = 3
        (MissedBid.MINUS_TEN_PER_TRICK_OFF, 3, 1, -20),  # 10 x |3 - 1|
        (MissedBid.MINUS_TEN_PER_TRICK_OFF, 0, 4, -40),  # 10 x |0 - 4|
        (MissedBid.MINUS_DIFFERENCE_SQUARED, 3, 0, -9),  # |3 - 0|² = 9
        (MissedBid.MINUS_DIFFERENCE_SQUARED, 1, 3, -4),  # |1 - 3|² = 4
        (MissedBid.MINUS_DIFFERENCE_SQUARED, 2, 3, -1),  # |2 - 3|² = 1
    ],
)
def test_the_other_missed_bid_formulas(missed, bid, tricks, points):
    """RULES.md, beyond the seeds: "Missed bid: minus the bid; minus the difference; minus 10
    per trick off; minus the difference squared"."""
    assert deal_score(OhHellRules(missed=missed), bid, tricks, 5) == points


@pytest.mark.parametrize("missed", list(MissedBid))
def test_the_missed_bid_formula_leaves_a_made_bid_alone(missed):
    """Seed 001: a made bid scores "10 points plus the amount of the bid"."""
    assert deal_score(OhHellRules(missed=missed), 2, 2, 5) == 12  # 10 + 2


# -- Wizard-style ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "tricks", "cards", "points"),
    [
        (0, 0, 3, 20),  # 20 + 10 x 0
        (1, 1, 1, 30),  # 20 + 10 x 1
        (3, 3, 7, 50),  # 20 + 10 x 3
        (15, 15, 15, 170),  # the 15-card deal for 4 with 60 cards: 20 + 10 x 15
        (2, 5, 7, -30),  # |2 - 5| = 3 tricks off: -10 x 3 = -30
        (4, 3, 7, -10),  # 1 off: -10
        (0, 6, 7, -60),  # 6 off: -10 x 6
    ],
)
def test_wizard_style_scores_20_plus_10_a_trick_and_minus_10_a_trick_off(
    bid, tricks, cards, points
):
    """RULES.md, beyond the seeds: "made bid 20 + 10 per trick, missed bid −10 per trick off"."""
    assert deal_score(PRESETS["wizard_style"], bid, tricks, cards) == points


# -- the revoke --------------------------------------------------------------------------------

ITALIAN = PRESETS["italian"]


def test_a_revoke_costs_10_nobody_scores_and_the_same_deal_is_played_again():
    """Seed 000: "il giocatore che ha commesso l'infrazione viene penalizzato di 10 punti e la
    smazzata viene ripetuta (con lo stesso mazziere e lo stesso numero di carte per ognuno)"."""
    records = [
        # deal 1, 1 card, dealer 0: (10, 11, 10, 10)
        DealRecord(bids=(0, 1, 0, 0), tricks=(0, 1, 0, 0)),
        # deal 2, 2 cards, dealer 1: seat 3 revokes -> (0, 0, 0, -10)
        DealRecord(bids=(1, 0, 0, 1), revoke=3),
        # deal 2 again, 2 cards, dealer 1 again: 0/1 -> 0, 1/1 -> 11, 0/0 -> 10, 0/0 -> 10
        DealRecord(bids=(0, 1, 0, 0), tricks=(1, 1, 0, 0)),
        # deal 3, 3 cards, dealer 2: 11, 11, 11, 1/0 -> 0
        DealRecord(bids=(1, 1, 1, 1), tricks=(1, 1, 1, 0)),
    ]
    result = score_game(ITALIAN, 4, 0, records)
    assert [deal.scores for deal in result.deals] == [
        (10, 11, 10, 10),
        (0, 0, 0, -10),
        (0, 11, 10, 10),
        (11, 11, 11, 0),
    ]
    assert [deal.plan.number for deal in result.deals] == [1, 2, 2, 3]
    assert [deal.plan.cards for deal in result.deals] == [1, 2, 2, 3]
    assert [deal.plan.dealer for deal in result.deals] == [0, 1, 1, 2]  # then the rotation goes on
    assert [deal.revoked for deal in result.deals] == [False, True, False, False]
    assert [deal.replay for deal in result.deals] == [False, False, True, False]
    assert result.deals[1].penalty == (0, 0, 0, -10)
    assert result.deals[1].base == (0, 0, 0, 0)
    assert result.deals[1].made == (False, False, False, False)
    # 10 + 0 + 0 + 11 = 21; 11 + 0 + 11 + 11 = 33; 10 + 0 + 10 + 11 = 31; 10 - 10 + 10 + 0 = 10
    assert result.totals == (21, 33, 31, 10)
    assert result.next_deal.number == 4
    assert result.next_deal.dealer == 3
    assert result.next_deal.cards == 4


def test_the_deal_after_a_revoke_is_the_same_deal_again():
    """Seed 000: "la smazzata viene ripetuta (con lo stesso mazziere ...)"."""
    records = [
        DealRecord(bids=(0, 1, 0, 0), tricks=(0, 1, 0, 0)),
        DealRecord((1, 0, 0, 1), revoke=0),
    ]
    result = score_game(ITALIAN, 4, 2, records)
    assert result.next_deal == result.plans[1]  # deal 2, 2 cards, dealer (2 + 1) % 4 = 3
    assert result.next_deal.dealer == 3
    assert not result.finished


def test_a_revoke_in_the_last_deal_means_the_game_is_not_over():
    # custom single-deal game: the only deal is revoked, so it must be played again
    """Seed 000: a revoked deal is played again, even the last one."""
    rules = ITALIAN.with_options(schedule="custom", custom_schedule=(2,))
    result = score_game(rules, 3, 0, [DealRecord(bids=(1, 1, 1), revoke=1)])
    assert not result.finished
    assert result.next_deal == result.plans[0]
    assert result.totals == (0, -10, 0)


@pytest.mark.parametrize(("penalty", "total"), [(10, -10), (20, -20), (0, 0)])
def test_the_revoke_penalty_is_a_table_option(penalty, total):
    """Seed 000: "penalizzato di 10 punti" -- the default; tables may set their own."""
    rules = ITALIAN.with_options(revoke_penalty=penalty)
    result = score_game(rules, 3, 0, [DealRecord(bids=(0, 0, 0), revoke=2)])
    assert result.totals == (0, 0, total)


@pytest.mark.parametrize("penalty", [-10, "10", 2.5])
def test_the_revoke_penalty_must_be_a_whole_number_of_points(penalty):
    """Seed 000: the revoke costs points (10)."""
    with pytest.raises(RuleError) as excinfo:
        OhHellRules(revoke_penalty=penalty)
    assert str(excinfo.value) == "The revoke penalty must be a whole number of points."


def test_a_revoke_by_a_seat_not_at_the_table_is_refused():
    """Seed 000: the player who revoked is one of the players."""
    with pytest.raises(RuleError) as excinfo:
        score_game(ITALIAN, 3, 0, [DealRecord(bids=(0, 0, 0), revoke=3)])
    assert str(excinfo.value) == "Deal 1: No such player at this table."


def test_a_deal_without_a_revoke_needs_everyones_tricks():
    """Seed 001: "the scorekeeper [must] record the bids and enter the results"."""
    with pytest.raises(RuleError) as excinfo:
        score_game(ITALIAN, 3, 0, [DealRecord(bids=(0, 0, 0))])
    assert str(excinfo.value) == "Deal 1: Enter everyone's tricks to score the deal."


# -- manual adjustments ----------------------------------------------------------------------


def test_a_manual_adjustment_adds_plus_or_minus_points_with_a_note():
    """RULES.md, beyond the seeds: "plus or minus any points for one player in one deal, with
    a note (a table's own penalty)"."""
    adjustments = (
        Adjustment(seat=2, points=-5, note="looked at the stock"),
        Adjustment(seat=2, points=-5, note="again"),
        Adjustment(seat=0, points=3, note="kept the score sheet"),
    )
    record = DealRecord(bids=(0, 1, 0, 0), tricks=(0, 1, 0, 0), adjustments=adjustments)
    result = score_game(PRESETS["classic"], 4, 0, [record])
    deal = result.deals[0]
    assert deal.base == (10, 11, 10, 10)  # 10 + 0, 10 + 1, 10 + 0, 10 + 0
    assert deal.adjustment == (3, 0, -10, 0)  # seat 2: -5 - 5 = -10
    assert deal.scores == (13, 11, 0, 10)  # 10 + 3, 11, 10 - 10, 10
    assert result.totals == (13, 11, 0, 10)
    assert deal.record.adjustments[0].note == "looked at the stock"


def test_an_adjustment_also_counts_in_a_revoked_deal():
    """RULES.md, beyond the seeds: an adjustment is "for one player in one deal"; seed
    000's revoke."""
    record = DealRecord(bids=(0, 0, 0), revoke=1, adjustments=(Adjustment(0, 4, "bonus"),))
    result = score_game(ITALIAN, 3, 0, [record])
    assert result.totals == (4, -10, 0)  # +4 for seat 0, -10 revoke for seat 1


@pytest.mark.parametrize(
    ("adjustment", "message"),
    [
        (Adjustment(seat=4, points=5), "Deal 1: No such player at this table."),
        (Adjustment(seat=1, points=2.5), "Deal 1: An adjustment is a whole number of points."),
        (Adjustment(seat=1, points=True), "Deal 1: An adjustment is a whole number of points."),
    ],
)
def test_an_adjustment_needs_a_seat_and_whole_points(adjustment, message):
    """RULES.md, beyond the seeds: "plus or minus any points for one player"."""
    record = DealRecord(bids=(0, 1, 0, 0), tricks=(0, 1, 0, 0), adjustments=(adjustment,))
    with pytest.raises(RuleError) as excinfo:
        score_game(PRESETS["classic"], 4, 0, [record])
    assert str(excinfo.value) == message


# -- tricks ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tricks", "cards"),
    [
        ((0, 1, 0, 0), 1),  # 1
        ((2, 0, 3, 0), 5),  # 2 + 0 + 3 + 0 = 5
        ((13, 0, 0, 0), 13),
        ([4, 4, 5], 13),  # 4 + 4 + 5 = 13
    ],
)
def test_the_tricks_add_up_to_the_cards_each_player_held(tricks, cards):
    """RULES.md: "At the end of a deal the tricks taken add up to the cards each player
    held"; seed 002: "Continue until all tricks are won"."""
    assert check_tricks(tricks, cards, len(tricks)) == tuple(tricks)


@pytest.mark.parametrize(
    ("tricks", "cards", "message"),
    [
        # 2 + 0 + 2 + 0 = 4
        ((2, 0, 2, 0), 5, "The tricks add up to 4, but 5 were played: check the counts."),
        # 1 + 1 + 1 + 1 = 4
        ((1, 1, 1, 1), 3, "The tricks add up to 4, but 3 were played: check the counts."),
        ((6, -1, 0, 0), 5, "Tricks are a whole number from 0 to 5."),  # adds up, but -1
        ((6, 0, 0, 0), 5, "Tricks are a whole number from 0 to 5."),
        ((1, "1", 0, 0), 2, "Tricks are a whole number from 0 to 2."),
        ((1, None, 0, 0), 1, "Tricks are a whole number from 0 to 1."),
        ((1, 0, 0), 1, "Every player needs a number of tricks."),
    ],
)
def test_tricks_that_do_not_add_up_or_are_out_of_range_are_refused(tricks, cards, message):
    """RULES.md: "the tricks taken add up to the cards each player held"."""
    with pytest.raises(RuleError) as excinfo:
        check_tricks(tricks, cards, 4)
    assert str(excinfo.value) == message


@pytest.mark.parametrize(
    ("tricks", "cards", "completed"),
    [
        ([2, None, 1, 0], 5, [2, 2, 1, 0]),  # 5 - (2 + 1 + 0) = 2
        ([None, 0, 0], 7, [7, 0, 0]),  # 7 - 0 = 7
        ([1, 1, None], 2, [1, 1, 0]),  # 2 - 2 = 0
        ([2, None, None, 0], 5, [2, None, None, 0]),  # two missing: nothing to work out
        ([2, 2, 1, 0], 5, [2, 2, 1, 0]),  # none missing
        ([3, None, 3, 0], 5, [3, None, 3, 0]),  # 5 - 6 = -1: never negative, left empty
    ],
)
def test_the_last_trick_count_is_what_remains(tricks, cards, completed):
    # RULES.md: the tricks taken add up to the cards each player held.
    """The tricks add up to the cards, so the last count entered follows from the others."""
    assert complete_tricks(tricks, cards) == completed


@pytest.mark.parametrize(
    ("winners", "cards", "players", "tally"),
    [
        ([0, 2, 2, 1], 5, 4, (1, 1, 2, 0)),  # seat 2 won two of the four played so far
        ([], 5, 4, (0, 0, 0, 0)),
        ([3, 3, 3], 3, 4, (0, 0, 0, 3)),
        ([6], 1, 7, (0, 0, 0, 0, 0, 0, 1)),
    ],
)
def test_the_tricks_taken_so_far_are_tallied_as_they_fall(winners, cards, players, tally):
    """Seed 001: "A player is entitled to be informed at any time ... how many tricks each
    player has won"; seed 000: "il numero di prese ... conseguito da ogni giocatore"."""
    assert tally_tricks(winners, cards, players) == tally


def test_more_tricks_than_cards_cannot_be_tallied():
    """RULES.md: a deal has as many tricks as cards in each hand."""
    with pytest.raises(RuleError) as excinfo:
        tally_tricks([0, 1, 2, 3, 0, 1], 5, 4)
    assert str(excinfo.value) == "Only 5 tricks are played in this deal."


@pytest.mark.parametrize(
    ("winners", "tricks", "agree"),
    [
        ([1, 0, 1], [1, 2, 0, 0], True),  # every trick tapped, the counts are the taps
        ([1, 0, 1], [1, 1, 1, 0], False),  # the correction: Ben tapped 2, counted 1
        ([1, 0], [1, 1, 1, 0], True),  # two of three tapped: the third went to Carla
        ([1, 1], [1, 1, 1, 0], False),  # Ben tapped twice, counted once
        ([], [0, 0, 3, 0], True),  # nothing tapped: any counts
    ],
)
def test_the_tricks_tapped_agree_with_the_counts_only_if_they_could_have_led_to_them(
    winners, tricks, agree
):
    """A correction of the counts keeps the taps only when they still tell the deal
    (docs/export-format.md); 3 cards, 4 players."""
    assert taps_agree(winners, tricks, 3, 4) is agree


@pytest.mark.parametrize("seat", [4, -1, "0", None])
def test_a_trick_won_by_a_seat_not_at_the_table_is_refused(seat):
    """Seed 001: each trick is won by one of the players."""
    with pytest.raises(RuleError) as excinfo:
        tally_tricks([0, seat], 5, 4)
    assert str(excinfo.value) == "No such player at this table."

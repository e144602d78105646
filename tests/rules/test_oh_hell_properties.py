"""Oh Hell: properties that hold for every table, checked with generated cases.

Sources: the schedules of seeds 000, 001 and 002 and RULES.md's "beyond the seeds"; the
hook of seed 002 ("a hand will always be 'over-bid' or 'under-bid'"); seed 001's
"Over", "Under", "Even"; seed 001's "running account" of cumulative scores.
"""

from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.errors import RuleError
from games.rules.oh_hell import (
    PRESETS,
    Adjustment,
    Bidding,
    Call,
    DealRecord,
    MadeBid,
    MissedBid,
    OhHellRules,
    Schedule,
    TieBreak,
    ZeroBid,
    announce,
    deal_score,
    forbidden_bid,
    max_cards,
    plan,
    schedule,
    score_game,
    settle_up,
    standings,
)

#: Seed 000, Oh Well: 9, 8, 10, 12, 7 deals for 3 to 7 players.
OH_WELL_DEALS = {3: 9, 4: 8, 5: 10, 6: 12, 7: 7}

players = st.integers(min_value=3, max_value=7)
decks = st.sampled_from([52, 60])
caps = st.none() | st.integers(min_value=1, max_value=20)


def expected_top(players: int, deck: int, cap: int | None, keep: bool) -> int:
    """The most cards a deal may hold, worked out here from RULES.md, not from the module."""
    most = deck // players
    if keep:
        most = min(most, (deck - 1) // players)  # a card left to turn up
    if cap is not None:
        most = min(most, cap)
    return most


def table(schedule_kind, deck, cap, keep, double_turn=False):
    return OhHellRules(
        schedule=schedule_kind,
        deck_size=deck,
        cap=cap,
        keep_card_to_turn=keep,
        double_turn=double_turn,
    )


# -- schedules --------------------------------------------------------------------------


@given(players=players, deck=decks, cap=caps, keep=st.booleans())
def test_the_up_schedule_climbs_one_card_at_a_time_from_1_to_the_most(players, deck, cap, keep):
    """Seeds 000, 001: one card in the first deal, two in the second, and so on to the limit."""
    cards = schedule(table(Schedule.UP, deck, cap, keep), players)
    assert cards[0] == 1
    assert all(later - earlier == 1 for earlier, later in pairwise(cards))
    assert cards[-1] == expected_top(players, deck, cap, keep)


@given(players=players, deck=decks, cap=caps, keep=st.booleans())
def test_the_down_schedule_is_the_up_schedule_backwards(players, deck, cap, keep):
    """RULES.md, beyond the seeds: "down (most cards to 1)"."""
    up = schedule(table(Schedule.UP, deck, cap, keep), players)
    assert schedule(table(Schedule.DOWN, deck, cap, keep), players) == up[::-1]


@given(players=players, deck=decks, cap=caps, keep=st.booleans(), double=st.booleans())
def test_down_and_up_is_symmetric_turns_at_one_card_and_starts_at_most_10(
    players, deck, cap, keep, double
):
    """Seed 002: from 10 cards (fewer when the deck is short) down to 1 and back."""
    cards = schedule(table(Schedule.DOWN_AND_UP, deck, cap, keep, double), players)
    start = min(10, expected_top(players, deck, cap, keep))
    assert cards == cards[::-1]
    assert cards[0] == cards[-1] == start
    assert min(cards) == 1
    assert cards.count(1) == (2 if double else 1)
    assert len(cards) == 2 * start - (0 if double else 1)
    steps = [abs(later - earlier) for earlier, later in pairwise(cards)]
    assert set(steps) <= {0, 1}


@given(players=players, deck=decks, cap=caps, keep=st.booleans(), double=st.booleans())
def test_up_and_down_is_symmetric_and_turns_at_the_most(players, deck, cap, keep, double):
    """RULES.md, beyond the seeds: "up and down (1 to most and back)", optionally the turn twice."""
    cards = schedule(table(Schedule.UP_AND_DOWN, deck, cap, keep, double), players)
    most = expected_top(players, deck, cap, keep)
    assert cards == cards[::-1]
    assert cards[0] == cards[-1] == 1
    assert max(cards) == most
    assert cards.count(most) == (2 if double else 1)
    assert len(cards) == 2 * most - (0 if double else 1)


@given(players=players, deck=decks, cap=caps, keep=st.booleans())
def test_oh_well_is_the_most_cards_every_deal(players, deck, cap, keep):
    """Seed 000, Oh Well: always as many cards as possible, 9 / 8 / 10 / 12 / 7 deals."""
    cards = schedule(table(Schedule.OH_WELL, deck, cap, keep), players)
    assert set(cards) == {expected_top(players, deck, cap, keep)}
    assert len(cards) == OH_WELL_DEALS[players]


@given(
    players=players,
    deck=decks,
    cap=caps,
    keep=st.booleans(),
    kind=st.sampled_from([s for s in Schedule if s != Schedule.CUSTOM]),
    custom=st.lists(st.integers(min_value=1, max_value=25), min_size=1, max_size=8),
)
def test_every_hand_of_every_schedule_fits_the_deck(players, deck, cap, keep, kind, custom):
    """Seed 000: the game stops when the stock cannot give everyone another card."""
    for rules in (
        table(kind, deck, cap, keep),
        OhHellRules(schedule="custom", custom_schedule=custom, deck_size=deck, cap=cap),
    ):
        try:
            cards = schedule(rules, players)
        except RuleError:
            # only a custom list may ask for too much, and then it is refused
            assert rules.schedule == Schedule.CUSTOM
            assert max(custom) > expected_top(players, deck, cap, keep=False)
            continue
        assert all(hand >= 1 and hand * players <= deck for hand in cards)
        if keep and rules.schedule != Schedule.CUSTOM:
            assert all(hand * players < deck for hand in cards)  # a card left to turn up


# -- the hook and the announcement -----------------------------------------------------------


@given(cards=st.integers(min_value=1, max_value=20), others=st.integers(min_value=0, max_value=140))
def test_the_hook_always_leaves_the_dealer_a_legal_bid(cards, others):
    """Seed 002: the hook forbids one number at most, and 0 .. cards holds at least two."""
    forbidden = forbidden_bid(cards, others, hook=True)
    legal = [bid for bid in range(cards + 1) if bid != forbidden]
    assert len(legal) >= cards >= 1
    assert all(others + bid != cards for bid in legal)


@given(
    cards=st.integers(min_value=1, max_value=17),
    bids=st.lists(st.integers(min_value=0, max_value=17), min_size=3, max_size=7),
)
def test_over_or_under_says_which_way_the_total_misses_the_tricks(cards, bids):
    """Seed 001: "Over," or "Under," or "Even," according to how the total of bids compares
    with the number of tricks."""
    announcement = announce(bids, cards)
    difference = sum(bids) - cards
    expected = Call.OVER if difference > 0 else Call.UNDER if difference < 0 else Call.EVEN
    assert announcement.call == expected
    assert announcement.by == abs(difference)
    assert announcement.bids == sum(bids)
    assert announcement.tricks == cards


@st.composite
def bidding_tables(draw):
    seats = draw(players)
    cards = draw(st.integers(min_value=1, max_value=max_cards(seats)))
    dealer = draw(st.integers(min_value=0, max_value=seats - 1))
    attempts = draw(
        st.lists(
            st.tuples(
                st.integers(min_value=0, max_value=seats - 1),
                st.integers(min_value=0, max_value=cards),
            ),
            max_size=25,
        )
    )
    return seats, cards, dealer, attempts


@given(bidding_tables())
def test_with_the_hook_a_completed_bidding_is_never_even(case):
    """Seed 002: "a hand will always be 'over-bid' or 'under-bid'" -- whatever order the
    table bids in, out of turn or with changes."""
    seats, cards, dealer, attempts = case
    bidding = Bidding(players=seats, dealer=dealer, cards=cards, hook=True)
    for seat, bid in attempts:
        try:
            bidding = bidding.place(seat, bid)
        except RuleError:
            continue
        if bidding.complete:
            assert bidding.announcement().call != Call.EVEN
    while not bidding.complete:
        seat = bidding.to_bid
        # the hook leaves the player whose turn it is a legal bid: 0, or 1 if 0 is forbidden
        bid = 1 if bidding.forbidden(seat) == 0 else 0
        bidding = bidding.place(seat, bid)
    assert bidding.announcement().call != Call.EVEN
    assert sum(bidding.bids.values()) != cards


# -- whole games -------------------------------------------------------------------------------


@st.composite
def games(draw):
    """A preset (with some scoring options changed), a table, and deals as far as played."""
    rules = PRESETS[draw(st.sampled_from(sorted(PRESETS)))]
    rules = rules.with_options(
        slams=draw(st.booleans()),
        zero=draw(st.sampled_from(list(ZeroBid))),
        made=draw(st.sampled_from([rules.made, *MadeBid])),
        missed=draw(st.sampled_from([rules.missed, *MissedBid])),
    )
    seats = draw(players)
    first_dealer = draw(st.integers(min_value=0, max_value=seats - 1))
    deals = plan(rules, seats, first_dealer)
    played = draw(st.integers(min_value=0, max_value=len(deals)))
    records = []
    for deal in deals[:played]:
        bids = draw(
            st.lists(st.integers(min_value=0, max_value=deal.cards), min_size=seats, max_size=seats)
        )
        if deal.hook and sum(bids) == deal.cards:
            # the dealer obeys the hook: one more, or one fewer if already at the top
            bids[deal.dealer] += 1 if bids[deal.dealer] < deal.cards else -1
        adjustments = tuple(
            Adjustment(seat, points, "table penalty")
            for seat, points in draw(
                st.lists(
                    st.tuples(
                        st.integers(min_value=0, max_value=seats - 1),
                        st.integers(min_value=-20, max_value=20),
                    ),
                    max_size=2,
                )
            )
        )
        revoke = draw(st.none() | st.integers(min_value=0, max_value=seats - 1))
        if revoke is not None and draw(st.booleans()):
            records.append(DealRecord(bids=tuple(bids), revoke=revoke))
        # who won each trick, one per card in hand
        winners = draw(
            st.lists(
                st.integers(min_value=0, max_value=seats - 1),
                min_size=deal.cards,
                max_size=deal.cards,
            )
        )
        won = Counter(winners)
        tricks = tuple(won[seat] for seat in range(seats))
        records.append(DealRecord(bids=tuple(bids), tricks=tricks, adjustments=adjustments))
    return rules, seats, first_dealer, records


@given(games())
def test_a_game_total_is_the_sum_of_its_deal_scores(game):
    """Seed 001: "A running account is kept of each player's cumulative score"."""
    rules, seats, first_dealer, records = game
    result = score_game(rules, seats, first_dealer, records)
    assert len(result.deals) == len(records)
    running = [0] * seats
    for deal, record in zip(result.deals, records, strict=True):
        if record.revoke is None:
            base = tuple(
                deal_score(rules, bid, taken, deal.plan.cards)
                for bid, taken in zip(record.bids, record.tricks, strict=True)
            )
            penalty = (0,) * seats
        else:
            base = (0,) * seats
            penalty = tuple(
                -rules.revoke_penalty if s == record.revoke else 0 for s in range(seats)
            )
        adjustment = [0] * seats
        for adj in record.adjustments:
            adjustment[adj.seat] += adj.points
        expected = tuple(b + p + a for b, p, a in zip(base, penalty, adjustment, strict=True))
        assert deal.scores == expected
        running = [total + score for total, score in zip(running, expected, strict=True)]
        assert deal.totals == tuple(running)
    assert result.totals == tuple(running)
    assert result.finished == (result.next_deal is None)


@given(games())
def test_the_standings_put_the_highest_total_first_and_only_first_place_wins(game):
    """Seed 000: "Vince la partita chi totalizza il maggior numero di punti"."""
    rules, seats, first_dealer, records = game
    result = score_game(rules, seats, first_dealer, records)
    assert sorted(s.seat for s in result.standings) == list(range(seats))
    totals = [s.total for s in result.standings]
    assert totals == sorted(totals, reverse=True)
    assert result.standings[0].place == 1
    assert all(s.winner == (s.place == 1) for s in result.standings)
    assert all(s.total == max(result.totals) for s in result.standings if s.winner)


@given(
    totals=st.lists(st.integers(min_value=-200, max_value=600), min_size=3, max_size=7),
    made=st.lists(st.integers(min_value=0, max_value=19), min_size=7, max_size=7),
)
def test_the_tie_break_only_reorders_players_with_equal_totals(totals, made):
    """RULES.md, beyond the seeds: "optional tie-break on the total of made bids"."""
    made = made[: len(totals)]
    shared = standings(totals, made, TieBreak.SHARED)
    split = standings(totals, made, TieBreak.MOST_MADE_BIDS)
    assert [s.total for s in shared] == [s.total for s in split]
    assert {s.seat for s in split if s.winner} <= {s.seat for s in shared if s.winner}
    assert any(s.winner for s in split)


@given(
    totals=st.lists(st.integers(min_value=-200, max_value=600), min_size=3, max_size=7),
    stake=st.integers(min_value=0, max_value=10),
)
def test_settling_up_moves_money_only_from_the_others_to_the_winners(totals, stake):
    """Seed 000: "ogni giocatore versa al vincitore una somma convenuta per ogni punto di
    differenza"."""
    paid = settle_up(totals, stake)
    assert sum(paid) == pytest.approx(0, abs=1e-6)  # tied winners split a pot: floats
    best = max(totals)
    for total, amount in zip(totals, paid, strict=True):
        if total == best:
            assert amount <= 0
        else:
            assert amount == stake * (best - total)

"""Oh Hell: bids, the hook, and the scorekeeper's over / under / even (seeds 000, 001, 002)."""

from dataclasses import replace

import pytest

from games.rules.errors import RuleError
from games.rules.oh_hell import (
    PRESETS,
    Announcement,
    Bidding,
    Call,
    OhHellRules,
    announce,
    check_bid,
    check_bids,
    forbidden_bid,
    hook_applies,
    plan,
)

# -- one bid -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "cards"),
    [(0, 1), (1, 1), (0, 6), (6, 6), (3, 6), (0, 13), (13, 13), (17, 17)],
)
def test_a_bid_is_any_whole_number_from_0_to_the_cards_in_hand(bid, cards):
    """Seed 000: "il numero può variare ... da zero al numero di carte posseduto"; seed 001:
    "on the first deal the possible bids are 'One' and 'Zero'"."""
    assert check_bid(bid, cards) == bid


@pytest.mark.parametrize(
    ("bid", "cards"),
    [(2, 1), (-1, 1), (7, 6), (-1, 6), (14, 13)],
)
def test_a_bid_outside_0_to_the_cards_in_hand_is_refused(bid, cards):
    """Seed 000: a bid goes "da zero al numero di carte posseduto"; nothing else is a bid."""
    with pytest.raises(RuleError) as excinfo:
        check_bid(bid, cards)
    assert str(excinfo.value) == f"A bid is a whole number from 0 to {cards}."


@pytest.mark.parametrize("bid", ["2", 2.0, 1.5, None, True, False, "pass"])
def test_a_bid_that_is_not_a_whole_number_is_refused(bid):
    """Seed 002: "You can't pass, but you can bid zero"."""
    with pytest.raises(RuleError) as excinfo:
        check_bid(bid, 5)
    assert str(excinfo.value) == "A bid is a whole number from 0 to 5."


# -- the hook --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "other_bids", "forbidden"),
    [
        (5, 3, 2),  # 5 tricks - 3 bid = 2
        (1, 0, 1),  # 1 - 0 = 1: with everyone at zero the dealer may not bid one
        (1, 1, 0),  # 1 - 1 = 0
        (10, 0, 10),  # 10 - 0 = 10
        (13, 13, 0),  # 13 - 13 = 0
        (7, 4, 3),  # 7 - 4 = 3
        (8, 8, 0),  # 8 - 8 = 0: the dealer must bid at least one
    ],
)
def test_the_dealer_may_not_bid_the_number_that_makes_the_bids_even(cards, other_bids, forbidden):
    """Seed 002: "the dealer may not bid the number that would cause the total number of
    tricks bid to equal the number of tricks available"; seed 000: "il mazziere ... si
    impegni per un numero di prese che non faccia quadrare la somma"."""
    assert forbidden_bid(cards, other_bids, hook=True) == forbidden


@pytest.mark.parametrize(
    ("cards", "other_bids"),
    [
        (5, 6),  # others bid 6 with 5 cards: 5 - 6 = -1, no bid can make it even
        (1, 3),  # 1 - 3 = -2
        (2, 7),  # 2 - 7 = -5
    ],
)
def test_the_dealer_is_free_when_the_even_number_is_outside_0_to_the_cards(cards, other_bids):
    """RULES.md: "If that number is outside 0…cards, the dealer is free"."""
    assert forbidden_bid(cards, other_bids, hook=True) is None


@pytest.mark.parametrize(("cards", "other_bids"), [(5, 3), (1, 0), (13, 13)])
def test_without_the_hook_the_dealer_may_bid_anything(cards, other_bids):
    """Seed 001: "The total of all bids need not be equal to the number of tricks"."""
    assert forbidden_bid(cards, other_bids, hook=False) is None


@pytest.mark.parametrize(
    ("cards", "hook", "min_cards", "applies"),
    [
        (1, True, 1, True),  # seed 002: the hook in every deal, even the one-card deal
        (10, True, 1, True),
        (3, True, 4, False),  # min 4: no hook at 3 cards
        (4, True, 4, True),  # 4 >= 4
        (9, True, 4, True),
        (10, False, 1, False),  # seed 001: no hook at all
    ],
)
def test_the_hook_applies_only_from_the_tables_minimum_hand(cards, hook, min_cards, applies):
    """RULES.md, beyond the seeds: the hook "applies only from a minimum hand size (for
    example 4 cards)"."""
    rules = OhHellRules(hook=hook, hook_min_cards=min_cards)
    assert hook_applies(rules, cards, last=False) is applies


def test_the_plan_lifts_the_hook_below_the_minimum_hand():
    # seed 002's down and up, hook from 4 cards: 10..4 hooked, 3 2 1 2 3 free, 4..10 hooked
    rules = PRESETS["down_and_up_hook"].with_options(hook_min_cards=4)
    game = plan(rules, 4, 0)
    assert tuple(deal.hook for deal in game) == (True,) * 7 + (False,) * 5 + (True,) * 7


@pytest.mark.parametrize(("last", "applies"), [(True, False), (False, True)])
def test_the_hook_can_be_lifted_in_the_last_deal(last, applies):
    """RULES.md, beyond the seeds: the hook "lifted in the last deal of the game"."""
    rules = OhHellRules(hook=True, hook_lifted_last_deal=True)
    assert hook_applies(rules, 10, last) is applies


def test_the_plan_lifts_the_hook_only_in_the_last_deal():
    """RULES.md, beyond the seeds: the hook "lifted in the last deal of the game"; seed 002:
    13 deals for 7 players."""
    rules = PRESETS["down_and_up_hook"].with_options(hook_lifted_last_deal=True)
    game = plan(rules, 7, 0)  # 13 deals for 7
    assert tuple(deal.hook for deal in game) == (True,) * 12 + (False,)


@pytest.mark.parametrize("min_cards", [0, -2, "4", 2.5])
def test_the_hooks_minimum_hand_must_be_a_whole_number_of_at_least_one(min_cards):
    """RULES.md, beyond the seeds: the hook's minimum hand is a number of cards (for example 4)."""
    with pytest.raises(RuleError) as excinfo:
        OhHellRules(hook=True, hook_min_cards=min_cards)
    assert str(excinfo.value) == "The hook's minimum hand must be a whole number of at least 1."


# -- a complete set of bids ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "cards", "hook"),
    [
        ((1, 2, 0, 1), 5, True),  # 1 + 2 + 0 + 1 = 4 != 5
        ((2, 2, 1, 1), 5, True),  # 6 != 5
        ((1, 2, 0, 2), 5, False),  # 5 == 5, but no hook
        ((0, 0, 0), 1, True),  # 0 != 1
    ],
)
def test_check_bids_accepts_a_complete_set_as_entered_or_corrected(bids, cards, hook):
    """Seeds 000, 001: the scorekeeper writes every bid down; seed 002's hook only forbids
    an even total."""
    assert check_bids(list(bids), cards, hook, len(bids)) == bids


@pytest.mark.parametrize(
    ("bids", "cards"),
    [
        ((1, 2, 0, 2), 5),  # 1 + 2 + 0 + 2 = 5
        ((0, 0, 1), 1),  # 0 + 0 + 1 = 1
        ((3, 3, 3, 1), 10),  # 3 + 3 + 3 + 1 = 10
    ],
)
def test_check_bids_refuses_a_set_that_adds_up_to_the_tricks_under_the_hook(bids, cards):
    """Seed 002: "a hand will always be 'over-bid' or 'under-bid'"."""
    with pytest.raises(RuleError) as excinfo:
        check_bids(bids, cards, True, len(bids))
    assert str(excinfo.value) == (
        f"The hook: the bids may not add up to the number of tricks ({cards})."
    )


@pytest.mark.parametrize(
    ("bids", "message"),
    [
        ((1, 2, 0), "Every player needs a bid."),
        ((1, 2, 0, 1, 0), "Every player needs a bid."),
        ((1, 2, 6, 0), "A bid is a whole number from 0 to 5."),
        ((1, None, 0, 0), "A bid is a whole number from 0 to 5."),
    ],
)
def test_check_bids_needs_one_bid_in_range_from_every_player(bids, message):
    """Seed 002: "You can't pass" -- every player bids, 0 .. cards (seed 000)."""
    with pytest.raises(RuleError) as excinfo:
        check_bids(bids, 5, False, 4)
    assert str(excinfo.value) == message


# -- the announcement ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bids", "cards", "announcement"),
    [
        ((1, 1, 1, 1), 3, Announcement(Call.OVER, 1, 4, 3)),  # 4 - 3 = over by 1
        ((0, 0, 1, 0), 3, Announcement(Call.UNDER, 2, 1, 3)),  # 3 - 1 = under by 2
        ((1, 1, 0, 1), 3, Announcement(Call.EVEN, 0, 3, 3)),  # 3 = 3
        ((13, 13, 13, 13), 13, Announcement(Call.OVER, 39, 52, 13)),  # 52 - 13 = 39
        ((0, 0, 0, 0, 0, 0, 0), 7, Announcement(Call.UNDER, 7, 0, 7)),  # 7 - 0 = 7
    ],
)
def test_the_scorekeeper_announces_over_under_or_even_and_by_how_much(bids, cards, announcement):
    """Seed 001: "the scorekeeper [announces] 'Over,' or 'Under,' or 'Even,' according to how
    the total of bids compares with the number of tricks"; seed 000: "inferiore, uguale o
    superiore"."""
    assert announce(bids, cards) == announcement


# -- bid by bid ------------------------------------------------------------------------------


def place_all(bidding, *placements):
    for seat, bid in placements:
        bidding = bidding.place(seat, bid)
    return bidding


def test_the_turn_goes_round_from_the_dealers_left_to_the_dealer():
    """Seed 002: "continues clockwise back around to the dealer, who bids last"."""
    bidding = Bidding(players=4, dealer=2, cards=3)
    turns = []
    for bid in (1, 0, 1, 0):
        turns.append(bidding.to_bid)
        bidding = bidding.place(bidding.to_bid, bid)
    assert turns == [3, 0, 1, 2]
    assert bidding.to_bid is None
    assert bidding.complete
    assert bidding.as_list() == [0, 1, 0, 1]  # by seat: 3 bid 1, 0 bid 0, 1 bid 1, 2 bid 0


def test_a_bid_may_change_while_the_next_player_has_not_bid():
    """Seed 000: "può modificare la sua dichiarazione ... solo se il giocatore che lo segue
    non ha ancora effettuato la sua"; seed 002: "only if the player to the left hasn't bid"."""
    bidding = Bidding(players=4, dealer=0, cards=5).place(1, 2)
    assert bidding.can_change(1)
    bidding = bidding.place(1, 3)
    assert bidding.bids[1] == 3
    assert bidding.to_bid == 2


def test_a_bid_can_no_longer_change_once_the_next_player_has_bid():
    """Seed 002: "A bid may be changed only if the player to the left hasn't bid"."""
    bidding = place_all(Bidding(players=4, dealer=0, cards=5), (1, 2), (2, 1))
    assert not bidding.can_change(1)
    assert bidding.can_change(2)
    with pytest.raises(RuleError) as excinfo:
        bidding.place(1, 0)
    assert str(excinfo.value) == "The next player has bid: this bid can no longer change."


def test_a_seat_that_has_not_bid_has_nothing_to_change():
    """Seeds 000, 002: only a bid already made can be changed."""
    bidding = Bidding(players=4, dealer=0, cards=5)
    assert not bidding.can_change(1)


def test_the_dealer_may_change_the_last_bid_until_play_starts():
    """Seeds 000, 002: a bid may change while nobody has acted after it. The dealer has
    nobody after them in the bidding, so the bid may change until the first card is led
    (the module's reading; seed 002 taken literally would never let the dealer change)."""
    bidding = place_all(Bidding(players=3, dealer=0, cards=4), (1, 1), (2, 1), (0, 0))
    assert bidding.can_change(0)
    bidding = bidding.place(0, 1)
    assert bidding.as_list() == [1, 1, 1]
    playing = replace(bidding, play_started=True)
    assert not playing.can_change(0)
    with pytest.raises(RuleError) as excinfo:
        playing.place(0, 2)
    assert str(excinfo.value) == "Play has started: the bids are closed."


def test_a_bid_out_of_turn_stands_and_the_turn_goes_back():
    """Seed 000: "La dichiarazione fuori turno è valida e non è modificabile: il turno di
    licitazione torna all'avente diritto"."""
    bidding = Bidding(players=4, dealer=0, cards=5)  # order 1, 2, 3, 0
    bidding = bidding.place(3, 2)  # seat 3 speaks before seats 1 and 2
    assert bidding.bids == {3: 2}
    assert bidding.out_of_turn == {3}
    assert bidding.to_bid == 1  # the turn is still seat 1's
    assert not bidding.can_change(3)
    with pytest.raises(RuleError) as excinfo:
        bidding.place(3, 1)
    assert str(excinfo.value) == "A bid made out of turn stands and cannot change."
    bidding = place_all(bidding, (1, 1), (2, 0))
    assert bidding.to_bid == 0  # seat 3 already spoke, so the dealer is next
    bidding = bidding.place(0, 1)
    assert bidding.complete
    assert bidding.as_list() == [1, 1, 0, 2]


def test_a_bid_out_of_turn_counts_as_the_next_players_bid():
    # seat 2 speaks out of turn before seat 1; seat 1's follower has then already bid
    """Seed 000: "solo se il giocatore che lo segue non ha ancora effettuato la sua" --
    seat 2 spoke (out of turn) before seat 1, so seat 1's follower has already bid."""
    bidding = place_all(Bidding(players=4, dealer=0, cards=5), (2, 1), (1, 1))
    assert not bidding.can_change(1)


def test_the_hook_binds_the_dealers_bid():
    """Seed 002: "Remember the hook: the dealer may not bid the number that would cause the
    total number of tricks bid to equal the number of tricks available"."""
    bidding = place_all(Bidding(players=4, dealer=0, cards=5, hook=True), (1, 2), (2, 1), (3, 0))
    assert bidding.forbidden(0) == 2  # 5 tricks - (2 + 1 + 0) = 2
    assert bidding.forbidden(1) is None  # only the bid that completes the bidding is bound
    with pytest.raises(RuleError) as excinfo:
        bidding.place(0, 2)
    assert str(excinfo.value) == (
        "The hook: 2 would make the bids add up to the number of tricks (5)."
    )
    bidding = bidding.place(0, 3)  # 2 + 1 + 0 + 3 = 6
    assert bidding.announcement() == Announcement(Call.OVER, 1, 6, 5)  # 6 - 5 = over by 1


def test_the_hook_still_binds_the_dealer_who_changes_the_bid():
    """Seed 002: the hook binds the dealer's bid, a changed one too."""
    bidding = place_all(
        Bidding(players=4, dealer=0, cards=5, hook=True), (1, 2), (2, 1), (3, 0), (0, 0)
    )
    # 2 + 1 + 0 + 0 = 3: under by 5 - 3 = 2; changing to 2 would make 2 + 1 + 0 + 2 = 5
    assert bidding.announcement() == Announcement(Call.UNDER, 2, 3, 5)
    with pytest.raises(RuleError):
        bidding.place(0, 2)
    assert bidding.place(0, 4).announcement() == Announcement(Call.OVER, 2, 7, 5)  # 7 - 5 = 2


def test_the_hook_binds_whoever_completes_the_bidding_when_the_dealer_bid_out_of_turn():
    """The hook exists so that "a hand will always be 'over-bid' or 'under-bid'" (seed 002):
    when the dealer spoke early, the bid that completes the bidding is the bound one."""
    bidding = Bidding(players=4, dealer=0, cards=5, hook=True)
    bidding = place_all(bidding, (0, 2), (1, 1), (2, 1))  # the dealer out of turn, then 1, 2
    assert bidding.to_bid == 3
    assert bidding.forbidden(3) == 1  # 5 - (2 + 1 + 1) = 1
    with pytest.raises(RuleError) as excinfo:
        bidding.place(3, 1)
    assert str(excinfo.value) == (
        "The hook: 1 would make the bids add up to the number of tricks (5)."
    )
    bidding = bidding.place(3, 0)  # 2 + 1 + 1 + 0 = 4
    assert bidding.announcement() == Announcement(Call.UNDER, 1, 4, 5)  # 5 - 4 = under by 1


def test_the_hook_leaves_the_dealer_free_when_the_others_already_bid_too_many():
    # others bid 6 with 5 cards: 5 - 6 = -1, any bid 0 .. 5 is allowed
    """RULES.md: "If that number is outside 0…cards, the dealer is free" (seed 002's hook)."""
    bidding = place_all(Bidding(players=4, dealer=0, cards=5, hook=True), (1, 3), (2, 2), (3, 1))
    assert bidding.forbidden(0) is None
    for bid in range(6):
        assert bidding.place(0, bid).complete


def test_without_the_hook_the_bids_can_come_out_even():
    """Seed 001 names "Even" as one of the three announcements."""
    bidding = place_all(Bidding(players=3, dealer=2, cards=2), (0, 1), (1, 0), (2, 1))
    assert bidding.announcement() == Announcement(Call.EVEN, 0, 2, 2)


def test_there_is_no_announcement_until_everyone_has_bid():
    """Seed 001: the announcement comes "After the dealer has bid last"."""
    bidding = place_all(Bidding(players=4, dealer=0, cards=5), (1, 2), (2, 1))
    assert bidding.announcement() is None


@pytest.mark.parametrize(
    ("seat", "bid", "message"),
    [
        (4, 1, "No such player at this table."),
        (-1, 1, "No such player at this table."),
        ("1", 1, "No such player at this table."),
        (1, 6, "A bid is a whole number from 0 to 5."),
        (1, -1, "A bid is a whole number from 0 to 5."),
        (1, "2", "A bid is a whole number from 0 to 5."),
    ],
)
def test_a_bid_in_the_bidding_needs_a_seat_at_the_table_and_a_bid_in_range(seat, bid, message):
    """Seed 000: each player at the table bids from zero to the cards held."""
    with pytest.raises(RuleError) as excinfo:
        Bidding(players=4, dealer=0, cards=5).place(seat, bid)
    assert str(excinfo.value) == message

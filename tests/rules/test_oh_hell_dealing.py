"""Oh Hell: who deals, who bids first, and which deals have a trump (seeds 000, 001, 002)."""

import pytest

from games.rules.errors import RuleError
from games.rules.oh_hell import (
    NO_TRUMP,
    PRESETS,
    DealPlan,
    OhHellRules,
    TrumpRule,
    bidding_order,
    check_trump,
    dealer_for,
    fixed_trump,
    is_no_trump,
    plan,
)

TURN_UP = OhHellRules(trump=TrumpRule.TURN_UP)
LAST_DEAL_NO_TRUMP = OhHellRules(trump=TrumpRule.LAST_DEAL_NO_TRUMP)
DRAWN_BEFORE_DEAL = OhHellRules(trump=TrumpRule.DRAWN_BEFORE_DEAL)
ROTATION = OhHellRules(trump=TrumpRule.ROTATION)


# -- the dealer ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "deal_index", "players", "dealer"),
    [
        (0, 0, 4, 0),  # the first deal: the first dealer
        (0, 1, 4, 1),  # then the seat to the left
        (0, 3, 4, 3),
        (0, 4, 4, 0),  # (0 + 4) % 4 = 0: round the table and back
        (2, 3, 4, 1),  # (2 + 3) % 4 = 1
        (3, 12, 4, 3),  # the 13th deal: (3 + 12) % 4 = 15 % 4 = 3
        (6, 1, 7, 0),  # (6 + 1) % 7 = 0: wraps past the last seat
        (2, 16, 3, 0),  # the 17th deal for 3: (2 + 16) % 3 = 18 % 3 = 0
    ],
)
def test_the_deal_passes_to_the_left_after_every_deal(first_dealer, deal_index, players, dealer):
    """Seed 000: "il cartaro sarà chi siede alla sinistra del precedente mazziere";
    seed 002: "Dealer rotates clockwise each hand"."""
    assert dealer_for(first_dealer, deal_index, players) == dealer


@pytest.mark.parametrize(
    ("rules", "players", "first_dealer", "dealers"),
    [
        # 13 deals from seat 2: 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2
        (PRESETS["classic"], 4, 2, (2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2)),
        # 13 down-and-up deals for 7 from seat 5: 5, 6, 0, 1, ... (5 + 12) % 7 = 3
        (PRESETS["down_and_up_hook"], 7, 5, (5, 6, 0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3)),
        # 9 Oh Well deals for 3 from seat 1
        (PRESETS["oh_well"], 3, 1, (1, 2, 0, 1, 2, 0, 1, 2, 0)),
    ],
)
def test_the_plan_gives_each_deal_its_dealer_clockwise_from_the_first(
    rules, players, first_dealer, dealers
):
    """Seed 000: "il mazziere, designato all'inizio dalla sorte" then the deal passes left."""
    deals = plan(rules, players, first_dealer)
    assert tuple(deal.dealer for deal in deals) == dealers
    assert tuple(deal.number for deal in deals) == tuple(range(1, len(dealers) + 1))
    assert tuple(deal.last for deal in deals) == (False,) * (len(dealers) - 1) + (True,)
    assert all(deal.tricks == deal.cards for deal in deals)


@pytest.mark.parametrize("first_dealer", [-1, 4, 7, "0", True, None, 1.0])
def test_the_first_dealer_must_be_one_of_the_seats(first_dealer):
    """Seed 002: "Player with highest card deals first" -- one of the players."""
    with pytest.raises(RuleError) as excinfo:
        plan(PRESETS["classic"], 4, first_dealer)
    assert str(excinfo.value) == "The first dealer must be one of the seats."


# -- the bidding order -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "players", "order"),
    [
        (0, 4, (1, 2, 3, 0)),
        (3, 4, (0, 1, 2, 3)),  # the seat left of seat 3 at a table of 4 is seat 0
        (1, 5, (2, 3, 4, 0, 1)),
        (2, 3, (0, 1, 2)),
        (6, 7, (0, 1, 2, 3, 4, 5, 6)),
        (0, 7, (1, 2, 3, 4, 5, 6, 0)),
    ],
)
def test_bidding_starts_left_of_the_dealer_and_the_dealer_bids_last(dealer, players, order):
    """Seed 002: "Bidding each hand begins with the player to the left of the dealer, then
    continues clockwise back around to the dealer, who bids last"; seed 000: "a partire dal
    primo a sinistra del mazziere"."""
    assert bidding_order(dealer, players) == order
    assert order[-1] == dealer


# -- trump: the turn-up (seed 001) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "cards", "no_trump"),
    [
        (4, 13, True),  # 4 x 13 = 52: nothing left to turn up
        (4, 12, False),  # 4 x 12 = 48: 4 cards left
        (3, 17, False),  # 3 x 17 = 51: one card left, and it is turned up
        (5, 10, False),  # 5 x 10 = 50
        (6, 8, False),  # 6 x 8 = 48
        (7, 7, False),  # 7 x 7 = 49
        (4, 1, False),
    ],
)
def test_a_deal_that_uses_the_whole_deck_is_played_at_no_trump(players, cards, no_trump):
    """Seed 001: "When the last deal leaves no odd card to turn up, the deal is played at
    notrump"."""
    assert is_no_trump(TURN_UP, players, cards, last=False) is no_trump
    assert is_no_trump(TURN_UP, players, cards, last=True) is no_trump


@pytest.mark.parametrize(
    ("players", "no_trump_deals"),
    [
        (4, (13,)),  # only the 13-card deal uses all 52 cards
        (3, ()),  # 15 deals (cap), 3 x 15 = 45: always a card to turn up
        (5, ()),  # 5 x 10 = 50
        (7, ()),  # 7 x 7 = 49
    ],
)
def test_the_classic_game_is_at_no_trump_only_when_no_card_is_left(players, no_trump_deals):
    """Seed 001 (the classic preset): the turn-up fixes trump for every other deal."""
    deals = plan(PRESETS["classic"], players, 0)
    assert tuple(deal.number for deal in deals if deal.no_trump) == no_trump_deals
    assert all(deal.trump == NO_TRUMP for deal in deals if deal.no_trump)
    assert all(deal.trump is None for deal in deals if not deal.no_trump)


# -- trump: the last deal (seed 000) ---------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "deals", "last"),
    [
        (3, 17, 17),  # 3 x 17 = 51 leaves a card, yet the last deal is at no-trump
        (4, 13, 13),
        (5, 10, 10),  # 5 x 10 = 50 leaves two cards, yet no trump
        (7, 7, 7),
    ],
)
def test_the_last_deal_of_the_italian_game_is_always_at_no_trump(players, deals, last):
    """Seed 000: "L'ultima smazzata viene giocata senza che venga determinata la briscola"."""
    game = plan(PRESETS["italian"], players, 0)
    assert len(game) == deals
    assert tuple(deal.number for deal in game if deal.no_trump) == (last,)
    assert game[-1].trump == NO_TRUMP


def test_the_last_deal_rule_also_keeps_the_turn_up_rule_for_earlier_deals():
    # custom 13, 1 for 4 players: deal 1 uses 4 x 13 = 52 cards (no turn-up), deal 2 is last
    """Seed 000 (last deal at no-trump) on top of seed 001 (no card left to turn up)."""
    rules = LAST_DEAL_NO_TRUMP.with_options(schedule="custom", custom_schedule=(13, 1, 2))
    assert tuple(deal.no_trump for deal in plan(rules, 4, 0)) == (True, False, True)


@pytest.mark.parametrize(
    ("players", "cards", "last", "no_trump"),
    [
        (5, 3, True, True),  # the last deal, whatever the cards
        (5, 3, False, False),
        (4, 13, False, True),  # 52 cards dealt
        (3, 17, True, True),
        (3, 17, False, False),
    ],
)
def test_is_no_trump_with_the_last_deal_rule(players, cards, last, no_trump):
    """Seed 000: the last deal has no trump; seed 001's turn-up still applies before it."""
    assert is_no_trump(LAST_DEAL_NO_TRUMP, players, cards, last) is no_trump


# -- trump: drawn before the deal (seed 000, Oh Well) -------------------------------------------


def test_oh_well_for_four_deals_13_cards_every_time_yet_every_deal_has_a_trump():
    """Seed 000, Oh Well: "La carta che determina il seme della briscola viene estratta a
    sorte prima della distribuzione" -- 4 x 13 = 52 cards dealt, and still a trump."""
    game = plan(PRESETS["oh_well"], 4, 0)
    assert tuple(deal.cards for deal in game) == (13,) * 8
    assert not any(deal.no_trump for deal in game)
    assert all(deal.trump is None for deal in game)  # the table records the drawn suit


@pytest.mark.parametrize(
    ("players", "cards", "last"), [(4, 13, True), (3, 17, True), (7, 7, False)]
)
def test_a_trump_drawn_before_the_deal_is_never_missing(players, cards, last):
    """Seed 000, Oh Well: the trump card is drawn before the deal."""
    assert is_no_trump(DRAWN_BEFORE_DEAL, players, cards, last) is False


# -- trump: the rotation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "trump"),
    [
        (1, "S"),
        (2, "H"),
        (3, "C"),
        (4, "D"),
        (5, NO_TRUMP),
        (6, "S"),  # (6 - 1) % 5 = 0: the rotation starts again
        (10, NO_TRUMP),  # (10 - 1) % 5 = 4
        (19, "D"),  # (19 - 1) % 5 = 3
    ],
)
def test_the_rotation_fixes_spades_hearts_clubs_diamonds_then_no_trump(number, trump):
    """Nomination Whist tables (RULES.md's presets beyond the seeds)."""
    assert fixed_trump(ROTATION, number) == trump
    assert is_no_trump(ROTATION, 4, 1, last=False, number=number) is (trump == NO_TRUMP)


def test_the_nomination_whist_plan_fixes_every_deals_trump():
    """Nomination Whist preset (RULES.md, beyond the seeds): S, H, C, D, NT in turn."""
    game = plan(PRESETS["nomination_whist"], 4, 0)
    # 19 deals: S H C D NT, S H C D NT, S H C D NT, S H C D
    assert tuple(deal.trump for deal in game) == ("S", "H", "C", "D", "NT") * 3 + (
        "S",
        "H",
        "C",
        "D",
    )
    assert tuple(deal.number for deal in game if deal.no_trump) == (5, 10, 15)


def test_the_other_trump_rules_fix_no_suit():
    """Seeds 000, 001, 002: the suit is whatever card is turned up or drawn."""
    assert fixed_trump(TURN_UP, 1) is None
    assert fixed_trump(LAST_DEAL_NO_TRUMP, 3) is None
    assert fixed_trump(DRAWN_BEFORE_DEAL, 2) is None


# -- check_trump ---------------------------------------------------------------------------

OPEN = DealPlan(number=3, cards=3, dealer=2, no_trump=False, hook=False, last=False)
NO_CARD_LEFT = DealPlan(
    number=13, cards=13, dealer=0, no_trump=True, hook=False, last=True, trump=NO_TRUMP
)
HEARTS_BY_ROTATION = DealPlan(
    number=2, cards=9, dealer=1, no_trump=False, hook=True, last=False, trump="H"
)


@pytest.mark.parametrize(
    ("entered", "recorded"),
    [("S", "S"), ("H", "H"), ("D", "D"), ("C", "C"), (None, None), ("", None)],
)
def test_a_deal_with_a_trump_records_the_suit_entered_or_nothing(entered, recorded):
    """Seed 002: the turned card's "suit is the trump suit"; recording it is optional."""
    assert check_trump(entered, OPEN) == recorded


def test_a_deal_that_has_a_trump_cannot_be_recorded_as_no_trump():
    """Seed 001: only a deal with no card left to turn up is at no-trump."""
    with pytest.raises(RuleError) as excinfo:
        check_trump(NO_TRUMP, OPEN)
    assert str(excinfo.value) == "This deal has a trump: pick its suit."


@pytest.mark.parametrize("entered", ["X", "spades", "10", "SH", "N"])
def test_a_trump_must_be_one_of_the_four_suits(entered):
    """Seeds 000, 001, 002: a standard 52-card pack, four suits."""
    with pytest.raises(RuleError) as excinfo:
        check_trump(entered, OPEN)
    assert str(excinfo.value) == "Trump must be spades, hearts, diamonds or clubs."


@pytest.mark.parametrize(
    ("deal", "entered", "recorded"),
    [
        (NO_CARD_LEFT, "S", NO_TRUMP),  # seed 001: nothing left to turn up
        (NO_CARD_LEFT, None, NO_TRUMP),
        (HEARTS_BY_ROTATION, "S", "H"),  # the rotation says hearts
        (HEARTS_BY_ROTATION, NO_TRUMP, "H"),
    ],
)
def test_a_trump_the_rules_fix_is_recorded_whatever_was_entered(deal, entered, recorded):
    assert check_trump(entered, deal) == recorded


def test_the_plan_fixes_the_italian_last_deal_at_no_trump_for_check_trump():
    """Seed 000: "L'ultima smazzata viene giocata senza ... briscola"."""
    last = plan(PRESETS["italian"], 4, 0)[-1]
    assert check_trump("C", last) == NO_TRUMP

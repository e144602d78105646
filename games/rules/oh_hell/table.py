"""Oh Hell's table: players, the deck, the schedules of cards per deal, the dealer,
trump, and the presets (seeds 000, 001, 002)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop, is_whole

MIN_PLAYERS = 3
MAX_PLAYERS = 7
DECK_SIZE = 52
WIZARD_DECK_SIZE = 60

#: Seed 000, "Oh Well": the number of deals by number of players.
OH_WELL_DEALS = {3: 9, 4: 8, 5: 10, 6: 12, 7: 7}

#: Seed 002: the down-and-up schedule starts at 10 cards (fewer when the deck is short).
DOWN_AND_UP_START = 10

#: Seed 000: slams count only when every player holds at least this many cards.
SLAM_MIN_CARDS = 5


class Schedule(StrEnum):
    """How many cards each deal has."""

    UP = "up"  # seeds 000, 001: 1, 2, 3 ... most
    DOWN = "down"  # most ... 1
    DOWN_AND_UP = "down_and_up"  # seed 002: 10 (or most) ... 1 ... 10
    UP_AND_DOWN = "up_and_down"  # 1 ... most ... 1
    OH_WELL = "oh_well"  # seed 000: always the most cards
    CUSTOM = "custom"  # the table's own list


class TrumpRule(StrEnum):
    """When a deal is played without trump."""

    #: seed 001: the card after the deal is turned up; with none left, no-trump.
    TURN_UP = "turn_up"
    #: seed 000: as TURN_UP, and the last deal of the game is always no-trump.
    LAST_DEAL_NO_TRUMP = "last_deal_no_trump"
    #: seed 000, Oh Well: the trump is drawn before the deal, so every deal has one.
    DRAWN_BEFORE_DEAL = "drawn_before_deal"
    #: Nomination Whist: spades, hearts, clubs, diamonds, no-trump, and again.
    ROTATION = "rotation"


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


NO_TRUMP = "NT"
TRUMP_ROTATION = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, NO_TRUMP)


class MadeBid(StrEnum):
    """What a player scores for taking exactly the tricks bid."""

    TEN_PLUS_BID = "ten_plus_bid"  # all three seeds: 10 + bid
    TEN_TIMES_BID = "ten_times_bid"  # 10 x bid
    TEN_PLUS_BID_SQUARED = "ten_plus_bid_squared"  # 10 + bid^2
    TRICKS_PLUS_FIVE = "tricks_plus_five"  # tricks + 5
    OH_WELL = "oh_well"  # seed 000, Oh Well: always 10, a made zero 12
    WIZARD = "wizard"  # Wizard: 20 + 10 per trick


class ZeroBid(StrEnum):
    """What a made zero bid scores (seeds 000 and 001: "no standard yet")."""

    FORMULA = "formula"  # the made-bid formula for 0 (10 by default)
    TEN = "ten"
    FIVE = "five"
    FIVE_PLUS_CARDS = "five_plus_cards"  # 5 + the cards each player held


class MissedBid(StrEnum):
    """What a player scores for taking more or fewer tricks than bid."""

    NOTHING = "nothing"  # all three seeds
    TRICKS = "tricks"  # seed 001: "one point is scored for each trick taken"
    MINUS_BID = "minus_bid"
    MINUS_DIFFERENCE = "minus_difference"
    MINUS_TEN_PER_TRICK_OFF = "minus_ten_per_trick_off"  # Wizard
    MINUS_DIFFERENCE_SQUARED = "minus_difference_squared"


class TieBreak(StrEnum):
    SHARED = "shared"  # the seeds: ties share the win
    MOST_MADE_BIDS = "most_made_bids"  # among equal totals, more made bids ranks higher


class Call(StrEnum):
    """The scorekeeper's announcement once the bids are in (seed 001's three words)."""

    OVER = "over"
    UNDER = "under"
    EVEN = "even"


def _check_players(players: int) -> None:
    if not is_whole(players):
        raise RuleError(gettext_noop("The number of players must be a whole number."))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop("Oh Hell is for %(low)s to %(high)s players."),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )


def _check_seat(seat: object, players: int, template: str) -> None:
    if not is_whole(seat) or not 0 <= seat < players:
        raise RuleError(template)


def max_cards(players: int, deck_size: int = DECK_SIZE) -> int:
    """The deck divided by the players, rounded down: 52 gives 17, 13, 10, 8, 7 for 3 to 7."""
    _check_players(players)
    return deck_size // players


@dataclass(frozen=True)
class OhHellRules:
    """Every option a table can choose; the defaults are the seeds' common ground.

    - ``cap``: the most cards a deal may have (seed 001 advises 15 for three players);
      ``keep_card_to_turn`` caps at (deck - 1) / players so a card is left to turn up;
      ``double_turn`` plays the turning hand of up-and-down / down-and-up twice.
    - ``hook`` (seed 002; a table option in seed 000): the dealer may not bid the number that
      makes the bids add up to the tricks; only from ``hook_min_cards`` cards, and not in the
      last deal with ``hook_lifted_last_deal``.
    - ``slams``: seed 000's 50 / 25 + tricks; ``revoke_penalty``: seed 000's 10 points.
    """

    schedule: Schedule = Schedule.UP
    custom_schedule: tuple[int, ...] = ()
    cap: int | None = None
    keep_card_to_turn: bool = False
    double_turn: bool = False
    deck_size: int = DECK_SIZE
    trump: TrumpRule = TrumpRule.TURN_UP
    hook: bool = False
    hook_min_cards: int = 1
    hook_lifted_last_deal: bool = False
    made: MadeBid = MadeBid.TEN_PLUS_BID
    zero: ZeroBid = ZeroBid.FORMULA
    missed: MissedBid = MissedBid.NOTHING
    slams: bool = False
    revoke_penalty: int = 10
    tie_break: TieBreak = TieBreak.SHARED

    def __post_init__(self) -> None:
        # Enum fields accept plain strings (from a form or a JSON file).
        for name, enum in _ENUM_FIELDS.items():
            value = getattr(self, name)
            try:
                object.__setattr__(self, name, enum(value))
            except ValueError:
                raise RuleError(
                    gettext_noop("Unknown value %(value)s for the option %(option)s."),
                    value=repr(value),
                    option=name,
                ) from None
        object.__setattr__(self, "custom_schedule", tuple(self.custom_schedule))
        if self.deck_size not in (DECK_SIZE, WIZARD_DECK_SIZE):
            raise RuleError(gettext_noop("The deck has 52 cards (60 for Wizard-style)."))
        if self.cap is not None and (not is_whole(self.cap) or self.cap < 1):
            raise RuleError(gettext_noop("The cap on cards must be a whole number of at least 1."))
        if not is_whole(self.hook_min_cards) or self.hook_min_cards < 1:
            raise RuleError(
                gettext_noop("The hook's minimum hand must be a whole number of at least 1.")
            )
        if not is_whole(self.revoke_penalty) or self.revoke_penalty < 0:
            raise RuleError(gettext_noop("The revoke penalty must be a whole number of points."))
        if self.double_turn and self.schedule not in (Schedule.UP_AND_DOWN, Schedule.DOWN_AND_UP):
            raise RuleError(
                gettext_noop(
                    "Only an up-and-down or down-and-up schedule has a turning hand to play twice."
                )
            )
        if self.schedule == Schedule.CUSTOM and not self.custom_schedule:
            raise RuleError(gettext_noop("A custom schedule needs at least one deal."))

    def with_options(self, **changes: object) -> OhHellRules:
        """A copy with some options changed (a preset adjusted by the table)."""
        return replace(self, **changes)


_ENUM_FIELDS = {
    "schedule": Schedule,
    "trump": TrumpRule,
    "made": MadeBid,
    "zero": ZeroBid,
    "missed": MissedBid,
    "tie_break": TieBreak,
}


def top_cards(rules: OhHellRules, players: int) -> int:
    """The most cards a deal may have at this table, after the caps."""
    most = max_cards(players, rules.deck_size)
    if rules.keep_card_to_turn:
        most = min(most, (rules.deck_size - 1) // players)
    if rules.cap is not None:
        most = min(most, rules.cap)
    return most


def schedule(rules: OhHellRules, players: int) -> tuple[int, ...]:
    """Cards per player in each deal, in order.

    - up (seeds 000, 001): 1, 2 ... most (13 deals for 4); down: most ... 1; up and down:
      1 ... most ... 1; ``double_turn`` plays the turning hand twice (... 10, 10 ...).
    - down and up (seed 002): from 10 cards (8 for 6 players, 7 for 7) down to 1 and back
      up: 19 deals for 3-5 players, 15 for 6, 13 for 7.
    - Oh Well (seed 000): the most cards every deal; 9, 8, 10, 12, 7 deals for 3 to 7 players.
    - custom: the table's list; a hand needing more cards than the deck holds is refused.
    """
    most = top_cards(rules, players)
    if rules.schedule == Schedule.UP:
        return tuple(range(1, most + 1))
    if rules.schedule == Schedule.DOWN:
        return tuple(range(most, 0, -1))
    if rules.schedule == Schedule.DOWN_AND_UP:
        start = min(most, DOWN_AND_UP_START)
        down = list(range(start, 0, -1))
        up = list(range(1 if rules.double_turn else 2, start + 1))
        return tuple(down + up)
    if rules.schedule == Schedule.UP_AND_DOWN:
        up = list(range(1, most + 1))
        down = list(range(most if rules.double_turn else most - 1, 0, -1))
        return tuple(up + down)
    if rules.schedule == Schedule.OH_WELL:
        return (most,) * OH_WELL_DEALS[players]
    if rules.schedule == Schedule.CUSTOM:
        for cards in rules.custom_schedule:
            if not is_whole(cards) or cards < 1:
                raise RuleError(gettext_noop("Every deal needs at least 1 card per player."))
            if cards > most:
                raise RuleError(
                    gettext_noop(
                        "%(cards)s cards each is too many for %(players)s players:"
                        " the most is %(most)s."
                    ),
                    cards=cards,
                    players=players,
                    most=most,
                )
        return rules.custom_schedule
    raise AssertionError(rules.schedule)  # pragma: no cover


def dealer_for(first_dealer: int, deal_index: int, players: int) -> int:
    """The deal passes to the left after every deal (all seeds). ``deal_index`` counts
    schedule slots from 0, so a deal replayed after a revoke keeps its dealer."""
    return (first_dealer + deal_index) % players


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """From the dealer's left round to the dealer, who bids last (all seeds); the player
    left of the dealer also leads the first trick."""
    return tuple((dealer + offset) % players for offset in range(1, players + 1))


def is_no_trump(rules: OhHellRules, players: int, cards: int, last: bool, number: int = 1) -> bool:
    """No trump: seed 001, when no card is left to turn up (players x cards = deck); seed
    000, always in the last deal; Oh Well (seed 000), never; rotation, every fifth deal."""
    if rules.trump == TrumpRule.DRAWN_BEFORE_DEAL:
        return False
    if rules.trump == TrumpRule.ROTATION:
        return fixed_trump(rules, number) == NO_TRUMP
    if rules.trump == TrumpRule.LAST_DEAL_NO_TRUMP and last:
        return True
    return players * cards >= rules.deck_size


def fixed_trump(rules: OhHellRules, number: int) -> str | None:
    """The trump the rules fix for deal ``number`` (rotation only), else None."""
    if rules.trump == TrumpRule.ROTATION:
        return str(TRUMP_ROTATION[(number - 1) % len(TRUMP_ROTATION)])
    return None


def hook_applies(rules: OhHellRules, cards: int, last: bool) -> bool:
    """Whether the hook binds the deal's last bid: seed 002 always, seed 000 as a table
    option; only from ``hook_min_cards`` cards, and lifted in the last deal if chosen."""
    if not rules.hook or cards < rules.hook_min_cards:
        return False
    return not (rules.hook_lifted_last_deal and last)


@dataclass(frozen=True)
class DealPlan:
    """What the schedule says about one deal before it is dealt."""

    number: int  # 1-based schedule slot
    cards: int
    dealer: int
    no_trump: bool
    hook: bool
    last: bool
    trump: str | None = None  # fixed by the rules (rotation / no-trump), else chosen at the table

    @property
    def tricks(self) -> int:
        return self.cards


def plan(rules: OhHellRules, players: int, first_dealer: int) -> tuple[DealPlan, ...]:
    """The whole game, deal by deal: cards, dealer, trump or no-trump, hook."""
    _check_players(players)
    _check_seat(first_dealer, players, gettext_noop("The first dealer must be one of the seats."))
    cards_list = schedule(rules, players)
    count = len(cards_list)
    plans = []
    for number, cards in enumerate(cards_list, 1):
        last = number == count
        no_trump = is_no_trump(rules, players, cards, last, number)
        plans.append(
            DealPlan(
                number=number,
                cards=cards,
                dealer=dealer_for(first_dealer, number - 1, players),
                no_trump=no_trump,
                hook=hook_applies(rules, cards, last),
                last=last,
                trump=NO_TRUMP if no_trump else fixed_trump(rules, number),
            )
        )
    return tuple(plans)


def check_trump(trump: str | None, deal: DealPlan) -> str | None:
    """The trump to record: a suit letter, "NT", or None. Where the rules fix it (no card
    left, the last deal, the rotation) that wins over the entry; a trump deal cannot be NT."""
    if deal.trump is not None:
        return deal.trump
    if trump in (None, ""):
        return None
    if trump == NO_TRUMP:
        raise RuleError(gettext_noop("This deal has a trump: pick its suit."))
    try:
        return str(Suit(trump))
    except ValueError:
        raise RuleError(gettext_noop("Trump must be spades, hearts, diamonds or clubs.")) from None


# -- presets ---------------------------------------------------------------------


def classic() -> OhHellRules:
    """Classic (seed 001, Hoyle-style): 1, 2, 3 ... cards, to 15 with three players as the
    seed advises; no-trump when no card is left to turn up; no hook; exact = 10 + bid, miss 0."""
    return OhHellRules(schedule=Schedule.UP, cap=15, trump=TrumpRule.TURN_UP)


def italian() -> OhHellRules:
    """Italian table (seed 000): 1, 2, 3 ... up to the most cards; the last deal without
    trump; exact = 10 + bid. The seed's variants are options: a made zero 5 + cards, the
    hook, slams (50 / 25 + tricks from 5 cards), and the revoke penalty of 10 points."""
    return OhHellRules(schedule=Schedule.UP, trump=TrumpRule.LAST_DEAL_NO_TRUMP)


def oh_well() -> OhHellRules:
    """Oh Well (seed 000): the most cards in every deal, 9 / 8 / 10 / 12 / 7 deals for 3 to
    7 players; the trump is drawn before the deal; a made bid scores 10, a made zero 12."""
    return OhHellRules(
        schedule=Schedule.OH_WELL, trump=TrumpRule.DRAWN_BEFORE_DEAL, made=MadeBid.OH_WELL
    )


def down_and_up_hook() -> OhHellRules:
    """Down and up with the hook (seed 002): 10 cards (8 for six players, 7 for seven) down
    to 1 and back; the dealer may not make the bids add up; exact = 10 + bid."""
    return OhHellRules(schedule=Schedule.DOWN_AND_UP, hook=True, trump=TrumpRule.TURN_UP)


def nomination_whist() -> OhHellRules:
    """Nomination Whist (British table rules): 10 cards (8 for six, 7 for seven) down to 1
    and back; trump rotates spades, hearts, clubs, diamonds, no-trump; the last bidder may
    not make the bids add up; 1 point per trick taken plus 10 for an exact bid."""
    return OhHellRules(
        schedule=Schedule.DOWN_AND_UP,
        trump=TrumpRule.ROTATION,
        hook=True,
        missed=MissedBid.TRICKS,
    )


def wizard_style() -> OhHellRules:
    """Wizard-style (RULES.md, "beyond the seeds"): a 60-card deck, so 60 ÷ players deals of
    1, 2, 3 ... cards; no hook; the last deal without trump; exact = 20 + 10 per trick, a miss
    = -10 per trick off."""
    return OhHellRules(
        schedule=Schedule.UP,
        deck_size=WIZARD_DECK_SIZE,
        trump=TrumpRule.LAST_DEAL_NO_TRUMP,
        made=MadeBid.WIZARD,
        missed=MissedBid.MINUS_TEN_PER_TRICK_OFF,
    )


PRESETS = {
    "classic": classic(),
    "italian": italian(),
    "oh_well": oh_well(),
    "down_and_up_hook": down_and_up_hook(),
    "nomination_whist": nomination_whist(),
    "wizard_style": wizard_style(),
}

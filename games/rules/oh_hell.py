"""Oh Hell: schedules, dealers, trump, bidding with the hook, and scoring.

Sources (see ``shared/RULES.md`` and the seeds beside it):

- seed 000: Italian table rules, their scoring variants and the "Oh Well" game;
- seed 001: classic English (Hoyle-style) rules;
- seed 002: the "down and up" schedule with the hook.

Seats are numbered 0 .. players-1 clockwise; "to the left" means the next seat
number. Deals are numbered from 1. Nothing here plays cards: it checks what the
scorekeeper enters and derives everything else from it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop

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

    #: seed 001: the card after the deal is turned up; a deal that uses the
    #: whole deck leaves none, and is played at no-trump.
    TURN_UP = "turn_up"
    #: seed 000: as TURN_UP, and the last deal of the game is always no-trump.
    LAST_DEAL_NO_TRUMP = "last_deal_no_trump"
    #: seed 000, Oh Well: the trump card is drawn before the deal, so every deal
    #: has a trump.
    DRAWN_BEFORE_DEAL = "drawn_before_deal"
    #: Nomination Whist tables: trump follows a fixed rotation, spades, hearts,
    #: clubs, diamonds, then a deal at no-trump, and again.
    ROTATION = "rotation"


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"


#: The value recorded for a deal played without trump.
NO_TRUMP = "NT"

#: Nomination Whist's rotation, deal 1 first.
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

    #: Whatever the made-bid formula gives for a bid of 0 (10 + 0 = 10 by default).
    FORMULA = "formula"
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


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_players(players: int) -> None:
    if not isinstance(players, int) or isinstance(players, bool):
        raise RuleError(gettext_noop("The number of players must be a whole number."))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop("Oh Hell is for %(low)s to %(high)s players."),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )


def max_cards(players: int, deck_size: int = DECK_SIZE) -> int:
    """The most cards a player can hold: the deck divided by the players, rounded down.

    52 cards: 3 -> 17, 4 -> 13, 5 -> 10, 6 -> 8, 7 -> 7.
    """
    _check_players(players)
    return deck_size // players


@dataclass(frozen=True)
class OhHellRules:
    """Every option a table can choose; the defaults are the seeds' common ground.

    - ``schedule``, ``custom_schedule``: the deal schedule (see `schedule`).
    - ``cap``: the most cards any deal may have (for example 10, or 15, seed 001's
      advice for three players); ``None`` for no cap.
    - ``keep_card_to_turn``: cap at (deck - 1) / players so a card is always left
      to turn up.
    - ``double_turn``: the turning hand of up-and-down / down-and-up is played twice.
    - ``deck_size``: 52, or 60 for Wizard-style.
    - ``trump``: see `TrumpRule`.
    - ``hook``: seed 002 (a table option in seed 000): the dealer may not bid the
      number that makes the bids add up to the tricks. ``hook_min_cards``: the
      hook applies only in deals of at least that many cards;
      ``hook_lifted_last_deal``: no hook in the last deal.
    - ``made``, ``zero``, ``missed``: the scoring formulas; ``slams``: seed 000's
      50 / 25 + tricks; ``revoke_penalty``: seed 000's 10 points.
    - ``tie_break``: how equal totals are ranked.
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
        # Accept plain strings (from a form or a JSON file) for the enum fields.
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
        if self.cap is not None and (not _is_whole(self.cap) or self.cap < 1):
            raise RuleError(gettext_noop("The cap on cards must be a whole number of at least 1."))
        if not _is_whole(self.hook_min_cards) or self.hook_min_cards < 1:
            raise RuleError(
                gettext_noop("The hook's minimum hand must be a whole number of at least 1.")
            )
        if not _is_whole(self.revoke_penalty) or self.revoke_penalty < 0:
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

    - up (seeds 000, 001): 1, 2 ... most; 13 deals for 4 players.
    - down: most ... 1.
    - down and up (seed 002): from 10 cards (8 for 6 players, 7 for 7) down to 1
      and back up: 19 deals for 3-5 players, 15 for 6, 13 for 7.
    - up and down: 1 ... most ... 1.
    - ``double_turn`` plays the turning hand twice (... 9, 10, 10, 9 ... or ... 2, 1, 1, 2 ...).
    - Oh Well (seed 000): the most cards every deal; 9, 8, 10, 12, 7 deals for
      3 to 7 players.
    - custom: the table's list; a hand that needs more cards than the deck holds
      is refused.
    """
    most = top_cards(rules, players)
    match rules.schedule:
        case Schedule.UP:
            return tuple(range(1, most + 1))
        case Schedule.DOWN:
            return tuple(range(most, 0, -1))
        case Schedule.DOWN_AND_UP:
            start = min(most, DOWN_AND_UP_START)
            down = list(range(start, 0, -1))
            up = list(range(1 if rules.double_turn else 2, start + 1))
            return tuple(down + up)
        case Schedule.UP_AND_DOWN:
            up = list(range(1, most + 1))
            down = list(range(most if rules.double_turn else most - 1, 0, -1))
            return tuple(up + down)
        case Schedule.OH_WELL:
            return (most,) * OH_WELL_DEALS[players]
        case Schedule.CUSTOM:
            for cards in rules.custom_schedule:
                if not isinstance(cards, int) or isinstance(cards, bool) or cards < 1:
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
    """The deal passes to the left after every deal (all seeds).

    ``deal_index`` counts schedule slots from 0; a replayed deal (revoke) keeps
    its slot and so its dealer.
    """
    return (first_dealer + deal_index) % players


def bidding_order(dealer: int, players: int) -> tuple[int, ...]:
    """From the dealer's left round to the dealer, who bids last (all seeds).

    The same order leads the first trick: the player left of the dealer leads.
    """
    return tuple((dealer + offset) % players for offset in range(1, players + 1))


def is_no_trump(rules: OhHellRules, players: int, cards: int, last: bool, number: int = 1) -> bool:
    """Whether the deal is played without trump.

    - seed 001: a deal that leaves no card to turn up (players x cards = deck);
    - seed 000: the last deal of the game, always;
    - Oh Well (seed 000): never, the trump is drawn before the deal;
    - rotation: every fifth deal.
    """
    match rules.trump:
        case TrumpRule.DRAWN_BEFORE_DEAL:
            return False
        case TrumpRule.ROTATION:
            return TRUMP_ROTATION[(number - 1) % len(TRUMP_ROTATION)] == NO_TRUMP
        case TrumpRule.LAST_DEAL_NO_TRUMP if last:
            return True
    return players * cards >= rules.deck_size


def fixed_trump(rules: OhHellRules, number: int) -> str | None:
    """The trump the rules fix for deal ``number`` (rotation only), else None."""
    if rules.trump == TrumpRule.ROTATION:
        return str(TRUMP_ROTATION[(number - 1) % len(TRUMP_ROTATION)])
    return None


def hook_applies(rules: OhHellRules, cards: int, last: bool) -> bool:
    """Whether the hook binds the last bid of this deal.

    Seed 002 always; seed 000 as a table option. Modifiers: only from
    ``hook_min_cards`` cards, and lifted in the last deal if the table says so.
    """
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
    for index, cards in enumerate(cards_list):
        number = index + 1
        last = number == count
        no_trump = is_no_trump(rules, players, cards, last, number)
        plans.append(
            DealPlan(
                number=number,
                cards=cards,
                dealer=dealer_for(first_dealer, index, players),
                no_trump=no_trump,
                hook=hook_applies(rules, cards, last),
                last=last,
                trump=NO_TRUMP if no_trump else fixed_trump(rules, number),
            )
        )
    return tuple(plans)


def _check_seat(seat: object, players: int, template: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise RuleError(template)


def check_trump(trump: str | None, deal: DealPlan) -> str | None:
    """The trump to record for a deal: a suit letter, "NT", or None (not recorded).

    Where the rules fix the trump (no card left, the last deal, the rotation) the
    fixed value is returned whatever was entered; a deal that has a trump cannot
    be recorded as no-trump.
    """
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


# -- bids ------------------------------------------------------------------------


def _check_count(value: object, cards: int, template: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= cards:
        raise RuleError(template, cards=cards)
    return value


def check_bid(bid: object, cards: int) -> int:
    """Any whole number from 0 to the cards in hand; no passing (all seeds)."""
    return _check_count(bid, cards, gettext_noop("A bid is a whole number from 0 to %(cards)s."))


def forbidden_bid(cards: int, other_bids: int, hook: bool) -> int | None:
    """The one number the hook forbids the last bidder, or None.

    Seed 002: "the dealer may not bid the number that would cause the total
    number of tricks bid to equal the number of tricks available". If that
    number is outside 0 .. cards the dealer is free.
    """
    if not hook:
        return None
    number = cards - other_bids
    return number if 0 <= number <= cards else None


@dataclass(frozen=True)
class Announcement:
    """Over / under / even and by how much (seed 001's three words)."""

    call: Call
    by: int  # always >= 0; 0 only for EVEN
    bids: int
    tricks: int


def announce(bids: Sequence[int], cards: int) -> Announcement:
    """Compare the total of the bids with the tricks available."""
    total = sum(bids)
    if total > cards:
        return Announcement(Call.OVER, total - cards, total, cards)
    if total < cards:
        return Announcement(Call.UNDER, cards - total, total, cards)
    return Announcement(Call.EVEN, 0, total, cards)


def check_bids(bids: Sequence[object], cards: int, hook: bool, players: int) -> tuple[int, ...]:
    """A complete set of bids, as entered or corrected afterwards.

    Each bid is 0 .. cards; with the hook, the total may not equal the tricks.
    """
    if len(bids) != players:
        raise RuleError(gettext_noop("Every player needs a bid."))
    checked = tuple(check_bid(bid, cards) for bid in bids)
    if hook and sum(checked) == cards:
        raise RuleError(
            gettext_noop("The hook: the bids may not add up to the number of tricks (%(cards)s)."),
            cards=cards,
        )
    return checked


@dataclass(frozen=True)
class Bidding:
    """The bidding of one deal, bid by bid, as the table makes it.

    - Turn: from the dealer's left round to the dealer (all seeds).
    - A bid may be changed only while the next player has not yet bid
      (seeds 000, 002); the dealer, who has nobody after, may change until play
      starts (``play_started``).
    - A bid made out of turn stands and cannot be changed; the turn goes back
      to the player whose turn it was (seed 000).
    - The hook binds the bid that completes the bidding: the dealer's, or, if
      the dealer already bid out of turn, the last one made; so with the hook on
      the bids never come out even.
    """

    players: int
    dealer: int
    cards: int
    hook: bool = False
    bids: Mapping[int, int] = field(default_factory=dict)
    out_of_turn: frozenset[int] = frozenset()
    play_started: bool = False

    @property
    def order(self) -> tuple[int, ...]:
        return bidding_order(self.dealer, self.players)

    @property
    def to_bid(self) -> int | None:
        """Whose turn it is, or None when everyone has bid."""
        for seat in self.order:
            if seat not in self.bids:
                return seat
        return None

    @property
    def complete(self) -> bool:
        return len(self.bids) == self.players

    def can_change(self, seat: int) -> bool:
        if seat not in self.bids or seat in self.out_of_turn:
            return False
        order = self.order
        position = order.index(seat)
        if position == len(order) - 1:
            return not self.play_started
        return order[position + 1] not in self.bids

    def forbidden(self, seat: int) -> int | None:
        """The number the hook forbids ``seat`` now, if its bid would complete the bidding."""
        others = {s: b for s, b in self.bids.items() if s != seat}
        if len(others) != self.players - 1:
            return None
        return forbidden_bid(self.cards, sum(others.values()), self.hook)

    def place(self, seat: int, bid: object) -> Bidding:
        """Record ``seat``'s bid (or change it); a new Bidding, or RuleError."""
        _check_seat(seat, self.players, gettext_noop("No such player at this table."))
        if self.play_started:
            raise RuleError(gettext_noop("Play has started: the bids are closed."))
        value = check_bid(bid, self.cards)
        out_of_turn = self.out_of_turn
        if seat in self.bids:
            if seat in self.out_of_turn:
                raise RuleError(gettext_noop("A bid made out of turn stands and cannot change."))
            if not self.can_change(seat):
                raise RuleError(
                    gettext_noop("The next player has bid: this bid can no longer change.")
                )
        elif seat != self.to_bid:
            out_of_turn = out_of_turn | {seat}
        forbidden = self.forbidden(seat)
        if forbidden is not None and value == forbidden:
            raise RuleError(
                gettext_noop(
                    "The hook: %(bid)s would make the bids add up to the number of tricks"
                    " (%(cards)s)."
                ),
                bid=value,
                cards=self.cards,
            )
        return replace(self, bids={**self.bids, seat: value}, out_of_turn=frozenset(out_of_turn))

    def announcement(self) -> Announcement | None:
        return announce(list(self.bids.values()), self.cards) if self.complete else None

    def as_list(self) -> list[int | None]:
        return [self.bids.get(seat) for seat in range(self.players)]


# -- tricks ----------------------------------------------------------------------


def check_tricks(tricks: Sequence[object], cards: int, players: int) -> tuple[int, ...]:
    """Each player's tricks, 0 .. cards, adding up to the cards each held."""
    if len(tricks) != players:
        raise RuleError(gettext_noop("Every player needs a number of tricks."))
    checked = tuple(
        _check_count(t, cards, gettext_noop("Tricks are a whole number from 0 to %(cards)s."))
        for t in tricks
    )
    total = sum(checked)
    if total != cards:
        raise RuleError(
            gettext_noop(
                "The tricks add up to %(total)s, but %(cards)s were played: check the counts."
            ),
            total=total,
            cards=cards,
        )
    return checked


def complete_tricks(tricks: Sequence[int | None], cards: int) -> list[int | None]:
    """When all but one count are in, the last is what remains (never negative)."""
    missing = [i for i, t in enumerate(tricks) if t is None]
    if len(missing) != 1:
        return list(tricks)
    rest = cards - sum(t for t in tricks if t is not None)
    filled = list(tricks)
    if rest >= 0:
        filled[missing[0]] = rest
    return filled


def tally_tricks(winners: Sequence[int], cards: int, players: int) -> tuple[int, ...]:
    """Tricks taken so far from the winner of each trick, as they fall."""
    if len(winners) > cards:
        raise RuleError(gettext_noop("Only %(cards)s tricks are played in this deal."), cards=cards)
    counts = [0] * players
    for seat in winners:
        _check_seat(seat, players, gettext_noop("No such player at this table."))
        counts[seat] += 1
    return tuple(counts)


def taps_agree(winners: Sequence[int], tricks: Sequence[int], cards: int, players: int) -> bool:
    """Whether the tricks tapped during play (``winners``) could have ended in these
    counts: nobody tapped more tricks than they took, and when every trick was tapped,
    the taps are the counts. The app drops taps that do not agree (a correction of
    the counts, or a file of an earlier version: docs/export-format.md)."""
    tapped = tally_tricks(winners, cards, players)
    if len(winners) == cards:
        return tapped == tuple(tricks)
    return all(taken <= count for taken, count in zip(tapped, tricks, strict=True))


# -- scoring ---------------------------------------------------------------------


def made_score(rules: OhHellRules, bid: int, cards: int) -> int:
    """Points for taking exactly the tricks bid."""
    if rules.slams and cards >= SLAM_MIN_CARDS:
        # Seed 000: 50 for all the tricks, 25 for all but one, plus the tricks.
        if bid == cards:
            return 50 + bid
        if bid == cards - 1:
            return 25 + bid
    if bid == 0:
        match rules.zero:
            case ZeroBid.TEN:
                return 10
            case ZeroBid.FIVE:
                return 5
            case ZeroBid.FIVE_PLUS_CARDS:
                return 5 + cards
    match rules.made:
        case MadeBid.TEN_PLUS_BID:
            return 10 + bid
        case MadeBid.TEN_TIMES_BID:
            return 10 * bid
        case MadeBid.TEN_PLUS_BID_SQUARED:
            return 10 + bid * bid
        case MadeBid.TRICKS_PLUS_FIVE:
            return bid + 5
        case MadeBid.OH_WELL:
            return 12 if bid == 0 else 10
        case MadeBid.WIZARD:
            return 20 + 10 * bid
    raise AssertionError(rules.made)  # pragma: no cover


def missed_score(rules: OhHellRules, bid: int, tricks: int) -> int:
    """Points for taking more or fewer tricks than bid."""
    off = abs(bid - tricks)
    match rules.missed:
        case MissedBid.NOTHING:
            return 0
        case MissedBid.TRICKS:
            return tricks
        case MissedBid.MINUS_BID:
            return -bid
        case MissedBid.MINUS_DIFFERENCE:
            return -off
        case MissedBid.MINUS_TEN_PER_TRICK_OFF:
            return -10 * off
        case MissedBid.MINUS_DIFFERENCE_SQUARED:
            return -off * off
    raise AssertionError(rules.missed)  # pragma: no cover


def deal_score(rules: OhHellRules, bid: int, tricks: int, cards: int) -> int:
    """One player's score for one deal, before penalties and adjustments.

    Default (all three seeds): exact -> 10 + bid (bid 2 took 2 -> 12, bid 0
    took 0 -> 10); otherwise 0.
    """
    if bid == tricks:
        return made_score(rules, bid, cards)
    return missed_score(rules, bid, tricks)


@dataclass(frozen=True)
class Adjustment:
    """A table's own plus or minus for one player in one deal, with a note."""

    seat: int
    points: int
    note: str = ""


@dataclass(frozen=True)
class DealRecord:
    """What the scorekeeper entered for one deal.

    ``revoke``: the seat that revoked and was caught after the next trick (seed
    000): it loses ``revoke_penalty`` points, nobody scores the deal, and the
    same deal (same dealer, same cards) is played again as the next record.
    ``bids`` / ``tricks`` are by seat; ``tricks`` may be None only for a revoked deal.
    """

    bids: tuple[int, ...]
    tricks: tuple[int, ...] | None = None
    trump: str | None = None
    revoke: int | None = None
    adjustments: tuple[Adjustment, ...] = ()


@dataclass(frozen=True)
class DealResult:
    """One scored deal: the plan, what was entered, and the points."""

    plan: DealPlan
    record: DealRecord
    trump: str | None
    announcement: Announcement
    made: tuple[bool, ...]  # by seat; all False for a revoked deal
    base: tuple[int, ...]  # points from the bid alone
    penalty: tuple[int, ...]  # revoke penalty (<= 0)
    adjustment: tuple[int, ...]
    scores: tuple[int, ...]  # base + penalty + adjustment
    totals: tuple[int, ...]  # running totals after this deal
    replay: bool  # this record is a deal played again after a revoke
    revoked: bool


@dataclass(frozen=True)
class Standing:
    seat: int
    total: int
    place: int  # 1 = first; equal totals share a place unless the tie-break splits them
    made_bids: int
    winner: bool


@dataclass(frozen=True)
class GameResult:
    rules: OhHellRules
    players: int
    first_dealer: int
    plans: tuple[DealPlan, ...]
    deals: tuple[DealResult, ...]
    totals: tuple[int, ...]
    standings: tuple[Standing, ...]  # best first
    finished: bool
    next_deal: DealPlan | None  # the deal to play next (a replay keeps the plan)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.standings if s.winner)


def _score_record(
    rules: OhHellRules, players: int, deal: DealPlan, record: DealRecord, replay: bool
) -> tuple[DealResult, tuple[int, ...]]:
    bids = check_bids(record.bids, deal.cards, deal.hook, players)
    trump = check_trump(record.trump, deal)
    zeros = (0,) * players
    penalty = list(zeros)
    adjustment = list(zeros)
    for adj in record.adjustments:
        _check_seat(adj.seat, players, gettext_noop("No such player at this table."))
        if not isinstance(adj.points, int) or isinstance(adj.points, bool):
            raise RuleError(gettext_noop("An adjustment is a whole number of points."))
        adjustment[adj.seat] += adj.points
    if record.revoke is not None:
        _check_seat(record.revoke, players, gettext_noop("No such player at this table."))
        penalty[record.revoke] = -rules.revoke_penalty
        made = (False,) * players
        base = zeros
    else:
        if record.tricks is None:
            raise RuleError(gettext_noop("Enter everyone's tricks to score the deal."))
        tricks = check_tricks(record.tricks, deal.cards, players)
        made = tuple(b == t for b, t in zip(bids, tricks, strict=True))
        base = tuple(deal_score(rules, b, t, deal.cards) for b, t in zip(bids, tricks, strict=True))
    scores = tuple(b + p + a for b, p, a in zip(base, penalty, adjustment, strict=True))
    result = DealResult(
        plan=deal,
        record=record,
        trump=trump,
        announcement=announce(bids, deal.cards),
        made=made,
        base=base,
        penalty=tuple(penalty),
        adjustment=tuple(adjustment),
        scores=scores,
        totals=zeros,  # filled in by the caller
        replay=replay,
        revoked=record.revoke is not None,
    )
    return result, scores


def standings(
    totals: Sequence[int], made_bids: Sequence[int], tie_break: TieBreak
) -> tuple[Standing, ...]:
    """Rank by total, highest first; ties share a place and the win by default.

    With ``MOST_MADE_BIDS`` equal totals are split by the number of bids made;
    players equal on both still share.
    """

    def key(seat: int) -> tuple[int, ...]:
        if tie_break == TieBreak.MOST_MADE_BIDS:
            return (totals[seat], made_bids[seat])
        return (totals[seat],)

    seats = sorted(range(len(totals)), key=lambda s: (tuple(-k for k in key(s)), s))
    result = []
    for position, seat in enumerate(seats):
        if position and key(seats[position - 1]) == key(seat):
            place = result[-1].place
        else:
            place = position + 1
        result.append(Standing(seat, totals[seat], place, made_bids[seat], place == 1))
    return tuple(result)


def score_game(
    rules: OhHellRules, players: int, first_dealer: int, records: Sequence[DealRecord]
) -> GameResult:
    """Score a whole game (or the part played so far) from what was entered.

    Records follow the schedule in order; a revoked record is followed by the
    same deal played again. The game is finished after the last deal of the
    schedule; records beyond it are refused.
    """
    plans = plan(rules, players, first_dealer)
    totals = [0] * players
    made_bids = [0] * players
    results = []
    slot = 0
    replay = False
    for record in records:
        if slot >= len(plans):
            raise RuleError(gettext_noop("The game is over: the schedule has no more deals."))
        try:
            result, scores = _score_record(rules, players, plans[slot], record, replay)
        except RuleError as error:
            # The deal as the table knows it: a replay after a revoke keeps its number.
            raise RuleError(
                gettext_noop("Deal %(number)s: %(reason)s"), number=plans[slot].number, reason=error
            ) from error
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        made_bids = [m + int(made) for m, made in zip(made_bids, result.made, strict=True)]
        results.append(replace(result, totals=tuple(totals)))
        replay = result.revoked
        if not replay:
            slot += 1
    finished = slot >= len(plans)
    return GameResult(
        rules=rules,
        players=players,
        first_dealer=first_dealer,
        plans=plans,
        deals=tuple(results),
        totals=tuple(totals),
        standings=standings(totals, made_bids, rules.tie_break),
        finished=finished,
        next_deal=None if finished else plans[slot],
    )


def settle_up(totals: Sequence[int], stake: int | float) -> tuple[float, ...]:
    """Seed 000: each player pays the winner a stake per point of difference.

    Returns what each seat pays (positive) or receives (negative). Tied winners
    share what the others pay, equally; they pay each other nothing.
    """
    best = max(totals)
    winners = [seat for seat, total in enumerate(totals) if total == best]
    owed = [float(stake * (best - total)) for total in totals]
    pot = sum(owed)
    return tuple(
        -pot / len(winners) if seat in winners else owed[seat] for seat in range(len(totals))
    )


# -- presets ---------------------------------------------------------------------


def classic() -> OhHellRules:
    """Classic (seed 001, Hoyle-style): 1, 2, 3 ... cards, stopping at 15 with three
    players as the seed advises; a deal with no card left to turn up is at
    no-trump; no hook; exact = 10 + bid, a miss scores nothing."""
    return OhHellRules(schedule=Schedule.UP, cap=15, trump=TrumpRule.TURN_UP)


def italian() -> OhHellRules:
    """Italian table (seed 000): 1, 2, 3 ... up to the most cards; the last deal
    without trump; exact = 10 + bid. The seed's table variants are options: a
    made zero 5 + cards, the hook on the dealer, slams (50 / 25 + tricks from 5
    cards), and the revoke penalty of 10 points."""
    return OhHellRules(schedule=Schedule.UP, trump=TrumpRule.LAST_DEAL_NO_TRUMP)


def oh_well() -> OhHellRules:
    """Oh Well (seed 000): the most cards in every deal, 9 / 8 / 10 / 12 / 7 deals
    for 3 to 7 players; the trump is drawn before the deal; a made bid scores
    10, a made zero 12."""
    return OhHellRules(
        schedule=Schedule.OH_WELL, trump=TrumpRule.DRAWN_BEFORE_DEAL, made=MadeBid.OH_WELL
    )


def down_and_up_hook() -> OhHellRules:
    """Down and up with the hook (seed 002): 10 cards (8 for six players, 7 for
    seven) down to 1 and back; the dealer may not make the bids add up; exact =
    10 + bid."""
    return OhHellRules(schedule=Schedule.DOWN_AND_UP, hook=True, trump=TrumpRule.TURN_UP)


def nomination_whist() -> OhHellRules:
    """Nomination Whist (British table rules): 10 cards (8 for six, 7 for seven)
    down to 1 and back; trump rotates spades, hearts, clubs, diamonds, no-trump;
    the last bidder may not make the bids add up; one point per trick taken plus
    a bonus of 10 for an exact bid (so exact = 10 + bid, a miss = tricks)."""
    return OhHellRules(
        schedule=Schedule.DOWN_AND_UP,
        trump=TrumpRule.ROTATION,
        hook=True,
        missed=MissedBid.TRICKS,
    )


def wizard_style() -> OhHellRules:
    """Wizard-style (RULES.md, "beyond the seeds"): Wizard's 60-card deck, so 60 ÷
    players deals of 1, 2, 3 ... cards; no hook; the last deal without trump;
    exact = 20 + 10 per trick, a miss = -10 per trick off."""
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

"""Oh Hell's bids (with the hook) and tricks (seeds 000, 001, 002)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.oh_hell.table import Call, _check_seat, bidding_order

# -- bids ------------------------------------------------------------------------


def _check_count(value: object, cards: int, template: str) -> int:
    if not is_whole(value) or not 0 <= value <= cards:
        raise RuleError(template, cards=cards)
    return value


def check_bid(bid: object, cards: int) -> int:
    """Any whole number from 0 to the cards in hand; no passing (all seeds)."""
    return _check_count(bid, cards, gettext_noop("A bid is a whole number from 0 to %(cards)s."))


def forbidden_bid(cards: int, other_bids: int, hook: bool) -> int | None:
    """The one number the hook forbids the last bidder; None if outside 0 .. cards. Seed 002:
    "the dealer may not bid the number that would cause the total number of tricks bid to
    equal the number of tricks available"."""
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
    call = Call.OVER if total > cards else Call.UNDER if total < cards else Call.EVEN
    return Announcement(call, abs(total - cards), total, cards)


def check_bids(bids: Sequence[object], cards: int, hook: bool, players: int) -> tuple[int, ...]:
    """A complete set of bids, as entered or corrected; the hook forbids a total = tricks."""
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
    """One deal's bidding, bid by bid, from the dealer's left round to the dealer (all seeds).

    - A bid may change only until the next player bids (seeds 000, 002); the dealer's, until
      play starts. A bid out of turn stands unchanged; the turn goes back (seed 000).
    - The hook binds the bid that completes the bidding (the dealer's, or the last one if
      the dealer bid out of turn), so with the hook the bids never come out even.
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
        return next((seat for seat in self.order if seat not in self.bids), None)

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
        if value == self.forbidden(seat):
            raise RuleError(
                gettext_noop(
                    "The hook: %(bid)s would make the bids add up to the number of tricks"
                    " (%(cards)s)."
                ),
                bid=value,
                cards=self.cards,
            )
        bids = dict(self.bids)
        bids[seat] = value
        return replace(self, bids=bids, out_of_turn=frozenset(out_of_turn))

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
    """Whether the tricks tapped during play could end in these counts: nobody tapped more
    than they took, and all tapped means equal. Taps that disagree are dropped (a corrected
    count, or an earlier version's file: docs/export-format.md)."""
    tapped = tally_tricks(winners, cards, players)
    if len(winners) == cards:
        return tapped == tuple(tricks)
    return all(taken <= count for taken, count in zip(tapped, tricks, strict=True))

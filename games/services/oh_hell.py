"""Oh Hell at the table (seeds 000, 001, 002); each action runs through ``game_action``."""

from __future__ import annotations

from collections.abc import Sequence
from types import EllipsisType

from django.utils import timezone

from games import limits
from games.models import Adjustment, Deal, Hand
from games.rules import RuleError, gettext_noop, oh_hell
from games.rules.oh_hell import evening
from games.services.sessions import (
    Conflict,
    commit,
    game_action,
    refuse_if_changed,
    refuse_if_finished,
)
from games.services.sharing import BID_STANDS, NOT_YOUR_SEAT, NOT_YOUR_TURN
from games.services.undo import snapshot
from games.tables.oh_hell import OhHellTable


@game_action("oh_hell")
def set_trump(*, table: OhHellTable, deal_number: int, trump: str) -> None:
    game = table.game
    deal = _current_deal(table, deal_number)
    value = oh_hell.check_trump(trump, table.plan) or ""
    if value == deal.trump:
        return
    before = snapshot(table, start=deal.index)
    deal.trump = value
    deal.save(update_fields=["trump"])
    commit(game, "trump", {"deal": table.plan.number, "trump": value}, before)


@game_action("oh_hell")
def place_bid(
    *,
    table: OhHellTable,
    deal_number: int,
    seat: int,
    bid: int,
    was: int | EllipsisType | None = ...,
    own_seat: int | None = None,
) -> oh_hell.Bidding:
    """A bid, a changed bid, or a bid out of turn (seeds 000, 002). ``was``, the bid the page
    showed (None: none yet), refuses what would overwrite another phone's bid. ``own_seat``:
    a player's own phone, which bids for its seat only, in turn, and changes no bid (the
    scorekeeper does)."""
    game = table.game
    deal = _current_deal(table, deal_number)
    seat = _check_seat(table, seat)
    bidding = table.bidding
    if bidding.bids.get(seat) == bid:
        return bidding  # a double tap
    if own_seat is not None:
        _check_own_turn(table, bidding, seat, own_seat)
    if was is not ... and bidding.bids.get(seat) != was:
        raise Conflict(
            gettext_noop(
                "%(player)s's bid was entered on another phone meanwhile. Here is the table now."
            ),
            player=table.names[seat],
        )
    changed = seat in bidding.bids
    new = bidding.place(seat, bid)
    before = snapshot(table, start=deal.index)
    # Read under the session's lock: no other row can be there.
    hand = next((h for h in deal.hand_list if h.seat == seat), None) or Hand(deal=deal, seat=seat)
    hand.bid, hand.out_of_turn = new.bids[seat], seat in new.out_of_turn
    hand.save()
    action = "bid_changed" if changed else ("bid_out_of_turn" if seat in new.out_of_turn else "bid")
    params = {"deal": table.plan.number, "player": table.names[seat], "bid": bid}
    commit(game, action, params, before)
    return new


def _check_own_turn(table: OhHellTable, bidding: oh_hell.Bidding, seat: int, own: int) -> None:
    if seat != own:
        raise RuleError(NOT_YOUR_SEAT, player=table.names[own])
    if seat in bidding.bids:  # entered at the table meanwhile (a phone offline, say)
        raise RuleError(BID_STANDS, bid=bidding.bids[seat])
    if bidding.to_bid != seat:
        raise RuleError(NOT_YOUR_TURN)


@game_action("oh_hell")
def record_trick(*, table: OhHellTable, deal_number: int, trick_number: int, seat: int) -> None:
    """The winner of one trick as it falls (seeds 000, 001: anyone may ask the count)."""
    game = table.game
    deal = _current_deal(table, deal_number)
    seat = _check_seat(table, seat)
    if not table.bidding.complete:
        raise RuleError(evening.BIDS_BEFORE_PLAY)
    winners = list(deal.trick_winners)
    if trick_number <= len(winners):
        if winners[trick_number - 1] == seat:
            return  # a double tap
        raise Conflict(
            gettext_noop("Trick %(number)s was already recorded. Here is the count now."),
            number=trick_number,
        )
    if trick_number != len(winners) + 1:
        raise Conflict(gettext_noop("This page was out of date. Here is the count now."))
    oh_hell.tally_tricks([*winners, seat], table.plan.cards, table.players)
    before = snapshot(table, start=deal.index)
    deal.trick_winners = [*winners, seat]
    deal.save(update_fields=["trick_winners"])
    _tricks_in_step(table)
    params = {"deal": table.plan.number, "trick": trick_number, "player": table.names[seat]}
    commit(game, "trick", params, before)


def _tricks_in_step(table: OhHellTable) -> None:
    """The deal in hand holds its tricks as written; of what the table worked out from it,
    only the bidding reads them (play started, the bids fixed): the table stays in step
    without reading the deal again (the page drawn after it, a backlog's next entry)."""
    table.__dict__.pop("bidding", None)
    table.in_step = True


@game_action("oh_hell")
def undo_trick(*, table: OhHellTable, deal_number: int, trick_number: int) -> None:
    """Take back the last trick tapped (the wrong player)."""
    game = table.game
    deal = _current_deal(table, deal_number)
    winners = list(deal.trick_winners)
    if len(winners) < trick_number:
        return  # already taken back
    if len(winners) != trick_number:
        raise Conflict(gettext_noop("This page was out of date. Here is the count now."))
    before = snapshot(table, start=deal.index)
    deal.trick_winners = winners[:-1]
    deal.save(update_fields=["trick_winners"])
    _tricks_in_step(table)
    commit(game, "trick_undone", {"deal": table.plan.number, "trick": trick_number}, before)


@game_action("oh_hell")
def record_tricks(*, table: OhHellTable, deal_number: int, tricks: Sequence[int | None]) -> None:
    """Everyone's tricks at the end of the deal; scores it and opens the next.
    Seats beyond the table's (the form sends them all) are left out."""
    game = table.game
    tricks = list(tricks)[: table.players]
    existing = table.deals[deal_number - 1] if 0 < deal_number <= len(table.deals) else None
    if existing is not None and existing.done:
        stored = [h.tricks for h in existing.hand_list]
        cards = table.result.deals[deal_number - 1].plan.cards
        if stored == oh_hell.complete_tricks(list(tricks), cards):
            return  # a double tap
        raise Conflict(
            gettext_noop(
                "This deal was already scored. Open it from the score sheet to correct it."
            )
        )
    deal = _current_deal(table, deal_number)
    plan = table.plan
    if not table.bidding.complete:
        raise RuleError(evening.BIDS_BEFORE_TRICKS)
    filled = oh_hell.complete_tricks(list(tricks), plan.cards)
    checked = oh_hell.check_tricks(filled, plan.cards, table.players)
    if not oh_hell.taps_agree(deal.trick_winners, checked, plan.cards, table.players):
        raise RuleError(evening.TAPS_DIFFER)
    before = snapshot(table, start=deal.index)
    for hand in deal.hand_list:
        hand.tricks = checked[hand.seat]
        hand.save(update_fields=["tricks"])
    deal.done = True
    deal.save(update_fields=["done"])
    _after_deal_done(table, deal)
    commit(game, "tricks", {"deal": plan.number, "tricks": list(checked)}, before)


@game_action("oh_hell")
def record_revoke(*, table: OhHellTable, deal_number: int, seat: int) -> None:
    """Seed 000: a revoke caught after the next trick costs 10 points, and the deal
    is played again with the same dealer and the same number of cards."""
    game = table.game
    deal = _current_deal(table, deal_number)
    seat = _check_seat(table, seat)
    if not table.bidding.complete:
        raise RuleError(evening.REVOKE_IN_PLAY)
    before = snapshot(table, start=deal.index)
    deal.revoke = seat
    deal.done = True
    deal.save(update_fields=["revoke", "done"])
    _after_deal_done(table, deal)
    penalty = table.rules.revoke_penalty
    params = {"deal": table.plan.number, "player": table.names[seat], "points": penalty}
    commit(game, "revoke", params, before)


@game_action("oh_hell")
def add_adjustment(
    *, table: OhHellTable, deal_number: int, seat: int, points: int, note: str
) -> None:
    game = table.game
    deal = _deal(table, deal_number)
    if not deal.done:
        # Totals count scored deals; an adjustment waits for its deal to be scored.
        raise RuleError(evening.ADJUST_SCORED)
    seat = _check_seat(table, seat)
    if not isinstance(points, int) or points == 0:
        raise RuleError(evening.ADJUST_POINTS)
    if abs(points) > limits.ADJUSTMENT_POINTS:
        raise limits.adjustment_too_large()
    note = " ".join((note or "").split())
    if len(note) > limits.NOTE_LENGTH:
        raise limits.note_too_long()
    if sum(len(played.adjustment_list) for played in table.deals) >= limits.MOST_ADJUSTMENTS:
        raise limits.too_many_adjustments()
    before = snapshot(table, start=deal.index)
    Adjustment.objects.create(deal=deal, seat=seat, points=points, note=note)
    table.caught_up(deal.index).result  # noqa: B018 - the whole game checked again
    params = {"deal": deal_number, "player": table.names[seat], "points": points, "note": note}
    commit(game, "adjustment", params, before)


@game_action("oh_hell")
def remove_adjustment(*, table: OhHellTable, deal_number: int, index: int) -> None:
    """Take back one adjustment of a deal (``index`` counts the deal's adjustments from 0)."""
    game = table.game
    adjustments = _deal(table, deal_number).adjustment_list
    if not 0 <= index < len(adjustments):
        raise Conflict(gettext_noop("That adjustment was already removed."))
    adjustment = adjustments[index]
    before = snapshot(table, start=deal_number - 1)
    params = {
        "deal": deal_number,
        "player": table.names[adjustment.seat],
        "points": adjustment.points,
    }
    adjustment.delete()
    commit(game, "adjustment_removed", params, before)


@game_action("oh_hell")
def correct_deal(
    *,
    table: OhHellTable,
    deal_number: int,
    bids: Sequence[int],
    tricks: Sequence[int] | None,
    trump: str,
    version: int | None = None,
) -> None:
    """Change a played deal's bids, tricks and trump; every later total follows.
    ``version``: a change since on another phone is a conflict, not a lost update."""
    game = table.game
    refuse_if_changed(game, version)
    if not 0 < deal_number <= len(table.deals) or not table.deals[deal_number - 1].done:
        raise RuleError(
            gettext_noop("Deal %(number)s has not been played yet."), number=deal_number
        )
    deal = table.deals[deal_number - 1]
    plan = table.result.deals[deal_number - 1].plan
    checked_bids = oh_hell.check_bids(list(bids), plan.cards, plan.hook, table.players)
    checked_tricks = None
    if deal.revoke is None:
        checked_tricks = oh_hell.check_tricks(list(tricks or []), plan.cards, table.players)
    value = oh_hell.check_trump(trump or None, plan) or ""
    hands = table.hands_of(deal)
    unchanged = value == deal.trump and all(
        hands[s].bid == checked_bids[s]
        and (checked_tricks is None or hands[s].tricks == checked_tricks[s])
        for s in range(table.players)
    )
    if unchanged:
        return
    before = snapshot(table, start=deal.index)
    deal.trump = value
    if checked_tricks is not None and not oh_hell.taps_agree(
        deal.trick_winners, checked_tricks, plan.cards, table.players
    ):
        # The corrected counts replace the taps (docs/export-format.md).
        deal.trick_winners = []
    deal.save(update_fields=["trump", "trick_winners"])
    for seat in range(table.players):
        hand = hands[seat]
        hand.bid = checked_bids[seat]
        hand.tricks = None if checked_tricks is None else checked_tricks[seat]
        hand.save(update_fields=["bid", "tricks"])
    table.caught_up(deal.index).result  # noqa: B018 - the whole game checked again
    commit(game, "corrected", {"deal": plan.number}, before)


def _current_deal(table: OhHellTable, deal_number: int) -> Deal:
    refuse_if_finished(table.game)
    deal = table.current
    if deal is None:
        raise RuleError(evening.FINISHED)
    if deal_number != table.deal_number(deal):
        raise Conflict(
            gettext_noop("This page was out of date: the session has moved on. Here it is now.")
        )
    return deal


def _deal(table: OhHellTable, deal_number: int) -> Deal:
    if not 0 < deal_number <= len(table.deals):
        raise RuleError(evening.NO_DEAL, number=deal_number)
    return table.deals[deal_number - 1]


def _after_deal_done(table: OhHellTable, deal: Deal) -> None:
    """Open the next deal, or stamp the end of the game. The deal just scored is read again
    and added to the scores so far (OhHellTable.caught_up), which checks it by the rules."""
    game = table.game
    fresh = table.caught_up(deal.index)
    result = fresh.result
    if result.finished:
        game.finished_at = timezone.now()
        return
    if len(fresh.deals) >= limits.MOST_DEALS:
        raise limits.too_many_deals()  # the deal just scored was the last a session holds
    Deal.objects.create(game=game, index=len(fresh.deals), trump=result.next_deal.trump or "")


def _check_seat(table: OhHellTable, seat: object) -> int:
    if not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        raise RuleError(evening.NO_SEAT)
    return seat

"""A game scored round by round (games.rules.rounds) at the table: a round entered, a round
corrected, and the game ended by the table. Its rules module checks every entry."""

from __future__ import annotations

from django.utils import timezone

from games import limits
from games.kinds import kind_of
from games.models import Round, SeatBid
from games.rules import RuleError, gettext_noop, rounds
from games.services.sessions import (
    Conflict,
    commit,
    game_action,
    refuse_if_changed,
    refuse_if_finished,
)
from games.services.sharing import BID_STANDS, NOT_YOUR_SEAT, NOT_YOUR_TURN
from games.services.undo import snapshot
from games.tables.rounds import RoundsTable


def _rounds_only(table: object) -> RoundsTable:
    if not isinstance(table, RoundsTable):
        raise RuleError(gettext_noop("This action is not for this game."))
    return table


@game_action(None)
def seat_bid(
    *,
    table: RoundsTable,
    round_number: int,
    seat: int,
    bid: int,
    marks: dict | None = None,
    own_seat: int | None = None,
) -> None:
    """A seat's bid for the next round, from the player's own phone (``own_seat``: its own
    seat only) or from the scorekeeper for a seat (any). Where the bids are shown all at once
    (Kind.sealed_bids) nobody sees it until every seat's is in, and it may be sent again
    until then; where they are made in turn (Kind.bids_in_turn) it is the seat's whose turn
    it is, shown as made, and it stands. With the last seat's in, they are the round's bids,
    as `record_bids` takes them, and the call is shown on every phone. ``marks``: what the
    game's bids phase enters beside the bid (games.rules.rounds ``bid_fields``), this seat's."""
    table = _rounds_only(table)
    game = table.game
    kind = kind_of(game.kind)
    if not (kind.sealed_bids or kind.bids_in_turn):
        raise RuleError(gettext_noop("This action is not for this game."))
    plan = _next_plan(table, round_number)
    if table.pending is not None:
        if own_seat is not None:  # a bid kept on a phone offline, come after the bids
            shown = table.pending.entry["bids"][own_seat]
            raise RuleError(
                gettext_noop("The bids are shown already: this seat's is %(bid)s."), bid=shown
            )
        raise RuleError(kind.unit.all_bids_in)
    order = rounds.bid_order(plan, table.players)
    if seat not in order:
        raise RuleError(gettext_noop("There is no such seat at this table."))
    if own_seat is not None and seat != own_seat:
        raise RuleError(NOT_YOUR_SEAT, player=table.names[own_seat])
    marks = dict(marks or {})
    others = [key for key in rounds.bid_fields(table.module) if key != "bids"]
    if set(marks) - set(others):
        raise RuleError(gettext_noop("This action is not for this game."))
    made = {each.seat: each for each in SeatBid.objects.filter(game=game, round_number=plan.number)}
    if seat in made and (made[seat].bid, made[seat].marks) == (bid, marks):
        table.in_step = True
        return  # sent again
    if kind.bids_in_turn:
        if seat in made:  # made in turn, it stands
            if own_seat is not None:
                raise RuleError(BID_STANDS, bid=made[seat].bid)
            raise RuleError(
                gettext_noop("%(player)s has bid %(bid)s already; Undo takes it back."),
                player=table.names[seat],
                bid=made[seat].bid,
            )
        if rounds.next_bidder(plan, table.players, made) != seat:
            raise RuleError(NOT_YOUR_TURN)
    so_far = {each: (row.bid, row.marks) for each, row in made.items()}
    so_far[seat] = (bid, marks)
    entry = _entry_of(table, so_far, others)
    # The rules check the bid as they check the round's bids, the others still to come.
    rounds.checked_bids_so_far(table.module, table.rules, table.players, plan, entry)
    table.in_step = True  # the rounds as they stand, or as written below
    SeatBid.objects.update_or_create(
        game=game, round_number=plan.number, seat=seat, defaults={"bid": bid, "marks": marks}
    )
    # Made in turn, each bid is public and Undo takes the last one back: the action's
    # snapshot keeps the bids made before it (games.services.undo.restore). A sealed one
    # is kept out of every snapshot, as of every page.
    earlier = seat_bids_state(plan.number, made) if kind.bids_in_turn else None
    if set(so_far) >= set(order):  # every seat's is in: the round's bids
        _bids_in(table, plan, _entry_of(table, so_far, others, whole=True), earlier)
        return
    before = snapshot(table, start=len(table.deals))  # the rounds, which a seat's bid leaves
    if kind.sealed_bids:
        commit(game, "bid_sealed", {"deal": plan.number, "player": table.names[seat]}, before)
    else:
        params = {"deal": plan.number, "player": table.names[seat], "bid": bid}
        before["seat_bids"] = earlier
        commit(game, "seat_bid", params, before)


def seat_bids_state(round_number: int, made: dict) -> dict:
    """The seats' bids made for a round, as an action's snapshot keeps them."""
    bids = {str(seat): [row.bid, row.marks] for seat, row in made.items()}
    return {"round": round_number, "bids": bids}


def _entry_of(table: RoundsTable, so_far: dict, others: list[str], whole: bool = False) -> dict:
    """The bids phase's fields from the seats' bids (``so_far``: seat -> (bid, marks)): None
    for a seat still to bid, or with ``whole``, 0 (one taking no part in the round); a mark
    no seat made is not sent."""
    missing = 0 if whole else None
    seats = range(table.players)
    entry = {"bids": [so_far[seat][0] if seat in so_far else missing for seat in seats]}
    for key in others:
        if any(key in marks for _bid, marks in so_far.values()):
            default = False if whole else None
            entry[key] = [
                so_far[seat][1].get(key, False) if seat in so_far else default
                for seat in range(table.players)
            ]
    return entry


def _next_plan(table: RoundsTable, round_number: int):
    """The next round's plan, if ``round_number`` is that round (a page out of date is a
    conflict), the game goes on and the session has room for a round more."""
    refuse_if_finished(table.game)
    plan = table.result.next_round
    if plan is None:
        raise RuleError(gettext_noop("This session is finished."))
    if round_number != plan.number:
        raise Conflict(
            gettext_noop("This page was out of date: the game has moved on. Here it is now.")
        )
    if len(table.deals) >= limits.MOST_DEALS:
        raise limits.too_many_deals()
    return plan


def _bids_in(table: RoundsTable, plan, entry: dict, seat_bids: dict | None = None) -> None:
    """The next round's bids in, checked by the rules (and what the game's bids phase enters
    with them, rounds.bid_fields), as its pending round; the seats' bids made for it go (kept
    in the snapshot when given: Undo puts them back, the last seat to bid again). The same
    bids again: no change."""
    bids = rounds.checked_bids(table.module, table.rules, table.players, plan, entry)
    table.in_step = True  # as it stands, or as written below
    if table.pending is not None and table.pending.entry == bids:
        return
    before = snapshot(table, start=len(table.deals))
    if seat_bids is not None:
        before["seat_bids"] = seat_bids
    SeatBid.objects.filter(game=table.game).delete()
    if table.pending is not None:
        table.pending.entry = bids
        table.pending.save(update_fields=["entry"])
    else:
        index = len(table.deals)
        table.pending = Round.objects.create(game=table.game, index=index, entry=bids, done=False)
    commit(table.game, "bids", {"deal": plan.number, "bids": bids["bids"]}, before)


@game_action(None)
def record_round(*, table: RoundsTable, round_number: int, entry: dict) -> rounds.Result:
    """The next round as entered; the same round sent again (a double tap) is no change."""
    table = _rounds_only(table)
    game = table.game
    if 0 < round_number <= len(table.deals):
        plan = table.result.rounds[round_number - 1].plan
        if table.module.check_round(table.rules, table.players, plan, entry) == (
            table.deals[round_number - 1].entry
        ):
            table.in_step = True  # nothing written
            return table.result
        raise Conflict(kind_of(game.kind).unit.already, number=round_number)
    refuse_if_finished(game)
    plan = table.result.next_round
    if plan is None:
        raise RuleError(gettext_noop("This session is finished."))
    if round_number != plan.number:
        raise Conflict(
            gettext_noop("This page was out of date: the game has moved on. Here it is now.")
        )
    if table.pending is None and len(table.deals) >= limits.MOST_DEALS:
        raise limits.too_many_deals()
    checked = table.module.check_round(table.rules, table.players, plan, entry)
    table.tally.add(checked)  # refused: the table goes with the action (sessions.game_action)
    result = table.tally.result()
    before = snapshot(table, start=len(table.deals))
    played = table.pending
    if played is not None:  # the round whose bids were in
        played.entry, played.done = checked, True
        played.save(update_fields=["entry", "done"])
    else:
        played = Round.objects.create(game=game, index=len(table.deals), entry=checked)
    table.deals.append(played)
    table.pending, table.result, table.in_step = None, result, True
    if result.finished:
        game.finished_at = timezone.now()
    scored = result.rounds[-1]
    commit(
        game,
        "round",
        {"deal": round_number, "points": list(scored.points), "totals": list(result.totals)},
        before,
    )
    return result


@game_action(None)
def record_bids(*, table: RoundsTable, round_number: int, entry: dict) -> None:
    """The bids of the next round, before it is played (Kind.bids_first); sent again they
    replace the ones in, until the round is saved. The same bids again: no change."""
    table = _rounds_only(table)
    game = table.game
    if not kind_of(game.kind).bids_first:  # a game with no bids before the round
        raise RuleError(gettext_noop("This action is not for this game."))
    _bids_in(table, _next_plan(table, round_number), entry)


@game_action(None)
def correct_round(
    *, table: RoundsTable, round_number: int, entry: dict, version: int | None = None
) -> None:
    """Later rounds are scored again; a correction that the later rounds no longer fit (a
    player out earlier, a game over sooner) is refused by the rules, naming the round."""
    table = _rounds_only(table)
    game = table.game
    refuse_if_changed(game, version)
    if not 0 < round_number <= len(table.deals):
        raise RuleError(kind_of(game.kind).unit.not_played, number=round_number)
    plan = table.result.rounds[round_number - 1].plan
    checked = table.module.check_round(table.rules, table.players, plan, entry)
    entries = list(table.entries)
    if entries[round_number - 1] == checked:
        return
    entries[round_number - 1] = checked
    result = table.module.score(
        table.rules, table.players, game.first_dealer, entries, ended=game.finished_at is not None
    )
    if result.finished and len(result.rounds) < len(entries):
        raise RuleError(kind_of(game.kind).unit.ends_early)
    before = snapshot(table, start=round_number - 1)
    Round.objects.filter(pk=table.deals[round_number - 1].pk).update(entry=checked)
    game.finished_at = (game.finished_at or timezone.now()) if result.finished else None
    commit(game, "round_corrected", {"deal": round_number}, before)


@game_action(None)
def end_game(*, table: RoundsTable) -> None:
    """The table says the game is over (a game that allows it): the best total wins."""
    table = _rounds_only(table)
    game = table.game
    if not kind_of(game.kind).ends_by_table:
        raise RuleError(gettext_noop("This game ends by its own rules."))
    if game.finished_at is not None:
        return  # a double tap
    before = snapshot(table, start=len(table.deals))
    game.finished_at = timezone.now()
    commit(game, "ended", {"deal": len(table.deals)}, before)

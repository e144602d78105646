"""A game scored round by round (games.rules.rounds) at the table: a round entered, a round
corrected, and the game ended by the table. Its rules module checks every entry."""

from __future__ import annotations

from django.utils import timezone

from games import limits
from games.kinds import kind_of
from games.models import Round, SealedBid
from games.rules import RuleError, gettext_noop, rounds
from games.services.sessions import (
    Conflict,
    commit,
    game_action,
    refuse_if_changed,
    refuse_if_finished,
)
from games.services.sharing import NOT_YOUR_SEAT
from games.services.undo import snapshot
from games.tables.rounds import RoundsTable


def _rounds_only(table: object) -> RoundsTable:
    if not isinstance(table, RoundsTable):
        raise RuleError(gettext_noop("This action is not for this game."))
    return table


@game_action(None)
def seal_bid(
    *, table: RoundsTable, round_number: int, seat: int, bid: int, own_seat: int | None = None
) -> None:
    """A seat's bid for the next round, sealed (Kind.sealed_bids): nobody sees it until every
    seat's is in; then they are the round's bids, as `record_bids` takes them, and the call is
    shown on every phone. Sent again before that, it replaces the one sealed. ``own_seat``: a
    player's own phone, which seals its own seat's bid only; the scorekeeper seals any."""
    table = _rounds_only(table)
    game = table.game
    if not kind_of(game.kind).sealed_bids:
        raise RuleError(gettext_noop("This action is not for this game."))
    plan = _next_plan(table, round_number)
    if table.pending is not None:
        if own_seat is not None:  # a bid kept on a phone offline, come after the reveal
            shown = table.pending.entry["bids"][own_seat]
            raise RuleError(
                gettext_noop("The bids are shown already: this seat's is %(bid)s."), bid=shown
            )
        raise RuleError(gettext_noop("Every bid of this round is in already."))
    if not 0 <= seat < table.players:
        raise RuleError(gettext_noop("There is no such seat at this table."))
    if own_seat is not None and seat != own_seat:
        raise RuleError(NOT_YOUR_SEAT, player=table.names[own_seat])
    # The rules check the bid as they check the round's bids (the others as nothing bid).
    rounds.checked_bids(
        table.module, table.rules, table.players, plan, {"bids": _with(table, {}, seat, bid)}
    )
    sealed = dict(
        SealedBid.objects.filter(game=game, round_number=plan.number).values_list("seat", "bid")
    )
    table.in_step = True  # the rounds as they stand, or as written below
    if sealed.get(seat) == bid:
        return  # sent again
    SealedBid.objects.update_or_create(
        game=game, round_number=plan.number, seat=seat, defaults={"bid": bid}
    )
    sealed[seat] = bid
    if len(sealed) == table.players:  # every seat's is in: shown at once, the round's bids
        _bids_in(table, plan, {"bids": _with(table, sealed)})
        return
    before = snapshot(table, start=len(table.deals))  # the rounds, which a seal leaves
    commit(game, "bid_sealed", {"deal": plan.number, "player": table.names[seat]}, before)


def _with(table: RoundsTable, sealed: dict[int, int], seat: int | None = None, bid: int = 0):
    """Every seat's bid: the ones sealed (and ``bid`` for ``seat``), 0 for the rest."""
    bids = [sealed.get(each, 0) for each in range(table.players)]
    if seat is not None:
        bids[seat] = bid
    return bids


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


def _bids_in(table: RoundsTable, plan, entry: dict) -> None:
    """The next round's bids in, checked by the rules (and what the game's bids phase enters
    with them, rounds.bid_fields), as its pending round; any bids sealed for it go. The
    same bids again: no change."""
    bids = rounds.checked_bids(table.module, table.rules, table.players, plan, entry)
    table.in_step = True  # as it stands, or as written below
    if table.pending is not None and table.pending.entry == bids:
        return
    before = snapshot(table, start=len(table.deals))
    SealedBid.objects.filter(game=table.game).delete()
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
        raise Conflict(
            gettext_noop(
                "Round %(number)s was already entered. Open it from the score sheet to correct it."
            ),
            number=round_number,
        )
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
        raise RuleError(
            gettext_noop("Round %(number)s has not been played yet."), number=round_number
        )
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
        raise RuleError(gettext_noop("With this correction the game ends before its last round."))
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

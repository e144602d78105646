"""Every game scored round by round on the big screen (games.screens.big): the round to play
and its dealer, the bids and the call where the game bids first, each player's or team's
total and place, and the last rounds; what differs by game comes from its rules module."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.explanations import explained
from games.kinds import kind_of
from games.models import SeatBid
from games.rules.rounds import next_bidder
from games.screens.big import BigScreen, GridRow, Place, SeatLine, last_rounds
from games.screens.rounds import sides_of
from games.tables.rounds import RoundsTable


def big_screen(table: RoundsTable) -> BigScreen:
    result, names = table.result, table.names
    plan = result.next_round
    sides = sides_of(table, result)
    standings = [
        Place(
            place=side["place"],
            name=side["name"],
            total=side["total"],
            winner=side["winner"],
            out=side["out"],
            mark=side["mark"],
        )
        for side in sorted(sides, key=lambda side: (side["place"], side["side"]))
    ]
    rows = [
        GridRow(number=scored.plan.number, points=list(scored.points)) for scored in result.rounds
    ]
    screen = BigScreen(
        title=_("Game over"),
        standings=standings,
        heads=table.side_names(),
        rows=last_rounds(rows),
    )
    if plan is None:
        screen.finished = True
        screen.winners = [sides[side]["name"] for side in result.winners]
        return screen
    kind = kind_of(table.game.kind)
    screen.title = _(kind.unit.title) % {"n": plan.number}
    if plan.cards:
        screen.facts = [
            ngettext("%(cards)s card", "%(cards)s cards", plan.cards) % {"cards": plan.cards}
        ]
    if plan.dealer is not None:
        screen.dealer = names[plan.dealer]
    if kind.bids_first:
        bids = table.pending.entry["bids"] if table.pending is not None else None
        screen.bidding = bids is None
        made, turn = {}, None
        if bids is None and kind.bids_in_turn:  # the players' own phones bid in turn
            made = dict(
                SeatBid.objects.filter(game=table.game, round_number=plan.number).values_list(
                    "seat", "bid"
                )
            )
            turn = next_bidder(plan, len(names), made)
        screen.seats = [
            SeatLine(
                name=name,
                dealer=seat == plan.dealer,
                turn=seat == turn,
                bid=made.get(seat) if bids is None else bids[seat],
            )
            for seat, name in enumerate(names)
            if seat not in plan.sitting_out
        ]
        if bids is not None:
            screen.call = explained([kind.rounds.call(plan, bids)])[0]
    return screen

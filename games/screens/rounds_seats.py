"""The bids of a round game from the players' own phones (a seat's live link), before every
seat's is in: what the deal screen shows of them and where it offers a keypad
(games/_seat_bids.html), for a game whose bids are sealed or made in turn."""

from __future__ import annotations

from django.http import HttpRequest

from games.kinds import kind_of
from games.models import SeatBid
from games.rules.rounds import Plan, bid_order, next_bidder
from games.tables.rounds import RoundsTable


def seat_bids_of(request: HttpRequest, table: RoundsTable, plan: Plan | None, phase) -> dict | None:
    """The bids from the players' own phones (a seat's live link), before every seat's is
    in: shown all at once (Kind.sealed_bids: who has bid, never what, but to the seat's own
    phone its own bid) or made in turn (Kind.bids_in_turn: each bid as made, and whose turn
    it is). None: the scorekeeper enters the bids as ever (one query to know)."""
    kind = kind_of(table.game.kind)
    if phase != "bids" or not (kind.sealed_bids or kind.bids_in_turn):
        return None
    # The seats bid only while a seat's link is live; with none left, the scorekeeper's
    # bids (record_bids) stand for all, and any made before go.
    if not table.game.share_links.filter(role="seat", revoked_at__isnull=True).exists():
        return None
    made = {
        row.seat: row for row in SeatBid.objects.filter(game=table.game, round_number=plan.number)
    }
    own = getattr(request, "own_seat", None)
    turn = next_bidder(plan, table.players, made)
    sealed = kind.sealed_bids
    rows = []
    for seat in bid_order(plan, table.players):
        shown = seat in made and (not sealed or seat == own)
        rows.append(
            {
                "seat": seat,
                "name": table.names[seat],
                "in": seat in made,
                "mine": seat == own,
                "turn": not sealed and seat == turn,
                "bid": made[seat].bid if shown else None,
                "marks": made[seat].marks if shown else {},
                # A keypad on the seat's own phone (in turn: when its turn comes), and on
                # the scorekeeper's for a seat still to bid (a player without a phone).
                "own_keys": seat == own and (sealed or seat == turn),
                "open": seat not in made and (sealed or seat == turn),
            }
        )
    return {
        "rows": rows,
        "sealed": sealed,
        "missing": len(rows) - len(made),
        "own": own,
        # In turn: whose it is, seat and name (None and "" where the bids are sealed).
        "turn": None if sealed else turn,
        "turn_name": table.names[turn] if turn is not None and not sealed else "",
        # The game's own keys for one seat's bid and its own words for a bid made, where
        # its template has them (nil, blind nil), else the numbers.
        "keys_template": [f"{kind.template}#seat_keys", "games/_seat_keys.html"],
        "shown_template": [f"{kind.template}#seat_bid_shown", "games/_seat_bid_shown.html"],
    }

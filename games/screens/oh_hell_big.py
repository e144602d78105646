"""Oh Hell on the big screen (games.screens.big): the deal in play with its bids in turn, the
hook's number and the call, the tricks taken so far, the totals and the last deals."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games import forms
from games.rules import oh_hell
from games.screens.big import BigScreen, GridRow, Place, SeatLine, last_rounds
from games.screens.oh_hell import call_words
from games.tables.oh_hell import OhHellTable


def big_screen(table: OhHellTable) -> BigScreen:
    result, plan, names = table.result, table.plan, table.names
    standings = [
        Place(
            place=standing.place,
            name=names[standing.seat],
            total=standing.total,
            winner=plan is None and standing.winner,
        )
        for standing in result.standings
    ]
    rows = [
        GridRow(number=scored.plan.number, points=list(scored.scores)) for scored in result.deals
    ]
    screen = BigScreen(
        title=_("Game over"), standings=standings, heads=names, rows=last_rounds(rows)
    )
    if plan is None:
        screen.finished = True
        screen.winners = [names[seat] for seat in result.winners]
        return screen
    deal, bidding = table.current, table.bidding
    screen.title = _("Deal %(n)s of %(total)s") % {"n": plan.number, "total": len(result.plans)}
    cards = ngettext("%(cards)s card", "%(cards)s cards", plan.cards) % {"cards": plan.cards}
    trump = plan.trump or deal.trump  # fixed by the rules, else as noted ("" not yet)
    screen.facts = [cards, trump_words(trump)] if trump else [cards]
    screen.dealer = names[plan.dealer]
    announcement = bidding.announcement()
    taken = oh_hell.tally_tricks(deal.trick_winners, plan.cards, table.players)
    if bidding.to_bid is not None:
        screen.to_bid = names[bidding.to_bid]
        forbidden = bidding.forbidden(bidding.to_bid)
        if forbidden is not None:
            screen.hook = _("The hook: %(name)s may not bid %(n)s") % {
                "name": screen.to_bid,
                "n": forbidden,
            }
    if announcement is not None:
        screen.call = call_words(announcement)
        screen.call_detail = ngettext(
            "%(bids)s bid for %(tricks)s trick", "%(bids)s bid for %(tricks)s tricks", plan.cards
        ) % {"bids": announcement.bids, "tricks": announcement.tricks}
    screen.seats = [
        SeatLine(
            name=names[seat],
            dealer=seat == plan.dealer,
            turn=seat == bidding.to_bid,
            bid=bidding.bids.get(seat),
            tricks=taken[seat] if announcement is not None else None,
        )
        for seat in bidding.order
    ]
    return screen


def trump_words(trump: str) -> str:
    """ "Trump ♥ hearts", or "No trump"."""
    if trump == "NT":
        return _("No trump")
    symbol = dict(forms.SUITS)[trump]
    return f"{_('Trump')} {symbol} {_(forms.SUIT_NAMES[trump])}"

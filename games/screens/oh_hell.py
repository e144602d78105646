"""Oh Hell's screens: the deal screen (bids in turn, the hook, the call, tricks tapped or
counted) and what the phone needs to go on offline (docs/phone.md, "Offline"); its score
sheet and a played deal's correction are games.screens.oh_hell_sheet's."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.http import HttpRequest
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from games import forms, inputs, services
from games.entries import Action, keywords
from games.explanations import catalogue, explained
from games.rules import oh_hell
from games.rules.plain import plain
from games.screens.common import (
    PHONE_RULES_FILES,
    common_words,
    keep,
    offline_start,
    plural,
)

# The design's score sheet and correction (games.screens: what a design's screens hold).
from games.screens.oh_hell_sheet import correct, sheet  # noqa: F401
from games.services import oh_hell as oh_hell_services
from games.tables.oh_hell import OhHellTable, record_of

SHEET_TEMPLATE = "games/sheet.html"


def bid_keywords(data: dict, post: dict) -> dict:
    # A form without ``was`` (an old page) skips the check.
    return {k: v for k, v in keywords(data, post).items() if k != "was" or "was" in post}


def tricks_keywords(data: dict, post: dict) -> dict:
    # Every seat a table can have: the service takes the table's own.
    tricks = forms.seat_values(post, "tricks", oh_hell.MAX_PLAYERS)
    return {**keywords(data, post), "tricks": tricks}


#: The entries of the deal screen (games.entries).
ENTRIES = {
    "trump": Action(forms.TrumpForm, oh_hell_services.set_trump, "trump", segment="trump"),
    "bid": Action(
        forms.BidForm, oh_hell_services.place_bid, "bids", bid_keywords, "bid", by_seat=True
    ),
    "trick": Action(forms.TrickForm, oh_hell_services.record_trick, "play", segment="trick"),
    "undo_trick": Action(
        forms.UndoTrickForm, oh_hell_services.undo_trick, "play", segment="trick/undo"
    ),
    "tricks": Action(
        forms.DealForm, oh_hell_services.record_tricks, "tricks", tricks_keywords, "tricks"
    ),
    "revoke": Action(forms.RevokeForm, oh_hell_services.record_revoke, "revoke", segment="revoke"),
    "adjust": Action(
        forms.AdjustmentForm, oh_hell_services.add_adjustment, "adjust", segment="adjust"
    ),
}


def spoken(context: dict, action: str) -> str | None:
    """One sentence for a screen reader after an entry, or None: the call once the bids are
    in, and who leads once a deal is scored."""
    announcement = context.get("announcement")
    if action == "bids" and announcement is not None:
        return _("%(call)s: %(bids)s bid for %(tricks)s.") % {
            "call": call_words(announcement),
            "bids": announcement.bids,
            "tricks": announcement.tricks,
        }
    last = context.get("last")
    if action == "tricks" and last:
        leaders = [name for standing, name in context["standings"] if standing.place == 1]
        return _("Deal %(number)s scored. Leading: %(names)s.") % {
            "number": last["deal"].plan.number,
            "names": ", ".join(leaders),
        }
    return None


def call_words(announcement: oh_hell.Announcement) -> str:
    """OVER by 2, UNDER by 1, EVEN: the call after the bids (seed 001's three words)."""
    if announcement.call == "over":
        return _("OVER by %(by)s") % {"by": announcement.by}
    if announcement.call == "under":
        return _("UNDER by %(by)s") % {"by": announcement.by}
    return _("EVEN")


def preview(kind: object, rules: oh_hell.OhHellRules, chosen: dict, seated: int) -> dict:
    """The new session's schedule, for the players seated or for 4 (assumed) while the table
    is not set; a `RuleError` if the table cannot deal it."""
    return schedule_preview(rules, seated)


def schedule_preview(rules: oh_hell.OhHellRules, seated: int) -> dict:
    """The deals for the players seated, or for 4 (assumed) while the table is not set."""
    players = seated if 3 <= seated <= 7 else 4
    plans = oh_hell.plan(rules, players, 0)
    no_trump = [p.number for p in plans if p.no_trump]
    return {
        "players": players,
        "assumed": players != seated,
        "deals": len(plans),
        "cards": [p.cards for p in plans],
        "no_trump": no_trump,
        "last_no_trump": bool(no_trump) and no_trump == [len(plans)],
    }


def table_context(
    request: HttpRequest, table: OhHellTable, posted: Mapping[str, str] | None, error_for: str
) -> dict:
    """``posted``: a refused form's data; the counts typed come back."""
    typed = posted if error_for == "tricks" else None
    # A player's own phone (games.access.get_game): its seat, which bids in turn.
    own = getattr(request, "own_seat", None)
    return oh_hell_context(table, request.GET.get("seat"), typed, own=own)


@dataclass
class BidRow:
    seat: int
    name: str
    dealer: bool
    bid: int | None
    turn: bool
    out_of_turn: bool
    can_change: bool
    taken: int
    #: The scorekeeper may pick this player to bid (out of turn) or change the bid.
    pickable: bool = False


def oh_hell_context(
    table: OhHellTable, selected: str | None, posted_tricks=None, *, own: int | None = None
) -> dict:
    result = table.result
    plan = table.plan
    context: dict = {
        "table": table,
        "result": result,
        "plan": plan,
        "names": table.names,
        "standings": [(s, table.names[s.seat]) for s in result.standings],
        "last": last_deal_summary(table),
        "total_deals": len(result.plans),
        "suit_buttons": [
            (value, symbol, _(forms.SUIT_NAMES[value])) for value, symbol in forms.SUITS
        ],
        "winner_names": [table.names[seat] for seat in result.winners],
    }
    if plan is None:
        return {**context, "error_places": ["undo"]}
    deal = table.current
    bidding = table.bidding
    winners = deal.trick_winners
    taken = oh_hell.tally_tricks(winners, plan.cards, table.players)
    rows = [
        BidRow(
            seat=seat,
            name=table.names[seat],
            dealer=seat == plan.dealer,
            bid=bidding.bids.get(seat),
            turn=seat == bidding.to_bid,
            out_of_turn=seat in bidding.out_of_turn,
            can_change=bidding.can_change(seat),
            taken=taken[seat],
        )
        for seat in bidding.order
    ]
    chosen = bidding.to_bid
    # A player's own phone (``own``, its seat) bids for its seat in turn, and picks no other.
    seat = inputs.choice_of(selected, low=0, high=table.players - 1) if own is None else None
    if seat is not None and (seat not in bidding.bids or bidding.can_change(seat)):
        chosen = seat
    for row in rows:
        row.pickable = row.seat != chosen and (row.bid is None or row.can_change)
    prefill = list(taken) if len(winners) == plan.cards else [None] * table.players
    if posted_tricks is not None:
        prefill = [
            inputs.choice_of(posted_tricks.get(f"tricks-{seat}"), low=0, high=plan.cards)
            for seat in range(table.players)
        ]
    hands = table.hands_of(deal)
    context.update(
        deal=deal,
        deal_number=table.deal_number(deal),
        replay=bool(result.deals) and result.deals[-1].revoked,
        bidding=bidding,
        rows=rows,
        chosen=chosen,
        # A player's own phone: the keypad when its turn comes (the scorekeeper's: always).
        own_turn=own is not None and chosen == own,
        own_waits=own is not None and chosen != own and own not in bidding.bids,
        chosen_name=table.names[chosen] if chosen is not None else "",
        chosen_bid=bidding.bids.get(chosen),
        keypad=list(range(plan.cards + 1)),
        forbidden=bidding.forbidden(chosen) if chosen is not None else None,
        bids_total=sum(bidding.bids.values()),
        announcement=bidding.announcement(),
        # Every bid in and none of the tricks played: a bid may still change.
        changing=bidding.announcement() is not None and chosen is not None,
        trick_number=len(winners) + 1,
        tricks_played=len(winners),
        play_over=len(winners) == plan.cards,
        tricks_rows=[
            (seat, table.names[seat], hands[seat].bid if seat in hands else None, prefill[seat])
            for seat in bidding.order
        ],
        trump_fixed=plan.trump is not None,
        dealer_name=table.names[plan.dealer],
    )
    # Refusals show beside their control; others (a bid after the bidding closed) at the top.
    shown = ["play", "tricks", "revoke"] if context["announcement"] else ["trump", "bids"]
    context["error_places"] = ["undo", *shown, *(["adjust"] if context["last"] else [])]
    return context


def last_deal_summary(table: OhHellTable) -> dict | None:
    if not table.result.deals:
        return None
    scored = table.result.deals[-1]
    rows = [
        dict(
            row,
            name=table.names[seat],
            why=explained(oh_hell.explain_deal(scored, seat, table.rules)),
        )
        for seat, row in enumerate(oh_hell.seat_figures(scored))
    ]
    return {"deal": scored, "rows": rows, "number": len(table.result.deals)}


# -- offline --------------------------------------------------------------------


def oh_hell_words() -> dict:
    """The deal screen's own sentences (templates/games/oh_hell.html); where the plural
    follows the cards, one per plural sample, the cards left for the script."""
    cards, tricks = keep("cards"), keep("tricks")
    return {
        **common_words(),
        "facts": plural("%(cards)s card", "%(cards)s cards", cards=cards),
        "bids_of": plural(
            "bids %(bids)s of %(tricks)s trick",
            "bids %(bids)s of %(tricks)s tricks",
            bids=keep("bids"),
            tricks=tricks,
        ),
        "hook": plural(
            "The hook: %(name)s may not bid %(n)s, or the bids would add up to the %(cards)s"
            " trick.",
            "The hook: %(name)s may not bid %(n)s, or the bids would add up to the %(cards)s"
            " tricks.",
            name=keep("name"),
            cards=cards,
        ),
        "call": plural(
            "%(bids)s bid for %(tricks)s trick",
            "%(bids)s bid for %(tricks)s tricks",
            bids=keep("bids"),
            tricks=tricks,
        ),
        "deal_title": _("Deal %(n)s of %(total)s"),
        "played_again": _("played again"),
        "trump": _("Trump"),
        "no_trump": _("No trump"),
        "suits": {"S": _("spades"), "H": _("hearts"), "D": _("diamonds"), "C": _("clubs")},
        "not_noted": _("not noted yet"),
        "bids": _("Bids"),
        "bids_label": _("%(name)s bids:"),
        "forbidden": _("%(n)s, not allowed by the hook"),
        "dealer_badge": pgettext("dealer badge", "D"),
        "to_bid": _("to bid"),
        "out_of_turn": _("out of turn"),
        "pick_out_of_turn": _("bid out of turn"),
        "pick_change": _("change the bid"),
        "over": _("OVER by %(by)s"),
        "under": _("UNDER by %(by)s"),
        "even": _("EVEN"),
        "trick_question": _("Trick %(n)s of %(cards)s: who took it?"),
        "all_played": _("All tricks played"),
        "taken": _("taken %(t)s of %(b)s bid"),
        "take_back": _("Take back trick %(n)s"),
        "counts": _("Tricks taken") + ": " + _("enter everyone's count"),
        "bid_n": _("bid %(bid)s"),
        "score": _("Score this deal"),
        "totals": _("Totals"),
        "game_over": _("Game over"),
        "wins": _("%(name)s wins"),
        "shared_win": _("Shared win: %(names)s"),
        "scored": _("Deal %(n)s scored"),
        "revoked": _("Deal %(n)s: revoke"),
        "revoke": _("Revoke"),
        "revoke_rule": plural(
            "A player who did not follow suit, caught after the next trick: they lose %(p)s"
            " point and the deal is played again by the same dealer with the same cards.",
            "A player who did not follow suit, caught after the next trick: they lose %(p)s"
            " points and the deal is played again by the same dealer with the same cards.",
            p=keep("n"),
        ),
        "who_revoked": _("Who revoked?"),
        "record_revoke": _("Record the revoke (−%(p)s) and play the deal again"),
        "adjust_in": _("Adjust points in deal %(n)s"),
        "player": _("Player"),
        "adjust_points": _("Points (minus for a penalty)"),
        "note": _("Note"),
        "add_adjustment": _("Add the adjustment"),
        "scoring": _("Working out the scores on this phone…"),
        "later": _("Scores come when the connection is back: the server works them out."),
    }


def ahead(request: HttpRequest, table: OhHellTable) -> dict:
    """The table's words and the rules' catalogue, in the page's language: the figures come
    from the rules on the phone (games.rules.oh_hell.phone.table)."""
    return {
        "game": "oh_hell",
        "catalogue": catalogue(oh_hell),
        "words": oh_hell_words(),
        # The deal screen in parts, which the page's one drawing fills in from the rules'
        # answer (static/js/offline-drawing.js; games.rules.oh_hell.table_view).
        "parts": render_to_string(
            "games/oh_hell_parts.html", {"names": table.names}, request=request
        ),
    }


def offline_state(table: OhHellTable, context: dict) -> dict:
    """The session as the server has it now, drawn into the table with each swap, and as it
    would be after Undo (the phone may undo an entry the server has without a connection):
    what the rules on the phone go on from (``rules``: the options, players, first dealer,
    the deals scored and the deal in play; docs/phone.md "Rules on the phone")."""
    game = table.game
    last = services.last_undoable(game)
    now = deals_asked(table, [table.deal_state(deal) for deal in table.deals])
    return {
        **offline_start("oh_hell", table, ENTRIES),
        "rules": {
            "game": "oh_hell",
            "options": plain(table.rules),
            "players": table.players,
            "first_dealer": game.first_dealer,
            **now,
        },
        "undo": None if last is None else undo_asked(table, now, last.before),
        "phone_rules": {name: static(path) for name, path in PHONE_RULES_FILES.items()},
    }


def undo_asked(table: OhHellTable, now: dict, before: dict) -> dict:
    """The deals as Undo would leave them: an action's snapshot holds the deals from the one
    it changed (``from``) on, and those before it are scored deals as they are now, so their
    records are taken from ``now`` rather than built again (docs/performance.md)."""
    start = before.get("from", 0)
    if len(now["entries"]) < start:  # a deal before ``from`` is not scored: built whole
        return deals_asked(table, services.whole(table, before))
    after = deals_asked(table, before["deals"])
    return {"entries": now["entries"][:start] + after["entries"], "playing": after["playing"]}


def deals_asked(table: OhHellTable, deals: list[dict]) -> dict:
    """The deals as the rules on the phone take them (games.rules.oh_hell.phone.table):
    those scored as the rules' records, and the deal in play as stored."""
    records = [
        plain(
            record_of(
                hands={hand["seat"]: (hand["bid"], hand["tricks"]) for hand in deal["hands"]},
                trump=deal["trump"],
                revoke=deal["revoke"],
                adjustments=[(a["seat"], a["points"], a["note"]) for a in deal["adjustments"]],
                players=table.players,
            )
        )
        for deal in deals
        if deal["done"]
    ]
    deal = next((deal for deal in deals if not deal["done"]), None)
    hands = {hand["seat"]: hand for hand in deal["hands"]} if deal else {}
    playing = deal and {
        "trump": deal["trump"],
        "bids": [hands[seat]["bid"] if seat in hands else None for seat in range(table.players)],
        "out_of_turn": sorted(seat for seat, hand in hands.items() if hand["out_of_turn"]),
        "winners": list(deal["trick_winners"]),
    }
    return {"entries": records, "playing": playing}

"""What the rules decide for the rest of a session, worked out ahead as plain data, so a phone
that lost its connection goes on by looking things up (issue 32; docs/phone.md "Offline").

Everything here comes from the functions the server itself scores with; the page's script
only looks up, adds and orders. ``tests/rules/test_offline_model.py`` runs the script's
fold against ``score_game`` on random evenings and requires the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.oh_hell.bidding import announce, forbidden_bid
from games.rules.oh_hell.scoring import GameResult, deal_score
from games.rules.oh_hell.table import DealPlan, OhHellRules, TieBreak, bidding_order


def deal_lookups(plan: DealPlan, players: int) -> dict:
    """One deal: its seats in bidding order, the fixed trump (or None: chosen at the table),
    what the hook forbids the bid that completes the bidding for each sum of the other bids
    (a sum not listed forbids nothing), and whose bid closes each seat's change (seeds 000,
    002: a bid may change until the next player bids; the last one until play starts, -1)."""
    order = bidding_order(plan.dealer, players)
    closes = [-1] * players
    for position, seat in enumerate(order[:-1]):
        closes[seat] = order[position + 1]
    forbidden = {}
    for others in range(plan.cards + 1):
        number = forbidden_bid(plan.cards, others, plan.hook)
        if number is not None:
            forbidden[str(others)] = number
    return {
        "number": plan.number,
        "cards": plan.cards,
        "dealer": plan.dealer,
        "order": list(order),
        "trump": plan.trump,
        "last": plan.last,
        "closes": closes,
        "forbidden": forbidden,
    }


def offline_lookups(rules: OhHellRules, players: int, plans: Sequence[DealPlan]) -> dict:
    """The deals left (``plans``, the one being played first), and for each number of cards
    they hold: the call for every total of bids (seed 001's over / under / even) and the
    points for every bid and tricks taken (``deal_score``, the table's scoring options)."""
    cards = sorted({plan.cards for plan in plans})
    calls = {}
    points = {}
    for held in cards:
        said = (announce([total], held) for total in range(held * players + 1))
        calls[str(held)] = [[str(a.call), a.by] for a in said]
        points[str(held)] = [
            [deal_score(rules, bid, tricks, held) for tricks in range(held + 1)]
            for bid in range(held + 1)
        ]
    return {
        "deals": [deal_lookups(plan, players) for plan in plans],
        "calls": calls,
        "points": points,
        "revoke_penalty": rules.revoke_penalty,
        # Standings: by total; with this tie-break, equal totals are split by bids made.
        "made_splits_ties": rules.tie_break == TieBreak.MOST_MADE_BIDS,
    }


def figures(result: GameResult, players: int, playing: dict) -> dict:
    """What the page's script starts from: the rules' result of the deals scored, and the deal
    being played as stored (``playing``: its form number, trump, bids by seat, the seats that
    bid out of turn, the trick winners). games/views/offline.py sends it with each table."""
    plan = result.next_deal
    made = {standing.seat: standing.made_bids for standing in result.standings}
    scored = result.deals[-1] if result.deals else None
    return {
        "plan": plan.number if plan is not None else None,
        "deal": playing["number"] if plan is not None else None,
        "replay": bool(scored and scored.revoked),
        "trump": (playing["trump"] or None) if plan is not None else None,
        "bids": list(playing["bids"]) if plan is not None else [],
        "out_of_turn": sorted(playing["out_of_turn"]) if plan is not None else [],
        "winners": list(playing["winners"]) if plan is not None else [],
        "totals": list(result.totals),
        "made": [made[seat] for seat in range(players)],
        "last": scored
        and {
            "number": len(result.deals),
            "plan": scored.plan.number,
            "revoked": scored.revoked,
            "rows": [
                {
                    "bid": scored.record.bids[seat],
                    "tricks": scored.record.tricks[seat] if scored.record.tricks else None,
                    "made": scored.made[seat],
                    "score": scored.scores[seat],
                    "total": scored.totals[seat],
                }
                for seat in range(players)
            ],
        },
    }

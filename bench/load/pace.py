"""The pace of a simulated card table (bench/load/locustfile.py), from our rule source.

Seed 002 says a game of seven players, 13 hands of 7 cards down to 1 and up to 7
again, "should take 45 minutes". A table's scorekeeper enters every bid, taps every
trick's winner and scores each deal; between two deals the cards are gathered,
shuffled and dealt. At the defaults below that game takes 41 minutes
(tests/bench/test_pace.py), a trick of four players 16 s, and a first deal of 10
cards for four about 3.7 minutes: one entry every 15 s or so, which with the table's
four phones polling every 3 s (the scorekeeper's, whose own entries restart its
timer, and three others) is the "about 1.4 requests a second per table" of issue 6.

Each setting can be changed through the environment; the brisk table measured
before 3 December (a trick every 8 s, bids 3 s apart, the next deal's first bid 3 s
after scoring) is ``BENCH_CARD_SECONDS=2 BENCH_BID_SECONDS=3 BENCH_DEAL_SECONDS=0``.
"""

from __future__ import annotations

import os


def _seconds(name: str, default: str) -> float:
    return float(os.environ.get(name, default))


#: Before each bid: the player thinks and says it.
BID = _seconds("BENCH_BID_SECONDS", "4")
#: Each player's card: a trick of four players falls every 16 s.
CARD = _seconds("BENCH_CARD_SECONDS", "4")
#: After the last trick, before the deal is scored with the counts shown.
SCORE = _seconds("BENCH_SCORE_SECONDS", "4")
#: Between a deal scored and the next deal's first bid.
DEAL = _seconds("BENCH_DEAL_SECONDS", "40")
#: A phone's live poll (the page's ``hx-trigger="every 3s"``).
POLL = _seconds("BENCH_POLL_SECONDS", "3")


def trick_seconds(players: int) -> float:
    """From one trick's winner tapped to the next: every player plays a card."""
    return players * CARD


def game_seconds(players: int, hands: list[int]) -> float:
    """How long a game lasts at this pace, on average: each hand dealt, bid by every
    player, its tricks played card by card, and scored (``hands``: the cards dealt
    in each)."""
    return sum(DEAL + players * BID + cards * trick_seconds(players) + SCORE for cards in hands)

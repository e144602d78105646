"""The pace of a simulated table (bench/load/locustfile.py), from our rule source.

Seed 002: a game of seven players, 13 hands of 7 cards down to 1 and up again, "should
take 45 minutes". At these defaults it takes 41 (tests/bench/test_pace.py), and a first
deal of 10 cards for four about 3.7 minutes: an entry every 15 s or so, which with the
table's four phones polling every 3 s is issue 6's "about 1.4 requests a second a table".
Each setting can be changed through the environment.
"""

import os

#: Before each bid: the player thinks and says it.
BID = float(os.environ.get("BENCH_BID_SECONDS", "4"))
#: Each player's card: a trick of four players falls every 16 s.
CARD = float(os.environ.get("BENCH_CARD_SECONDS", "4"))
#: After the last trick, before the deal is scored with the counts shown.
SCORE = float(os.environ.get("BENCH_SCORE_SECONDS", "4"))
#: The cards gathered, shuffled and dealt: from a deal scored to the next first bid.
DEAL = float(os.environ.get("BENCH_DEAL_SECONDS", "40"))
#: A page's live poll (``hx-trigger="every 3s"``).
POLL = float(os.environ.get("BENCH_POLL_SECONDS", "3"))


def trick_seconds(players: int) -> float:
    """From one trick's winner tapped to the next: every player plays a card."""
    return players * CARD


def game_seconds(players: int, hands: list[int]) -> float:
    """A game at this pace (``hands``: the cards dealt in each): each hand dealt, bid by
    every player, its tricks played card by card, and scored."""
    return sum(DEAL + players * BID + cards * trick_seconds(players) + SCORE for cards in hands)

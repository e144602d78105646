"""Skull King (Grandpa Beck's Games, the 2021 rulebook): ten rounds, bids made at once,
a round scored from each player's bid, tricks and bonuses (docs/rules-skull_king.md:
the options with their sources, the round as entered, our choices where the sources are
silent).

The interface of a game scored round by round (games.rules.rounds): ``Rules``,
``PRESETS``, ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``first_plan``, ``plan_after``,
``check_round``, ``score``; with the bids first (Kind.bids_first) ``check_bids`` and
``call``; and ``schedule``, ``deck``, ``most_cards``, ``bid_call`` and ``round_score`` to
use alone.
"""

from games.rules.skull_king.entry import (
    BONUS_KEYS,
    LOOT_CARDS,
    MERMAIDS,
    PIRATES,
    STANDARD_FOURTEENS,
    WAGERS,
    check_bids,
    check_round,
    short_allowed,
    trick_size,
)
from games.rules.skull_king.scoring import FIGURES, Tally, round_figures, round_score, score
from games.rules.skull_king.table import (
    ADVANCED_CARDS,
    ADVANCED_DECK,
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOST_CARDS,
    MOST_ROUNDS,
    PRESETS,
    ROUNDS,
    Rules,
    Scoring,
    bid_call,
    call,
    deck,
    first_plan,
    hands,
    most_cards,
    plan_after,
    plan_of,
    schedule,
)

__all__ = [
    "ADVANCED_CARDS",
    "ADVANCED_DECK",
    "BONUS_KEYS",
    "DECK",
    "FIGURES",
    "LOOT_CARDS",
    "MAX_PLAYERS",
    "MERMAIDS",
    "MIN_PLAYERS",
    "MOST_CARDS",
    "MOST_ROUNDS",
    "PIRATES",
    "PRESETS",
    "ROUNDS",
    "STANDARD_FOURTEENS",
    "WAGERS",
    "Rules",
    "Scoring",
    "bid_call",
    "call",
    "check_bids",
    "check_round",
    "deck",
    "first_plan",
    "hands",
    "most_cards",
    "plan_after",
    "plan_of",
    "round_figures",
    "round_score",
    "schedule",
    "score",
    "short_allowed",
    "trick_size",
]

"""Tysiąc / Тысяча (1000): a deal scored from the auction's contract, each player's card
points and the marriages declared, under the house rules a table chooses
(docs/rules-tysiac.md: every option with its source, the deal as entered, our choices).

Three players; with four, one sits out each deal. The bidder scores +contract when card
points and own marriages reach it, −contract otherwise (or gives the deal up before
playing); the defenders score their card points and marriages, rounded. The first to
1000 wins; the endgame options (the barrel, "over 800 only contracts count"), bolts and
555 change the way there.

The interface of a game scored round by round (games.rules.rounds): ``Rules``,
``PRESETS``, ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``first_plan``, ``plan_after``,
``check_round``, ``score``; and ``form_facts`` for the deal's form.
"""

from games.rules.tysiac.deal import (
    FIGURES,
    KEYS,
    bidder_made,
    check_round,
    own_marriages,
    round_figures,
)
from games.rules.tysiac.scoring import Standing, Tally, given_up_share, rounded, score
from games.rules.tysiac.table import (
    BARREL,
    BARREL_DEALS,
    BOLT_PENALTY,
    BOLTS,
    CARD_POINTS,
    CARD_VALUES,
    GAME,
    HIGHEST_CONTRACT,
    IMPOSSIBLE_CARD_POINTS,
    LOWEST_CONTRACT,
    MARRIAGES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OFF_THE_BARREL,
    OVER,
    PRESETS,
    STEPS,
    TALON_ACE,
    TALON_CARDS,
    Endgame,
    FiveFiveFive,
    GivenUp,
    Rounding,
    Rules,
    SittingOut,
    first_plan,
    form_facts,
    plan_after,
    plan_of,
)

__all__ = [
    "BARREL",
    "BARREL_DEALS",
    "BOLTS",
    "BOLT_PENALTY",
    "CARD_POINTS",
    "CARD_VALUES",
    "FIGURES",
    "GAME",
    "HIGHEST_CONTRACT",
    "IMPOSSIBLE_CARD_POINTS",
    "KEYS",
    "LOWEST_CONTRACT",
    "MARRIAGES",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OFF_THE_BARREL",
    "OVER",
    "PRESETS",
    "STEPS",
    "TALON_ACE",
    "TALON_CARDS",
    "Endgame",
    "FiveFiveFive",
    "GivenUp",
    "Rounding",
    "Rules",
    "SittingOut",
    "Standing",
    "bidder_made",
    "check_round",
    "first_plan",
    "form_facts",
    "given_up_share",
    "own_marriages",
    "plan_after",
    "plan_of",
    "round_figures",
    "rounded",
    "score",
]

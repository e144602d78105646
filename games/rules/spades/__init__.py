"""Spades (pagat.com, "Spades", John McLeod): four players in two fixed partnerships,
seats 0 and 2 against 1 and 3; each player bids 0 (nil) to 13 tricks, a team's contract
is its partners' bids, nils are scored apart, overtricks are bags and every 10 cost 100;
the first side to 500 wins (docs/rules-spades.md: the options with their sources, the hand
as entered, our choices where the sources leave a detail open).

The public API
--------------

The interface of a game scored round by round (games.rules.rounds): ``Rules``,
``PRESETS``, ``MIN_PLAYERS``, ``MAX_PLAYERS``, ``first_plan``, ``plan_after``,
``check_round``, ``Tally``, ``score`` (the sides ((0, 2), (1, 3)), each side's bags its
mark), ``form_facts`` (the target, the least team bid, and whether each side may bid
blind nil, with the reason when not), ``FIGURES`` and ``round_figures``; with the bids
first (Kind.bids_first) ``check_bids`` (the bids and their ``blind`` marks, the bids
phase's ``BID_FIELDS``), ``check_bids_so_far`` (the bids made in turn before all are in),
``call`` (each side's contract) and ``FORM_VARIANTS`` with ``form_variant`` (the tricks
per team when nobody bid nil, else per player).

``Rules(target=500, failed_nil="bags", blind_nil="off", bags=True, bag_limit=10,
bag_penalty=100, mercy=0, min_team_bid=0, ten_for_200=False, moon="off", moon_points=200)``
    Every table option; ``PRESETS`` maps "pagat", "blind_nil" and "short".
``Hand``
    A hand's plan: number, dealer, 13 cards, and how far each side is ``behind``.
``hand_score(rules, entry, side, carried)``
    One side's points in a checked hand, its bags carried after, the penalty paid, the
    moon, and the `Why` lines.
``side_counts(rules, entry, side)``, ``contracts(bids)``, ``side_tricks(entry)``
``blind_nil_why_not(rules, plan, side)``
"""

from games.rules.spades.entry import (
    BID_FIELDS,
    ENTRY_KEYS,
    FORM_VARIANTS,
    check_bids,
    check_bids_so_far,
    check_round,
    form_variant,
    side_tricks,
)
from games.rules.spades.scoring import (
    FIGURES,
    Tally,
    hand_score,
    round_figures,
    score,
    side_counts,
)
from games.rules.spades.table import (
    BAG_LIMITS,
    BAG_PENALTIES,
    MAX_PLAYERS,
    MERCY_LINES,
    MIN_PLAYERS,
    MIN_TEAM_BIDS,
    MOON_POINTS,
    PLAYERS,
    PRESETS,
    SIDES,
    TARGETS,
    TRICKS,
    BlindNil,
    FailedNil,
    Hand,
    Moon,
    Rules,
    blind_nil_why_not,
    call,
    contracts,
    first_plan,
    form_facts,
    plan_after,
    team_of,
)

__all__ = [
    "BAG_LIMITS",
    "BAG_PENALTIES",
    "BID_FIELDS",
    "ENTRY_KEYS",
    "FIGURES",
    "FORM_VARIANTS",
    "MAX_PLAYERS",
    "MERCY_LINES",
    "MIN_PLAYERS",
    "MIN_TEAM_BIDS",
    "MOON_POINTS",
    "PLAYERS",
    "PRESETS",
    "SIDES",
    "TARGETS",
    "TRICKS",
    "BlindNil",
    "FailedNil",
    "Hand",
    "Moon",
    "Rules",
    "Tally",
    "blind_nil_why_not",
    "call",
    "check_bids",
    "check_bids_so_far",
    "check_round",
    "contracts",
    "first_plan",
    "form_facts",
    "form_variant",
    "hand_score",
    "plan_after",
    "round_figures",
    "score",
    "side_counts",
    "side_tricks",
    "team_of",
]

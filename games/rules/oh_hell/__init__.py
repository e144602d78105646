"""Oh Hell: the public API of its table, bidding and scoring modules.

Sources (``shared/RULES.md`` and the seeds beside it): seed 000, Italian table rules, their
scoring variants and the "Oh Well" game; seed 001, classic English (Hoyle-style) rules;
seed 002, the "down and up" schedule with the hook.

Seats are 0 .. players-1 clockwise ("to the left" is the next seat); deals count from 1.
Nothing here plays cards: it checks what the scorekeeper enters and derives the rest.
"""

from games.rules.errors import RuleError
from games.rules.oh_hell.bidding import (
    Announcement,
    Bidding,
    announce,
    check_bid,
    check_bids,
    check_tricks,
    complete_tricks,
    forbidden_bid,
    tally_tricks,
    taps_agree,
)
from games.rules.oh_hell.evening import Evening
from games.rules.oh_hell.scoring import (
    LITTLE_SLAM,
    MADE,
    MISSED,
    SLAM,
    ZERO,
    Adjustment,
    DealRecord,
    DealResult,
    GameResult,
    Standing,
    Tally,
    deal_score,
    explain_deal,
    explain_score,
    score_game,
    seat_figures,
    settle_up,
    standings,
)
from games.rules.oh_hell.table import (
    DECK_SIZE,
    DOWN_AND_UP_START,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_TRUMP,
    OH_WELL_DEALS,
    PRESETS,
    SLAM_MIN_CARDS,
    TRUMP_ROTATION,
    WIZARD_DECK_SIZE,
    Call,
    DealPlan,
    MadeBid,
    MissedBid,
    OhHellRules,
    Schedule,
    Suit,
    TieBreak,
    TrumpRule,
    ZeroBid,
    bidding_order,
    check_trump,
    classic,
    dealer_for,
    down_and_up_hook,
    fixed_trump,
    hook_applies,
    is_no_trump,
    italian,
    max_cards,
    nomination_whist,
    oh_well,
    plan,
    schedule,
    top_cards,
    wizard_style,
)

#: Its own entry points on the phone (games.phone_rules.figures finds them by this).
PHONE = "games.rules.oh_hell.phone"

"""Oh Hell: the public API of its table, bidding and scoring modules.

Sources (``shared/RULES.md`` and the seeds beside it): seed 000, Italian table rules, their
scoring variants and the "Oh Well" game; seed 001, classic English (Hoyle-style) rules;
seed 002, the "down and up" schedule with the hook.

Seats are 0 .. players-1 clockwise ("to the left" is the next seat); deals count from 1.
Nothing here plays cards: it checks what the scorekeeper enters and derives the rest.

The public API
--------------

Seats are 0 .. players-1, clockwise; deals are numbered from 1.

``OhHellRules(**options)``
    Every table option (schedule, cap, keep_card_to_turn, double_turn,
    custom_schedule, deck_size, trump, hook, hook_min_cards,
    hook_lifted_last_deal, made, zero, missed, slams, revoke_penalty,
    tie_break). Enum options accept their string values. ``PRESETS`` maps
    "classic", "italian", "oh_well", "down_and_up_hook", "nomination_whist",
    "wizard_style" to ready-made rules; ``rules.with_options(...)`` adjusts one.
``max_cards(players, deck_size=52)``
    52 // players: 17, 13, 10, 8, 7 for 3 .. 7 players.
``schedule(rules, players) -> tuple[int, ...]``
    Cards per player in each deal.
``plan(rules, players, first_dealer) -> tuple[DealPlan, ...]``
    Each deal's number, cards, dealer, no_trump, hook, last and fixed trump.
``dealer_for(first_dealer, deal_index, players)``, ``bidding_order(dealer, players)``
    The deal passes left; bidding and the first lead start left of the dealer.
``is_no_trump(rules, players, cards, last, number)``, ``hook_applies(rules, cards, last)``
``forbidden_bid(cards, other_bids, hook) -> int | None``
    The one number the hook forbids the last bidder.
``Bidding(players, dealer, cards, hook)``
    Bid by bid: ``.place(seat, bid)`` returns the new state or raises;
    ``.to_bid``, ``.forbidden(seat)``, ``.can_change(seat)``, ``.announcement()``.
``check_bids(bids, cards, hook, players)``, ``check_tricks(tricks, cards, players)``
    A complete set as entered or corrected.
``announce(bids, cards) -> Announcement(call=OVER|UNDER|EVEN, by, bids, tricks)``
``complete_tricks(tricks, cards)``, ``tally_tricks(winners, cards, players)``
``taps_agree(winners, tricks, cards, players)``
    Whether the tricks tapped could have ended in these counts.
``deal_score(rules, bid, tricks, cards)``
    One player's points for a deal.
``explain_score(rules, bid, tricks, cards)``, ``explain_deal(deal_result, seat, rules)``
    How points came to be: `games.rules.explain.Why` lines (a template, its numbers
    and the option that decided it), each said beside its rule.
``score_game(rules, players, first_dealer, records) -> GameResult``
    Records are ``DealRecord(bids, tricks, trump=None, revoke=None,
    adjustments=(Adjustment(seat, points, note), ...))``; the result has every
    deal's scores and running totals, the totals, the standings (places,
    ties), winners, ``finished`` and ``next_deal``. It is a fold of
    ``Tally(rules, players, first_dealer)``: ``add(record)`` scores the next deal,
    ``result()`` reads the game, ``copy()`` goes on without changing it.
``standings(totals, made_bids, tie_break)``, ``settle_up(totals, stake)``
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

"""The rules of the games Scorekeeper keeps, in pure Python (no Django).

Everything a screen, an export or a statistic needs to know about a game comes
from here; the database stores only what people entered. Every refusal is a
`RuleError`, whose message is a short English sentence a player can read
(`error.template` and `error.params` let the web layer translate it).

Oh Hell (`games.rules.oh_hell`, seeds 000, 001, 002)
------------------------------------------------------

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

Kozel (`games.rules.kozel`, seed 004)
-------------------------------------

Four seats; team 0 is seats 0 and 2, team 1 is seats 1 and 3.

``KozelRules(match_limit=12, two_point_from=31, six_points=..., eggs=...)`` and ``PRESETS``
``deal_defeat_points(entry, rules)``
    From one team's card points (``DealEntry(team, points,
    zero_team_took_trick=None, last_trick_seat=None)``): the loser and its
    defeat points (2, 4 or 6; eggs at 60-60).
``explain_deal(outcome, team, rules)``
    How a team's defeat points in a deal came to be (`Why` lines).
``score_match(rules, first_dealer, entries) -> MatchResult``
    Every deal's outcome, running defeat points, ``finished``, ``goat``,
    ``next_dealer`` and ``next_leader``: a fold of its ``Tally``.
Kozel is also a game scored round by round (below): ``Rules``, ``check_round`` (a deal
as stored: team, points, zero_team_took_trick, last_trick_seat), ``Tally``, ``score``
(the teams ((0, 2), (1, 3)) in defeat points, fewer is better, the goat's mark),
``first_plan``, ``plan_after``, ``form_facts``, ``FIGURES`` and ``round_figures``.

Games scored round by round (`games.rules.rounds`)
---------------------------------------------------

Skull King (`games.rules.skull_king`, its 2021 rulebook) and the score sheet for any
game (`games.rules.sheet`): each has ``Rules``, ``PRESETS``, ``MIN_PLAYERS``,
``MAX_PLAYERS``, ``first_plan``, ``plan_after``, ``check_round`` and ``score`` returning
a `rounds.Result` (sides, rounds with points, totals and `Why` lines, places, winners,
``next_round``). Skull King adds ``schedule``, ``round_score``, ``check_bids`` and
``call``.
"""

from games.rules.errors import RuleError, gettext_noop

__all__ = ["RuleError", "gettext_noop"]

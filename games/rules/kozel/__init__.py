"""Kozel ("Goat", seed 004): two teams of two, seats 0 and 2 against 1 and 3, scored in
defeat points from one team's card points each deal; the team reaching the match limit is
the goat. `deal` is a deal as entered and its defeat points; `match` the game scored round
by round (games.rules.rounds: ``Rules``, ``PRESETS``, ``check_round``, ``Tally``,
``score``, ``first_plan``, ``plan_after``, ``form_facts``, ``FIGURES``, ``round_figures``)
and ``score_match``, the match in Kozel's own terms.

The public API (seed 004)
-------------------------

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
Kozel is also a game scored round by round (games.rules.rounds): ``Rules``, ``check_round`` (a deal
as stored: team, points, zero_team_took_trick, last_trick_seat), ``Tally``, ``score``
(the teams ((0, 2), (1, 3)) in defeat points, fewer is better, the goat's mark),
``first_plan``, ``plan_after``, ``form_facts``, ``FIGURES`` and ``round_figures``.
"""

from games.rules.kozel.deal import (
    CARD_POINTS,
    EGGS_POINTS,
    EGGS_SAID,
    MATCH_LIMITS,
    PLAYERS,
    PRESETS,
    TOTAL_POINTS,
    TWO_POINT_FROM_CHOICES,
    WINNING_POINTS,
    DealEntry,
    DealOutcome,
    EggsRule,
    KozelRules,
    MatchResult,
    SixPointRule,
    deal_defeat_points,
    dealer_for,
    explain_deal,
    impossible_points,
    leader_for,
    other_team_points,
    possible_points,
    seats_of,
    team_of,
    validate_deal,
)
from games.rules.kozel.match import (
    FIGURES,
    KEYS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIDES,
    Deal,
    Rules,
    Tally,
    check_round,
    first_plan,
    form_facts,
    plan_after,
    round_figures,
    score,
    score_match,
)

__all__ = [
    "CARD_POINTS",
    "EGGS_POINTS",
    "EGGS_SAID",
    "FIGURES",
    "KEYS",
    "MATCH_LIMITS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "PLAYERS",
    "PRESETS",
    "SIDES",
    "TOTAL_POINTS",
    "TWO_POINT_FROM_CHOICES",
    "WINNING_POINTS",
    "Deal",
    "DealEntry",
    "DealOutcome",
    "EggsRule",
    "KozelRules",
    "MatchResult",
    "Rules",
    "SixPointRule",
    "Tally",
    "check_round",
    "deal_defeat_points",
    "dealer_for",
    "explain_deal",
    "first_plan",
    "form_facts",
    "impossible_points",
    "leader_for",
    "other_team_points",
    "plan_after",
    "possible_points",
    "round_figures",
    "score",
    "score_match",
    "seats_of",
    "team_of",
    "validate_deal",
]

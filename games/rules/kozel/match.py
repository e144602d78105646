"""Kozel as a game scored round by round (games.rules.rounds): a deal is one flat entry
(one team's card points, whether the team with 0 took a trick, who took the last trick),
the match a `Tally` of them, scored in defeat points per team.

Two sides, the teams: seats 0 and 2 against 1 and 3 (seed 004). Fewer defeat points is
the better place; the team that reaches the match limit is the goat and the match is over,
the other team wins it. Each deal's plan says its dealer (clockwise from the first),
its leader (the last trick of the deal before, else the seat after the dealer) and the
eggs carry-over waiting for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.errors import RuleError, gettext_noop
from games.rules.explain import Why
from games.rules.kozel.deal import (
    EGGS_POINTS,
    PLAYERS,
    DealEntry,
    DealOutcome,
    EggsRule,
    KozelRules,
    MatchResult,
    _card_points,
    _check_seat,
    deal_defeat_points,
    dealer_for,
    explain_deal,
    leader_for,
    validate_deal,
)
from games.rules.rounds import Figure, Plan, Result, RoundScore, fold, places_of

Rules = KozelRules
MIN_PLAYERS = MAX_PLAYERS = PLAYERS
#: The two sides: the teams, partners opposite (seed 004).
SIDES = ((0, 2), (1, 3))
#: A deal as stored, in the order a file has always had it.
KEYS = ("team", "points", "zero_team_took_trick", "last_trick_seat")


@dataclass(frozen=True)
class Deal(Plan):
    """A deal before it is played: beyond its number and dealer, who leads it and the eggs
    carry-over it will use (x ``times``, + ``plus`` for its loser)."""

    leader: int | None = None
    times: int = 1
    plus: int = 0


def check_players(players: object) -> None:
    if players != PLAYERS:
        raise RuleError(gettext_noop("Kozel is for 4 players in two teams."))


def deal_plan(
    first_dealer: int, number: int, last_trick: int | None = None, times: int = 1, plus: int = 0
) -> Deal:
    """Deal ``number`` (from 1): its dealer in turn, its leader after ``last_trick``."""
    dealer = dealer_for(first_dealer, number - 1)
    leader = leader_for(dealer, last_trick)
    return Deal(number=number, dealer=dealer, leader=leader, times=times, plus=plus)


def first_plan(rules: KozelRules, players: int, first_dealer: int) -> Deal:
    """Deal 1; refuses a table that is not four players."""
    check_players(players)
    _check_seat(first_dealer, gettext_noop("The first dealer must be one of the four players."))
    return deal_plan(first_dealer, 1)


def plan_after(rules: KozelRules, players: int, first_dealer: int, plan: Plan) -> Deal:
    """The next deal if nothing is known of this one: the next dealer, the seat after him
    leading (the last trick not noted), no eggs carried over."""
    check_players(players)
    return deal_plan(first_dealer, plan.number + 1)


def form_facts(rules: KozelRules, players: int, plan: Plan) -> dict:
    """What the deal's form shows beyond the plan: the match limit, who leads, the eggs
    carry-over waiting for this deal."""
    return {
        "limit": rules.match_limit,
        "leader": getattr(plan, "leader", None),
        "times": getattr(plan, "times", 1),
        "plus": getattr(plan, "plus", 0),
    }


def check_round(rules: KozelRules, players: int, plan: Plan, entry: object) -> dict:
    """A deal as entered, checked (`validate_deal`) and as stored: always the four keys,
    ``zero_team_took_trick`` None unless a team is on 0."""
    check_players(players)
    if not isinstance(entry, dict):
        raise RuleError(gettext_noop("Choose one of the two teams."))
    if not set(entry) <= set(KEYS):
        raise RuleError(
            gettext_noop(
                "A deal holds only the team, its card points, whether the team with 0 took "
                "a trick and who took the last trick."
            )
        )
    if "team" not in entry:
        raise RuleError(gettext_noop("Choose one of the two teams.")).at("team")
    if "points" not in entry:
        raise RuleError(gettext_noop("Card points must be a whole number.")).at("points")
    took = entry.get("zero_team_took_trick")
    last = entry.get("last_trick_seat")
    try:
        checked = validate_deal(DealEntry(entry["team"], entry["points"], took, last), rules)
    except RuleError as error:
        raise error.at(_field_of(error.template)) from None
    return {
        "team": checked.team,
        "points": checked.points,
        "zero_team_took_trick": checked.zero_team_took_trick,
        "last_trick_seat": checked.last_trick_seat,
    }


def _field_of(template: str) -> str:
    """The field a refusal of `validate_deal` is about."""
    if "last trick" in template:
        return "last_trick_seat"
    if "trick" in template:
        return "zero_team_took_trick"
    if "card point" in template.lower():
        return "points"
    return "team"


class Tally:
    """The match so far, one deal added at a time (`rounds.fold`)."""

    def __init__(self, rules: KozelRules, players: int, first_dealer: int) -> None:
        first_plan(rules, players, first_dealer)
        self.rules, self.players, self.first_dealer = rules, players, first_dealer
        self.totals = [0, 0]
        self.times, self.plus = 1, 0
        self.goat: int | None = None
        self.had_eggs = False
        self.last_trick: int | None = None
        self.outcomes: list[DealOutcome] = []
        self.scored: list[RoundScore] = []

    def plan(self) -> Deal:
        number = len(self.outcomes) + 1
        return deal_plan(self.first_dealer, number, self.last_trick, self.times, self.plus)

    def add(self, entry: object) -> None:
        """The next deal, checked again ("Deal 3: ...") and scored."""
        if self.goat is not None:
            raise RuleError(gettext_noop("The match is over: no more deals."))
        plan = self.plan()
        try:
            checked = check_round(self.rules, self.players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Deal %(number)s: %(reason)s"), number=plan.number, reason=error
            ) from None
        self.add_deal(DealEntry(**checked), plan)

    def add_deal(self, entry: DealEntry, plan: Deal) -> None:
        """A deal as checked (score_match's entries), scored."""
        rules = self.rules
        loser, base = deal_defeat_points(entry, rules)
        points = [0, 0]
        used_times, used_plus = 1, 0
        if loser is None:
            self.had_eggs = True
            if rules.eggs is EggsRule.DOUBLE_NEXT:
                self.times *= 2
            elif rules.eggs is EggsRule.PLUS_TWO_NEXT:
                self.plus += 2
        else:
            used_times, used_plus = self.times, self.plus
            self.times, self.plus = 1, 0
            points[loser] = base * used_times + used_plus
            self.totals[loser] += points[loser]
            if self.totals[loser] >= rules.match_limit:
                self.goat = loser
        outcome = DealOutcome(
            number=plan.number,
            entry=entry,
            card_points=_card_points(entry),
            eggs=loser is None,
            loser=loser,
            base_defeat_points=base,
            multiplier=used_times,
            bonus=used_plus,
            defeat_points=(points[0], points[1]),
            dealer=plan.dealer,
            leader=plan.leader,
            running_defeat_points=(self.totals[0], self.totals[1]),
            match_over=self.goat is not None,
            goat=self.goat,
        )
        self.outcomes.append(outcome)
        self.last_trick = entry.last_trick_seat
        stored = {key: getattr(entry, key) for key in KEYS}
        self.scored.append(
            RoundScore(
                plan=plan,
                entry=stored,
                points=outcome.defeat_points,
                totals=outcome.running_defeat_points,
                whys=tuple(explain_deal(outcome, team, rules) for team in (0, 1)),
            )
        )

    def result(self, ended: bool = False) -> Result:
        """``ended`` changes nothing: the match ends when a team reaches the limit."""
        totals = (self.totals[0], self.totals[1])
        finished = self.goat is not None
        return Result(
            sides=SIDES,
            rounds=tuple(self.scored),
            totals=totals,
            places=places_of(totals, lowest_wins=True),
            winners=(1 - self.goat,) if finished else (),
            finished=finished,
            next_round=None if finished else self.plan(),
            marks=self.marks(),
        )

    def marks(self) -> tuple[Why | None, ...]:
        """The goat (seed 004: "with eggs" if its match had a deal of eggs, a title only);
        before that, an eggs carry-over waiting for the next deal."""
        if self.goat is not None:
            said = (
                gettext_noop("the goat, with eggs") if self.had_eggs else gettext_noop("the goat")
            )
            return tuple(Why(said) if team == self.goat else None for team in (0, 1))
        if self.times > 1:
            said = gettext_noop("eggs: × %(times)s on the next deal")
            return (Why(said, {"times": self.times}),) * 2
        if self.plus:
            said = gettext_noop("eggs: +%(bonus)s to the next deal's loser")
            return (Why(said, {"bonus": self.plus}),) * 2
        return (None, None)

    def match(self) -> MatchResult:
        """The match in Kozel's own terms (every deal's outcome, the goat)."""
        finished = self.goat is not None
        plan = None if finished else self.plan()
        return MatchResult(
            rules=self.rules,
            first_dealer=self.first_dealer,
            outcomes=tuple(self.outcomes),
            defeat_points=(self.totals[0], self.totals[1]),
            finished=finished,
            goat=self.goat,
            goat_with_eggs=finished and self.had_eggs,
            next_dealer=None if plan is None else plan.dealer,
            next_leader=None if plan is None else plan.leader,
            next_multiplier=self.times,
            next_bonus=self.plus,
        )


def score(
    rules: KozelRules,
    players: int,
    first_dealer: int,
    entries: Sequence[dict],
    ended: bool = False,
) -> Result:
    """Every deal in order, each checked again ("Deal 3: ..."), scored and explained."""
    return fold(Tally(rules, players, first_dealer), entries, ended)


def score_match(rules: KozelRules, first_dealer: int, entries: Sequence[DealEntry]) -> MatchResult:
    """Score a match from its entries (`DealEntry`), in order: a fold of `Tally`.

    The match ends on the deal a team reaches the limit (seed 004: "when a team has 12
    defeat points the game ends"); that team is the goat, and a later entry is refused. A
    bad entry is refused as "Deal <number>: <reason>", `params["reason"]` its own RuleError.
    """
    _check_seat(first_dealer, gettext_noop("The first dealer must be one of the four players."))
    tally = Tally(rules, PLAYERS, first_dealer)
    for raw in entries:
        if tally.goat is not None:
            raise RuleError(gettext_noop("The match is over: no more deals."))
        plan = tally.plan()
        try:
            entry = validate_deal(raw, rules)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Deal %(number)s: %(reason)s"), number=plan.number, reason=error
            ) from error
        tally.add_deal(entry, plan)
    return tally.match()


FIGURES = (
    Figure("deals", gettext_noop("Deals played")),
    Figure("lost", gettext_noop("Deals lost"), of="deals"),
    Figure("eggs", gettext_noop("Eggs (60–60)"), of="deals"),
)


def round_figures(entry: dict, seat: int, rules: object = None) -> dict[str, int]:
    """A player's counts in a deal as checked: played, lost by the player's team (the team
    under 60 card points), eggs."""
    team = seat % 2
    points = entry["points"] if entry["team"] == team else 120 - entry["points"]
    eggs = points == EGGS_POINTS
    return {"deals": 1, "lost": int(not eggs and points < EGGS_POINTS), "eggs": int(eggs)}


__all__ = [
    "FIGURES",
    "KEYS",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SIDES",
    "Deal",
    "Rules",
    "Tally",
    "check_round",
    "first_plan",
    "form_facts",
    "plan_after",
    "round_figures",
    "score",
    "score_match",
]

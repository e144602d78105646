"""Kozel ("Goat"): a deal as the scorekeeper enters it, its defeat points and how they came to be.

Sources: seed 004 (`/work/shared/seeds/004_14d51e7246e70e7a.txt`, Polish); RULES.md "Kozel"
and "Beyond the seeds: Kozel" for the table options. After each deal the scorekeeper enters
one team's card points (the other team has the rest of the 120) and, for a team on 0,
whether it still took a trick; from that come the defeat points, totals, dealer and leader
of every deal, and the goat: the team that reaches the match limit.

Seats are 0..3 clockwise; partners sit opposite, so team 0 is seats 0 and 2 (seed 004:
"every player has an opponent on the left and on the right and a partner opposite").
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why

PLAYERS = 4
"""Seed 004: two teams of two players."""

TOTAL_POINTS = 120
"""Seed 004: the card points of the whole 36-card deck (4 suits x 30)."""

WINNING_POINTS = 61
"""Seed 004: a team with 61 card points or more wins the deal."""

EGGS_POINTS = 60
"""Seed 004: both teams on 60 is "eggs"."""

CARD_POINTS = {"6": 0, "7": 0, "8": 0, "9": 0, "J": 2, "Q": 3, "K": 4, "10": 10, "A": 11}
"""Seed 004: 6, 7, 8, 9 are worth 0; jack 2; queen 3; king 4; ten 10; ace 11."""

MATCH_LIMITS = (6, 8, 10, 12, 16)
"""Defeat points that end a match: 12 in seed 004, the others RULES.md "Beyond the seeds"."""

TWO_POINT_FROM_CHOICES = (31, 30, 21)
"""Lowest card points giving only 2 defeat points: 31 in seed 004 ("31-59 points: 2 defeat
points"), 30 or 21 from RULES.md "Beyond the seeds"."""

impossible_points = frozenset({1, 119})
"""No card is worth 1, so no team holds 1 card point, nor 119; any other 0..120 can happen."""


def _check_seat(seat: object, template: str) -> None:
    if not is_whole(seat) or not 0 <= seat < PLAYERS:
        raise RuleError(template)


def _check_team(team: object) -> None:
    if not is_whole(team) or team not in (0, 1):
        raise RuleError(gettext_noop("Choose one of the two teams."))


def _card_points(entry: DealEntry) -> tuple[int, int]:
    other = other_team_points(entry.points)
    return (entry.points, other) if entry.team == 0 else (other, entry.points)


def _zero_team(team: int, points: int) -> int | None:
    if points == 0:
        return team
    if points == TOTAL_POINTS:
        return 1 - team
    return None


class SixPointRule(StrEnum):
    """Which loser takes 6 defeat points instead of 4.

    - NO_TRICKS (seed 004): it took no trick at all (0 card points from a trick of 6s-9s: 4).
    - NO_CARD_POINTS (RULES.md "Beyond the seeds"): it has 0 card points, trick or not.
    """

    NO_TRICKS = "no_tricks"
    NO_CARD_POINTS = "no_card_points"


class EggsRule(StrEnum):
    """What a 60-60 deal ("eggs") does to the next deal.

    - NOTHING (seed 004): "eggs do not affect the results and give no bonus".
    - DOUBLE_NEXT, PLUS_TWO_NEXT (RULES.md "Beyond the seeds"): the next deal's defeat
      points are doubled, or its loser takes 2 more.

    Consecutive eggs (the rules are silent; our choice) build up: x4, x8 ... or +4, +6 ...;
    the next deal with a loser uses it all, and the one after starts from x1 / +0.
    """

    NOTHING = "nothing"
    DOUBLE_NEXT = "double_next"
    PLUS_TWO_NEXT = "plus_two_next"


def team_of(seat: int) -> int:
    """The team of a seat: partners sit opposite (seed 004)."""
    _check_seat(seat, gettext_noop("A seat must be one of the four players."))
    return seat % 2


def seats_of(team: int) -> tuple[int, int]:
    """The two seats of a team, opposite each other (seed 004)."""
    _check_team(team)
    return (team, team + 2)


def other_team_points(points: int) -> int:
    """The other team's card points: the deck holds 120 (seed 004)."""
    return TOTAL_POINTS - points


def possible_points(points: object) -> bool:
    """Whether a team can hold these card points: 0..120 but not 1 or 119 (seed 004)."""
    return is_whole(points) and 0 <= points <= TOTAL_POINTS and points not in impossible_points


@dataclass(frozen=True)
class KozelRules:
    """A table's match options; the defaults are seed 004: to 12, 31-59 give 2, 6 for no
    tricks, eggs change nothing. Enum fields also take their string values (as stored)."""

    match_limit: int = 12
    two_point_from: int = 31
    six_points: SixPointRule = SixPointRule.NO_TRICKS
    eggs: EggsRule = EggsRule.NOTHING

    def __post_init__(self) -> None:
        if not is_whole(self.match_limit) or self.match_limit not in MATCH_LIMITS:
            raise RuleError(gettext_noop("A match is played to 6, 8, 10, 12 or 16 defeat points."))
        if not is_whole(self.two_point_from) or self.two_point_from not in TWO_POINT_FROM_CHOICES:
            raise RuleError(gettext_noop("The 2-point band starts at 31, 30 or 21 card points."))
        try:
            six_points = SixPointRule(self.six_points)
        except ValueError:
            raise RuleError(
                gettext_noop("6 defeat points are for a loser with no tricks or no card points.")
            ) from None
        try:
            eggs = EggsRule(self.eggs)
        except ValueError:
            raise RuleError(
                gettext_noop("Eggs give nothing, double the next deal, or +2 to its loser.")
            ) from None
        object.__setattr__(self, "six_points", six_points)
        object.__setattr__(self, "eggs", eggs)


PRESETS: dict[str, KozelRules] = {
    "classic": KozelRules(),
    "short": KozelRules(match_limit=6),
    "long": KozelRules(match_limit=16),
    "doubled_eggs": KozelRules(eggs=EggsRule.DOUBLE_NEXT),
    "eggs_plus_two": KozelRules(eggs=EggsRule.PLUS_TWO_NEXT),
}
"""Rule sets a table can start from: seed 004 as written, and each other one changes one
option as RULES.md "Beyond the seeds" does (match length, eggs)."""


@dataclass(frozen=True)
class DealEntry:
    """What the scorekeeper writes after a deal: one team's card points (the other has the
    rest); for a team on 0, whether it still took a trick (see `validate_deal`); and, if
    recorded, who took the last trick and so leads the next deal (seed 004)."""

    team: int
    points: int
    zero_team_took_trick: bool | None = None
    last_trick_seat: int | None = None


@dataclass(frozen=True)
class DealOutcome:
    """One deal of a match, scored (number from 1; card_points by team, adding up to 120).

    - loser: the team under 60 card points, None on eggs; base_defeat_points: its 2, 4 or 6.
    - multiplier, bonus: the eggs carry-over this deal used (x1 and +0 when none, and on an
      eggs deal, which passes it on); defeat_points: base x multiplier + bonus for the loser.
    - match_over: this deal ended the match; goat: the team that lost it.
    """

    number: int
    entry: DealEntry
    card_points: tuple[int, int]
    eggs: bool
    loser: int | None
    base_defeat_points: int
    multiplier: int
    bonus: int
    defeat_points: tuple[int, int]
    dealer: int
    leader: int
    running_defeat_points: tuple[int, int]
    match_over: bool
    goat: int | None


@dataclass(frozen=True)
class MatchResult:
    """A match scored from its entries. goat_with_eggs: the goat's match had an eggs deal,
    seed 004's "goat with eggs" (a title only, no score). next_*: the next deal's seats (None
    when finished) and the eggs carry-over waiting for it."""

    rules: KozelRules
    first_dealer: int
    outcomes: tuple[DealOutcome, ...]
    defeat_points: tuple[int, int]
    finished: bool
    goat: int | None
    goat_with_eggs: bool
    next_dealer: int | None
    next_leader: int | None
    next_multiplier: int
    next_bonus: int


def validate_deal(entry: DealEntry, rules: KozelRules) -> DealEntry:
    """Check an entry and return it normalised, or raise RuleError.

    For a team on 0 card points (0 entered, or 120 for the other) under the "no tricks"
    6-point rule (seed 004) the scorekeeper must say whether it took a trick; under "no card
    points" it may be left out. With no team on 0, `zero_team_took_trick` is reset to None,
    not refused, so a form can always send its checkbox. A team that took no trick cannot
    have taken the last one.
    """
    _check_team(entry.team)
    points = entry.points
    if not is_whole(points):
        raise RuleError(gettext_noop("Card points must be a whole number."))
    if not 0 <= points <= TOTAL_POINTS:
        raise RuleError(gettext_noop("Card points must be between 0 and 120."))
    if points == 1:
        raise RuleError(
            gettext_noop("A team cannot have exactly 1 card point: no card is worth 1.")
        )
    if points == TOTAL_POINTS - 1:
        raise RuleError(
            gettext_noop("A team cannot have 119 card points: the other team would have 1.")
        )

    zero_team = _zero_team(entry.team, points)
    took_trick = entry.zero_team_took_trick
    if zero_team is None:
        took_trick = None
    elif took_trick is None:
        if rules.six_points is SixPointRule.NO_TRICKS:
            raise RuleError(gettext_noop("Say whether the team with 0 points took a trick."))
    elif not isinstance(took_trick, bool):
        raise RuleError(gettext_noop("Say yes or no: did the team with 0 points take a trick?"))

    seat = entry.last_trick_seat
    if seat is not None:
        _check_seat(seat, gettext_noop("The last trick must be taken by one of the four players."))
        if took_trick is False and seat % 2 == zero_team:
            raise RuleError(gettext_noop("A team that took no trick cannot take the last trick."))

    return replace(entry, zero_team_took_trick=took_trick)


def deal_defeat_points(entry: DealEntry, rules: KozelRules) -> tuple[int | None, int]:
    """The loser and its defeat points before any eggs carry-over; (None, 0) on eggs.

    Seed 004: 61 or more wins and takes nothing; the loser takes 2 from two_point_from to 59
    (seed: 31-59), below that 6 under the 6-point rule (seed: "took no trick at all"), else 4.
    """
    entry = validate_deal(entry, rules)
    card_points = _card_points(entry)
    if card_points == (EGGS_POINTS, EGGS_POINTS):
        return None, 0
    loser = 0 if card_points[0] < card_points[1] else 1
    loser_points = card_points[loser]
    if loser_points >= rules.two_point_from:
        return loser, 2
    if rules.six_points is SixPointRule.NO_TRICKS:
        # A loser with any card points took a trick; one with 0 may have too.
        took_no_trick = loser_points == 0 and entry.zero_team_took_trick is False
        return loser, 6 if took_no_trick else 4
    return loser, 6 if loser_points == 0 else 4


#: What a 60-60 deal does, as a player reads it (seed 004, and RULES.md's variants).
EGGS_SAID = {
    EggsRule.NOTHING: gettext_noop("eggs change nothing"),
    EggsRule.DOUBLE_NEXT: gettext_noop("eggs double the next deal's defeat points"),
    EggsRule.PLUS_TWO_NEXT: gettext_noop("eggs give +2 to the next deal's loser"),
}


def explain_deal(outcome: DealOutcome, team: int, rules: KozelRules) -> tuple[Why, ...]:
    """How a team's defeat points in a deal came to be, with the option that decided them
    (seed 004: 31-59 gives 2, under 31 gives 4, no trick 6)."""
    points = outcome.card_points[team]
    if outcome.eggs:
        said = gettext_noop("60–60, eggs: no defeat points")
        return (Why(said, {}, EGGS_SAID[rules.eggs]),)
    if outcome.loser != team:
        said = gettext_noop("%(points)s card points: the deal is won, no defeat points")
        return (Why(said, {"points": points}),)
    low = rules.two_point_from
    if outcome.base_defeat_points == 2:
        said = gettext_noop("%(points)s card points: %(low)s–59 gives 2 defeat points")
        lines = [Why(said, {"points": points, "low": low}, gettext_noop("the 2-point band"))]
    elif outcome.base_defeat_points == 4:
        said = gettext_noop("%(points)s card points, under %(low)s: 4 defeat points")
        lines = [Why(said, {"points": points, "low": low})]
    elif rules.six_points is SixPointRule.NO_TRICKS:
        lines = [Why(gettext_noop("no trick at all: 6 defeat points"))]
    else:
        lines = [Why(gettext_noop("no card points: 6 defeat points"))]
    if outcome.multiplier > 1:
        said = gettext_noop("× %(times)s after eggs: %(points)s defeat points")
        params = {"times": outcome.multiplier, "points": outcome.defeat_points[team]}
        lines.append(Why(said, params, EGGS_SAID[rules.eggs]))
    if outcome.bonus:
        said = gettext_noop("+%(bonus)s after eggs: %(points)s defeat points")
        params = {"bonus": outcome.bonus, "points": outcome.defeat_points[team]}
        lines.append(Why(said, params, EGGS_SAID[rules.eggs]))
    return tuple(lines)


def dealer_for(first_dealer: int, deal_index: int) -> int:
    """The deal passes clockwise from the table's first dealer (seed 004 is silent; the
    usual pass)."""
    _check_seat(first_dealer, gettext_noop("The first dealer must be one of the four players."))
    if not is_whole(deal_index) or deal_index < 0:
        raise ValueError(f"deal_index must be a whole number from 0, not {deal_index!r}")
    return (first_dealer + deal_index) % PLAYERS


def leader_for(dealer: int, previous_last_trick_seat: int | None = None) -> int:
    """The previous deal's last trick leads (seed 004: "if it was the last trick, the player
    keeps the right to lead in the next game"); else the player after the dealer, dealt to
    first (seed 004; the first lead is not stated, our choice)."""
    _check_seat(dealer, gettext_noop("The dealer must be one of the four players."))
    if previous_last_trick_seat is not None:
        _check_seat(
            previous_last_trick_seat,
            gettext_noop("The last trick must be taken by one of the four players."),
        )
        return previous_last_trick_seat
    return (dealer + 1) % PLAYERS

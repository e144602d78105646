"""Spades' table: the options, the presets, the two teams, who deals each hand, whether a
side may bid blind nil, and the call once the bids are in.

Sources (docs/rules-spades.md has the links): pagat.com, "Spades" (John McLeod), for the
game; its variations and issue 41 for the options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why
from games.rules.rounds import Plan

PLAYERS = MIN_PLAYERS = MAX_PLAYERS = 4
#: pagat: partners sit opposite, the first and third seats against the second and fourth.
SIDES = ((0, 2), (1, 3))
TRICKS = 13  # 52 cards, 13 each: 13 tricks a hand
HIGHEST_BID = 13
NIL_POINTS = 100  # pagat: a nil made +100, failed −100
BLIND_NIL_POINTS = 200  # pagat: blind nil ±200
BLIND_NIL_BEHIND = 100  # the option: only for a side at least 100 behind before the hand
TEN_FOR_200 = 10  # the option: a made contract of 10 or more scores 200 plus bags
TEN_FOR_200_POINTS = 200
MOON_BID = 13

#: Each option's values, the default first (issue 41 lists them so).
TARGETS = (500, 250, 300)
BAG_LIMITS = (10, 5)
BAG_PENALTIES = (100, 50)
#: The mercy line: 0 is off, else a team at or below it loses.
MERCY_LINES = (0, -200, -500)
MIN_TEAM_BIDS = (0, 4)
MOON_POINTS = (1, 1000)  # the moon's points, in place of 130: from, to


class FailedNil(StrEnum):
    """A failed nil's tricks: BAGS for the team, not the partner's contract (pagat), or
    COUNT toward the partner's contract (pagat's variation)."""

    BAGS = "bags"
    COUNT = "count"


class BlindNil(StrEnum):
    """OFF; ON: any player may bid nil before looking at the cards (±200); BEHIND: only a
    player whose side was at least 100 behind before the hand (pagat's variation)."""

    OFF = "off"
    ON = "on"
    BEHIND = "behind"


class Moon(StrEnum):
    """A team that bids 13 and takes 13: OFF (130, as any contract), WINS the game
    outright, or POINTS: ``moon_points`` in place of 130."""

    OFF = "off"
    WINS = "wins"
    POINTS = "points"


def _choice(rules: object, name: str, enum: type[StrEnum]) -> None:
    try:
        value = enum(getattr(rules, name))
    except (ValueError, TypeError):
        raise RuleError(
            gettext_noop("Unknown value for the option %(option)s."), option=name
        ) from None
    object.__setattr__(rules, name, value)


def _among(rules: object, name: str, values: Sequence[int]) -> None:
    value = getattr(rules, name)
    if not is_whole(value) or value not in values:
        raise RuleError(gettext_noop("Unknown value for the option %(option)s."), option=name)


@dataclass(frozen=True)
class Rules:
    """A table's options; the defaults are pagat's game. Choices may be given as their
    string values ("count")."""

    target: int = 500
    failed_nil: FailedNil = FailedNil.BAGS
    blind_nil: BlindNil = BlindNil.OFF
    #: Overtricks are counted as bags, and each ``bag_limit`` of them costs ``bag_penalty``.
    bags: bool = True
    bag_limit: int = 10
    bag_penalty: int = 100
    #: 0: off; else a team at or below this line (−200 or −500) loses.
    mercy: int = 0
    #: 0, or 4: each team's contract is at least 4 (a nil's partner bids 4 or more).
    min_team_bid: int = 0
    ten_for_200: bool = False
    moon: Moon = Moon.OFF
    moon_points: int = 200  # with ``moon`` POINTS: what 13 bid and taken scores

    def __post_init__(self) -> None:
        _among(self, "target", TARGETS)
        _choice(self, "failed_nil", FailedNil)
        _choice(self, "blind_nil", BlindNil)
        for name in ("bags", "ten_for_200"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=name)
        _among(self, "bag_limit", BAG_LIMITS)
        _among(self, "bag_penalty", BAG_PENALTIES)
        _among(self, "mercy", MERCY_LINES)
        _among(self, "min_team_bid", MIN_TEAM_BIDS)
        _choice(self, "moon", Moon)
        low, high = MOON_POINTS
        points = self.moon_points
        if not is_whole(points) or not low <= points <= high:
            raise RuleError(
                gettext_noop("Unknown value for the option %(option)s."), option="moon_points"
            )


PRESETS = {
    # pagat's game as written: to 500, a failed nil's tricks are bags, 10 bags cost 100.
    "pagat": Rules(),
    # pagat's variation: blind nil for a side at least 100 behind.
    "blind_nil": Rules(blind_nil=BlindNil.BEHIND),
    # A shorter evening: the target of 250.
    "short": Rules(target=250),
}


def team_of(seat: int) -> int:
    """The side of a seat: the first and third seats (0, 2) are side 0."""
    return seat % 2


@dataclass(frozen=True)
class Hand(Plan):
    """A hand before it is played: beyond its number, dealer and 13 cards each, how far
    each side is behind the other before it (for blind nil); None when not known yet (a
    hand drawn ahead, nothing scored in between)."""

    behind: tuple[int, int] | None = None


def check_table(players: object, first_dealer: object) -> None:
    """Four players, and a first dealer among them."""
    if players != PLAYERS or not is_whole(players):
        raise RuleError(gettext_noop("Spades is for 4 players in two teams."))
    if not is_whole(first_dealer) or not 0 <= first_dealer < PLAYERS:
        raise RuleError(gettext_noop("The first dealer must be one of the four players."))


def behind_of(totals: Sequence[int]) -> tuple[int, int]:
    """How far each side is behind the other (0 for the side ahead, or level)."""
    return (max(0, totals[1] - totals[0]), max(0, totals[0] - totals[1]))


def hand_plan(first_dealer: int, number: int, behind: tuple[int, int] | None = None) -> Hand:
    """Hand ``number`` (from 1): the deal passes clockwise (pagat)."""
    dealer = (first_dealer + number - 1) % PLAYERS
    return Hand(number=number, dealer=dealer, cards=TRICKS, behind=behind)


def first_plan(rules: Rules, players: int, first_dealer: int) -> Hand:
    """Hand 1, both sides level; refuses a table that is not four players."""
    check_table(players, first_dealer)
    return hand_plan(first_dealer, 1, (0, 0))


def plan_after(rules: Rules, players: int, first_dealer: int, plan: Plan) -> Hand:
    """The next hand if nothing is known of this one: the next dealer; who is behind is
    not known yet (blind nil under BEHIND is offered, and checked when the hand is
    scored)."""
    check_table(players, first_dealer)
    return hand_plan(first_dealer, plan.number + 1)


def blind_nil_why_not(rules: Rules, plan: Plan, side: int) -> Why | None:
    """Why a side may not bid blind nil this hand, or None if it may."""
    if rules.blind_nil == BlindNil.OFF:
        return Why(gettext_noop("blind nil is not played at this table"))
    behind = getattr(plan, "behind", None)
    known = rules.blind_nil == BlindNil.BEHIND and behind is not None
    if known and behind[side] < BLIND_NIL_BEHIND:
        return Why(
            gettext_noop("blind nil only for a side %(least)s or more behind: %(behind)s behind"),
            {"least": BLIND_NIL_BEHIND, "behind": behind[side]},
        )
    return None


def form_facts(rules: Rules, players: int, plan: Plan) -> dict:
    """What the hand's form shows beyond the plan: the target, the least team contract,
    and for each side whether it may bid blind nil, and if not why (a `Why`)."""
    why_not = [blind_nil_why_not(rules, plan, side) for side in range(len(SIDES))]
    return {
        "target": rules.target,
        "min_team_bid": rules.min_team_bid,
        "blind_nil": [why is None for why in why_not],
        "blind_nil_why_not": why_not,
    }


def contracts(bids: Sequence[int]) -> tuple[int, int]:
    """Each side's contract: the sum of its partners' bids (a nil, 0, adds nothing)."""
    return (bids[0] + bids[2], bids[1] + bids[3])


def call(plan: Plan, bids: Sequence[int]) -> Why:
    """Once the bids are in, each side's contract ("contracts: 7 against 5"); for anything
    but the four bids, their sum (the screen's sum of bids as it comes in)."""
    if len(bids) != PLAYERS:
        return Why(gettext_noop("bids: %(total)s"), {"total": sum(bids)})
    first, second = contracts(bids)
    return Why(
        gettext_noop("contracts: %(first)s against %(second)s"),
        {"first": first, "second": second},
    )

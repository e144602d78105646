"""Tysiąc's table: its constants, the options a table chooses, the presets, and who deals
and who sits out each deal.

Sources (docs/rules-tysiac.md has the links): the issue "Tysiąc / Тысяча (1000)", which
wins where they differ; pagat.com, "Thousand"; ru.wikipedia.org, "Тысяча (карточная
игра)"; zagraj.pl, "Tysiąc – zasady gry".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.rounds import Plan

MIN_PLAYERS = 3
MAX_PLAYERS = 4  # the issue: three play; with four, one sits out each deal
#: What each card is worth; the deck holds each in four suits (24 cards).
CARD_VALUES = {"A": 11, "10": 10, "K": 4, "Q": 3, "J": 2, "9": 0}
CARD_POINTS = 4 * sum(CARD_VALUES.values())  # 120
#: No card is worth 1, so no player takes 1 card point, nor 119 (the others would have 1);
#: every other number of 0..120 some tricks hold (tests/rules/test_tysiac_card_points.py
#: counts the deck's subsets).
IMPOSSIBLE_CARD_POINTS = frozenset({1, CARD_POINTS - 1})
#: A king and queen of one suit, declared: hearts 100, diamonds 80, clubs 60, spades 40.
MARRIAGES = {"H": 100, "D": 80, "C": 60, "S": 40}
#: Their suits in that order (a tuple: MicroPython's dicts keep no order).
SUITS = ("H", "D", "C", "S")
LOWEST_CONTRACT = 100  # the issue: "the final contract (at least 100)"
#: Every card point and every marriage: no contract above it could ever be made.
HIGHEST_CONTRACT = CARD_POINTS + sum(MARRIAGES.values())  # 400
STEPS = (10, 5)  # the option; zagraj.pl: "co 10 punktów"
GAME = 1000
BARREL = 880
BARREL_DEALS = 3
BARREL_PENALTY = 120
OFF_THE_BARREL = BARREL - BARREL_PENALTY  # 760
BOLTS = 3
BOLT_PENALTY = 120
FIVE_FIVE_FIVE = 555
OVER = 800  # zagraj.pl: "jeśli gracz ma powyżej 800 punktów"
TALON_CARDS = 3  # zagraj.pl: "pozostałe 3 karty to musik"
TALON_ACE = 50  # zagraj.pl: "50 punktów za asa, i meldunek jak meldunek"
GIVEN_UP_FLAT = 60


class Rounding(StrEnum):
    """Defenders' points (the issue): as they are, to 5, or to 10 (zagraj.pl)."""

    NONE = "none"
    FIVE = "five"  # 1-2 down, 3-4 up: 17 -> 15, 18 -> 20
    TEN = "ten"  # 5 up: 65 -> 70, 64 -> 60


class Endgame(StrEnum):
    NONE = "none"
    BARREL = "barrel"  # Russian: 880, three deals to win by a contract
    OVER_800 = "over_800"  # zagraj.pl: over 800, only a contract counts


class FiveFiveFive(StrEnum):
    """A total of exactly 555 or −555 (Thousand-Counter's ``isMagicNumber``: both go back
    to 0). An earlier "minus" (555 to −555) had no source: read as ZERO (`from_earlier`)."""

    OFF = "off"
    ZERO = "zero"  # exactly 555 or −555 goes back to 0


class GivenUp(StrEnum):
    """A deal given up before play ("rospis'"): what each opponent gets (the issue)."""

    OFF = "off"  # refused
    SIXTY = "sixty"  # +60
    HALF = "half"  # + half the contract, rounded up
    GREATER = "greater"  # the greater of the two


class SittingOut(StrEnum):
    """With four, who sits out the deal (the issue; zagraj.pl: by default the last to bid,
    who is the dealer, since the bidding starts left of the dealer)."""

    DEALER = "dealer"
    RIGHT_OF_DEALER = "right_of_dealer"  # the dealer's counterclockwise neighbour


def _choice(rules: object, name: str, enum: type[StrEnum]) -> None:
    try:
        value = enum(getattr(rules, name))
    except (ValueError, TypeError):
        raise RuleError(
            gettext_noop("Unknown value for the option %(option)s."), option=name
        ) from None
    object.__setattr__(rules, name, value)


@dataclass(frozen=True)
class Rules:
    """A table's options; the defaults are the plainest game (every option off, steps of
    10 as zagraj.pl). Choices may be given as their string values ("five")."""

    steps: int = 10
    rounding: Rounding = Rounding.NONE
    endgame: Endgame = Endgame.NONE
    #: A player's third deal scoring nothing costs 120 (Russian).
    bolts: bool = False
    five_five_five: FiveFiveFive = FiveFiveFive.OFF
    given_up: GivenUp = GivenUp.OFF
    sitting_out: SittingOut = SittingOut.DEALER
    #: zagraj.pl: the player sitting out scores the talon's aces (50) and marriage.
    talon: bool = False

    def __post_init__(self) -> None:
        if not is_whole(self.steps) or self.steps not in STEPS:
            raise RuleError(
                gettext_noop("Unknown value for the option %(option)s."), option="steps"
            )
        _choice(self, "rounding", Rounding)
        _choice(self, "endgame", Endgame)
        _choice(self, "five_five_five", FiveFiveFive)
        _choice(self, "given_up", GivenUp)
        _choice(self, "sitting_out", SittingOut)
        for name in ("bolts", "talon"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=name)

    @staticmethod
    def from_earlier(options: dict) -> dict:
        """Options as an earlier version stored them, in today's values: 555 "minus" (555
        went to −555, a value no source has) is read as "zero" (docs/rules-tysiac.md)."""
        if options.get("five_five_five") != "minus":
            return options
        return dict(options, five_five_five=str(FiveFiveFive.ZERO))


PRESETS = {
    # Тысяча (the issue; ru.wikipedia, pagat): the barrel, bolts, 555 and "rospis'".
    "russian": Rules(
        steps=5,
        rounding=Rounding.FIVE,
        endgame=Endgame.BARREL,
        bolts=True,
        five_five_five=FiveFiveFive.ZERO,
        given_up=GivenUp.GREATER,
        sitting_out=SittingOut.DEALER,
        talon=False,
    ),
    # Tysiąc (the issue; zagraj.pl): steps and rounding of 10, over 800, the talon.
    "polish": Rules(
        steps=10,
        rounding=Rounding.TEN,
        endgame=Endgame.OVER_800,
        bolts=False,
        five_five_five=FiveFiveFive.OFF,
        given_up=GivenUp.OFF,
        sitting_out=SittingOut.DEALER,
        talon=True,
    ),
}


def check_players(players: object) -> None:
    """Three or four players."""
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop("Tysiąc is for %(low)s or %(high)s players."),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )


def check_table(players: object, first_dealer: object) -> None:
    """Three or four players, and a first dealer among them."""
    check_players(players)
    if not is_whole(first_dealer) or not 0 <= first_dealer < players:
        raise RuleError(gettext_noop("The first dealer must be one of the players."))


def plan_of(rules: Rules, players: int, first_dealer: int, number: int) -> Plan:
    """Deal ``number`` (from 1): the deal passes clockwise (seat + 1); with four, the
    dealer sits out, or under the option the seat on the dealer's right (seat - 1, who
    dealt the deal before)."""
    dealer = (first_dealer + number - 1) % players
    out: tuple[int, ...] = ()
    if players == 4:
        out = (dealer if rules.sitting_out == SittingOut.DEALER else (dealer - 1) % players,)
    return Plan(number=number, dealer=dealer, sitting_out=out)


def first_plan(rules: Rules, players: int, first_dealer: int) -> Plan:
    """Deal 1; refuses a table Tysiąc cannot seat."""
    check_table(players, first_dealer)
    return plan_of(rules, players, first_dealer, 1)


def plan_after(rules: Rules, players: int, first_dealer: int, plan: Plan) -> Plan | None:
    """The next deal: nothing but the end of the game changes who deals and sits out."""
    check_table(players, first_dealer)
    return plan_of(rules, players, first_dealer, plan.number + 1)


def playing(players: int, plan: Plan) -> list[int]:
    """The seats in the deal."""
    return [seat for seat in range(players) if seat not in plan.sitting_out]


def talon_seat(rules: Rules, plan: Plan) -> int | None:
    """Who scores the talon: the player sitting out, under the Polish option."""
    return plan.sitting_out[0] if rules.talon and plan.sitting_out else None


def form_facts(rules: Rules, players: int, plan: Plan) -> dict:
    """What the deal's form shows beyond the plan: the marriages' worth, who scores the
    talon (or None) and the contract's steps."""
    return {
        "marriages": [(suit, MARRIAGES[suit]) for suit in SUITS],
        "talon_seat": talon_seat(rules, plan),
        "steps": rules.steps,
    }

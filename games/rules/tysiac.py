"""Tysiąc / Тысяча (1000): a deal scored from the auction's contract, each player's card
points and the marriages declared, under the house rules a table chooses (docs/rules.md,
"Tysiąc / Тысяча": each option with its source).

Three players; with four, one sits out each deal. The bidder scores +contract when card
points and own marriages reach it, −contract otherwise (or gives the deal up before
playing); the defenders score their card points and marriages, rounded. The first to
1000 wins; the endgame options (the barrel, "over 800 only contracts count"), bolts and
555 change the way there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why
from games.rules.rounds import Plan, Result, RoundScore, places_of, singles

MIN_PLAYERS = 3
MAX_PLAYERS = 4
CARD_POINTS = 120  # the 24 cards: A 11, 10 10, K 4, Q 3, J 2, 9 0, in four suits
MARRIAGES = {"H": 100, "D": 80, "C": 60, "S": 40}  # king and queen of a suit
LOWEST_CONTRACT = 100
HIGHEST_CONTRACT = CARD_POINTS + sum(MARRIAGES.values())  # 400: every point there is
GAME = 1000
BARREL = 880
BARREL_DEALS = 3
OFF_THE_BARREL = 760  # 880 - 120
BOLT_PENALTY = 120
BOLTS = 3
OVER = 800  # zagraj.pl: "powyżej 800" only the contract counts
TALON_ACE = 50
TALON_CARDS = 3


class Rounding(StrEnum):
    NONE = "none"
    FIVE = "five"  # 1-2 down, 3-4 up: 17 -> 15, 18 -> 20
    TEN = "ten"  # 5 up: 65 -> 70, 64 -> 60


class Endgame(StrEnum):
    NONE = "none"
    BARREL = "barrel"  # Russian: 880, three deals to win by a contract
    OVER_800 = "over_800"  # Polish: over 800, only a contract counts


class FiveFiveFive(StrEnum):
    OFF = "off"
    ZERO = "zero"  # exactly 555 goes back to 0
    MINUS = "minus"  # exactly 555 goes to -555


class GivenUp(StrEnum):
    OFF = "off"  # refused
    SIXTY = "sixty"  # each opponent +60
    HALF = "half"  # each opponent + half the contract, rounded up
    GREATER = "greater"  # the greater of the two


class SittingOut(StrEnum):
    DEALER = "dealer"
    RIGHT_OF_DEALER = "right_of_dealer"


def _choice(rules: object, name: str, enum: type[StrEnum]) -> None:
    try:
        object.__setattr__(rules, name, enum(getattr(rules, name)))
    except ValueError:
        raise RuleError(
            gettext_noop("Unknown value for the option %(option)s."), option=name
        ) from None


@dataclass(frozen=True)
class Rules:
    steps: int = 10
    rounding: Rounding = Rounding.NONE
    endgame: Endgame = Endgame.NONE
    bolts: bool = False
    five_five_five: FiveFiveFive = FiveFiveFive.OFF
    given_up: GivenUp = GivenUp.OFF
    sitting_out: SittingOut = SittingOut.DEALER
    #: Polish (zagraj.pl): the player sitting out scores the talon's aces and marriage.
    talon: bool = False

    def __post_init__(self) -> None:
        if self.steps not in (5, 10) or not is_whole(self.steps):
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


PRESETS = {
    "russian": Rules(
        steps=5,
        rounding=Rounding.FIVE,
        endgame=Endgame.BARREL,
        bolts=True,
        five_five_five=FiveFiveFive.ZERO,
        given_up=GivenUp.GREATER,
    ),
    "polish": Rules(steps=10, rounding=Rounding.TEN, endgame=Endgame.OVER_800, talon=True),
}


def _check_players(players: object) -> None:
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop("Tysiąc is for %(low)s or %(high)s players."),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )


def plan_of(rules: Rules, players: int, first_dealer: int, number: int) -> Plan:
    """The deal passes clockwise; with four, the dealer (or the seat on the dealer's right,
    who deals before them) sits out."""
    _check_players(players)
    dealer = (first_dealer + number - 1) % players
    out = ()
    if players == 4:
        seat = dealer if rules.sitting_out == SittingOut.DEALER else (dealer - 1) % players
        out = (seat,)
    return Plan(number=number, dealer=dealer, sitting_out=out)


def first_plan(rules: Rules, players: int, first_dealer: int) -> Plan:
    return plan_of(rules, players, first_dealer, 1)


def plan_after(rules: Rules, players: int, first_dealer: int, plan: Plan) -> Plan | None:
    return plan_of(rules, players, first_dealer, plan.number + 1)


def form_facts(rules: Rules, players: int, plan: Plan) -> dict:
    """The marriages' worth, and who scores the talon (the Polish option, four players)."""
    talon = plan.sitting_out[0] if rules.talon and plan.sitting_out else None
    return {"marriages": list(MARRIAGES.items()), "talon_seat": talon, "steps": rules.steps}


def rounded(points: int, rounding: Rounding) -> int:
    """Defenders' points: to 5 (1-2 down, 3-4 up) or to 10 (5 up)."""
    if rounding == Rounding.FIVE:
        rest = points % 5
        return points - rest if rest <= 2 else points - rest + 5
    if rounding == Rounding.TEN:
        rest = points % 10
        return points - rest if rest <= 4 else points - rest + 10
    return points


def given_up_share(rules: Rules, contract: int) -> int:
    """What each opponent gets from a deal given up; half is rounded up (125 gives 63)."""
    half = (contract + 1) // 2
    return {GivenUp.SIXTY: 60, GivenUp.HALF: half, GivenUp.GREATER: max(60, half)}.get(
        rules.given_up, 0
    )


KEYS = ("bidder", "contract", "given_up", "points", "marriages", "talon")


def check_round(rules: Rules, players: int, plan: Plan, entry: object) -> dict:
    """A deal as entered, checked and in a fixed form (docs/rules.md)."""
    _check_players(players)
    if not isinstance(entry, dict) or not {"bidder", "contract"} <= set(entry) <= set(KEYS):
        raise RuleError(gettext_noop("Enter who won the auction and the contract."))
    playing = [seat for seat in range(players) if seat not in plan.sitting_out]
    bidder = entry["bidder"]
    if not is_whole(bidder) or bidder not in playing:
        raise RuleError(gettext_noop("The auction is won by a player in the deal."))
    contract = entry["contract"]
    if (
        not is_whole(contract)
        or not LOWEST_CONTRACT <= contract <= HIGHEST_CONTRACT
        or contract % rules.steps
    ):
        raise RuleError(
            gettext_noop("A contract is from 100 to 400, in steps of %(steps)s."),
            steps=rules.steps,
        )
    given_up = entry.get("given_up", False)
    if not isinstance(given_up, bool):
        raise RuleError(gettext_noop("“%(field)s” must be true or false."), field="given_up")
    checked: dict = {"bidder": bidder, "contract": contract, "given_up": given_up}
    points, marriages = entry.get("points"), entry.get("marriages") or {}
    if given_up:
        if rules.given_up == GivenUp.OFF:
            raise RuleError(gettext_noop("At this table a deal cannot be given up."))
        if (points is not None and any(p is not None for p in points)) or marriages:
            raise RuleError(gettext_noop("A deal given up has no card points or marriages."))
        checked.update(points=[None] * players, marriages={})
    else:
        checked.update(
            points=_card_points(points, players, playing),
            marriages=_marriages(marriages, playing),
        )
    talon_seat = form_facts(rules, players, plan)["talon_seat"]
    if talon_seat is not None:
        checked["talon"] = _talon(entry.get("talon"))
    elif entry.get("talon") is not None:
        raise RuleError(gettext_noop("Only a player sitting out scores the talon."))
    return checked


def _card_points(points: object, players: int, playing: list[int]) -> list:
    if not isinstance(points, list) or len(points) != players:
        raise RuleError(gettext_noop("Enter the card points of every player in the deal."))
    for seat, value in enumerate(points):
        if seat not in playing:
            if value is not None:
                raise RuleError(gettext_noop("The player sitting out has no card points."))
        elif not is_whole(value) or not 0 <= value <= CARD_POINTS:
            raise RuleError(gettext_noop("Card points are from 0 to 120."))
    total = sum(points[seat] for seat in playing)
    if total != CARD_POINTS:
        raise RuleError(
            gettext_noop("The card points add up to %(total)s; they must make 120."),
            total=total,
        )
    return list(points)


def _marriages(marriages: object, playing: list[int]) -> dict:
    if not isinstance(marriages, dict) or not set(marriages) <= set(MARRIAGES):
        raise RuleError(gettext_noop("A marriage is hearts, diamonds, clubs or spades."))
    for seat in marriages.values():
        if not is_whole(seat) or seat not in playing:
            raise RuleError(gettext_noop("A marriage is declared by a player in the deal."))
    return {suit: marriages[suit] for suit in MARRIAGES if suit in marriages}


def _talon(talon: object) -> dict:
    if talon is None:
        talon = {}
    if not isinstance(talon, dict) or not set(talon) <= {"aces", "marriage"}:
        raise RuleError(gettext_noop("The talon holds aces and perhaps a marriage."))
    aces, marriage = talon.get("aces", 0), talon.get("marriage")
    if not is_whole(aces) or aces < 0 or (marriage is not None and marriage not in MARRIAGES):
        raise RuleError(gettext_noop("The talon holds aces and perhaps a marriage."))
    if aces + (2 if marriage else 0) > TALON_CARDS:
        raise RuleError(gettext_noop("The talon holds three cards."))
    return {"aces": aces, "marriage": marriage}


@dataclass
class Standing:
    """Where a player stands between deals."""

    total: int = 0
    bolts: int = 0
    barrel: int | None = None  # deals played on the barrel, None when not on it
    whys: list = field(default_factory=list)


def _deal_gain(
    rules: Rules, entry: dict, seat: int, plan: Plan, standing: Standing
) -> tuple[int, bool]:
    """A player's points from the deal alone, and whether it may count as a bolt."""
    whys = standing.whys
    bidder, contract = entry["bidder"], entry["contract"]
    held = rules.endgame == Endgame.OVER_800 and standing.total > OVER
    on_barrel = standing.barrel is not None
    if seat in plan.sitting_out:
        if "talon" not in entry:
            whys.append(Why(gettext_noop("sits out")))
            return 0, False
        talon = entry["talon"]
        gain = TALON_ACE * talon["aces"] + MARRIAGES.get(talon["marriage"], 0)
        if held or on_barrel:
            whys.append(Why(gettext_noop("sits out: only a contract counts now")))
            return 0, False
        whys.append(
            Why(
                gettext_noop("sits out, the talon: %(aces)s aces × 50 + %(marriage)s = %(points)s"),
                {
                    "aces": talon["aces"],
                    "marriage": MARRIAGES.get(talon["marriage"], 0),
                    "points": gain,
                },
                rule=gettext_noop("the talon for the player sitting out"),
            )
        )
        return gain, False
    if seat == bidder:
        if entry["given_up"]:
            whys.append(
                Why(
                    gettext_noop("contract %(contract)s given up: −%(contract)s"),
                    {"contract": contract},
                )
            )
            return -contract, False
        own = sum(MARRIAGES[suit] for suit, by in entry["marriages"].items() if by == seat)
        made = entry["points"][seat] + own
        sign = "+" if made >= contract else "−"
        whys.append(
            Why(
                gettext_noop("contract %(contract)s, made %(made)s: %(sign)s%(contract)s"),
                {"contract": contract, "made": made, "sign": sign},
            )
        )
        return (contract if made >= contract else -contract), False
    if held or on_barrel:
        template = (
            gettext_noop("over 800: only a contract counts")
            if held
            else gettext_noop("on the barrel: only a contract counts")
        )
        whys.append(Why(template, rule=gettext_noop("endgame")))
        return 0, False
    if entry["given_up"]:
        gain = given_up_share(rules, contract)
        whys.append(
            Why(
                gettext_noop("contract %(contract)s given up: +%(points)s"),
                {"contract": contract, "points": gain},
                rule=gettext_noop("a deal given up"),
            )
        )
        return gain, False
    own = sum(MARRIAGES[suit] for suit, by in entry["marriages"].items() if by == seat)
    points = entry["points"][seat] + own
    if own:
        whys.append(
            Why(
                gettext_noop("%(cards)s + %(marriages)s for marriages = %(points)s"),
                {"cards": entry["points"][seat], "marriages": own, "points": points},
            )
        )
    gain = rounded(points, rules.rounding)
    if gain != points:
        whys.append(
            Why(
                gettext_noop("%(points)s rounded to %(gain)s"),
                {"points": points, "gain": gain},
                rule=gettext_noop("rounding of defenders' points"),
            )
        )
    elif not own:
        whys.append(Why(gettext_noop("%(points)s card points"), {"points": points}))
    return gain, True


def score(
    rules: Rules, players: int, first_dealer: int, entries: Sequence[dict], ended: bool = False
) -> Result:
    """Every deal in order (``ended`` changes nothing: the game ends at 1000)."""
    _check_players(players)
    table = [Standing() for _ in range(players)]
    scored: list[RoundScore] = []
    finished = False
    winners: tuple[int, ...] = ()
    for index, entry in enumerate(entries):
        plan = plan_of(rules, players, first_dealer, index + 1)
        if finished:
            raise RuleError(
                gettext_noop("Round %(number)s: the game was already over."), number=plan.number
            )
        try:
            checked = check_round(rules, players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Round %(number)s: %(reason)s"), number=plan.number, reason=error
            ) from None
        before = [standing.total for standing in table]
        for standing in table:
            standing.whys = []
        gains = []
        for seat, standing in enumerate(table):
            gain, may_bolt = _deal_gain(rules, checked, seat, plan, standing)
            gains.append(gain)
            standing.total += gain
            if rules.bolts and may_bolt and gain == 0:
                _bolt(standing)
            if rules.five_five_five != FiveFiveFive.OFF and standing.total == 555:
                _five_five_five(rules, standing)
        if rules.endgame == Endgame.BARREL:
            _barrel(table, checked)
        reached = [seat for seat, standing in enumerate(table) if standing.total >= GAME]
        if reached:
            finished = True
            bidder = checked["bidder"]
            if bidder in reached:
                winners = (bidder,)
            else:
                best = max(table[seat].total for seat in reached)
                winners = tuple(seat for seat in reached if table[seat].total == best)
        totals = tuple(standing.total for standing in table)
        scored.append(
            RoundScore(
                plan=plan,
                entry=checked,
                points=tuple(total - was for total, was in zip(totals, before, strict=True)),
                totals=totals,
                whys=tuple(tuple(standing.whys) for standing in table),
            )
        )
    totals = tuple(standing.total for standing in table)
    return Result(
        sides=singles(players),
        rounds=tuple(scored),
        totals=totals,
        places=places_of(totals),
        winners=winners,
        finished=finished,
        next_round=None if finished else plan_of(rules, players, first_dealer, len(scored) + 1),
        marks=tuple(_mark(standing) for standing in table),
    )


def _bolt(standing: Standing) -> None:
    """A deal that scored nothing: the third costs 120 and the count starts again."""
    standing.bolts += 1
    if standing.bolts < BOLTS:
        standing.whys.append(
            Why(
                gettext_noop("nothing scored: bolt %(count)s of 3"),
                {"count": standing.bolts},
                rule=gettext_noop("bolts"),
            )
        )
        return
    standing.bolts = 0
    standing.total -= BOLT_PENALTY
    standing.whys.append(Why(gettext_noop("third bolt: −120"), rule=gettext_noop("bolts")))


def _five_five_five(rules: Rules, standing: Standing) -> None:
    if rules.five_five_five == FiveFiveFive.ZERO:
        standing.total = 0
        standing.whys.append(Why(gettext_noop("exactly 555: back to 0"), rule="555"))
    else:
        standing.total = -555
        standing.whys.append(Why(gettext_noop("exactly 555: to −555"), rule="555"))


def _barrel(table: list[Standing], entry: dict) -> None:
    """The Russian endgame at 880 (docs/rules.md, "The barrel")."""
    bidder, contract = entry["bidder"], entry["contract"]
    made = [False] * len(table)
    if not entry["given_up"]:
        own = sum(MARRIAGES[s] for s, by in entry["marriages"].items() if by == bidder)
        made[bidder] = entry["points"][bidder] + own >= contract
    climbing = []
    for seat, standing in enumerate(table):
        if made[seat] and standing.total >= GAME:
            continue  # a contract to 1000 wins, from anywhere
        if standing.barrel is not None:
            if seat == bidder and not made[seat]:
                standing.barrel = None  # lost on the barrel: the contract is paid, it ends
                continue
            if seat == bidder and standing.total > BARREL:
                standing.total = BARREL
                standing.whys.append(
                    Why(
                        gettext_noop("short of 1000: stays at 880"), rule=gettext_noop("the barrel")
                    )
                )
            standing.barrel += 1
            if standing.barrel >= BARREL_DEALS:
                standing.barrel = None
                standing.total = OFF_THE_BARREL
                standing.whys.append(
                    Why(
                        gettext_noop("three deals on the barrel without a win: 760"),
                        rule=gettext_noop("the barrel"),
                    )
                )
            else:
                standing.whys.append(
                    Why(
                        gettext_noop("880: on the barrel, deal %(deal)s of 3"),
                        {"deal": standing.barrel},
                        rule=gettext_noop("the barrel"),
                    )
                )
        elif standing.total >= BARREL:
            standing.total = BARREL
            standing.barrel = 0
            climbing.append(seat)
            standing.whys.append(
                Why(gettext_noop("880: on the barrel"), rule=gettext_noop("the barrel"))
            )
    if climbing:
        for seat, standing in enumerate(table):
            if standing.barrel is not None and seat not in climbing:
                standing.barrel = None
                standing.total = OFF_THE_BARREL
                standing.whys.append(
                    Why(gettext_noop("pushed off the barrel: 760"), rule=gettext_noop("the barrel"))
                )


def _mark(standing: Standing) -> Why | None:
    if standing.barrel is not None:
        return Why(
            gettext_noop("880: on the barrel, deal %(deal)s of 3"), {"deal": standing.barrel + 1}
        )
    if standing.bolts:
        return Why(gettext_noop("bolts: %(count)s"), {"count": standing.bolts})
    return None

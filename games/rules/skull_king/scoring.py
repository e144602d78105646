"""Skull King (Grandpa Beck's Games, the 2021 rulebook): ten rounds, bids made at once,
a round scored from each player's bid, tricks and bonuses (docs/rules.md, "Skull King").

Rulebook figures: the deck holds 70 cards (four suits of 1-14, the black Jolly Roger
suit trumps; 5 escapes, 5 pirates, the Tigress, the Skull King, 2 mermaids); the
advanced cards add the Kraken, the White Whale and two Loot cards (74). Round n deals
n cards, but never more than the deck holds for the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why
from games.rules.rounds import Plan, Result, RoundScore, places_of, singles

MIN_PLAYERS = 2
MAX_PLAYERS = 8
ROUNDS = 10
DECK = 70
ADVANCED_DECK = 74  # + the Kraken, the White Whale and two Loot cards
MOST_ROUNDS = 20

STANDARD_FOURTEENS = 3  # green, yellow and purple: +10 each
MERMAIDS = 2  # +20 each when taken with a pirate
PIRATES = 6  # 5 pirates and the Tigress played as one: +30 each with the Skull King
LOOT_CARDS = 2  # each makes one alliance: +20 to both when both bids are exact
WAGERS = (0, 10, 20)  # Rascal's wager

BONUS_KEYS = (
    "fourteens",
    "black_fourteen",
    "mermaids",
    "pirates",
    "skull_king",
    "loot",
    "wager",
    "cannonball",
)


class Scoring(StrEnum):
    """STANDARD: the rulebook's. RASCAL: its alternative "Rascal scoring" (a round is worth
    10 per card: all of it for an exact bid, half when off by one, else nothing)."""

    STANDARD = "standard"
    RASCAL = "rascal"


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else number(points)


def number(points: int) -> str:
    """With the minus sign (U+2212) the app writes losses with."""
    return f"−{-points}" if points < 0 else str(points)


@dataclass(frozen=True)
class Rules:
    scoring: Scoring = Scoring.STANDARD
    #: The Kraken, the White Whale and the Loot cards are in the deck.
    advanced_cards: bool = False
    #: Cards in each round; empty: the rulebook's 1 … 10, capped by the deck.
    rounds: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "scoring", Scoring(self.scoring))
        except ValueError:
            raise RuleError(
                gettext_noop("Unknown value for the option %(option)s."), option="scoring"
            ) from None
        if not isinstance(self.advanced_cards, bool):
            raise RuleError(
                gettext_noop("“%(field)s” must be true or false."), field="advanced_cards"
            )
        rounds = tuple(self.rounds) if isinstance(self.rounds, list | tuple) else None
        if (
            rounds is None
            or len(rounds) > MOST_ROUNDS
            or not all(is_whole(n) and n >= 1 for n in rounds)
        ):
            raise RuleError(
                gettext_noop("List the cards of each round: 1 to %(most)s rounds."),
                most=MOST_ROUNDS,
            )
        object.__setattr__(self, "rounds", rounds)


PRESETS = {
    "rulebook": Rules(),
    "advanced": Rules(advanced_cards=True),
    "rascal": Rules(scoring=Scoring.RASCAL),
}


def most_cards(rules: Rules, players: int) -> int:
    """What the deck deals each: 70 // 8 = 8 for eight players (74 // 8 = 9 with the
    advanced cards); ten for fewer players."""
    return (ADVANCED_DECK if rules.advanced_cards else DECK) // players


def schedule(rules: Rules, players: int) -> tuple[int, ...]:
    """Cards in each round. The rulebook's: round n deals n, the largest deal the deck
    allows repeated in the rounds after it (eight players: 1 … 8, 8, 8)."""
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop("Skull King is for %(low)s to %(high)s players."),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    most = most_cards(rules, players)
    if not rules.rounds:
        return tuple(min(n, most) for n in range(1, ROUNDS + 1))
    if max(rules.rounds) > most:
        raise RuleError(
            gettext_noop("The deck deals at most %(most)s cards each to %(players)s players."),
            most=most,
            players=players,
        )
    return rules.rounds


def plan_of(rules: Rules, players: int, first_dealer: int, number: int) -> Plan:
    cards = schedule(rules, players)[number - 1]
    return Plan(number=number, dealer=(first_dealer + number - 1) % players, cards=cards)


def first_plan(rules: Rules, players: int, first_dealer: int) -> Plan:
    return plan_of(rules, players, first_dealer, 1)


def call(plan: Plan, bids: Sequence[int]) -> Why:
    """Over, under or even, as in Oh Hell: the bids against the tricks of the round."""
    total = sum(bids)
    params = {"bids": total, "cards": plan.cards, "by": abs(total - plan.cards)}
    if total > plan.cards:
        return Why(gettext_noop("OVER by %(by)s: bids %(bids)s, tricks %(cards)s"), params)
    if total < plan.cards:
        return Why(gettext_noop("UNDER by %(by)s: bids %(bids)s, tricks %(cards)s"), params)
    return Why(gettext_noop("EVEN: bids %(bids)s, tricks %(cards)s"), params)


def _counts(values: object, players: int, cards: int, missing: str, wrong: str) -> list[int]:
    if not isinstance(values, list) or len(values) != players:
        raise RuleError(missing)
    for value in values:
        if not is_whole(value) or not 0 <= value <= cards:
            raise RuleError(wrong, cards=cards)
    return list(values)


BIDS = (
    gettext_noop("Enter every player's bid."),
    gettext_noop("A bid is from 0 to %(cards)s."),
)
TRICKS = (
    gettext_noop("Enter the tricks every player took."),
    gettext_noop("A player takes from 0 to %(cards)s tricks."),
)


def check_bids(rules: Rules, players: int, plan: Plan, bids: object) -> list[int]:
    return _counts(bids, players, plan.cards, *BIDS)


def _bonus(rules: Rules, players: int, seat: int, raw: object, took: int) -> dict:
    """One player's bonuses, checked alone; only what is there is kept."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict) or not set(raw) <= set(BONUS_KEYS):
        raise RuleError(gettext_noop("Unknown bonus."))
    bonus: dict = {}
    for key, most in (
        ("fourteens", STANDARD_FOURTEENS),
        ("mermaids", MERMAIDS),
        ("pirates", PIRATES),
    ):
        value = raw.get(key, 0)
        if not is_whole(value) or not 0 <= value <= most:
            raise RuleError(gettext_noop("The deck holds only %(most)s of those."), most=most)
        if value:
            bonus[key] = value
    for key in ("black_fourteen", "skull_king", "cannonball"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=key)
        if value:
            bonus[key] = True
    loot = raw.get("loot", [])
    if (
        not isinstance(loot, list)
        or len(loot) > LOOT_CARDS
        or not all(is_whole(ally) and 0 <= ally < players and ally != seat for ally in loot)
    ):
        raise RuleError(gettext_noop("An alliance is with another player at the table."))
    if loot:
        if not rules.advanced_cards:
            raise RuleError(gettext_noop("Loot needs the advanced cards."))
        bonus["loot"] = sorted(set(loot))
    wager = raw.get("wager", 0)
    if wager not in WAGERS or not is_whole(wager):
        raise RuleError(gettext_noop("Rascal's wager is 0, 10 or 20."))
    if wager:
        bonus["wager"] = wager
    if bonus.get("cannonball") and rules.scoring != Scoring.RASCAL:
        raise RuleError(gettext_noop("A cannonball is only for Rascal scoring."))
    captures = ("fourteens", "black_fourteen", "mermaids", "pirates", "skull_king")
    if took == 0 and any(key in bonus for key in captures):
        raise RuleError(gettext_noop("A player who took no trick captured nothing."))
    return bonus


def check_round(rules: Rules, players: int, plan: Plan, entry: object) -> dict:
    """``{"bids": [..], "tricks": [..], "bonuses": [{..} per player]}``."""
    if not isinstance(entry, dict) or not {"bids", "tricks"} <= set(entry) <= {
        "bids",
        "tricks",
        "bonuses",
    }:
        raise RuleError(gettext_noop("Enter every player's bid and tricks."))
    bids = _counts(entry["bids"], players, plan.cards, *BIDS)
    tricks = _counts(entry["tricks"], players, plan.cards, *TRICKS)
    taken = sum(tricks)
    # The Kraken and the White Whale each take away the trick they end; with two players
    # the rulebook's third hand takes tricks no one scores.
    short = 2 if rules.advanced_cards else 0
    if players == 2:
        short = plan.cards
    if taken > plan.cards:
        raise RuleError(
            gettext_noop("The tricks add up to %(taken)s, more than the %(cards)s cards."),
            taken=taken,
            cards=plan.cards,
        )
    if taken < plan.cards - short:
        raise RuleError(
            gettext_noop("The tricks add up to %(taken)s; the round has %(cards)s."),
            taken=taken,
            cards=plan.cards,
        )
    raw = entry.get("bonuses") or [None] * players
    if not isinstance(raw, list) or len(raw) != players:
        raise RuleError(gettext_noop("Enter the bonuses of every player."))
    bonuses = [_bonus(rules, players, seat, raw[seat], tricks[seat]) for seat in range(players)]
    _check_the_deck(bonuses)
    return {"bids": bids, "tricks": tricks, "bonuses": bonuses}


def _check_the_deck(bonuses: Sequence[dict]) -> None:
    """What the whole round's bonuses could be, with one deck."""
    for key, most in (
        ("fourteens", STANDARD_FOURTEENS),
        ("mermaids", MERMAIDS),
        ("pirates", PIRATES),
    ):
        if sum(bonus.get(key, 0) for bonus in bonuses) > most:
            raise RuleError(gettext_noop("The deck holds only %(most)s of those."), most=most)
    for key in ("black_fourteen", "skull_king"):
        if sum(bool(bonus.get(key)) for bonus in bonuses) > 1:
            raise RuleError(gettext_noop("The deck holds only one of those."))
    if sum(bool(bonus.get("pirates")) for bonus in bonuses) > 1:
        raise RuleError(gettext_noop("Only the one who took the Skull King takes pirates with it."))
    if any(bonus.get("skull_king") and bonus.get("pirates") for bonus in bonuses):
        raise RuleError(gettext_noop("The Skull King taken by a mermaid captures no pirate."))
    alliances = set()
    for seat, bonus in enumerate(bonuses):
        for ally in bonus.get("loot", []):
            if seat not in bonuses[ally].get("loot", []):
                raise RuleError(
                    gettext_noop("An alliance is made by both players: tick it for both.")
                )
            alliances.add(frozenset((seat, ally)))
    if len(alliances) > LOOT_CARDS:
        raise RuleError(gettext_noop("The deck holds two Loot cards: at most two alliances."))


def _capture_whys(bonus: dict, half: bool) -> list[tuple[int, Why]]:
    """The capture bonuses as (points, why); ``half``: Rascal's glancing blow."""
    found = []
    figures = (
        ("fourteens", 10, gettext_noop("standard 14s: %(count)s × 10 = %(points)s")),
        ("black_fourteen", 20, gettext_noop("the black 14: %(points)s")),
        ("mermaids", 20, gettext_noop("mermaids taken with a pirate: %(count)s × 20 = %(points)s")),
        (
            "pirates",
            30,
            gettext_noop("pirates taken with the Skull King: %(count)s × 30 = %(points)s"),
        ),
        ("skull_king", 40, gettext_noop("the Skull King taken with a mermaid: %(points)s")),
    )
    for key, each, template in figures:
        count = int(bonus.get(key, 0))
        if not count:
            continue
        points = each * count
        found.append((points, Why(template, {"points": signed(points), "count": count})))
        if half:
            halved = Why(
                gettext_noop("half of it, a glancing blow: %(points)s"),
                {"points": number(-(points // 2))},
            )
            found.append((-(points // 2), halved))
    return found


def round_score(
    rules: Rules, cards: int, bid: int, took: int, bonus: dict, allies_made: int
) -> tuple[int, tuple[Why, ...]]:
    """One player's points in a round and how they came to be; ``allies_made``: the
    alliances (Loot) in which both players made their bids exactly."""
    exact = bid == took
    params = {"bid": bid, "took": took, "cards": cards}
    whys: list[Why] = []
    if rules.scoring == Scoring.RASCAL:
        worth = 10 * cards
        if bonus.get("cannonball"):
            points = 15 * cards if exact else 0
            template = (
                gettext_noop("cannonball, bid %(bid)s, took %(took)s: 15 × %(cards)s = %(points)s")
                if exact
                else gettext_noop("cannonball, bid %(bid)s, took %(took)s: 0")
            )
            whys.append(
                Why(template, {**params, "points": points}, rule=gettext_noop("Rascal scoring"))
            )
            captures = _capture_whys(bonus, half=False) if exact else []
        elif exact:
            points = worth
            whys.append(
                Why(
                    gettext_noop(
                        "bid %(bid)s, took %(took)s: a direct hit, 10 × %(cards)s = %(points)s"
                    ),
                    {**params, "points": points},
                    rule=gettext_noop("Rascal scoring"),
                )
            )
            captures = _capture_whys(bonus, half=False)
        elif abs(bid - took) == 1:
            points = worth // 2
            whys.append(
                Why(
                    gettext_noop(
                        "bid %(bid)s, took %(took)s: a glancing blow, half of 10 × %(cards)s"
                        " = %(points)s"
                    ),
                    {**params, "points": points},
                    rule=gettext_noop("Rascal scoring"),
                )
            )
            captures = _capture_whys(bonus, half=True)
        else:
            points = 0
            whys.append(
                Why(
                    gettext_noop("bid %(bid)s, took %(took)s: a miss, 0"),
                    params,
                    rule=gettext_noop("Rascal scoring"),
                )
            )
            captures = []
    elif bid == 0:
        points = 10 * cards if exact else -10 * cards
        template = (
            gettext_noop("bid 0, took 0: 10 × %(cards)s = %(points)s")
            if exact
            else gettext_noop("bid 0, took %(took)s: −10 × %(cards)s = %(points)s")
        )
        whys.append(Why(template, {**params, "points": number(points)}))
        captures = _capture_whys(bonus, half=False) if exact else []
    elif exact:
        points = 20 * bid
        whys.append(
            Why(
                gettext_noop("bid %(bid)s, took %(took)s: 20 × %(bid)s = %(points)s"),
                {**params, "points": points},
            )
        )
        captures = _capture_whys(bonus, half=False)
    else:
        off = abs(bid - took)
        points = -10 * off
        whys.append(
            Why(
                gettext_noop("bid %(bid)s, took %(took)s: −10 × %(off)s off = %(points)s"),
                {**params, "off": off, "points": number(points)},
            )
        )
        captures = []
    added = len(captures)  # figures beyond the bid's, summed up at the end
    for extra, why in captures:
        points += extra
        whys.append(why)
    if (
        bonus
        and not exact
        and any(
            bonus.get(k)
            for k in ("fourteens", "black_fourteen", "mermaids", "pirates", "skull_king")
        )
        and not captures
    ):
        whys.append(Why(gettext_noop("no bonus: the bid was not exact")))
    if allies_made:
        added += 1
        points += 20 * allies_made
        whys.append(
            Why(
                gettext_noop("+%(points)s for loot: both allies made their bids"),
                {"points": 20 * allies_made},
            )
        )
    elif bonus.get("loot"):
        whys.append(Why(gettext_noop("no loot: both allies must make their bids")))
    wager = bonus.get("wager", 0)
    if wager:
        added += 1
        points += wager if exact else -wager
        template = (
            gettext_noop("Rascal's wager won: +%(wager)s")
            if exact
            else gettext_noop("Rascal's wager lost: −%(wager)s")
        )
        whys.append(Why(template, {"wager": wager}))
    if added:
        whys.append(Why(gettext_noop("round: %(points)s"), {"points": signed(points)}))
    return points, tuple(whys)


def score(
    rules: Rules, players: int, first_dealer: int, entries: Sequence[dict], ended: bool = False
) -> Result:
    """Every round in order; the game is over after the last round (``ended`` changes
    nothing: Skull King ends by its rules)."""
    plans = schedule(rules, players)
    if len(entries) > len(plans):
        raise RuleError(
            gettext_noop("Round %(number)s: the game was already over."), number=len(plans) + 1
        )
    totals = [0] * players
    scored = []
    for index, entry in enumerate(entries):
        plan = plan_of(rules, players, first_dealer, index + 1)
        try:
            checked = check_round(rules, players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Round %(number)s: %(reason)s"), number=plan.number, reason=error
            ) from None
        bids, tricks, bonuses = checked["bids"], checked["tricks"], checked["bonuses"]
        exact = [bid == took for bid, took in zip(bids, tricks, strict=True)]
        points, whys = [], []
        for seat in range(players):
            allies = sum(exact[seat] and exact[ally] for ally in bonuses[seat].get("loot", []))
            got, why = round_score(
                rules, plan.cards, bids[seat], tricks[seat], bonuses[seat], allies
            )
            totals[seat] += got
            points.append(got)
            whys.append(why)
        notes = [call(plan, bids)]
        short = plan.cards - sum(tricks)
        if short and players == 2:
            notes.append(
                Why(
                    gettext_noop("tricks to the third hand of the two-player game: %(count)s"),
                    {"count": short},
                )
            )
        elif short:
            notes.append(
                Why(
                    gettext_noop(
                        "tricks short of the cards: %(count)s, taken by the Kraken or the"
                        " White Whale"
                    ),
                    {"count": short},
                    rule=gettext_noop("advanced cards"),
                )
            )
        scored.append(
            RoundScore(plan, checked, tuple(points), tuple(totals), tuple(whys), tuple(notes))
        )
    finished = len(scored) == len(plans)
    places = places_of(totals)
    return Result(
        sides=singles(players),
        rounds=tuple(scored),
        totals=tuple(totals),
        places=places,
        winners=tuple(seat for seat in range(players) if places[seat] == 1) if finished else (),
        finished=finished,
        next_round=None if finished else plan_of(rules, players, first_dealer, len(scored) + 1),
        marks=(None,) * players,
    )


def plan_after(rules: Rules, players: int, first_dealer: int, plan: Plan) -> Plan | None:
    """The round after ``plan``, or None after the last (what a phone offline shows next)."""
    if plan.number >= len(schedule(rules, players)):
        return None
    return plan_of(rules, players, first_dealer, plan.number + 1)

"""Skull King's scores: a player's round from the bid, the tricks and the bonuses, and
a whole game, every figure explained.

Sources: the 2021 rulebook, "Scoring" (bid n >= 1 made exactly: 20 per trick bid, missed:
−10 per trick off; bid 0: 10 × the round's cards made, −10 × the cards missed), "Bonus
points" (only with an exact bid: +10 a standard 14, +20 the black 14, +20 a mermaid taken
with a pirate, +30 a pirate taken with the Skull King, +40 the Skull King taken with a
mermaid), the advanced cards' Loot (+20 to each ally when both bids are exact) and
Rascal of Roatán's wager, and its alternative "Rascal scoring" (a round is worth 10 per
card: all of it for a direct hit, half for a glancing blow, off by one; the cannonball
15 per card, exact or nothing). The publisher's FAQ: the wager and the loot need an exact
bid under Rascal scoring too.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rules.errors import RuleError, gettext_noop
from games.rules.explain import Why
from games.rules.rounds import Figure, Result, RoundScore, fold, places_of, singles
from games.rules.skull_king.entry import CAPTURES, check_round
from games.rules.skull_king.table import Rules, Scoring, bid_call, plan_of, schedule

LOOT = 20  # to each ally, each alliance
RASCAL = gettext_noop("Rascal scoring")
#: Why tricks are missing, by (Kraken, White Whale) in the deck: the line names the cards.
SHORT = {
    (True, True): gettext_noop(
        "tricks short of the cards: %(count)s, taken by the Kraken or the White Whale"
    ),
    (True, False): gettext_noop("tricks short of the cards: %(count)s, taken by the Kraken"),
    (False, True): gettext_noop("tricks short of the cards: %(count)s, taken by the White Whale"),
}

#: What a player's statistics count (``round_figures``).
FIGURES = (
    Figure("exact", gettext_noop("Bids made exactly"), of="bids"),
    Figure("zero", gettext_noop("Bids of 0"), of="bids"),
    Figure("zero_made", gettext_noop("Bids of 0 made"), of="zero"),
)


def round_figures(entry: dict, seat: int, rules: object = None) -> dict[str, int]:
    """A player's counts in a round as checked: a bid, made exactly or not, and a bid of 0."""
    bid, took = entry["bids"][seat], entry["tricks"][seat]
    return {
        "bids": 1,
        "exact": int(bid == took),
        "zero": int(bid == 0),
        "zero_made": int(bid == 0 and took == 0),
    }


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else number(points)


def number(points: int) -> str:
    """With the minus sign (U+2212) the app writes losses with."""
    return f"−{-points}" if points < 0 else str(points)


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


def _bid_whys(rules: Rules, cards: int, bid: int, tricks: int, bonus: dict) -> tuple[int, Why, str]:
    """The points for the bid alone, its line, and how the capture bonuses count:
    "all", "half" (Rascal's glancing blow) or "none" (the bid missed)."""
    exact = bid == tricks
    params = {"bid": bid, "took": tricks, "cards": cards}
    if rules.scoring == Scoring.RASCAL and bonus.get("cannonball"):
        if exact:
            points = 15 * cards
            template = gettext_noop(
                "cannonball, bid %(bid)s, took %(took)s: 15 × %(cards)s = %(points)s"
            )
        else:
            points = 0
            template = gettext_noop("cannonball, bid %(bid)s, took %(took)s: 0")
        why = Why(template, dict(params, points=points), rule=RASCAL)
        return points, why, "all" if exact else "none"
    if rules.scoring == Scoring.RASCAL:
        if exact:
            template = gettext_noop(
                "bid %(bid)s, took %(took)s: a direct hit, 10 × %(cards)s = %(points)s"
            )
            return 10 * cards, Why(template, dict(params, points=10 * cards), RASCAL), "all"
        if abs(bid - tricks) == 1:
            # 10 × cards is even: its half is whole.
            template = gettext_noop(
                "bid %(bid)s, took %(took)s: a glancing blow, half of 10 × %(cards)s = %(points)s"
            )
            return 5 * cards, Why(template, dict(params, points=5 * cards), RASCAL), "half"
        return 0, Why(gettext_noop("bid %(bid)s, took %(took)s: a miss, 0"), params, RASCAL), "none"
    if bid == 0:
        points = 10 * cards if exact else -10 * cards
        template = (
            gettext_noop("bid 0, took 0: 10 × %(cards)s = %(points)s")
            if exact
            else gettext_noop("bid 0, took %(took)s: −10 × %(cards)s = %(points)s")
        )
        return (
            points,
            Why(template, dict(params, points=number(points))),
            "all" if exact else "none",
        )
    if exact:
        template = gettext_noop("bid %(bid)s, took %(took)s: 20 × %(bid)s = %(points)s")
        return 20 * bid, Why(template, dict(params, points=20 * bid)), "all"
    off = abs(bid - tricks)
    template = gettext_noop("bid %(bid)s, took %(took)s: −10 × %(off)s off = %(points)s")
    return -10 * off, Why(template, dict(params, off=off, points=number(-10 * off))), "none"


def round_score(
    rules: Rules, cards: int, bid: int, tricks: int, bonus: dict, allies_made: int
) -> tuple[int, tuple[Why, ...]]:
    """One player's points in a round and how they came to be, one line a figure.
    ``bonus``: the player's bonuses as `check_round` keeps them; ``allies_made``: the
    alliances (Loot) in which both players made their bids exactly."""
    exact = bid == tricks
    points, why, counted = _bid_whys(rules, cards, bid, tricks, bonus)
    whys = [why]
    captures = [] if counted == "none" else _capture_whys(bonus, half=counted == "half")
    added = len(captures)  # figures beyond the bid's: the round's sum is said at the end
    for extra, line in captures:
        points += extra
        whys.append(line)
    if not captures and any(bonus.get(key) for key in CAPTURES):
        whys.append(Why(gettext_noop("no bonus: the bid was not exact")))
    if allies_made:
        added += 1
        points += LOOT * allies_made
        template = (
            gettext_noop("+%(points)s for loot: both allies made their bids")
            if allies_made == 1
            else gettext_noop("+%(points)s for loot: two alliances, 2 × 20, all bids made")
        )
        whys.append(Why(template, {"points": LOOT * allies_made}))
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


class Tally:
    """The game so far, one round added at a time (`rounds.fold`): a round costs the same in
    the 1st round as in the last."""

    def __init__(self, rules: Rules, players: int, first_dealer: int) -> None:
        self.plans = schedule(rules, players)
        plan_of(rules, players, first_dealer, 1)  # refuses a first dealer not at the table
        self.rules, self.players, self.first_dealer = rules, players, first_dealer
        self.totals = [0] * players
        self.scored: list[RoundScore] = []

    def add(self, entry: object) -> None:
        """The next round, checked again ("Round 3: ...") and scored."""
        rules, players = self.rules, self.players
        if len(self.scored) == len(self.plans):
            raise RuleError(
                gettext_noop("Round %(number)s: the game was already over."),
                number=len(self.plans) + 1,
            )
        plan = plan_of(rules, players, self.first_dealer, len(self.scored) + 1)
        try:
            checked = check_round(rules, players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Round %(number)s: %(reason)s"), number=plan.number, reason=error
            ) from None
        bids, tricks, bonuses = checked["bids"], checked["tricks"], checked["bonuses"]
        exact = [bid == took for bid, took in zip(bids, tricks, strict=True)]
        # Loot: +20 an alliance to each ally, only when both allies made their bids.
        points, whys = [], []
        for seat in range(players):
            allies = sum(exact[seat] and exact[ally] for ally in bonuses[seat].get("loot", []))
            got, why = round_score(
                rules, plan.cards, bids[seat], tricks[seat], bonuses[seat], allies
            )
            points.append(got)
            whys.append(why)
        for seat, got in enumerate(points):
            self.totals[seat] += got
        notes = [bid_call(bids, plan.cards)]
        short = plan.cards - sum(tricks)
        if short and players == 2:
            notes.append(
                Why(
                    gettext_noop("tricks to the third hand of the two-player game: %(count)s"),
                    {"count": short},
                )
            )
        elif short:
            notes.append(Why(SHORT[rules.kraken, rules.white_whale], {"count": short}))
        self.scored.append(
            RoundScore(plan, checked, tuple(points), tuple(self.totals), tuple(whys), tuple(notes))
        )

    def result(self, ended: bool = False) -> Result:
        """``ended`` changes nothing: Skull King ends by its rules, after its last round."""
        players, totals = self.players, self.totals
        finished = len(self.scored) == len(self.plans)
        places = places_of(totals)
        number = len(self.scored) + 1
        return Result(
            sides=singles(players),
            rounds=tuple(self.scored),
            totals=tuple(totals),
            places=places,
            winners=tuple(seat for seat in range(players) if places[seat] == 1) if finished else (),
            finished=finished,
            next_round=None
            if finished
            else plan_of(self.rules, players, self.first_dealer, number),
            marks=(None,) * players,
        )


def score(
    rules: Rules, players: int, first_dealer: int, entries: Sequence[dict], ended: bool = False
) -> Result:
    """Every round in order; the game is over after the last round (``ended`` changes
    nothing: Skull King ends by its rules)."""
    return fold(Tally(rules, players, first_dealer), entries, ended)

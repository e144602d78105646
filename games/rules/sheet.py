"""A score sheet for any game without rules of its own here: players or teams, then
rounds, one number each per round (docs/rules.md, "A sheet for any game").

What the table chooses (``Rules``): which total wins, when the game ends (a target
someone reaches, a number of rounds, or when the table says so), elimination at a
threshold, a dealer who moves on, and two teams of two. Equal best totals share the win.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why
from games.rules.rounds import Plan, Result, RoundScore, singles

MIN_PLAYERS = 2
MAX_PLAYERS = 8
#: No round of any card game scores more; a larger number is a typing slip.
MOST_POINTS = 100_000
MOST_ROUNDS = 200
TEAMS = ((0, 2), (1, 3))
"""Two teams of two, partners opposite (as Burraco and Kozel seat them)."""


def signed(points: int) -> str:
    """+25, −10 (the minus sign, as the app writes a loss), 0."""
    return f"+{points}" if points > 0 else f"−{-points}" if points < 0 else "0"


def _bounded(value: object, name: str, high: int) -> None:
    if value is not None and not (is_whole(value) and 1 <= value <= high):
        raise RuleError(
            gettext_noop("The option %(option)s must be from %(low)s to %(high)s."),
            option=name,
            low=1,
            high=high,
        )


@dataclass(frozen=True)
class Rules:
    lowest_wins: bool = False
    #: The game ends when a side's total reaches this (>=); None: no target.
    target: int | None = None
    #: The game ends after this many rounds; None: no limit.
    rounds: int | None = None
    #: A side whose total reaches this (>=) is out; the last one left wins. None: nobody.
    out_at: int | None = None
    #: A dealer who moves on clockwise each round, skipping players who are out.
    dealer: bool = False
    #: Two teams of two, seats 0 and 2 against 1 and 3 (four players).
    teams: bool = False

    def __post_init__(self) -> None:
        for name in ("lowest_wins", "dealer", "teams"):
            if not isinstance(getattr(self, name), bool):
                raise RuleError(gettext_noop("“%(field)s” must be true or false."), field=name)
        _bounded(self.target, "target", MOST_POINTS)
        _bounded(self.out_at, "out_at", MOST_POINTS)
        _bounded(self.rounds, "rounds", MOST_ROUNDS)


PRESETS = {
    # Any game: the highest total wins, the table says when it ends.
    "free": Rules(),
    # pagat.com/rummy/scala40.html (paraphrased): a player who reaches 101 is out; the last
    # player left wins.
    "scala_40": Rules(lowest_wins=True, out_at=101, dealer=True),
    # pagat.com/rummy/burraco.html (paraphrased): two partnerships play to 2005.
    "burraco": Rules(target=2005, teams=True, dealer=True),
    # pagat.com/reverse/hearts.html (paraphrased): the game ends when someone reaches 100;
    # the lowest score wins.
    "hearts": Rules(lowest_wins=True, target=100, dealer=True),
    # pagat.com/rummy/rummy.html (paraphrased): a common target is 500.
    "rummy": Rules(target=500, dealer=True),
}


def sides(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    if not is_whole(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError(
            gettext_noop("A score sheet is for %(low)s to %(high)s players."),
            low=MIN_PLAYERS,
            high=MAX_PLAYERS,
        )
    if rules.teams:
        if players != 4:
            raise RuleError(gettext_noop("Two teams of two need four players."))
        return TEAMS
    return singles(players)


def first_plan(rules: Rules, players: int, first_dealer: int) -> Plan:
    sides(rules, players)  # refuses a table these rules cannot seat
    return Plan(number=1, dealer=first_dealer if rules.dealer else None)


def check_round(rules: Rules, players: int, plan: Plan, entry: object) -> dict:
    """``{"points": [one whole number per side, null for a side out of the game]}``."""
    table = sides(rules, players)
    if not isinstance(entry, dict) or set(entry) != {"points"}:
        raise RuleError(gettext_noop("A round is one number for each player or team."))
    points = entry["points"]
    if not isinstance(points, list) or len(points) != len(table):
        raise RuleError(gettext_noop("A round is one number for each player or team."))
    out = set(plan.sitting_out)
    for side, value in zip(table, points, strict=True):
        if out and set(side) <= out:
            if value is not None:
                raise RuleError(gettext_noop("A player who is out scores no more."))
        elif not is_whole(value):
            raise RuleError(gettext_noop("Enter a whole number for every player still in."))
        elif not -MOST_POINTS <= value <= MOST_POINTS:
            raise RuleError(
                gettext_noop("A round's points must be from −%(most)s to %(most)s."),
                most=MOST_POINTS,
            )
    return {"points": list(points)}


def _best(rules: Rules, totals: Sequence[int], among: Sequence[int]) -> tuple[int, ...]:
    """The sides among ``among`` with the best total (ties share)."""
    if not among:
        return ()
    pick = min if rules.lowest_wins else max
    best = pick(totals[side] for side in among)
    return tuple(side for side in among if totals[side] == best)


def _places(rules: Rules, totals: Sequence[int], out: set[int]) -> tuple[int, ...]:
    """1 is the best; sides still in rank above those out; equal totals share a place."""

    def key(side: int) -> tuple[bool, int]:
        total = totals[side]
        return (side in out, total if rules.lowest_wins else -total)

    return tuple(
        1 + sum(key(other) < key(side) for other in range(len(totals)))
        for side in range(len(totals))
    )


def _next_dealer(dealer: int, players: int, out_seats: set[int]) -> int:
    """Clockwise, skipping the seats out of the game."""
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if seat not in out_seats:
            return seat
    return dealer


def score(
    rules: Rules, players: int, first_dealer: int, entries: Sequence[dict], ended: bool = False
) -> Result:
    """Every round in order; ``ended``: the table said the game is over after these."""
    table = sides(rules, players)
    count = len(table)
    totals = [0] * count
    out: set[int] = set()
    scored: list[RoundScore] = []
    finished = False
    winners: tuple[int, ...] = ()
    dealer = first_dealer
    for index, entry in enumerate(entries):
        number = index + 1
        if finished:
            raise RuleError(
                gettext_noop("Round %(number)s: the game was already over."), number=number
            )
        out_seats = {seat for side in out for seat in table[side]}
        plan = Plan(
            number=number,
            dealer=dealer if rules.dealer else None,
            sitting_out=tuple(sorted(out_seats)),
        )
        try:
            checked = check_round(rules, players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Round %(number)s: %(reason)s"), number=number, reason=error
            ) from None
        points = checked["points"]
        whys: list[tuple[Why, ...]] = []
        notes: list[Why] = []
        for side in range(count):
            if points[side] is None:
                whys.append((Why(gettext_noop("out of the game")),))
                continue
            totals[side] += points[side]
            whys.append(
                (
                    Why(
                        gettext_noop("round %(number)s: %(points)s"),
                        {"number": number, "points": signed(points[side])},
                    ),
                )
            )
        newly_out = []
        if rules.out_at is not None:
            newly_out = [s for s in range(count) if s not in out and totals[s] >= rules.out_at]
            for side in newly_out:
                whys[side] += (
                    Why(
                        gettext_noop("%(total)s: %(out_at)s or more, out of the game"),
                        {"total": totals[side], "out_at": rules.out_at},
                        rule=gettext_noop("out at a threshold"),
                    ),
                )
        still_in = [s for s in range(count) if s not in out and s not in newly_out]
        if rules.out_at is not None and len(still_in) <= 1 and count > 1:
            finished = True
            # The last one left wins; if all who were left went out together, the best of them.
            winners = tuple(still_in) or _best(rules, totals, newly_out)
        elif rules.target is not None and any(totals[s] >= rules.target for s in still_in):
            finished = True
            winners = _best(rules, totals, still_in)
            reached = [s for s in still_in if totals[s] >= rules.target]
            notes.append(
                Why(
                    gettext_noop("%(count)s reached %(target)s: the game is over"),
                    {"count": len(reached), "target": rules.target},
                    rule=gettext_noop("target score"),
                )
            )
        elif rules.rounds is not None and number >= rules.rounds:
            finished = True
            winners = _best(rules, totals, still_in)
            notes.append(
                Why(
                    gettext_noop("Round %(number)s of %(rounds)s: the game is over"),
                    {"number": number, "rounds": rules.rounds},
                    rule=gettext_noop("number of rounds"),
                )
            )
        out.update(newly_out)
        scored.append(
            RoundScore(
                plan=plan,
                entry=checked,
                points=tuple(points),
                totals=tuple(totals),
                whys=tuple(whys),
                notes=tuple(notes),
            )
        )
        if rules.dealer:
            dealer = _next_dealer(dealer, players, {seat for s in out for seat in table[s]})
    if ended and not finished:
        finished = True
        still_in = [s for s in range(count) if s not in out]
        winners = _best(rules, totals, still_in) if scored else tuple(range(count))
    next_round = None
    if not finished:
        out_seats = {seat for side in out for seat in table[side]}
        next_round = Plan(
            number=len(scored) + 1,
            dealer=dealer if rules.dealer else None,
            sitting_out=tuple(sorted(out_seats)),
        )
    marks = tuple(
        Why(gettext_noop("out at %(total)s"), {"total": totals[side]}) if side in out else None
        for side in range(count)
    )
    return Result(
        sides=table,
        rounds=tuple(scored),
        totals=tuple(totals),
        places=_places(rules, totals, out),
        winners=winners if finished else (),
        finished=finished,
        next_round=next_round,
        marks=marks,
        out=frozenset(out),
    )


def plan_after(rules: Rules, players: int, first_dealer: int, plan: Plan) -> Plan | None:
    """The round after ``plan`` if nobody else goes out (what a phone offline shows next),
    or None when the number of rounds is reached."""
    if rules.rounds is not None and plan.number >= rules.rounds:
        return None
    out = set(plan.sitting_out)
    dealer = _next_dealer(plan.dealer, players, out) if plan.dealer is not None else None
    return Plan(number=plan.number + 1, dealer=dealer, sitting_out=plan.sitting_out)

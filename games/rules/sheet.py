"""A score sheet for any game without rules of its own here: players or two teams, then
rounds, one whole number each per round (docs/rules-sheet.md).

What the table chooses (``Rules``): which total wins, when the game ends (a target
someone reaches, a number of rounds, or when the table says so), elimination at a
threshold, a dealer who moves on, and two teams of two. The brief of the score sheet
(issue "a sheet for any game") is the source of every rule here; the presets cite the
rules pages they follow.

Our choices where the sources are silent (docs/rules-sheet.md says them to players):

- equal best totals share the win;
- after a round the ends are looked at in this order: elimination, the target, the
  number of rounds; the table may end the game after any round (``ended``), and a game
  ended before any round is finished with everyone sharing the win (all totals are 0);
- sides out rank below those still in, the later out above the earlier, and within
  each group by total, so the winners are always the sides in first place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.errors import RuleError, gettext_noop, is_whole
from games.rules.explain import Why
from games.rules.rounds import Plan, Result, RoundScore, fold, places_of, singles

MIN_PLAYERS = 2
MAX_PLAYERS = 7
#: No round of any card game scores more; a larger number is a typing slip.
MOST_POINTS = 100_000
MOST_ROUNDS = 200
TEAMS = ((0, 2), (1, 3))
"""Two teams of two, partners opposite: seats 0 and 2 against 1 and 3 (Burraco)."""

OUT_AT = gettext_noop("out at a threshold")
TARGET = gettext_noop("target score")
ROUNDS = gettext_noop("number of rounds")


def signed(points: int) -> str:
    """+25, −10, 0: with the minus sign (U+2212) the round games write losses with."""
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
    """The defaults are a free sheet: the highest total wins and the table says when the
    game ends. There is no choice field, so nothing to turn from a string."""

    #: The lowest total wins (Scala 40, Hearts); otherwise the highest.
    lowest_wins: bool = False
    #: The game ends after the round in which a side's total reaches this (>=).
    target: int | None = None
    #: The game ends after this many rounds.
    rounds: int | None = None
    #: A side whose total reaches this (>=) is out; the last one left wins.
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


PRESETS: dict[str, Rules] = {
    # Any game: the highest total wins, the table says when it ends.
    "free": Rules(),
    # de.zxc.wiki/wiki/Scala_40: "The number of points for unpacking (it. Sballare), i.e.
    # for leaving the game, is usually 101"; rummyrulebook.com/pages/scala-quaranta/:
    # players are "retired" from the game when their score maxes out; "the turn to deal
    # passes to the left after each hand". Two to six players (the sheet allows seven).
    "scala_40": Rules(lowest_wins=True, out_at=101, dealer=True),
    # gametwist.com/Card-Games/Burraco/: "When played with 4 people, 2 teams of 2 players
    # are formed"; "The game closes once a player/team has reached a pre-determined score
    # limit (either 1, 505, 1005 or 2005 points)".
    "burraco": Rules(target=2005, teams=True, dealer=True),
    # wildtangent.com/p/cards/hearts: "Game ends when someone reaches a total of 100
    # points. Player with the lowest score wins."
    "hearts": Rules(lowest_wins=True, target=100, dealer=True),
    # rummystop.com/blog/rummy-500/: "The game ends at the end of that round in which a
    # player has collected 500 points or more."
    "rummy": Rules(target=500, dealer=True),
}


def sides(rules: Rules, players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each scoring side: every player alone, or the two teams."""
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


def _seat_table(rules: Rules, players: int, first_dealer: int) -> tuple[tuple[int, ...], ...]:
    table = sides(rules, players)
    if not is_whole(first_dealer) or not 0 <= first_dealer < players:
        raise RuleError(gettext_noop("The first dealer must be one of the players."))
    return table


def first_plan(rules: Rules, players: int, first_dealer: int) -> Plan:
    """Round 1; refuses a table these rules cannot seat."""
    _seat_table(rules, players, first_dealer)
    return Plan(number=1, dealer=first_dealer if rules.dealer else None)


def _next_dealer(dealer: int, players: int, out_seats: set[int]) -> int:
    """Clockwise (the next seat), skipping the seats out of the game."""
    for step in range(1, players + 1):
        seat = (dealer + step) % players
        if seat not in out_seats:
            return seat
    return dealer


def plan_after(rules: Rules, players: int, first_dealer: int, plan: Plan) -> Plan | None:
    """The round after ``plan`` if nobody else goes out (what a phone offline shows next),
    or None when the number of rounds is reached."""
    if rules.rounds is not None and plan.number >= rules.rounds:
        return None
    out = set(plan.sitting_out)
    dealer = _next_dealer(plan.dealer, players, out) if plan.dealer is not None else None
    return Plan(number=plan.number + 1, dealer=dealer, sitting_out=plan.sitting_out)


def check_round(rules: Rules, players: int, plan: Plan, entry: object) -> dict:
    """``{"points": [one whole number per side, null for a side out of the game]}``,
    each from −100000 to 100000; a round of zeros is a round like any other."""
    table = sides(rules, players)
    if not isinstance(entry, dict):
        raise RuleError(gettext_noop("A round is one number for each player or team."))
    unknown = sorted(str(key) for key in entry if key != "points")
    if unknown:
        raise RuleError(gettext_noop("A round has no field %(field)s."), field=unknown[0])
    points = entry.get("points")
    if not isinstance(points, (list, tuple)) or len(points) != len(table):
        raise RuleError(gettext_noop("A round is one number for each player or team."))
    out = set(plan.sitting_out)
    checked: list[int | None] = []
    for index, (side, value) in enumerate(zip(table, points, strict=True)):
        if set(side) <= out:
            if value is not None:
                raise RuleError(gettext_noop("A player who is out scores no more."))
            checked.append(None)
            continue
        if not is_whole(value):
            raise RuleError(gettext_noop("Enter a whole number for every player still in.")).at(
                f"points.{index}"
            )
        if not -MOST_POINTS <= value <= MOST_POINTS:
            raise RuleError(
                gettext_noop("A round's points must be from −%(most)s to %(most)s."),
                most=MOST_POINTS,
            ).at(f"points.{index}")
        checked.append(int(value))
    return {"points": checked}


def _best(rules: Rules, totals: Sequence[int], among: Sequence[int]) -> tuple[int, ...]:
    """The sides among ``among`` with the best total; equal best totals share."""
    if not among:
        return ()
    pick = min if rules.lowest_wins else max
    best = pick(totals[side] for side in among)
    return tuple(side for side in among if totals[side] == best)


def _places(rules: Rules, totals: Sequence[int], went_out: dict[int, int]) -> tuple[int, ...]:
    """``rounds.places_of`` within groups: the sides still in first, then those out, the
    later out above the earlier (``went_out``: side -> the round it went out)."""

    def group(side: int) -> tuple[bool, int]:
        return (side in went_out, -went_out.get(side, 0))

    places = [0] * len(totals)
    ahead = 0
    for key in sorted({group(side) for side in range(len(totals))}):
        members = [side for side in range(len(totals)) if group(side) == key]
        within = places_of([totals[side] for side in members], rules.lowest_wins)
        for side, place in zip(members, within, strict=True):
            places[side] = ahead + place
        ahead += len(members)
    return tuple(places)


def _plan(
    rules: Rules, number: int, dealer: int, table: Sequence[tuple[int, ...]], out: dict[int, int]
) -> Plan:
    """A round before it is played: its dealer (if any) and the seats of the sides out."""
    return Plan(
        number=number,
        dealer=dealer if rules.dealer else None,
        sitting_out=tuple(sorted(seat for side in out for seat in table[side])),
    )


class Tally:
    """The game so far, one round added at a time (`rounds.fold`): a round costs the same in
    the 5th round as in the 500th."""

    def __init__(self, rules: Rules, players: int, first_dealer: int) -> None:
        self.rules, self.players = rules, players
        self.table = _seat_table(rules, players, first_dealer)
        self.count = len(self.table)
        self.totals = [0] * self.count
        self.went_out: dict[int, int] = {}
        self.scored: list[RoundScore] = []
        self.finished = False
        self.winners: tuple[int, ...] = ()
        self.dealer = first_dealer

    def add(self, entry: object) -> None:
        """The next round, checked again and scored; a RuleError names the round."""
        rules, players = self.rules, self.players
        number = len(self.scored) + 1
        if self.finished:
            raise RuleError(
                gettext_noop("Round %(number)s: the game was already over."), number=number
            )
        plan = _plan(rules, number, self.dealer, self.table, self.went_out)
        try:
            checked = check_round(rules, players, plan, entry)
        except RuleError as error:
            raise RuleError(
                gettext_noop("Round %(number)s: %(reason)s"), number=number, reason=error
            ) from None
        points = checked["points"]
        whys: list[tuple[Why, ...]] = []
        for side, got in enumerate(points):
            if got is None:
                whys.append((Why(gettext_noop("out of the game")),))
                continue
            self.totals[side] += got
            whys.append(
                (
                    Why(
                        gettext_noop("round %(number)s: %(points)s"),
                        {"number": number, "points": signed(got)},
                    ),
                )
            )
        was_in = [side for side in range(self.count) if side not in self.went_out]
        newly_out = []
        if rules.out_at is not None:
            newly_out = [side for side in was_in if self.totals[side] >= rules.out_at]
            for side in newly_out:
                whys[side] += (
                    Why(
                        gettext_noop("%(total)s: %(out_at)s or more, out of the game"),
                        {"total": self.totals[side], "out_at": rules.out_at},
                        rule=OUT_AT,
                    ),
                )
        still_in = [side for side in was_in if side not in newly_out]
        reached = []
        if rules.target is not None:
            reached = [side for side in still_in if self.totals[side] >= rules.target]
            for side in reached:
                whys[side] += (
                    Why(
                        gettext_noop("%(total)s: %(target)s or more, the target reached"),
                        {"total": self.totals[side], "target": rules.target},
                        rule=TARGET,
                    ),
                )
        notes: list[Why] = []
        if newly_out and len(still_in) == 1:
            self.finished, self.winners = True, tuple(still_in)
            notes.append(Why(gettext_noop("the last one left in the game wins"), rule=OUT_AT))
        elif newly_out and not still_in:
            self.finished, self.winners = True, _best(rules, self.totals, newly_out)
            notes.append(
                Why(
                    gettext_noop("all who were left went out: the best total among them wins"),
                    rule=OUT_AT,
                )
            )
        elif reached:
            self.finished, self.winners = True, _best(rules, self.totals, still_in)
            notes.append(
                Why(
                    gettext_noop("%(count)s reached %(target)s: the game is over"),
                    {"count": len(reached), "target": rules.target},
                    rule=TARGET,
                )
            )
        elif rules.rounds is not None and number >= rules.rounds:
            self.finished, self.winners = True, _best(rules, self.totals, still_in)
            notes.append(
                Why(
                    gettext_noop("Round %(number)s of %(rounds)s: the game is over"),
                    {"number": number, "rounds": rules.rounds},
                    rule=ROUNDS,
                )
            )
        self.went_out.update(dict.fromkeys(newly_out, number))
        self.scored.append(
            RoundScore(
                plan=plan,
                entry=checked,
                points=tuple(points),
                totals=tuple(self.totals),
                whys=tuple(whys),
                notes=tuple(notes),
            )
        )
        if rules.dealer:
            out_seats = {seat for side in self.went_out for seat in self.table[side]}
            self.dealer = _next_dealer(self.dealer, players, out_seats)

    def result(self, ended: bool = False) -> Result:
        """``ended``: the table said the game is over after these (the best total among
        the sides still in wins)."""
        rules, count, totals, went_out = self.rules, self.count, self.totals, self.went_out
        finished, winners = self.finished, self.winners
        if ended and not finished:
            finished = True
            winners = _best(rules, totals, [side for side in range(count) if side not in went_out])
        return Result(
            sides=self.table,
            rounds=tuple(self.scored),
            totals=tuple(totals),
            places=_places(rules, totals, went_out),
            winners=winners if finished else (),
            finished=finished,
            next_round=None
            if finished
            else _plan(rules, len(self.scored) + 1, self.dealer, self.table, went_out),
            marks=tuple(
                Why(gettext_noop("out at %(total)s"), {"total": totals[side]})
                if side in went_out
                else None
                for side in range(count)
            ),
            out=frozenset(went_out),
        )


def score(
    rules: Rules, players: int, first_dealer: int, entries: Sequence[dict], ended: bool = False
) -> Result:
    """Every round in order, each re-checked; ``ended``: the table said the game is over
    after these (the best total among the sides still in wins)."""
    return fold(Tally(rules, players, first_dealer), entries, ended)

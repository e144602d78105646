"""The statistics every game scored round by round shares (docs/statistics.md), its table's
``stats()``: the rounds read and scored for a notebook, each player's figures in each game
and two players head-to-head; drawn by templates/games/rounds_stats.html.

Sessions and wins count finished sessions; rounds and a game's own figures (its rules
module's ``FIGURES`` and ``round_figures``, given the session's rules) every scored round,
finished or not, that the player took part in.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import QuerySet

from games.kinds import Kind
from games.models import Game, Round
from games.rules import rounds
from games.stats import Session, rate

TEMPLATE = "games/rounds_stats.html"


def scored(
    sessions: Sequence[Game], scope: QuerySet, players: dict[int, int]
) -> dict[int, rounds.Result]:
    """Every session among ``sessions`` scored round by round (game pk -> result), in one
    query however many: the rounds played, as entered."""
    played: dict[int, list[dict]] = defaultdict(list)
    for game_id, entry in (
        Round.objects.filter(game__in=scope, done=True)
        .order_by("game_id", "index")
        .values_list("game_id", "entry")
    ):
        played[game_id].append(entry)
    results = {}
    for game in sessions:
        kind = game.registered
        rules = kind.rules_of(game.options)
        ended = game.finished_at is not None
        results[game.pk] = kind.rounds.score(
            rules, players[game.pk], game.first_dealer, played[game.pk], ended=ended
        )
    return results


def winners(names: Sequence[str], result: rounds.Result) -> list[tuple[str, int]]:
    """Who won, each side as its players' names, with its total."""
    sides = [" & ".join(names[seat] for seat in side) for side in result.sides]
    return [(sides[side], result.totals[side]) for side in result.winners]


@dataclass(frozen=True)
class PlayerStats:
    """One player in one game scored round by round: finished sessions and wins (alone or
    shared, with a team too), and every round played, finished or not."""

    player: str
    kind: str
    sessions: int
    wins: int
    rounds: int
    #: The game's own figures: (label, count, its share of another count or None).
    figures: tuple[tuple[str, int, float | None], ...] = ()

    @property
    def win_rate(self) -> float | None:
        return rate(self.wins, self.sessions)


def player_stats(kind: Kind, sessions: Iterable[Session], player: str) -> PlayerStats | None:
    """None if they never played ``kind``; its rules module gives its own figures."""
    played = [s for s in sessions if s.kind == kind.name and player in s.players]
    if not played:
        return None
    finished = wins = count = 0
    game = kind.rounds
    figures = getattr(game, "FIGURES", ())
    counts: Counter[str] = Counter()
    for session in played:
        result = session.result
        seat = session.players.index(player)
        side = next(i for i, seats in enumerate(result.sides) if seat in seats)
        count += len(result.rounds)
        if result.finished:
            finished += 1
            wins += side in result.winners
        if figures:
            rules = kind.rules_of(session.options)  # the table's: figures may follow them
            for scored_round in result.rounds:
                if seat not in scored_round.plan.sitting_out:
                    counts.update(game.round_figures(scored_round.entry, seat, rules))
    shown = tuple(
        (f.label, counts[f.key], rate(counts[f.key], counts[f.of]) if f.of else None)
        for f in figures
    )
    return PlayerStats(player, kind.name, finished, wins, count, shown)


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the finished sessions of every round game they played on different
    sides, and who finished ahead (the better place); partners are not compared."""

    first: str
    second: str
    sessions: int
    first_ahead: int
    second_ahead: int


def head_to_head(sessions: Iterable[Session], first: str, second: str) -> HeadToHead:
    count = first_ahead = second_ahead = 0
    for session in sessions:
        result = session.result
        if not result.finished or not {first, second} <= set(session.players):
            continue
        first_side, second_side = (
            next(i for i, seats in enumerate(result.sides) if session.players.index(p) in seats)
            for p in (first, second)
        )
        if first_side == second_side:
            continue  # partners in a team game
        count += 1
        first_ahead += result.places[first_side] < result.places[second_side]
        second_ahead += result.places[second_side] < result.places[first_side]
    return HeadToHead(first, second, count, first_ahead, second_ahead)

"""A notebook's statistics, per player and head-to-head: pure functions on plain data (no
Django), so a caller can cache them. What counts (docs/statistics.md):

- Sessions, wins, average and best score: finished sessions only (a total mid-game is not
  a score). Tied winners each count a win.
- Bids made, zero bids, missed bids and the longest run: every scored deal, finished or
  not. A revoked deal is neither made nor missed, and neither extends nor breaks a run.
  The run follows the deals in order, across sessions in the order they started.
- Games scored round by round: sessions and wins count finished sessions;
  rounds and a game's own figures (its ``FIGURES``: bids made exactly, contracts made,
  deals lost) every scored
  round, finished or not, that the player took part in.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import ModuleType
from typing import Generic, TypeVar

from games.rules import oh_hell, rounds

Result = TypeVar("Result", bound=oh_hell.GameResult)


@dataclass(frozen=True)
class Session(Generic[Result]):
    """Player keys by seat, and the result."""

    key: str
    started: datetime
    players: tuple[str, ...]
    result: Result


OhHellSession = Session[oh_hell.GameResult]


def rate(part: int, whole: int) -> float | None:
    """None when there is nothing to divide (shown as a dash)."""
    return part / whole if whole else None


@dataclass(frozen=True)
class OhHellPlayerStats:
    player: str
    #: Finished sessions played, those won (alone or shared), and their final totals.
    sessions: int
    wins: int
    totals: tuple[int, ...]
    #: Bids in scored deals that were not revoked.
    bids: int
    made: int
    zero_bids: int
    zero_made: int
    #: Missed bids: took more tricks than bid, took fewer, and the sum of (tricks - bid).
    took_more: int
    took_fewer: int
    missed_difference_sum: int
    longest_run: int

    @property
    def win_rate(self) -> float | None:
        return rate(self.wins, self.sessions)

    @property
    def average(self) -> float | None:
        return rate(sum(self.totals), len(self.totals))

    @property
    def best(self) -> int | None:
        return max(self.totals) if self.totals else None

    @property
    def made_rate(self) -> float | None:
        return rate(self.made, self.bids)

    @property
    def zero_rate(self) -> float | None:
        return rate(self.zero_made, self.zero_bids)

    @property
    def missed(self) -> int:
        return self.took_more + self.took_fewer

    @property
    def took_more_rate(self) -> float | None:
        return rate(self.took_more, self.missed)

    @property
    def took_fewer_rate(self) -> float | None:
        return rate(self.took_fewer, self.missed)

    @property
    def missed_difference(self) -> float | None:
        """Above 0 the player bids too low."""
        return rate(self.missed_difference_sum, self.missed)


def oh_hell_player_stats(
    sessions: Iterable[OhHellSession], player: str
) -> OhHellPlayerStats | None:
    """None if they never played."""
    played = [session for session in sessions if player in session.players]
    if not played:
        return None
    finished_totals: list[int] = []
    wins = bids = made = zero_bids = zero_made = took_more = took_fewer = difference = 0
    run = longest = 0
    # The run crosses sessions in the order they started (sorted() keeps ties as given).
    for session in sorted(played, key=lambda session: session.started):
        seat = session.players.index(player)
        result = session.result
        if result.finished:
            finished_totals.append(result.totals[seat])
            wins += seat in result.winners
        for deal in result.deals:
            if deal.revoked:
                continue
            bid = deal.record.bids[seat]
            tricks = deal.record.tricks[seat]
            bids += 1
            zero_bids += bid == 0
            if bid == tricks:
                made += 1
                zero_made += bid == 0
                run += 1
                longest = max(longest, run)
            else:
                run = 0
                took_more += tricks > bid
                took_fewer += tricks < bid
                difference += tricks - bid
    return OhHellPlayerStats(
        player=player,
        sessions=len(finished_totals),
        wins=wins,
        totals=tuple(finished_totals),
        bids=bids,
        made=made,
        zero_bids=zero_bids,
        zero_made=zero_made,
        took_more=took_more,
        took_fewer=took_fewer,
        missed_difference_sum=difference,
        longest_run=longest,
    )


@dataclass(frozen=True)
class HeadToHead:
    """Two players over the sessions they both played (finished ones)."""

    first: str
    second: str
    #: Oh Hell: sessions together, who finished ahead, and the sum of (first - second).
    sessions: int
    first_ahead: int
    second_ahead: int
    difference_sum: int
    #: The games scored round by round: finished sessions on different sides, and who
    #: finished ahead (the better place).
    other_games: int = 0
    other_first_ahead: int = 0
    other_second_ahead: int = 0

    @property
    def level(self) -> int:
        return self.sessions - self.first_ahead - self.second_ahead

    @property
    def average_difference(self) -> float | None:
        return rate(self.difference_sum, self.sessions)


def head_to_head(
    oh_hell_sessions: Iterable[OhHellSession],
    first: str,
    second: str,
    rounds_sessions: Iterable[RoundsSession] = (),
) -> HeadToHead:
    sessions = first_ahead = second_ahead = difference = 0
    for session in oh_hell_sessions:
        if not session.result.finished or not {first, second} <= set(session.players):
            continue
        totals = session.result.totals
        gap = totals[session.players.index(first)] - totals[session.players.index(second)]
        sessions += 1
        difference += gap
        first_ahead += gap > 0
        second_ahead += gap < 0
    others = others_first = others_second = 0
    for session in rounds_sessions:
        result = session.result
        if not result.finished or not {first, second} <= set(session.players):
            continue
        first_side, second_side = (
            next(i for i, seats in enumerate(result.sides) if session.players.index(p) in seats)
            for p in (first, second)
        )
        if first_side == second_side:
            continue  # partners in a team game
        others += 1
        others_first += result.places[first_side] < result.places[second_side]
        others_second += result.places[second_side] < result.places[first_side]
    return HeadToHead(
        first=first,
        second=second,
        other_games=others,
        other_first_ahead=others_first,
        other_second_ahead=others_second,
        sessions=sessions,
        first_ahead=first_ahead,
        second_ahead=second_ahead,
        difference_sum=difference,
    )


@dataclass(frozen=True)
class RoundsSession:
    """A session of a game scored round by round (games.rules.rounds); ``kind`` its game."""

    kind: str
    key: str
    started: datetime
    players: tuple[str, ...]
    result: rounds.Result


@dataclass(frozen=True)
class RoundsPlayerStats:
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


def rounds_player_stats(
    sessions: Iterable[RoundsSession], player: str, kind: str, game: ModuleType | None = None
) -> RoundsPlayerStats | None:
    """``game``: the game's rules module, for its own figures (``FIGURES``)."""
    played = [s for s in sessions if s.kind == kind and player in s.players]
    if not played:
        return None
    finished = wins = count = 0
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
            for scored in result.rounds:
                if seat not in scored.plan.sitting_out:
                    counts.update(game.round_figures(scored.entry, seat))
    shown = tuple(
        (f.label, counts[f.key], rate(counts[f.key], counts[f.of]) if f.of else None)
        for f in figures
    )
    return RoundsPlayerStats(player, kind, finished, wins, count, shown)


@dataclass(frozen=True)
class NotebookStats:
    """In the order the players were given."""

    oh_hell: tuple[OhHellPlayerStats, ...]
    #: Games scored round by round: by game in the order given, then by player.
    rounds: tuple[RoundsPlayerStats, ...] = ()


def notebook_stats(
    players: Sequence[str],
    oh_hell_sessions: Sequence[OhHellSession],
    rounds_sessions: Sequence[RoundsSession] = (),
    kinds: Sequence[str] = (),
) -> NotebookStats:
    """Figures for each player who played a session of each game."""
    oh_hell_rows = (oh_hell_player_stats(oh_hell_sessions, player) for player in players)
    rounds_rows = (
        rounds_player_stats(rounds_sessions, player, kind) for kind in kinds for player in players
    )
    return NotebookStats(
        oh_hell=tuple(row for row in oh_hell_rows if row is not None),
        rounds=tuple(row for row in rounds_rows if row is not None),
    )

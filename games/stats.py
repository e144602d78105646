"""A notebook's statistics, whatever its games (docs/statistics.md): each table's design
has its own module of them (a Table's ``stats()``), which gives

- ``scored(sessions, scope, players)``: its sessions among ``sessions`` read and scored in
  a fixed number of queries (game pk -> result; ``players``: game pk -> seats);
- ``player_stats(kind, sessions, player)``: a player's figures in one game, None if they
  never played it; ``head_to_head(sessions, first, second)``: two players over its
  sessions, ``sessions`` how many they finished against each other;
- ``winners(names, result)``: who won, with their totals, for the finished list;
- ``TEMPLATE``: its partials ``notebook`` (a game's table of every player), ``player``
  (one player's figures in a game), ``head-to-head`` and ``rivals``.

Here: what they share, and the walk over the registry's games that asks each its own, so
no game is named here. Plain data, so a caller can cache it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from games.kinds import Kind, kind_of


@dataclass(frozen=True)
class Session:
    """One session, scored: its game's name, its key, player keys by seat, the result, and
    its options as stored (a game's own figures may depend on them)."""

    kind: str
    key: str
    started: datetime
    players: tuple[str, ...]
    result: Any
    options: dict = field(default_factory=dict)


def rate(part: int, whole: int) -> float | None:
    """None when there is nothing to divide (shown as a dash)."""
    return part / whole if whole else None


@dataclass(frozen=True)
class NotebookStats:
    """Each game someone played, in the registry's order: (its name, each player's figures
    in the order the players were given)."""

    games: tuple[tuple[str, tuple[Any, ...]], ...]


def notebook_stats(
    players: Sequence[str], sessions: Sequence[Session], kinds: Iterable[Kind]
) -> NotebookStats:
    """Figures for each player who played a session of each game."""
    games = []
    for kind in kinds:
        figures = kind.table.stats()
        rows = (figures.player_stats(kind, sessions, player) for player in players)
        found = tuple(row for row in rows if row is not None)
        if found:
            games.append((kind.name, found))
    return NotebookStats(tuple(games))


def player_stats(sessions: Sequence[Session], player: str, kinds: Iterable[Kind]) -> list:
    """One player's figures in each game they played: (its Kind, the figures)."""
    found = []
    for kind in kinds:
        row = kind.table.stats().player_stats(kind, sessions, player)
        if row is not None:
            found.append((kind, row))
    return found


def head_to_head(
    sessions: Sequence[Session], first: str, second: str, designs: Iterable[type]
) -> list[tuple[Any, Any]]:
    """Two players over each design's sessions: (its module of statistics, the figures)."""
    found = []
    for design in designs:
        figures = design.stats()
        ours = [session for session in sessions if kind_of(session.kind).table is design]
        found.append((figures, figures.head_to_head(ours, first, second)))
    return found

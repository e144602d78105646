"""A session as stored, whatever its game: the one interface its Kind's ``table`` gives.

Each storage design is a `Table` subclass: a game's own rows, where they earn it (its Kind's
``storage``, e.g. bids in turn, tricks, revokes, adjustments), or the rounds every game
scored round by round shares (games.tables.rounds). The rest of the app (the
write path and undo, exports, imports, backups) asks the table, never which game it is.

What a `Table` gives:

- ``load(game)``: the session, read in a fixed number of queries; ``PREFETCH`` and
  ``prefetched(game, seats)``: the same from a notebook's prefetched sessions (backups);
- ``deals``: what was entered, in order, and ``deal_state(deal)``: one of them as undo
  keeps it; ``restore(game, start, states, pending)``: the deals from ``start`` on put
  back from such states (undo);
- ``started(game, rules, players)``: what a new session stores before its first entry;
  ``check_start(kind, rules, players)``: a refusal if the rules cannot seat the table;
- ``create(sessions)``: imported sessions' deals written, each ``(game, deals, pending)``
  as read from a file, in a fixed number of queries however many;
- ``result``: the game as its rules scored it (``finished``, the standings or places);
- ``chart(name)``: the running totals' chart; ``settle(stake)``: what each player pays or
  receives at a stake per point (`Payment`, best first), None for a game without stakes;
- ``files()``: the design's module of files (its CSV rows, its JSON, its summary line and
  the reading of its deals from a file); ``screens()``: of screens (games.screens);
  ``stats()``: of statistics (games.stats); ``big()``: of the big screen (games.screens.big).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from importlib import import_module
from types import ModuleType
from typing import Any, ClassVar

from django.db.models import Prefetch

from games.kinds import Kind, kind_of
from games.models import Game, Round, Seat


@dataclass(frozen=True)
class Payment:
    """One player's line in settling up (`Table.settle`)."""

    name: str
    total: int
    winner: bool
    amount: float  # what this player pays (> 0) or receives (< 0)

    @property
    def pays(self) -> str:
        return f"{self.amount:.2f}" if self.amount > 0 else ""

    @property
    def receives(self) -> str:
        return f"{-self.amount:.2f}" if self.amount < 0 else ""


@dataclass
class Table:
    game: Game
    seats: list[Seat]
    #: Set by an action that brought this table in step with what it wrote, so a backlog's
    #: next entry (`games.services.holding`) uses it as it is instead of loading it again.
    in_step: bool = field(default=False, init=False, repr=False)

    #: What a notebook's sessions prefetch for this design (`prefetched`).
    PREFETCH: ClassVar[tuple[Prefetch, ...]] = ()
    #: The path of the design's module of files: ``COLUMNS``, ``csv_rows(table)``,
    #: ``deals_json(table)``, ``summary(table)`` and ``read_deals(kind, options, players,
    #: first_dealer, deals, get, finished_at) -> (rows, finished, pending)``.
    FILES: ClassVar[str]
    #: The path of the design's module of screens (games.screens): ``table_context(request,
    #: table, posted, error_for)``, ``SHEET_TEMPLATE`` and ``sheet(table)``,
    #: ``correct(request, game, table, number)``, and for the phone offline
    #: ``offline_state(table, context)`` and ``ahead(request, table)``.
    SCREENS: ClassVar[str]
    #: The path of the design's module of statistics (games.stats says what it gives).
    STATS: ClassVar[str]
    #: The path of the design's module of the big screen: ``big_screen(table)``, a
    #: games.screens.big.BigScreen.
    BIG: ClassVar[str]

    def __post_init__(self) -> None:
        self.rules = kind_of(self.game.kind).rules_of(self.game.options)

    @property
    def names(self) -> list[str]:
        return [seat.player.name for seat in self.seats]

    @property
    def pending(self) -> Any:
        """A round's bids in, before it is played (games that bid first), else None."""
        return None

    @classmethod
    def files(cls) -> ModuleType:
        return import_module(cls.FILES)

    @classmethod
    def screens(cls) -> ModuleType:
        return import_module(cls.SCREENS)

    @classmethod
    def stats(cls) -> ModuleType:
        return import_module(cls.STATS)

    @classmethod
    def big(cls) -> ModuleType:
        return import_module(cls.BIG)

    @property
    def correctable(self) -> int:
        """How many deals (from the first) may be opened and corrected."""
        return len(self.deals)

    def caught_up(self, start: int) -> Table | None:
        """This table after an action that changed its deals from ``start`` on, or None:
        the session is loaded again."""
        return None

    def chart(self, name: str) -> dict:
        """The running totals' chart (games.charts), ``name`` its element's id."""
        raise NotImplementedError

    def settle(self, stake: Decimal) -> list[Payment] | None:
        """Settling up at ``stake`` a point (Kind.settles), best first; None without stakes."""
        return None

    @classmethod
    def load(cls, game: Game) -> Table:
        raise NotImplementedError

    @classmethod
    def prefetched(cls, game: Game, seats: list[Seat]) -> Table:
        raise NotImplementedError

    def deal_state(self, deal: Any) -> dict:
        raise NotImplementedError

    @classmethod
    def restore(cls, game: Game, start: int, states: Sequence[dict], pending: Any) -> None:
        raise NotImplementedError

    @classmethod
    def check_start(cls, kind: Kind, rules: Any, players: int) -> None:
        """Nothing to refuse beyond the table's size, unless the design says."""

    @classmethod
    def started(cls, game: Game, rules: Any, players: int) -> None:
        """Nothing stored before the first entry, unless the design says."""

    @classmethod
    def create(cls, sessions: Sequence[tuple[Game, Sequence[Any], Any]]) -> None:
        raise NotImplementedError


#: Every round of a notebook's sessions, as a backup reads them (`Table.PREFETCH`).
ROUNDS = Prefetch("rounds", queryset=Round.objects.order_by("index"))


def seats_of(game: Game) -> list[Seat]:
    return list(game.seats.select_related("player").order_by("position"))


def table_class(kind: str) -> type[Table]:
    return kind_of(kind).table


def load(game: Game) -> Table:
    """The session as its game's design stores it."""
    return table_class(game.kind).load(game)


def designs() -> list[type[Table]]:
    """Every design, once, in the registry's order."""
    from games.kinds import KINDS

    return list(dict.fromkeys(kind.table for kind in KINDS.values()))

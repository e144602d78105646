"""The rounds every game scored round by round shares (games.models.Round): each one JSON
object as entered, which the game's rules module (games.rules.rounds) checks and scores."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from games import charts
from games.kinds import Kind, kind_of
from games.models import Game, Round, Seat
from games.rules import rounds
from games.tables import ROUNDS, Table, seats_of


@dataclass
class RoundsTable(Table):
    """A game scored round by round: its rules module says it all."""

    deals: list[Round]  # the rounds played (named as the other games' deals)
    #: The round whose bids are in, not yet played (Kind.bids_first), else None.
    pending: Round | None = None

    PREFETCH = (ROUNDS,)
    FILES = "games.tables.rounds_files"
    SCREENS = "games.screens.rounds"
    STATS = "games.tables.rounds_stats"
    BIG = "games.screens.rounds_big"

    @property
    def players(self) -> int:
        return len(self.seats)

    @property
    def module(self):
        return kind_of(self.game.kind).rounds

    @property
    def entries(self) -> list[dict]:
        return [played.entry for played in self.deals]

    @cached_property
    def tally(self):
        """The rounds played, scored one by one (the rules module's ``Tally``); an action
        adds its round to it rather than scoring the game again."""
        tally = self.module.Tally(self.rules, self.players, self.game.first_dealer)
        for played in self.deals:
            tally.add(played.entry)
        return tally

    @cached_property
    def result(self) -> rounds.Result:
        return self.tally.result(ended=self.game.finished_at is not None)

    def side_names(self) -> list[str]:
        return [" & ".join(self.names[seat] for seat in side) for side in self.result.sides]

    def chart(self, name: str) -> dict:
        unit = kind_of(self.game.kind).unit
        return charts.rounds_chart(self.result, self.side_names(), name, unit)

    @classmethod
    def load(cls, game: Game) -> RoundsTable:
        """Two queries: seats with players, rounds."""
        return rounds_table(game, seats_of(game), list(game.rounds.order_by("index")))

    @classmethod
    def prefetched(cls, game: Game, seats: list[Seat]) -> RoundsTable:
        return rounds_table(game, seats, list(game.rounds.all()))

    def deal_state(self, deal: Round) -> dict:
        return deal.entry

    @classmethod
    def restore(cls, game: Game, start: int, states: Sequence[dict], pending: dict | None) -> None:
        game.rounds.filter(index__gte=start).delete()
        played = [Round(game=game, index=start + i, entry=entry) for i, entry in enumerate(states)]
        if pending is not None:
            played.append(Round(game=game, index=start + len(played), entry=pending, done=False))
        Round.objects.bulk_create(played)

    @classmethod
    def check_start(cls, kind: Kind, rules: object, players: int) -> None:
        kind.rounds.first_plan(rules, players, 0)  # refuses a table the rules cannot seat

    @classmethod
    def create(cls, sessions: Sequence[tuple[Game, Sequence[dict], dict | None]]) -> None:
        played = []
        for game, entries, pending in sessions:
            played += [Round(game=game, index=i, entry=entry) for i, entry in enumerate(entries)]
            if pending is not None:
                played.append(Round(game=game, index=len(entries), entry=pending, done=False))
        Round.objects.bulk_create(played)


def rounds_table(game: Game, seats: list[Seat], played: list[Round]) -> RoundsTable:
    """``played`` in order; the last, if its bids are in and it is not played, is pending."""
    pending = played.pop() if played and not played[-1].done else None
    return RoundsTable(game=game, seats=seats, deals=played, pending=pending)

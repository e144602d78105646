"""Kozel's deals: one team's card points each, as entered, each stored as a round (the
storage every round game shares: games.models.Round) whose entry is the deal's fields."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property

from games import charts
from games.models import Game, Round, Seat
from games.rules import kozel
from games.tables import ROUNDS, Table, seats_of


@dataclass
class KozelTable(Table):
    deals: list[Round]
    rules: kozel.KozelRules = field(init=False)

    PREFETCH = (ROUNDS,)
    FILES = "games.tables.kozel_files"
    SCREENS = "games.screens.kozel"

    def team_names(self, team: int) -> str:
        first, second = kozel.seats_of(team)
        return f"{self.names[first]} & {self.names[second]}"

    @cached_property
    def result(self) -> kozel.MatchResult:
        return kozel.score_match(
            self.rules, self.game.first_dealer, [kozel_entry(deal) for deal in self.deals]
        )

    def chart(self, name: str) -> dict:
        return charts.kozel_chart(self.result, [self.team_names(0), self.team_names(1)], name)

    @classmethod
    def load(cls, game: Game) -> KozelTable:
        """Two queries: seats with players, deals."""
        return cls(game=game, seats=seats_of(game), deals=list(game.rounds.order_by("index")))

    @classmethod
    def prefetched(cls, game: Game, seats: list[Seat]) -> KozelTable:
        return cls(game=game, seats=seats, deals=list(game.rounds.all()))

    def deal_state(self, deal: Round) -> dict:
        return dict(deal.entry)

    @classmethod
    def restore(cls, game: Game, start: int, states: Sequence[dict], pending: object) -> None:
        game.rounds.filter(index__gte=start).delete()
        Round.objects.bulk_create(
            Round(game=game, index=start + i, entry=item) for i, item in enumerate(states)
        )

    @classmethod
    def create(cls, sessions: Sequence[tuple[Game, Sequence[dict], None]]) -> None:
        Round.objects.bulk_create(
            Round(game=game, index=index, entry=item)
            for game, items, _pending in sessions
            for index, item in enumerate(items)
        )


def kozel_entry(deal: Round) -> kozel.DealEntry:
    return kozel.DealEntry(**deal.entry)


def kozel_fields(entry: kozel.DealEntry) -> dict:
    return asdict(entry)

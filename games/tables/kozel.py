"""Kozel's deals (games.models.KozelDeal): one team's card points each, as entered."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields
from functools import cached_property

from django.db.models import Prefetch

from games import charts
from games.models import Game, KozelDeal, Seat
from games.rules import kozel
from games.tables import Table, seats_of


@dataclass
class KozelTable(Table):
    deals: list[KozelDeal]
    rules: kozel.KozelRules = field(init=False)

    PREFETCH = (Prefetch("kozel_deals", queryset=KozelDeal.objects.order_by("index")),)
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
        return cls(game=game, seats=seats_of(game), deals=list(game.kozel_deals.order_by("index")))

    @classmethod
    def prefetched(cls, game: Game, seats: list[Seat]) -> KozelTable:
        return cls(game=game, seats=seats, deals=list(game.kozel_deals.all()))

    def deal_state(self, deal: KozelDeal) -> dict:
        return kozel_fields(kozel_entry(deal))

    @classmethod
    def restore(cls, game: Game, start: int, states: Sequence[dict], pending: object) -> None:
        game.kozel_deals.filter(index__gte=start).delete()
        KozelDeal.objects.bulk_create(
            KozelDeal(game=game, index=start + i, **item) for i, item in enumerate(states)
        )

    @classmethod
    def create(cls, sessions: Sequence[tuple[Game, Sequence[dict], None]]) -> None:
        KozelDeal.objects.bulk_create(
            KozelDeal(game=game, index=index, **item)
            for game, items, _pending in sessions
            for index, item in enumerate(items)
        )


def kozel_entry(deal: KozelDeal) -> kozel.DealEntry:
    return kozel.DealEntry(**{f.name: getattr(deal, f.name) for f in fields(kozel.DealEntry)})


def kozel_fields(entry: kozel.DealEntry) -> dict:
    return asdict(entry)

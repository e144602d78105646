"""Oh Hell's statistics (docs/statistics.md), its table's ``stats()``: its sessions read and
scored for a notebook, each player's figures and two players head-to-head; drawn by
templates/games/oh_hell_stats.html.

- Sessions, wins, average and best score: finished sessions only (a total mid-game is not
  a score). Tied winners each count a win.
- Bids made, zero bids, missed bids and the longest run: every scored deal, finished or
  not. A revoked deal is neither made nor missed, and neither extends nor breaks a run.
  The run follows the deals in order, across sessions in the order they started.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import QuerySet

from games.kinds import Kind
from games.models import Adjustment, Deal, Game, Hand
from games.rules import oh_hell
from games.stats import Session, rate
from games.tables.oh_hell import record_of

TEMPLATE = "games/oh_hell_stats.html"


def scored(
    sessions: Sequence[Game], scope: QuerySet, players: dict[int, int]
) -> dict[int, oh_hell.GameResult]:
    """Every Oh Hell session among ``sessions`` scored (game pk -> result), in three queries
    however many: its scored deals, their hands, their adjustments, as plain rows (model
    objects for thousands of hands cost seconds with 500 sessions). A deal's record is
    `record_of`'s, as the table builds it (tests/games/test_stats.py compares the two)."""
    deals: dict[int, list[dict]] = defaultdict(list)
    by_pk: dict[int, dict] = {}
    for pk, game_id, trump, revoke in (
        Deal.objects.filter(game__in=scope, done=True)
        .order_by("game_id", "index")
        .values_list("pk", "game_id", "trump", "revoke")
    ):
        by_pk[pk] = {"trump": trump, "revoke": revoke, "hands": {}, "adjustments": []}
        deals[game_id].append(by_pk[pk])
    for deal_id, seat, bid, tricks in Hand.objects.filter(
        deal__game__in=scope, deal__done=True
    ).values_list("deal_id", "seat", "bid", "tricks"):
        by_pk[deal_id]["hands"][seat] = (bid, tricks)
    for deal_id, seat, points, note in (
        Adjustment.objects.filter(deal__game__in=scope, deal__done=True)
        .order_by("created_at", "pk")
        .values_list("deal_id", "seat", "points", "note")
    ):
        by_pk[deal_id]["adjustments"].append((seat, points, note))
    results = {}
    for game in sessions:
        count = players[game.pk]
        records = [record_of(**deal, players=count) for deal in deals[game.pk]]
        rules = game.registered.rules_of(game.options)
        results[game.pk] = oh_hell.score_game(rules, count, game.first_dealer, records)
    return results


@dataclass(frozen=True)
class PlayerStats:
    player: str
    kind: str
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


def player_stats(kind: Kind, sessions: Iterable[Session], player: str) -> PlayerStats | None:
    """None if they never played."""
    played = [s for s in sessions if s.kind == kind.name and player in s.players]
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
    return PlayerStats(
        player=player,
        kind=kind.name,
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
    """Two players over the Oh Hell sessions they both finished: how many, who finished
    ahead, and the sum of (first - second)."""

    first: str
    second: str
    sessions: int
    first_ahead: int
    second_ahead: int
    difference_sum: int

    @property
    def level(self) -> int:
        return self.sessions - self.first_ahead - self.second_ahead

    @property
    def average_difference(self) -> float | None:
        return rate(self.difference_sum, self.sessions)


def head_to_head(sessions: Iterable[Session], first: str, second: str) -> HeadToHead:
    """Over this design's sessions (`Session`s of Oh Hell)."""
    count = first_ahead = second_ahead = difference = 0
    for session in sessions:
        if not session.result.finished or not {first, second} <= set(session.players):
            continue
        totals = session.result.totals
        gap = totals[session.players.index(first)] - totals[session.players.index(second)]
        count += 1
        difference += gap
        first_ahead += gap > 0
        second_ahead += gap < 0
    return HeadToHead(first, second, count, first_ahead, second_ahead, difference)


def winners(names: Sequence[str], result: oh_hell.GameResult) -> list[tuple[str, int]]:
    """Who won, with their totals (every tied winner)."""
    return [(names[seat], result.totals[seat]) for seat in result.winners]

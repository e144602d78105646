"""Kozel at the table: a deal from one team's card points (seed 004), and its correction."""

from __future__ import annotations

from django.utils import timezone

from games import limits
from games.models import Round
from games.rules import RuleError, gettext_noop, kozel
from games.services.sessions import (
    Conflict,
    commit,
    game_action,
    refuse_if_changed,
    refuse_if_finished,
)
from games.services.undo import snapshot
from games.tables.kozel import KozelTable, kozel_entry, kozel_fields


@game_action("kozel")
def record_kozel_deal(
    *,
    table: KozelTable,
    deal_number: int,
    team: int,
    points: int,
    zero_team_took_trick: bool | None,
    last_trick_seat: int | None,
) -> kozel.MatchResult:
    game = table.game
    entry = kozel.DealEntry(team, points, zero_team_took_trick, last_trick_seat)
    if deal_number <= len(table.deals):
        if kozel_entry(table.deals[deal_number - 1]) == kozel.validate_deal(entry, table.rules):
            return table.result  # a double tap
        raise Conflict(
            gettext_noop(
                "Deal %(number)s was already entered. Open it from the score sheet to correct it."
            ),
            number=deal_number,
        )
    refuse_if_finished(game)
    if deal_number != len(table.deals) + 1:
        raise Conflict(
            gettext_noop("This page was out of date: the match has moved on. Here it is now.")
        )
    if len(table.deals) >= limits.MOST_DEALS:
        raise limits.too_many_deals()
    entry = kozel.validate_deal(entry, table.rules)
    result = kozel.score_match(
        table.rules, game.first_dealer, [*map(kozel_entry, table.deals), entry]
    )
    before = snapshot(table, start=len(table.deals))
    Round.objects.create(game=game, index=len(table.deals), entry=kozel_fields(entry))
    if result.finished:
        game.finished_at = timezone.now()
    outcome = result.outcomes[-1]
    commit(
        game,
        "kozel_deal",
        {
            "deal": deal_number,
            "points": list(outcome.card_points),
            "defeat_points": list(outcome.defeat_points),
        },
        before,
    )
    return result


@game_action("kozel")
def correct_kozel_deal(
    *,
    table: KozelTable,
    deal_number: int,
    team: int,
    points: int,
    zero_team_took_trick: bool | None,
    last_trick_seat: int | None,
    version: int | None = None,
) -> None:
    """Later deals are scored again; deals after a new, earlier end are refused."""
    game = table.game
    refuse_if_changed(game, version)
    if not 0 < deal_number <= len(table.deals):
        raise RuleError(
            gettext_noop("Deal %(number)s has not been played yet."), number=deal_number
        )
    entry = kozel.validate_deal(
        kozel.DealEntry(team, points, zero_team_took_trick, last_trick_seat), table.rules
    )
    entries = [kozel_entry(d) for d in table.deals]
    if entries[deal_number - 1] == entry:
        return
    entries[deal_number - 1] = entry
    result = kozel.score_match(table.rules, game.first_dealer, entries)
    before = snapshot(table, start=deal_number - 1)
    Round.objects.filter(pk=table.deals[deal_number - 1].pk).update(entry=kozel_fields(entry))
    game.finished_at = (game.finished_at or timezone.now()) if result.finished else None
    commit(game, "corrected", {"deal": deal_number}, before)

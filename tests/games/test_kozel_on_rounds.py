"""Kozel's deals moved onto the rounds every game shares (migration 0014): a match stored
before loads, scores, undoes and exports as it did, and the migration goes back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games import exports, services
from games.kinds import kind_of
from games.models import Game
from games.rules import kozel

BEFORE = [("games", "0013_round_corrections_named")]
AFTER = [("games", "0014_kozel_deals_as_rounds")]
NAMES = ["Anna", "Ben", "Carla", "Dan"]
#: (team, its card points, did the team with 0 take a trick, who took the last trick)
DEALS = [(0, 45, None, 1), (1, 0, True, None), (0, 60, None, 2), (0, 0, False, 1), (1, 31, None, 0)]
FIELDS = ("team", "points", "zero_team_took_trick", "last_trick_seat")


def migrated(target):
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def stored_before(apps) -> str:
    """A match of five deals as the app stored it before the move."""
    notebook = apps.get_model("games", "Notebook").objects.create(name="Kozel night")
    game = apps.get_model("games", "Game").objects.create(
        notebook=notebook,
        kind="kozel",
        preset="classic",
        options=kind_of("kozel").preset_options("classic"),
        first_dealer=0,
        version=5,
    )
    for position, name in enumerate(NAMES):
        player = apps.get_model("games", "Player").objects.create(notebook=notebook, name=name)
        apps.get_model("games", "Seat").objects.create(game=game, position=position, player=player)
    KozelDeal = apps.get_model("games", "KozelDeal")
    for index, deal in enumerate(DEALS):
        KozelDeal.objects.create(game=game, index=index, **dict(zip(FIELDS, deal, strict=True)))
    return game.public_id


@pytest.mark.django_db(transaction=True)
def test_a_match_stored_before_scores_the_same_on_rounds_and_the_move_goes_back() -> None:
    public_id = stored_before(migrated(BEFORE))

    migrated(AFTER)
    game = Game.objects.get(public_id=public_id)
    table = services.load(game)

    # By hand (seed 004, classic): 45 loses 2; 0 with a trick loses 4; 60-60 is eggs,
    # nobody loses (the classic table scores them nothing); 0 without a trick loses 6;
    # 31 loses 2 (two from 31). Anna & Carla 2 + 6 = 8, Ben & Dan 4 + 2 = 6.
    assert table.result.totals == (8, 6)
    assert [scored.points for scored in table.result.rounds] == [
        (2, 0),
        (0, 4),
        (0, 0),
        (6, 0),
        (0, 2),
    ]
    match = kozel.score_match(table.rules, 0, [kozel.DealEntry(*deal) for deal in DEALS])
    assert match.defeat_points == table.result.totals
    assert [round_.entry for round_ in game.rounds.order_by("index")] == [
        dict(zip(FIELDS, deal, strict=True)) for deal in DEALS
    ]
    assert exports.session_json(table)["deals"] == [
        dict(zip(FIELDS, deal, strict=True)) for deal in DEALS
    ]

    apps = migrated(BEFORE)
    kept = apps.get_model("games", "KozelDeal").objects.filter(game__public_id=public_id)
    assert [tuple(getattr(d, f) for f in FIELDS) for d in kept.order_by("index")] == DEALS
    assert not apps.get_model("games", "Round").objects.filter(game__public_id=public_id)

    migrated(MigrationExecutor(connection).loader.graph.leaf_nodes())

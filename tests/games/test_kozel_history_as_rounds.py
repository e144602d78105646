"""Migration 0015: a Kozel match's history lines written before Kozel became a round game
read as the rounds' ("Round 1: 2, 0."), an Undo's line of one too; other games' untouched."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Change, Game

BEFORE = [("games", "0014_kozel_deals_as_rounds")]
AFTER = [("games", "0015_kozel_history_as_rounds")]


def migrated(target):
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_the_kozel_history_lines_written_before_read_as_rounds(client) -> None:
    apps = migrated(BEFORE)
    notebook = apps.get_model("games", "Notebook").objects.create(name="Kozel night")
    games = {
        kind: apps.get_model("games", "Game").objects.create(
            notebook=notebook, kind=kind, preset="classic", options={}, first_dealer=0
        )
        for kind in ("kozel", "oh_hell")
    }
    Changes = apps.get_model("games", "Change")
    deal = {"deal": 1, "points": [45, 75], "defeat_points": [2, 0]}
    Changes.objects.create(game=games["kozel"], action="kozel_deal", params=deal)
    Changes.objects.create(game=games["kozel"], action="corrected", params={"deal": 1})
    Changes.objects.create(
        game=games["kozel"], action="undo", params={"action": "kozel_deal", **deal}
    )
    Changes.objects.create(game=games["oh_hell"], action="corrected", params={"deal": 1})

    migrated(AFTER)

    kozel = Game.objects.get(pk=games["kozel"].pk)
    lines = list(Change.objects.filter(game=kozel).order_by("pk").values_list("action", "params"))
    assert lines == [
        ("round", {"deal": 1, "points": [2, 0]}),
        ("round_corrected", {"deal": 1}),
        ("undo", {"deal": 1, "points": [2, 0], "action": "round"}),
    ]
    oh_hell = Change.objects.get(game_id=games["oh_hell"].pk)
    assert (oh_hell.action, oh_hell.params) == ("corrected", {"deal": 1})

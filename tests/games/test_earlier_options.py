"""Sessions stored and files written before Skull King's advanced cards were chosen one by
one and Tysiąc's 555 lost its "minus" (issue 38, item 7): migration 0012 mends what is
stored, so every session still loads, undoes and exports; an import reads the earlier
options as today's."""

from __future__ import annotations

import json
from importlib import import_module

import pytest
from django.apps import apps
from django.urls import reverse

from games import exports, services
from games.kinds import kind_of
from games.models import Change, Game, Round
from games.rules import RuleError

MIGRATION = import_module("games.migrations.0012_skull_king_and_tysiac_as_the_cards_allow")


def stored(notebook, kind: str, preset: str, names, options: dict, entries: list) -> Game:
    """A session as an earlier version stored it: its options and rounds written as they
    were, under today's checks."""
    game = services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=list(names),
        first_dealer=0,
    )
    Game.objects.filter(pk=game.pk).update(options=options)
    Round.objects.bulk_create(
        Round(game=game, index=index, entry=entry) for index, entry in enumerate(entries)
    )
    return Game.objects.get(pk=game.pk)


def migrate() -> None:
    MIGRATION.as_the_cards_allow(apps, None)


def totals(game: Game) -> tuple:
    return services.load(Game.objects.get(pk=game.pk)).result.totals


def test_an_earlier_skull_king_session_loads_with_each_advanced_card(client, notebook) -> None:
    wager_without_trick = {
        "bids": [1, 0, 0],
        "tricks": [1, 0, 0],
        "bonuses": [{}, {}, {"wager": 10}],  # seat 2 took no trick: no wager was made
    }
    game = stored(
        notebook,
        "skull_king",
        "advanced",
        ("Anna", "Ben", "Carla"),
        {"scoring": "standard", "advanced_cards": True, "rounds": []},
        [wager_without_trick],
    )
    # an Undo of a correction would bring the wager back
    Change.objects.create(
        game=game,
        action="corrected",
        params={"deal": 1},
        before={"from": 0, "deals": [wager_without_trick], "finished_at": None},
    )

    migrate()

    game.refresh_from_db()
    assert game.options == {
        "scoring": "standard",
        "rounds": [],
        "kraken": True,
        "white_whale": True,
        "loot": True,
    }
    mended = {"bids": [1, 0, 0], "tricks": [1, 0, 0], "bonuses": [{}, {}, {}]}
    assert Round.objects.get(game=game).entry == mended
    assert Change.objects.get(game=game, action="corrected").before["deals"] == [mended]
    # round 1, one card: 20 for a made 1, 10 for each made 0 (the wager gone)
    assert totals(game) == (20, 10, 10)
    assert client.get(reverse("game", args=[game.public_id])).status_code == 200
    services.undo_last(game=game, version=game.version)
    assert totals(game) == (20, 10, 10)


def test_a_game_for_two_beyond_the_deck_is_dealt_what_it_holds(client, notebook) -> None:
    # 70 cards to two players and Graybeard: 23 each at most
    game = stored(
        notebook,
        "skull_king",
        "rulebook",
        ("Anna", "Ben"),
        {"scoring": "standard", "advanced_cards": False, "rounds": [30, 5]},
        [{"bids": [30, 2], "tricks": [25, 5], "bonuses": [{"pirates": 1}, {"wager": 20}]}],
    )

    migrate()

    game.refresh_from_db()
    assert game.options["rounds"] == [23, 5]
    # the bid of 30 comes down to 23; tricks 25 to 23, then 23 + 5 = 28 > 23: five from
    # the player with the most, 23 - 5 = 18
    assert Round.objects.get(game=game).entry == {
        "bids": [23, 2],
        "tricks": [18, 5],
        "bonuses": [{"pirates": 1}, {"wager": 20}],
    }
    # bid 23, took 18: -10 × 5 = -50; bid 2, took 5: -10 × 3 and the wager lost: -50
    assert totals(game) == (-50, -50)
    assert client.get(reverse("game", args=[game.public_id])).status_code == 200


def test_an_earlier_tysiac_session_loads_with_555_back_to_0_and_no_card_point_of_1(
    client, notebook
) -> None:
    game = stored(
        notebook,
        "tysiac",
        "russian",
        ("Anna", "Ben", "Carla"),
        {**kind_of("tysiac").preset_options("russian"), "five_five_five": "minus"},
        [{"bidder": 1, "contract": 100, "points": [1, 60, 59], "marriages": {}}],
    )

    migrate()

    game.refresh_from_db()
    assert game.options["five_five_five"] == "zero"
    # the point of 1 becomes 2, taken from the player with the most (Ben's 60)
    assert Round.objects.get(game=game).entry["points"] == [2, 59, 59]
    # Russian: rounded to 5; Anna 2 → 0 (a bolt), Ben made 59 < 100: -100, Carla 59 → 60
    assert totals(game) == (0, -100, 60)
    assert client.get(reverse("game", args=[game.public_id])).status_code == 200


def test_a_session_of_today_is_left_as_it_is(notebook) -> None:
    options = kind_of("skull_king").preset_options("advanced")
    game = stored(notebook, "skull_king", "advanced", ("Anna", "Ben"), options, [])

    migrate()

    game.refresh_from_db()
    assert game.options == options


# -- files an earlier version wrote -----------------------------------------------------------


def exported(client, notebook, kind: str, preset: str, entries: list) -> dict:
    game = services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=["Anna", "Ben", "Carla"],
        first_dealer=0,
    )
    Round.objects.bulk_create(
        Round(game=game, index=index, entry=entry) for index, entry in enumerate(entries)
    )
    return json.loads(client.get(reverse("export_json", args=[game.public_id])).content)


@pytest.mark.parametrize(
    ("value", "today"), [(True, True), (False, False)], ids=["advanced", "rulebook"]
)
def test_an_earlier_skull_king_file_imports_with_each_advanced_card(
    client, notebook, value, today
) -> None:
    data = exported(client, notebook, "skull_king", "rulebook", [])
    data["options"] = {"scoring": "standard", "advanced_cards": value, "rounds": [3, 4]}

    plan = exports.session_plan(data)

    assert plan.options == {
        "scoring": "standard",
        "kraken": today,
        "white_whale": today,
        "loot": today,
        "rounds": [3, 4],
    }


def test_an_earlier_tysiac_file_with_555_to_minus_555_imports_with_back_to_0(
    client, notebook
) -> None:
    data = exported(client, notebook, "tysiac", "russian", [])
    data["options"]["five_five_five"] = "minus"

    assert exports.session_plan(data).options["five_five_five"] == "zero"


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"advanced_cards": "yes"}, "“advanced_cards” must be true or false."),
        ({"advanced_cards": True, "loot": True}, "Unknown option advanced_cards."),
        ({"rounds": [30]}, "A deck of 70 cards deals at most 23 cards each"),
    ],
)
def test_a_file_with_options_no_version_wrote_is_refused_with_the_reason(
    client, notebook, options, reason
) -> None:
    data = exported(client, notebook, "skull_king", "rulebook", [])
    data["options"] = options

    with pytest.raises(RuleError) as refused:
        exports.session_plan(data)

    assert reason in str(refused.value)

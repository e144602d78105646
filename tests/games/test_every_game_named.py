"""Every game is named where a player looks for it, from the registry (games/kinds.py), and
a round game speaks of rounds (issue 39, item 7)."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.kinds import KINDS
from games.models import Change
from tests.games.conftest import client_of
from tests.games.test_round_games import points_form, post, start

pytestmark = pytest.mark.django_db


def test_the_home_page_lists_every_game_the_app_keeps_each_a_new_session(visitor) -> None:
    response = visitor.get(reverse("home"))

    for name, kind in KINDS.items():
        link = f'<a href="{reverse("new_session")}?kind={name}">{kind.label}</a>'
        assertContains(response, link, html=False)
        chosen = visitor.get(reverse("new_session"), {"kind": name})
        assertContains(chosen, f'value="{name}" checked', html=False)


@pytest.mark.parametrize(("kind", "preset"), [("skull_king", "rulebook"), ("any_game", "free")])
def test_a_preset_left_as_it_is_reads_as_the_games_own_rules(visitor, kind, preset) -> None:
    response = visitor.get(reverse("new_session"), {"kind": kind, "preset": preset})

    assertContains(response, "Every option as the game's own rules have it.")
    assertNotContains(response, "<p>.</p>", html=False)


def test_a_corrected_round_is_a_round_in_the_history(notebook) -> None:
    client = client_of(notebook)
    game = start(notebook, "any_game", "free")
    post(client, game, "round", points_form(1, 1, 2, 3))
    game.refresh_from_db()

    url = reverse("correct", args=[game.public_id, 1])
    client.post(url, {**points_form(1, 10, 2, 3), "version": game.version})

    html = client.get(reverse("history", args=[game.public_id])).content.decode()
    assert "Round 1 corrected." in html
    assert "Deal 1 corrected." not in html


def test_the_lines_written_before_are_renamed(notebook) -> None:
    migration = __import__("games.migrations.0013_round_corrections_named", fromlist=["rename"])
    game = start(notebook, "any_game", "free")
    Change.objects.create(game=game, action="corrected", params={"deal": 1}, before={})

    migration.rename(apps, None)

    assert Change.objects.get(game=game, params={"deal": 1}).action == "round_corrected"


@pytest.mark.parametrize(
    ("kind", "preset", "lines"),
    [
        (
            "tysiac",
            "russian",
            ["Imported from a file (3 rounds).", "Brought back after it was deleted (3 rounds)."],
        ),
        (
            "oh_hell",
            "classic",
            ["Imported from a file (3 deals).", "Brought back after it was deleted (3 deals)."],
        ),
    ],
)
def test_an_imported_or_restored_game_counts_its_rounds_or_its_deals(
    notebook, kind, preset, lines
) -> None:
    game = start(notebook, kind, preset)
    for action in ("import", "restored"):
        Change.objects.create(game=game, action=action, params={"deals": 3}, before={})

    html = client_of(notebook).get(reverse("history", args=[game.public_id])).content.decode()

    for line in lines:
        assert line in html

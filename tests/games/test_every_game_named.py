"""Every game is named where a player looks for it, from the registry (games/kinds.py), and
a round game speaks of rounds (issue 39, item 7)."""

from __future__ import annotations

from html import unescape

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


FOUR = ("Anna", "Ben", "Carla", "Dan")


@pytest.mark.parametrize(
    ("kind", "preset", "names", "title", "save", "sheet"),
    [
        # What each game's own rules call the part it is scored by (RULES.md, the issues'
        # sources): Kozel and Tysiąc deal, Spades plays hands (pagat), Skull King rounds.
        ("kozel", "classic", FOUR, "Deal 1", "Save deal 1", "Each cell: the deal's points"),
        ("tysiac", "russian", FOUR[:3], "Deal 1", "Save deal 1", "Each cell: the deal's points"),
        ("spades", "pagat", FOUR, "Hand 1", "Bids are in", "Each cell: the hand's points"),
        ("skull_king", "rulebook", FOUR, "Round 1", "Bids are in", "Each cell: the round's"),
        ("any_game", "free", FOUR[:3], "Round 1", "Save round 1", "Each cell: the round's"),
    ],
)
def test_each_game_names_its_deals_rounds_or_hands_on_every_screen(
    notebook, kind, preset, names, title, save, sheet
) -> None:
    client = client_of(notebook)
    game = start(notebook, kind, preset, names)

    page = client.get(reverse("game", args=[game.public_id]))
    big = client.get(reverse("big_screen", args=[game.public_id]))
    sheet_page = unescape(client.get(reverse("sheet", args=[game.public_id])).text)

    assertContains(page, f'<h1 id="round-title">{title}</h1>', html=False)
    assertContains(page, f'class="btn btn-primary save-round">{save}</button>', html=False)
    assertContains(big, title)
    assert sheet in sheet_page
    word = title.split()[0].lower()  # the summary to copy, as the sheet
    assert sheet_page.count(f"No {word} entered yet.") == 2
    for other in {"Deal 1", "Hand 1", "Round 1"} - {title}:
        assertNotContains(page, other)
        assertNotContains(big, other)


@pytest.mark.parametrize(
    ("kind", "preset", "lines"),
    [
        (
            "skull_king",
            "rulebook",
            ["Imported from a file (3 rounds).", "Brought back after it was deleted (3 rounds)."],
        ),
        (
            "tysiac",
            "russian",
            ["Imported from a file (3 deals).", "Brought back after it was deleted (3 deals)."],
        ),
        (
            "spades",
            "pagat",
            ["Imported from a file (3 hands).", "Brought back after it was deleted (3 hands)."],
        ),
        (
            "oh_hell",
            "classic",
            ["Imported from a file (3 deals).", "Brought back after it was deleted (3 deals)."],
        ),
    ],
)
def test_an_imported_or_restored_game_counts_its_rounds_deals_or_hands(
    notebook, kind, preset, lines
) -> None:
    game = start(notebook, kind, preset, FOUR)
    for action in ("import", "restored"):
        Change.objects.create(game=game, action=action, params={"deals": 3}, before={})

    html = client_of(notebook).get(reverse("history", args=[game.public_id])).content.decode()

    for line in lines:
        assert line in html

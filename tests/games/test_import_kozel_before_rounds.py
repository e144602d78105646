"""Kozel files written before Kozel became a round game (fixtures/kozel_before_rounds, made by
the app at 86f50a2) still import: the deals are the same objects, the file's ``result`` (in
its older shape) is not read back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse

from games.models import Game, Notebook
from tests.games.test_import import upload

FIXTURES = Path(__file__).parent / "fixtures" / "kozel_before_rounds"


def imported(notebook: Notebook) -> Game:
    return Game.objects.filter(notebook=notebook).latest("pk")


@pytest.mark.parametrize("name", ["session.json", "session_going.json"])
def test_a_kozel_file_from_before_imports_with_its_deals(client, notebook, name: str) -> None:
    written = json.loads((FIXTURES / name).read_text())

    response = upload(client, (FIXTURES / name).read_bytes())

    copy = imported(notebook)
    assert response.status_code == 302
    assert copy.kind == "kozel"
    assert (copy.finished_at is None) == (written["finished_at"] is None)
    again = json.loads(client.get(reverse("export_json", args=[copy.public_id])).content)
    assert again["deals"] == written["deals"]
    assert again["options"] == written["options"]


def test_the_finished_match_from_before_has_its_goat(client, notebook) -> None:
    upload(client, (FIXTURES / "session.json").read_bytes())
    copy = imported(notebook)

    page = client.get(reverse("game", args=[copy.public_id]))

    # Anna & Carla: 2 + 0 (eggs) + 6 + 4 = 12, the goat (with eggs).
    assert "Anna &amp; Carla" in page.content.decode()
    assert "goat" in page.content.decode()

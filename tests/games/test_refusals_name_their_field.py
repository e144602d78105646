"""A refused round names the field to correct (RuleError.at), and the table's answer says
it (``data-field``), so the page brings that field into view (static/js/table.js)."""

from __future__ import annotations

import re

import pytest

from tests.games.conftest import HTMX
from tests.games.test_round_games import points_form, post, skull_form, start, tysiac_form

FIELD = re.compile(r'id="round-error"[^>]*data-field="([^"]*)"')


def named(answer) -> str:
    assert answer.status_code == 422, answer.content[:300]
    found = FIELD.search(answer.content.decode())
    return found.group(1) if found else ""


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "preset", "action", "form", "field"),
    [
        ("any_game", "free", "round", points_form(1, 10, "ten", 0), "e.points.1"),
        ("any_game", "free", "round", points_form(1, 10, 200_000, 0), "e.points.1"),
        ("skull_king", "rulebook", "bids", skull_form(1, [1, 2, 0]), "e.bids.1"),
        ("skull_king", "rulebook", "round", skull_form(1, [1, 0, 0], [1, 1, 0]), "e.tricks"),
        ("skull_king", "rulebook", "round", skull_form(1, [1, 0, 0], [0, 3, 0]), "e.tricks.1"),
        ("tysiac", "russian", "round", tysiac_form(1, 1, 103, [60, 40, 20]), "e.contract"),
        ("tysiac", "russian", "round", tysiac_form(1, 1, 100, [60, 40, 30]), "e.points"),
        ("tysiac", "russian", "round", tysiac_form(1, 1, 100, [60, 1, 59]), "e.points.1"),
    ],
)
def test_a_refused_round_names_its_field(client, notebook, kind, preset, action, form, field):
    game = start(notebook, kind, preset)

    assert named(post(client, game, action, form, **HTMX)) == field

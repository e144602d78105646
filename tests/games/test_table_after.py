"""An entry's answer draws the table the action left (services.table_after: caught up from
the first deal it changed, not loaded again) and it must be the table a fresh load draws."""

from __future__ import annotations

import json
import random
import re

import pytest
from django.urls import reverse

from bench import pageforms
from tests.games.conftest import HTMX, start_kozel, start_oh_hell
from tests.games.test_round_games import points_form, post, skull_form, start

#: What differs between two drawings of the same table: each form's once-only key, and the
#: order of an entry's keys in the phone's data (PostgreSQL's jsonb stores its own order).
KEYS = re.compile(r'name="(idem|csrfmiddlewaretoken)" value="[^"]*"')
DATA = re.compile(r'(<script [^>]*type="application/json"[^>]*>)(.*?)(</script>)', re.S)


def drawn(html: str) -> str:
    def sorted_data(found: re.Match) -> str:
        data = json.dumps(json.loads(found.group(2)), sort_keys=True)
        return found.group(1) + data + found.group(3)

    return DATA.sub(sorted_data, KEYS.sub("", html))


def entries(html: str) -> list[tuple[pageforms.Form, dict[str, str]]]:
    """Every entry the page offers, each with one choice filled in."""
    found = []
    for form in pageforms.forms_of(html):
        if "/bid/" in form.action and form.choices("bid"):
            found.append((form, {"bid": random.choice(form.choices("bid"))}))
        elif "/trick/" in form.action and "/undo/" not in form.action and form.choices("seat"):
            found.append((form, {"seat": random.choice(form.choices("seat"))}))
        elif "/tricks/" in form.action and form.given("tricks-"):
            found.append((form, form.given("tricks-")))
        elif "/trick/undo/" in form.action or "/undo/" in form.action:
            found.append((form, {}))
    return found


@pytest.mark.django_db
@pytest.mark.parametrize("seed", range(2))
def test_every_oh_hell_answer_is_the_table_a_fresh_load_draws(client, notebook, seed) -> None:
    random.seed(seed)
    game = start_oh_hell(notebook, preset="classic")
    page = reverse("game", args=[game.public_id])
    html = client.get(page, **HTMX).content.decode()
    made = 0
    for _step in range(60):
        choices = entries(html)
        if not choices:
            break
        form, fields = random.choice(choices)
        answer = client.post(form.action, {**form.hidden, **fields}, **HTMX)
        fresh = client.get(page, **HTMX).content.decode()
        if answer.status_code == 422:  # the hook's bid, say: drawn with its reason
            html = fresh
            continue
        assert answer.status_code == 200, answer.content[:400]
        html = answer.content.decode()
        assert drawn(html) == drawn(fresh), form.action
        made += 1
    assert made > 15


@pytest.mark.django_db
def test_a_kozel_answer_is_the_table_a_fresh_load_draws(client, notebook) -> None:
    game = start_kozel(notebook)
    page = reverse("game", args=[game.public_id])
    for number, points in enumerate([70, 30, 61, 90], start=1):
        form = {"deal": number, "e.team": number % 2, "e.points": points, "idem": f"k{number}"}
        answer = client.post(reverse("round", args=[game.public_id]), form, **HTMX)
        assert answer.status_code == 200, answer.content[:400]
        fresh = client.get(page, **HTMX).content.decode()
        assert drawn(answer.content.decode()) == drawn(fresh)


@pytest.mark.django_db
def test_a_round_games_answer_is_the_table_a_fresh_load_draws(client, notebook) -> None:
    """Skull King's bids, its round, Undo, and the sheet's rounds and end."""
    skull = start(notebook, "skull_king", "rulebook")
    sheet = start(notebook, "any_game", "free")
    steps = [
        (skull, "bids", skull_form(1, [1, 0, 0])),
        (skull, "round", skull_form(1, [1, 0, 0], [1, 0, 0])),
        (skull, "bids", skull_form(2, [1, 1, 0])),
        (skull, "undo", {"version": 3}),
        (sheet, "round", points_form(1, 10, -5, 0)),
        (sheet, "round", points_form(2, 3, 4, 5)),
        (sheet, "end_game", {"idem": "end-1"}),
    ]
    for game, action, form in steps:
        answer = post(client, game, action, form, **HTMX)
        assert answer.status_code == 200, answer.content[:400]
        fresh = client.get(reverse("game", args=[game.public_id]), **HTMX).content.decode()
        assert drawn(answer.content.decode()) == drawn(fresh), action

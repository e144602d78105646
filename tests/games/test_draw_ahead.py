"""An entry made while followers watch draws their next swap from the table it has in hand
(games/screens/drawing.py, `draw_ahead`): the first follower's poll after it costs the one
query of the up-to-date poll, not the session loaded again, and gets what its own drawing
would have given."""

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from games.kinds import KINDS
from games.models import Game, ShareLink
from tests.games.conftest import HTMX, form_key
from tests.games.test_every_action_everywhere import start

#: The first entry of each game, as its form sends it (the tables of that test's `start`).
FIRST_ENTRY = {
    "oh_hell": ("bid", {"seat": 1, "bid": 0}),
    "kozel": ("round", {"e.team": 0, "e.points": 45}),
    "skull_king": ("bids", {"e.bids.0": 1, "e.bids.1": 0, "e.bids.2": 0}),
    "tysiac": (
        "round",
        {"e.bidder": 0, "e.contract": 100, "e.points.0": 100, "e.points.1": 20, "e.points.2": 0},
    ),
    "any_game": ("round", {"e.points.0": 1, "e.points.1": 2, "e.points.2": 3}),
    "spades": ("bids", {"e.bids.0": 3, "e.bids.1": 4, "e.bids.2": 2, "e.bids.3": 4}),
}


def sent(phone: Client, game: Game) -> int:
    action, fields = FIRST_ENTRY[game.kind]
    url = reverse(action, args=[game.public_id])
    return phone.post(url, {**fields, "deal": 1, "idem": form_key()}, **HTMX).status_code


def follower_of(game: Game) -> Client:
    phone = Client()
    phone.get(reverse("join", args=[ShareLink.objects.create(game=game, role="view").key]))
    return phone


@pytest.fixture(autouse=True)
def _no_swaps_kept():
    caches["tables"].clear()
    yield
    caches["tables"].clear()


def test_every_game_has_its_first_entry_here() -> None:
    assert set(FIRST_ENTRY) == set(KINDS)


@pytest.mark.parametrize("kind", FIRST_ENTRY)
def test_the_first_follower_poll_after_an_entry_reads_the_swap_drawn_ahead(
    client, notebook, django_assert_num_queries, kind
) -> None:
    game = start(notebook, kind)
    follower = follower_of(game)
    live = reverse("live", args=[game.public_id])
    assert follower.get(f"{live}?v=-1", **HTMX).status_code == 200  # it watches

    assert sent(client, game) == 200
    version = Game.objects.get(pk=game.pk).version
    assert version == game.version + 1
    # the version and the link's role: the table drawn by the entry
    with django_assert_num_queries(1):
        ahead = follower.get(f"{live}?v={game.version}", **HTMX)
    caches["tables"].clear()
    own = follower.get(f"{live}?v={game.version}", **HTMX)

    assert ahead.status_code == own.status_code == 200
    assert f"?v={version}" in ahead.text
    assert ahead.text == own.text


def test_without_a_follower_watching_an_entry_draws_nothing_ahead(
    client, notebook, django_assert_num_queries
) -> None:
    game = start(notebook, "kozel")
    follower = follower_of(game)
    live = reverse("live", args=[game.public_id])

    assert sent(client, game) == 200
    # the version and the link's role; game with its notebook and the link's role; seats
    # with players, rounds: drawn by the follower itself
    with django_assert_num_queries(4):
        follower.get(f"{live}?v={game.version}", **HTMX)

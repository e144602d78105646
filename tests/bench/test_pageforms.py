"""A simulated phone finds the deal screen's forms by their action and field names, and
posts what the page's own form would."""

import pytest
from django.test import Client

from bench import data, pageforms
from games import services
from games.models import Game, Notebook


@pytest.fixture
def notebook(db) -> Notebook:
    return Notebook.objects.create(name="Bench")


def forms(notebook: Notebook, game: Game) -> list[pageforms.Form]:
    client = Client()
    client.cookies["notebook"] = notebook.key
    page = client.get(f"/s/{game.public_id}/").text
    assert pageforms.live_version(page) == Game.objects.get(pk=game.pk).version
    assert pageforms.csrf_token(page)
    return pageforms.forms_of(page)


def test_the_bid_form_carries_deal_seat_was_and_a_key_and_leaves_out_the_hooks_bid(
    notebook,
) -> None:
    game = data.start(notebook, data.SEVEN[:4])  # 10 cards
    data.place_bids(game, 3)
    bidding = services.load(Game.objects.get(pk=game.pk)).bidding

    bid = pageforms.form_for(forms(notebook, game), "/bid/")

    assert bid.action == f"/s/{game.public_id}/bid/"
    assert {"deal", "seat", "was", "idem", "csrfmiddlewaretoken"} <= set(bid.hidden)
    assert bid.hidden["seat"] == str(bidding.to_bid)
    assert str(bidding.forbidden(bidding.to_bid)) not in bid.choices("bid")
    assert len(bid.choices("bid")) == 10


def test_the_trick_form_names_the_trick_and_offers_every_seat(notebook) -> None:
    game = data.start(notebook, data.SEVEN[:4])
    data.place_bids(game)
    data.tap_tricks(game, 2)

    trick = pageforms.form_for(forms(notebook, game), "/trick/")

    assert (trick.hidden["deal"], trick.hidden["trick"]) == ("1", "3")
    assert sorted(trick.choices("seat")) == ["0", "1", "2", "3"]


def test_once_every_trick_is_tapped_the_form_gives_the_counts_to_score(notebook) -> None:
    game = data.start(notebook, data.SEVEN[:4])
    data.place_bids(game)
    data.tap_tricks(game, 10)

    page = forms(notebook, game)

    assert pageforms.form_for(page, "/trick/") is None
    tricks = pageforms.form_for(page, "/tricks/")
    counts = tricks.given("tricks-")
    assert set(counts) == {f"tricks-{seat}" for seat in range(4)}
    assert sum(map(int, counts.values())) == 10

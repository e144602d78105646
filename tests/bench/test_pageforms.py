"""A simulated phone reads a page's forms as a browser does, and posts what it would post."""

import pytest
from django.test import Client
from django.urls import reverse

from bench import data, pageforms
from games import services
from games.models import Game, Notebook

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def notebook(db) -> Notebook:
    return Notebook.objects.create(name="Bench")


@pytest.fixture
def client(notebook) -> Client:
    client = Client()
    client.cookies["notebook"] = notebook.key
    return client


def page(client: Client, game: Game) -> str:
    return client.get(reverse("game", args=[game.public_id])).text


def test_the_dealers_keypad_leaves_out_the_bid_the_hook_forbids(client, notebook) -> None:
    game = data.start_oh_hell(notebook, data.SEVEN[:4])  # 10 cards, Anna deals
    data.place_bids(game, 3)
    table = services.load_oh_hell(Game.objects.get(pk=game.pk))
    forbidden = table.bidding.forbidden(table.bidding.to_bid)

    bid = pageforms.form_for(page(client, game), "/bid/")

    assert bid.hidden["deal"] == "1"
    assert bid.hidden["seat"] == str(table.bidding.to_bid)
    assert str(forbidden) not in bid.choices("bid")
    assert len(bid.choices("bid")) == 10  # 0 to 10, less the forbidden one


def test_a_bid_posted_from_the_parsed_form_is_taken(client, notebook) -> None:
    game = data.start_oh_hell(notebook, data.SEVEN[:4])
    html = page(client, game)
    bid = pageforms.form_for(html, "/bid/")

    response = client.post(
        bid.action,
        {**bid.hidden, "bid": bid.choices("bid")[2]},
        HTTP_X_CSRFTOKEN=pageforms.csrf_token(html),
        **HTMX,
    )

    assert response.status_code == 200
    table = services.load_oh_hell(Game.objects.get(pk=game.pk))
    assert table.bidding.bids == {1: 2}  # Ben bids first, left of the dealer
    assert pageforms.live_version(response.text) == Game.objects.get(pk=game.pk).version


def test_once_every_trick_is_tapped_the_tricks_form_comes_filled_in(client, notebook) -> None:
    game = data.start_oh_hell(notebook, data.SEVEN[:4], schedule=[2, 2])
    data.place_bids(game)
    data.tap_tricks(game, 2)

    tricks = pageforms.form_for(page(client, game), "/tricks/")

    assert sorted(tricks.checked) == ["tricks-0", "tricks-1", "tricks-2", "tricks-3"]
    assert sum(int(value) for value in tricks.checked.values()) == 2


def test_a_finished_game_offers_no_bid_trick_or_tricks_form(client, notebook) -> None:
    game = data.oh_hell_session(notebook, data.SEVEN[:3], played=1, schedule=[1])

    html = page(client, game)

    assert [pageforms.form_for(html, action) for action in ("/bid/", "/trick/", "/tricks/")] == [
        None,
        None,
        None,
    ]


def _oh_hell_bidding(notebook: Notebook) -> Game:
    game = data.start_oh_hell(notebook, data.SEVEN[:4])
    data.place_bids(game, 3)  # the dealer's keypad, less the hooked bid
    return game


def _oh_hell_tapping(notebook: Notebook) -> Game:
    game = data.start_oh_hell(notebook, data.SEVEN[:4])
    data.place_bids(game)
    data.tap_tricks(game, 4)
    return game


def _oh_hell_counted(notebook: Notebook) -> Game:
    game = data.start_oh_hell(notebook, data.SEVEN[:4], schedule=[2, 2])
    data.place_bids(game)
    data.tap_tricks(game, 2)  # the tricks form, filled in
    return game


@pytest.mark.parametrize(
    "make",
    [
        _oh_hell_bidding,
        _oh_hell_tapping,
        _oh_hell_counted,
        lambda notebook: data.oh_hell_session(notebook, data.SEVEN[:5], played=3),
        lambda notebook: data.kozel_match(notebook, 2),
    ],
    ids=["bidding", "tapping", "counted", "played", "kozel"],
)
def test_the_forms_read_are_those_the_standard_html_parser_reads(client, notebook, make) -> None:
    html = page(client, make(notebook))

    forms = pageforms.forms_of(html)

    assert len(forms) >= 2
    assert forms == pageforms.forms_by_html_parser(html)


def test_attributes_are_read_as_a_browser_reads_them() -> None:
    html = """<p><FORM method=post action='/s/x/bid/'><input type="hidden" name="a" value="1&amp;2">
    <INPUT type=Hidden name=b value=''><input type="radio" name="r" value="3" checked>
    <button name="bid" value="0" disabled>0</button><button type="submit" name="bid" value=1>
    <button type="button" name="x" value="y">no</button></form>
    <input type="hidden" name="outside" value="z"><form action="/s/x/tricks/"></form>"""

    forms = pageforms.forms_of(html)

    assert forms == pageforms.forms_by_html_parser(html)
    assert forms[0].hidden == {"a": "1&2", "b": ""}
    assert forms[0].checked == {"r": "3"}
    assert forms[0].buttons == [("bid", "0", True), ("bid", "1", False)]
    assert [form.action for form in forms] == ["/s/x/bid/", "/s/x/tricks/"]

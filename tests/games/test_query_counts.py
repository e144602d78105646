"""A page costs the same queries whatever the size of the table or of the session.

Every case of a test asserts the same exact count: the small case is where it was
measured, the big ones prove it does not grow. Inside a test the services'
transactions are savepoints, so they are counted too.
"""

import pytest
from django.urls import reverse

from games.models import Game
from tests.games.conftest import (
    HTMX,
    NAMES,
    deal_now,
    enter_kozel_deal,
    play_deals,
    start_kozel,
    start_oh_hell,
)

SEVEN = [*NAMES, "Eve", "Finn", "Gus"]

# (players, deals played): down and up has 19 deals for 3 to 5 players, 13 for 7.
IN_PLAY = [(3, 1), (4, 1), (4, 18), (7, 1), (7, 12)]
FINISHED = [(4, 19), (7, 13)]


def oh_hell_game(notebook, players: int, played: int) -> Game:
    game = start_oh_hell(notebook, names=SEVEN[:players])
    play_deals(game, played)
    return game


@pytest.mark.parametrize(("players", "played"), IN_PLAY + FINISHED)
def test_the_table_page_costs_five_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)

    # game with its notebook (the cookie is checked against it); seats with players,
    # deals, their hands, their adjustments
    with django_assert_num_queries(5):
        response = client.get(reverse("game", args=[game.public_id]))

    assert response.status_code == 200


@pytest.mark.parametrize(("players", "played"), IN_PLAY + FINISHED)
def test_the_score_sheet_costs_five_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)

    # game with its notebook (the cookie is checked against it); seats with players,
    # deals, their hands, their adjustments
    with django_assert_num_queries(5):
        response = client.get(reverse("sheet", args=[game.public_id]))

    assert response.status_code == 200


@pytest.mark.django_db(transaction=True)  # committed, as on a server: see the last step
@pytest.mark.parametrize(("players", "played"), IN_PLAY)
def test_an_htmx_bid_costs_18_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)
    table = deal_now(game)
    bid = {"deal": table.deal_number(table.current), "seat": table.bidding.to_bid, "bid": 0}
    bid["idem"] = "a-form-key"

    # game with its notebook (the cookie is checked against it);
    # the service: begin, game locked, the form's key looked for, the notebook's old
    #   keys deleted, the key noted, seats, deals, hands, adjustments (undo's snapshot
    #   is taken from those, and the hand found among them), then the new hand, game
    #   version, history line; commit;
    # the answer: seats, deals, hands, adjustments
    with django_assert_num_queries(18):
        response = client.post(reverse("bid", args=[game.public_id]), bid, **HTMX)

    assert response.status_code == 200
    assert deal_now(game).bidding.bids == {**table.bidding.bids, table.bidding.to_bid: 0}


@pytest.mark.parametrize("played", [1, 10])
def test_the_kozel_page_costs_three_queries(
    client, match, django_assert_num_queries, played
) -> None:
    for number in range(played):
        enter_kozel_deal(match, team=number % 2, points=70)  # the loser alternates: 2 each

    # game with its notebook (the cookie is checked against it); seats with players,
    # deals
    with django_assert_num_queries(3):
        response = client.get(reverse("game", args=[match.public_id]))

    assert response.status_code == 200
    assert not Game.objects.get(pk=match.pk).finished


@pytest.mark.parametrize("sessions", [1, 20])
def test_home_costs_four_queries(client, notebook, django_assert_num_queries, sessions) -> None:
    for number in range(sessions):
        if number % 2:
            start_kozel(notebook)
        else:
            start_oh_hell(notebook, names=SEVEN[: 3 + number % 5])

    # notebook by cookie, its sessions, their seats, the seats' players
    with django_assert_num_queries(4):
        response = client.get(reverse("home"))

    assert response.status_code == 200
    assert response.text.count('class="session-link"') == sessions

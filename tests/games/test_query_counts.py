"""A page costs the same queries whatever the size of the table or of the session.

Every case of a test asserts the same exact count: the small case is where it was
measured, the big ones prove it does not grow. Inside a test the services'
transactions are savepoints, so they are counted too. On PostgreSQL the statements
that go together in one round trip count once (conftest.queries).
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
    queries,
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
def test_the_table_page_costs_six_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)

    # the session's version and this phone's role (the kept page's key: a page kept
    # costs that one query, tests/games/test_page_cache.py); this first render:
    # game with its notebook (the cookie is checked against it); seats with players,
    # deals, their hands, their adjustments (one round trip on PostgreSQL)
    with django_assert_num_queries(queries(sqlite=6, postgresql=3)):
        response = client.get(reverse("game", args=[game.public_id]))

    assert response.status_code == 200


@pytest.mark.parametrize(("players", "played"), IN_PLAY + FINISHED)
def test_the_score_sheet_costs_six_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)

    # the session's version and this phone's role (the kept page's key); this first
    # render: game with its notebook (the cookie is checked against it); seats with
    # players, deals, their hands, their adjustments (one round trip on PostgreSQL)
    with django_assert_num_queries(queries(sqlite=6, postgresql=3)):
        response = client.get(reverse("sheet", args=[game.public_id]))

    assert response.status_code == 200


@pytest.mark.django_db(transaction=True)  # committed, as on a server: see the last step
@pytest.mark.parametrize(("players", "played"), IN_PLAY)
def test_an_htmx_bid_costs_15_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)
    table = deal_now(game)
    bid = {"deal": table.deal_number(table.current), "seat": table.bidding.to_bid, "bid": 0}

    # game with its notebook (the cookie is checked against it);
    # the service: begin, game locked, seats, deals, hands, adjustments (undo's
    #   snapshot is taken from those, and the hand found among them: no query of their
    #   own), then the new hand, game version, history line, and the session read back
    #   for the answer (the game's new row and the session read back stay with the
    #   page: no query to read either again); commit. On PostgreSQL: three round trips,
    #   the game; BEGIN with the lock and the reads; the writes and the reads back in
    #   the message that commits (scorekeeper/postgresql)
    with django_assert_num_queries(queries(sqlite=15, postgresql=3)):
        response = client.post(reverse("bid", args=[game.public_id]), bid, **HTMX)

    assert response.status_code == 200
    assert deal_now(game).bidding.bids == {**table.bidding.bids, table.bidding.to_bid: 0}


@pytest.mark.parametrize("played", [1, 10])
def test_the_kozel_page_costs_four_queries(
    client, match, django_assert_num_queries, played
) -> None:
    for number in range(played):
        enter_kozel_deal(match, team=number % 2, points=70)  # the loser alternates: 2 each

    # the session's version and this phone's role (the kept page's key); this first
    # render: game with its notebook (the cookie is checked against it); seats with
    # players, deals (one round trip on PostgreSQL)
    with django_assert_num_queries(queries(sqlite=4, postgresql=3)):
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

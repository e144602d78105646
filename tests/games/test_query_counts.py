"""A page costs the same queries whatever the size of the table or of the session.

Every case of a test asserts the same exact count: the small case is where it was
measured, the big ones prove it does not grow. Inside a test the services'
transactions are savepoints, so they are counted too.
"""

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, ShareLink
from tests.games.conftest import (
    HTMX,
    NAMES,
    deal_now,
    enter_kozel_deal,
    place_bids,
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
def test_the_table_page_costs_six_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)

    # game with its notebook (the cookie is checked against it); seats with players,
    # deals, their hands, their adjustments; the last action Undo would take back (the
    # phone's figures after Undo, for offline: games/views/offline.py)
    with django_assert_num_queries(6):
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


def test_a_score_sheet_seen_again_is_kept_until_the_session_changes(
    client, notebook, django_assert_num_queries
) -> None:
    game = oh_hell_game(notebook, 4, 1)
    url = reverse("sheet", args=[game.public_id])
    first = sheet_of(client.get(url))

    # the game with its notebook only: the sheet below the links is kept for this
    # version, role and language (the "tables" cache)
    with django_assert_num_queries(1):
        again = sheet_of(client.get(url))
    assert again == first

    play_deals(game, 1)  # the session's version moves on: the sheet is drawn anew
    with django_assert_num_queries(5):
        after = sheet_of(client.get(url))
    assert after.count('class="cell-btn"') == 2 * first.count('class="cell-btn"') == 8
    assert "smazzata" in sheet_of(client.get(url, HTTP_ACCEPT_LANGUAGE="it"))


def sheet_of(response) -> str:
    """The score sheet's table (the page around it holds this answer's CSRF token)."""
    page = response.content.decode()
    return page[page.index('<table class="sheet') : page.index("</table>")]


@pytest.mark.django_db(transaction=True)  # committed, as on a server: see the last step
@pytest.mark.parametrize(("players", "played"), IN_PLAY)
def test_an_htmx_bid_costs_17_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)
    table = deal_now(game)
    bid = {"deal": table.deal_number(table.current), "seat": table.bidding.to_bid, "bid": 0}
    bid["idem"] = "a-form-key"

    # game with its notebook (the cookie is checked against it);
    # the service: begin, game locked, the form's key noted (in a savepoint: the
    #   unique index refuses a repeat), seats, deals, hands, adjustments (undo's snapshot
    #   is taken from those, and the hand found among them), then the new hand, game
    #   version, history line; commit;
    # the answer: the table the service loaded, caught up from the deal the bid changed
    #   (deals, hands, adjustments from it on: services.table_after); Undo would take back
    #   the history line just written
    with django_assert_num_queries(17):
        response = client.post(reverse("bid", args=[game.public_id]), bid, **HTMX)

    assert response.status_code == 200
    assert deal_now(game).bidding.bids == {**table.bidding.bids, table.bidding.to_bid: 0}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("players", "played"), IN_PLAY)
def test_an_htmx_trick_costs_14_queries(
    client, notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)
    table = deal_now(game)
    place_bids(game, dict.fromkeys(table.bidding.order, 0))
    trick = {"deal": table.deal_number(table.current), "trick": 1, "seat": 0, "idem": "a-key"}

    # game with its notebook; the service: begin, game locked, the form's key noted (in a
    #   savepoint), seats, deals, hands, adjustments, then the deal's tricks, game version,
    #   history line; commit;
    # the answer: the table as the service left it, nothing read again (the deal in hand
    #   holds its tricks), and Undo would take back the history line just written
    with django_assert_num_queries(14):
        response = client.post(reverse("trick", args=[game.public_id]), trick, **HTMX)

    assert response.status_code == 200
    assert deal_now(game).current.trick_winners == [0]
    shown = "All tricks played" if table.plan.cards == 1 else f"Trick 2 of {table.plan.cards}"
    assert shown in response.text


@pytest.mark.parametrize("played", [1, 10])
def test_the_kozel_page_costs_four_queries(
    client, match, django_assert_num_queries, played
) -> None:
    for number in range(played):
        enter_kozel_deal(match, team=number % 2, points=70)  # the loser alternates: 2 each

    # game with its notebook (the cookie is checked against it); seats with players,
    # deals; the last action Undo would take back (the phone's figures after Undo)
    with django_assert_num_queries(4):
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


@pytest.mark.parametrize(("players", "played"), [(4, 1), (7, 12)])
def test_followers_swap_is_drawn_once_a_version_and_language(
    notebook, django_assert_num_queries, players, played
) -> None:
    game = oh_hell_game(notebook, players, played)
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    phones = [Client(), Client(), Client()]
    for phone in phones:
        phone.get(reverse("join", args=[link.key]))
    shown = Game.objects.get(pk=game.pk).version
    swap = reverse("live", args=[game.public_id]) + f"?v={shown - 1}"

    # the version and the link's role (changed, and no follower's drawing kept yet); game
    # with its notebook and the link's role; seats with players, deals, their hands, their
    # adjustments
    with django_assert_num_queries(6):
        first = phones[0].get(swap, **HTMX)
    # the version and the link's role: the table as the first phone was given it
    with django_assert_num_queries(1):
        second = phones[1].get(swap, **HTMX)
    Client(headers={"accept-language": "it"}).get(reverse("join", args=[link.key]))
    italian = phones[2].get(swap, HTTP_ACCEPT_LANGUAGE="it", **HTMX)
    play_deals(game, 1)
    later = phones[1].get(swap, **HTMX)

    assert second.text == first.text and f"?v={shown}" in first.text
    assert "<form" not in first.text and "csrfmiddlewaretoken" not in first.text
    assert "Mano" in italian.text or "Smazzata" in italian.text
    assert later.text != first.text and f"?v={Game.objects.get(pk=game.pk).version}" in later.text


@pytest.mark.parametrize("own_notebook", [False, True])
def test_the_up_to_date_poll_costs_one_query_or_two_for_a_notebook_following_by_a_link(
    game, stranger, django_assert_num_queries, own_notebook
) -> None:
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    phone = stranger if own_notebook else Client()
    phone.get(reverse("join", args=[link.key]))
    poll = reverse("live", args=[game.public_id]) + f"?v={game.version}"

    # the session as the phone's notebook's (none), then by the phone's links
    with django_assert_num_queries(2 if own_notebook else 1):
        response = phone.get(poll, **HTMX)

    assert response.status_code == 204

"""The big screen (issue 40): every game's totals and places after a couple of rounds, as
counted by hand; who may open it; its poll, as cheap as the deal screen's; the hook, the
call and the bids where the game has them; the page's language.

The cast is conftest's: Anna, Ben, Carla and Dan; Anna deals first.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from games.kinds import KINDS, kind_of
from games.models import Game, ShareLink
from games.qr import qr_svg
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import HTMX, NAMES, place_bids, play_deal, start_oh_hell

STANDING = re.compile(
    r'<span class="place big-number">(\d+)\.</span> <span class="standing-name">([^<]+)'
    r'.*?<strong class="standing-total big-number">([^<]+)</strong>'
)


def standings(html: str) -> dict[str, tuple[int, int]]:
    """The totals as the screen shows them: name -> (place, total)."""
    return {
        name.strip().replace("&amp;", "&"): (int(place), int(total.replace("−", "-")))
        for place, name, total in STANDING.findall(html)
    }


def start(notebook, kind: str, names: list[str], preset: str | None = None) -> Game:
    preset = preset or next(iter(kind_of(kind).presets))
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=names,
        first_dealer=0,
    )


def two_deals_of_oh_hell(notebook) -> Game:
    """Classic: 10 + bid for a made bid, 0 for a miss. Deal 1 (1 card, Ben first): Ben bids
    1 and takes it (11), the others bid 0 (10). Deal 2 (2 cards, Carla first): Carla bids 2
    and takes both (12), Dan and Anna 0 (10), Ben bids 1 and takes none (0)."""
    game = start(notebook, "oh_hell", NAMES, preset="classic")
    place_bids(game, {1: 1, 2: 0, 3: 0, 0: 0})
    oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[0, 1, 0, 0])
    place_bids(game, {2: 2, 3: 0, 0: 0, 1: 1})
    oh_hell_services.record_tricks(game=game, deal_number=2, tricks=[0, 0, 2, 0])
    return game


def two_deals_of_kozel(notebook) -> Game:
    """Anna and Carla take 90 card points: Ben and Dan, under 31, lose 4; then 20: Anna and
    Carla lose 4. Fewer is better: 4 all, both first."""
    game = start(notebook, "kozel", NAMES)
    services.record_round(game=game, round_number=1, entry={"team": 0, "points": 90})
    services.record_round(game=game, round_number=2, entry={"team": 0, "points": 20})
    return game


def two_rounds_of_skull_king(notebook) -> Game:
    """Round 1 (1 card): Anna bids 1 and takes it (20), Ben and Carla bid 0 (10 x 1 card).
    Round 2 (2 cards): Anna bids 0 and takes 1 (-10 x 2), Ben bids 2 and takes 1 (-10),
    Carla bids 0 and takes none (+10 x 2)."""
    game = start(notebook, "skull_king", NAMES[:3])
    for number, bids, tricks in ((1, [1, 0, 0], [1, 0, 0]), (2, [0, 2, 0], [1, 1, 0])):
        services.record_bids(game=game, round_number=number, entry={"bids": bids})
        entry = {"bids": bids, "tricks": tricks}
        services.record_round(game=game, round_number=number, entry=entry)
    return game


def two_hands_of_spades(notebook) -> Game:
    """Hand 1: Anna and Carla bid 3 + 2 and take 6 (50 + 1 bag), Ben and Dan bid 4 + 4 and
    take 7 (set: -80). Hand 2: 2 + 2 taken exactly (40); 3 + 3 and take 9 (60 + 3 bags)."""
    game = start(notebook, "spades", NAMES)
    for number, bids, tricks in (
        (1, [3, 4, 2, 4], [3, 4, 3, 3]),
        (2, [2, 3, 2, 3], [2, 3, 2, 6]),
    ):
        services.record_bids(game=game, round_number=number, entry={"bids": bids})
        entry = {"bids": bids, "tricks": tricks}
        services.record_round(game=game, round_number=number, entry=entry)
    return game


def two_deals_of_tysiac(notebook) -> Game:
    """Deal 1: Anna bids 100 and makes it (+100), Ben 20, Carla 0. Deal 2: Ben bids 110 and
    takes 80 (-110), Anna 30, Carla 10."""
    game = start(notebook, "tysiac", NAMES[:3])
    for number, bidder, contract, points in ((1, 0, 100, [100, 20, 0]), (2, 1, 110, [30, 80, 10])):
        entry = {"bidder": bidder, "contract": contract, "points": points, "marriages": {}}
        services.record_round(game=game, round_number=number, entry=entry)
    return game


def two_rounds_on_a_sheet(notebook) -> Game:
    game = start(notebook, "any_game", NAMES[:3])
    services.record_round(game=game, round_number=1, entry={"points": [1, 2, 3]})
    services.record_round(game=game, round_number=2, entry={"points": [10, -5, 0]})
    return game


#: Each game after two rounds, and its totals counted by hand: name -> (place, total).
BY_HAND = {
    "oh_hell": (
        two_deals_of_oh_hell,
        {"Carla": (1, 22), "Anna": (2, 20), "Dan": (2, 20), "Ben": (4, 11)},
    ),
    "kozel": (two_deals_of_kozel, {"Anna & Carla": (1, 4), "Ben & Dan": (1, 4)}),
    "skull_king": (two_rounds_of_skull_king, {"Carla": (1, 30), "Anna": (2, 0), "Ben": (2, 0)}),
    "spades": (two_hands_of_spades, {"Anna & Carla": (1, 91), "Ben & Dan": (2, -17)}),
    "tysiac": (two_deals_of_tysiac, {"Anna": (1, 130), "Carla": (2, 10), "Ben": (3, -90)}),
    "any_game": (two_rounds_on_a_sheet, {"Anna": (1, 11), "Carla": (2, 3), "Ben": (3, -3)}),
}


def test_every_game_is_counted_by_hand_here() -> None:
    assert set(BY_HAND) == set(KINDS)


@pytest.mark.parametrize("kind", sorted(BY_HAND))
def test_each_games_big_screen_shows_the_totals_counted_by_hand(client, notebook, kind) -> None:
    setup, expected = BY_HAND[kind]
    game = setup(notebook)

    response = client.get(reverse("big_screen", args=[game.public_id]))

    assert response.status_code == 200
    assert standings(response.text) == expected
    assert response.text.count('<tr><th scope="row" class="big-number">') == 2  # two rounds
    assert "<form" not in response.text.split('id="screen"')[1].split("</main>")[0]


def test_oh_hell_shows_the_dealer_who_bids_next_the_hook_and_then_the_call(
    client, notebook
) -> None:
    """Down and up with the hook, 10 cards, Anna deals: Ben, Carla and Dan bid 3 + 2 + 4, so
    Anna may not bid 1; she bids 2: 11 bid for 10 tricks, OVER by 1."""
    game = start_oh_hell(notebook)
    place_bids(game, {1: 3, 2: 2, 3: 4})
    url = reverse("big_screen", args=[game.public_id])

    bidding = client.get(url).text
    oh_hell_services.place_bid(game=game, deal_number=1, seat=0, bid=2)
    oh_hell_services.record_trick(game=game, deal_number=1, trick_number=1, seat=1)
    playing = client.get(url).text

    assert "Deal 1 of 19" in bidding and "10 cards" in bidding
    assert "dealer <strong>Anna</strong>" in bidding
    assert "to bid: <strong>Anna</strong>" in bidding
    assert "The hook: Anna may not bid 1" in bidding
    assert "OVER by 1" not in bidding
    assert "OVER by 1" in playing and "11 bid for 10 tricks" in playing
    assert "The hook" not in playing and "to bid:" not in playing
    assert (
        playing.count('<span class="big-label">tricks</span>') == 4
    )  # each player's tricks so far
    assert re.search(
        r"Ben.*?bid</span> <span class=\"big-number\">3</span>.*?"
        r"tricks</span> <span class=\"big-number\">1</span>",
        playing,
        re.S,
    )


def test_a_game_that_bids_first_shows_the_bids_and_the_call(client, notebook) -> None:
    game = start(notebook, "skull_king", NAMES[:3])
    services.record_bids(game=game, round_number=1, entry={"bids": [1, 1, 0]})

    html = client.get(reverse("big_screen", args=[game.public_id])).text

    assert "OVER by 1: bids 2, tricks 1" in html
    assert html.count('<li class="big-seat') == 3
    assert 'hx-trigger="every 3s"' in html  # the bids are in: the usual period


def test_while_the_bids_are_made_the_screen_asks_every_2_s(client, notebook) -> None:
    """The reveal reaches the room within 3 s of the last bid (issue 40)."""
    game = start(notebook, "skull_king", NAMES[:3])

    html = client.get(reverse("big_screen", args=[game.public_id])).text

    assert 'hx-trigger="every 2s"' in html


def test_bids_made_in_turn_on_the_players_phones_show_as_made_with_who_bids_next(
    client, notebook
) -> None:
    game = start(notebook, "spades", NAMES[:4])  # Anna deals: Ben bids first
    services.new_share_link(game=game, role="seat", seat=1)
    services.seat_bid(game=game, round_number=1, seat=1, bid=3)

    html = client.get(reverse("big_screen", args=[game.public_id])).text

    seats = re.findall(r'<li class="big-seat( turn)?".*?big-number">([^<]*)<', html, re.S)
    assert seats == [("", "–"), ("", "3"), (" turn", "–"), ("", "–")]


def test_a_game_without_bids_shows_no_bids(client, notebook) -> None:
    html = client.get(reverse("big_screen", args=[two_deals_of_kozel(notebook).public_id])).text

    assert "big-seat" not in html and "Deal 3" in html


def test_the_end_of_the_game_shows_the_winners(client, notebook) -> None:
    game = two_rounds_on_a_sheet(notebook)
    services.end_game(game=game)

    html = client.get(reverse("big_screen", args=[game.public_id])).text

    assert "Game over" in html and "Winner: Anna" in html
    assert '<li class="winner">' in html


# -- who may see it --------------------------------------------------------------


def joined(role: str, game: Game) -> Client:
    seat = 1 if role == ShareLink.Role.SEAT else None  # a player's own phone: Ben's
    link = ShareLink.objects.create(game=game, role=role, seat=seat)
    phone = Client()
    phone.get(reverse("join", args=[link.key]))
    return phone


@pytest.mark.parametrize("role", [ShareLink.Role.VIEW, ShareLink.Role.EDIT, ShareLink.Role.SEAT])
def test_a_share_link_opens_the_big_screen(game, role) -> None:
    response = joined(role, game).get(reverse("big_screen", args=[game.public_id]))

    assert response.status_code == 200
    assert "Deal 1 of 19" in response.text


def test_anyone_else_gets_404(game, stranger, visitor) -> None:
    for phone in (stranger, visitor):
        for name in ("big_screen", "big_screen_live"):
            assert phone.get(reverse(name, args=[game.public_id])).status_code == 404
    assert visitor.get("/s/not-a-session/screen/").status_code == 404


def test_it_only_reads(client, game) -> None:
    assert client.post(reverse("big_screen", args=[game.public_id])).status_code == 405
    assert client.post(reverse("big_screen_live", args=[game.public_id])).status_code == 405


def test_the_view_only_links_qr_code_is_on_the_page(client, game) -> None:
    without = client.get(reverse("big_screen", args=[game.public_id])).text
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    with_link = client.get(reverse("big_screen", args=[game.public_id])).text

    follow = f"http://testserver{reverse('join', args=[link.key])}"
    assert "<svg" not in without and "Make a view-only link on the Share page" in without
    assert qr_svg(follow, "QR code: follow the score on a phone") in with_link


def test_a_stopped_link_stops_the_poll_with_a_line(game) -> None:
    viewer = joined(ShareLink.Role.VIEW, game)
    services.revoke_share_link(game=game, role=ShareLink.Role.VIEW)
    poll = reverse("big_screen_live", args=[game.public_id]) + "?v=0"

    response = viewer.get(poll, HTTP_HX_TARGET="screen", **HTMX)

    assert response.status_code == 200
    assert 'id="screen"' in response.text and "hx-get" not in response.text
    assert "no longer follows the session" in response.text


# -- the live poll ---------------------------------------------------------------


def test_the_poll_answers_204_while_unchanged_then_the_new_screen(client, game) -> None:
    poll = reverse("big_screen_live", args=[game.public_id])
    shown = Game.objects.get(pk=game.pk).version

    unchanged = client.get(f"{poll}?v={shown}", **HTMX)
    place_bids(game, {1: 3})
    changed = client.get(f"{poll}?v={shown}", **HTMX)

    assert unchanged.status_code == 204
    assert changed.status_code == 200
    assert f"?v={Game.objects.get(pk=game.pk).version}" in changed.text
    assert changed.text.lstrip().startswith('<div id="screen"')


@pytest.mark.parametrize("role", ["owner", ShareLink.Role.VIEW, ShareLink.Role.SEAT])
def test_the_unchanged_poll_costs_one_query(client, game, django_assert_num_queries, role):
    phone = client if role == "owner" else joined(role, game)
    poll = reverse("big_screen_live", args=[game.public_id]) + f"?v={game.version}"

    # the version, by the notebook's cookie or by the link
    with django_assert_num_queries(1):
        response = phone.get(poll, **HTMX)

    assert response.status_code == 204


def test_a_version_is_drawn_once_for_every_screen_and_role(
    client, notebook, django_assert_num_queries
) -> None:
    game = two_deals_of_oh_hell(notebook)
    viewer = joined(ShareLink.Role.VIEW, game)
    poll = reverse("big_screen_live", args=[game.public_id]) + "?v=0"

    # the version; the game with its notebook; seats with players, deals, their hands,
    # their adjustments
    with django_assert_num_queries(6):
        first = client.get(poll, **HTMX)
    # the version and the link's role: the screen as drawn for the scorekeeper's
    with django_assert_num_queries(1):
        second = viewer.get(poll, **HTMX)
    italian = viewer.get(poll, HTTP_ACCEPT_LANGUAGE="it", **HTMX)

    assert second.text == first.text
    assert italian.text != first.text and "Smazzata 3 di 13" in italian.text


@pytest.mark.parametrize("kind", ["oh_hell", "kozel"])
def test_the_page_costs_two_queries_once_its_screen_is_drawn(
    client, notebook, django_assert_num_queries, kind
) -> None:
    game = BY_HAND[kind][0](notebook)
    url = reverse("big_screen", args=[game.public_id])
    # the game with its notebook; the view-only link; the session (seats, then the deals
    # and their rows for Oh Hell, the rounds for a round game)
    with django_assert_num_queries(6 if kind == "oh_hell" else 4):
        client.get(url)
    # the game with its notebook; the view-only link
    with django_assert_num_queries(2):
        response = client.get(url)

    assert response.status_code == 200


def test_the_page_speaks_the_visitors_language(client, notebook) -> None:
    game = two_rounds_of_skull_king(notebook)

    html = client.get(reverse("big_screen", args=[game.public_id]), HTTP_ACCEPT_LANGUAGE="pl").text

    assert 'lang="pl"' in html and "Runda 3" in html and "Big screen" not in html


# -- the result card ---------------------------------------------------------------


def card_of(html: str) -> dict | None:
    found = re.search(r'<script id="result-card" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1)) if found else None


def test_a_finished_games_table_carries_its_result_card(client, notebook) -> None:
    game = two_rounds_on_a_sheet(notebook)
    url = reverse("game", args=[game.public_id])
    in_play = client.get(url).text
    services.end_game(game=game)

    card = card_of(client.get(url).text)

    assert card_of(in_play) is None
    assert card["game"] == "Any game: a score sheet"
    assert card["headline"] == "Winner: Anna"
    assert [(line["place"], line["name"], line["total"]) for line in card["lines"]] == [
        ("1.", "Anna", "11"),
        ("2.", "Carla", "3"),
        ("3.", "Ben", "−3"),
    ]
    assert card["file"].startswith(f"scorekeeper-{game.public_id}-") and card["file"][-4:] == ".png"


def test_oh_hell_at_its_end_carries_the_card_in_the_pages_language(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic", names=NAMES[:3])
    for _ in range(15):  # classic with three: 1 to 15 cards
        play_deal(game)

    html = client.get(reverse("game", args=[game.public_id]), HTTP_ACCEPT_LANGUAGE="pl").text
    card = card_of(html)

    assert "Game over" not in html and card is not None
    assert card["game"] == "Oh Hell" and card["headline"].startswith("Wygrywa")
    assert len(card["lines"]) == 3 and card["lines"][0]["place"] == "1."

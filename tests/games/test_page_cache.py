"""A session's pages are rendered once per version and then served from memory
(games/page_cache.py): what a phone sees must be exactly what a fresh render shows,
with its own CSRF token and new form keys, and never a page of an older version,
another role or another language.
"""

from __future__ import annotations

import gzip
import re

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse

from games import page_cache, services
from games.models import Game, Player
from tests.games.conftest import ANNA, BEN, CARLA, HTMX, place_bids, play_deal, without_tokens
from tests.games.test_sharing import make_link, phone_with

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
FORM_KEY = re.compile(r'name="idem" value="([^"]+)"')
HEADER_TOKEN = re.compile(r'"X-CSRFToken": "([^"]+)"')
PAGES = ["game", "sheet", "history"]


@pytest.fixture(autouse=True)
def empty_cache():
    caches["pages"].clear()
    yield
    caches["pages"].clear()


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


@pytest.mark.parametrize("name", PAGES)
def test_a_kept_page_is_the_page_a_fresh_render_shows(client, game, name) -> None:
    play_deal(game)
    first = client.get(url(game, name)).content.decode()
    kept = client.get(url(game, name)).content.decode()
    caches["pages"].clear()
    fresh = client.get(url(game, name)).content.decode()

    assert without_tokens(kept) == without_tokens(first) == without_tokens(fresh)
    assert "Anna" in kept


@pytest.mark.parametrize("name", PAGES)
def test_a_kept_page_costs_one_query(client, game, django_assert_num_queries, name) -> None:
    play_deal(game)
    client.get(url(game, name))

    # the game with its notebook (the cookie is checked against it); nothing else
    with django_assert_num_queries(1):
        response = client.get(url(game, name))

    assert response.status_code == 200


def test_every_answer_has_its_own_form_keys_and_a_token_that_works(game) -> None:
    phone = Client(enforce_csrf_checks=True)
    phone.cookies["notebook"] = game.notebook.key
    pages = [phone.get(url(game, "game")).content.decode() for _ in range(3)]

    keys = [FORM_KEY.findall(page) for page in pages]
    assert all(len(found) >= 3 for found in keys)  # undo, trump, bid
    every_key = [key for found in keys for key in found]
    assert len(set(every_key)) == len(every_key)
    tokens = [TOKEN.findall(page)[0] for page in pages]
    assert len(set(tokens)) == 3
    assert all(HEADER_TOKEN.search(page).group(1) == TOKEN.search(page).group(1) for page in pages)

    # The third page, served from memory, bids with its own token and key.
    form = {"deal": 1, "seat": BEN, "bid": 2, "was": "", "idem": keys[2][-1]}
    response = phone.post(url(game, "bid"), {**form, "csrfmiddlewaretoken": tokens[2]}, **HTMX)
    assert response.status_code == 200
    assert services.load_oh_hell(Game.objects.get(pk=game.pk)).bidding.bids == {BEN: 2}


def test_no_placeholder_ever_reaches_a_phone(client, game) -> None:
    pages = [client.get(url(game, name)).content.decode() for name in PAGES for _ in range(2)]
    pages.append(client.get(url(game, "live") + "?v=0", **HTMX).content.decode())
    pages.append(
        client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 99}, **HTMX).content.decode()
    )

    for page in pages:
        assert page_cache.CSRF_PLACEHOLDER not in page
        assert page_cache.FORM_KEY_PLACEHOLDER not in page


def test_a_bid_on_one_phone_shows_on_the_next_page_of_another(client, notebook, game) -> None:
    other = Client()
    other.cookies["notebook"] = notebook.key
    assert "to bid" in other.get(url(game, "game")).content.decode()

    place_bids(game, {BEN: 3})

    page = other.get(url(game, "game")).content.decode()
    assert re.search(r'bidder-name">Ben.*?bidder-bid">3<', page, re.S)


def test_a_renamed_player_shows_at_once_and_open_pages_follow(client, game) -> None:
    version = Game.objects.get(pk=game.pk).version
    client.get(url(game, "game"))
    client.get(url(game, "sheet"))
    ben = Player.objects.get(notebook=game.notebook, name="Ben")

    client.post(reverse("rename_player", args=[ben.public_id]), {"name": "Benedetta"})

    assert Game.objects.get(pk=game.pk).version == version + 1
    for name in ("game", "sheet"):
        page = client.get(url(game, name)).content.decode()
        assert "Benedetta" in page
    # A page still showing the old version gets the new names on its next poll.
    live = client.get(url(game, "live") + f"?v={version}", **HTMX)
    assert live.status_code == 200
    assert "Benedetta" in live.content.decode()


def test_each_role_gets_its_own_page(client, game) -> None:
    play_deal(game)
    viewer = phone_with(make_link(client, game, "view"))
    helper = phone_with(make_link(client, game, "edit"))
    owner_page = client.get(url(game, "game")).content.decode()

    viewer_page = viewer.get(url(game, "game")).content.decode()
    helper_page = helper.get(url(game, "game")).content.decode()
    owner_again = client.get(url(game, "game")).content.decode()

    assert url(game, "share") in owner_page and url(game, "share") in owner_again
    assert url(game, "bid") in helper_page and url(game, "share") not in helper_page
    assert url(game, "bid") not in viewer_page and "View only" in viewer_page
    assert "csrfmiddlewaretoken" not in viewer_page.split("<main", 1)[1].split("</main>")[0]


def test_each_language_gets_its_own_page(client, game) -> None:
    english = client.get(url(game, "game")).content.decode()
    assert "Bids" in english
    client.cookies["django_language"] = "it"
    italian = client.get(url(game, "game")).content.decode()
    client.cookies["django_language"] = "en"
    english_again = client.get(url(game, "game")).content.decode()

    assert 'lang="it"' in italian and "Dichiarazioni" in italian and ">Bids<" not in italian
    assert 'lang="en"' in english_again and "Bids" in english_again


def test_the_chosen_seat_is_part_of_the_page(client, game) -> None:
    place_bids(game, {BEN: 1, CARLA: 2})
    plain = client.get(url(game, "game")).content.decode()
    out_of_turn = client.get(url(game, "game") + f"?seat={ANNA}").content.decode()

    assert "Dan bids:" in plain
    assert "Anna bids:" in out_of_turn
    assert "Dan bids:" in client.get(url(game, "game")).content.decode()


def test_a_stranger_never_gets_a_kept_page(client, stranger, game) -> None:
    client.get(url(game, "game"))

    assert stranger.get(url(game, "game")).status_code == 404
    assert stranger.get(url(game, "sheet")).status_code == 404
    assert Client().get(url(game, "live") + "?v=0", **HTMX).status_code == 404


@pytest.mark.parametrize("name", PAGES)
def test_a_kept_page_comes_gzipped_and_unpacks_to_the_page(client, game, name) -> None:
    play_deal(game)
    plain = client.get(url(game, name)).content.decode()

    answers = [client.get(url(game, name), HTTP_ACCEPT_ENCODING="gzip, br") for _ in range(2)]

    for answer in answers:
        assert answer["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in answer["Vary"]
        assert int(answer["Content-Length"]) == len(answer.content)
        # Nearly as small as the whole page gzipped (plus up to 99 bytes of padding).
        assert len(answer.content) < len(gzip.compress(plain.encode())) * 1.3 + 100
        unpacked = gzip.decompress(answer.content).decode()  # checks the CRC and length
        assert without_tokens(unpacked) == without_tokens(plain)
        assert page_cache.CSRF_PLACEHOLDER not in unpacked
    first, second = (gzip.decompress(answer.content).decode() for answer in answers)
    assert FORM_KEY.findall(first) != FORM_KEY.findall(second) or name != "game"


def test_a_kept_page_is_padded_against_breach(client, game) -> None:
    client.get(url(game, "game"))

    lengths = {
        len(client.get(url(game, "game"), HTTP_ACCEPT_ENCODING="gzip").content) for _ in range(12)
    }

    assert len(lengths) > 3  # a random file name of 0 to 99 bytes in the gzip header


@pytest.mark.parametrize("role", ["owner", "view", "edit"])
def test_a_kept_live_swap_costs_one_query(client, game, django_assert_num_queries, role) -> None:
    play_deal(game)
    phone = client if role == "owner" else phone_with(make_link(client, game, role))
    live = url(game, "live") + "?v=0"
    first = phone.get(live, **HTMX).content.decode()

    # the session's version and this phone's role, checked against its cookies
    with django_assert_num_queries(1):
        kept = phone.get(live, **HTMX).content.decode()

    assert without_tokens(kept) == without_tokens(first)
    assert (url(game, "bid") in kept) == (role != "view")


def test_a_revoked_link_gets_no_kept_swap(client, game) -> None:
    play_deal(game)
    viewer = phone_with(make_link(client, game, "view"))
    live = url(game, "live") + "?v=0"
    assert viewer.get(live, **HTMX).status_code == 200

    client.post(url(game, "share"), {"role": "view", "action": "revoke"})

    assert viewer.get(live, **HTMX).status_code == 404


@pytest.mark.parametrize("role", ["view", "edit"])
def test_an_entry_draws_the_swap_its_followers_poll_for(
    client, game, django_assert_num_queries, role
) -> None:
    key = make_link(client, game, role)
    english, italian = phone_with(key), phone_with(key)
    italian.cookies["django_language"] = "it"
    up_to_date = url(game, "live") + f"?v={Game.objects.get(pk=game.pk).version}"
    for phone in (english, italian):  # each follower polls, as its page does
        assert phone.get(up_to_date, **HTMX).status_code == 204

    client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 2, "was": ""}, **HTMX)

    # each follower's next poll: the session's version and its role, nothing else
    with django_assert_num_queries(1):
        swap = english.get(up_to_date, **HTMX).content.decode()
    with django_assert_num_queries(1):
        swap_it = italian.get(up_to_date, **HTMX).content.decode()
    caches["pages"].clear()
    fresh = english.get(up_to_date, **HTMX).content.decode()
    assert without_tokens(swap) == without_tokens(fresh)
    assert re.search(r'bidder-name">Ben</span>\s*<span class="bidder-bid">2', swap)
    assert (url(game, "bid") in swap) == (role == "edit")
    assert url(game, "share") not in swap
    assert "Dichiarazioni" in swap_it and "Dichiarazioni" not in swap


def test_a_refused_entry_draws_nothing_ahead(client, game, django_assert_num_queries) -> None:
    viewer = phone_with(make_link(client, game, "view"))
    up_to_date = url(game, "live") + f"?v={Game.objects.get(pk=game.pk).version}"
    viewer.get(up_to_date, **HTMX)

    refused = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 99}, **HTMX)

    assert refused.status_code == 422
    with django_assert_num_queries(1):  # nothing changed: up to date
        assert viewer.get(up_to_date, **HTMX).status_code == 204

"""Which answers the phone's service worker keeps to open without a network: only the pages
of a session this phone keeps score of, marked ``X-Offline-Copy: keep`` (docs/phone.md,
games/views/offline.py keep_copy). An htmx answer is a piece of a page, not a page: it is
never marked (issue 38, item 9), nor a follower's page, nor a refusal."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games import services
from tests.games.conftest import HTMX, form_key


def url(game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def linked(game, role: str) -> Client:
    phone = Client()
    phone.cookies["links"] = services.new_share_link(game=game, role=role).key
    return phone


@pytest.mark.parametrize("screen", ["game", "sheet"])
def test_the_scorekeepers_page_is_kept(client, game, screen) -> None:
    response = client.get(url(game, screen))

    assert response.status_code == 200
    assert response["X-Offline-Copy"] == "keep"


@pytest.mark.parametrize("screen", ["game", "sheet"])
def test_a_co_scorekeepers_page_is_kept_and_a_followers_is_not(game, screen) -> None:
    assert linked(game, "edit").get(url(game, screen))["X-Offline-Copy"] == "keep"
    assert "X-Offline-Copy" not in linked(game, "view").get(url(game, screen))


@pytest.mark.parametrize("screen", ["game", "sheet"])
def test_an_htmx_answer_is_not_kept(client, game, screen) -> None:
    response = client.get(url(game, screen), **HTMX)

    assert response.status_code == 200
    assert "X-Offline-Copy" not in response


def test_neither_the_live_poll_nor_an_entrys_answer_is_kept(client, game) -> None:
    poll = client.get(url(game, "live") + "?v=-1", HTTP_HX_TARGET="table", **HTMX)
    entry = client.post(url(game, "trump"), {"deal": 1, "trump": "H", "idem": form_key()}, **HTMX)

    assert poll.status_code == entry.status_code == 200
    assert "X-Offline-Copy" not in poll
    assert "X-Offline-Copy" not in entry


def test_a_notebook_page_is_not_kept(client, game) -> None:
    assert "X-Offline-Copy" not in client.get(reverse("notebook"))

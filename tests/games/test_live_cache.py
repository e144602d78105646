"""Followers of a session with a view-only link share one render per version."""

from __future__ import annotations

from django.test import Client
from django.urls import reverse

from games import services
from games.models import ShareLink
from tests.games.conftest import BEN, place_bids


def viewers_of(game, count: int) -> list[Client]:
    """Phones that opened the session's view-only link."""
    link = services.new_share_link(game=game, role=ShareLink.Role.VIEW)
    viewers = [Client() for _ in range(count)]
    for viewer in viewers:
        viewer.get(reverse("join", args=[link.key]))
    return viewers


def test_a_second_follower_gets_the_same_page_without_a_new_render(
    game, django_assert_max_num_queries
) -> None:
    first, second = viewers_of(game, 2)
    live = reverse("live", args=[game.public_id]) + "?v=0"
    place_bids(game, {BEN: 3})  # version 1: the followers' pages are out of date

    shown = first.get(live, HTTP_HX_REQUEST="true")
    # version, the session, the viewer's link, the cache: no loading of deals.
    with django_assert_max_num_queries(4):
        again = second.get(live, HTTP_HX_REQUEST="true")

    assert shown.status_code == again.status_code == 200
    assert again.content == shown.content
    assert 'id="table"' in again.content.decode()
    assert "keypad-form" not in again.content.decode()


def test_a_new_version_is_rendered_afresh(game) -> None:
    (viewer,) = viewers_of(game, 1)
    live = reverse("live", args=[game.public_id]) + "?v=0"
    place_bids(game, {BEN: 3})
    before = viewer.get(live).content.decode()

    place_bids(game, {2: 2})  # Carla bids: version 2

    after = viewer.get(live).content.decode()
    assert after != before
    assert "?v=2" in after

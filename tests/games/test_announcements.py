"""After an htmx action, the page's persistent live region hears what happened."""

from __future__ import annotations

import json

from django.urls import reverse

from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    HTMX,
    enter_kozel_deal,
    place_bids,
    start_kozel,
)


def announced(response) -> str | None:
    header = response.headers.get("HX-Trigger")
    return json.loads(header)["announce"] if header else None


def test_the_last_bid_announces_over_or_under_to_a_screen_reader(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 2})  # 7 of 10 so far

    response = client.post(
        reverse("bid", args=[game.public_id]), {"deal": 1, "seat": ANNA, "bid": 4}, **HTMX
    )

    # 3 + 2 + 2 + 4 = 11 bid for 10 tricks: over by 1.
    assert announced(response) == "OVER by 1: 11 bid for 10."


def test_a_bid_before_the_last_announces_nothing(client, game) -> None:
    response = client.post(
        reverse("bid", args=[game.public_id]), {"deal": 1, "seat": BEN, "bid": 3}, **HTMX
    )

    assert announced(response) is None


def test_scoring_a_deal_announces_who_leads(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 2, ANNA: 2})

    response = client.post(
        reverse("tricks", args=[game.public_id]),
        {"deal": 1, "tricks-0": 2, "tricks-1": 3, "tricks-2": 2, "tricks-3": 3},
        **HTMX,
    )

    # Anna 10 + 2 = 12, Ben 10 + 3 = 13, Carla 12, Dan missed: Ben leads.
    assert announced(response) == "Deal 1 scored. Leading: Ben."


def live_region(response) -> str:
    """The table's own live region (games/_rounds_table.html): what a screen reader hears."""
    html = response.content.decode()
    region = html.split('class="announce-region"')[1].split("</div>")[0]
    return " ".join(region.replace("&amp;", "&").split())


def test_the_goat_is_announced(client, notebook) -> None:
    game = start_kozel(notebook)
    # Anna & Carla on 0 card points without a trick: 6 defeat points.
    enter_kozel_deal(game, points=0, took_trick=False)

    response = client.post(
        reverse("round", args=[game.public_id]),
        {"deal": 2, "e.team": 0, "e.points": 0, "e.zero_team_took_trick": "false"},
        **HTMX,
    )

    # 6 + 6 = 12 reaches the limit: Anna & Carla are the goat, Ben & Dan win the match.
    assert "Winner: Ben & Dan" in live_region(response)
    assert '<span class="chip-mark">the goat</span>' in response.content.decode()


def test_a_kozel_deal_says_its_defeat_points_in_the_tables_live_region(client, notebook) -> None:
    game = start_kozel(notebook)

    response = client.post(
        reverse("round", args=[game.public_id]), {"deal": 1, "e.team": 0, "e.points": 45}, **HTMX
    )

    # 45 for Anna & Carla, 75 for Ben & Dan: 31..59 loses 2.
    assert "Deal 1 scored</strong> · Anna & Carla +2 · Ben & Dan 0" in live_region(response)

"""The running-totals chart: SVG drawn on the server, under each score sheet."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games import charts, services, units
from games.rules import kozel, oh_hell
from games.tables.oh_hell import oh_hell_chart
from tests.games.conftest import enter_kozel_deal, play_deal, play_deals

SVG = "{http://www.w3.org/2000/svg}"

RULES = oh_hell.PRESETS["classic"].with_options(
    schedule=oh_hell.Schedule.CUSTOM, custom_schedule=(1, 2, 3), cap=None
)


def three_deals() -> oh_hell.GameResult:
    """Anna makes 1, misses, makes 1 (11, 11, 22); Ben makes 0, 0, misses (10, 20, 20);
    Carla misses every bid (0, 0, 0)."""
    return oh_hell.score_game(
        RULES,
        3,
        0,
        [
            oh_hell.DealRecord(bids=(1, 0, 1), tricks=(1, 0, 0)),
            oh_hell.DealRecord(bids=(1, 0, 0), tricks=(0, 0, 2)),
            oh_hell.DealRecord(bids=(1, 1, 0), tricks=(1, 0, 2)),
        ],
    )


def parse(svg: str) -> ET.Element:
    """The chart is well-formed XML (it is parsed here as a standalone SVG file)."""
    return ET.fromstring(svg)


@pytest.fixture
def chart() -> charts.Chart:
    return oh_hell_chart(three_deals(), ["Anna", "Ben", "Carla"], "chart")


def test_it_has_a_title_and_a_description_that_name_it(chart) -> None:
    root = parse(chart.svg)

    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "chart-title chart-desc"
    assert root.find(f"{SVG}title").text == "Running totals"
    assert root.find(f"{SVG}title").get("id") == "chart-title"
    assert root.find(f"{SVG}desc").text == (
        "Each player's total after every deal, 3 deals so far. Now: Anna 22, Ben 20, Carla 0."
    )


def test_it_scales_to_the_width_of_a_phone(chart) -> None:
    root = parse(chart.svg)

    assert root.get("width") == "100%"
    assert root.get("viewBox").startswith("0 0 360 ")
    assert root.get("height") is None


def test_its_axes_are_labelled(chart) -> None:
    texts = [t.text for t in parse(chart.svg).iter(f"{SVG}text")]

    assert "Deal" in texts
    assert "Points" in texts
    # x ticks: the start and the three deals; y ticks include 0 and pass the top total.
    assert {"0", "1", "2", "3"} <= set(texts)
    assert "25" in texts


def test_each_player_has_a_line_of_its_own_dash_and_marker(chart) -> None:
    series = [g for g in parse(chart.svg).iter(f"{SVG}g") if "chart-series" in g.get("class", "")]

    dashes = [g.find(f"{SVG}polyline").get("stroke-dasharray") for g in series]
    shapes = [tuple(child.tag for child in g)[1:] for g in series]
    assert len(series) == 3
    assert len(set(dashes)) == 3
    # One marker for each point (the start and three deals), a different shape each.
    assert shapes[0] == (f"{SVG}circle",) * 4
    assert shapes[1] == (f"{SVG}rect",) * 4
    assert shapes[2] == (f"{SVG}path",) * 4


def test_its_colours_come_from_the_stylesheet(chart) -> None:
    series = [g for g in parse(chart.svg).iter(f"{SVG}g") if "chart-series" in g.get("class", "")]

    assert [g.get("class") for g in series] == [
        "chart-series chart-s0",
        "chart-series chart-s1",
        "chart-series chart-s2",
    ]
    assert {g.get("stroke") for g in series} == {"currentColor"}
    assert not re.search(r'(stroke|fill)="#', chart.svg)  # no colour written into the drawing


def test_the_legend_names_every_player_beside_a_sample_of_the_line(chart) -> None:
    legend = [g for g in parse(chart.svg).iter(f"{SVG}g") if "chart-legend" in g.get("class", "")]

    assert [g.find(f"{SVG}text").text for g in legend] == ["Anna", "Ben", "Carla"]
    assert [g.find(f"{SVG}line").get("stroke-dasharray") for g in legend] == [
        None,
        *charts.DASHES[1:3],
    ]


def test_the_lines_go_through_the_running_totals(chart) -> None:
    root = parse(chart.svg)
    anna = next(g for g in root.iter(f"{SVG}g") if "chart-s0" in g.get("class", ""))
    points = [
        tuple(map(float, p.split(","))) for p in anna.find(f"{SVG}polyline").get("points").split()
    ]

    ys = [y for _x, y in points]
    # 0, 11, 11, 22: up, flat, up (y grows downwards).
    assert ys[0] > ys[1] == ys[2] > ys[3]
    assert ys[1] - ys[3] == pytest.approx(ys[0] - ys[1])


def test_the_numbers_come_as_rows_of_running_totals(chart) -> None:
    assert chart.columns == ("Anna", "Ben", "Carla")
    assert chart.rows == (("1", (11, 10, 0)), ("2", (11, 20, 0)), ("3", (22, 20, 0)))


def test_a_name_is_escaped() -> None:
    chart = oh_hell_chart(three_deals(), ["<b>Anna</b>", "Ben & co", "Carla"], "chart")

    assert "<b>" not in chart.svg
    assert parse(chart.svg) is not None
    assert "&lt;b&gt;Anna&lt;/b&gt;" in chart.svg


def test_a_revoked_deal_is_marked_in_the_numbers() -> None:
    result = oh_hell.score_game(
        RULES,
        3,
        0,
        [oh_hell.DealRecord(bids=(1, 0, 0), revoke=2), oh_hell.DealRecord((1, 0, 0), (1, 0, 0))],
    )

    chart = oh_hell_chart(result, ["Anna", "Ben", "Carla"], "chart")

    assert chart.rows == (("1 (revoke)", (0, 0, -10)), ("1", (11, 10, 0)))


def test_a_negative_total_stays_inside_the_axis() -> None:
    assert charts.ticks(-10, 22) == [-10, 0, 10, 20, 30]
    assert charts.ticks(0, 1) == [0, 1]
    assert charts.ticks(0, 240) == [0, 50, 100, 150, 200, 250]


def test_a_session_without_a_deal_has_no_chart() -> None:
    empty = oh_hell.score_game(RULES, 3, 0, [])

    assert oh_hell_chart(empty, ["Anna", "Ben", "Carla"], "chart") is None


def test_seven_players_get_seven_different_lines() -> None:
    rules = RULES.with_options(custom_schedule=(1,))
    result = oh_hell.score_game(rules, 7, 0, [oh_hell.DealRecord((0,) * 7, (1, 0, 0, 0, 0, 0, 0))])
    names = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]

    root = parse(oh_hell_chart(result, names, "chart").svg)

    series = [g for g in root.iter(f"{SVG}g") if "chart-series" in g.get("class", "")]
    styles = {
        (g.find(f"{SVG}polyline").get("stroke-dasharray"), ET.tostring(g[1])[:20]) for g in series
    }
    assert len(series) == len(styles) == 7


KOZEL = kozel.PRESETS["classic"]


def kozel_match():
    deals = [{"team": 0, "points": 30}, {"team": 0, "points": 60}, {"team": 0, "points": 100}]
    return kozel.score(KOZEL, 4, 0, deals)


def test_kozel_shows_each_teams_defeat_points_as_a_round_game() -> None:
    names = ["Anna & Carla", "Ben & Dan"]
    chart = charts.rounds_chart(kozel_match(), names, "chart", units.DEAL)
    root = parse(chart.svg)

    assert root.find(f"{SVG}title").text == "Running totals"
    assert chart.rows == (("1", (4, 0)), ("2", (4, 0)), ("3", (4, 4)))
    assert chart.x_label == "Deal"  # Kozel plays deals (its Kind's unit)
    assert root.find(f"{SVG}desc").text == (
        "Each player's total after every deal, 3 deals so far. Now: Anna & Carla 4, Ben & Dan 4."
    )


def test_a_game_of_hands_says_hands_under_its_chart() -> None:
    chart = charts.rounds_chart(kozel_match(), ["Anna & Carla", "Ben & Dan"], "chart", units.HAND)

    assert chart.x_label == "Hand"
    assert (
        parse(chart.svg)
        .find(f"{SVG}desc")
        .text.startswith("Each player's total after every hand, 3 hands so far.")
    )


# -- under the score sheets ---------------------------------------------------------------------


def test_the_score_sheet_shows_the_chart_and_its_numbers(client, game) -> None:
    play_deals(game, 2)

    response = client.get(reverse("sheet", args=[game.public_id]))

    assertContains(response, '<svg xmlns="http://www.w3.org/2000/svg" class="chart-svg"')
    assertContains(response, '<title id="chart-title">Running totals</title>')
    assertContains(response, "<summary>The numbers</summary>")
    assertContains(
        response, '<tr><th scope="row">2</th><td>20</td><td>10</td><td>10</td><td>20</td></tr>'
    )


def test_the_score_sheet_has_no_chart_before_the_first_deal(client, game) -> None:
    response = client.get(reverse("sheet", args=[game.public_id]))

    assertNotContains(response, "<svg")


def test_the_kozel_sheet_shows_the_teams_running_totals(client, match) -> None:
    enter_kozel_deal(match, points=30)

    response = client.get(reverse("sheet", args=[match.public_id]))

    assertContains(response, '<title id="chart-title">Running totals</title>')
    assertContains(response, "Anna &amp; Carla 4, Ben &amp; Dan 0")


@pytest.mark.parametrize("deals", [1, 5])
def test_the_kozel_sheet_with_its_chart_costs_three_queries(
    client, match, django_assert_num_queries, deals
) -> None:
    for _ in range(deals):
        enter_kozel_deal(match, points=40)  # 2 defeat points to Anna & Carla

    # the game with its notebook; seats with players; its rounds
    with django_assert_num_queries(3):
        response = client.get(reverse("sheet", args=[match.public_id]))

    assert response.status_code == 200


def test_a_view_only_visitor_sees_the_chart_too(game) -> None:
    play_deal(game)
    link = services.new_share_link(game=game, role="view")
    viewer = Client()
    viewer.get(reverse("join", args=[link.key]))

    response = viewer.get(reverse("sheet", args=[game.public_id]))

    assertContains(response, "Running totals")
    assert re.search(r"<desc id=\"chart-desc\">[^<]*Anna", response.content.decode())

"""A Kozel match at the table (seed 004): card points in, defeat points out.

Anna and Carla (team 0) play Ben and Dan (team 1); Anna deals first and Ben leads.
"""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.models import Change, Game, Round
from tests.games.conftest import CARLA, DAN, HTMX, all_rows, enter_kozel_deal, start_kozel


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def entered(game: Game) -> list[tuple]:
    """Each deal as stored: a round whose entry is the deal's fields."""
    return [
        (deal.index, deal.entry["team"], deal.entry["points"], deal.entry["zero_team_took_trick"])
        for deal in Round.objects.filter(game=game).order_by("index")
    ]


def test_it_scores_a_deal_from_one_teams_points(client, match) -> None:
    response = client.post(url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": 70})

    assert response.status_code == 302
    assert entered(match) == [(0, 0, 70, None)]
    page = client.get(url(match, "game"))
    assertContains(page, "Deal 1: 70–50.")
    assertContains(page, "Ben &amp; Dan take 2 defeat points.")
    assertContains(page, "<strong>2 / 12</strong>")


def test_the_other_teams_points_are_the_rest_of_120(client, match) -> None:
    client.post(url(match, "kozel_deal"), {"deal": 1, "team": 1, "points": 95})

    page = client.get(url(match, "game"))

    assertContains(page, "Deal 1: 25–95.")
    assertContains(page, "Anna &amp; Carla take 4 defeat points.")


@pytest.mark.parametrize(
    ("took_trick", "defeat_points"),
    [("no", "6 defeat points"), ("yes", "4 defeat points")],
)
def test_a_team_with_no_points_takes_6_without_a_trick(
    client, match, took_trick, defeat_points
) -> None:
    data = {"deal": 1, "team": 0, "points": 0, "took_trick": took_trick}

    client.post(url(match, "kozel_deal"), data)

    assertContains(client.get(url(match, "game")), f"Anna &amp; Carla take {defeat_points}.")


def test_no_points_without_the_trick_answer_are_refused(client, match) -> None:
    response = client.post(url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": 0})

    assertContains(response, "Say whether the team with 0 points took a trick.", status_code=422)
    assertContains(response, 'aria-invalid="true"', status_code=422)
    assert entered(match) == []


@pytest.mark.parametrize(
    ("points", "reason"),
    [
        (1, "A team cannot have exactly 1 card point: no card is worth 1."),
        (119, "A team cannot have 119 card points: the other team would have 1."),
        (121, "Card points must be between 0 and 120."),
    ],
)
def test_impossible_points_are_refused(client, match, points, reason) -> None:
    response = client.post(url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": points})

    assertContains(response, reason, status_code=422)
    assertContains(response, f'value="{points}"', status_code=422)  # kept for a fix
    assert entered(match) == []


def test_eggs_give_nobody_defeat_points(client, match) -> None:
    client.post(url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": 60})

    page = client.get(url(match, "game"))

    assertContains(page, "Deal 1: eggs, 60–60.")
    assertContains(page, "<strong>0 / 12</strong>", count=2)


def test_doubled_eggs_show_on_the_next_deal(client, notebook) -> None:
    doubled = start_kozel(notebook, preset="doubled_eggs")
    enter_kozel_deal(doubled, points=60)

    assertContains(client.get(url(doubled, "game")), "<strong>×2</strong>")


@pytest.fixture
def lost(match) -> Game:
    """Anna and Carla took no trick, twice: 6 + 6, they are the goat."""
    enter_kozel_deal(match, points=0, took_trick=False)
    enter_kozel_deal(match, points=0, took_trick=False)
    return match


def test_the_match_ends_at_12(client, lost) -> None:
    page = client.get(url(lost, "game"))

    assert Game.objects.get(pk=lost.pk).finished
    assertContains(page, "Anna &amp; Carla are the goat!")
    assertContains(page, "<strong>12 / 12</strong>")
    assertNotContains(page, "Save deal")
    assertContains(page, "New match, same table")


def test_a_deal_after_the_end_is_refused(client, lost) -> None:
    before = all_rows()

    response = client.post(url(lost, "kozel_deal"), {"deal": 3, "team": 0, "points": 70})

    assertContains(response, "This session is finished.", status_code=422)
    assert all_rows() == before


def test_a_double_submit_enters_the_deal_once(client, match) -> None:
    data = {"deal": 1, "team": 0, "points": 70, "last_trick_seat": CARLA}

    first = client.post(url(match, "kozel_deal"), data, **HTMX)
    second = client.post(url(match, "kozel_deal"), data, **HTMX)

    assert (first.status_code, second.status_code) == (200, 200)
    assert entered(match) == [(0, 0, 70, None)]
    assert Change.objects.filter(game=match, action="kozel_deal").count() == 1


def test_other_points_for_a_deal_already_entered_are_a_conflict(client, match) -> None:
    client.post(url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": 70})
    before = all_rows()

    response = client.post(url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": 40})

    assertContains(response, "Deal 1 was already entered.", status_code=409)
    assert all_rows() == before


def test_a_deal_number_ahead_of_the_match_is_a_conflict(client, match) -> None:
    response = client.post(url(match, "kozel_deal"), {"deal": 2, "team": 0, "points": 70})

    assertContains(response, "This page was out of date", status_code=409)
    assert entered(match) == []


def test_a_deal_can_be_corrected(client, match) -> None:
    enter_kozel_deal(match, points=70)
    enter_kozel_deal(match, points=70)

    response = client.post(
        reverse("correct", args=[match.public_id, 1]), {"deal": 1, "team": 0, "points": 20}
    )

    assert response.status_code == 302
    assert response["Location"] == url(match, "sheet")
    assert entered(match) == [(0, 0, 20, None), (1, 0, 70, None)]
    sheet = client.get(url(match, "sheet"))
    assertContains(sheet, '<span class="bt">20</span> <span class="sc">+4</span>')
    assertContains(sheet, "<td><strong>4</strong>")
    assertContains(sheet, "<td><strong>2</strong>")


def test_a_correction_that_would_end_the_match_before_a_later_deal_is_refused(
    client, match
) -> None:
    enter_kozel_deal(match, points=40)  # Anna and Carla: 2
    enter_kozel_deal(match, points=0, took_trick=False)  # 8
    enter_kozel_deal(match, points=40)  # 10
    before = all_rows()

    # Deal 1 as no trick at all would make 6 + 6 = 12 after deal 2, and deal 3 never happened.
    response = client.post(
        reverse("correct", args=[match.public_id, 1]),
        {"deal": 1, "team": 0, "points": 0, "took_trick": "no"},
    )

    assertContains(response, "The match is over: no more deals.", status_code=422)
    assert all_rows() == before


def test_it_shows_the_next_dealer_and_leader(client, match) -> None:
    assertContains(
        client.get(url(match, "game")), "dealer <strong>Anna</strong> · leads <strong>Ben</strong>"
    )

    client.post(
        url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": 70, "last_trick_seat": CARLA}
    )

    page = client.get(url(match, "game"))
    assertContains(page, "Deal 2")
    assertContains(page, "dealer <strong>Ben</strong> · leads <strong>Carla</strong>")


def test_without_the_last_trick_the_player_after_the_dealer_leads(client, match) -> None:
    enter_kozel_deal(match, points=70, last_trick_seat=DAN)
    enter_kozel_deal(match, points=70)

    page = client.get(url(match, "game"))

    assertContains(page, "dealer <strong>Carla</strong> · leads <strong>Dan</strong>")


def test_an_htmx_deal_gets_the_match_back(client, match) -> None:
    response = client.post(url(match, "kozel_deal"), {"deal": 1, "team": 0, "points": 70}, **HTMX)

    assert response.status_code == 200
    assert "<html" not in response.text
    assert response.text.lstrip().startswith('<div id="kozel"')
    assertContains(response, "Deal 2")

"""A Kozel match at the table (seed 004): card points in, defeat points out.

Anna and Carla (team 0) play Ben and Dan (team 1); Anna deals first and Ben leads. A deal
is a round (games.rules.kozel): its form posts to the rounds' address.
"""

import pytest
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.models import Change, Game, Round
from tests.games.conftest import CARLA, DAN, HTMX, all_rows, enter_kozel_deal, start_kozel


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def form(number: int, team: int, points: int, took: str = "", last: object = "") -> dict:
    """A deal as its form posts it (templates/games/kozel.html, partial entry)."""
    data = {"deal": number, "e.team": team, "e.points": points, "e.last_trick_seat": last}
    if took:
        data["e.zero_team_took_trick"] = took
    return data


def entered(game: Game) -> list[tuple]:
    """Each deal as stored: a round whose entry is the deal's fields."""
    return [
        (deal.index, deal.entry["team"], deal.entry["points"], deal.entry["zero_team_took_trick"])
        for deal in Round.objects.filter(game=game).order_by("index")
    ]


def test_it_scores_a_deal_from_one_teams_points(client, match) -> None:
    response = client.post(url(match, "round"), form(1, 0, 70))

    assert response.status_code == 302
    assert entered(match) == [(0, 0, 70, None)]
    page = client.get(url(match, "game"))
    assertContains(page, "Deal 1 scored</strong> · Anna &amp; Carla 0 · Ben &amp; Dan +2")
    assertContains(page, "70 card points: the deal is won, no defeat points")
    assertContains(page, "50 card points: 31–59 gives 2 defeat points")
    assertContains(page, '<strong class="standing-total">2</strong>')
    assertContains(page, "to 12")


def test_the_other_teams_points_are_the_rest_of_120(client, match) -> None:
    client.post(url(match, "round"), form(1, 1, 95))

    page = client.get(url(match, "game"))

    assertContains(page, "25 card points, under 31: 4 defeat points")
    assertContains(page, "Deal 1 scored</strong> · Anna &amp; Carla +4 · Ben &amp; Dan 0")


@pytest.mark.parametrize(
    ("took_trick", "defeat_points"),
    [("false", "+6"), ("true", "+4")],
)
def test_a_team_with_no_points_takes_6_without_a_trick(
    client, match, took_trick, defeat_points
) -> None:
    client.post(url(match, "round"), form(1, 0, 0, took_trick))

    page = client.get(url(match, "game"))
    assertContains(page, f"Anna &amp; Carla {defeat_points} · Ben &amp; Dan 0")


def test_no_points_without_the_trick_answer_are_refused(client, match) -> None:
    response = client.post(url(match, "round"), form(1, 0, 0))

    assertContains(response, "Say whether the team with 0 points took a trick.", status_code=422)
    assertContains(response, 'data-field="e.zero_team_took_trick"', status_code=422)
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
    response = client.post(url(match, "round"), form(1, 0, points))

    assertContains(response, reason, status_code=422)
    assertContains(response, f'value="{points}"', status_code=422)  # kept for a fix
    assertContains(response, 'data-field="e.points"', status_code=422)
    assert entered(match) == []


def test_eggs_give_nobody_defeat_points(client, match) -> None:
    client.post(url(match, "round"), form(1, 0, 60))

    page = client.get(url(match, "game"))

    assertContains(page, "60–60, eggs: no defeat points (eggs change nothing)", count=2)
    assertContains(page, '<strong class="standing-total">0</strong>', count=2)


def test_doubled_eggs_show_on_the_next_deal(client, notebook) -> None:
    doubled = start_kozel(notebook, preset="doubled_eggs")
    enter_kozel_deal(doubled, points=60)

    page = client.get(url(doubled, "game"))
    assertContains(page, "<strong>×2</strong>")
    assertContains(page, "eggs: × 2 on the next deal", count=2)


@pytest.fixture
def lost(match) -> Game:
    """Anna and Carla took no trick, twice: 6 + 6, they are the goat."""
    enter_kozel_deal(match, points=0, took_trick=False)
    enter_kozel_deal(match, points=0, took_trick=False)
    return match


def test_the_match_ends_at_12(client, lost) -> None:
    page = client.get(url(lost, "game"))

    assert Game.objects.get(pk=lost.pk).finished
    assertContains(page, "Winner: Ben &amp; Dan")
    assertContains(page, '<span class="chip-mark">the goat</span>')
    assertContains(page, '<strong class="standing-total">12</strong>')
    assertNotContains(page, "Save round")
    assertContains(page, "New game, same table")


def test_a_deal_after_the_end_is_refused(client, lost) -> None:
    before = all_rows()

    response = client.post(url(lost, "round"), form(3, 0, 70))

    assertContains(response, "This session is finished.", status_code=422)
    assert all_rows() == before


def test_a_double_submit_enters_the_deal_once(client, match) -> None:
    data = form(1, 0, 70, last=CARLA)

    first = client.post(url(match, "round"), data, **HTMX)
    second = client.post(url(match, "round"), data, **HTMX)

    assert (first.status_code, second.status_code) == (200, 200)
    assert entered(match) == [(0, 0, 70, None)]
    assert Change.objects.filter(game=match, action="round").count() == 1


def test_other_points_for_a_deal_already_entered_are_a_conflict(client, match) -> None:
    client.post(url(match, "round"), form(1, 0, 70))
    before = all_rows()

    response = client.post(url(match, "round"), form(1, 0, 40))

    assertContains(response, "Deal 1 was already entered.", status_code=409)
    assert all_rows() == before


def test_a_deal_number_ahead_of_the_match_is_a_conflict(client, match) -> None:
    response = client.post(url(match, "round"), form(2, 0, 70))

    assertContains(response, "This page was out of date", status_code=409)
    assert entered(match) == []


def test_a_deal_can_be_corrected(client, match) -> None:
    enter_kozel_deal(match, points=70)
    enter_kozel_deal(match, points=70)

    response = client.post(reverse("correct", args=[match.public_id, 1]), form(1, 0, 20))

    assert response.status_code == 302
    assert response["Location"] == url(match, "sheet")
    assert entered(match) == [(0, 0, 20, None), (1, 0, 70, None)]
    sheet = client.get(url(match, "sheet"))
    assertContains(sheet, "20 card points, under 31: 4 defeat points")
    assertContains(sheet, "50 card points: 31–59 gives 2 defeat points")


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
        form(1, 0, 0, "false"),
    )

    assertContains(response, "The match is over: no more deals.", status_code=422)
    assert all_rows() == before


def test_it_shows_the_next_dealer_and_leader(client, match) -> None:
    page = client.get(url(match, "game"))
    assertContains(page, "dealer <strong>Anna</strong>")
    assertContains(page, "leads <strong>Ben</strong>")

    client.post(url(match, "round"), form(1, 0, 70, last=CARLA))

    page = client.get(url(match, "game"))
    assertContains(page, "Deal 2")
    assertContains(page, "dealer <strong>Ben</strong>")
    assertContains(page, "leads <strong>Carla</strong>")


def test_without_the_last_trick_the_player_after_the_dealer_leads(client, match) -> None:
    enter_kozel_deal(match, points=70, last_trick_seat=DAN)
    enter_kozel_deal(match, points=70)

    page = client.get(url(match, "game"))

    assertContains(page, "dealer <strong>Carla</strong>")
    assertContains(page, "leads <strong>Dan</strong>")


def test_an_htmx_deal_gets_the_match_back(client, match) -> None:
    response = client.post(url(match, "round"), form(1, 0, 70), **HTMX)

    assert response.status_code == 200
    assert "<html" not in response.text
    assert response.text.lstrip().startswith('<div id="table"')
    assertContains(response, "Deal 2")


def test_an_old_pages_post_to_the_kozel_deal_address_is_not_found(client, match) -> None:
    response = client.post(f"/s/{match.public_id}/kozel/", {"deal": 1, "team": 0, "points": 70})

    assert response.status_code == 404
    assert entered(match) == []


def test_the_last_trick_is_one_tap_of_a_key_not_a_dropdown(client, match) -> None:
    page = client.get(url(match, "game")).content.decode()

    assert page.count('name="e.last_trick_seat"') == 5  # "not noted" and the four seats
    deal_form = page.split('id="round-title"')[1].split("</form>")[0]
    assert "<select" not in deal_form

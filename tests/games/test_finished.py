"""What a finished session accepts (issue 25; docs/using.md, "A finished session").

New deals are refused. Corrections of any deal, adjustments (added or removed) and
Undo are taken as on a session in play, each a line of the history: at a real table
the sheet is checked after the last deal. Open pages keep following the session.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Change, Game, ShareLink
from tests.games.conftest import (
    HTMX,
    enter_kozel_deal,
    form_key,
    play_deals,
    start_kozel,
    start_oh_hell,
)

SEVEN = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]


@pytest.fixture
def finished(notebook) -> Game:
    """Oh Hell, classic, seven players: seven deals played, the game over."""
    game = start_oh_hell(notebook, preset="classic", names=SEVEN)
    play_deals(game, 7)
    game = Game.objects.get(pk=game.pk)
    assert game.finished
    return game


@pytest.fixture
def goat(notebook) -> Game:
    """Kozel to 6: Anna & Carla lose 2 (45 points) three times: the goat."""
    match = start_kozel(notebook, preset="short")
    for _ in range(3):
        enter_kozel_deal(match, points=45)
    match = Game.objects.get(pk=match.pk)
    assert match.finished
    return match


def history(game: Game) -> list[str]:
    return list(Change.objects.filter(game=game).values_list("action", flat=True))


@pytest.mark.parametrize(
    ("page", "fields"),
    [
        ("trump", {"deal": 8, "trump": "H"}),
        ("bid", {"deal": 8, "seat": 1, "bid": 0}),
        ("trick", {"deal": 8, "trick": 1, "seat": 1}),
        ("tricks", {"deal": 8, "tricks-0": 1}),
        ("revoke", {"deal": 8, "seat": 1}),
    ],
)
def test_a_finished_game_takes_no_new_deal(client, finished, page, fields) -> None:
    response = client.post(
        reverse(page, args=[finished.public_id]), {**fields, "idem": form_key()}, **HTMX
    )

    assert response.status_code in (409, 422)
    assert Game.objects.get(pk=finished.pk).version == finished.version


def test_a_finished_kozel_match_takes_no_new_deal(client, goat) -> None:
    response = client.post(
        reverse("round", args=[goat.public_id]),
        {"deal": 4, "e.team": 0, "e.points": 45},
        **HTMX,
    )

    assert response.status_code in (409, 422)
    assert Game.objects.get(pk=goat.pk).version == goat.version


def test_a_finished_game_takes_a_correction_and_says_so_in_the_history(client, finished) -> None:
    form = {f"bid-{seat}": 0 for seat in range(7)}
    form.update({f"tricks-{seat}": 7 if seat == 6 else 0 for seat in range(7)})
    form.update(trump="", version=finished.version, idem=form_key())

    response = client.post(reverse("correct", args=[finished.public_id, 7]), form)

    assert response.status_code == 302
    game = Game.objects.get(pk=finished.pk)
    assert game.finished and game.version == finished.version + 1
    assert history(game)[0] == "corrected"


@pytest.mark.parametrize("where", ["deal screen", "correction page"])
def test_a_finished_game_takes_an_adjustment_and_its_removal(client, finished, where) -> None:
    if where == "deal screen":
        url, fields = reverse("adjust", args=[finished.public_id]), {"deal": 7}
    else:
        url, fields = reverse("correct", args=[finished.public_id, 7]), {"action": "adjust"}

    added = client.post(
        url, {**fields, "seat": 2, "points": -5, "note": "phone", "idem": form_key()}
    )
    removed = client.post(
        reverse("correct", args=[finished.public_id, 7]),
        {"action": "remove_adjustment", "adjustment": 0, "idem": form_key()},
    )

    assert added.status_code == removed.status_code == 302
    assert history(finished)[:2] == ["adjustment_removed", "adjustment"]
    assert Game.objects.get(pk=finished.pk).finished


def test_undo_on_a_finished_game_takes_back_the_last_action_and_reopens_it(
    client, finished
) -> None:
    response = client.post(
        reverse("undo", args=[finished.public_id]), {"version": finished.version}
    )

    assert response.status_code == 302
    game = Game.objects.get(pk=finished.pk)
    assert not game.finished  # the last deal's score was taken back: deal 7 is in play
    assert history(game)[0] == "undo"


def test_a_correction_that_ends_the_match_sooner_or_later_moves_its_end(client, goat) -> None:
    """Deal 3 corrected to 60-60 (eggs): nobody is the goat yet, the match goes on; and
    back again ends it."""
    form = {"deal": 3, "e.team": 0, "e.points": 60, "version": goat.version, "idem": form_key()}
    reopened = client.post(reverse("correct", args=[goat.public_id, 3]), form)
    match = Game.objects.get(pk=goat.pk)
    form = {"deal": 3, "e.team": 0, "e.points": 45, "version": match.version, "idem": form_key()}
    ended = client.post(reverse("correct", args=[goat.public_id, 3]), form)

    assert reopened.status_code == ended.status_code == 302
    assert not match.finished
    assert Game.objects.get(pk=goat.pk).finished
    assert history(goat)[:2] == ["round_corrected", "round_corrected"]


def test_undo_on_a_finished_match_reopens_it(client, goat) -> None:
    response = client.post(reverse("undo", args=[goat.public_id]), {"version": goat.version})

    assert response.status_code == 302
    assert not Game.objects.get(pk=goat.pk).finished


@pytest.mark.parametrize("fixture", ["finished", "goat"])
def test_the_page_of_a_finished_session_keeps_following_it(client, request, fixture) -> None:
    """A correction after the end shows on every open page, as during play."""
    game = request.getfixturevalue(fixture)

    page = client.get(reverse("game", args=[game.public_id])).text

    assert f'hx-get="/s/{game.public_id}/live/?v={game.version}"' in page


@pytest.mark.parametrize("fixture", ["finished", "goat"])
def test_a_follower_of_a_finished_session_is_told_in_one_line(request, fixture) -> None:
    game = request.getfixturevalue(fixture)
    link = ShareLink.objects.create(game=game, role=ShareLink.Role.VIEW)
    follower = Client()
    follower.get(reverse("join", args=[link.key]))

    page = follower.get(reverse("game", args=[game.public_id])).text

    over = "is over. A correction made at the table still shows here."
    assert page.count(over) == 1
    assert 'hx-trigger="every 3s"' in page  # and the page keeps following it

"""Putting a mistake right: correcting a played deal, undo, and the history."""

import re

from django.urls import reverse
from pytest_django.asserts import assertContains

from games import services
from games.models import Deal, Game, Hand
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    HTMX,
    all_rows,
    place_bids,
    play_deal,
    play_deals,
    start_oh_hell,
)


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def correct_url(game: Game, number: int) -> str:
    return reverse("correct", args=[game.public_id, number])


def running_totals(response) -> list[list[int]]:
    """The score sheet's running totals, one list of four per deal."""
    totals = [int(t) for t in re.findall(r'<span class="tot">(-?\d+)</span>', response.text)]
    return [totals[i : i + 4] for i in range(0, len(totals), 4)]


def version_on(response) -> str:
    """The version the page's Undo button sends."""
    return re.search(r'name="version" value="(\d+)"', response.text).group(1)


def bids_now(game: Game) -> dict[int, int]:
    return dict(Hand.objects.filter(deal__game=game, deal__done=False).values_list("seat", "bid"))


def test_correcting_deal_1_changes_every_later_total(client, game) -> None:
    play_deals(game, 3)  # each deal: everyone bids 0, the leader takes every trick
    before = running_totals(client.get(url(game, "sheet")))
    assert before == [[10, 0, 10, 10], [20, 10, 10, 20], [30, 20, 20, 20]]

    # Deal 1 really went to Carla, not Ben: Ben made his 0, Carla missed hers.
    corrected = {f"bid-{s}": 0 for s in range(4)}
    corrected.update({"tricks-0": 0, "tricks-1": 0, "tricks-2": 10, "tricks-3": 0})
    response = client.post(correct_url(game, 1), {"action": "save", **corrected, "trump": ""})

    assert response.status_code == 302
    assert response["Location"] == url(game, "sheet")
    after = running_totals(client.get(url(game, "sheet")))
    assert after == [[10, 10, 0, 10], [20, 20, 0, 20], [30, 30, 10, 20]]


def test_the_correction_form_shows_what_was_entered(client, game) -> None:
    play_deal(game, bids={BEN: 3, CARLA: 3, DAN: 2, ANNA: 3}, tricks=[3, 3, 1, 3])

    response = client.get(correct_url(game, 1))

    assertContains(response, "Correct deal 1")
    assertContains(
        response, 'name="bid-3" type="number" min="0" max="10" inputmode="numeric" value="2"'
    )
    assertContains(
        response, 'name="tricks-2" type="number" min="0" max="10" inputmode="numeric" value="1"'
    )


def test_the_correction_asks_the_trump_and_a_player_by_one_tap_each(client, game) -> None:
    """No dropdown (issue 39, item 2): the trump "not noted" or a suit, an adjustment's
    player by name; the same field names and values as before."""
    play_deal(game, bids={BEN: 3, CARLA: 3, DAN: 2, ANNA: 3}, tricks=[3, 3, 1, 3])

    response = client.get(correct_url(game, 1))

    page = response.text.split("<main", 1)[1].split("</main>", 1)[0]
    assert "<select" not in page  # the language's, in the footer, is not the form's
    assertContains(response, 'type="radio" name="trump" value="" checked')
    assertContains(response, 'type="radio" name="trump" value="H"')
    assertContains(response, 'type="radio" name="seat" value="2" required> Carla')


def test_a_correction_that_breaks_the_hook_is_refused(client, game) -> None:
    play_deals(game, 2)
    before = all_rows()
    broken = {f"bid-{s}": b for s, b in enumerate([4, 3, 3, 0])}  # 10 bid for 10 tricks
    broken.update({f"tricks-{s}": t for s, t in enumerate([4, 3, 3, 0])})

    response = client.post(correct_url(game, 1), {"action": "save", **broken})

    assertContains(
        response,
        "The hook: the bids may not add up to the number of tricks (10).",
        status_code=422,
    )
    assert all_rows() == before


def test_a_correction_with_tricks_that_do_not_add_up_is_refused(client, game) -> None:
    play_deal(game)
    before = all_rows()
    wrong = {f"bid-{s}": 0 for s in range(4)}
    wrong.update({f"tricks-{s}": t for s, t in enumerate([0, 9, 0, 0])})

    response = client.post(correct_url(game, 1), {"action": "save", **wrong})

    assertContains(response, "The tricks add up to 9, but 10 were played", status_code=422)
    assert all_rows() == before


def test_a_deal_not_played_yet_cannot_be_corrected(client, game) -> None:
    assert client.get(correct_url(game, 1)).status_code == 404


def test_undo_takes_back_the_last_bid(client, game) -> None:
    client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3})
    client.post(url(game, "bid"), {"deal": 1, "seat": CARLA, "bid": 2})
    page = client.get(url(game, "game"))

    response = client.post(url(game, "undo"), {"version": version_on(page)})

    assert response.status_code == 302
    assert bids_now(game) == {BEN: 3}
    assertContains(client.get(url(game, "game")), "Carla bids:")


def test_a_second_undo_takes_back_the_action_before(client, game) -> None:
    client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3})
    client.post(url(game, "bid"), {"deal": 1, "seat": CARLA, "bid": 2})
    client.post(url(game, "undo"), {"version": version_on(client.get(url(game, "game")))})

    response = client.post(
        url(game, "undo"), {"version": version_on(client.get(url(game, "game")))}
    )

    assert response.status_code == 302
    assert bids_now(game) == {}
    assertContains(client.get(url(game, "game")), "Ben bids:")


def test_undo_takes_back_a_trick(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3})
    client.post(url(game, "trick"), {"deal": 1, "trick": 1, "seat": DAN})

    client.post(url(game, "undo"), {"version": version_on(client.get(url(game, "game")))})

    assert Deal.objects.get(game=game).trick_winners == []
    assert bids_now(game) == {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3}


def test_undo_takes_back_a_scored_deal(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3})
    tricks = {"tricks-0": 3, "tricks-1": 3, "tricks-2": 1, "tricks-3": 3}
    client.post(url(game, "tricks"), {"deal": 1, **tricks})

    client.post(url(game, "undo"), {"version": version_on(client.get(url(game, "game")))})

    deals = list(Deal.objects.filter(game=game))
    assert [(d.index, d.done) for d in deals] == [(0, False)]
    assert bids_now(game) == {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3}
    assert set(Hand.objects.filter(deal__game=game).values_list("tricks", flat=True)) == {None}
    page = client.get(url(game, "game"))
    assertContains(page, "Deal 1 of 19")
    assertContains(page, "OVER by 1")


def test_undo_reopens_a_finished_game(client, game) -> None:
    play_deals(game, 19)

    client.post(url(game, "undo"), {"version": version_on(client.get(url(game, "game")))})

    assert not Game.objects.get(pk=game.pk).finished
    assertContains(client.get(url(game, "game")), "Deal 19 of 19")


def test_undo_from_a_page_out_of_date_is_a_conflict(client, game) -> None:
    client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3})
    seen = client.get(url(game, "game"))
    client.post(url(game, "bid"), {"deal": 1, "seat": CARLA, "bid": 2})  # another phone
    before = all_rows()

    response = client.post(url(game, "undo"), {"version": version_on(seen)})

    assertContains(
        response, "Someone changed the session since this page was shown.", status_code=409
    )
    assert all_rows() == before


def test_undo_works_from_the_table_an_htmx_action_sent_back(client, game) -> None:
    """After a tap, the swapped-in table must carry the new version for its Undo button."""
    partial = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3}, **HTMX)

    response = client.post(url(game, "undo"), {"version": version_on(partial)}, **HTMX)

    assert response.status_code == 200
    assert bids_now(game) == {}


def test_undo_with_nothing_to_undo_is_refused(client, game) -> None:
    response = client.post(
        url(game, "undo"), {"version": version_on(client.get(url(game, "game")))}
    )

    assertContains(response, "There is nothing to undo.", status_code=422)


def test_the_history_tells_the_actions_in_words(client, game) -> None:
    client.post(url(game, "trump"), {"deal": 1, "trump": "H"})
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3})
    client.post(url(game, "trick"), {"deal": 1, "trick": 1, "seat": DAN})
    client.post(url(game, "revoke"), {"deal": 1, "seat": CARLA})
    client.post(url(game, "undo"), {"version": version_on(client.get(url(game, "game")))})

    response = client.get(url(game, "history"))

    for line in [
        "Session started with Anna, Ben, Carla, Dan.",
        "Deal 1: Ben bid 3.",
        "Deal 1: Anna bid 3.",
        "Deal 1: trick 1 to Dan.",
        "Deal 1: Carla revoked (-10); the deal is played again.",
        "(undone)",
    ]:
        assertContains(response, line)


def test_the_history_names_the_trump_suit(client, game) -> None:
    client.post(url(game, "trump"), {"deal": 1, "trump": "H"})

    response = client.get(url(game, "history"))

    assert re.search(r"Deal 1: trump set to (♥|hearts)", response.text)


def test_the_history_shows_an_adjustment_with_its_note(client, game) -> None:
    play_deal(game)
    client.post(url(game, "adjust"), {"deal": 1, "seat": CARLA, "points": -5, "note": "phone"})
    client.post(url(game, "adjust"), {"deal": 1, "seat": DAN, "points": 3, "note": ""})

    response = client.get(url(game, "history"))

    assertContains(response, "Deal 1: Carla -5 points (phone).")
    assertContains(response, "Deal 1: Dan +3 points")
    assert "()" not in response.text  # no empty brackets for a missing note


def test_a_snapshot_written_before_it_had_named_fields_is_undone(notebook) -> None:
    """Migration 0009: a history line of an older version still undoes."""
    from importlib import import_module

    from django.apps import apps

    from games.models import Change

    game = start_oh_hell(notebook)
    play_deal(game)
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=0, points=5, note="tea")
    change = Change.objects.filter(game=game, action="adjustment").get()
    for deal in change.before["deals"]:  # as an older version wrote it
        deal["hands"] = [
            [h["seat"], h["bid"], h["out_of_turn"], h["tricks"]] for h in deal["hands"]
        ]
        deal["adjustments"] = [[a["seat"], a["points"], a["note"]] for a in deal["adjustments"]]
    change.save()

    import_module("games.migrations.0009_named_undo_snapshots").named(apps, None)
    version = Game.objects.get(pk=game.pk).version
    services.undo_last(game=game, version=version)

    assert not Game.objects.get(pk=game.pk).deals.get(index=0).adjustments.exists()

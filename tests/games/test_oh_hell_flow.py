"""A deal of Oh Hell at the table: trump, bids with the hook, tricks, the score.

The game is seed 002's down and up with the hook: Anna deals deal 1 (10 cards),
so Ben bids first and Anna, the dealer, last.
"""

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games.models import Adjustment, Change, Deal, Game, Hand
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    HTMX,
    all_rows,
    deal_now,
    place_bids,
    play_deal,
    play_deals,
    start_oh_hell,
)


def url(game: Game, name: str) -> str:
    return reverse(name, args=[game.public_id])


def bids_of(game: Game) -> dict[int, int]:
    return dict(Hand.objects.filter(deal__game=game, deal__done=False).values_list("seat", "bid"))


def winners_of(game: Game) -> list[int]:
    return Deal.objects.get(game=game, done=False).trick_winners


@pytest.fixture
def bid(game) -> Game:
    """Bidding over: Ben 3, Carla 3, Dan 2, Anna 3 (11 for 10 tricks)."""
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 2, ANNA: 3})
    return game


def test_it_records_the_trump(client, game) -> None:
    response = client.post(url(game, "trump"), {"deal": 1, "trump": "H"})

    assert response.status_code == 302
    assert Deal.objects.get(game=game).trump == "H"
    page = client.get(url(game, "game"))
    assertContains(page, 'value="H" class="suit-btn suit-H" aria-pressed="true"')


def test_it_takes_the_bids_in_turn(client, game) -> None:
    assertContains(client.get(url(game, "game")), "Ben bids:")

    client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3})

    assert bids_of(game) == {BEN: 3}
    assertContains(client.get(url(game, "game")), "Carla bids:")


def test_it_refuses_the_dealers_bid_that_the_hook_forbids(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 3})
    before = all_rows()

    response = client.post(url(game, "bid"), {"deal": 1, "seat": ANNA, "bid": 1})

    assert response.status_code == 422
    assertContains(response, "The hook", status_code=422)
    assert all_rows() == before


def test_the_keypad_shows_the_number_the_hook_forbids(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 3})

    response = client.get(url(game, "game"))

    assertContains(response, "The hook: Anna may not bid 1")
    assertContains(response, 'value="1" class="key forbidden" disabled')


def test_a_bid_out_of_turn_stands_and_the_turn_goes_back(client, game) -> None:
    response = client.post(url(game, "bid"), {"deal": 1, "seat": DAN, "bid": 2})

    assert response.status_code == 302
    assert bids_of(game) == {DAN: 2}
    page = client.get(url(game, "game"))
    assertContains(page, "out of turn")
    assertContains(page, "Ben bids:")


def test_the_bid_out_of_turn_link_opens_that_players_keypad(client, game) -> None:
    page = client.get(url(game, "game"))
    # Named by what it shows first (WCAG 2.5.3), then what it does.
    assertContains(page, '<a href="?seat=3">')
    assertContains(page, '<span class="visually-hidden"> — bid out of turn</span></a>')

    response = client.get(url(game, "game"), {"seat": DAN})

    assertContains(response, "Dan bids:")
    assertContains(response, '<input type="hidden" name="seat" value="3">')


def test_when_the_dealer_bid_out_of_turn_the_hook_binds_the_last_bid(client, game) -> None:
    place_bids(game, {ANNA: 3})  # Anna deals, and bid first, out of turn
    place_bids(game, {BEN: 3, CARLA: 3})

    page = client.get(url(game, "game"))
    refused = client.post(url(game, "bid"), {"deal": 1, "seat": DAN, "bid": 1})

    assertContains(page, "The hook: Dan may not bid 1")
    assertContains(refused, "The hook", status_code=422)
    assert bids_of(game) == {ANNA: 3, BEN: 3, CARLA: 3}


def test_a_bid_out_of_turn_cannot_change(client, game) -> None:
    client.post(url(game, "bid"), {"deal": 1, "seat": DAN, "bid": 2})

    response = client.post(url(game, "bid"), {"deal": 1, "seat": DAN, "bid": 3})

    assertContains(response, "A bid made out of turn stands and cannot change.", status_code=422)
    assert bids_of(game) == {DAN: 2}


def test_a_bid_changes_while_the_next_player_has_not_bid(client, game) -> None:
    client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 2})

    response = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3})

    assert response.status_code == 302
    assert bids_of(game) == {BEN: 3}
    assert Change.objects.filter(game=game, action="bid_changed").count() == 1


def test_a_bid_cannot_change_once_the_next_player_has_bid(client, game) -> None:
    place_bids(game, {BEN: 2, CARLA: 1})

    response = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3})

    assertContains(
        response, "The next player has bid: this bid can no longer change.", status_code=422
    )
    assert bids_of(game) == {BEN: 2, CARLA: 1}


def test_the_same_bid_twice_is_recorded_once(client, game) -> None:
    client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 2})

    response = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 2})

    assert response.status_code == 302
    assert Change.objects.filter(game=game).exclude(action="start").count() == 1


@pytest.mark.parametrize(
    ("bids", "call"),
    [
        ({BEN: 3, CARLA: 3, DAN: 2, ANNA: 3}, "OVER by 1"),
        ({BEN: 2, CARLA: 2, DAN: 2, ANNA: 2}, "UNDER by 2"),
    ],
)
def test_it_announces_over_or_under(client, game, bids, call) -> None:
    place_bids(game, bids)

    response = client.get(url(game, "game"))

    assertContains(response, call)


def test_without_the_hook_the_bids_can_come_out_even(client, notebook) -> None:
    classic = start_oh_hell(notebook, preset="classic")  # deal 1 has 1 card
    place_bids(classic, {BEN: 1, CARLA: 0, DAN: 0, ANNA: 0})

    response = client.get(url(classic, "game"))

    assertContains(response, "EVEN")


def test_a_one_card_deal_speaks_of_one_trick(client, notebook) -> None:
    classic = start_oh_hell(notebook, preset="classic")  # deal 1 has 1 card
    place_bids(classic, {BEN: 1, CARLA: 0, DAN: 0, ANNA: 0})

    response = client.get(url(classic, "game"))

    assertContains(response, "1 card · dealer")
    # What is shown; the data sent ahead for the offline table speaks of later deals too.
    shown = response.text.split('<script id="offline-data"')[0]
    assert "1 tricks" not in shown


def test_no_announcement_before_everyone_has_bid(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 2})

    response = client.get(url(game, "game"))

    assertNotContains(response, "OVER by")
    assertNotContains(response, "UNDER by")


def test_it_counts_the_tricks_as_they_fall(client, bid) -> None:
    response = client.post(url(bid, "trick"), {"deal": 1, "trick": 1, "seat": CARLA})

    assert response.status_code == 302
    assert winners_of(bid) == [CARLA]
    page = client.get(url(bid, "game"))
    assertContains(page, "Trick 2 of 10: who took it?")
    taken = '<span class="small">1/3</span><span class="visually-hidden"> — taken 1 of 3 bid</span>'
    assertContains(page, taken)


def test_a_trick_before_the_bidding_is_over_is_refused(client, game) -> None:
    place_bids(game, {BEN: 3})

    response = client.post(url(game, "trick"), {"deal": 1, "trick": 1, "seat": BEN})

    assert response.status_code == 422
    assert winners_of(game) == []


def test_a_trick_can_be_taken_back(client, bid) -> None:
    client.post(url(bid, "trick"), {"deal": 1, "trick": 1, "seat": CARLA})
    client.post(url(bid, "trick"), {"deal": 1, "trick": 2, "seat": DAN})

    response = client.post(url(bid, "undo_trick"), {"deal": 1, "trick": 2})

    assert response.status_code == 302
    assert winners_of(bid) == [CARLA]
    assertContains(client.get(url(bid, "game")), "Trick 2 of 10: who took it?")


def test_a_double_tap_on_a_trick_records_it_once(client, bid) -> None:
    first = client.post(url(bid, "trick"), {"deal": 1, "trick": 1, "seat": CARLA}, **HTMX)
    second = client.post(url(bid, "trick"), {"deal": 1, "trick": 1, "seat": CARLA}, **HTMX)

    assert (first.status_code, second.status_code) == (200, 200)
    assert winners_of(bid) == [CARLA]
    assert Change.objects.filter(game=bid, action="trick").count() == 1


def test_a_second_phone_tapping_another_winner_for_the_same_trick_is_told(client, bid) -> None:
    client.post(url(bid, "trick"), {"deal": 1, "trick": 1, "seat": CARLA})

    response = client.post(url(bid, "trick"), {"deal": 1, "trick": 1, "seat": DAN})

    assertContains(response, "Trick 1 was already recorded.", status_code=409)
    assert winners_of(bid) == [CARLA]


def test_a_deal_is_scored_from_the_tricks(client, bid) -> None:
    tricks = {"tricks-0": 3, "tricks-1": 3, "tricks-2": 1, "tricks-3": 3}

    response = client.post(url(bid, "tricks"), {"deal": 1, **tricks})

    assert response.status_code == 302
    scored = Deal.objects.get(game=bid, index=0)
    assert scored.done
    assert list(scored.hands.values_list("tricks", flat=True)) == [3, 3, 1, 3]
    page = client.get(url(bid, "game"))
    assertContains(page, "Deal 1 scored")
    # Anna made 3 (13), Ben made 3 (13), Carla missed (0), Dan bid 2 took 3 (0).
    assertContains(
        page, '<span class="standing-name">Anna</span> <strong class="standing-total">13'
    )
    assertContains(
        page, '<span class="standing-name">Carla</span> <strong class="standing-total">0'
    )


def test_tricks_that_do_not_add_up_are_refused(client, bid) -> None:
    before = all_rows()
    tricks = {"tricks-0": 3, "tricks-1": 3, "tricks-2": 1, "tricks-3": 2}

    response = client.post(url(bid, "tricks"), {"deal": 1, **tricks})

    assertContains(
        response,
        "The tricks add up to 9, but 10 were played: check the counts.",
        status_code=422,
    )
    assert all_rows() == before


def test_the_missing_count_is_what_remains(client, bid) -> None:
    tricks = {"tricks-0": 3, "tricks-1": 3, "tricks-2": "", "tricks-3": 2}

    client.post(url(bid, "tricks"), {"deal": 1, **tricks})

    scored = Deal.objects.get(game=bid, index=0)
    assert list(scored.hands.values_list("tricks", flat=True)) == [3, 3, 2, 2]


def test_a_double_tap_on_score_this_deal_scores_it_once(client, bid) -> None:
    tricks = {"tricks-0": 3, "tricks-1": 3, "tricks-2": 1, "tricks-3": 3}

    client.post(url(bid, "tricks"), {"deal": 1, **tricks}, **HTMX)
    again = client.post(url(bid, "tricks"), {"deal": 1, **tricks}, **HTMX)

    assert again.status_code == 200
    assert Deal.objects.filter(game=bid).count() == 2
    assert Change.objects.filter(game=bid, action="tricks").count() == 1


def test_a_double_tap_with_the_last_count_left_blank_scores_it_once(client, bid) -> None:
    """The same form sent twice is a double tap, even when the app filled in a count."""
    tricks = {"tricks-0": 3, "tricks-1": 3, "tricks-2": "", "tricks-3": 3}

    client.post(url(bid, "tricks"), {"deal": 1, **tricks}, **HTMX)
    again = client.post(url(bid, "tricks"), {"deal": 1, **tricks}, **HTMX)

    assert again.status_code == 200
    assert Change.objects.filter(game=bid, action="tricks").count() == 1


def test_the_next_deal_passes_to_the_left_with_one_card_less(client, game) -> None:
    play_deal(game)

    response = client.get(url(game, "game"))

    assertContains(response, "Deal 2 of 19")
    assertContains(response, "9 cards · dealer <strong>Ben</strong>")
    assertContains(response, "Carla bids:")
    assertContains(response, '<input type="hidden" name="deal" value="2">')


def test_after_the_turn_the_cards_go_up_again(client, game) -> None:
    play_deals(game, 10)  # 10, 9 ... 1

    response = client.get(url(game, "game"))

    assertContains(response, "Deal 11 of 19")
    assertContains(response, "2 cards · dealer <strong>Carla</strong>")


def test_a_revoke_costs_ten_and_the_deal_is_played_again(client, bid) -> None:
    response = client.post(url(bid, "revoke"), {"deal": 1, "seat": CARLA})

    assert response.status_code == 302
    page = client.get(url(bid, "game"))
    assertContains(page, "Deal 1 of 19 · played again")
    assertContains(page, "10 cards · dealer <strong>Anna</strong>")
    assertContains(
        page, '<span class="standing-name">Carla</span> <strong class="standing-total">-10'
    )
    assertContains(page, '<span class="standing-name">Ben</span> <strong class="standing-total">0')
    assertContains(page, "Ben bids:")


def test_a_double_tap_on_a_revoke_costs_ten_once(client, bid) -> None:
    client.post(url(bid, "revoke"), {"deal": 1, "seat": CARLA}, **HTMX)
    client.post(url(bid, "revoke"), {"deal": 1, "seat": CARLA}, **HTMX)

    assert Deal.objects.filter(game=bid).count() == 2
    assert deal_now(bid).result.totals == (0, 0, -10, 0)


def test_the_replayed_deal_scores_normally_and_then_the_deal_passes(client, bid) -> None:
    client.post(url(bid, "revoke"), {"deal": 1, "seat": CARLA})

    play_deal(bid)

    table = deal_now(bid)
    assert table.result.totals == (10, 0, 0, 10)  # Carla: -10 then a made 0
    assert (table.plan.number, table.plan.cards, table.plan.dealer) == (2, 9, BEN)


def test_an_adjustment_shows_in_the_totals(client, game) -> None:
    play_deal(game)  # Anna, Carla and Dan 10, Ben 0
    # Its player is one tap, by name (no dropdown; issue 39, item 2).
    assertContains(
        client.get(url(game, "game")), 'type="radio" name="seat" value="2" required> Carla'
    )

    # The deal screen adjusts the deal just scored.
    response = client.post(
        url(game, "adjust"), {"deal": 1, "seat": CARLA, "points": -5, "note": "phone at the table"}
    )

    assert response.status_code == 302
    page = client.get(url(game, "game"))
    assertContains(
        page, '<span class="standing-name">Carla</span> <strong class="standing-total">5'
    )


def test_the_phones_own_table_asks_an_adjustments_player_by_one_tap_too(rf) -> None:
    """The deal screen in parts, drawn ahead for the phone (games/oh_hell_parts.html)."""
    parts = render_to_string("games/oh_hell_parts.html", {"names": ["Anna", "Ben"]}, rf.get("/"))

    assert "<select" not in parts
    assert 'type="radio" name="seat" value="1" required> Ben' in parts


def test_an_adjustment_to_a_played_deal_shows_on_the_sheet(client, game) -> None:
    play_deal(game)
    deal_1 = reverse("correct", args=[game.public_id, 1])

    client.post(deal_1, {"action": "adjust", "seat": CARLA, "points": -5, "note": "phone"})

    assertContains(client.get(deal_1), "Carla -5 · phone")
    sheet = client.get(url(game, "sheet"))
    assertContains(sheet, '<span class="sc">5*</span>')
    assertContains(sheet, "<td><strong>5</strong>")


def test_a_zero_adjustment_is_refused(client, game) -> None:
    play_deal(game)
    response = client.post(url(game, "adjust"), {"deal": 1, "seat": CARLA, "points": 0})

    assertContains(response, "Enter the points to add or take away (not 0).", status_code=422)


def test_the_deal_being_played_cannot_be_adjusted_before_it_is_scored(client, game) -> None:
    response = client.post(url(game, "adjust"), {"deal": 1, "seat": CARLA, "points": -5})

    assertContains(response, "Adjust a deal once it is scored.", status_code=422)
    assert not Adjustment.objects.exists()


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("bid", {"deal": 2, "seat": BEN, "bid": 1}),
        ("trump", {"deal": 2, "trump": "S"}),
        ("trick", {"deal": 2, "trick": 1, "seat": BEN}),
        ("revoke", {"deal": 2, "seat": BEN}),
        ("tricks", {"deal": 2, "tricks-0": 10, "tricks-1": 0, "tricks-2": 0, "tricks-3": 0}),
    ],
)
def test_an_action_for_another_deal_is_a_conflict(client, bid, name, data) -> None:
    before = all_rows()

    response = client.post(url(bid, name), data)

    assertContains(response, "This page was out of date", status_code=409)
    assert all_rows() == before


def test_a_bid_for_a_deal_already_scored_is_a_conflict(client, game) -> None:
    play_deal(game)

    response = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 1})

    assert response.status_code == 409
    assert Hand.objects.filter(deal__game=game, deal__index=1).count() == 0


@pytest.fixture
def finished(game) -> Game:
    play_deals(game, 19)
    return game


def test_the_last_deal_ends_the_game(client, finished) -> None:
    response = client.get(url(finished, "game"))

    assert Game.objects.get(pk=finished.pk).finished
    assertContains(response, "Game over")
    assertContains(response, "New session, same table")
    assertNotContains(response, "bids:")


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("bid", {"deal": 20, "seat": BEN, "bid": 1}),
        ("trump", {"deal": 20, "trump": "S"}),
        ("trick", {"deal": 20, "trick": 1, "seat": BEN}),
        ("undo_trick", {"deal": 20, "trick": 1}),
        ("revoke", {"deal": 20, "seat": BEN}),
        ("tricks", {"deal": 20, "tricks-0": 10, "tricks-1": 0, "tricks-2": 0, "tricks-3": 0}),
    ],
)
def test_a_finished_session_refuses_writes(client, finished, name, data) -> None:
    before = all_rows()

    response = client.post(url(finished, name), data)

    assertContains(response, "This session is finished.", status_code=422)
    assert all_rows() == before


def test_an_htmx_post_gets_the_table_back(client, game) -> None:
    response = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3}, **HTMX)

    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body
    assert body.lstrip().startswith('<div id="table"')
    assertContains(response, "Carla bids:")


def test_a_refused_htmx_post_gets_the_table_back_with_the_reason(client, game) -> None:
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 3})

    response = client.post(url(game, "bid"), {"deal": 1, "seat": ANNA, "bid": 1}, **HTMX)

    assert response.status_code == 422
    assert "<html" not in response.content.decode()
    assertContains(response, 'id="table"', status_code=422)
    assertContains(response, 'role="alert">The hook', status_code=422)


def test_a_plain_post_redirects_to_the_table(client, game) -> None:
    response = client.post(url(game, "bid"), {"deal": 1, "seat": BEN, "bid": 3})

    assert response.status_code == 302
    assert response["Location"] == url(game, "game")


def test_a_bid_without_a_number_is_refused(client, game) -> None:
    response = client.post(url(game, "bid"), {"deal": 1, "seat": BEN})

    assertContains(response, "Pick a bid.", status_code=422)
    assert bids_of(game) == {}


def test_the_last_bid_can_change_after_the_call_until_the_first_trick(client, bid) -> None:
    page = client.get(url(bid, "game"))
    assertContains(page, "OVER by 1")
    assertContains(page, "<summary>Change a bid</summary>")
    assertContains(page, f'<a href="?seat={ANNA}">')
    assertNotContains(page, f'<a href="?seat={BEN}">')  # Carla has bid since
    assertContains(page, '<span class="visually-hidden"> — change the bid</span></a>', count=1)

    changing = client.get(url(bid, "game"), {"seat": ANNA})
    assertContains(changing, "Anna bids:")
    assertNotContains(changing, "Trick 1 of 10: who took it?")
    client.post(url(bid, "bid"), {"deal": 1, "seat": ANNA, "bid": 1, "was": 3})
    assertContains(client.get(url(bid, "game")), "UNDER by 1")

    client.post(url(bid, "trick"), {"deal": 1, "trick": 1, "seat": CARLA})
    assertNotContains(client.get(url(bid, "game")), "Change a bid")

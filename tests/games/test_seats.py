"""Each player's own phone (issue 40): the owner makes a seat's link on the Share page; the
phone that opens it follows the table with its player's name on it and, in Oh Hell, enters
that player's own bid when it is their turn, and nothing else. The scorekeeper still
enters and corrects every bid.

The table: Oh Hell, down and up with the hook, Anna deals 10 cards; Ben bids first, then
Carla, Dan, and Anna last (the hook's number struck for her)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains, assertRedirects

from games.models import Game, Hand, ShareLink
from tests.games.conftest import ANNA, BEN, CARLA, DAN, HTMX, form_key, place_bids
from tests.games.test_sharing import phone_with, url

pytestmark = pytest.mark.django_db


def seat_link(owner: Client, game: Game, seat: int) -> str:
    """The owner taps "Make the link: Ben" on the Share page; the new key."""
    response = owner.post(url(game, "share"), {"role": "seat", "seat": seat, "idem": form_key()})
    assertRedirects(response, url(game, "share") + f"#seat-{seat}")
    return ShareLink.objects.get(game=game, role="seat", seat=seat, revoked_at__isnull=True).key


def bid(phone: Client, game: Game, seat: int, value: int):
    fields = {"deal": 1, "seat": seat, "bid": value, "idem": form_key()}
    return phone.post(url(game, "bid"), fields, **HTMX)


def bids(game: Game) -> dict[int, int]:
    return dict(Hand.objects.filter(deal__game=game).values_list("seat", "bid"))


def test_the_share_page_has_a_link_and_qr_code_for_each_seat(client, game) -> None:
    page = client.get(url(game, "share"))
    for name in ("Anna", "Ben", "Carla", "Dan"):
        assertContains(page, f"Make the link: {name}")
    key = seat_link(client, game, BEN)
    page = client.get(url(game, "share"))
    assertContains(page, reverse("join", args=[key]))
    assertContains(page, "<title>QR code: Ben</title>")
    assertContains(page, "Stop the link: Ben")
    # A new link for Ben stops the old one; Carla's is another link.
    again = seat_link(client, game, BEN)
    carla = seat_link(client, game, CARLA)
    assert len({key, again, carla}) == 3
    live = ShareLink.objects.filter(game=game, revoked_at__isnull=True, role="seat")
    assert sorted(live.values_list("seat", flat=True)) == [BEN, CARLA]


def test_a_seat_that_is_not_at_the_table_is_refused_with_a_reason(client, game) -> None:
    response = client.post(url(game, "share"), {"role": "seat", "seat": 7, "idem": form_key()})
    assertContains(response, "There is no such seat at this table.", status_code=422)
    assert not ShareLink.objects.filter(game=game).exists()


def test_a_seats_phone_shows_its_name_and_bids_only_in_its_turn(client, game) -> None:
    carla = phone_with(seat_link(client, game, CARLA))
    page = carla.get(url(game, "game"))
    assertContains(page, "This phone: Carla")
    assertContains(page, "Ben bids now; your turn comes.")
    assertNotContains(page, "keypad-form")
    assertNotContains(page, "Undo")

    place_bids(game, {BEN: 3})  # at the table: the scorekeeper enters Ben's
    page = carla.get(url(game, "game"))
    assertContains(page, "Carla, your bid:")
    assertContains(page, 'name="seat" value="2"')

    answer = bid(carla, game, CARLA, 2)  # the table comes back as Carla's phone shows it
    assertContains(answer, "This phone: Carla")
    assertNotContains(answer, "keypad-form")
    assert bids(game) == {BEN: 3, CARLA: 2}
    page = carla.get(url(game, "game"))
    assertNotContains(page, "keypad-form")
    assertNotContains(page, "your turn comes")  # Carla has bid


def test_a_seats_phone_may_not_bid_for_another_seat_out_of_turn_or_change_a_bid(
    client, game
) -> None:
    carla = phone_with(seat_link(client, game, CARLA))
    refused = bid(carla, game, CARLA, 2)  # Ben has not bid yet
    assertContains(refused, "It is not this seat&#x27;s turn to bid.", status_code=422)
    refused = bid(carla, game, BEN, 2)
    said = "This phone&#x27;s seat is Carla: it enters only that seat&#x27;s bid."
    assertContains(refused, said, status_code=422)
    place_bids(game, {BEN: 3, CARLA: 2})
    refused = bid(carla, game, CARLA, 4)
    said = "This seat&#x27;s bid was entered meanwhile: 2 stands. Only the scorekeeper can"
    assertContains(refused, said, status_code=422)
    assert bids(game) == {BEN: 3, CARLA: 2}
    # Any other entry is the scorekeeper's.
    trump = carla.post(url(game, "trump"), {"deal": 1, "trump": "S", "idem": form_key()}, **HTMX)
    assert trump.status_code == 403
    # The scorekeeper corrects Carla's bid as ever.
    corrected = client.post(
        url(game, "bid"),
        {"deal": 1, "seat": CARLA, "bid": 4, "was": 2, "idem": form_key()},
        **HTMX,
    )
    assert corrected.status_code == 200
    assert bids(game) == {BEN: 3, CARLA: 4}


def test_the_dealers_phone_strikes_the_hooks_number_with_its_reason(client, game) -> None:
    anna = phone_with(seat_link(client, game, ANNA))
    place_bids(game, {BEN: 3, CARLA: 2, DAN: 1})
    page = anna.get(url(game, "game"))
    assertContains(page, "Anna, your bid:")
    assertContains(page, "<s>4</s>")  # 3 + 2 + 1 + 4 would be the 10 tricks
    assertContains(page, "The hook: Anna may not bid 4")
    refused = bid(anna, game, ANNA, 4)
    assert refused.status_code == 422
    assert bid(anna, game, ANNA, 0).status_code == 200
    assert bids(game)[ANNA] == 0


def test_a_stopped_seat_link_opens_nothing_and_writes_nothing(client, game) -> None:
    key = seat_link(client, game, BEN)
    ben = phone_with(key)
    client.post(url(game, "share"), {"role": "seat", "seat": BEN, "action": "revoke"})
    assert ben.get(url(game, "game")).status_code == 404
    assert bid(ben, game, BEN, 3).status_code == 404
    assert bids(game) == {}


def test_a_seats_unchanged_poll_is_one_query(client, game, django_assert_num_queries) -> None:
    ben = phone_with(seat_link(client, game, BEN))
    game.refresh_from_db()
    with django_assert_num_queries(1):
        answer = ben.get(url(game, "live") + f"?v={game.version}", **HTMX)
    assert answer.status_code == 204


def test_a_seats_phone_in_a_round_game_says_when_its_player_deals(client, match) -> None:
    """Kozel takes its entries from the scorekeeper: Anna's phone follows the table, with
    her name, and says when she deals; it has no form."""
    anna = phone_with(seat_link(client, match, ANNA))
    page = anna.get(url(match, "game"))
    assertContains(page, "This phone: Anna")
    assertContains(page, "You deal.")
    assertNotContains(page, "round-form")
    ben = phone_with(seat_link(client, match, BEN))
    assertNotContains(ben.get(url(match, "game")), "You deal.")
    refused = anna.post(url(match, "round"), {"deal": 1, "idem": form_key()}, **HTMX)
    assert refused.status_code == 403


def test_a_seats_swap_is_drawn_once_a_version_unless_it_holds_its_keypad(
    client, game, django_assert_num_queries
) -> None:
    """Two phones on Carla's link (a phone lent): the table's swap while Ben bids is drawn
    once and then read from the cache (one query); when it is Carla's turn it holds her
    keypad, with each phone's own token, and is drawn for each."""
    key = seat_link(client, game, CARLA)
    carla, again = phone_with(key), phone_with(key)
    game.refresh_from_db()
    live = url(game, "live") + f"?v={game.version - 1}"
    first = carla.get(live, **HTMX)
    assertContains(first, "Ben bids now; your turn comes.")
    with django_assert_num_queries(1):
        cached = again.get(live, **HTMX)
    assert cached.content == first.content
    place_bids(game, {BEN: 3})
    game.refresh_from_db()
    live = url(game, "live") + f"?v={game.version - 1}"
    mine, theirs = carla.get(live, **HTMX), again.get(live, **HTMX)
    assertContains(mine, "Carla, your bid:")
    assert mine.content != theirs.content  # each with its own token and form key
    assert bid(again, game, CARLA, 2).status_code == 200  # the lent phone's own form works

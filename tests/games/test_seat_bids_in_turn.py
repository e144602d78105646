"""Spades' bids from the players' own phones (issues 40 and 41): made in turn from the
dealer's left, each shown on every phone as it is made (pagat: "each player in turn,
starting with the player to dealer's left"). A seat's phone bids only its own seat, only in
its turn, and a bid made stands; the scorekeeper bids for the seat whose turn it is (a
player without a phone), and Undo takes the last bid back. With the fourth bid in, the
hand's bids are in: the contracts are called and the tricks form comes.

The table: Spades, Anna & Cleo against Ben & Dario (seats 0 and 2 against 1 and 3); Dario
deals the first hand, so Anna bids first, then Ben, Cleo and Dario. Anna, Ben and Cleo have
their own phones; Dario has none."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django.asserts import assertContains, assertNotContains

from games import services
from games.kinds import kind_of
from games.models import Change, Game, Notebook, Round, SeatBid
from tests.games.conftest import HTMX, form_key
from tests.games.test_seats import seat_link
from tests.games.test_sharing import phone_with, url

pytestmark = pytest.mark.django_db
ANNA, BEN, CLEO, DARIO = range(4)
NOT_YOUR_TURN = "It is not this seat&#x27;s turn to bid."


def start(notebook: Notebook, **options) -> Game:
    return services.start_game(
        notebook=notebook,
        kind="spades",
        preset="pagat",
        options={**kind_of("spades").preset_options("pagat"), **options},
        names=["Anna", "Ben", "Cleo", "Dario"],
        first_dealer=DARIO,
    )


def bid(phone: Client, game: Game, seat: int, value: int | str, number: int = 1):
    fields = {"deal": number, "seat": seat, "bid": value, "idem": form_key()}
    return phone.post(url(game, "seat_bid"), fields, **HTMX)


def phones(client: Client, game: Game) -> tuple[Client, Client, Client]:
    return tuple(phone_with(seat_link(client, game, seat)) for seat in (ANNA, BEN, CLEO))


def test_each_seat_bids_in_turn_and_every_phone_sees_each_bid(client, notebook) -> None:
    game = start(notebook)
    anna, ben, cleo = phones(client, game)
    assertContains(anna.get(url(game, "game")), "Anna, your bid:")
    assertContains(ben.get(url(game, "game")), "Anna bids now; your turn comes.")
    assertNotContains(ben.get(url(game, "game")), 'name="bid"')  # no keypad out of turn
    keeper = client.get(url(game, "game"))
    assertContains(keeper, "Anna bids now.")
    assertContains(keeper, "Anna bids:")  # the scorekeeper may bid for the seat in turn
    assertNotContains(keeper, "Bids are in")  # not the whole bids form meanwhile

    assertContains(bid(anna, game, ANNA, 3), "Ben bids now; your turn comes.")  # Anna's table
    assertContains(ben.get(url(game, "game")), "Ben, your bid:")
    assertContains(cleo.get(url(game, "game")), '<span class="bidder-bid">3</span>')
    assertContains(bid(ben, game, BEN, 0), "Nil")  # shown as nil on the chips
    assertContains(bid(cleo, game, CLEO, 2), "Dario bids now; your turn comes.")
    assert not Round.objects.filter(game=game).exists()
    # Dario has no phone: the scorekeeper bids for him, the last, and the bids are in.
    answer = bid(client, game, DARIO, 4)
    assertContains(answer, "Save hand 1")
    assertContains(answer, "contracts: 5 against 4")
    assert Round.objects.get(game=game).entry["bids"] == [3, 0, 2, 4]
    assert not SeatBid.objects.filter(game=game).exists()
    said = list(Change.objects.filter(game=game).order_by("pk").values_list("action", flat=True))
    assert said.count("seat_bid") == 3 and said[-1] == "bids"
    assertContains(client.get(url(game, "history")), "Hand 1: Anna bids 3.")


def test_what_a_seats_phone_may_not_bid(client, notebook) -> None:
    game = start(notebook)
    anna, ben, _cleo = phones(client, game)
    assertContains(bid(ben, game, BEN, 2), NOT_YOUR_TURN, status_code=422)  # Anna first
    assertContains(bid(anna, game, BEN, 2), "it enters only that seat&#x27;s bid", status_code=422)
    assertContains(bid(client, game, CLEO, 2), NOT_YOUR_TURN, status_code=422)  # keeper too
    assertContains(bid(anna, game, ANNA, 14), "A bid is from 0 (nil) to 13.", status_code=422)
    assertContains(bid(anna, game, ANNA, "0+blind"), "Blind nil is not played", status_code=422)
    assertContains(bid(anna, game, ANNA, "3+moon"), "not for this game", status_code=422)
    assert bid(anna, game, ANNA, "three").status_code == 422
    assert not SeatBid.objects.filter(game=game).exists()
    assert bid(anna, game, ANNA, 3).status_code == 200
    assert bid(anna, game, ANNA, 3).status_code == 200  # a double tap: no change
    assertContains(bid(anna, game, ANNA, 4), "3 stands", status_code=422)
    assertContains(
        bid(client, game, ANNA, 4),
        "Anna has bid 3 already; Undo takes it back.",
        status_code=422,
    )
    assert list(SeatBid.objects.filter(game=game).values_list("seat", "bid")) == [(ANNA, 3)]


def test_a_team_bid_over_13_is_refused_as_it_is_made(client, notebook) -> None:
    game = start(notebook)
    anna, ben, cleo = phones(client, game)
    bid(anna, game, ANNA, 9)
    bid(ben, game, BEN, 1)
    refused = bid(cleo, game, CLEO, 5)  # Anna & Cleo: 14
    assertContains(refused, "at most 13 tricks: 14 bid", status_code=422)
    assert bid(cleo, game, CLEO, 4).status_code == 200


def test_the_least_team_bid_is_checked_once_both_partners_have_bid(client, notebook) -> None:
    game = start(notebook, min_team_bid=4)
    anna, ben, cleo = phones(client, game)
    assert bid(anna, game, ANNA, 0).status_code == 200  # nil: Cleo must bid 4 or more
    assert bid(ben, game, BEN, 1).status_code == 200  # Dario still to bid: no refusal yet
    assertContains(bid(cleo, game, CLEO, 3), "at least 4 tricks", status_code=422)
    assert bid(cleo, game, CLEO, 4).status_code == 200
    assertContains(bid(client, game, DARIO, 2), "3 bid", status_code=422)  # Ben & Dario: 3
    assert bid(client, game, DARIO, 3).status_code == 200
    assert Round.objects.get(game=game).entry["bids"] == [0, 1, 4, 3]


def test_blind_nil_is_one_tap_where_the_table_plays_it(client, notebook) -> None:
    game = start(notebook, blind_nil="on")
    anna, ben, cleo = phones(client, game)
    assertContains(anna.get(url(game, "game")), 'value="0+blind"')
    assert bid(anna, game, ANNA, "0+blind").status_code == 200
    assertContains(ben.get(url(game, "game")), "Blind nil")
    bid(ben, game, BEN, 3)
    bid(cleo, game, CLEO, 5)
    assert bid(client, game, DARIO, 4).status_code == 200
    entry = Round.objects.get(game=game).entry
    assert entry["bids"] == [0, 3, 5, 4]
    assert entry["blind"] == [True, False, False, False]


def test_a_side_not_far_enough_behind_is_not_offered_blind_nil(client, notebook) -> None:
    game = start(notebook, blind_nil="behind")
    anna, _ben, _cleo = phones(client, game)
    page = anna.get(url(game, "game"))
    assertNotContains(page, 'value="0+blind"')
    assertContains(page, "blind nil only for a side 100 or more behind")  # why not
    assertContains(bid(anna, game, ANNA, "0+blind"), "100 behind", status_code=422)


def test_with_no_seat_link_live_the_scorekeeper_enters_the_bids_as_ever(client, notebook) -> None:
    game = start(notebook)
    assertContains(client.get(url(game, "game")), "Bids are in")
    assertNotContains(client.get(url(game, "game")), "bids now")


def test_a_seats_phone_says_the_turn_in_its_language_with_the_round_games_words(
    client, notebook
) -> None:
    """Russian: a round game's bid is a «заявка» (Oh Hell's is a «заказ»)."""
    game = start(notebook)
    _anna, ben, _cleo = phones(client, game)
    ben.cookies["django_language"] = "ru"
    assertContains(ben.get(url(game, "game")), "Сейчас заявляет: Anna; ваша очередь придёт.")


def undo(client: Client, game: Game):
    game.refresh_from_db()
    return client.post(url(game, "undo"), {"version": game.version}, **HTMX)


def test_undo_takes_the_last_bid_back_and_the_seat_bids_again(client, notebook) -> None:
    """A bid tapped wrong by the scorekeeper (Ben's 2, which was 0): Undo takes it back
    alone, and it is Ben's turn again; again, and Anna's 3 goes too."""
    game = start(notebook)
    anna, ben, _cleo = phones(client, game)
    bid(anna, game, ANNA, 3)
    bid(client, game, BEN, 2)
    assertContains(undo(client, game), "Ben bids now.")
    assert list(SeatBid.objects.filter(game=game).values_list("seat", "bid")) == [(ANNA, 3)]
    assertContains(ben.get(url(game, "game")), "Ben, your bid:")
    assert bid(ben, game, BEN, 0).status_code == 200
    assert sorted(SeatBid.objects.filter(game=game).values_list("seat", "bid")) == [
        (ANNA, 3),
        (BEN, 0),
    ]
    undo(client, game)
    undo(client, game)
    assert not SeatBid.objects.filter(game=game).exists()
    assertContains(anna.get(url(game, "game")), "Anna, your bid:")
    history = client.get(url(game, "history"))
    assertContains(history, "Undone: Hand 1: Ben bids 2.")
    assertContains(history, "Undone: Hand 1: Anna bids 3.")


def test_undo_after_the_last_bid_puts_the_others_back_and_the_last_bids_again(
    client, notebook
) -> None:
    """The fourth bid made the hand's bids; Undo takes that bid back, not the four: the three
    made before it are on every phone again, and Dario bids again."""
    game = start(notebook)
    anna, ben, cleo = phones(client, game)
    bid(anna, game, ANNA, 3)
    bid(ben, game, BEN, 0)
    bid(cleo, game, CLEO, 2)
    bid(client, game, DARIO, 4)
    assert Round.objects.get(game=game).entry["bids"] == [3, 0, 2, 4]
    page = undo(client, game)
    assertContains(page, "Dario bids now.")
    assertContains(page, "Dario bids:")
    assert not Round.objects.filter(game=game).exists()
    assert sorted(SeatBid.objects.filter(game=game).values_list("seat", "bid", "round_number")) == [
        (ANNA, 3, 1),
        (BEN, 0, 1),
        (CLEO, 2, 1),
    ]
    assertContains(cleo.get(url(game, "game")), '<span class="bidder-bid">3</span>')
    assert bid(client, game, DARIO, 5).status_code == 200
    assert Round.objects.get(game=game).entry["bids"] == [3, 0, 2, 5]

"""What the database itself refuses, whatever code writes to it."""

import pytest
from django.db import IntegrityError, transaction

from games.models import Adjustment, Deal, Notebook, Player, Round, Seat


def refused(create) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        create()


def test_two_players_cannot_share_a_seat(game) -> None:
    eve = Player.objects.create(notebook=game.notebook, name="Eve")

    refused(lambda: Seat.objects.create(game=game, position=0, player=eve))


def test_a_player_cannot_sit_twice_at_one_table(game) -> None:
    anna = game.seats.get(position=0).player

    refused(lambda: Seat.objects.create(game=game, position=4, player=anna))


def test_a_seat_is_one_of_eight(game) -> None:
    # Skull King seats 8; no game seats 9.
    eve = Player.objects.create(notebook=game.notebook, name="Eve")

    refused(lambda: Seat.objects.create(game=game, position=8, player=eve))


def test_two_kozel_deals_cannot_share_a_number(match) -> None:
    """A Kozel deal is a round (its entry checked by the rules on the way in)."""
    Round.objects.create(game=match, index=0, entry={"team": 0, "points": 70})

    refused(lambda: Round.objects.create(game=match, index=0, entry={"team": 0, "points": 40}))


def test_a_trump_is_a_suit_or_no_trump(game) -> None:
    refused(lambda: Deal.objects.create(game=game, index=1, trump="X"))


@pytest.mark.parametrize("trump", ["", "S", "H", "D", "C", "NT"])
def test_every_real_trump_is_kept(game, trump) -> None:
    Deal.objects.create(game=game, index=1, trump=trump)

    assert Deal.objects.get(game=game, index=1).trump == trump


def test_two_deals_cannot_share_a_number(game) -> None:
    refused(lambda: Deal.objects.create(game=game, index=0))


def test_a_revoke_ends_the_deal(game) -> None:
    refused(lambda: Deal.objects.filter(game=game).update(revoke=1, done=False))


def test_names_differing_only_in_case_are_one_player(notebook) -> None:
    Player.objects.create(notebook=notebook, name="Anna")

    refused(lambda: Player.objects.create(notebook=notebook, name="ANNA"))


def test_another_notebook_may_have_its_own_anna(notebook) -> None:
    Player.objects.create(notebook=notebook, name="Anna")

    Player.objects.create(notebook=Notebook.objects.create(), name="anna")

    assert Player.objects.filter(name__iexact="anna").count() == 2


def test_a_player_needs_a_name(notebook) -> None:
    refused(lambda: Player.objects.create(notebook=notebook, name=""))


def test_an_adjustment_is_never_zero(game) -> None:
    deal = Deal.objects.get(game=game)

    refused(lambda: Adjustment.objects.create(deal=deal, seat=0, points=0, note="nothing"))


def test_an_out_of_turn_hand_has_a_bid(game) -> None:
    deal = Deal.objects.get(game=game)

    refused(lambda: deal.hands.create(seat=1, bid=None, out_of_turn=True))


def test_a_round_is_stored_once_per_number(game) -> None:
    from games.models import Round

    Round.objects.create(game=game, index=0, entry={})

    refused(lambda: Round.objects.create(game=game, index=0, entry={}))

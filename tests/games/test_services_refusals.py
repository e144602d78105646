"""A refused action saves nothing: every row of the games app is as it was.

Each case sets a table up, then names the call the services must refuse and
whether the rules refuse it (RuleError, 422) or the page was out of date
(Conflict, 409).
"""

from collections.abc import Callable

import pytest

from games import services
from games.models import Notebook
from games.rules import RuleError
from games.services import Conflict
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    all_rows,
    enter_kozel_deal,
    place_bids,
    play_deal,
    play_deals,
    start_kozel,
    start_oh_hell,
)

Refused = Callable[[], object]


def bid_above_the_cards(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    return lambda: oh_hell_services.place_bid(game=game, deal_number=1, seat=BEN, bid=11)


def bid_the_hook_forbids(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 3, CARLA: 3, DAN: 3})
    return lambda: oh_hell_services.place_bid(game=game, deal_number=1, seat=ANNA, bid=1)


def bid_changed_after_the_next_player(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 3, CARLA: 3})
    return lambda: oh_hell_services.place_bid(game=game, deal_number=1, seat=BEN, bid=2)


def out_of_turn_bid_changed(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    oh_hell_services.place_bid(game=game, deal_number=1, seat=DAN, bid=2)
    return lambda: oh_hell_services.place_bid(game=game, deal_number=1, seat=DAN, bid=1)


def bid_for_a_stale_deal(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    play_deal(game)
    return lambda: oh_hell_services.place_bid(game=game, deal_number=1, seat=BEN, bid=1)


def bid_in_a_finished_session(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    play_deals(game, 19)
    return lambda: oh_hell_services.place_bid(game=game, deal_number=19, seat=BEN, bid=0)


def tricks_that_do_not_add_up(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, dict.fromkeys(range(4), 2))
    return lambda: oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[2, 2, 2, 2])


def tricks_above_the_cards(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, dict.fromkeys(range(4), 2))
    return lambda: oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[11, 0, 0, None])


def tricks_before_every_bid(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 3})
    return lambda: oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[10, 0, 0, 0])


def tricks_against_the_tapped_tricks(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook, preset="classic")  # deal 1: one card
    place_bids(game, dict.fromkeys(range(4), 0))
    oh_hell_services.record_trick(game=game, deal_number=1, trick_number=1, seat=BEN)
    return lambda: oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[0, 0, 1, 0])


def tricks_for_a_deal_already_scored(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    play_deal(game)  # Ben took all ten
    return lambda: oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[10, 0, 0, 0])


def tricks_in_a_finished_session(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    play_deals(game, 19)
    return lambda: oh_hell_services.record_tricks(game=game, deal_number=20, tricks=[10, 0, 0, 0])


def trick_already_recorded_for_another(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, dict.fromkeys(range(4), 2))
    oh_hell_services.record_trick(game=game, deal_number=1, trick_number=1, seat=BEN)
    return lambda: oh_hell_services.record_trick(game=game, deal_number=1, trick_number=1, seat=DAN)


def trick_number_ahead(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, dict.fromkeys(range(4), 2))
    return lambda: oh_hell_services.record_trick(game=game, deal_number=1, trick_number=3, seat=DAN)


def trump_no_trump_with_a_card_to_turn(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    return lambda: oh_hell_services.set_trump(game=game, deal_number=1, trump="NT")


def revoke_before_the_bids(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    return lambda: oh_hell_services.record_revoke(game=game, deal_number=1, seat=BEN)


def zero_adjustment(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    return lambda: oh_hell_services.add_adjustment(
        game=game, deal_number=1, seat=BEN, points=0, note=""
    )


def correction_breaking_the_hook(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    play_deals(game, 2)
    return lambda: oh_hell_services.correct_deal(
        game=game, deal_number=1, bids=[4, 3, 3, 0], tricks=[4, 3, 3, 0], trump=""
    )


def undo_from_a_stale_page(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    place_bids(game, {BEN: 3})
    return lambda: services.undo_last(game=game, version=0)


def undo_with_nothing_to_undo(notebook: Notebook) -> Refused:
    game = start_oh_hell(notebook)
    return lambda: services.undo_last(game=game, version=game.version)


def start_with_two_players(notebook: Notebook) -> Refused:
    return lambda: start_oh_hell(notebook, names=["Anna", "Ben"])


def start_with_a_player_twice(notebook: Notebook) -> Refused:
    return lambda: start_oh_hell(notebook, names=["Anna", "Ben", "anna"])


def kozel_with_one_point(notebook: Notebook) -> Refused:
    match = start_kozel(notebook)
    return lambda: enter_kozel_deal(match, points=1)


def kozel_with_119_points(notebook: Notebook) -> Refused:
    match = start_kozel(notebook)
    return lambda: enter_kozel_deal(match, points=119)


def kozel_with_0_points_and_no_trick_answer(notebook: Notebook) -> Refused:
    match = start_kozel(notebook)
    return lambda: enter_kozel_deal(match, points=0)


def kozel_last_trick_by_a_team_with_no_trick(notebook: Notebook) -> Refused:
    match = start_kozel(notebook)
    return lambda: enter_kozel_deal(match, points=0, took_trick=False, last_trick_seat=CARLA)


def kozel_other_points_for_an_entered_deal(notebook: Notebook) -> Refused:
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=70)
    return lambda: services.record_round(
        game=match, round_number=1, entry={"team": 0, "points": 40}
    )


def kozel_deal_after_the_goat(notebook: Notebook) -> Refused:
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=0, took_trick=False)
    enter_kozel_deal(match, points=0, took_trick=False)
    return lambda: enter_kozel_deal(match, points=70)


@pytest.mark.parametrize(
    ("setup", "refusal"),
    [
        (bid_above_the_cards, RuleError),
        (bid_the_hook_forbids, RuleError),
        (bid_changed_after_the_next_player, RuleError),
        (out_of_turn_bid_changed, RuleError),
        (bid_for_a_stale_deal, Conflict),
        (bid_in_a_finished_session, RuleError),
        (tricks_that_do_not_add_up, RuleError),
        (tricks_above_the_cards, RuleError),
        (tricks_before_every_bid, RuleError),
        (tricks_against_the_tapped_tricks, RuleError),
        (tricks_for_a_deal_already_scored, Conflict),
        (tricks_in_a_finished_session, RuleError),
        (trick_already_recorded_for_another, Conflict),
        (trick_number_ahead, Conflict),
        (trump_no_trump_with_a_card_to_turn, RuleError),
        (revoke_before_the_bids, RuleError),
        (zero_adjustment, RuleError),
        (correction_breaking_the_hook, RuleError),
        (undo_from_a_stale_page, Conflict),
        (undo_with_nothing_to_undo, RuleError),
        (start_with_two_players, RuleError),
        (start_with_a_player_twice, RuleError),
        (kozel_with_one_point, RuleError),
        (kozel_with_119_points, RuleError),
        (kozel_with_0_points_and_no_trick_answer, RuleError),
        (kozel_last_trick_by_a_team_with_no_trick, RuleError),
        (kozel_other_points_for_an_entered_deal, Conflict),
        (kozel_deal_after_the_goat, RuleError),
    ],
    ids=lambda value: getattr(value, "__name__", ""),
)
def test_a_refused_action_saves_nothing(notebook, setup, refusal) -> None:
    refused = setup(notebook)
    before = all_rows()

    with pytest.raises(refusal):
        refused()

    assert all_rows() == before

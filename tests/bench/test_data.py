"""The benchmarks' sessions are real sessions: made through the services, scored by the rules."""

from datetime import timedelta

import pytest

from bench import data
from games import services
from games.models import Game, Notebook


@pytest.fixture
def notebook(db) -> Notebook:
    return Notebook.objects.create(name="Bench")


@pytest.mark.parametrize(
    ("bids", "cards"), [((0, 0, 0), 1), ((1, 2, 0, 3), 7), ((3, 3, 3), 5), ((0, 1, 0, 1, 0), 1)]
)
def test_the_tricks_it_enters_add_up_to_the_cards(bids, cards) -> None:
    tricks = data.tricks_for(bids, cards)

    assert sum(tricks) == cards
    assert all(t >= 0 for t in tricks)


def test_the_score_sheet_session_has_seven_players_and_nineteen_scored_deals(notebook) -> None:
    game = data.oh_hell_session(notebook, data.SEVEN, played=19, schedule=data.NINETEEN_DEALS)

    table = services.load_oh_hell(game)
    assert table.players == 7
    assert len(table.result.deals) == 19
    assert table.result.finished
    assert game.finished
    # The penalty of deal 2 is on the sheet, and in the totals.
    assert table.result.deals[1].adjustment[1] == -10


def test_the_deal_screen_session_is_in_its_last_deal_with_every_bid_and_three_tricks(
    notebook,
) -> None:
    game = data.oh_hell_session(
        notebook, data.SEVEN, played=18, schedule=data.NINETEEN_DEALS, bids=7, tricks=3
    )

    table = services.load_oh_hell(game)
    assert table.plan.number == 19
    assert table.bidding.complete
    assert len(table.current.trick_winners) == 3


def test_a_kozel_match_of_ten_deals_is_still_in_play(notebook) -> None:
    match = data.kozel_match(notebook, 10)

    assert match.kozel_deals.count() == 10
    assert not match.finished


def test_a_copied_session_scores_exactly_as_its_original(notebook) -> None:
    game = data.oh_hell_session(notebook, data.SEVEN[:4], played=5)

    copy = data.copy_session(game, age=timedelta(days=3))

    original, copied = services.load_oh_hell(game), services.load_oh_hell(copy)
    assert copy.public_id != game.public_id
    assert copied.result.totals == original.result.totals
    assert copied.names == original.names
    assert Game.objects.get(pk=copy.pk).changes.count() == game.changes.count()

"""The benchmarks' sessions are real sessions, made through the services, and are what
the pages they measure need."""

from datetime import timedelta

import pytest

from bench import data
from games import services
from games.models import Game, Notebook, ShareLink


@pytest.fixture
def notebook(db) -> Notebook:
    return Notebook.objects.create(name="Bench")


@pytest.mark.parametrize(
    ("bids", "cards"), [((0, 0, 0), 1), ((1, 2, 0, 3), 7), ((3, 3, 3), 5), ((0, 1, 0, 1, 0), 1)]
)
def test_the_tricks_it_enters_add_up_to_the_cards(bids, cards) -> None:
    tricks = data.tricks_for(bids, cards)

    assert sum(tricks) == cards
    assert all(taken >= 0 for taken in tricks)


def test_the_pages_are_a_sheet_of_19_deals_and_a_deal_screen_at_deal_19(db) -> None:
    ids = data.pages(sessions=0)

    sheet = services.load(Game.objects.get(public_id=ids["sheet"]))
    assert (sheet.players, len(sheet.result.deals)) == (7, 19)
    assert sheet.game.finished_at is not None
    assert sheet.result.deals[1].adjustment[1] == -10  # the penalty of deal 2
    deal = services.load(Game.objects.get(public_id=ids["deal"]))
    assert deal.plan.number == 19 and deal.bidding.complete
    assert len(deal.current.trick_winners) == 3
    assert deal.game.version == ids["version"]
    assert ShareLink.objects.get(key=ids["view_link"]).game == deal.game
    assert Game.objects.get(public_id=ids["kozel"]).rounds.count() == 6


def test_a_copied_session_scores_as_its_original(notebook) -> None:
    game = data.oh_hell_session(notebook, data.SEVEN[:4], played=5)

    data.copy_session(Game.objects.get(pk=game.pk), age=timedelta(days=3))

    original, copy = Game.objects.filter(notebook=notebook).order_by("-created_at")
    assert copy.pk != game.pk and original.pk == game.pk
    copied, played = services.load(copy), services.load(original)
    assert copied.result.totals == played.result.totals
    assert copied.names == played.names
    assert copy.changes.count() == original.changes.count()


def test_the_load_tests_tables_are_tables_of_four_in_their_first_deal(db) -> None:
    tables = data.tables(3)

    for table in tables:
        game = Game.objects.get(public_id=table["game"])
        loaded = services.load(game)
        assert loaded.players == 4 and loaded.plan.number == 1
        assert game.notebook.key == table["notebook"]
        assert ShareLink.objects.get(key=table["view"]).game == game


def test_the_drawing_bench_finds_oh_hell_at_deal_7_and_skull_king_at_round_8(db) -> None:
    ids = data.drawing()

    oh_hell = services.load(Game.objects.get(public_id=ids["oh_hell"]))
    assert (oh_hell.plan.number, oh_hell.plan.cards) == (7, 4)
    assert oh_hell.names[oh_hell.plan.dealer] == "Ben"
    assert not oh_hell.bidding.bids
    skull = Game.objects.get(public_id=ids["skull"])
    assert skull.rounds.filter(done=True).count() == 7
    assert skull.seats.count() == 5
    assert {oh_hell.game.notebook.key, skull.notebook.key} == {ids["notebook"]}

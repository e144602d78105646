"""Every session the app accepted exports and restores (issue 38, item 5): a session at
every limit of games/limits.py (200 deals, 100 adjustments of 1000 points with notes of
120 characters, seven players with names of 40, each character four bytes in UTF-8), and
a notebook at its own (10,000 players, 10,000 sessions), go out as JSON and CSV and come
back identical through the import page, the notebook's backup and restore pages, the
operator's backup_notebooks and restore_notebooks, and a deletion's Undo.

The Oh Hell session's first 196 deals come from a file (each is deal 1 revoked, as the
services wrote it once); the services then take it to each limit and refuse one more."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from games import exports, limits, services
from games.kinds import kind_of
from games.models import Game, Notebook
from games.rules import RuleError
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import client_of, form_key, start_oh_hell
from tests.games.test_limits import fill_notebook

#: Seven names of 40 characters, each four bytes in UTF-8 (playing cards, U+1F0A1 …).
NAMES = ["🂡" * 39 + chr(0x1F0B1 + seat) for seat in range(7)]
NOTE = "🂠" * limits.NOTE_LENGTH
FROM_A_FILE = limits.MOST_DEALS - 4


def table_of(game: Game):
    return services.load(Game.objects.get(pk=game.pk))


def bid_and_tap(game: Game, taps: int) -> int:
    """The deal in play: everyone bids 0, then ``taps`` tricks fall to the first bidder."""
    table = table_of(game)
    number = table.deal_number(table.current)
    for seat in table.bidding.order:
        oh_hell_services.place_bid(game=game, deal_number=number, seat=seat, bid=0)
    for trick in range(1, taps + 1):
        oh_hell_services.record_trick(
            game=game, deal_number=number, trick_number=trick, seat=table.bidding.order[0]
        )
    return number


def revoked(game: Game) -> None:
    oh_hell_services.record_revoke(game=game, deal_number=bid_and_tap(game, 6), seat=0)


def oh_hell_at_every_limit(notebook: Notebook) -> Game:
    """Seven players, deal 1 (seven cards) revoked after six tricks, 199 times; deal 200 in
    play; 100 adjustments of ±1000 points, each with a note of 120 characters."""
    first = start_oh_hell(notebook, names=NAMES)
    oh_hell_services.set_trump(game=first, deal_number=1, trump="H")
    revoked(first)
    data = exports.session_json(table_of(first))
    one, in_play = data["deals"]
    adjustments = [
        {"seat": n % 7, "points": 1000 if n % 2 else -1000, "note": NOTE}
        for n in range(limits.MOST_ADJUSTMENTS - 1)
    ]
    data["deals"] = [{**one, "adjustments": adjustments[n : n + 1]} for n in range(FROM_A_FILE)] + [
        in_play
    ]
    game = exports.import_session(notebook=notebook, plan=exports.session_plan(data))
    Game.objects.filter(pk=first.pk).delete()
    while game.deals.count() < limits.MOST_DEALS:
        revoked(game)
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=6, points=1000, note=NOTE)
    bid_and_tap(game, 6)
    return Game.objects.get(pk=game.pk)


KOZEL_DEAL = {"team": 0, "points": 60}


def kozel_at_the_limit(notebook: Notebook) -> Game:
    match = start(notebook, "kozel", "classic", NAMES[:4])
    for number in range(1, limits.MOST_DEALS + 1):
        services.record_round(
            game=match, round_number=number, entry={"team": number % 2, "points": 60}
        )
    return match


def sheet_at_the_limit(notebook: Notebook) -> Game:
    game = start(notebook, "any_game", "free", NAMES)
    for number in range(1, limits.MOST_DEALS + 1):
        points = [(-1) ** seat * 100_000 for seat in range(7)]
        services.record_round(game=game, round_number=number, entry={"points": points})
    return game


def start(notebook: Notebook, kind: str, preset: str, names) -> Game:
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=list(names),
        first_dealer=0,
    )


@pytest.fixture
def at_the_limits(notebook) -> list[Game]:
    return [
        oh_hell_at_every_limit(notebook),
        kozel_at_the_limit(notebook),
        sheet_at_the_limit(notebook),
    ]


def contents(game: Game) -> dict:
    """A session as its file says it, less what a copy may not keep (its id, its times)."""
    data = exports.session_json(table_of(game))
    return {key: value for key, value in data.items() if key not in ("id", "created_at")}


def upload(phone: Client, content: bytes, url: str):
    file = SimpleUploadedFile("file.json", content, content_type="application/json")
    return phone.post(reverse(url), {"file": file, "idem": form_key()})


def restored(notebook: Notebook) -> list[dict]:
    return [contents(game) for game in notebook.games.order_by("created_at", "pk")]


def test_each_session_at_the_limits_refuses_one_more_and_comes_back_identical(
    client, notebook, at_the_limits
) -> None:
    """The services refuse one more deal or adjustment; its JSON (in each language, whose
    explanations it carries) fits a session file; the import page and a deletion's Undo
    bring it back identical."""
    oh_hell_game, match, sheet = at_the_limits
    table = table_of(oh_hell_game)
    assert len(table.deals) == table.deal_number(table.current) == limits.MOST_DEALS
    assert sum(len(deal.adjustment_list) for deal in table.deals) == limits.MOST_ADJUSTMENTS
    one_more = [
        (oh_hell_services.record_revoke, {"game": oh_hell_game, "deal_number": 200, "seat": 0}),
        (services.record_round, {"game": match, "round_number": 201, "entry": KOZEL_DEAL}),
        (services.record_round, {"game": sheet, "round_number": 201, "entry": {"points": [0] * 7}}),
    ]
    for action, arguments in one_more:
        with pytest.raises(RuleError) as refusal:
            action(**arguments)
        assert str(refusal.value) == "A session can have at most 200 deals."
    with pytest.raises(RuleError) as refusal:
        oh_hell_services.add_adjustment(game=oh_hell_game, deal_number=2, seat=0, points=1, note="")
    assert str(refusal.value) == "A session can have at most 100 adjustments."

    phone = client_of(Notebook.objects.create())
    for game in at_the_limits:
        url = reverse("export_json", args=[game.public_id])
        for language in ("en", "it", "pl", "ru"):
            size = len(client.get(url, HTTP_ACCEPT_LANGUAGE=language).content)
            assert size < limits.SESSION_FILE_LIMIT / 2, (game.kind, language, size)
        assert client.get(reverse("export_csv", args=[game.public_id])).status_code == 200

        response = upload(phone, client.get(url).content, "import_session")

        assert response.status_code == 302, response.content.decode()[:2000]
        copy = Game.objects.get(public_id=response["Location"].split("/")[2])
        assert contents(copy) == contents(game)
        before = contents(game)
        back = exports.undo_delete_session(
            notebook=notebook, token=exports.delete_session(game=game)
        )
        assert contents(back) == before


@pytest.mark.long
def test_a_notebook_with_sessions_at_the_limits_restores_identical(
    client, notebook, at_the_limits, tmp_path: Path
) -> None:
    """By its own backup and restore pages, and by the operator's commands."""
    backup = client.get(reverse("backup_notebook")).content
    assert len(backup) < limits.NOTEBOOK_FILE_LIMIT
    original = restored(notebook)

    response = upload(Client(), backup, "restore_notebook")

    assert response.status_code == 302
    copy = Notebook.objects.exclude(pk=notebook.pk).get()
    assert restored(copy) == original

    target = tmp_path / "backup.json"
    call_command("backup_notebooks", "--output", str(target), stdout=StringIO())
    key = notebook.key
    Notebook.objects.all().delete()
    call_command("restore_notebooks", str(target), stdout=StringIO())
    assert restored(Notebook.objects.get(key=key)) == original


@pytest.mark.long
def test_a_notebook_at_its_limits_backs_up_and_restores(client, notebook) -> None:
    fill_notebook(notebook, players=limits.MOST_PLAYERS, sessions=limits.MOST_SESSIONS - 1)
    last = start(notebook, "kozel", "classic", ["P10", "P11", "P12", "P13"])
    backup = client.get(reverse("backup_notebook")).content
    assert len(backup) < limits.NOTEBOOK_FILE_LIMIT
    data = json.loads(backup)
    assert (len(data["players"]), len(data["sessions"])) == (10_000, 10_000)

    response = upload(Client(), backup, "restore_notebook")

    assert response.status_code == 302
    copy = Notebook.objects.exclude(pk=notebook.pk).get()
    assert (copy.players.count(), copy.games.count()) == (10_000, 10_000)
    # One more session fits in neither.
    one_more = client.get(reverse("export_json", args=[last.public_id])).content
    for phone in (client, client_of(copy)):
        refused = upload(phone, one_more, "import_session")
        assert refused.status_code == 422
        assert "A notebook can have at most 10000 sessions." in refused.content.decode()

"""Importing a session file and restoring a notebook backup.

A file comes back as the very session it was exported from; a file that is not
valid is refused with one sentence, a 4xx, and nothing saved.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains

from games import exports, services
from games.models import Change, Game, Notebook, Player
from tests.games.conftest import (
    ANNA,
    all_rows,
    client_of,
    enter_kozel_deal,
    form_key,
    play_deal,
    play_deals,
    start_kozel,
    start_oh_hell,
)
from tests.games.test_exports import finished_kozel, finished_oh_hell, oh_hell_with_revoke


def exported(client: Client, game: Game) -> bytes:
    return client.get(reverse("export_json", args=[game.public_id])).content


def upload(client: Client, content: bytes | dict, url: str = "import_session"):
    if isinstance(content, dict):
        content = json.dumps(content).encode()
    file = SimpleUploadedFile("session.json", content, content_type="application/json")
    return client.post(reverse(url), {"file": file, "idem": form_key()})


def imported(notebook: Notebook) -> Game:
    return Game.objects.filter(notebook=notebook).latest("pk")


def other_notebook() -> Notebook:
    return Notebook.objects.get(name="Another table")


# -- the round trip ----------------------------------------------------------------------

BUILDS = {
    "oh hell in play, with a revoke, adjustments and a bid out of turn": oh_hell_with_revoke,
    "oh hell played to the end, with a revoke and adjustments": finished_oh_hell,
    "a finished kozel match with eggs": finished_kozel,
}


@pytest.mark.parametrize("build", BUILDS.values(), ids=BUILDS.keys())
def test_export_import_export_gives_the_same_file(
    client, stranger, notebook, build: Callable[[Notebook], Game]
) -> None:
    game = build(notebook)
    first = exported(client, game)

    response = upload(stranger, first)

    copy = imported(other_notebook())
    assert response.status_code == 302
    assert response["Location"] == reverse("game", args=[copy.public_id])
    second = exported(stranger, copy)
    assert copy.public_id != game.public_id
    # The same file byte for byte, apart from the session's id.
    assert second.replace(copy.public_id.encode(), game.public_id.encode()) == first


def test_the_imported_session_plays_on_where_it_stopped(client, stranger, notebook) -> None:
    game = oh_hell_with_revoke(notebook)
    upload(stranger, exported(client, game))
    copy = imported(other_notebook())

    play_deal(copy, bids={ANNA: 0, 2: 0})  # Ben and Dan bid in the file

    table = services.load(copy)
    assert table.result.next_deal.number == 4
    assert table.result.deals[-1].record.bids == (0, 1, 0, 2)


def test_players_are_found_by_name_whatever_the_case(client, notebook) -> None:
    game = start_oh_hell(notebook)
    play_deal(game)
    data = json.loads(exported(client, game))
    data["seats"] = ["anna", "BEN", "Carla", "Eve"]

    upload(client, data)

    assert sorted(Player.objects.filter(notebook=notebook).values_list("name", flat=True)) == [
        "Anna",
        "Ben",
        "Carla",
        "Dan",
        "Eve",
    ]
    assert [s.player.name for s in imported(notebook).seats.select_related("player")] == [
        "Anna",
        "Ben",
        "Carla",
        "Eve",
    ]


def test_a_phone_without_a_notebook_gets_a_new_one_with_the_session(client, visitor, game) -> None:
    play_deal(game)

    response = upload(visitor, exported(client, game))

    new = Notebook.objects.latest("pk")
    assert response.cookies["notebook"].value == new.key
    assert visitor.get(response["Location"]).status_code == 200
    assert new.players.count() == 4


def test_an_import_is_a_line_in_the_sessions_history(client, stranger, notebook) -> None:
    upload(stranger, exported(client, finished_kozel(notebook)))
    copy = imported(other_notebook())

    assert list(copy.changes.values_list("action", flat=True)) == ["import"]
    assert copy.finished


def test_an_undo_right_after_an_import_changes_nothing(client, stranger, notebook) -> None:
    game = oh_hell_with_revoke(notebook)
    upload(stranger, exported(client, game))
    copy = imported(other_notebook())
    before = exported(stranger, copy)

    stranger.post(reverse("undo", args=[copy.public_id]), {"version": copy.version})

    assert exported(stranger, copy) == before


def test_the_file_may_leave_out_a_deal_nobody_has_bid_in(client, stranger, game) -> None:
    play_deal(game)
    data = json.loads(exported(client, game))
    data["deals"].pop()  # deal 2: nothing entered yet

    upload(stranger, data)

    copy = imported(other_notebook())
    assert (
        json.loads(exported(stranger, copy))["deals"] == json.loads(exported(client, game))["deals"]
    )


@pytest.mark.parametrize(
    "why",
    [None, "not a list", [["a line the app never wrote"]] * 4],
    ids=["left out", "not a list", "other words"],
)
def test_the_explanations_are_not_read_back_with_or_without_them(
    client, stranger, notebook, why
) -> None:
    """``result`` (``why`` included) is what the app computed, for people and other
    programs; an import computes it again (docs/export-format.md, format version 1)."""
    game = oh_hell_with_revoke(notebook)
    first = exported(client, game)
    data = json.loads(first)
    for deal in data["result"]["deals"]:
        if why is None:
            del deal["why"]
        else:
            deal["why"] = why

    response = upload(stranger, data)

    assert response.status_code == 302
    copy = imported(other_notebook())
    second = exported(stranger, copy)
    assert second.replace(copy.public_id.encode(), game.public_id.encode()) == first


@pytest.mark.parametrize("sessions", [1, 3])
def test_a_restore_costs_the_same_queries_however_many_sessions(
    client, notebook, django_assert_num_queries, sessions
) -> None:
    for _ in range(sessions):
        play_deals(start_oh_hell(notebook), 2)
    backup = client.get(reverse("backup_notebook")).content
    phone = client_of(Notebook.objects.create())

    # the notebook from its cookie; savepoint, the notebook locked, its keys past a
    # retry's reach deleted, the form's key claimed (savepoint, insert, release), its
    # players, its sessions counted (games/limits.py), new players, the sessions, when they
    # started, when they changed, seats, deals, hands, the history lines, the key's first
    # session noted, release
    with django_assert_num_queries(19):
        response = upload(phone, backup, "restore_notebook")

    assert response.status_code == 302


@pytest.mark.parametrize("played", [1, 19])
def test_an_import_costs_the_same_queries_however_long_the_session(
    client, stranger, game, django_assert_num_queries, played
) -> None:
    play_deals(game, played)
    content = exported(client, game)

    # the notebook from its cookie; savepoint, the notebook locked, its keys past a
    # retry's reach deleted, the form's key claimed (savepoint, insert, release), its
    # players, its sessions counted (games/limits.py), new players, the session, when it
    # started, when it changed, seats, deals, hands, the history line, the key's session
    # noted, release
    with django_assert_num_queries(19):
        response = upload(stranger, content)

    assert response.status_code == 302


# -- refusals --------------------------------------------------------------------------


def change(mutate: Callable[[dict], object]) -> Callable[[dict], dict]:
    def apply(data: dict) -> dict:
        mutate(data)
        return data

    return apply


def deal(index: int, **fields: object) -> Callable[[dict], dict]:
    return change(lambda data: data["deals"][index].update(fields))


# name: (what is done to a good file, the one sentence the visitor reads)
REFUSALS = {
    "not JSON": (lambda data: b"Anna 112, Ben 98", "it is not valid JSON"),
    "not UTF-8": (lambda data: b"\xff\xfe{\x00}", "it is not valid JSON"),
    "NaN": (lambda data: b'{"version": NaN}', "it is not valid JSON"),
    "a list": (lambda data: b"[1, 2, 3]", "This file is not a Scorekeeper export."),
    "another format": (
        change(lambda data: data.update(format="something.else")),
        "This file is not a Scorekeeper export.",
    ),
    "a notebook backup": (
        change(lambda data: data.update(format="scorekeeper.notebook")),
        "This file is a notebook backup: restore it as a backup instead.",
    ),
    "a newer version": (
        change(lambda data: data.update(version=2)),
        "This file has format version 2; Scorekeeper reads version 1.",
    ),
    "no version": (change(lambda data: data.pop("version")), "“version” is missing."),
    "no deals": (change(lambda data: data.pop("deals")), "“deals” is missing."),
    "no seats": (change(lambda data: data.pop("seats")), "“seats” is missing."),
    "a deal without bids": (
        change(lambda data: data["deals"][0].pop("bids")),
        "Deal 1: “bids” is missing.",
    ),
    "the first dealer as text": (
        change(lambda data: data.update(first_dealer="0")),
        "“first_dealer” must be a whole number.",
    ),
    "a first dealer off the table": (
        change(lambda data: data.update(first_dealer=4)),
        "The first dealer must be one of the players.",
    ),
    "seats as an object": (
        change(lambda data: data.update(seats={"Anna": 0})),
        "“seats” must be a list.",
    ),
    "bids as text": (
        deal(0, bids=["0", "0", "0", "0"]),
        "Deal 1: “bids” must have one whole number or null per seat.",
    ),
    "a bid of true": (
        deal(0, bids=[True, 0, 0, 0]),
        "Deal 1: “bids” must have one whole number or null per seat.",
    ),
    "a bid of 1.5": (
        deal(0, bids=[1.5, 0, 0, 0]),
        "Deal 1: “bids” must have one whole number or null per seat.",
    ),
    "bids breaking the hook": (
        deal(0, bids=[10, 0, 0, 0], tricks=[10, 0, 0, 0]),
        "Deal 1: The hook: the bids may not add up to the number of tricks (10).",
    ),
    "tricks not adding up": (
        deal(0, tricks=[0, 10, 1, 0]),
        "Deal 1: The tricks add up to 11, but 10 were played: check the counts.",
    ),
    "a huge bid": (
        deal(0, bids=[10**30, 0, 0, 0]),
        "Deal 1: A bid is a whole number from 0 to 10.",
    ),
    "a number of 5000 digits": (
        lambda data: (
            json.dumps(data).replace('"first_dealer": 0', '"first_dealer": ' + "9" * 5000).encode()
        ),
        "it is not valid JSON",
    ),
    "a huge adjustment": (
        deal(0, adjustments=[{"seat": 0, "points": 10**12, "note": ""}]),
        "Deal 1: An adjustment can be at most 1000 points.",
    ),
    "an adjustment of 0": (
        deal(0, adjustments=[{"seat": 0, "points": 0}]),
        "Deal 1: Enter the points to add or take away (not 0).",
    ),
    "thousands of adjustments": (
        deal(0, adjustments=[{"seat": 0, "points": 1}] * 5000),
        "Deal 1: A session can have at most 100 adjustments.",
    ),
    "a note of 10,000 characters": (
        deal(0, adjustments=[{"seat": 0, "points": 1, "note": "x" * 10_000}]),
        "Deal 1: A note can have at most 120 characters.",
    ),
    "a name of 10,000 characters": (
        change(lambda data: data["seats"].__setitem__(0, "A" * 10_000)),
        "A name can have at most 40 characters.",
    ),
    "the same player twice": (
        change(lambda data: data["seats"].__setitem__(1, "ANNA")),
        "Each player can sit at the table only once.",
    ),
    "eight players": (
        change(lambda data: data["seats"].extend(["E", "F", "G", "H"])),
        "Oh Hell is for 3 to 7 players.",
    ),
    "thousands of deals": (
        change(lambda data: data["deals"].extend([data["deals"][0]] * 5000)),
        "A session can have at most 200 deals.",
    ),
    "an unknown option": (
        change(lambda data: data["options"].update({"x" * 1000: 1})),
        "Unknown option " + "x" * 40 + "…",
    ),
    "an unknown preset": (
        change(lambda data: data.update(preset="bridge")),
        "Unknown preset for this game.",
    ),
    "a hook of yes": (
        change(lambda data: data["options"].update(hook="yes")),
        "“hook” must be true or false.",
    ),
    "a trump of many letters": (
        deal(0, trump="spades" * 1000),
        "Deal 1: Trump must be spades, hearts, diamonds or clubs.",
    ),
    "a trick won by nobody at the table": (
        deal(0, trick_winners=[9]),
        "Deal 1: No such player at this table.",
    ),
    "a deal in play before a played one": (
        change(lambda data: data["deals"].insert(0, data["deals"][-1])),
        "Deal 1: Enter everyone's tricks to score the deal.",
    ),
    "a date that is not a date": (
        change(lambda data: data.update(created_at="yesterday")),
        "“created_at” must be a date and time like 2025-01-31T20:15:00Z.",
    ),
    "a date before the calendar": (
        change(lambda data: data.update(finished_at="0001-01-01T00:00:00+14:00")),
        "“finished_at” must be a date and time like 2025-01-31T20:15:00Z.",
    ),
    "deeply nested": (lambda data: b"[" * 100_000 + b"]" * 100_000, "it is not valid JSON"),
    "nested inside a deal": (
        deal(0, bids=json.loads("[" * 500 + "]" * 500)),
        "Deal 1: “bids” must have one whole number or null per seat.",
    ),
}


@pytest.fixture
def good_file(client, game) -> dict:
    """Two deals played of down and up with the hook (10 cards, then 9)."""
    play_deals(game, 2)
    return json.loads(exported(client, game))


@pytest.mark.parametrize(("mutate", "message"), REFUSALS.values(), ids=REFUSALS.keys())
def test_a_file_that_is_not_valid_is_refused_with_one_sentence_and_nothing_saved(
    client, good_file, mutate, message
) -> None:
    content = mutate(good_file)
    before = all_rows()

    response = upload(client, content)

    assert response.status_code == 422
    assertContains(response, 'role="alert"', count=1, status_code=422)
    assert message in response.content.decode().replace("&#x27;", "'")
    assert all_rows() == before


@pytest.mark.parametrize("in_play", [False, True])
def test_a_deal_after_the_end_of_the_game_is_refused(client, notebook, in_play) -> None:
    data = json.loads(exported(client, finished_oh_hell(notebook)))
    extra = dict(data["deals"][-1])
    if in_play:
        extra.update(tricks=None, bids=[None] * 4, trick_winners=[], adjustments=[])
    data["deals"].append(extra)
    before = all_rows()

    response = upload(client, data)

    assertContains(response, "The game is over: the schedule has no more deals.", status_code=422)
    assert all_rows() == before


def test_a_kozel_deal_after_the_match_is_over_is_refused(client, notebook) -> None:
    data = json.loads(exported(client, finished_kozel(notebook)))
    data["deals"].append({"team": 0, "points": 40})
    before = all_rows()

    response = upload(client, data)

    assertContains(response, "The match is over: no more deals.", status_code=422)
    assert all_rows() == before


def test_a_kozel_deal_without_the_trick_question_is_refused(client, notebook) -> None:
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=40)
    data = json.loads(exported(client, match))
    data["deals"].append({"team": 1, "points": 0})

    response = upload(client, data)

    assertContains(
        response, "Deal 2: Say whether the team with 0 points took a trick.", status_code=422
    )


def test_a_file_over_one_megabyte_is_refused_before_it_is_read(client, good_file) -> None:
    content = json.dumps(good_file).encode() + b" " * (1024 * 1024)
    before = all_rows()

    response = upload(client, content)

    assertContains(response, "This file is larger than 1 MB, too large to import.", status_code=413)
    assert all_rows() == before


def test_a_post_without_a_file_asks_for_one(client, notebook) -> None:
    response = client.post(reverse("import_session"), {})

    assertContains(response, "Choose a file to import.", status_code=422)


def test_an_import_needs_the_pages_csrf_token(notebook, good_file) -> None:
    careful = Client(enforce_csrf_checks=True)
    careful.cookies["notebook"] = notebook.key
    before = all_rows()

    response = upload(careful, good_file)

    assert response.status_code == 403
    assert all_rows() == before


def test_a_too_large_body_is_refused_without_a_csrf_token_too(notebook) -> None:
    careful = Client(enforce_csrf_checks=True)
    file = SimpleUploadedFile("big.json", b"x" * (2 * 1024 * 1024))

    response = careful.post(reverse("import_session"), {"file": file})

    assert response.status_code == 413


def test_a_put_is_not_allowed(client, notebook) -> None:
    assert client.put(reverse("import_session")).status_code == 405


def test_the_import_page_opens_without_a_notebook(visitor, db) -> None:
    response = visitor.get(reverse("import_session"))

    assertContains(response, "<h1")
    assertContains(response, "go into a new notebook")
    assert reverse("backup_notebook") not in response.content.decode()


# -- the notebook's backup and its restore ---------------------------------------------


def test_a_backup_restores_into_another_notebook_session_for_session(client, notebook) -> None:
    games = [oh_hell_with_revoke(notebook), finished_kozel(notebook), finished_oh_hell(notebook)]
    backup = client.get(reverse("backup_notebook")).content
    other = Notebook.objects.create(name="A new phone")
    phone = client_of(other)

    response = upload(phone, backup, "restore_notebook")

    assert response.status_code == 302
    assertContains(phone.get(response["Location"]), "Backup restored: 3 sessions.")
    copies = list(other.games.order_by("created_at", "pk"))
    for game, copy in zip(games, copies, strict=True):
        first, second = exported(client, game), exported(phone, copy)
        assert second.replace(copy.public_id.encode(), game.public_id.encode()) == first


def test_a_backup_brings_players_without_sessions_too(client, notebook) -> None:
    Player.objects.create(notebook=notebook, name="Zoë")
    backup = client.get(reverse("backup_notebook")).content
    other = Notebook.objects.create()

    upload(client_of(other), backup, "restore_notebook")

    assert list(other.players.values_list("name", flat=True)) == ["Zoë"]


def test_a_restore_without_a_notebook_makes_one_with_the_backups_name(
    client, visitor, notebook
) -> None:
    finished_kozel(notebook)
    backup = client.get(reverse("backup_notebook")).content

    response = upload(visitor, backup, "restore_notebook")

    new = Notebook.objects.latest("pk")
    assert new.name == "The Thursday table"
    assert new.key != notebook.key
    assert response.cookies["notebook"].value == new.key
    assert new.games.count() == 1


def test_one_bad_session_in_a_backup_restores_nothing(client, notebook) -> None:
    play_deals(start_oh_hell(notebook), 1)
    second = start_oh_hell(notebook)
    play_deals(second, 1)
    data = json.loads(client.get(reverse("backup_notebook")).content)
    data["sessions"][1]["deals"][0]["tricks"] = [0, 0, 0, 0]
    other = Notebook.objects.create()
    before = all_rows()

    response = upload(client_of(other), data, "restore_notebook")

    assertContains(
        response,
        "Session 2: Deal 1: The tricks add up to 0, but 10 were played: check the counts.",
        status_code=422,
    )
    assert all_rows() == before


def test_a_session_file_in_the_restore_form_is_pointed_to_the_import(client, good_file) -> None:
    response = upload(client, good_file, "restore_notebook")

    assertContains(
        response, "This file is one session: import it as a session instead.", status_code=422
    )


def test_a_restore_keeps_the_sessions_dates(client, notebook) -> None:
    game = finished_kozel(notebook)
    Game.objects.filter(pk=game.pk).update(created_at="2024-03-01T19:00:00Z")
    backup = client.get(reverse("backup_notebook")).content
    other = Notebook.objects.create()

    upload(client_of(other), backup, "restore_notebook")

    copy = other.games.get()
    assert copy.created_at.isoformat() == "2024-03-01T19:00:00+00:00"
    assert copy.finished_at == Game.objects.get(pk=game.pk).finished_at.replace(microsecond=0)


def test_restoring_records_an_import_line_for_each_session(client, notebook) -> None:
    finished_kozel(notebook)
    play_deals(start_oh_hell(notebook), 1)
    backup = client.get(reverse("backup_notebook")).content
    other = Notebook.objects.create()

    upload(client_of(other), backup, "restore_notebook")

    assert Change.objects.filter(game__notebook=other, action="import").count() == 2


def test_notebook_plan_reads_a_backup_without_the_web(client, notebook) -> None:
    finished_oh_hell(notebook)
    data = json.loads(client.get(reverse("backup_notebook")).content)

    plan = exports.notebook_plan(data)

    assert plan.name == "The Thursday table"
    assert plan.key is None  # a visitor's backup has no key
    assert [s.kind for s in plan.sessions] == ["oh_hell"]
    assert plan.sessions[0].finished
    assert plan.sessions[0].names == ["Anna", "Ben", "Carla", "Dan"]
    assert len(plan.sessions[0].deals) == 20  # 19 deals and the replay after the revoke
    assert plan.sessions[0].deals[1]["revoke"] == 2
    assert [h["bid"] for h in plan.sessions[0].deals[0]["hands"]] == [3, 2, 3, 1]


# -- the message a restore leaves ------------------------------------------------------


def test_the_restore_message_is_shown_once_on_the_page_after_it(client, notebook) -> None:
    finished_oh_hell(notebook)
    backup = client.get(reverse("backup_notebook")).content
    phone = client_of(Notebook.objects.create(name="A new phone"))
    # A page in between that shows no message leaves the message where it is.
    response = upload(phone, backup, "restore_notebook")
    assert "Backup restored" not in phone.get(reverse("notebook")).content.decode()

    assertContains(phone.get(response["Location"]), "Backup restored: 1 session.")
    assert "Backup restored" not in phone.get(response["Location"]).content.decode()


def test_the_admin_accepts_the_message_middleware() -> None:
    from django.core import checks

    assert not [message for message in checks.run_checks() if message.id.startswith("admin.")]

"""One entry per intent (issue 25, "entered twice"): every POST that creates something
carries a once-only form key, and a retry answers with what the first one made; a
first visit's notebook is promised to the browser, so two taps or two tabs end in one
notebook. Real concurrent requests, on SQLite and on PostgreSQL."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.models import Game, Notebook, Player, ShareLink
from tests.games.conftest import NAMES, client_of, form_key, play_deal, start_oh_hell
from tests.games.test_concurrency import race

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = 10


def start_form(key: str, names=NAMES) -> dict:
    return {
        "kind": "oh_hell",
        "preset": "classic",
        "seat": list(names),
        "action": "start",
        "idem": key,
    }


def first_visit() -> Client:
    """A phone on its first visit, with the new-session page open (its promise cookie)."""
    phone = Client()
    assert phone.get(reverse("new_session")).status_code == 200
    assert "new_notebook" in phone.cookies
    return phone


def copy_of(phone: Client) -> Client:
    """Another connection that sends the same cookies: the same browser."""
    other = Client()
    other.cookies = phone.cookies.__class__(phone.cookies)
    return other


def test_ten_identical_starts_at_once_make_one_session_and_one_notebook(db) -> None:
    phone = first_visit()
    form = start_form(form_key())

    phones = [copy_of(phone) for _ in range(PHONES)]

    answers = race(*[lambda p=p: p.post(reverse("new_session"), form) for p in phones])

    assert [a.status_code for a in answers] == [302] * PHONES
    assert len({a.url for a in answers}) == 1
    assert Notebook.objects.count() == 1
    assert Game.objects.count() == 1
    assert sorted(Player.objects.values_list("name", flat=True)) == sorted(NAMES)
    game = Game.objects.get()
    assert answers[0].url == reverse("game", args=[game.public_id])
    assert {a.cookies["notebook"].value for a in answers} == {game.notebook.key}


def test_ten_identical_starts_in_a_notebook_make_one_session(notebook) -> None:
    form = start_form(form_key(), names=["Zoe", "Yan", "Xia"])

    answers = race(
        *[lambda: client_of(notebook).post(reverse("new_session"), form) for _ in range(PHONES)]
    )

    assert [a.status_code for a in answers] == [302] * PHONES
    assert Game.objects.filter(notebook=notebook).count() == 1
    assert Player.objects.filter(notebook=notebook).count() == 3


def test_starts_of_different_forms_at_once_add_a_new_player_once(notebook) -> None:
    """Two phones of the notebook start two sessions with the same new player: the
    notebook is locked while players are added, so neither fails on the name."""
    answers = race(
        *[
            lambda: client_of(notebook).post(
                reverse("new_session"), start_form(form_key(), names=["Newcomer", "Ben", "Carla"])
            )
            for _ in range(4)
        ]
    )

    assert [a.status_code for a in answers] == [302] * 4
    assert Game.objects.filter(notebook=notebook).count() == 4
    assert Player.objects.filter(notebook=notebook, name="Newcomer").count() == 1


def test_start_tapped_twice_on_a_first_visit_makes_one_notebook(db) -> None:
    phone = first_visit()
    form = start_form(form_key())

    first = phone.post(reverse("new_session"), form)
    second = copy_of(phone).post(reverse("new_session"), form)  # the answer to the first was lost

    assert first.status_code == second.status_code == 302
    assert first.url == second.url
    assert Notebook.objects.count() == 1 and Game.objects.count() == 1


def test_two_tabs_of_a_first_visit_end_in_one_notebook(db) -> None:
    """Both tabs opened before either started: their forms differ, their promise is one."""
    tab = first_visit()
    other_tab = copy_of(tab)

    answers = race(
        lambda: tab.post(reverse("new_session"), start_form(form_key())),
        lambda: other_tab.post(reverse("new_session"), start_form(form_key(), names=NAMES[:3])),
    )

    assert [a.status_code for a in answers] == [302, 302]
    assert Notebook.objects.count() == 1
    assert Game.objects.count() == 2
    notebook = Notebook.objects.get()
    assert {a.cookies["notebook"].value for a in answers} == {notebook.key}
    assert all(a.cookies["new_notebook"].value == "" for a in answers)  # the promise is kept


def test_a_promise_that_was_not_signed_here_makes_its_own_notebook(notebook) -> None:
    """A browser cannot choose the key of its first notebook: a forged promise naming
    another notebook's key opens nothing of it."""
    phone = Client()
    phone.cookies["new_notebook"] = notebook.key

    response = phone.post(reverse("new_session"), start_form(form_key()))

    assert response.status_code == 302
    game = Game.objects.exclude(notebook=notebook).get()
    assert game.notebook.key != notebook.key
    assert not Game.objects.filter(notebook=notebook).exists()


def test_same_table_again_ten_times_with_one_key_makes_one_session(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic")
    form = {"idem": form_key()}

    answers = race(
        *[
            lambda: client_of(notebook).post(reverse("play_again", args=[game.public_id]), form)
            for _ in range(PHONES)
        ]
    )

    assert [a.status_code for a in answers] == [302] * PHONES
    assert len({a.url for a in answers}) == 1
    assert Game.objects.filter(notebook=notebook).count() == 2


@pytest.mark.parametrize(
    "url", ["new_session", "play_again", "share", "renew_notebook_link", "import", "restore"]
)
def test_a_creating_form_without_its_key_is_refused_and_makes_nothing(
    client, notebook, url
) -> None:
    game = start_oh_hell(notebook, preset="classic")
    before = (Game.objects.count(), ShareLink.objects.count(), Notebook.objects.get().key)
    if url == "new_session":
        response = client.post(reverse(url), {**start_form(""), "idem": ""})
    elif url == "play_again":
        response = client.post(reverse(url, args=[game.public_id]))
    elif url == "share":
        response = client.post(reverse(url, args=[game.public_id]), {"role": "view"})
    elif url == "renew_notebook_link":
        response = client.post(reverse(url))
    else:
        data = client.get(reverse("export_json", args=[game.public_id])).content
        if url == "restore":
            data = client.get(reverse("backup_notebook")).content
        upload = SimpleUploadedFile("f.json", data, content_type="application/json")
        path = reverse("import_session" if url == "import" else "restore_notebook")
        response = client.post(path, {"file": upload})

    assert response.status_code == 400
    assert "out of date" in response.text
    assert (Game.objects.count(), ShareLink.objects.count(), Notebook.objects.get().key) == before


def test_an_import_sent_twice_is_imported_once(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic")
    play_deal(game)
    content = client.get(reverse("export_json", args=[game.public_id])).content
    key = form_key()

    def send() -> object:
        upload = SimpleUploadedFile("s.json", content, content_type="application/json")
        return client_of(notebook).post(reverse("import_session"), {"file": upload, "idem": key})

    answers = race(send, send, send)

    assert [a.status_code for a in answers] == [302] * 3
    assert len({a.url for a in answers}) == 1
    assert Game.objects.filter(notebook=notebook).count() == 2


def test_a_restore_sent_twice_is_restored_once(client, notebook) -> None:
    play_deal(start_oh_hell(notebook, preset="classic"))
    backup = client.get(reverse("backup_notebook")).content
    phone = first_visit()
    key = form_key()

    def send(p: Client) -> object:
        upload = SimpleUploadedFile("b.json", backup, content_type="application/json")
        return p.post(reverse("restore_notebook"), {"file": upload, "idem": key}, follow=True)

    first = send(phone)
    again = send(copy_of(phone))

    assert "Backup restored: 1 session." in first.text
    assert "This backup was restored already." in again.text
    assert Notebook.objects.count() == 2
    assert Game.objects.count() == 2


def test_a_new_link_sent_twice_makes_one_link(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic")
    form = {"role": "view", "idem": form_key()}

    answers = race(
        *[
            lambda: client_of(notebook).post(reverse("share", args=[game.public_id]), form)
            for _ in range(4)
        ]
    )

    assert [a.status_code for a in answers] == [302] * 4
    assert ShareLink.objects.filter(game=game).count() == 1
    assert ShareLink.objects.get(game=game).revoked_at is None


def test_renewing_the_link_twice_with_one_key_renews_once(client, notebook) -> None:
    old = notebook.key
    form = {"idem": form_key()}

    first = client.post(reverse("renew_notebook_link"), form)
    again = client_of(Notebook.objects.get()).post(reverse("renew_notebook_link"), form)

    key = Notebook.objects.get().key
    assert key != old
    assert first.cookies["notebook"].value == again.cookies["notebook"].value == key


def test_a_retry_after_a_refusal_is_a_new_attempt(db) -> None:
    """A refused start saves nothing, its key included: the same form, corrected, starts."""
    phone = first_visit()
    key = form_key()

    refused = phone.post(reverse("new_session"), start_form(key, names=["Anna", "Ben"]))
    started = phone.post(reverse("new_session"), start_form(key))

    assert refused.status_code == 422
    assert started.status_code == 302
    assert Game.objects.count() == 1


def test_an_exported_file_is_not_changed_by_a_retry(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic")
    key = form_key()
    client.post(reverse("play_again", args=[game.public_id]), {"idem": key})
    client.post(reverse("play_again", args=[game.public_id]), {"idem": key})

    new = Game.objects.exclude(pk=game.pk).get()
    data = json.loads(client.get(reverse("export_json", args=[new.public_id])).content)
    assert data["first_dealer"] == 1

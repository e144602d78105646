"""The operators' backup and restore: ``backup_notebooks`` and ``restore_notebooks``."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from games.models import Game, Notebook
from tests.games.conftest import all_rows, client_of, play_deals, start_oh_hell
from tests.games.test_exports import finished_kozel, oh_hell_with_revoke


def run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def exported(notebook: Notebook, game: Game) -> bytes:
    return client_of(notebook).get(reverse("export_json", args=[game.public_id])).content


@pytest.fixture
def two_notebooks(notebook) -> tuple[Notebook, Notebook]:
    """Ours with an Oh Hell game in play and a finished Kozel match; another with one game."""
    oh_hell_with_revoke(notebook)
    finished_kozel(notebook)
    other = Notebook.objects.create(name="Fridays")
    play_deals(start_oh_hell(other, names=["Eve", "Finn", "Gus"]), 3)
    return notebook, other


def test_the_backup_of_every_notebook_goes_to_standard_output(two_notebooks) -> None:
    ours, other = two_notebooks

    data = json.loads(run("backup_notebooks"))

    assert data["format"] == "scorekeeper.notebooks"
    assert data["version"] == 1
    assert [(n["name"], n["key"], len(n["sessions"])) for n in data["notebooks"]] == [
        ("The Thursday table", ours.key, 2),
        ("Fridays", other.key, 1),
    ]


def test_the_backup_of_one_notebook_goes_to_a_file(two_notebooks, tmp_path: Path) -> None:
    ours, _other = two_notebooks
    target = tmp_path / "thursday.json"

    # "=": a key may start with "-", which argparse would take for an option.
    printed = run("backup_notebooks", f"--notebook={ours.key}", "--output", str(target))

    data = json.loads(target.read_text(encoding="utf-8"))
    assert [n["name"] for n in data["notebooks"]] == ["The Thursday table"]
    assert printed == f"Wrote 1 notebook(s), 2 session(s) to {target}.\n"
    assert not list(tmp_path.glob(".*partial"))


def test_an_unknown_key_is_an_error(two_notebooks) -> None:
    with pytest.raises(CommandError, match=r"No notebook has that key\."):
        run("backup_notebooks", "--notebook", "nope")


def test_a_folder_that_does_not_exist_is_an_error(two_notebooks, tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="Could not write"):
        run("backup_notebooks", "--output", str(tmp_path / "missing" / "backup.json"))


def test_a_restore_makes_new_notebooks_and_says_what_it_did(two_notebooks, tmp_path) -> None:
    ours, other = two_notebooks
    backup = tmp_path / "all.json"
    run("backup_notebooks", "--output", str(backup))

    printed = run("restore_notebooks", str(backup))

    assert Notebook.objects.count() == 4
    new_ours, new_other = Notebook.objects.order_by("-pk")[:2][::-1]
    assert printed.splitlines() == [
        f"Notebook The Thursday table: 4 player(s), 2 session(s), a new link: /n/{new_ours.key}/",
        f"Notebook Fridays: 3 player(s), 1 session(s), a new link: /n/{new_other.key}/",
        "Restored 2 notebook(s).",
    ]
    for old, new in ((ours, new_ours), (other, new_other)):
        pairs = zip(old.games.order_by("pk"), new.games.order_by("pk"), strict=True)
        for game, copy in pairs:
            first, second = exported(old, game), exported(new, copy)
            assert second.replace(copy.public_id.encode(), game.public_id.encode()) == first


def test_a_restore_on_a_new_server_keeps_every_phones_link(two_notebooks, tmp_path) -> None:
    ours, _other = two_notebooks
    backup = tmp_path / "all.json"
    run("backup_notebooks", "--output", str(backup))
    Game.objects.all().delete()  # the new server's empty database
    Notebook.objects.all().delete()

    printed = run("restore_notebooks", str(backup))

    assert f"the same link: /n/{ours.key}/" in printed
    assert Notebook.objects.get(key=ours.key).games.count() == 2


def test_a_notebooks_own_backup_from_its_page_restores_too(client, notebook, tmp_path) -> None:
    finished_kozel(notebook)
    backup = tmp_path / "page.json"
    backup.write_bytes(client.get(reverse("backup_notebook")).content)

    printed = run("restore_notebooks", str(backup))

    assert "1 session(s), a new link" in printed
    assert Notebook.objects.count() == 2


def test_an_invalid_backup_restores_nothing(two_notebooks, tmp_path) -> None:
    backup = tmp_path / "all.json"
    run("backup_notebooks", "--output", str(backup))
    data = json.loads(backup.read_text(encoding="utf-8"))
    data["notebooks"][1]["sessions"][0]["deals"][0]["bids"] = [70, 0, 0]
    backup.write_text(json.dumps(data), encoding="utf-8")
    before = all_rows()

    with pytest.raises(CommandError) as error:
        run("restore_notebooks", str(backup))

    assert str(error.value) == (
        "Nothing was restored: Notebook 2: Session 1: Deal 1: A bid is a whole number from 0 to 10."
    )
    assert all_rows() == before


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not json", "it is not valid JSON"),
        (b'{"format": "scorekeeper.notebooks", "version": 9, "notebooks": []}', "version 9"),
        (b'{"format": "scorekeeper.notebooks", "version": 1}', "“notebooks” is missing."),
    ],
)
def test_a_file_that_is_not_a_backup_restores_nothing(db, tmp_path, content, message) -> None:
    backup = tmp_path / "bad.json"
    backup.write_bytes(content)

    with pytest.raises(CommandError, match=message):
        run("restore_notebooks", str(backup))

    assert Notebook.objects.count() == 0


def test_a_file_that_does_not_exist_is_an_error(db, tmp_path) -> None:
    with pytest.raises(CommandError, match="Could not read"):
        run("restore_notebooks", str(tmp_path / "missing.json"))

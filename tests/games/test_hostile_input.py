"""What a stranger may type, at every edge the app has (issue 25, "answers 500").

Values from outside are read in one place (games/inputs.py): a control character in a
path, a query or a form is refused with a 400 in the visitor's language before any
view runs; a cookie holding one is ignored; whole numbers are read as at most ten
ASCII digits before they are converted; imported files refuse control characters in
their text. The same on SQLite and PostgreSQL: nothing is saved, nothing answers 500.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import exports, services
from games.models import Game, Notebook
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import (
    HTMX,
    all_rows,
    client_of,
    enter_kozel_deal,
    form_key,
    play_deal,
    start_kozel,
    start_oh_hell,
)
from tests.games.test_url_walk import concrete, parameters, project_routes

#: 4,301 digits: one more than Python converts from text.
HUGE = "7" * 4301


@pytest.fixture
def sessions(notebook) -> dict[str, Game]:
    """An Oh Hell game with deal 1 scored and a Kozel match with deal 1 entered."""
    game = start_oh_hell(notebook, preset="classic")
    play_deal(game)
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=0, points=5, note="tea")
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=45, last_trick_seat=1)
    return {
        "oh_hell": Game.objects.get(pk=game.pk),
        "kozel": Game.objects.get(pk=match.pk),
    }


# -- whole numbers of thousands of digits ---------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("kind", "page", "fields"),
    [
        ("oh_hell", "tricks", {"deal": "2", "tricks-0": HUGE}),
        ("oh_hell", "tricks", {"deal": HUGE}),
        ("oh_hell", "bid", {"deal": "2", "seat": "1", "bid": HUGE}),
        ("oh_hell", "correct", {"version": HUGE, "bid-0": "0", "tricks-0": "1"}),
        ("oh_hell", "correct", {"action": "remove_adjustment", "adjustment": HUGE}),
        ("oh_hell", "correct", {"action": "adjust", "seat": "0", "points": HUGE}),
        ("kozel", "correct", {"version": HUGE, "e.team": "0", "e.points": "45"}),
        ("kozel", "round", {"deal": "2", "e.team": "0", "e.points": HUGE}),
    ],
)
def test_a_number_of_thousands_of_digits_is_refused_and_nothing_is_saved(
    client, sessions, kind, page, fields
) -> None:
    game = sessions[kind]
    args = [game.public_id, 1] if page == "correct" else [game.public_id]
    before = all_rows()

    for headers in ({}, HTMX):
        response = client.post(reverse(page, args=args), fields, **headers)

        assert 400 <= response.status_code < 500, response.content[:500]
    assert all_rows() == before


@pytest.mark.django_db
def test_a_bid_in_digits_of_another_script_is_refused(client, notebook) -> None:
    game = start_oh_hell(notebook, preset="classic")

    response = client.post(
        reverse("bid", args=[game.public_id]), {"deal": "1", "seat": "1", "bid": "١"}
    )

    assert response.status_code == 422  # the page again, with the form's message
    assert Game.objects.get(pk=game.pk).version == game.version


# -- control characters ---------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("page", "fields"),
    [
        ("bid", {"deal": "2", "seat": "1", "bid": "0", "idem": "key\x00"}),
        ("share", {"role": "view\x00"}),
        ("share", {"role": "edit\x00", "action": "revoke"}),
        ("adjust", {"deal": "1", "seat": "0", "points": "3", "note": "pen\x00alty"}),
        ("new_session", {"action": "add", "new_name": "An\x00na"}),
        ("rename_player", {"name": "Ann\x00a"}),
    ],
)
def test_a_nul_in_a_form_field_is_refused_in_the_visitors_language(
    client, sessions, page, fields
) -> None:
    game = sessions["oh_hell"]
    if page == "new_session":
        url = reverse(page)
    elif page == "rename_player":
        url = reverse(page, args=[game.notebook.players.first().public_id])
    else:
        url = reverse(page, args=[game.public_id])
    before = all_rows()

    english = client.post(url, fields)
    client.cookies["django_language"] = "it"
    italian = client.post(url, fields)

    assert english.status_code == italian.status_code == 400
    assert "control character" in english.text
    assert "carattere di controllo" in italian.text
    assert all_rows() == before


#: Path segments with a NUL, each where the app reads a segment.
NUL_PATHS = [
    "/s/%00/",
    "/s/%00/live/?v=1",
    "/s/%00/export.json",
    "/s/%00/export.csv",
    "/s/%00/sheet/",
    "/n/%00/",
    "/j/%00/",
    "/players/%00/rename/",
    "/stats/%00/",
    "/s/abc%00def/deals/1/",
]


@pytest.mark.django_db
@pytest.mark.parametrize("path", NUL_PATHS)
@pytest.mark.parametrize("method", ["get", "post"])
def test_a_nul_in_a_path_is_refused(client, sessions, path, method) -> None:
    before = all_rows()

    response = getattr(client, method)(path)

    assert response.status_code == 400
    assert all_rows() == before


@pytest.mark.django_db
def test_a_nul_in_a_query_string_is_refused(client, sessions) -> None:
    game = sessions["oh_hell"]

    for query in ("v=1%00", "seat=%00", "stake=1%00"):
        path = reverse("settle_up" if query.startswith("stake") else "live", args=[game.public_id])
        assert client.get(f"{path}?{query}", **HTMX).status_code == 400


@pytest.mark.django_db
@pytest.mark.parametrize("cookie", ["notebook", "links"])
def test_a_cookie_with_a_nul_counts_as_no_cookie(sessions, cookie) -> None:
    game = sessions["oh_hell"]
    phone = Client()
    phone.cookies[cookie] = "\x00" + game.notebook.key

    assert phone.get(reverse("home")).status_code == 200
    assert phone.get(reverse("game", args=[game.public_id])).status_code == 404
    assert phone.get(reverse("live", args=[game.public_id]) + "?v=1", **HTMX).status_code == 404


@pytest.mark.django_db
def test_a_cookie_that_no_key_could_be_opens_nothing(sessions) -> None:
    game = sessions["oh_hell"]
    phone = Client()
    phone.cookies["notebook"] = "x" * 5000
    phone.cookies["links"] = ".".join(["\u00e9" * 30, "a b", "x" * 70])

    assert phone.get(reverse("game", args=[game.public_id])).status_code == 404
    assert phone.get(reverse("notebook")).status_code == 404


# -- imported and restored files ----------------------------------------------------------


def session_file(game: Game) -> dict:
    return exports.session_json(services.load(game))


@pytest.mark.django_db
@pytest.mark.parametrize("where", ["seat", "note", "trump", "preset"])
def test_an_imported_file_with_a_nul_is_refused_and_nothing_is_saved(
    client, sessions, where
) -> None:
    data = session_file(sessions["oh_hell"])
    if where == "seat":
        data["seats"][1] = "Be\x00n"
    elif where == "note":
        data["deals"][0]["adjustments"][0]["note"] = "te\x00a"
    elif where == "trump":
        data["deals"][0]["trump"] = "\x00"
    else:
        data["preset"] = "classic\x00"
    upload = json.dumps(data).encode()
    before = all_rows()

    response = client.post(
        reverse("import_session"), {"file": _file(upload, "session.json"), "idem": form_key()}
    )

    assert response.status_code == 422
    assert "control character" in response.text or "Unknown preset" in response.text
    assert all_rows() == before


@pytest.mark.django_db
def test_a_notebook_backup_with_a_nul_in_a_name_is_refused_whole(client, sessions) -> None:
    [(notebook, tables)] = exports.load_notebooks(
        Notebook.objects.filter(pk=sessions["oh_hell"].notebook.pk)
    )
    data = exports.notebook_json(notebook, tables)
    data["players"].append("Zo\x00e")
    before = all_rows()

    response = client.post(
        reverse("restore_notebook"),
        {"file": _file(json.dumps(data).encode(), "backup.json"), "idem": form_key()},
    )

    assert response.status_code == 422
    assert "control characters" in response.text
    assert all_rows() == before


@pytest.mark.django_db
def test_restore_notebooks_refuses_a_name_with_a_nul_with_a_sentence(sessions, tmp_path) -> None:
    loaded = exports.load_notebooks(Notebook.objects.filter(pk=sessions["oh_hell"].notebook.pk))
    data = exports.notebooks_json(loaded)
    data["notebooks"][0]["sessions"][0]["seats"][0] = "An\x00na"
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(data))
    before = all_rows()

    with pytest.raises(CommandError, match=r"Nothing was restored: .*control characters"):
        call_command("restore_notebooks", str(path))
    assert all_rows() == before


def _file(content: bytes, name: str):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, content, content_type="application/json")


# -- every endpoint, random hostile values ----------------------------------------------------

HOSTILE = st.one_of(
    st.sampled_from(["\x00", "a\x00b", "%00", "\x07", "\x1b[31m", "\x7f", "\u0085", "\x9f"]),
    st.just(HUGE),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.text(alphabet="٠١٢३४５６७８９²", min_size=1, max_size=4),
    st.text(max_size=20),
)
FIELDS = st.sampled_from(
    [
        "deal",
        "seat",
        "bid",
        "was",
        "trick",
        "trump",
        "points",
        "note",
        "version",
        "idem",
        "team",
        "took_trick",
        "last_trick_seat",
        "action",
        "adjustment",
        "role",
        "name",
        "new_name",
        "kind",
        "preset",
        "first_dealer",
        "custom_schedule",
        "cap",
        "stake",
        "v",
        "tricks-0",
        "bid-1",
    ]
)
FORMS = st.dictionaries(FIELDS, HOSTILE, min_size=1, max_size=6)


def every_path(sessions: dict[str, Game]) -> list[str]:
    """Every URL of the app with our own ids in it, for both games. An earlier example
    of the same test may have deleted the players (a clean form posted to "forget this
    notebook"): their paths then name a player that is gone, which must answer 404."""
    player = sessions["oh_hell"].notebook.players.first()
    player_id = player.public_id if player else "gone-player"
    paths = []
    for route in project_routes():
        for kind in ("oh_hell", "kozel") if route.startswith("s/") else ("-",):
            values = {}
            for name in parameters(route):
                if name == "public_id" and route.startswith("s/"):
                    values[name] = sessions[kind].public_id
                elif name == "public_id":
                    values[name] = player_id
                elif name == "number":
                    values[name] = "1"
                elif name == "key":
                    values[name] = sessions["oh_hell"].notebook.key
            paths.append(concrete(route, values))
    return paths


HOSTILE_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.django_db
@HOSTILE_SETTINGS
@given(data=st.data(), form=FORMS, htmx=st.booleans())
def test_hostile_values_at_every_endpoint_never_answer_5xx(sessions, data, form, htmx) -> None:
    path = data.draw(st.sampled_from(every_path(sessions)), label="path")
    phone = client_of(sessions["oh_hell"].notebook)
    headers = HTMX if htmx else {}
    hostile = any(not _clean(value) for value in form.values())
    before = all_rows() if hostile else None

    posted = phone.post(path, form, **headers)
    got = phone.get(path, form, **headers)

    assert posted.status_code < 500, (path, form)
    assert got.status_code < 500, (path, form)
    if hostile:
        # An upload's own view answers its form (422: no file); every other 400.
        assert 400 <= posted.status_code < 500, (path, form)
        assert got.status_code == 400, (path, form)
        assert all_rows() == before


def _clean(value: str) -> bool:
    from games.inputs import text_ok

    return text_ok(value)


@pytest.mark.django_db
@HOSTILE_SETTINGS
@given(text=HOSTILE, field=st.sampled_from(["seat", "note", "preset", "trump", "kind"]))
def test_hostile_text_in_an_imported_file_is_refused_or_stored_as_is(
    client, sessions, text, field
) -> None:
    data = session_file(sessions["oh_hell"])
    if field == "seat":
        data["seats"][2] = text
    elif field == "note":
        data["deals"][0]["adjustments"][0]["note"] = text
    elif field == "trump":
        data["deals"][0]["trump"] = text
    else:
        data[field] = text
    games = Game.objects.count()

    response = client.post(
        reverse("import_session"),
        {"file": _file(json.dumps(data).encode(), "s.json"), "idem": form_key()},
    )

    assert response.status_code in (302, 422), response.text[:300]
    if response.status_code == 302:
        game = Game.objects.order_by("-pk").first()
        again = session_file(game)
        assert again["seats"] == [" ".join(name.split()) for name in data["seats"]]
    else:
        assert Game.objects.count() == games


# -- accepted when it should be refused ----------------------------------------------------


def correction(version: str | None) -> dict:
    form = {"bid-0": 0, "bid-1": 0, "bid-2": 0, "bid-3": 0, "trump": "H", "idem": form_key()}
    form.update({"tricks-0": 0, "tricks-1": 1, "tricks-2": 0, "tricks-3": 0})
    if version is not None:
        form["version"] = version
    return form


@pytest.mark.django_db
@pytest.mark.parametrize("version", ["abc", "-1", "٣", "1.5", " ", HUGE])
def test_a_correction_with_a_malformed_version_is_refused(client, sessions, version) -> None:
    game = sessions["oh_hell"]
    before = all_rows()

    response = client.post(reverse("correct", args=[game.public_id, 1]), correction(version))

    assert response.status_code == 422
    assert "This form is damaged" in response.text
    assert all_rows() == before


@pytest.mark.django_db
def test_a_correction_without_a_version_is_taken_as_from_an_old_page(client, sessions) -> None:
    """docs/using.md: a form without the field skips the check that the session changed."""
    game = sessions["oh_hell"]

    response = client.post(reverse("correct", args=[game.public_id, 1]), correction(None))

    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).version == game.version + 1


@pytest.mark.django_db
def test_stopping_a_link_of_a_role_that_does_not_exist_is_refused(client, sessions) -> None:
    game = sessions["oh_hell"]
    services.new_share_link(game=game, role="view")
    before = all_rows()

    response = client.post(
        reverse("share", args=[game.public_id]), {"role": "admin", "action": "revoke"}
    )

    assert response.status_code == 422
    assert "A link is view only or co-scorekeeper." in response.text
    assert all_rows() == before

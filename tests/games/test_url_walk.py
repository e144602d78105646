"""Every URL of the project, with every method, tried by phones that must never get
notebook A's data (issue 5: "another notebook's session, deal, player or export
answers 404, for every URL and method; a test walks every URL to prove it").

The URLs come from `django.urls.get_resolver()`, walked recursively, so a URL added
tomorrow is walked tomorrow; and each must be classified in ROUTES below, or
`test_every_url_is_classified` fails: whoever adds a URL decides what a phone
without the notebook may get from it.

- SESSION: A's session, deal or player, named by an id that is not a secret (it is in
  every link to the page). Without A's cookie or a live share link: 404, or 405 for a
  method the view never takes (its Allow header says so). Nothing is saved.
- SECRET: the URL is itself the secret (a notebook's or a share link's key). A dead
  key (replaced, stopped, made up) is 404 like a session; a live one opens what it
  names, by design (tests/games/test_sharing.py); here the visitor's own live key
  must open only the visitor's own things.
- OWN: the visitor's own notebook (or a new one): any answer but a 500, never A's.
- PUBLIC: no notebook's data at all: any answer but a 500, never A's.

Static files are not in the resolver: whitenoise serves them before any URL is
resolved, and they are the app's own files. The admin site is there only when the
operator names its path (SCOREKEEPER_ADMIN_PATH); `test_the_admin_site_...` walks it.
"""

from __future__ import annotations

import importlib
import re
from dataclasses import dataclass

import pytest
from django.contrib.contenttypes.models import ContentType
from django.http import HttpResponse
from django.test import Client, override_settings
from django.urls import URLPattern, URLResolver, clear_url_caches, get_resolver

import scorekeeper.urls
from games import services
from games.kinds import kind_of
from games.models import (
    Adjustment,
    Change,
    Deal,
    Game,
    Hand,
    Notebook,
    Player,
    Round,
    Seat,
    ShareLink,
)
from games.rules import kozel, oh_hell
from tests.games.conftest import client_of, enter_kozel_deal, play_deal

SESSION, SECRET, OWN, PUBLIC = "session", "secret", "own", "public"

ROUTES = {
    # The visitor's own notebook, or none.
    "": (OWN, "home: the visitor's own sessions, or the welcome page"),
    "new/": (OWN, "a new session goes into the visitor's own notebook (a new one at first)"),
    "notebook/": (OWN, "the visitor's own notebook: its players, its link"),
    "notebook/renew/": (OWN, "renews the visitor's own notebook's link"),
    "notebook/backup/": (OWN, "the visitor's own notebook as a file"),
    "notebook/import/": (OWN, "imports into the visitor's own notebook"),
    "notebook/restore/": (OWN, "restores into the visitor's own notebook"),
    "finished/": (OWN, "the visitor's own finished sessions"),
    "stats/": (OWN, "the visitor's own statistics"),
    "notebook/undelete/": (OWN, "brings a deleted session back into the visitor's own notebook"),
    "notebook/forget/": (OWN, "deletes the visitor's own notebook"),
    # The key is the secret.
    "n/<token:key>/": (SECRET, "a notebook's secret link opens that notebook on this phone"),
    "j/<token:key>/": (SECRET, "a live share link opens its session, as its role allows"),
    # A's players.
    "players/<token:public_id>/rename/": (SESSION, "renames a player of A"),
    "stats/<token:public_id>/": (SESSION, "a player of A's figures and rivals"),
    "players/<token:public_id>/delete/": (SESSION, "deletes a player of A"),
    "players/<token:public_id>/merge/": (SESSION, "merges a player of A into another"),
    "s/<token:public_id>/delete/": (SESSION, "deletes A's session"),
    # A's session.
    "s/<token:public_id>/": (SESSION, "the session's table"),
    "s/<token:public_id>/trump/": (SESSION, "a write"),
    "s/<token:public_id>/bid/": (SESSION, "a write"),
    "s/<token:public_id>/trick/": (SESSION, "a write"),
    "s/<token:public_id>/trick/undo/": (SESSION, "a write"),
    "s/<token:public_id>/tricks/": (SESSION, "a write"),
    "s/<token:public_id>/revoke/": (SESSION, "a write"),
    "s/<token:public_id>/adjust/": (SESSION, "a write"),
    "s/<token:public_id>/round/": (SESSION, "a write"),
    "s/<token:public_id>/bids/": (SESSION, "a write"),
    "s/<token:public_id>/seat-bid/": (SESSION, "a write"),
    "s/<token:public_id>/end/": (SESSION, "a write"),
    "s/<token:public_id>/undo/": (SESSION, "a write"),
    "s/<token:public_id>/entries/": (SESSION, "writes: entries kept offline, sent at once"),
    "s/<token:public_id>/again/": (SESSION, "a new session from A's table"),
    "s/<token:public_id>/sheet/": (SESSION, "the score sheet"),
    "s/<token:public_id>/deals/<int:number>/": (SESSION, "a deal to correct"),
    "s/<token:public_id>/history/": (SESSION, "what was entered, when"),
    "s/<token:public_id>/share/": (SESSION, "the session's share links"),
    "s/<token:public_id>/live/": (SESSION, "the live poll"),
    "s/<token:public_id>/screen/": (SESSION, "the big screen"),
    "s/<token:public_id>/screen/live/": (SESSION, "the big screen's live poll"),
    "s/<token:public_id>/ahead/": (SESSION, "what the scorekeeper's phone looks up offline"),
    "s/<token:public_id>/export.csv": (SESSION, "the session as a spreadsheet"),
    "s/<token:public_id>/export.json": (SESSION, "the session as a file"),
    "s/<token:public_id>/settle/": (SESSION, "who owes whom"),
    # No data at all.
    "sw.js": (PUBLIC, "the service worker: static files and the offline page only"),
    "manifest.webmanifest": (PUBLIC, "the web app manifest"),
    "offline/": (PUBLIC, "the offline page, which holds no data"),
    "i18n/setlang/": (PUBLIC, "stores the chosen language in a cookie"),
}

#: Every method a phone (or an attacker's script) may send.
METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "PATCH", "DELETE"]

#: A's names: distinctive, so any page that shows one shows A's data.
A_NAMES = ["Aurelio", "Bettina", "Casimir", "Dorotea"]
B_NAMES = ["Mallory", "Nadia", "Oswin"]


def walk(patterns, prefix: str = "") -> list[str]:
    """Every URL pattern under ``patterns``, as one string ("s/<token:public_id>/bid/")."""
    routes = []
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            routes += walk(pattern.url_patterns, prefix + str(pattern.pattern))
        else:
            assert isinstance(pattern, URLPattern)
            routes.append(prefix + str(pattern.pattern))
    return routes


def project_routes() -> list[str]:
    return walk(get_resolver().url_patterns)


def parameters(route: str) -> list[str]:
    """The route's parameters: <conv:name> of a path, (?P<name>...) of a regex."""
    return re.findall(r"<(?:\w+:)?(\w+)>", route)


def concrete(route: str, values: dict[str, str]) -> str:
    """The path of ``route`` with ``values`` put in ("/s/Ab3.../bid/")."""
    path = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values[m.group(1)], route)
    path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m.group(1)], path)
    return "/" + path.replace("^", "").replace("$", "")


# -- the two notebooks ------------------------------------------------------------------


@dataclass
class NotebookA:
    """The notebook whose data must not leak, and the keys that no longer open it."""

    notebook: Notebook
    oh_hell: Game
    kozel: Game
    skull_king: Game  # every game scored round by round shares its URLs
    player: Player
    old_key: str  # the notebook's key before it was renewed
    dead_links: list[str]  # a replaced view link, a stopped co-scorekeeper link
    live_links: list[str]

    def owner(self) -> Client:
        return client_of(Notebook.objects.get(pk=self.notebook.pk))

    def secrets(self) -> list[str]:
        """What must never appear in an answer to anyone else."""
        names = list(self.notebook.players.values_list("name", flat=True))
        ids = list(self.notebook.players.values_list("public_id", flat=True))
        games = list(self.notebook.games.values_list("public_id", flat=True))
        key = Notebook.objects.get(pk=self.notebook.pk).key
        return [key, self.old_key, self.notebook.name, *names, *ids, *games, *self.live_links]

    def rows(self) -> list:
        """Everything stored for A, to compare before and after."""
        games = Game.objects.filter(notebook=self.notebook)
        return [
            list(Notebook.objects.filter(pk=self.notebook.pk).values()),
            list(Player.objects.filter(notebook=self.notebook).order_by("pk").values()),
            list(games.order_by("pk").values()),
            *(
                list(model.objects.filter(game__in=games).order_by("pk").values())
                for model in (Seat, Deal, Round, Change, ShareLink)
            ),
            *(
                list(model.objects.filter(deal__game__in=games).order_by("pk").values())
                for model in (Hand, Adjustment)
            ),
        ]


@dataclass
class NotebookB:
    notebook: Notebook
    game: Game
    link: str  # a live view link to B's own session


def start(notebook: Notebook, kind: str, names: list[str]) -> Game:
    rules = oh_hell.PRESETS["down_and_up_hook"] if kind == "oh_hell" else kozel.PRESETS["classic"]
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset="down_and_up_hook" if kind == "oh_hell" else "classic",
        options=services.rules_as_options(rules),
        names=names,
        first_dealer=0,
    )


@pytest.fixture
def a(db) -> NotebookA:
    """Notebook A: an Oh Hell game with deal 1 played and a Kozel match with deal 1
    entered, a renewed notebook link, and share links: some replaced or stopped, some
    live."""
    notebook = Notebook.objects.create(name="The Quayside Whist Circle")
    game = start(notebook, "oh_hell", A_NAMES)
    play_deal(game)
    match = start(notebook, "kozel", A_NAMES)
    enter_kozel_deal(match, points=45, last_trick_seat=1)
    skull = services.start_game(
        notebook=notebook,
        kind="skull_king",
        preset="rulebook",
        options=kind_of("skull_king").preset_options("rulebook"),
        names=A_NAMES,
        first_dealer=0,
    )
    entry = {"bids": [1, 0, 0, 0], "tricks": [1, 0, 0, 0]}
    services.record_round(game=skull, round_number=1, entry=entry)
    services.record_bids(game=skull, round_number=2, entry={"bids": [0, 1, 0, 0]})
    old_key = notebook.key
    services.renew_notebook_link(notebook=notebook)
    replaced = services.new_share_link(game=game, role="view").key
    stopped = services.new_share_link(game=game, role="edit").key
    services.revoke_share_link(game=game, role="edit")
    live = [
        services.new_share_link(game=game, role="view").key,
        services.new_share_link(game=match, role="edit").key,
    ]
    return NotebookA(
        notebook=notebook,
        oh_hell=Game.objects.get(pk=game.pk),
        kozel=Game.objects.get(pk=match.pk),
        skull_king=Game.objects.get(pk=skull.pk),
        player=notebook.players.get(name="Aurelio"),
        old_key=old_key,
        dead_links=[replaced, stopped],
        live_links=live,
    )


@pytest.fixture
def b(db) -> NotebookB:
    notebook = Notebook.objects.create(name="Another table")
    game = start(notebook, "oh_hell", B_NAMES)
    return NotebookB(notebook, game, services.new_share_link(game=game, role="view").key)


#: Who knocks: B's phone (which also carries B's own share link and A's dead links in
#: its cookie), a phone with no cookie, and a phone that had A's notebook before A
#: renewed its link.
VISITORS = ["notebook B", "no cookie", "A's old key"]


def visitor(who: str, a: NotebookA, b: NotebookB) -> Client:
    phone = Client(enforce_csrf_checks=False)
    if who == "notebook B":
        phone.cookies["notebook"] = b.notebook.key
        phone.cookies["links"] = ".".join([b.link, *a.dead_links])
    elif who == "A's old key":
        phone.cookies["notebook"] = a.old_key
        phone.cookies["links"] = ".".join(a.dead_links)
    return phone


# -- filling the parameters ---------------------------------------------------------------


def session_of(a: NotebookA, kind: str) -> Game:
    return {"kozel": a.kozel, "skull_king": a.skull_king}.get(kind, a.oh_hell)


def fillings(route: str, kind: str, a: NotebookA, b: NotebookB) -> list[tuple[str, dict]]:
    """(what it is, values) for each way to fill the route's parameters: A's session,
    deal or player; for a key, A's dead keys and one of the visitor's own."""
    values: dict[str, str] = {}
    for name in parameters(route):
        if name == "public_id" and route.startswith("s/"):
            values[name] = session_of(a, kind).public_id
        elif name == "public_id" and route.startswith(("players/", "stats/")):
            values[name] = a.player.public_id
        elif name == "number":
            values[name] = "1"
        elif name != "key":
            pytest.fail(f"{route}: no value for <{name}>; teach fillings() what goes there")
    if "key" not in parameters(route):
        return [("A's", values)]
    if route.startswith("n/"):
        dead = [("A's notebook key before renewal", a.old_key)]
        own = ("B's own notebook key", b.notebook.key)
    elif route.startswith("j/"):
        dead = [("A's replaced view link", a.dead_links[0])]
        dead.append(("A's stopped co-scorekeeper link", a.dead_links[1]))
        own = ("B's own live link", b.link)
    else:
        pytest.fail(f"{route}: whose key is this? teach fillings()")
    dead.append(("a made-up key", "Zq" * 11))
    return [(what, {**values, "key": key}) for what, key in dead] + [(own[0], {"key": own[1]})]


def form(a: NotebookA, kind: str) -> dict:
    """A POST with every field the writes read, several of them as A's owner would
    send them: a view that forgot its access check would answer something else than
    404, and A's rows would change."""
    session = session_of(a, kind)
    return {
        "deal": 1 if kind == "kozel" else 2,
        "e.bids.0": 1,
        "e.tricks.0": 1,
        "seat": 1,
        "bid": 0,
        "trump": "H",
        "trick": 1,
        "team": 0,
        "points": 60,
        "version": session.version,
        "role": "edit",
        "action": "revoke",
        "name": "Renamed",
        "note": "walk",
        "stake": "1",
        **{f"bid-{seat}": 0 for seat in range(4)},
        **{f"tricks-{seat}": 0 for seat in range(4)},
    }


def send(phone: Client, method: str, path: str, data: dict) -> HttpResponse:
    if method == "GET":
        return phone.get(path)
    if method == "POST":
        return phone.post(path, data)
    body = "&".join(f"{key}={value}" for key, value in data.items())
    return phone.generic(method, path, body, "application/x-www-form-urlencoded")


def shown(response: HttpResponse) -> str:
    """Everything the visitor gets: headers (Location, cookies) and body."""
    body = b"".join(response.streaming_content) if response.streaming else response.content
    headers = "\n".join(f"{key}: {value}" for key, value in response.items())
    cookies = "\n".join(morsel.OutputString() for morsel in response.cookies.values())
    return "\n".join([headers, cookies, body.decode("utf-8", "replace")])


def assert_nothing_of_a(response: HttpResponse, a: NotebookA, where: str) -> None:
    assert response.status_code < 500, f"{where}: {response.status_code}"
    text = shown(response)
    for secret in a.secrets():
        assert secret not in text, f"{where}: shows {secret!r}"


def assert_not_found(response: HttpResponse, method: str, where: str) -> None:
    if response.status_code == 405:
        allowed = [m.strip() for m in response.get("Allow", "").split(",")]
        assert method not in allowed, f"{where}: 405, yet it allows {method}"
        return
    assert response.status_code == 404, f"{where}: {response.status_code}, not 404"


def walked() -> list:
    """(route, kind) for every URL of the project; a session's URLs for both games."""
    params = []
    for route in project_routes():
        kinds = ["oh_hell", "kozel", "skull_king"] if route.startswith("s/") else ["-"]
        params += [pytest.param(route, kind, id=f"/{route} {kind}") for kind in kinds]
    return params


# -- the walk -------------------------------------------------------------------------------


def test_every_url_is_classified() -> None:
    unclassified = [route for route in project_routes() if route not in ROUTES]

    assert not unclassified, (
        "New URLs: add each to ROUTES in tests/games/test_url_walk.py, saying what a "
        f"phone without the notebook may get from it: {unclassified}"
    )


def test_every_classified_url_still_exists() -> None:
    assert set(ROUTES) <= set(project_routes())


@pytest.mark.parametrize("who", VISITORS)
@pytest.mark.parametrize(("route", "kind"), walked())
def test_no_url_gives_notebook_a_to_anyone_else(a, b, route, kind, who) -> None:
    category, _reason = ROUTES.get(route, (None, ""))
    if category is None:
        pytest.fail(f"/{route} is not classified (see test_every_url_is_classified)")
    before = a.rows()

    for what, values in fillings(route, kind, a, b):
        path = concrete(route, values)
        for method in METHODS:
            phone = visitor(who, a, b)
            response = send(phone, method, path, form(a, kind))
            where = f"{who}: {method} {path} ({what})"
            if category == SESSION or (category == SECRET and not what.startswith("B's")):
                assert_not_found(response, method, where)
                assert "notebook" not in response.cookies, f"{where}: hands out a notebook"
                assert "links" not in response.cookies, f"{where}: hands out a link"
            assert_nothing_of_a(response, a, where)

    assert a.rows() == before


#: A's own URLs that answer 404 even to A, and why.
NOT_FOR_THIS_GAME = {
    ("s/<token:public_id>/settle/", "kozel"): "settling up is Oh Hell's (seed 000)",
    ("s/<token:public_id>/settle/", "skull_king"): "settling up is Oh Hell's (seed 000)",
}


@pytest.mark.parametrize(("route", "kind"), walked())
def test_every_walked_url_is_real_for_notebook_a(a, b, route, kind) -> None:
    """The walk's 404s mean "not yours", not "no such page": A's own phone (or A's live
    link, for /j/) gets something else from at least one method."""
    category, _reason = ROUTES[route]
    if category in (OWN, PUBLIC) or (route, kind) in NOT_FOR_THIS_GAME:
        return
    values = fillings(route, kind, a, b)[0][1]
    if route.startswith("n/"):
        values["key"] = Notebook.objects.get(pk=a.notebook.pk).key
    if route.startswith("j/"):
        values["key"] = a.live_links[0]
    path = concrete(route, values)

    answers = {method: send(a.owner(), method, path, form(a, kind)) for method in METHODS}

    statuses = {method: response.status_code for method, response in answers.items()}
    assert any(status not in (404, 405) for status in statuses.values()), f"{path}: {statuses}"
    assert all(status < 500 for status in statuses.values()), f"{path}: {statuses}"


# -- the admin site, where the operator put it ---------------------------------------------


@pytest.fixture
def admin_path():
    """The site with SCOREKEEPER_ADMIN_PATH=office-7f3k (urls.py reads it at import)."""
    with override_settings(ADMIN_PATH="office-7f3k/"):
        importlib.reload(scorekeeper.urls)
        clear_url_caches()
        yield "office-7f3k/"
    importlib.reload(scorekeeper.urls)
    clear_url_caches()


def admin_values(route: str, a: NotebookA) -> dict[str, str]:
    values = {}
    for name in parameters(route):
        if name == "object_id" and "/games/notebook/" in route:
            values[name] = str(a.notebook.pk)
        elif name in ("object_id", "id"):
            values[name] = str(a.oh_hell.pk)
        elif name == "content_type_id":
            values[name] = str(ContentType.objects.get_for_model(Game).pk)
        elif name == "app_label":
            values[name] = "games"
        elif name == "url":
            values[name] = "games/game/"
        else:
            pytest.fail(f"{route}: no value for <{name}> in the admin")
    return values


@pytest.mark.parametrize("who", VISITORS)
def test_the_admin_site_gives_notebook_a_to_no_visitor(admin_path, a, b, who) -> None:
    """Public by design, for superusers only: any other phone gets the login page or
    is sent to it, whatever it asks for."""
    routes = [route for route in project_routes() if route.startswith(admin_path)]
    assert any("games/game/" in route for route in routes)
    login = f"/{admin_path}login/"
    before = a.rows()

    for route in routes:
        path = concrete(route, admin_values(route, a))
        for method in METHODS:
            response = send(visitor(who, a, b), method, path, form(a, "oh_hell"))
            where = f"{who}: {method} {path}"
            assert_nothing_of_a(response, a, where)
            if response.status_code == 302:  # to log in, or home after "log out"
                assert response.url.startswith(f"{login}?next=") or response.url == (
                    f"/{admin_path}"
                ), f"{where}: sent to {response.url}"
            elif response.status_code == 200:
                assert path == login, f"{where}: 200 outside the login page"
            else:
                assert response.status_code in (403, 404, 405), f"{where}: {response.status_code}"

    assert a.rows() == before


def test_with_the_admin_site_every_other_url_is_still_classified(admin_path) -> None:
    others = [route for route in project_routes() if not route.startswith(admin_path)]

    assert set(others) == set(ROUTES)

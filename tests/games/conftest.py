"""The cast of the web tests: one notebook, its table of four, and a stranger.

Anna, Ben, Carla and Dan sit in that order (seats 0 to 3). Anna deals first, so
Ben bids first and leads; in Kozel Anna and Carla are one team, Ben and Dan the
other. The stranger has a notebook of their own and must never see ours.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping, Sequence

import pytest
from django.apps import apps
from django.conf import settings
from django.test import Client
from django.utils import translation

from games import services
from games.models import Game, Notebook
from games.rules import kozel, oh_hell
from games.services import oh_hell as oh_hell_services
from games.tables.oh_hell import OhHellTable

NAMES = ["Anna", "Ben", "Carla", "Dan"]
ANNA, BEN, CARLA, DAN = range(4)
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request in Russian leaves Russian active in the thread (LocaleMiddleware does
    not switch back), and a test that draws a chart or a message without a request
    would speak it: each test starts in the default language, whatever ran before."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


def start_oh_hell(
    notebook: Notebook,
    *,
    preset: str = "down_and_up_hook",
    names: Sequence[str] = NAMES,
    first_dealer: int = ANNA,
) -> Game:
    """A game of Oh Hell; the default is seed 002 (10 cards down to 1 and back, the hook)."""
    return services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset=preset,
        options=services.rules_as_options(oh_hell.PRESETS[preset]),
        names=list(names),
        first_dealer=first_dealer,
    )


def start_kozel(
    notebook: Notebook,
    *,
    preset: str = "classic",
    first_dealer: int = ANNA,
    names: Sequence[str] = NAMES,
) -> Game:
    return services.start_game(
        notebook=notebook,
        kind="kozel",
        preset=preset,
        options=services.rules_as_options(kozel.PRESETS[preset]),
        names=list(names),
        first_dealer=first_dealer,
    )


def deal_now(game: Game) -> OhHellTable:
    """The session as the database has it now (the game object may be stale)."""
    return services.load(Game.objects.get(pk=game.pk))


def current_deal_number(game: Game) -> int:
    table = deal_now(game)
    return table.deal_number(table.current)


def place_bids(game: Game, bids: Mapping[int, int]) -> None:
    """Bids by seat, placed in the table's bidding order."""
    table = deal_now(game)
    number = table.deal_number(table.current)
    for seat in table.bidding.order:
        if seat in bids:
            oh_hell_services.place_bid(game=game, deal_number=number, seat=seat, bid=bids[seat])


def play_deal(
    game: Game,
    *,
    bids: Mapping[int, int] | None = None,
    tricks: Sequence[int | None] | None = None,
) -> None:
    """Play the current deal through the services: bids in turn, then the tricks.

    By default everyone bids 0 (never what the hook forbids: that would be all the
    cards) and the player left of the dealer takes every trick.
    """
    table = deal_now(game)
    plan, players = table.plan, table.players
    if bids is None:
        bids = dict.fromkeys(range(players), 0)
    place_bids(game, bids)
    if tricks is None:
        leader = table.bidding.order[0]
        tricks = [plan.cards if seat == leader else 0 for seat in range(players)]
    oh_hell_services.record_tricks(
        game=game, deal_number=table.deal_number(table.current), tricks=tricks
    )


def play_deals(game: Game, count: int) -> None:
    for _ in range(count):
        play_deal(game)


def enter_kozel_deal(
    game: Game,
    *,
    points: int,
    team: int = 0,
    took_trick: bool | None = None,
    last_trick_seat: int | None = None,
) -> None:
    """A Kozel deal as its form enters it: a round (games.rules.kozel.check_round)."""
    number = Game.objects.get(pk=game.pk).rounds.count() + 1
    entry = {"team": team, "points": points}
    if took_trick is not None:
        entry["zero_team_took_trick"] = took_trick
    if last_trick_seat is not None:
        entry["last_trick_seat"] = last_trick_seat
    services.record_round(game=game, round_number=number, entry=entry)


def without_tokens(html: str) -> str:
    """A page less what is new in every answer: the masked CSRF token, the form keys."""
    return re.sub(
        r'(X-CSRFToken": "|name="csrfmiddlewaretoken" value="|name="idem" value=")[^"]+',
        r"\1",
        html,
    )


def all_rows() -> list[tuple[str, list[dict]]]:
    """Every row of every table of the games app, to compare before and after."""
    return [
        (model.__name__, list(model.objects.order_by("pk").values()))
        for model in apps.get_app_config("games").get_models()
    ]


def form_key() -> str:
    """A new once-only key, as a rendered form carries one (games/templatetags/form_keys.py):
    every form that creates something must."""
    return secrets.token_urlsafe(12)


def client_of(notebook: Notebook) -> Client:
    client = Client()
    client.cookies["notebook"] = notebook.key
    return client


@pytest.fixture
def notebook(db) -> Notebook:
    return Notebook.objects.create(name="The Thursday table")


@pytest.fixture
def client(notebook) -> Client:
    """Our table's phone: it carries the notebook's cookie."""
    return client_of(notebook)


@pytest.fixture
def visitor() -> Client:
    """A phone that has never opened a notebook."""
    return Client()


@pytest.fixture
def stranger(db) -> Client:
    """Someone with a notebook of their own."""
    return client_of(Notebook.objects.create(name="Another table"))


@pytest.fixture
def game(notebook) -> Game:
    """Oh Hell, down and up with the hook, Anna deals the first deal of 10 cards."""
    return start_oh_hell(notebook)


@pytest.fixture
def match(notebook) -> Game:
    """Kozel to 12, Anna deals first."""
    return start_kozel(notebook)


@pytest.fixture
def playing(game) -> Game:
    """Deal 1 played; deal 2: everyone bid 0 and Carla took trick 1."""
    play_deal(game)
    place_bids(game, {CARLA: 0, DAN: 0, ANNA: 0, BEN: 0})
    oh_hell_services.record_trick(game=game, deal_number=2, trick_number=1, seat=CARLA)
    return Game.objects.get(pk=game.pk)

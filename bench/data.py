"""The benchmarks' sessions, made as a table makes them: every bid, trick and Kozel deal
through the service a phone's entry calls (`games.services`), so the rows are what the app
stores. Only the notebook of many sessions copies rows: playing 200 games call by call
would take minutes. Run by bench/server.py's ``build``."""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import services
from games.kinds import kind_of
from games.models import Game, Notebook, ShareLink, new_public_id
from games.rules import kozel, oh_hell
from games.services import oh_hell as oh_hell_services
from games.tables.oh_hell import OhHellTable

SEVEN = ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus"]
EIGHT = [*SEVEN, "Hana"]
#: Seven players hold at most 7 cards, so down and up is 13 deals for them; issue 6's
#: 19 deals are the same rules with a custom schedule (down to 1, up, six more full hands).
NINETEEN_DEALS = (7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 7, 7, 7, 7, 7, 7)


def start(notebook, names, kind="oh_hell", preset="down_and_up_hook", schedule=None, dealer=0):
    """A session through the service the new-session form calls; Oh Hell's hands may
    follow ``schedule`` instead of the preset's."""
    rules = (oh_hell if kind == "oh_hell" else kozel).PRESETS[preset]
    if schedule is not None:
        rules = rules.with_options(schedule="custom", custom_schedule=tuple(schedule))
    made = dict(notebook=notebook, kind=kind, preset=preset, names=names, first_dealer=dealer)
    return services.start_game(options=services.rules_as_options(rules), **made)


def _table(game: Game) -> OhHellTable:
    return services.load(Game.objects.get(pk=game.pk))


def place_bids(game: Game, count: int | None = None) -> list[int | None]:
    """Bids in the table's order, varied from deal to deal, never what the hook forbids."""
    table = _table(game)
    number, cards, bidding = table.deal_number(table.current), table.plan.cards, table.bidding
    for seat in bidding.order[:count]:
        bid = (number + seat) % 3 % (cards + 1)
        if bid == bidding.forbidden(seat):
            bid = (bid + 1) % (cards + 1)
        bidding = oh_hell_services.place_bid(game=game, deal_number=number, seat=seat, bid=bid)
    return [bidding.bids.get(seat) for seat in range(table.players)]


def tricks_for(bids: Sequence[int], cards: int) -> list[int]:
    """Tricks close to the bids (most players make theirs) that add up to the cards."""
    tricks, extra, seat = list(bids), cards - sum(bids), 0
    while extra:
        if extra > 0:
            tricks[seat], extra = tricks[seat] + 1, extra - 1
        elif tricks[seat] > 0:
            tricks[seat], extra = tricks[seat] - 1, extra + 1
        seat = (seat + 1) % len(tricks)
    return tricks


def tap_tricks(game: Game, count: int) -> None:
    """The winners of the current deal's first ``count`` tricks, as they fall."""
    table = _table(game)
    bids = [table.bidding.bids[seat] for seat in range(table.players)]
    tricks = tricks_for(bids, table.plan.cards)
    winners = [seat for seat, taken in enumerate(tricks) for _ in range(taken)]
    number, done = table.deal_number(table.current), len(table.current.trick_winners)
    for index, seat in list(enumerate(winners))[done:count]:
        oh_hell_services.record_trick(
            game=game, deal_number=number, trick_number=index + 1, seat=seat
        )


def oh_hell_session(notebook, names, *, played, schedule=None, bids=0, tricks=0, dealer=0) -> Game:
    """``played`` deals scored (a penalty in deal 2, so the sheet shows an adjustment),
    then in the next deal ``bids`` bids placed and ``tricks`` tricks tapped."""
    game = start(notebook, names, schedule=schedule, dealer=dealer)
    for number in range(played):
        table = _table(game)
        oh_hell_services.record_tricks(
            game=game,
            deal_number=table.deal_number(table.current),
            tricks=tricks_for(place_bids(game), table.plan.cards),
        )
        if number == 1:
            oh_hell_services.add_adjustment(
                game=game, deal_number=2, seat=1, points=-10, note="late"
            )
    if bids:
        place_bids(game, bids)
    if tricks:
        tap_tricks(game, tricks)
    return Game.objects.get(pk=game.pk)


def kozel_match(notebook, deals: int) -> Game:
    """A Kozel match: the teams take turns losing 2 points, so 10 deals leave it at
    10-10, still in play; more deals end it."""
    game = start(notebook, SEVEN[:4], kind="kozel", preset="classic")
    for index in range(deals):
        if Game.objects.get(pk=game.pk).finished_at:
            break
        points = (70, 65, 75, 61)[index % 4]  # the losers keep 31 or more: 2 points
        entry = {"team": index % 2, "points": points}
        services.record_round(game=game, round_number=index + 1, entry=entry)
    return Game.objects.get(pk=game.pk)


def start_skull_king(notebook, names, preset: str) -> Game:
    return services.start_game(
        notebook=notebook,
        kind="skull_king",
        preset=preset,
        options=kind_of("skull_king").preset_options(preset),
        names=names,
        first_dealer=0,
    )


def skull_king_game(notebook, rounds: int) -> Game:
    """Skull King for eight (the largest table), ``rounds`` played with a bonus each, and
    the next round's bids in."""
    game = start_skull_king(notebook, EIGHT, "advanced")
    for number in range(1, rounds + 1):
        tricks = [number] + [0] * 7
        bonuses = [{"fourteens": 1}] + [{}] * 7
        entry = {"bids": tricks, "tricks": tricks, "bonuses": bonuses}
        services.record_round(game=game, round_number=number, entry=entry)
    services.record_bids(game=game, round_number=rounds + 1, entry={"bids": [1] * 8})
    return Game.objects.get(pk=game.pk)


def tysiac_game(notebook, deals: int) -> Game:
    """Тысяча for four (one sits out), ``deals`` played."""
    game = services.start_game(
        notebook=notebook,
        kind="tysiac",
        preset="russian",
        options=kind_of("tysiac").preset_options("russian"),
        names=SEVEN[:4],
        first_dealer=0,
    )
    for number in range(1, deals + 1):
        out = (number - 1) % 4
        points = [None if seat == out else 40 for seat in range(4)]
        bidder = (out + 1) % 4
        entry = {"bidder": bidder, "contract": 100, "points": points, "marriages": {"H": bidder}}
        services.record_round(game=game, round_number=number, entry=entry)
    return Game.objects.get(pk=game.pk)


def copy_session(game: Game, *, age: timedelta) -> None:
    """The same session again, ``age`` ago, with its seats, deals, hands and history."""
    rows = [*game.seats.all(), *game.rounds.all(), *game.changes.all()]
    deals = [(deal, [*deal.hands.all(), *deal.adjustments.all()]) for deal in game.deals.all()]
    game.pk, game.public_id = None, new_public_id()
    game.save()
    when = timezone.now() - age
    Game.objects.filter(pk=game.pk).update(created_at=when, updated_at=when)
    for row in rows:
        row.pk, row.game = None, game
        row.save()
    for deal, held in deals:
        deal.pk, deal.game = None, game
        deal.save()
        for row in held:
            row.pk, row.deal = None, deal
            row.save()


def notebook_with_sessions(sessions: int) -> Notebook:
    """Finished Oh Hell games of 3, 4, 5 and 7 players and a Kozel match, played through
    the services, then copied until the notebook holds ``sessions``."""
    notebook = Notebook.objects.create(name="Two hundred evenings")
    played = [
        oh_hell_session(notebook, SEVEN[:4], played=19),
        oh_hell_session(notebook, SEVEN[:5], played=19),
        oh_hell_session(notebook, SEVEN[:3], played=19),
        oh_hell_session(notebook, SEVEN, played=13),
        kozel_match(notebook, 30),
    ]
    with transaction.atomic():
        for number in range(sessions - len(played)):
            original = Game.objects.get(pk=played[number % len(played)].pk)
            copy_session(original, age=timedelta(days=number + 1))
    return notebook


def pages(sessions: int) -> dict:
    """The sessions the pages are measured on, by name, and the cookies that open them."""
    notebook = Notebook.objects.create(name="Bench table")
    sheet = oh_hell_session(notebook, SEVEN, played=19, schedule=NINETEEN_DEALS)
    deal = oh_hell_session(notebook, SEVEN, played=18, schedule=NINETEEN_DEALS, bids=7, tricks=3)
    bidding = oh_hell_session(notebook, SEVEN, played=1, schedule=NINETEEN_DEALS, bids=3)
    big = notebook_with_sessions(sessions) if sessions else notebook
    kozel = kozel_match(notebook, 6)
    # In a notebook of their own, so the notebook page measures what it did before them.
    games_notebook = Notebook.objects.create(name="Bench, other games")
    skull = skull_king_game(games_notebook, 6)
    tysiac = tysiac_game(games_notebook, 12)
    made = dict(sheet=sheet, deal=deal, bidding=bidding, kozel=kozel, skull=skull, tysiac=tysiac)
    return {name: game.public_id for name, game in made.items()} | {
        "notebook": notebook.key,
        "big_notebook": big.key,
        "games_notebook": games_notebook.key,
        "version": deal.version,
        "view_link": services.new_share_link(game=deal, role=ShareLink.Role.VIEW).key,
    }


def tables(count: int) -> list[dict]:
    """The load test's tables: Oh Hell for 4 (a first deal of 10 cards), each in a
    notebook of its own, played ahead to a point of its first deal drawn at random (the
    same points in every run), as an evening's tables are when the load is measured."""
    draw, made = random.Random(6), []
    for number in range(count):
        game = start(None, SEVEN[:4], dealer=number % 4)
        entered = draw.randrange(4 + 10)
        if entered:
            place_bids(game, min(entered, 4))
        if entered > 4:
            tap_tricks(game, entered - 4)
        view = services.new_share_link(game=game, role=ShareLink.Role.VIEW).key
        made.append(dict(game=game.public_id, notebook=game.notebook.key, view=view))
    return made


def drawing() -> dict:
    """bench/offline_draw.py's two games, in one notebook: Oh Hell for four, down and up
    with the hook, Dan first to deal, six deals in; Skull King for five (the rulebook),
    seven rounds in."""
    notebook = Notebook.objects.create(name="Bench, drawing")
    names = ["Anna", "Ben", "Cleo", "Dan"]
    oh_hell_game = oh_hell_session(notebook, names, played=6, dealer=3)
    skull = start_skull_king(notebook, SEVEN[:5], "rulebook")
    for number in range(1, 8):
        tricks = [number, 0, 0, 0, 0]
        entry = {"bids": tricks, "tricks": tricks, "bonuses": [{}] * 5}
        services.record_round(game=skull, round_number=number, entry=entry)
    return {"oh_hell": oh_hell_game.public_id, "skull": skull.public_id, "notebook": notebook.key}


def main() -> None:
    what, count, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    made = {"pages": pages, "tables": tables, "drawing": lambda _count: drawing()}[what](count)
    with open(out, "w") as file:
        json.dump(made, file)

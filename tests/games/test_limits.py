"""One set of limits (games/limits.py, docs/using.md "What is refused"), where entries are
made: a session takes entries up to each limit through the services, and the entry one past
it is refused with the limit said, in the page's language, by URL and inside a backlog,
saving nothing (issue 38, item 5). tests/games/test_limits_files.py exports and restores
what is built at the limits."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games import limits, options, services
from games.kinds import kind_of
from games.models import Game, Notebook, Player, Seat
from games.options import any_game as any_game_options
from games.rules import RuleError, oh_hell, skull_king
from games.services import oh_hell as oh_hell_services
from tests.games.conftest import HTMX, all_rows, client_of, form_key, start_oh_hell

TOO_MANY_DEALS = "A session can have at most 200 deals."


def start(notebook, kind: str, preset: str, names=("Anna", "Ben", "Carla")) -> Game:
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=list(names),
        first_dealer=0,
    )


def refused(action, **arguments) -> str:
    with pytest.raises(RuleError) as refusal:
        action(**arguments)
    return str(refusal.value)


def post(phone, game: Game, action: str, fields: dict, **headers):
    fields = {"idem": form_key(), **{name: str(value) for name, value in fields.items()}}
    return phone.post(reverse(action, args=[game.public_id]), fields, **headers)


def backlog(phone, game: Game, action: str, fields: dict) -> dict:
    fields = {"idem": form_key(), **{name: str(value) for name, value in fields.items()}}
    body = json.dumps({"entries": [{"action": action, "fields": fields}]})
    url = reverse("entries", args=[game.public_id])
    return phone.post(url, body, content_type="application/json").json()


def refused_everywhere(phone, game: Game, action: str, fields: dict, reason: str) -> None:
    """By URL (422, the reason on the page), inside a backlog, and nothing saved."""
    before = all_rows()
    response = post(phone, game, action, fields, **HTMX)
    assert response.status_code == 422
    assert reason in response.content.decode()
    answer = backlog(phone, game, action, fields)
    assert (answer["done"], answer["refused"]["status"]) == (0, 422)
    assert answer["refused"]["reason"] == reason
    assert all_rows() == before


# -- deals and rounds ------------------------------------------------------------------


def test_no_schedule_a_table_can_choose_is_longer_than_a_session_holds() -> None:
    sheet_rounds = next(option for option in any_game_options.OPTIONS if option.name == "rounds")
    assert sheet_rounds.high <= limits.MOST_DEALS
    assert skull_king.MOST_ROUNDS <= limits.MOST_DEALS
    longest = max(
        len(oh_hell.schedule(oh_hell.OhHellRules(schedule=shape, deck_size=deck), players))
        for shape in oh_hell.Schedule
        if shape != oh_hell.Schedule.CUSTOM
        for deck in (oh_hell.DECK_SIZE, oh_hell.WIZARD_DECK_SIZE)
        for players in range(oh_hell.MIN_PLAYERS, oh_hell.MAX_PLAYERS + 1)
    )
    assert longest <= limits.MOST_DEALS
    custom = kind_of("oh_hell").read_file(
        {"schedule": "custom", "custom_schedule": [1] * limits.MOST_DEALS}
    )
    assert len(custom["custom_schedule"]) == limits.MOST_DEALS


def test_kozel_takes_200_deals_and_refuses_the_201st(client, notebook) -> None:
    match = start(notebook, "kozel", "classic", ["Anna", "Ben", "Carla", "Dan"])
    for number in range(1, limits.MOST_DEALS + 1):  # eggs: 60-60 changes nothing
        services.record_round(game=match, round_number=number, entry={"team": 0, "points": 60})
    assert match.rounds.count() == limits.MOST_DEALS

    one_more = {
        "game": match,
        "round_number": limits.MOST_DEALS + 1,
        "entry": {"team": 0, "points": 60},
    }
    assert refused(services.record_round, **one_more) == TOO_MANY_DEALS
    fields = {"deal": limits.MOST_DEALS + 1, "e.team": 0, "e.points": 60}
    refused_everywhere(client, match, "round", fields, TOO_MANY_DEALS)


def test_the_score_sheet_takes_200_rounds_and_refuses_the_201st(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    for number in range(1, limits.MOST_DEALS + 1):
        entry = {"points": [100_000, -100_000, number]}
        services.record_round(game=game, round_number=number, entry=entry)
    assert game.rounds.count() == limits.MOST_DEALS

    entry = {"points": [1, 2, 3]}
    assert (
        refused(services.record_round, game=game, round_number=201, entry=entry) == TOO_MANY_DEALS
    )
    fields = {"deal": 201, "e.points.0": 1, "e.points.1": 2, "e.points.2": 3}
    refused_everywhere(client, game, "round", fields, TOO_MANY_DEALS)


def test_the_deal_number_past_the_limit_is_refused_in_the_pages_language(client, notebook):
    game = start(notebook, "any_game", "free")

    response = post(
        client,
        game,
        "round",
        {"deal": 201, "e.points.0": 1, "e.points.1": 2, "e.points.2": 3},
        HTTP_ACCEPT_LANGUAGE="it",
        **HTMX,
    )

    assert response.status_code == 422
    assert "Una partita può avere al massimo 200 smazzate." in response.content.decode()


def test_bids_and_a_round_past_the_limit_are_refused_for_skull_king(notebook, monkeypatch):
    """Skull King's rounds (at most 20) never reach the limit: a smaller one shows the check."""
    monkeypatch.setattr(limits, "MOST_DEALS", 2)
    game = start(notebook, "skull_king", "rulebook")
    for number in (1, 2):
        services.record_bids(game=game, round_number=number, entry={"bids": [0, 0, 0]})
        tricks = {"bids": [0, 0, 0], "tricks": [number, 0, 0], "bonuses": [{}, {}, {}]}
        services.record_round(game=game, round_number=number, entry=tricks)

    bids = {"bids": [0, 0, 0]}
    reason = refused(services.record_bids, game=game, round_number=3, entry=bids)
    assert reason == "A session can have at most 2 deals."
    assert game.rounds.count() == 2


def oh_hell_with_revokes(notebook, revoked: int) -> Game:
    """Oh Hell for three: deal 1 revoked ``revoked`` times, each time bid and played again."""
    game = start_oh_hell(notebook, preset="classic", names=["Anna", "Ben", "Carla"])
    for _ in range(revoked):
        revoke_current(game)
    return game


def bid_current(game: Game) -> int:
    table = services.load(Game.objects.get(pk=game.pk))
    number = table.deal_number(table.current)
    for seat in table.bidding.order:
        oh_hell_services.place_bid(game=game, deal_number=number, seat=seat, bid=0)
    return number


def revoke_current(game: Game) -> None:
    oh_hell_services.record_revoke(game=game, deal_number=bid_current(game), seat=0)


def test_oh_hell_opens_no_deal_past_the_limit(client, notebook, monkeypatch) -> None:
    """A revoke plays the deal again: a deal more. With the deal in play the 200th, neither a
    revoke nor its tricks may open a 201st (the real 200 deals: tests/games/test_limits_files)."""
    monkeypatch.setattr(limits, "MOST_DEALS", 6)
    game = oh_hell_with_revokes(notebook, 5)
    number = bid_current(game)
    assert (game.deals.count(), number) == (6, 6)
    reason = "A session can have at most 6 deals."

    assert refused(oh_hell_services.record_revoke, game=game, deal_number=6, seat=0) == reason
    assert (
        refused(oh_hell_services.record_tricks, game=game, deal_number=6, tricks=[1, 0, 0])
        == reason
    )
    refused_everywhere(client, game, "revoke", {"deal": 6, "seat": 0}, reason)
    refused_everywhere(client, game, "tricks", {"deal": 6, "tricks-0": 1, "tricks-1": 0}, reason)
    assert game.deals.count() == 6


def test_the_last_deal_of_the_schedule_is_scored_at_the_limit(notebook, monkeypatch) -> None:
    """The game's last deal opens none: at the limit it is scored, and the game ends."""
    monkeypatch.setattr(limits, "MOST_DEALS", 3)
    game = start_oh_hell(notebook, preset="classic", names=["Anna", "Ben", "Carla"])
    rules = oh_hell.OhHellRules(custom_schedule=(1, 1, 1), schedule="custom")
    game.options = options.as_options(rules)
    game.save(update_fields=["options"])
    for _ in range(3):
        number = bid_current(game)
        oh_hell_services.record_tricks(game=game, deal_number=number, tricks=[1, 0, 0])

    assert Game.objects.get(pk=game.pk).finished_at is not None


# -- adjustments -------------------------------------------------------------------------


def test_oh_hell_takes_100_adjustments_a_session_and_refuses_the_101st(client, notebook):
    game = oh_hell_with_revokes(notebook, 2)
    for count in range(limits.MOST_ADJUSTMENTS):
        oh_hell_services.add_adjustment(
            game=game, deal_number=1 + count % 2, seat=count % 3, points=1000, note="x" * 120
        )

    one_more = {"game": game, "deal_number": 2, "seat": 0, "points": 1, "note": ""}
    reason = "A session can have at most 100 adjustments."
    assert refused(oh_hell_services.add_adjustment, **one_more) == reason
    fields = {"deal": 2, "seat": 0, "points": 1, "note": ""}
    refused_everywhere(client, game, "adjust", fields, reason)


@pytest.mark.parametrize(
    ("points", "note", "reason"),
    [
        (1001, "", "An adjustment can be at most 1000 points."),
        (-1001, "", "An adjustment can be at most 1000 points."),
        (5, "x" * 121, "A note can have at most 120 characters."),
    ],
)
def test_an_adjustment_past_its_limits_is_refused_not_cut(notebook, points, note, reason):
    game = oh_hell_with_revokes(notebook, 1)
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=0, points=-1000, note="y" * 120)

    adjustment = {"game": game, "deal_number": 1, "seat": 0, "points": points, "note": note}
    assert refused(oh_hell_services.add_adjustment, **adjustment) == reason
    assert [a.note for a in game.deals.get(index=0).adjustments.all()] == ["y" * 120]


# -- names, players and sessions -------------------------------------------------------


def test_a_name_takes_40_characters_and_not_41(notebook) -> None:
    start_oh_hell(notebook, names=["Ж" * 40, "Ben", "Carla"])

    reason = refused(start_oh_hell, notebook=notebook, names=["Ж" * 41, "Ben", "Carla"])

    assert reason == "A name can have at most 40 characters."


def fill_notebook(notebook: Notebook, *, players: int, sessions: int) -> None:
    """Players P1, P2 … and score sheets of three of them, as start_game writes them."""
    Player.objects.bulk_create(Player(notebook=notebook, name=f"P{n}") for n in range(players))
    seated = list(notebook.players.order_by("pk")[:3])
    options_ = kind_of("any_game").preset_options("free")
    games = Game.objects.bulk_create(
        Game(notebook=notebook, kind="any_game", preset="free", options=options_, first_dealer=0)
        for _ in range(sessions)
    )
    Seat.objects.bulk_create(
        Seat(game=game, position=position, player=player)
        for game in games
        for position, player in enumerate(seated)
    )


def test_a_notebook_takes_10000_players_and_refuses_one_more(client, notebook) -> None:
    fill_notebook(notebook, players=limits.MOST_PLAYERS - 2, sessions=0)
    start(notebook, "any_game", "free", ["P1", "Newcomer", "Guest"])
    assert notebook.players.count() == limits.MOST_PLAYERS

    reason = refused(
        start, notebook=notebook, kind="any_game", preset="free", names=["P1", "P2", "Zoe"]
    )
    assert reason == "A notebook can have at most 10000 players."
    start(notebook, "any_game", "free", ["P1", "P2", "Guest"])  # no one new: allowed

    form = {
        "kind": "any_game",
        "preset": "free",
        "previous_kind": "any_game",
        "seat": ["P1", "P2", "Zoe"],
        "first_dealer": "0",
        "action": "start",
        "idem": form_key(),
    }
    response = client.post(reverse("new_session"), form, HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 422
    assert "Najwięcej graczy w zeszycie: 10000." in response.content.decode()
    assert notebook.players.count() == limits.MOST_PLAYERS


def test_a_notebook_takes_10000_sessions_and_refuses_one_more(client, notebook) -> None:
    fill_notebook(notebook, players=3, sessions=limits.MOST_SESSIONS - 1)
    last = start(notebook, "any_game", "free", ["P0", "P1", "P2"])
    assert notebook.games.count() == limits.MOST_SESSIONS
    reason = "A notebook can have at most 10000 sessions."

    assert refused(start, notebook=notebook, kind="kozel", preset="classic", names="ABCD") == reason
    response = client.post(
        reverse("play_again", args=[last.public_id]), {"idem": form_key()}, **HTMX
    )
    assert response.status_code == 422
    assert reason in response.content.decode()
    assert notebook.games.count() == limits.MOST_SESSIONS


def test_an_import_that_would_add_the_10001st_player_is_refused(client, notebook) -> None:
    other = Notebook.objects.create()
    game = start(other, "any_game", "free", ["Anna", "Ben", "Zoe"])
    exported = client_of(other).get(reverse("export_json", args=[game.public_id])).content
    fill_notebook(notebook, players=limits.MOST_PLAYERS - 2, sessions=0)
    before = all_rows()

    file = SimpleUploadedFile("session.json", exported, content_type="application/json")
    response = client.post(reverse("import_session"), {"file": file, "idem": form_key()})

    assert response.status_code == 422
    assert "A notebook can have at most 10000 players." in response.content.decode()
    assert all_rows() == before

"""Games scored round by round (Skull King, the score sheet) through the screens: entries,
refusals, the call, corrections, undo, the sheet, exports and imports."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games import exports, services
from games.kinds import kind_of
from games.models import Game, Round
from games.rules import RuleError
from tests.games.conftest import HTMX, form_key


def start(notebook, kind: str, preset: str, names=("Anna", "Ben", "Carla")) -> Game:
    return services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=list(names),
        first_dealer=0,
    )


def points_form(number: int, *points) -> dict:
    form = {"deal": number, "idem": form_key()}
    form.update({f"e.points.{side}": value for side, value in enumerate(points)})
    return form


def skull_form(number: int, bids, tricks=None, **extra) -> dict:
    form = {"deal": number, "idem": form_key(), **extra}
    form.update({f"e.bids.{seat}": bid for seat, bid in enumerate(bids)})
    for seat, took in enumerate(tricks or []):
        form[f"e.tricks.{seat}"] = took
        form[f"e.bonuses.{seat}.wager"] = 0
    return form


def post(client, game: Game, action: str, form: dict, **headers):
    return client.post(reverse(action, args=[game.public_id]), form, **headers)


# -- the score sheet for any game ---------------------------------------------------------


def test_a_round_of_the_sheet_shows_every_total_and_place(client, notebook) -> None:
    game = start(notebook, "any_game", "free")

    response = post(client, game, "round", points_form(1, 10, -5, "−3"), **HTMX)

    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 1 scored" in html and "Round 2" in html
    assert [r.entry for r in Round.objects.filter(game=game)] == [{"points": [10, -5, -3]}]


def test_a_refused_round_says_why_keeps_what_was_typed_and_saves_nothing(client, notebook) -> None:
    game = start(notebook, "any_game", "free")

    response = post(client, game, "round", points_form(1, 10, "", 4), **HTMX)

    assert response.status_code == 422
    html = response.content.decode()
    assert "Enter a whole number for every player still in." in html
    assert 'value="10"' in html and 'value="4"' in html
    assert not Round.objects.filter(game=game).exists()


def test_the_same_round_sent_twice_is_kept_once(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    form = points_form(1, 1, 2, 3)

    post(client, game, "round", form, **HTMX)
    again = post(client, game, "round", form, **HTMX)
    other_phone = post(client, game, "round", {**form, "idem": form_key()}, **HTMX)

    assert again.status_code == 200 and other_phone.status_code == 200
    assert Round.objects.filter(game=game).count() == 1


def test_an_old_page_cannot_enter_a_round_twice(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    post(client, game, "round", points_form(1, 1, 2, 3), **HTMX)

    response = post(client, game, "round", points_form(1, 9, 9, 9), **HTMX)

    assert response.status_code == 409
    assert "Round 1 was already entered" in response.content.decode()


def test_scala_40_ends_with_the_last_player_in(client, notebook) -> None:
    game = start(notebook, "any_game", "scala_40")
    post(client, game, "round", points_form(1, 10, 30, 5), **HTMX)
    post(client, game, "round", points_form(2, 50, 80, 20), **HTMX)
    response = post(client, game, "round", points_form(3, 45, "null", 10), **HTMX)

    assert "Winner: Carla" in response.content.decode()
    game.refresh_from_db()
    assert game.finished


def test_the_table_ends_a_free_game_and_undo_takes_it_back(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    post(client, game, "round", points_form(1, 3, 7, 7), **HTMX)

    ended = post(client, game, "end_game", {"idem": form_key()}, **HTMX)
    assert "Winners, sharing the win: Ben, Carla" in ended.content.decode()
    game.refresh_from_db()
    assert game.finished

    post(client, game, "undo", {"idem": form_key(), "version": game.version}, **HTMX)
    game.refresh_from_db()
    assert not game.finished
    assert Round.objects.filter(game=game).count() == 1


def test_a_corrected_round_changes_every_later_total(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    post(client, game, "round", points_form(1, 1, 2, 3), **HTMX)
    post(client, game, "round", points_form(2, 1, 1, 1), **HTMX)
    game.refresh_from_db()

    page = client.get(reverse("correct", args=[game.public_id, 1]))
    assert page.status_code == 200 and 'value="2"' in page.content.decode()
    form = points_form(1, 10, 2, 3)
    response = client.post(
        reverse("correct", args=[game.public_id, 1]), {**form, "version": game.version}
    )

    assert response.status_code == 302
    assert services.load(game).result.totals == (11, 3, 4)


def test_the_score_sheet_explains_each_cell(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    post(client, game, "round", points_form(1, 25, 0, -10), **HTMX)

    html = client.get(reverse("sheet", args=[game.public_id])).content.decode()

    assert "round 1: +25" in html and "round 1: −10" in html
    assert "Running totals" in html


def test_the_deal_screen_of_a_round_game_costs_a_fixed_number_of_queries(
    client, notebook, django_assert_num_queries
) -> None:
    game = start(notebook, "skull_king", "rulebook")
    for number in (1, 2, 3):
        post(client, game, "bids", skull_form(number, [0, 0, 0]), **HTMX)
        post(client, game, "round", skull_form(number, [0, 0, 0], [number, 0, 0]), **HTMX)

    # the session with its notebook; seats with players; rounds; the last action (what
    # Undo would leave, for the phone offline); in a bids phase, whether the players have
    # their own phones (their bids sealed: games.screens.rounds_seats.seat_bids_of)
    with django_assert_num_queries(5):
        response = client.get(reverse("game", args=[game.public_id]))
    assert response.status_code == 200
    services.new_share_link(game=game, role="seat", seat=0)
    with django_assert_num_queries(6):  # and the bids sealed so far
        response = client.get(reverse("game", args=[game.public_id]))
    assert "shown all at once" in response.content.decode()


# -- Skull King ----------------------------------------------------------------------------


def ahead(client, game: Game) -> tuple[dict, str]:
    response = client.get(reverse("ahead", args=[game.public_id]))
    assert response.status_code == 200
    return response.json(), response["Cache-Control"]


def test_the_forms_drawn_ahead_follow_the_game(client, notebook) -> None:
    """A phone that loses its connection in any round has that round's form: the forms
    drawn ahead start at the round the table is at, and are asked for again, not cached."""
    game = start(notebook, "any_game", "free")
    for number in range(1, 6):
        assert post(client, game, "round", points_form(number, 1, 2, 3)).status_code == 302

    data, cache = ahead(client, game)

    assert (data["from"], data["through"], data["last"]) == (6, 9, False)
    assert list(data["forms"]) == ["6:play", "7:play", "8:play", "9:play"]
    assert "Round 6" in data["forms"]["6:play"] and "Round 9" in data["forms"]["9:play"]
    assert "no-cache" in cache


def test_the_last_rounds_drawn_ahead_say_that_none_follow(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    for number in range(1, 9):
        assert post(client, game, "bids", skull_form(number, [0, 0, 0])).status_code == 302
        form = skull_form(number, [0, 0, 0], [number, 0, 0])
        assert post(client, game, "round", form).status_code == 302

    data, _cache = ahead(client, game)

    assert (data["from"], data["through"], data["last"]) == (9, 10, True)
    assert list(data["forms"]) == ["9:bids", "9:play", "10:bids", "10:play"]
    assert list(data["lookups"]["calls"]) == ["9", "10"]
    # 3 players, 10 cards: every sum of the bids from 0 to 30 has its call
    assert data["lookups"]["calls"]["10"]["10"] == "EVEN: bids 10, tricks 10"


def test_skull_king_takes_the_bids_first_and_says_the_call(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")

    response = post(client, game, "bids", skull_form(1, [1, 1, 0]), **HTMX)

    html = response.content.decode()
    assert "OVER by 1: bids 2, tricks 1" in html
    assert "Save round 1" in html
    assert Round.objects.get(game=game).done is False


def test_a_skull_king_round_scores_bonuses_only_for_an_exact_bid(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    post(client, game, "bids", skull_form(1, [1, 0, 0]), **HTMX)

    response = post(
        client,
        game,
        "round",
        skull_form(1, [1, 0, 0], [1, 0, 0], **{"e.bonuses.0.fourteens": 1}),
        **HTMX,
    )

    assert response.status_code == 200
    assert services.load(game).result.totals == (30, 10, 10)
    assert "standard 14s: 1 × 10 = +10" in response.content.decode()


def test_a_capture_without_a_trick_is_refused_and_nothing_is_saved(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    post(client, game, "bids", skull_form(1, [1, 0, 0]), **HTMX)

    response = post(
        client,
        game,
        "round",
        skull_form(1, [1, 0, 0], [1, 0, 0], **{"e.bonuses.1.pirates": 1}),
        **HTMX,
    )

    assert response.status_code == 422
    assert "A player who took no trick captured nothing." in response.content.decode()
    assert Round.objects.get(game=game).done is False


def test_undo_after_the_bids_takes_them_back(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    post(client, game, "bids", skull_form(1, [1, 0, 0]), **HTMX)
    game.refresh_from_db()

    post(client, game, "undo", {"idem": form_key(), "version": game.version}, **HTMX)

    assert not Round.objects.filter(game=game).exists()


def test_undo_of_a_round_leaves_its_bids_in(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    post(client, game, "bids", skull_form(1, [1, 0, 0]), **HTMX)
    post(client, game, "round", skull_form(1, [1, 0, 0], [1, 0, 0]), **HTMX)
    game.refresh_from_db()

    post(client, game, "undo", {"idem": form_key(), "version": game.version}, **HTMX)

    pending = Round.objects.get(game=game)
    assert pending.done is False and pending.entry == {"bids": [1, 0, 0]}


def test_the_history_says_each_round(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    post(client, game, "bids", skull_form(1, [1, 0, 0]), **HTMX)
    post(client, game, "round", skull_form(1, [1, 0, 0], [1, 0, 0]), **HTMX)
    # Round 2 (2 cards): Anna bids 2, takes 1: −10; Ben bids 0, takes 1: −20; Carla 0 of 0.
    post(client, game, "bids", skull_form(2, [2, 0, 0]), **HTMX)
    post(client, game, "round", skull_form(2, [2, 0, 0], [1, 1, 0]), **HTMX)

    html = client.get(reverse("history", args=[game.public_id])).content.decode()

    assert "Round 1: bids 1–0–0." in html
    assert "Round 1: 20, 10, 10." in html
    assert "Round 2: −10, −20, 20." in html


# -- files --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "preset"), [("skull_king", "advanced"), ("any_game", "burraco"), ("tysiac", "polish")]
)
def test_an_exported_session_imports_again_with_the_same_totals(
    client, notebook, kind, preset
) -> None:
    names = ("Anna", "Ben", "Carla", "Dan")
    game = start(notebook, kind, preset, names)
    if kind == "skull_king":
        post(client, game, "bids", skull_form(1, [1, 0, 0, 0]), **HTMX)
        post(client, game, "round", skull_form(1, [1, 0, 0, 0], [1, 0, 0, 0]), **HTMX)
        post(client, game, "round", skull_form(2, [0, 1, 1, 0], [0, 1, 1, 0]), **HTMX)
    elif kind == "tysiac":
        post(client, game, "round", tysiac_form(1, 1, 100, [None, 100, 20, 0]), **HTMX)
        post(client, game, "round", tysiac_form(2, 2, 120, [60, None, 60, 0]), **HTMX)
    else:
        post(client, game, "round", points_form(1, 1200, 900), **HTMX)
        post(client, game, "round", points_form(2, 900, 1000), **HTMX)
    before = services.load(game).result

    data = json.loads(client.get(reverse("export_json", args=[game.public_id])).content)
    plan = exports.session_plan(data)

    assert plan.kind == kind and plan.deals == data["deals"]
    assert plan.finished == before.finished
    assert data["result"]["totals"] == list(before.totals)
    restored = exports.restore(notebook=notebook, players=[], sessions=[plan], form_key=None)
    again = services.load(Game.objects.get(pk=restored.games[0].pk)).result
    assert again.totals == before.totals and again.finished == before.finished


def test_a_file_with_an_impossible_round_is_refused_by_its_number(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    post(client, game, "round", skull_form(1, [1, 0, 0], [1, 0, 0]), **HTMX)
    data = json.loads(client.get(reverse("export_json", args=[game.public_id])).content)
    data["deals"][0]["tricks"] = [2, 0, 0]

    with pytest.raises(RuleError, match="Round 1: A player takes from 0 to 1 tricks"):
        exports.session_plan(data)


def test_the_csv_has_a_row_per_player_per_round_with_its_explanation(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    post(client, game, "round", points_form(1, 4, 5, 6), **HTMX)

    text = client.get(reverse("export_csv", args=[game.public_id])).content.decode("utf-8-sig")

    lines = text.strip().splitlines()
    assert lines[0].startswith("round,cards,dealer,player,points,running total")
    assert lines[1] == "1,,,Anna,4,4,round 1: +4"


# -- statistics ----------------------------------------------------------------------------


def test_statistics_count_each_games_finished_sessions_wins_and_rounds(client, notebook) -> None:
    game = start(notebook, "any_game", "free")
    post(client, game, "round", points_form(1, 3, 7, 7), **HTMX)
    post(client, game, "round", points_form(2, 1, 1, 0), **HTMX)
    post(client, game, "end_game", {"idem": form_key()}, **HTMX)
    start(notebook, "skull_king", "rulebook")  # begun, no round yet

    html = client.get(reverse("statistics")).content.decode()

    table = html.split('id="any_game-table"')[1].split("</table>")[0]
    # Ben 8 wins alone; each of the three played one finished session of two rounds.
    assert table.count("<tr>") == 4
    assert "Ben</a></th>\n          <td>1</td>\n          <td>1 <span" in table
    assert "Anna</a></th>\n          <td>1</td>\n          <td>0 <span" in table
    assert 'id="skull_king-table"' in html  # played, not finished: 0 of 0

    finished = client.get(reverse("finished")).content.decode()
    assert "Winner: Ben 8" in " ".join(finished.split())

    ids = {player.name: player.public_id for player in notebook.players.all()}
    compared = client.get(reverse("statistics"), {"a": ids["Anna"], "b": ids["Ben"]}, **HTMX)
    said = " ".join(compared.content.decode().split())
    assert "Other games against each other</dt><dd>1" in said
    assert "Ben finished ahead</dt><dd>1" in said


def test_bids_in_before_the_round_is_played_travel_in_the_file(client, notebook) -> None:
    game = start(notebook, "skull_king", "rulebook")
    post(client, game, "bids", skull_form(1, [1, 0, 1]), **HTMX)

    data = json.loads(client.get(reverse("export_json", args=[game.public_id])).content)
    plan = exports.session_plan(data)
    copy = exports.import_session(notebook=notebook, plan=plan)

    assert data["pending"] == {"bids": [1, 0, 1]}
    assert services.load(copy).pending.entry == {"bids": [1, 0, 1]}
    data["pending"] = {"bids": [1, 0, 7]}
    with pytest.raises(RuleError, match="A bid is from 0 to 1"):
        exports.session_plan(data)


# -- Tysiąc / Тысяча ---------------------------------------------------------------------------


def tysiac_form(number: int, bidder: int, contract: int, points=None, **extra) -> dict:
    form = {"deal": number, "idem": form_key(), "e.bidder": bidder, "e.contract": contract}
    for seat, value in enumerate(points or []):
        form[f"e.points.{seat}"] = "null" if value is None else value
    return {**form, **extra}


def test_the_russian_example_through_the_deal_screen(client, notebook) -> None:
    game = start(notebook, "tysiac", "russian")

    response = post(
        client,
        game,
        "round",
        tysiac_form(1, 0, 140, [57, 38, 25], **{"e.marriages.D": 0, "e.marriages.S": 2}),
        **HTMX,
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert "contract 140, made 137: −140" in html and "38 rounded to 40" in html
    assert services.load(game).result.totals == (-140, 40, 65)


def test_a_deal_given_up_sends_no_card_points(client, notebook) -> None:
    game = start(notebook, "tysiac", "russian")

    # The form's card points are set aside (disabled) when "given up" is ticked.
    post(client, game, "round", tysiac_form(1, 1, 125, **{"e.given_up": "true"}), **HTMX)

    # the greater of 60 and half of 125 rounded up (63)
    assert services.load(game).result.totals == (63, -125, 63)


def test_card_points_that_do_not_make_120_are_refused_and_kept(client, notebook) -> None:
    game = start(notebook, "tysiac", "polish")

    response = post(client, game, "round", tysiac_form(1, 0, 120, [100, 10, 0]), **HTMX)

    assert response.status_code == 422
    html = response.content.decode()
    assert "The card points add up to 110; they must make 120." in html
    assert 'value="100"' in html
    assert not Round.objects.filter(game=game).exists()


def test_four_players_the_polish_dealer_sits_out_and_scores_the_talon(client, notebook) -> None:
    game = start(notebook, "tysiac", "polish", ("Anna", "Ben", "Carla", "Dan"))

    page = client.get(reverse("game", args=[game.public_id])).content.decode()
    assert "The talon, for Anna (sitting out)" in page
    post(
        client,
        game,
        "round",
        tysiac_form(1, 1, 100, [None, 100, 20, 0], **{"e.talon.aces": 1, "e.talon.marriage": "C"}),
        **HTMX,
    )

    # Anna: 50 + 60 (the clubs marriage); Ben made 100; Carla 20; Dan 0.
    assert services.load(game).result.totals == (110, 100, 20, 0)


# -- the whole table: following and co-scorekeeping ----------------------------------------


def test_a_follower_sees_the_totals_without_a_form_and_a_co_scorekeeper_enters(
    client, notebook
) -> None:
    from tests.games.test_sharing import make_link, phone_with

    game = start(notebook, "skull_king", "rulebook")
    viewer = phone_with(make_link(client, game, "view"))
    helper = phone_with(make_link(client, game, "edit"))

    post(helper, game, "bids", skull_form(1, [1, 0, 0]), **HTMX)
    post(helper, game, "round", skull_form(1, [1, 0, 0], [1, 0, 0]), **HTMX)
    page = viewer.get(reverse("game", args=[game.public_id])).content.decode()
    refused = post(viewer, game, "bids", skull_form(2, [0, 0, 0]), **HTMX)

    assert "View only" in page and "Round 1 scored" in page
    assert 'name="idem"' not in page and "e.bids.0" not in page
    assert refused.status_code in (403, 404)
    assert services.load(game).result.totals == (20, 10, 10)


def test_a_players_page_shows_each_games_own_figures(client, notebook) -> None:
    """Skull King: bids made exactly and bids of 0; Tysiąc: contracts played, made, given
    up. Counted by hand from the rounds below."""
    skull = start(notebook, "skull_king", "rulebook")
    # Round 1: Anna bids 1, takes 1 (made); Ben and Carla bid 0, take 0 (made).
    post(client, skull, "bids", skull_form(1, [1, 0, 0]))
    post(client, skull, "round", skull_form(1, [1, 0, 0], [1, 0, 0]))
    # Round 2: Anna bids 0, takes 1 (missed); Ben bids 1, takes 1; Carla bids 0, takes 0.
    post(client, skull, "bids", skull_form(2, [0, 1, 0]))
    post(client, skull, "round", skull_form(2, [0, 1, 0], [1, 1, 0]))
    thousand = start(notebook, "tysiac", "russian")
    # Anna bids 140 and loses it (137); Ben bids 120 and makes it (Anna defends: 20);
    # Anna gives 125 up (Ben and Carla the greater of 60 and 63).
    marriages = {"e.marriages.D": 0, "e.marriages.S": 2}
    post(client, thousand, "round", tysiac_form(1, 0, 140, [57, 38, 25], **marriages))
    post(client, thousand, "round", tysiac_form(2, 1, 120, [20, 70, 30], **{"e.marriages.H": 1}))
    post(client, thousand, "round", tysiac_form(3, 0, 125, **{"e.given_up": "true"}))
    assert services.load(thousand).result.totals == (-140 + 20 - 125, 40 + 120 + 63, 65 + 30 + 63)
    anna = notebook.players.get(name="Anna")

    html = client.get(reverse("player_statistics", args=[anna.public_id])).content.decode()

    said = " ".join(html.split())
    skull_figures = said.split('id="skull_king-figures"')[1].split("</dl>")[0]
    assert "<dt>Rounds played</dt><dd>2</dd>" in skull_figures
    assert "<dt>Bids made exactly</dt><dd>1 (50%)</dd>" in skull_figures
    assert "<dt>Bids of 0</dt><dd>1 (50%)</dd>" in skull_figures
    assert "<dt>Bids of 0 made</dt><dd>0 (0%)</dd>" in skull_figures
    tysiac_figures = said.split('id="tysiac-figures"')[1].split("</dl>")[0]
    assert "<dt>Contracts played</dt><dd>2</dd>" in tysiac_figures
    assert "<dt>Contracts made</dt><dd>0 (0%)</dd>" in tysiac_figures
    assert "<dt>Deals given up</dt><dd>1 (50%)</dd>" in tysiac_figures

"""Spades through the registry: a whole game through the services and the screens, the
bids first with their blind marks, tricks per player or per team, the score sheet by team
with its bags, corrections, undo, the statistics and the files (docs/rules-spades.md)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from games import exports, services
from games.kinds import kind_of
from games.models import Game, Notebook, Player, Round
from games.services.sharing import new_share_link
from games.tables import rounds_stats
from games.views.stats import as_sessions, score_sessions
from tests.games.conftest import HTMX, form_key

NAMES = ("Anna", "Ben", "Carla", "Dan")


def start(notebook, preset: str = "pagat", **options) -> Game:
    chosen = {**kind_of("spades").preset_options(preset), **options}
    return services.start_game(
        notebook=notebook,
        kind="spades",
        preset=preset,
        options=chosen,
        names=list(NAMES),
        first_dealer=0,
    )


def bids_form(number: int, bids, blind=None) -> dict:
    form = {"deal": number, "idem": form_key()}
    form.update({f"e.bids.{seat}": bid for seat, bid in enumerate(bids)})
    for seat, mark in enumerate(blind or []):
        form[f"e.blind.{seat}"] = "true" if mark else "false"
    return form


def play_form(number: int, bids, tricks=None, team_tricks=None, blind=None) -> dict:
    form = bids_form(number, bids, blind)
    for seat, took in enumerate(tricks or []):
        form[f"e.tricks.{seat}"] = took
    for side, took in enumerate(team_tricks or []):
        form[f"e.team_tricks.{side}"] = took
    return form


def post(client, game: Game, action: str, form: dict):
    return client.post(reverse(action, args=[game.public_id]), form, **HTMX)


def hand(client, game, number, bids, **taken):
    assert (
        post(client, game, "bids", bids_form(number, bids, taken.get("blind"))).status_code == 200
    )
    response = post(client, game, "round", play_form(number, bids, **taken))
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.content.decode()


def test_the_deal_screen_asks_the_bids_in_turn_with_nil_and_the_contracts(client, notebook):
    game = start(notebook)

    html = client.get(reverse("game", args=[game.public_id])).content.decode()

    assert html.index("Ben: bid") < html.index("Carla: bid") < html.index("Anna: bid")
    assert "Nil" in html and 'data-sum-of="e.bids.0 e.bids.2"' in html
    assert "Blind nil" not in html  # not played at this table


def test_a_whole_game_to_500_scores_as_a_hand_count(client, notebook):
    """pagat's rules counted by hand (side 0: Anna & Carla; side 1: Ben & Dan)."""
    game = start(notebook)
    # 1: contracts 5 and 8, made exactly: 50, 80.
    hand(client, game, 1, [3, 4, 2, 4], team_tricks=[5, 8])
    # 2: Carla's nil made (+100), Anna set (5 bid, 4 taken: −50); 7 bid, 9 taken: 72, 2 bags.
    hand(client, game, 2, [5, 3, 0, 4], tricks=[4, 5, 0, 4])
    # 3: Anna's nil fails (−100), her 2 tricks are bags and not Carla's: 4 bid, 3 taken,
    # set (−40); 8 bid and taken: 80.
    hand(client, game, 3, [0, 4, 4, 4], tricks=[2, 4, 3, 4])
    # 4: 11 bid, 6 taken: −110; 5 bid, 7 taken: 52, bags 2 + 2 = 4.
    hand(client, game, 4, [6, 3, 5, 2], team_tricks=[6, 7])
    # 5: 2 bid and taken: 20; 2 bid, 11 taken: 29, bags 4 + 9 = 13: −100, 3 carried.
    hand(client, game, 5, [1, 1, 1, 1], team_tricks=[2, 11])
    table = services.load(game)
    assert table.result.totals == (50 + 50 - 140 - 110 + 20, 80 + 72 + 80 + 52 + 29 - 100)
    assert [str(mark) for mark in table.result.marks] == ["bags: 2", "bags: 3"]
    # 6: 6 bid, 1 taken: −60 (−190); 12 bid and taken: 120 (333).
    hand(client, game, 6, [3, 6, 3, 6], team_tricks=[1, 12])
    # 7: 4 bid, none taken: −40 (−230); 12 bid, 13 taken: 121 (454), bags 4.
    hand(client, game, 7, [2, 6, 2, 6], team_tricks=[0, 13])
    # 8: 2 bid and taken: 20 (−210); 10 bid, 11 taken: 101 (555), bags 5: the game is won.
    html = hand(client, game, 8, [1, 5, 1, 5], team_tricks=[2, 11])

    game.refresh_from_db()
    assert game.finished
    assert services.load(game).result.totals == (-210, 555)
    assert "Winner: Ben &amp; Dan" in html
    sheet = client.get(reverse("sheet", args=[game.public_id])).content.decode()
    assert "Anna &amp; Carla" in sheet and "bags: 2" in sheet and "bags: 5" in sheet
    assert "10th bag: −100" in sheet
    assert "555: the target of 500 reached, the game is won" in sheet


def test_blind_nil_is_bid_with_its_mark_and_scored_200(client, notebook):
    game = start(notebook, blind_nil="on")
    html = client.get(reverse("game", args=[game.public_id])).content.decode()
    assert 'data-picks="e.bids.0=0"' in html

    post(client, game, "bids", bids_form(1, [0, 4, 4, 4], [True, False, False, False]))

    pending = Round.objects.get(game=game, done=False)
    assert pending.entry == {"bids": [0, 4, 4, 4], "blind": [True, False, False, False]}
    html = client.get(reverse("game", args=[game.public_id])).content.decode()
    assert "contracts: 4 against 8" in html
    assert 'name="e.blind.0" value="true"' in html
    # Anna's blind nil made: +200; Carla 4 bid, 5 taken: 41, 1 bag; 8 bid and taken: 80.
    response = post(
        client,
        game,
        "round",
        play_form(1, [0, 4, 4, 4], [0, 4, 5, 4], blind=[True, False, False, False]),
    )
    assert response.status_code == 200
    assert services.load(game).result.totals == (241, 80)


def test_blind_nil_not_offered_says_why(client, notebook):
    game = start(notebook, "blind_nil")
    hand(client, game, 1, [4, 3, 4, 2], team_tricks=[8, 5])  # 80 against 50: 30 behind

    html = client.get(reverse("game", args=[game.public_id])).content.decode()

    assert "blind nil only for a side 100 or more behind: 30 behind" in html
    assert 'name="e.blind.0" value="true"' not in html
    refused = post(client, game, "bids", bids_form(2, [4, 0, 4, 4], [False, True, False, False]))
    assert refused.status_code == 422
    assert "Blind nil is only for a side at least 100 behind" in refused.content.decode()


def test_a_hand_that_does_not_add_up_to_13_is_refused_with_the_reason(client, notebook):
    game = start(notebook)
    post(client, game, "bids", bids_form(1, [3, 4, 2, 4]))

    response = post(client, game, "round", play_form(1, [3, 4, 2, 4], team_tricks=[5, 7]))

    assert response.status_code == 422
    assert "The tricks add up to 12; a hand has 13." in response.content.decode()


def test_after_the_bids_the_tricks_are_asked_per_team_unless_a_nil_was_bid(client, notebook):
    game = start(notebook)
    post(client, game, "bids", bids_form(1, [3, 4, 2, 4]))
    html = client.get(reverse("game", args=[game.public_id])).content.decode()
    assert 'name="e.team_tricks.0"' in html and 'name="e.tricks.0"' not in html
    assert "contracts: 5 against 8" in html

    post(client, game, "bids", bids_form(1, [3, 0, 2, 4]))  # the bids changed: a nil
    html = client.get(reverse("game", args=[game.public_id])).content.decode()
    assert 'name="e.tricks.1"' in html and 'name="e.team_tricks.0"' not in html


def round_form_fields(html: str) -> set[str]:
    """The names of the fields of the round's form (the tricks and the bids it carries)."""
    form = html[html.index('data-action="round"') :]
    return set(re.findall(r'name="(e\.[\w.]+)"', form[: form.index("</form>")]))


def test_the_forms_drawn_ahead_are_both_ways_the_tricks_are_asked(client, notebook):
    """A phone offline has the hand's form per player and per team for every hand ahead; the
    rules on the phone say which the bids call for (form_variant), and it is the form the
    server then draws: the same fields, so what was tapped carries over."""
    game = start(notebook)

    data = client.get(reverse("ahead", args=[game.public_id])).json()

    assert list(data["forms"]) == [
        f"{number}:{form}" for number in range(1, 5) for form in ("bids", "play", "play:teams")
    ]
    per_player = round_form_fields(data["forms"]["1:play"])
    per_team = round_form_fields(data["forms"]["1:play:teams"])
    assert {"e.tricks.0", "e.tricks.3"} <= per_player and "e.team_tricks.0" not in per_player
    assert {"e.team_tricks.0", "e.team_tricks.1"} <= per_team and "e.tricks.0" not in per_team
    assert "Hand 4" in data["forms"]["4:play:teams"]

    no_nil = post(client, game, "bids", bids_form(1, [3, 4, 2, 4])).content.decode()
    assert round_form_fields(no_nil) == per_team
    a_nil = post(client, game, "bids", bids_form(1, [3, 0, 2, 4])).content.decode()
    assert round_form_fields(a_nil) == per_player


def test_a_correction_and_undo_carry_through_every_total(client, notebook):
    game = start(notebook)
    hand(client, game, 1, [3, 4, 2, 4], team_tricks=[5, 8])
    hand(client, game, 2, [3, 4, 2, 4], team_tricks=[5, 8])

    form = play_form(1, [3, 4, 2, 4], tricks=[3, 4, 3, 3])
    form["version"] = Game.objects.get(pk=game.pk).version
    page = client.get(reverse("correct", args=[game.public_id, 1])).content.decode()
    assert 'name="e.team_tricks.0"' in page
    response = client.post(reverse("correct", args=[game.public_id, 1]), form)

    assert response.status_code == 302
    # 1 now: 6 taken of 5 (51, a bag), 7 of 8 (set, −80); 2 as before: 50, 80.
    assert services.load(game).result.totals == (101, 0)
    client.post(
        reverse("undo", args=[game.public_id]),
        {"version": Game.objects.get(pk=game.pk).version, "idem": form_key()},
    )
    assert services.load(game).result.totals == (100, 160)


def figures_of(notebook, name: str) -> dict[str, tuple[int, float | None]]:
    sessions = as_sessions(score_sessions(notebook.games.order_by("created_at", "pk")))
    player = Player.objects.get(notebook=notebook, name=name).public_id
    found = rounds_stats.player_stats(kind_of("spades"), sessions, player)
    return {str(label): (count, share) for label, count, share in found.figures}


@pytest.mark.parametrize("bags, counted", [(True, 3), (False, 0)])
def test_the_statistics_count_nils_contracts_and_bags_by_the_tables_options(
    client, notebook, bags, counted
):
    game = start(notebook, bags=bags)
    # 1: Carla's nil made, Anna set (5 bid, 4 taken); Ben & Dan 7 bid, 9 taken: 2 bags.
    hand(client, game, 1, [5, 3, 0, 4], tricks=[4, 5, 0, 4])
    # 2: Ben's nil fails, his tricks bags (1); Anna & Carla 8 bid and taken.
    hand(client, game, 2, [4, 0, 4, 4], tricks=[4, 1, 4, 4])

    carla, ben = figures_of(notebook, "Carla"), figures_of(notebook, "Ben")

    assert carla["Nils bid"] == (1, 0.5) and carla["Nils made"] == (1, 1.0)
    assert carla["Team contracts made"] == (1, 0.5)
    assert ben["Nils bid"] == (1, 0.5) and ben["Nils made"] == (0, 0.0)
    assert ben["Team contracts made"] == (2, 1.0)  # 7 bid, 9 taken; Dan 4 bid, 4 taken
    # Bags: 2 in hand 1, Ben's failed nil's trick in hand 2; none with bags off.
    assert ben["Team bags taken"] == (counted, None)
    ben_id = Player.objects.get(notebook=notebook, name="Ben").public_id
    page = client.get(reverse("player_statistics", args=[ben_id])).content.decode()
    assert "Nils made" in page and "Team bags taken" in page


def test_a_game_in_the_middle_of_a_hand_exports_and_imports_as_it_was(client, notebook):
    game = start(notebook, blind_nil="on")
    hand(client, game, 1, [3, 4, 2, 4], team_tricks=[5, 8])
    post(client, game, "bids", bids_form(2, [0, 4, 4, 4], [True, False, False, False]))
    data = exports.session_json(services.load(Game.objects.get(pk=game.pk)))
    assert data["pending"] == {"bids": [0, 4, 4, 4], "blind": [True, False, False, False]}

    copy = exports.import_session(
        notebook=Notebook.objects.create(), plan=exports.session_plan(data)
    )

    again = exports.session_json(services.load(copy))
    assert {k: v for k, v in again.items() if k != "id"} == {
        k: v for k, v in data.items() if k != "id"
    }
    csv = client.get(reverse("export_csv", args=[game.public_id])).content.decode()
    assert "Anna & Carla" in csv and "contract 5, took 5: 10 × 5 = 50" in csv


def test_a_follower_sees_the_table_and_a_co_scorekeeper_enters_the_bids(client, notebook):
    game = start(notebook)
    hand(client, game, 1, [3, 4, 2, 4], team_tricks=[5, 8])
    viewer, helper = Client(), Client()
    viewer.get(reverse("join", args=[new_share_link(game=game, role="view").key]))
    helper.get(reverse("join", args=[new_share_link(game=game, role="edit").key]))

    seen = viewer.get(reverse("game", args=[game.public_id])).content.decode()
    live = viewer.get(reverse("live", args=[game.public_id]) + "?v=0", **HTMX)

    assert "Anna &amp; Carla" in seen and "Bids are in" not in seen
    assert live.status_code == 200 and "Hand 1 scored" in live.content.decode()
    assert post(helper, game, "bids", bids_form(2, [3, 4, 2, 4])).status_code == 200
    assert Round.objects.get(game=game, done=False).entry == {"bids": [3, 4, 2, 4]}

"""A session as a spreadsheet (CSV) and as a file to rebuild it (JSON), the notebook's
backup, the summary line under the sheet, and settling up.

The game most tests read: down and up with the hook, Anna deals deal 1 (10 cards,
hearts): Anna bids 3 and takes 3, Ben 2 and 2, Carla 3 and 4, Dan 1 and 1; Dan gets
-5 for being late. Deal 2 (9 cards, Ben deals): Carla revokes (-10); the replay is
bid 0 all round and Carla, left of Ben, takes all nine.
"""

from __future__ import annotations

import csv
import io
import json
from html import escape

import pytest
from django.test import Client
from django.urls import reverse
from pytest_django.asserts import assertContains, assertNotContains

from games import services
from games.models import Game, Notebook
from games.services import oh_hell as oh_hell_services
from games.tables import oh_hell_files
from tests.games.conftest import (
    ANNA,
    BEN,
    CARLA,
    DAN,
    enter_kozel_deal,
    place_bids,
    play_deal,
    play_deals,
    start_kozel,
    start_oh_hell,
)

#: Deal 1's tricks as they fell: Anna 3, Ben 2, Carla 4, Dan 1.
DEAL_1_WINNERS = [ANNA, ANNA, ANNA, BEN, BEN, CARLA, CARLA, CARLA, CARLA, DAN]


def oh_hell_with_revoke(notebook: Notebook) -> Game:
    """The game above, with deal 3 (8 cards, Carla deals) in its bidding: Ben bid 1 out
    of turn, then Dan 2 in turn; Anna and Carla have not bid."""
    game = start_oh_hell(notebook)
    oh_hell_services.set_trump(game=game, deal_number=1, trump="H")
    place_bids(game, {ANNA: 3, BEN: 2, CARLA: 3, DAN: 1})
    for trick, seat in enumerate(DEAL_1_WINNERS, start=1):
        oh_hell_services.record_trick(game=game, deal_number=1, trick_number=trick, seat=seat)
    oh_hell_services.record_tricks(game=game, deal_number=1, tricks=[3, 2, 4, 1])
    place_bids(game, {CARLA: 1, DAN: 2, ANNA: 0, BEN: 2})
    oh_hell_services.record_revoke(game=game, deal_number=2, seat=CARLA)
    play_deal(game)
    oh_hell_services.add_adjustment(
        game=game, deal_number=1, seat=DAN, points=-5, note="Late  to the table"
    )
    oh_hell_services.add_adjustment(game=game, deal_number=3, seat=ANNA, points=2, note="")
    oh_hell_services.place_bid(game=game, deal_number=4, seat=BEN, bid=1)
    oh_hell_services.place_bid(game=game, deal_number=4, seat=DAN, bid=2)
    return Game.objects.get(pk=game.pk)


def finished_oh_hell(notebook: Notebook) -> Game:
    """The game above played to the end: every later deal bid 0, the leader takes all."""
    game = oh_hell_with_revoke(notebook)
    play_deal(game, bids={ANNA: 0, CARLA: 0})
    play_deals(game, 16)
    return Game.objects.get(pk=game.pk)


def finished_kozel(notebook: Notebook) -> Game:
    """Anna & Carla lose 2 (45 points; Ben took the last trick), eggs, 6 (0 points and
    no trick), 4 (20 points): 12, the goat. Ben & Dan: 0."""
    match = start_kozel(notebook)
    enter_kozel_deal(match, points=45, last_trick_seat=BEN)
    enter_kozel_deal(match, points=60)
    enter_kozel_deal(match, points=0, took_trick=False)
    enter_kozel_deal(match, points=20)
    return Game.objects.get(pk=match.pk)


def viewer_of(game: Game, role: str = "view") -> Client:
    """A phone that opened the session's share link."""
    link = services.new_share_link(game=game, role=role)
    viewer = Client()
    viewer.get(reverse("join", args=[link.key]))
    return viewer


def read_csv(response) -> list[list[str]]:
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text[1:])))


def exported_json(client: Client, game: Game, **headers: str) -> dict:
    return json.loads(client.get(reverse("export_json", args=[game.public_id]), **headers).content)


#: How the points came to be, as the rules say it (games/rules/oh_hell/scoring.py) with
#: the table option in brackets; the lines of one cell are joined by "; ".
MADE_RULE = "(a made bid scores 10 + bid)"
MISSED_RULE = "(a missed bid scores nothing)"
REVOKED = "a revoke: no points, the deal played again"


# -- CSV -------------------------------------------------------------------------------


def test_the_csv_has_one_row_per_player_per_deal(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    assert rows[0] == [
        "deal",
        "cards",
        "dealer",
        "trump",
        "player",
        "bid",
        "tricks",
        "deal score",
        "running total",
        "revoke",
        "how the points came to be",
    ]
    assert [row[:9] for row in rows[1:5]] == [
        ["1", "10", "Anna", "hearts", "Anna", "3", "3", "13", "13"],
        ["1", "10", "Anna", "hearts", "Ben", "2", "2", "12", "12"],
        ["1", "10", "Anna", "hearts", "Carla", "3", "4", "0", "0"],
        ["1", "10", "Anna", "hearts", "Dan", "1", "1", "6", "6"],
    ]
    assert [row[9:] for row in rows[1:5]] == [
        ["", f"bid 3, took 3: 10 + 3 = 13 {MADE_RULE}"],
        ["", f"bid 2, took 2: 10 + 2 = 12 {MADE_RULE}"],
        ["", f"bid 3, took 4: 0 {MISSED_RULE}"],
        ["", f"bid 1, took 1: 10 + 1 = 11 {MADE_RULE}; adjustment -5: Late to the table; in all 6"],
    ]
    assert len(rows) == 1 + 3 * 4  # deal 1, the revoked deal 2 and its replay


def test_a_revoked_deal_has_no_tricks_and_its_replay_keeps_its_number(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    assert [row[:9] for row in rows[5:9]] == [
        ["2", "9", "Ben", "", "Anna", "0", "", "0", "13"],
        ["2", "9", "Ben", "", "Ben", "2", "", "0", "12"],
        ["2", "9", "Ben", "", "Carla", "1", "", "-10", "-10"],
        ["2", "9", "Ben", "", "Dan", "2", "", "0", "6"],
    ]
    assert [row[9:] for row in rows[5:9]] == [
        ["Carla", REVOKED],
        ["Carla", REVOKED],
        ["Carla", "revoke: −10, the deal played again (the revoke penalty)"],
        ["Carla", REVOKED],
    ]
    assert [row[:9] for row in rows[9:13]] == [
        ["2", "9", "Ben", "", "Anna", "0", "0", "12", "25"],  # 10 and +2 adjusted
        ["2", "9", "Ben", "", "Ben", "0", "0", "10", "22"],
        ["2", "9", "Ben", "", "Carla", "0", "9", "0", "-10"],
        ["2", "9", "Ben", "", "Dan", "0", "0", "10", "16"],
    ]
    assert [row[9:] for row in rows[9:13]] == [
        ["", f"bid 0, took 0: 10 + 0 = 10 {MADE_RULE}; adjustment +2; in all 12"],
        ["", f"bid 0, took 0: 10 + 0 = 10 {MADE_RULE}"],
        ["", f"bid 0, took 9: 0 {MISSED_RULE}"],
        ["", f"bid 0, took 0: 10 + 0 = 10 {MADE_RULE}"],
    ]


def test_the_revoke_column_marks_exactly_the_revoked_attempts_rows(client, notebook) -> None:
    """Both attempts at deal 2 have its number; only the revoked one names who revoked."""
    game = finished_oh_hell(notebook)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    header, body = rows[0], rows[1:]
    revoke = header.index("revoke")
    marked = [index for index, row in enumerate(body) if row[revoke]]
    assert marked == [4, 5, 6, 7]  # deal 2's first attempt: four players, four rows
    assert {body[index][revoke] for index in marked} == {"Carla"}
    assert [body[index][0] for index in (3, 4, 7, 8)] == ["1", "2", "2", "2"]
    assert all(row[header.index("tricks")] == "" for row in body[4:8])
    assert all(row[header.index("tricks")] != "" for row in body[:4] + body[8:])


def test_a_revoker_named_like_a_formula_is_plain_text_in_the_revoke_column(
    client, notebook
) -> None:
    game = start_oh_hell(notebook, names=["Anna", "Ben", "@Eve", "Dan"])
    place_bids(game, {CARLA: 1, DAN: 2, ANNA: 0, BEN: 2})
    oh_hell_services.record_revoke(game=game, deal_number=1, seat=CARLA)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    assert [row[9] for row in rows[1:]] == ["'@Eve"] * 4


@pytest.mark.parametrize(
    ("preset", "bids", "tricks", "said"),
    [
        (
            "classic",
            {ANNA: 1, BEN: 0, CARLA: 0, DAN: 1},
            [1, 0, 0, 0],
            [
                "bid 1, took 1: 10 + 1 = 11 (a made bid scores 10 + bid)",
                "bid 0, took 0: 10 + 0 = 10 (a made bid scores 10 + bid)",
                "bid 0, took 0: 10 + 0 = 10 (a made bid scores 10 + bid)",
                "bid 1, took 0: 0 (a missed bid scores nothing)",
            ],
        ),
        (
            "nomination_whist",
            {ANNA: 1, BEN: 2, CARLA: 3, DAN: 3},
            [1, 4, 2, 3],
            [
                "bid 1, took 1: 10 + 1 = 11 (a made bid scores 10 + bid)",
                "bid 2, took 4: 1 per trick = 4 (a missed bid scores 1 per trick taken)",
                "bid 3, took 2: 1 per trick = 2 (a missed bid scores 1 per trick taken)",
                "bid 3, took 3: 10 + 3 = 13 (a made bid scores 10 + bid)",
            ],
        ),
    ],
)
def test_each_row_says_how_its_points_came_to_be_under_the_tables_rules(
    client, notebook, preset, bids, tricks, said
) -> None:
    game = start_oh_hell(notebook, preset=preset)
    play_deal(game, bids=bids, tricks=tricks)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    assert [row[10] for row in rows[1:]] == said


def test_the_csv_is_a_download_named_after_the_game_and_its_day(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)
    day = game.created_at.date().isoformat()

    response = client.get(reverse("export_csv", args=[game.public_id]))

    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="oh-hell-{day}.csv"'


def test_names_with_accents_survive_the_csv(client, notebook) -> None:
    game = start_oh_hell(notebook, names=["Zoë", "Łukasz", "Ана", "Dan"])
    play_deal(game)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    assert [row[4] for row in rows[1:]] == ["Zoë", "Łukasz", "Ана", "Dan"]


def test_a_name_that_would_be_a_formula_is_plain_text_in_the_csv(client, notebook) -> None:
    """OWASP's CSV injection advice: a cell that starts with = + - @, a tab or a carriage
    return gets a leading apostrophe, so a spreadsheet shows it instead of running it."""
    names = ['=HYPERLINK("//e.example")', "+1", "-Dan", "@Eve"]
    game = start_oh_hell(notebook, names=names)
    play_deal(game)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    assert [row[4] for row in rows[1:]] == ["'" + name for name in names]
    assert [row[2] for row in rows[1:]] == ["'" + names[0]] * 4  # the dealer's column
    assert rows[1][8].lstrip("-").isdigit()  # the numbers are still numbers


def test_a_kozel_team_named_like_a_formula_is_plain_text(client, notebook) -> None:
    match = start_kozel(notebook, names=["=1+1", "Ben", "Carla", "Dan"])
    enter_kozel_deal(match, points=45)

    rows = read_csv(client.get(reverse("export_csv", args=[match.public_id])))

    assert rows[1][3] == "'=1+1 & Carla"


def test_a_session_with_no_deal_scored_has_only_the_header(client, game) -> None:
    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))

    assert rows == [oh_hell_files.COLUMNS]


def test_the_kozel_csv_has_one_row_per_team_per_deal(client, notebook) -> None:
    match = finished_kozel(notebook)

    response = client.get(reverse("export_csv", args=[match.public_id]))
    rows = read_csv(response)

    # The rounds' CSV (a round game's), one row per team: its defeat points, running total.
    assert rows[0] == [
        "round",
        "cards",
        "dealer",
        "player",
        "points",
        "running total",
        "how the points came to be",
    ]
    assert [row[:6] for row in rows[1:]] == [
        ["1", "", "Anna", "Anna & Carla", "2", "2"],
        ["1", "", "Anna", "Ben & Dan", "0", "0"],
        ["2", "", "Ben", "Anna & Carla", "0", "2"],
        ["2", "", "Ben", "Ben & Dan", "0", "0"],
        ["3", "", "Carla", "Anna & Carla", "6", "8"],
        ["3", "", "Carla", "Ben & Dan", "0", "0"],
        ["4", "", "Dan", "Anna & Carla", "4", "12"],
        ["4", "", "Dan", "Ben & Dan", "0", "0"],
    ]
    won = "card points: the deal is won, no defeat points"
    eggs = "60–60, eggs: no defeat points (eggs change nothing)"
    assert [row[6:] for row in rows[1:]] == [
        ["45 card points: 31–59 gives 2 defeat points (the 2-point band)"],
        [f"75 {won}"],
        [eggs],
        [eggs],
        ["no trick at all: 6 defeat points"],
        [f"120 {won}"],
        ["20 card points, under 31: 4 defeat points"],
        [f"100 {won}"],
    ]
    assert "kozel-" in response["Content-Disposition"]


def test_a_kozel_row_after_eggs_says_what_the_eggs_did(client, notebook) -> None:
    match = start_kozel(notebook, preset="doubled_eggs")
    enter_kozel_deal(match, points=60)
    enter_kozel_deal(match, points=40)

    rows = read_csv(client.get(reverse("export_csv", args=[match.public_id])))

    assert rows[3][-1] == (
        "40 card points: 31–59 gives 2 defeat points (the 2-point band); "
        "× 2 after eggs: 4 defeat points (eggs double the next deal's defeat points)"
    )
    assert rows[3][4] == "4"


# -- JSON ------------------------------------------------------------------------------


def test_the_json_holds_what_was_entered_deal_by_deal(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    response = client.get(reverse("export_json", args=[game.public_id]))
    data = json.loads(response.content)

    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].endswith('.json"')
    assert data["format"] == "scorekeeper.session"
    assert data["version"] == 1
    assert data["kind"] == "oh_hell"
    assert data["preset"] == "down_and_up_hook"
    assert data["options"] == game.options
    assert data["seats"] == ["Anna", "Ben", "Carla", "Dan"]
    assert data["first_dealer"] == ANNA
    assert data["finished_at"] is None
    assert data["deals"][0] == {
        "trump": "H",
        "bids": [3, 2, 3, 1],
        "out_of_turn": [False, False, False, False],
        "trick_winners": DEAL_1_WINNERS,
        "tricks": [3, 2, 4, 1],
        "revoke": None,
        "adjustments": [{"seat": DAN, "points": -5, "note": "Late to the table"}],
    }
    assert data["deals"][1]["revoke"] == CARLA
    assert data["deals"][1]["tricks"] is None
    assert data["deals"][3] == {
        "trump": None,
        "bids": [None, 1, None, 2],
        "out_of_turn": [False, True, False, False],
        "trick_winners": [],
        "tricks": None,
        "revoke": None,
        "adjustments": [],
    }


def test_the_json_carries_the_scores_as_computed(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    result = json.loads(client.get(reverse("export_json", args=[game.public_id])).content)["result"]

    assert result["finished"] is False
    assert result["totals"] == [25, 22, -10, 16]
    assert result["places"] == [1, 2, 4, 3]
    assert result["winners"] == [ANNA]
    assert [d["number"] for d in result["deals"]] == [1, 2, 2]
    assert result["deals"][1]["points"] == [0, 0, -10, 0]
    assert result["deals"][2]["replay"] is True
    assert result["deals"][0]["made"] == [True, True, False, True]


def test_the_kozel_json_has_every_deal_and_the_goat(client, notebook) -> None:
    match = finished_kozel(notebook)

    data = json.loads(client.get(reverse("export_json", args=[match.public_id])).content)

    assert data["deals"][0] == {
        "team": 0,
        "points": 45,
        "zero_team_took_trick": None,
        "last_trick_seat": BEN,
    }
    assert data["deals"][2]["zero_team_took_trick"] is False
    # The rounds' result: the teams, their defeat points, Ben & Dan win (Anna & Carla the goat).
    assert data["result"]["sides"] == [[0, 2], [1, 3]]
    assert data["result"]["totals"] == [12, 0]
    assert data["result"]["places"] == [2, 1]
    assert data["result"]["winners"] == [1]
    assert [r["dealer"] for r in data["result"]["rounds"]] == [0, 1, 2, 3]
    assert [r["points"] for r in data["result"]["rounds"]] == [[2, 0], [0, 0], [6, 0], [4, 0]]
    assert data["finished_at"] is not None


def test_the_json_says_how_each_score_came_to_be(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    deals = exported_json(client, game)["result"]["deals"]

    assert deals[0]["why"][BEN] == [f"bid 2, took 2: 10 + 2 = 12 {MADE_RULE}"]
    assert deals[0]["why"][DAN] == [
        f"bid 1, took 1: 10 + 1 = 11 {MADE_RULE}",
        "adjustment -5: Late to the table",
        "in all 6",
    ]
    assert deals[1]["why"] == [
        [REVOKED],
        [REVOKED],
        ["revoke: −10, the deal played again (the revoke penalty)"],
        [REVOKED],
    ]
    assert [len(deal["why"]) for deal in deals] == [4, 4, 4]


def test_the_kozel_json_says_how_each_teams_defeat_points_came_to_be(client, notebook) -> None:
    match = finished_kozel(notebook)

    deals = exported_json(client, match)["result"]["rounds"]

    assert deals[1]["why"] == [["60–60, eggs: no defeat points (eggs change nothing)"]] * 2
    assert deals[2]["why"] == [
        ["no trick at all: 6 defeat points"],
        ["120 card points: the deal is won, no defeat points"],
    ]


@pytest.mark.parametrize("language", ["en", "it", "pl", "ru"])
@pytest.mark.parametrize("build", [oh_hell_with_revoke, finished_kozel])
def test_the_csv_and_the_json_explain_every_score_alike(client, notebook, language, build) -> None:
    game = build(notebook)
    url = reverse("export_csv", args=[game.public_id])

    rows = read_csv(client.get(url, HTTP_ACCEPT_LANGUAGE=language))[1:]
    data = exported_json(client, game, HTTP_ACCEPT_LANGUAGE=language)

    deals = data["result"].get("deals") or data["result"]["rounds"]  # Kozel: a round game
    per_row = [lines for deal in deals for lines in deal["why"]]
    assert [row[-1] for row in rows] == ["; ".join(lines) for lines in per_row]
    assert len(rows) == len(per_row) > 0


def test_an_italian_csv_explains_in_italian(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    rows = read_csv(
        client.get(reverse("export_csv", args=[game.public_id]), HTTP_ACCEPT_LANGUAGE="it")
    )

    assert rows[0][-2:] == ["renonce", "da dove vengono i punti"]
    assert rows[2][-1] == (
        "dichiarate 2, fatte 2: 10 + 2 = 12 (una dichiarazione riuscita vale 10 + dichiarazione)"
    )
    assert rows[7][-2:] == [
        "Carla",
        "renonce: −10, la smazzata si rigioca (la penalità per la renonce)",
    ]


def test_the_deal_screen_and_the_csv_explain_the_last_deal_alike(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    rows = read_csv(client.get(reverse("export_csv", args=[game.public_id])))
    page = client.get(reverse("game", args=[game.public_id])).content.decode()

    last_deal = rows[9:13]  # deal 2 played again
    lines = [line for row in last_deal for line in row[-1].split("; ")]
    assert "adjustment +2" in lines
    for line in lines:
        assert f"<li>{escape(line)}</li>" in page


# -- who may export --------------------------------------------------------------------


@pytest.mark.parametrize("name", ["export_csv", "export_json"])
def test_a_view_only_visitor_may_export(notebook, name) -> None:
    game = oh_hell_with_revoke(notebook)

    response = viewer_of(game).get(reverse(name, args=[game.public_id]))

    assert response.status_code == 200


@pytest.mark.parametrize("name", ["export_csv", "export_json", "settle_up"])
def test_another_notebook_gets_not_found(stranger, game, name) -> None:
    assert stranger.get(reverse(name, args=[game.public_id])).status_code == 404


@pytest.mark.parametrize("name", ["export_csv", "export_json", "settle_up"])
def test_a_phone_without_a_cookie_gets_not_found(visitor, game, name) -> None:
    assert visitor.get(reverse(name, args=[game.public_id])).status_code == 404


@pytest.mark.parametrize("name", ["export_csv", "export_json", "settle_up"])
def test_an_export_is_only_a_get(client, game, name) -> None:
    assert client.post(reverse(name, args=[game.public_id])).status_code == 405


def test_a_revoked_share_link_exports_nothing(notebook, game) -> None:
    viewer = viewer_of(game)
    services.revoke_share_link(game=game, role="view")

    assert viewer.get(reverse("export_json", args=[game.public_id])).status_code == 404


# -- query counts ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["export_csv", "export_json"])
@pytest.mark.parametrize("played", [1, 19])
def test_an_oh_hell_export_costs_five_queries(
    client, game, django_assert_num_queries, name, played
) -> None:
    play_deals(game, played)

    # game with its notebook (the cookie is checked against it); seats with players,
    # deals, their hands, their adjustments (one round trip on PostgreSQL)
    with django_assert_num_queries(5):
        response = client.get(reverse(name, args=[game.public_id]))

    assert response.status_code == 200


@pytest.mark.parametrize("name", ["export_csv", "export_json"])
@pytest.mark.parametrize("played", [1, 4])
def test_a_kozel_export_costs_three_queries(
    client, match, django_assert_num_queries, name, played
) -> None:
    for _ in range(played):
        enter_kozel_deal(match, points=40)

    # game with its notebook; seats with players, Kozel deals (one round trip on
    # PostgreSQL)
    with django_assert_num_queries(3):
        response = client.get(reverse(name, args=[match.public_id]))

    assert response.status_code == 200


@pytest.mark.parametrize("sessions", [1, 4])
def test_the_backup_costs_nine_queries_however_many_sessions(
    client, notebook, django_assert_num_queries, sessions
) -> None:
    for _ in range(sessions):
        play_deals(start_oh_hell(notebook), 2)
        enter_kozel_deal(start_kozel(notebook), points=40)

    # the notebook from its cookie; notebooks, players, sessions, seats with players,
    # deals, hands, adjustments, rounds (Kozel's deals and every other game's rounds)
    with django_assert_num_queries(9):
        response = client.get(reverse("backup_notebook"))

    assert len(json.loads(response.content)["sessions"]) == 2 * sessions


# -- the notebook's backup -------------------------------------------------------------


def test_the_backup_holds_every_player_and_session_but_not_the_key(client, notebook) -> None:
    oh_hell_with_revoke(notebook)
    finished_kozel(notebook)
    start_oh_hell(notebook, names=["Anna", "Eve", "Finn"])

    response = client.get(reverse("backup_notebook"))
    data = json.loads(response.content)

    assert response["Content-Disposition"].startswith('attachment; filename="scorekeeper-notebook-')
    assert data["format"] == "scorekeeper.notebook"
    assert data["name"] == "The Thursday table"
    assert data["players"] == ["Anna", "Ben", "Carla", "Dan", "Eve", "Finn"]
    assert [s["kind"] for s in data["sessions"]] == ["oh_hell", "kozel", "oh_hell"]
    assert notebook.key not in response.content.decode()


def test_the_backup_is_only_for_the_notebooks_owner(visitor, stranger, notebook, game) -> None:
    assert visitor.get(reverse("backup_notebook")).status_code == 404
    backup = json.loads(stranger.get(reverse("backup_notebook")).content)
    assert backup["sessions"] == []


def test_the_notebook_page_offers_backup_import_and_restore(client, notebook) -> None:
    response = client.get(reverse("notebook"))

    assertContains(response, reverse("backup_notebook"))
    assertContains(response, 'enctype="multipart/form-data"', count=2)
    assertContains(response, '<label for="session-file">')
    assertContains(response, '<label for="backup-file">')


# -- the sheet: export menu, summary, settling up ---------------------------------------


def test_the_sheet_has_an_export_menu(client, game) -> None:
    response = client.get(reverse("sheet", args=[game.public_id]))

    assertContains(response, "<summary>Export</summary>")
    assertContains(response, reverse("export_csv", args=[game.public_id]))
    assertContains(response, reverse("export_json", args=[game.public_id]))


def test_the_summary_of_a_finished_game_lists_the_totals_best_first(client, notebook) -> None:
    game = finished_oh_hell(notebook)
    table = services.load(game)
    expected = ", ".join(f"{table.names[s.seat]} {s.total}" for s in table.result.standings)

    response = client.get(reverse("sheet", args=[game.public_id]))

    assertContains(response, f">Final: {expected}</textarea>")
    assertContains(response, '<label for="summary-text">')


def test_the_summary_of_a_game_in_play_says_how_far_it_is(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    response = client.get(reverse("sheet", args=[game.public_id]))

    assertContains(response, "After 2 of 19 deals: Anna 25, Ben 22, Dan 16, Carla -10")


def test_the_summary_of_a_kozel_match_puts_the_winners_first(client, notebook) -> None:
    match = finished_kozel(notebook)

    response = client.get(reverse("sheet", args=[match.public_id]))

    assertContains(response, ">Final: Ben &amp; Dan 0, Anna &amp; Carla 12</textarea>")
    assertNotContains(response, 'id="settle-up"')  # settling up is for Oh Hell


def test_a_view_only_visitor_sees_the_summary(notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    response = viewer_of(game).get(reverse("sheet", args=[game.public_id]))

    assertContains(response, "After 2 of 19 deals: Anna 25")


def test_the_sheet_with_its_summary_still_costs_five_queries(
    client, notebook, django_assert_num_queries
) -> None:
    game = oh_hell_with_revoke(notebook)

    # as test_query_counts.test_the_score_sheet_costs_five_queries
    with django_assert_num_queries(5):
        response = client.get(reverse("sheet", args=[game.public_id]))

    assertContains(response, 'id="settle-up"')


def test_settling_up_shows_what_each_player_pays_the_winner(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)  # Anna 25, Ben 22, Dan 16, Carla -10

    response = client.get(reverse("settle_up", args=[game.public_id]), {"stake": "0.10"})

    payments = response.context["payments"]
    assert [(p.name, p.total, p.pays, p.receives) for p in payments] == [
        ("Anna", 25, "", "4.70"),
        ("Ben", 22, "0.30", ""),
        ("Dan", 16, "0.90", ""),
        ("Carla", -10, "3.50", ""),
    ]
    assertContains(response, "<h1")
    assertContains(response, "<td>3.50</td>")
    assertContains(response, "The game is not over")


@pytest.mark.parametrize(
    ("stake", "pays"),
    [("1", ["3.00", "9.00", "35.00"]), ("0,25", ["0.75", "2.25", "8.75"])],
)
def test_the_stake_is_a_decimal_with_a_point_or_a_comma(client, notebook, stake, pays) -> None:
    game = oh_hell_with_revoke(notebook)

    payments = client.get(reverse("settle_up", args=[game.public_id]), {"stake": stake}).context[
        "payments"
    ]

    assert [p.pays for p in payments if p.pays] == pays
    assert payments[0].receives == f"{sum(float(p) for p in pays):.2f}"


def test_tied_winners_share_what_the_others_pay(client, notebook) -> None:
    game = start_oh_hell(notebook)
    play_deal(game, bids={ANNA: 0, BEN: 0, CARLA: 0, DAN: 1}, tricks=[0, 0, 9, 1])
    # Anna, Ben and Dan 10 each (Dan 11: 10 + bid 1); Carla 0
    oh_hell_services.add_adjustment(game=game, deal_number=1, seat=DAN, points=-1, note="")

    payments = client.get(reverse("settle_up", args=[game.public_id]), {"stake": "0.30"}).context[
        "payments"
    ]

    assert {p.name: (p.pays, p.receives) for p in payments} == {
        "Anna": ("", "1.00"),
        "Ben": ("", "1.00"),
        "Dan": ("", "1.00"),
        "Carla": ("3.00", ""),
    }


@pytest.mark.parametrize(
    ("stake", "message"),
    [
        ("", "Enter the stake per point as a number, for example 0.10."),
        ("ten", "Enter the stake per point as a number, for example 0.10."),
        ("NaN", "Enter the stake per point as a number, for example 0.10."),
        ("1e999999", "Enter the stake per point as a number, for example 0.10."),
        ("1001", "The stake can be at most 1000 per point."),
        ("１", "Enter the stake per point as a number, for example 0.10."),
        ("٣", "Enter the stake per point as a number, for example 0.10."),
        ("1_0", "Enter the stake per point as a number, for example 0.10."),
        ("0", "The stake must be more than 0."),
        ("-1", "The stake must be more than 0."),
        ("0.005", "Enter the stake with at most two decimals, like 0.10."),
        ("9" * 500, "Enter the stake per point as a number, for example 0.10."),
    ],
)
def test_a_stake_that_is_not_a_price_is_refused_with_one_sentence(
    client, game, stake, message
) -> None:
    response = client.get(reverse("settle_up", args=[game.public_id]), {"stake": stake})

    assertContains(response, f'class="error" role="alert">{message}</p>', status_code=422)
    assertContains(response, 'aria-invalid="true"', status_code=422)


def test_htmx_gets_the_settling_up_section_and_an_announcement(client, notebook) -> None:
    game = oh_hell_with_revoke(notebook)

    response = client.get(
        reverse("settle_up", args=[game.public_id]), {"stake": "0.10"}, HTTP_HX_REQUEST="true"
    )

    text = response.content.decode()
    assert text.lstrip().startswith('<section id="settle-up"')
    assert "<html" not in text
    assert json.loads(response["HX-Trigger"]) == {
        "announce": "Anna receives 4.70; Ben pays 0.30; Dan pays 0.90; Carla pays 3.50."
    }


def test_a_kozel_match_has_no_settling_up(client, match) -> None:
    assert client.get(reverse("settle_up", args=[match.public_id])).status_code == 404

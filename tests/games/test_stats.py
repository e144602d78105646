"""History of finished sessions, player statistics and head-to-head.

The figures are checked against a small notebook worked out by hand below: three
sessions of Oh Hell (classic scoring: a made bid scores 10 + bid, a miss 0, a
revoke -10) and two matches of Kozel.
"""

from __future__ import annotations

import inspect
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from pytest_django.asserts import assertContains, assertNotContains

from games import services, stats
from games.kinds import KINDS, kind_of
from games.models import Game, Notebook, Player
from games.rules import kozel, oh_hell
from games.services import oh_hell as oh_hell_services
from games.tables import oh_hell_stats, rounds_stats
from games.views.stats import as_sessions, score_sessions
from tests.games.conftest import (
    HTMX,
    all_rows,
    client_of,
    deal_now,
    enter_kozel_deal,
    place_bids,
    play_deal,
    play_deals,
    start_kozel,
    start_oh_hell,
    without_tokens,
)

# -- the hand-worked notebook ------------------------------------------------------------


def start_short_oh_hell(notebook: Notebook, names: list[str], cards: list[int]) -> Game:
    """Classic scoring with a short custom schedule; the first seat deals first."""
    rules = oh_hell.PRESETS["classic"].with_options(
        schedule=oh_hell.Schedule.CUSTOM, custom_schedule=tuple(cards), cap=None
    )
    return services.start_game(
        notebook=notebook,
        kind="oh_hell",
        preset="classic",
        options=services.rules_as_options(rules),
        names=names,
        first_dealer=0,
    )


def play(game: Game, bids: list[int], tricks: list[int]) -> None:
    """One deal: bids and tricks by seat."""
    place_bids(game, dict(enumerate(bids)))
    number = deal_now(game).deal_number(deal_now(game).current)
    oh_hell_services.record_tricks(game=game, deal_number=number, tricks=tricks)


def revoke(game: Game, bids: list[int], seat: int) -> None:
    place_bids(game, dict(enumerate(bids)))
    number = deal_now(game).deal_number(deal_now(game).current)
    oh_hell_services.record_revoke(game=game, deal_number=number, seat=seat)


def play_three_sessions(notebook: Notebook) -> dict[str, Game]:
    """Three sessions of Oh Hell, in this order.

    Session 1, finished (Anna, Ben, Carla; deals of 1 and 2 cards):
      deal 1: bids 1 0 0, took 1 0 0  -> all made: Anna 11, Ben 10, Carla 10
      deal 2: bids 1 1 1, took 0 2 0  -> all missed (Anna -1, Ben +1, Carla -1), 0 each
      totals Anna 11, Ben 10, Carla 10: Anna wins.
    Session 2, finished (Ben, Carla, Dan; deals of 2 and 1 cards):
      deal 1: bids 0 2 0, Dan revokes  -> Dan -10; nobody's bid counts
      deal 1 again: bids 0 1 1, took 1 1 0 -> Ben missed his zero (+1), Carla made 11,
                                             Dan missed (-1)
      deal 2: bids 0 0 0, took 0 0 1    -> Ben 10, Carla 10, Dan missed (+1)
      totals Ben 10, Carla 21, Dan -10: Carla wins.
    Session 3, not finished (Anna, Ben, Carla, Dan; deals of 1 and 2 cards):
      deal 1: bids 0 0 0 1, took 0 0 0 1 -> all made.

    Per player (sessions, wins, average and best count finished sessions only):
      Anna:  1 session, 1 win (100%), average 11.0, best 11;
             bids made, missed, made: 2 of 3; zero bids 1 of 1; missed: 0 more,
             1 fewer, mean -1.0; longest run 1.
      Ben:   2 sessions, 0 wins (0%), average 10.0, best 10;
             made, missed, [revoke], missed, made, made: 3 of 5; zero bids 3 of 4;
             missed: 2 more, 0 fewer, mean +1.0; longest run 2 (session 2 into 3).
      Carla: 2 sessions, 1 win (50%), average 15.5, best 21;
             made, missed, [revoke], made, made, made: 4 of 5; zero bids 3 of 3;
             missed: 0 more, 1 fewer, mean -1.0; longest run 3.
      Dan:   1 session, 0 wins (0%), average -10.0, best -10;
             [revoke], missed, missed, made: 1 of 3; zero bids 0 of 1;
             missed: 1 more, 1 fewer, mean 0.0; longest run 1.
    Ben against Carla: sessions 1 and 2; level once, Carla ahead once;
      difference (Ben - Carla) 0 and -11, mean -5.5.
    """
    first = start_short_oh_hell(notebook, ["Anna", "Ben", "Carla"], [1, 2])
    play(first, [1, 0, 0], [1, 0, 0])
    play(first, [1, 1, 1], [0, 2, 0])
    second = start_short_oh_hell(notebook, ["Ben", "Carla", "Dan"], [2, 1])
    revoke(second, [0, 2, 0], seat=2)
    play(second, [0, 1, 1], [1, 1, 0])
    play(second, [0, 0, 0], [0, 0, 1])
    third = start_short_oh_hell(notebook, ["Anna", "Ben", "Carla", "Dan"], [1, 2])
    play(third, [0, 0, 0, 1], [0, 0, 0, 1])
    return {"first": first, "second": second, "third": third}


def play_two_matches(notebook: Notebook) -> dict[str, Game]:
    """Two matches of Kozel to 12 (seed 004), in this order.

    Match 1, finished: Anna & Carla (team 0) against Ben & Dan (team 1).
      deal 1: Anna & Carla 0 card points and no trick -> 6 defeat points
      deal 2: 60 - 60, eggs                           -> nothing
      deal 3: Anna & Carla 30                         -> 4 (10)
      deal 4: Anna & Carla 40                         -> 2 (12): Anna & Carla are the goat
    Match 2, not finished: Anna & Ben (team 0) against Dan & Carla (team 1).
      deal 1: Anna & Ben 80, so Dan & Carla 40        -> Dan & Carla 2

    Per player (matches and goat: finished matches; defeat points: every deal):
      Anna:  1 match, goat 1, 5 deals, 12 + 0 defeat points -> 2.4 a deal
      Ben:   1 match, goat 0, 5 deals,  0 + 0               -> 0.0
      Carla: 1 match, goat 1, 5 deals, 12 + 2               -> 2.8
      Dan:   1 match, goat 0, 5 deals,  0 + 2               -> 0.4
    Anna against Ben: match 1 on opposite teams, won by Ben's; match 2 is not finished.
    Anna and Carla: partners in match 1, which they lost.
    """
    first = start_kozel(notebook)
    enter_kozel_deal(first, points=0, took_trick=False)
    enter_kozel_deal(first, points=60)
    enter_kozel_deal(first, points=30)
    enter_kozel_deal(first, points=40)
    second = services.start_game(
        notebook=notebook,
        kind="kozel",
        preset="classic",
        options=services.rules_as_options(kozel.PRESETS["classic"]),
        names=["Anna", "Dan", "Ben", "Carla"],
        first_dealer=0,
    )
    enter_kozel_deal(second, points=80)
    return {"first": first, "second": second}


@pytest.fixture
def three_sessions(notebook) -> dict[str, Game]:
    return play_three_sessions(notebook)


@pytest.fixture
def two_matches(notebook) -> dict[str, Game]:
    return play_two_matches(notebook)


def player_id(notebook: Notebook, name: str) -> str:
    return Player.objects.get(notebook=notebook, name=name).public_id


OH_HELL, KOZEL = kind_of("oh_hell"), kind_of("kozel")


def notebook_sessions(notebook: Notebook):
    """Oh Hell's sessions, for its own figures."""
    sessions = as_sessions(score_sessions(notebook.games.order_by("created_at", "pk")))
    return [session for session in sessions if session.kind == OH_HELL.name]


# -- the figures, as data ------------------------------------------------------------------


def test_the_statistics_read_the_same_results_as_the_score_sheet(
    notebook, three_sessions, two_matches
) -> None:
    first = three_sessions["first"]
    oh_hell_services.add_adjustment(game=first, deal_number=1, seat=1, points=-3, note="late")
    enter_kozel_deal(two_matches["second"], points=0, team=1, took_trick=True, last_trick_seat=0)

    scored = score_sessions(notebook.games.order_by("created_at", "pk"))

    assert len(scored) == 5
    for session in scored:
        table = services.load(Game.objects.get(pk=session.game.pk))
        assert session.result == table.result
        assert session.names == tuple(table.names)


OH_HELL_BY_HAND = {
    # name: sessions, wins, totals, bids, made, zero bids, zero made, more, fewer, sum, run
    "Anna": (1, 1, (11,), 3, 2, 1, 1, 0, 1, -1, 1),
    "Ben": (2, 0, (10, 10), 5, 3, 4, 3, 2, 0, 2, 2),
    "Carla": (2, 1, (10, 21), 5, 4, 3, 3, 0, 1, -1, 3),
    "Dan": (1, 0, (-10,), 3, 1, 1, 0, 1, 1, 0, 1),
}


@pytest.mark.parametrize("name", list(OH_HELL_BY_HAND))
def test_each_players_oh_hell_figures_match_the_hand_count(notebook, three_sessions, name) -> None:
    oh_hell_sessions = notebook_sessions(notebook)

    figures = oh_hell_stats.player_stats(OH_HELL, oh_hell_sessions, player_id(notebook, name))

    assert (
        figures.sessions,
        figures.wins,
        figures.totals,
        figures.bids,
        figures.made,
        figures.zero_bids,
        figures.zero_made,
        figures.took_more,
        figures.took_fewer,
        figures.missed_difference_sum,
        figures.longest_run,
    ) == OH_HELL_BY_HAND[name]


def test_rates_and_averages_follow_from_the_counts(notebook, three_sessions) -> None:
    oh_hell_sessions = notebook_sessions(notebook)

    carla = oh_hell_stats.player_stats(OH_HELL, oh_hell_sessions, player_id(notebook, "Carla"))
    ben = oh_hell_stats.player_stats(OH_HELL, oh_hell_sessions, player_id(notebook, "Ben"))

    assert (carla.win_rate, carla.average, carla.best, carla.made_rate) == (0.5, 15.5, 21, 0.8)
    assert (carla.zero_rate, carla.took_more_rate, carla.took_fewer_rate) == (1.0, 0.0, 1.0)
    assert carla.missed_difference == -1.0
    assert (ben.zero_rate, ben.missed_difference, ben.took_more_rate) == (0.75, 1.0, 1.0)


KOZEL_BY_HAND = {
    # name: finished matches, won, deals, deals lost (of 5), eggs (of 5)
    "Anna": (1, 0, 5, 3, 1),
    "Ben": (1, 1, 5, 0, 1),
    "Carla": (1, 0, 5, 4, 1),
    "Dan": (1, 1, 5, 1, 1),
}


def rounds_sessions(notebook: Notebook):
    """The sessions of games scored round by round."""
    sessions = as_sessions(score_sessions(notebook.games.order_by("created_at", "pk")))
    return [session for session in sessions if kind_of(session.kind).rounds is not None]


@pytest.mark.parametrize("name", list(KOZEL_BY_HAND))
def test_each_players_kozel_figures_match_the_hand_count(notebook, two_matches, name) -> None:
    """Kozel is a round game: its statistics are the rounds' (sessions, wins, rounds) and
    its own FIGURES (deals played, lost, eggs). Match 1: Anna & Carla lose 6, eggs, 4, 2:
    the goat at 12. Match 2 (Anna & Ben against Dan & Carla): Dan & Carla lose 2."""
    sessions = rounds_sessions(notebook)

    figures = rounds_stats.player_stats(KOZEL, sessions, player_id(notebook, name))

    matches, won, deals, lost, eggs = KOZEL_BY_HAND[name]
    assert (figures.sessions, figures.wins, figures.rounds) == (matches, won, deals)
    assert figures.figures == (
        ("Deals played", deals, None),
        ("Deals lost", lost, pytest.approx(lost / deals)),
        ("Eggs (60–60)", eggs, pytest.approx(eggs / deals)),
    )


def test_head_to_head_matches_the_hand_count(notebook, three_sessions, two_matches) -> None:
    oh_hell_sessions = notebook_sessions(notebook)
    others = rounds_sessions(notebook)
    anna, ben, carla = (player_id(notebook, n) for n in ("Anna", "Ben", "Carla"))

    ben_carla = oh_hell_stats.head_to_head(oh_hell_sessions, ben, carla)
    anna_ben = oh_hell_stats.head_to_head(oh_hell_sessions, anna, ben)
    anna_ben_others = rounds_stats.head_to_head(others, anna, ben)
    anna_carla_others = rounds_stats.head_to_head(others, anna, carla)

    assert (ben_carla.sessions, ben_carla.first_ahead, ben_carla.second_ahead) == (2, 0, 1)
    assert (ben_carla.level, ben_carla.average_difference) == (1, -5.5)
    # Oh Hell: session 1 (11 against 10). Kozel: match 1 against each other, Ben's side won.
    assert (anna_ben.sessions, anna_ben.first_ahead, anna_ben.average_difference) == (1, 1, 1.0)
    assert (anna_ben_others.sessions, anna_ben_others.first_ahead) == (1, 0)
    assert anna_ben_others.second_ahead == 1
    assert anna_carla_others.sessions == 0  # partners in match 1


def test_a_player_who_never_played_has_no_figures(notebook, three_sessions) -> None:
    Player.objects.create(notebook=notebook, name="Eve")
    oh_hell_sessions = notebook_sessions(notebook)
    eve = player_id(notebook, "Eve")

    assert oh_hell_stats.player_stats(OH_HELL, oh_hell_sessions, eve) is None
    assert rounds_stats.player_stats(KOZEL, rounds_sessions(notebook), eve) is None


# -- pure rules of counting (no database) ---------------------------------------------------

RULES = oh_hell.PRESETS["classic"].with_options(
    schedule=oh_hell.Schedule.CUSTOM, custom_schedule=(1, 1, 1, 1), cap=None
)
START = timezone.now()


def session(key: str, minutes: int, records: list[oh_hell.DealRecord]) -> stats.Session:
    result = oh_hell.score_game(RULES, 3, 0, records)
    started = START + timedelta(minutes=minutes)
    return stats.Session("oh_hell", key, started, ("a", "b", "c"), result)


def made_by_a() -> oh_hell.DealRecord:
    return oh_hell.DealRecord(bids=(1, 0, 0), tricks=(1, 0, 0))


def missed_by_a() -> oh_hell.DealRecord:
    return oh_hell.DealRecord(bids=(0, 0, 0), tricks=(1, 0, 0))


def test_a_revoked_deal_neither_breaks_nor_extends_a_run() -> None:
    revoked = oh_hell.DealRecord(bids=(0, 0, 0), revoke=0)
    records = [made_by_a(), revoked, made_by_a(), missed_by_a()]

    figures = oh_hell_stats.player_stats(OH_HELL, [session("s", 0, records)], "a")

    assert (figures.longest_run, figures.bids, figures.made) == (2, 3, 2)


def test_a_run_follows_the_sessions_in_the_order_they_started() -> None:
    # Given out of order: the later session (two made) and the earlier one (miss, made).
    later = session("later", 10, [made_by_a(), made_by_a()])
    earlier = session("earlier", 0, [missed_by_a(), made_by_a()])

    figures = oh_hell_stats.player_stats(OH_HELL, [later, earlier], "a")

    assert figures.longest_run == 3


def test_an_unfinished_session_counts_bids_but_not_scores() -> None:
    figures = oh_hell_stats.player_stats(OH_HELL, [session("s", 0, [made_by_a()])], "a")

    assert (figures.sessions, figures.wins, figures.average, figures.best) == (0, 0, None, None)
    assert (figures.bids, figures.made, figures.win_rate) == (1, 1, None)


def test_tied_winners_each_count_a_win() -> None:
    # Everyone bids 0 in four one-card deals; b and c make it every time.
    records = [oh_hell.DealRecord(bids=(0, 0, 0), tricks=(1, 0, 0))] * 4
    finished = session("s", 0, records)

    b = oh_hell_stats.player_stats(OH_HELL, [finished], "b")
    a = oh_hell_stats.player_stats(OH_HELL, [finished], "a")

    assert (b.wins, b.totals) == (1, (40,))
    assert (a.wins, a.totals, a.took_more, a.missed_difference) == (0, (0,), 4, 1.0)


# -- the pages -------------------------------------------------------------------------------


def test_the_statistics_page_shows_every_players_figures(client, three_sessions) -> None:
    response = client.get(reverse("statistics"))

    assert response.status_code == 200
    table = response.content.decode().split('id="oh-hell-table"')[1].split("</table>")[0]
    # Carla: 2 sessions, 1 win (50%), average 15.5, best 21, bids made 80%.
    carla = table.split("Carla</a></th>")[1].split("</tr>")[0]
    cells = [cell.split(">", 1)[1].split("</td>")[0] for cell in carla.split("<td")[1:]]
    assert cells == ["2", '1 <span class="rate">(50%)</span>', "15.5", "21", "80%"]


def test_the_players_page_shows_every_figure_by_hand(client, notebook, three_sessions) -> None:
    response = client.get(reverse("player_statistics", args=[player_id(notebook, "Ben")]))

    assert response.status_code == 200
    text = " ".join(response.content.decode().split())
    for figure in [
        "<dt>Finished sessions</dt><dd>2</dd>",
        "<dt>Wins</dt><dd>0</dd>",
        "<dt>Win rate</dt><dd>0%</dd>",
        "<dt>Average score</dt><dd>10.0</dd>",
        "<dt>Best score</dt><dd>10</dd>",
        "<dt>Bids made</dt><dd>3 of 5 (60%)</dd>",
        "<dt>Zero bids made</dt><dd>3 of 4 (75%)</dd>",
        "<dt>Missed bids: took more than bid</dt><dd>2 (100%)</dd>",
        "<dt>Missed bids: took fewer than bid</dt><dd>0 (0%)</dd>",
        "<dt>Missed bids: tricks minus bid, on average</dt><dd>+1.0</dd>",
        "<dt>Longest run of made bids</dt><dd>2</dd>",
    ]:
        assert figure in text


def test_the_players_page_shows_kozel_and_rivals(client, notebook, two_matches) -> None:
    response = client.get(reverse("player_statistics", args=[player_id(notebook, "Carla")]))

    text = " ".join(response.content.decode().split())
    kozel_part = text.split('id="kozel-figures"')[1].split("</dl>")[0]
    assert "<dt>Finished sessions</dt><dd>1</dd>" in kozel_part
    assert "<dt>Wins</dt><dd>0</dd>" in kozel_part  # the goat in match 1
    assert "<dt>Deals lost</dt><dd>4 (80%)</dd>" in kozel_part
    assert "<dt>Eggs (60–60)</dt><dd>1 (20%)</dd>" in kozel_part
    assert 'id="rounds-rivals-table"' in text  # the round games' rivals: Kozel


def test_the_statistics_page_shows_kozel_figures(client, two_matches) -> None:
    response = client.get(reverse("statistics"))

    table = response.content.decode().split('id="kozel-title"')[1].split("</table>")[0]
    dan = " ".join(table.split("Dan</a></th>")[1].split("</tr>")[0].split())
    assert '<td>1</td> <td>1 <span class="rate">(100%)</span></td> <td>5</td>' in dan  # won
    assertNotContains(response, 'id="oh-hell-table"')


def test_head_to_head_shows_the_comparison(client, notebook, three_sessions) -> None:
    ben, carla = player_id(notebook, "Ben"), player_id(notebook, "Carla")

    response = client.get(reverse("statistics"), {"a": ben, "b": carla})

    text = " ".join(response.content.decode().split())
    assert "<dt>Oh Hell sessions together</dt><dd>2</dd>" in text
    assert "<dt>Carla finished ahead</dt><dd>1</dd>" in text
    assert "<dt>Level</dt><dd>1</dd>" in text
    assert "<dt>Average difference (Ben minus Carla)</dt><dd>-5.5</dd>" in text


def test_head_to_head_with_htmx_answers_with_the_result_alone(
    client, notebook, three_sessions
) -> None:
    ben, carla = player_id(notebook, "Ben"), player_id(notebook, "Carla")

    response = client.get(reverse("statistics"), {"a": ben, "b": carla}, **HTMX)

    content = response.content.decode()
    assert content.strip().startswith('<div id="head-to-head-result">')
    assert "<html" not in content
    assertContains(response, "Oh Hell sessions together")


def test_going_back_to_a_comparison_gets_the_whole_page(client, notebook, three_sessions) -> None:
    ben, carla = player_id(notebook, "Ben"), player_id(notebook, "Carla")

    response = client.get(
        reverse("statistics"),
        {"a": ben, "b": carla},
        HTTP_HX_HISTORY_RESTORE_REQUEST="true",
        **HTMX,
    )

    assertContains(response, "<html")
    assertContains(response, "Oh Hell sessions together")


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        ({"a": "ben", "b": "ben"}, "Choose two different players."),
        ({"a": "ben", "b": ""}, "Choose two players to compare."),
        ({"a": "ben", "b": "nobody"}, "Choose players from this notebook."),
        ({"b": "x" * 500}, "Choose two players to compare."),
    ],
)
def test_head_to_head_refuses_a_bad_choice_with_one_sentence(
    client, notebook, three_sessions, choice, message
) -> None:
    ben = player_id(notebook, "Ben")
    params = {key: ben if value == "ben" else value for key, value in choice.items()}
    before = all_rows()

    response = client.get(reverse("statistics"), params)

    assert response.status_code == 422
    assertContains(response, message, status_code=422)
    assert all_rows() == before


def test_head_to_head_does_not_compare_another_notebooks_player(client, three_sessions) -> None:
    theirs = Notebook.objects.create()
    stranger = Player.objects.create(notebook=theirs, name="Zed")
    ours = Player.objects.filter(name="Ben").first()

    response = client.get(reverse("statistics"), {"a": ours.public_id, "b": stranger.public_id})

    assertContains(response, "Choose players from this notebook.", status_code=422)
    assertNotContains(response, "Zed", status_code=422)


def test_the_finished_sessions_list_shows_winners_newest_first(
    client, three_sessions, two_matches
) -> None:
    response = client.get(reverse("finished"))

    text = " ".join(response.content.decode().split())
    assert response.status_code == 200
    # Finished: Oh Hell 1 (Anna 11), Oh Hell 2 (Carla 21), Kozel 1 (Anna & Carla the goat,
    # Ben & Dan win with 0 defeat points).
    kozel_won = text.index("Winner: Ben &amp; Dan 0")
    carla_won = text.index("Winner: Carla 21")
    anna_won = text.index("Winner: Anna 11")
    assert kozel_won < carla_won < anna_won
    # The unfinished ones are not there.
    assert text.count('class="session-link"') == 3


def test_tied_winners_are_all_named(client, notebook) -> None:
    game = start_short_oh_hell(notebook, ["Anna", "Ben", "Carla"], [1])
    play(game, [0, 0, 0], [1, 0, 0])

    response = client.get(reverse("finished"))

    assertContains(response, "Winners: Ben 10, Carla 10")


def finish_quick_games(notebook: Notebook, count: int) -> None:
    """Finished one-deal games of Oh Hell and Kozel matches to 6, alternately."""
    for number in range(count):
        if number % 2:
            game = services.start_game(
                notebook=notebook,
                kind="kozel",
                preset="short",
                options=services.rules_as_options(kozel.PRESETS["short"]),
                names=["Anna", "Ben", "Carla", "Dan"],
                first_dealer=0,
            )
            enter_kozel_deal(game, points=0, took_trick=False)
        else:
            game = start_short_oh_hell(notebook, ["Anna", "Ben", "Carla"], [1])
            play_deals(game, 1)


def test_the_finished_list_shows_twenty_a_page(client, notebook) -> None:
    finish_quick_games(notebook, 21)

    first = client.get(reverse("finished"))
    second = client.get(reverse("finished"), {"page": 2})

    assert first.content.decode().count('class="session-link"') == 20
    assert second.content.decode().count('class="session-link"') == 1
    assertContains(first, "Page 1 of 2, 21 sessions in all.")
    assertContains(first, 'rel="next"')
    assertContains(second, 'rel="prev"')


@pytest.mark.parametrize("page", ["3", "0", "abc", "-1"])
def test_a_page_beyond_the_list_is_not_found_with_a_sentence(client, notebook, page) -> None:
    finish_quick_games(notebook, 2)

    response = client.get(reverse("finished"), {"page": page})

    assertContains(response, f"There is no page {page} of finished sessions.", status_code=404)


def test_the_home_page_links_to_history_and_statistics(client, notebook, three_sessions) -> None:
    response = client.get(reverse("home"))

    assertContains(response, f'href="{reverse("finished")}"')
    assertContains(response, f'href="{reverse("statistics")}"')


def test_a_notebook_with_nothing_played_says_so(client, notebook) -> None:
    assertContains(client.get(reverse("statistics")), "No statistics yet")
    assertContains(client.get(reverse("finished")), "No finished session yet.")


# -- access ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["finished", "statistics"])
def test_a_page_is_not_found_without_a_notebook(visitor, name) -> None:
    assert visitor.get(reverse(name)).status_code == 404


def test_another_notebook_sees_only_its_own(stranger, three_sessions) -> None:
    response = stranger.get(reverse("statistics"))

    assertNotContains(response, "Carla")
    assertNotContains(stranger.get(reverse("finished")), "Carla")


def test_a_player_of_another_notebook_is_not_found(stranger, notebook, three_sessions) -> None:
    url = reverse("player_statistics", args=[player_id(notebook, "Carla")])

    assert stranger.get(url).status_code == 404


def test_a_player_page_is_not_found_without_a_notebook(visitor, notebook, three_sessions) -> None:
    url = reverse("player_statistics", args=[player_id(notebook, "Carla")])

    assert visitor.get(url).status_code == 404


@pytest.mark.parametrize("name", ["finished", "statistics"])
def test_the_pages_refuse_a_post(client, name) -> None:
    assert client.post(reverse(name)).status_code == 405


# -- queries -------------------------------------------------------------------------------------


@pytest.mark.parametrize("sessions", [5, 50])
def test_the_statistics_page_costs_four_queries_once_scored(
    notebook, django_assert_num_queries, sessions
) -> None:
    finish_quick_games(notebook, sessions)
    client = client_of(notebook)
    first = client.get(reverse("statistics"))  # scores every session once

    # the notebook (the cookie), its players, its sessions' count and last change, the
    # figures kept in the cache for that state
    with django_assert_num_queries(4):
        response = client.get(reverse("statistics"))

    assert response.status_code == 200
    assert without_tokens(response.text) == without_tokens(first.text)


def test_the_cached_statistics_follow_a_new_deal(client, notebook, three_sessions) -> None:
    game = start_oh_hell(notebook)
    before = client.get(reverse("statistics"))

    play_deal(game)  # bid figures count every scored deal, finished session or not

    after = client.get(reverse("statistics"))
    assert without_tokens(after.text) != without_tokens(before.text)


@pytest.mark.parametrize("sessions", [5, 50])
def test_head_to_head_costs_eight_queries(notebook, django_assert_num_queries, sessions) -> None:
    finish_quick_games(notebook, sessions)
    client = client_of(notebook)
    params = {"a": player_id(notebook, "Anna"), "b": player_id(notebook, "Ben")}

    # the same eight as the page
    with django_assert_num_queries(8):
        response = client.get(reverse("statistics"), params, **HTMX)

    assert response.status_code == 200


@pytest.mark.parametrize("sessions", [5, 50])
def test_a_players_page_costs_eight_queries(notebook, django_assert_num_queries, sessions) -> None:
    finish_quick_games(notebook, sessions)
    client = client_of(notebook)
    url = reverse("player_statistics", args=[player_id(notebook, "Anna")])

    # notebook, its players, the player's games, seats with players,
    # Oh Hell deals, their hands, their adjustments, rounds (Kozel's deals and the other
    # games' rounds)
    with django_assert_num_queries(8):
        response = client.get(url)

    assert response.status_code == 200


@pytest.mark.parametrize("sessions", [5, 50])
def test_a_page_of_finished_sessions_costs_eight_queries(
    notebook, django_assert_num_queries, sessions
) -> None:
    finish_quick_games(notebook, sessions)
    client = client_of(notebook)

    # notebook, the count for the pages, the page's games, seats with players,
    # Oh Hell deals, their hands, their adjustments, rounds (Kozel's deals and the other
    # games' rounds)
    with django_assert_num_queries(8):
        response = client.get(reverse("finished"), {"page": 1})

    assert response.status_code == 200


def test_a_renamed_player_shows_on_the_kept_statistics_page(
    client, notebook, three_sessions
) -> None:
    client.get(reverse("statistics"))
    ben = Player.objects.get(notebook=notebook, name="Ben")

    client.post(reverse("rename_player", args=[ben.public_id]), {"name": "Benedetta"})

    page = client.get(reverse("statistics")).text
    assert "Benedetta" in page and ">Ben<" not in page


def test_a_new_player_shows_on_the_kept_statistics_page(client, notebook, three_sessions) -> None:
    client.get(reverse("statistics"))

    Player.objects.create(notebook=notebook, name="Zoe")

    assert "Zoe" in client.get(reverse("statistics")).text


@pytest.mark.parametrize(
    "kind",
    [k for k in KINDS.values() if hasattr(k.rounds, "round_figures")],
    ids=lambda k: k.name,
)
def test_every_round_games_figures_are_given_the_tables_rules(kind) -> None:
    """The rounds' statistics pass each session's rules (its options): a game's contracts
    or bags may depend on them."""
    parameters = inspect.signature(kind.rounds.round_figures).parameters
    assert list(parameters)[:3] == ["entry", "seat", "rules"]

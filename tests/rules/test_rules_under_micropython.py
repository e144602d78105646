"""games.rules under MicroPython's WebAssembly port in Node (issue 39, item 3b; docs/phone.md
"Rules on the phone (MicroPython)"): the same worked examples, scored by CPython here and by
the phone's runtime (static/vendor/micropython, the bundle of games/phone_rules/bundle.py)
in Node, give the same figures: every total, place, winner, the end, the next deal or round,
and every explanation, its template, its numbers and its English.

Both sides go through games.phone_rules.figures, which answers with the whole result in
plain JSON; every case runs in one Node process (tools/phone_rules/run.mjs).
"""

import json
import os
import shutil
import subprocess
from pathlib import Path
from random import Random

import pytest

from bench.phone_rules import SKULL_KING_20, long_skull_king_game
from games.phone_rules import bundle, figures
from games.rules import kozel, sheet, skull_king, spades, tysiac
from tests.rules.test_oh_hell_games import GAMES as OH_HELL_GAMES
from tests.rules.test_spades_games import BID_5_TOOK_8, TO_337, TO_440_EACH, Y_SHORT, E
from tests.rules.test_tysiac_games import POLISH_GAME, RUSSIAN_GAME

RUN = Path(__file__).resolve().parents[2] / "tools" / "phone_rules" / "run.mjs"


def oh_hell(rules, players, first_dealer, records, **extra) -> dict:
    entries = [figures.plain(record) for record in records]
    return {
        "game": "oh_hell",
        "options": figures.plain(rules),
        "players": players,
        "first_dealer": first_dealer,
        "entries": entries,
        **extra,
    }


def kozel_match(rules, first_dealer, entries) -> dict:
    """Kozel as a round game: its deals as stored, scored by ``kozel.score``."""
    return {
        "game": "kozel",
        "options": figures.plain(rules),
        "players": 4,
        "first_dealer": first_dealer,
        "entries": [figures.plain(entry) for entry in entries],
        "ended": False,
    }


def rounds_game(game, rules, players, first_dealer, entries, ended=False) -> dict:
    return {
        "game": game,
        "options": figures.plain(rules),
        "players": players,
        "first_dealer": first_dealer,
        "entries": entries,
        "ended": ended,
    }


def phone_table(game, rules, bids, blind) -> dict:
    """A table on a phone offline (figures.table): one hand stored, one kept as its form's
    fields, and the next hand's bids in (its bids form's fields)."""
    kept = {f"e.bids.{seat}": "3" for seat in range(4)}
    kept.update({f"e.team_tricks.{side}": took for side, took in enumerate(("7", "6"))})
    fields = {f"e.bids.{seat}": bid for seat, bid in enumerate(bids)}
    fields.update({f"e.blind.{seat}": mark for seat, mark in enumerate(blind)})
    stored = [{"bids": [4, 4, 4, 1], "team_tricks": [8, 5]}]
    return {**rounds_game(game, rules, 4, 0, stored), "kept": [kept], "since": 1, "bids": fields}


def skull_king_round(bids, tricks, bonuses=None) -> dict:
    return {"bids": bids, "tricks": tricks, **({"bonuses": bonuses} if bonuses else {})}


def kozel_to_the_end(rules, seed: int = 4) -> list[kozel.DealEntry]:
    """Deals drawn from a fixed seed (eggs, no trick, every band) until the match is over."""
    draw = Random(seed)
    deals = [
        *(
            kozel.DealEntry(team=team, points=points)
            for team in (0, 1)
            for points in (20, 45, 60, 90)
        ),
        kozel.DealEntry(team=1, points=0, zero_team_took_trick=False),
        kozel.DealEntry(team=0, points=120),
    ]
    entries = []
    while not kozel.score_match(rules, 1, entries).finished:
        entries.append(draw.choice(deals))
    return entries


CLASSIC_4 = OH_HELL_GAMES["classic-4"]

CASES = {
    # Oh Hell: every whole game of tests/rules/test_oh_hell_games.py (six presets), one
    # half played, a revoke with its replay and an adjustment, and a refused record.
    **{
        f"oh_hell {name}": oh_hell(
            game.rules,
            game.players,
            game.first_dealer,
            [{"bids": bids, "tricks": tricks} for bids, tricks, _ in game.rows],
        )
        for name, game in OH_HELL_GAMES.items()
    },
    "oh_hell classic-4 half played": oh_hell(
        CLASSIC_4.rules,
        4,
        0,
        [{"bids": bids, "tricks": tricks} for bids, tricks, _ in CLASSIC_4.rows[:6]],
    ),
    "oh_hell a revoke, its replay and an adjustment": oh_hell(
        CLASSIC_4.rules,
        4,
        0,
        [
            {"bids": (0, 1, 0, 0), "revoke": 1},
            {
                "bids": (0, 1, 0, 1),
                "tricks": (0, 1, 0, 0),
                "adjustments": [{"seat": 0, "points": -5, "note": "phone"}],
            },
        ],
    ),
    "oh_hell a refused record": oh_hell(
        CLASSIC_4.rules, 4, 0, [{"bids": (0, 1, 0, 0), "tricks": (1, 1, 0, 0)}]
    ),
    # Kozel: each preset, a match to its end and one under way.
    **{
        f"kozel {name}": kozel_match(rules, 1, kozel_to_the_end(rules))
        for name, rules in kozel.PRESETS.items()
    },
    "kozel eggs twice then a deal": kozel_match(
        kozel.PRESETS["doubled_eggs"],
        0,
        [
            kozel.DealEntry(0, 60),
            kozel.DealEntry(0, 60),
            kozel.DealEntry(0, 0, zero_team_took_trick=False),
        ],
    ),
    "kozel a refused deal": kozel_match(kozel.PRESETS["classic"], 0, [kozel.DealEntry(0, 119)]),
    # Skull King: tests/rules/test_skull_king_games.py's two games, and twenty rounds.
    "skull_king rulebook, four players": rounds_game(
        "skull_king",
        skull_king.PRESETS["rulebook"],
        4,
        0,
        [
            skull_king_round([0, 1, 0, 0], [0, 1, 0, 0]),
            skull_king_round([1, 0, 1, 0], [1, 0, 0, 1]),
            skull_king_round([1, 1, 1, 1], [1, 1, 1, 0]),
            skull_king_round([2, 0, 1, 1], [2, 0, 1, 1], [{"pirates": 1}, {}, {}, {}]),
            skull_king_round([2, 2, 0, 2], [1, 2, 0, 2], [{}, {"fourteens": 2}, {}, {}]),
            skull_king_round([0, 3, 2, 0], [1, 3, 2, 0], [{}, {}, {"mermaids": 1}, {}]),
            skull_king_round(
                [3, 1, 2, 1], [3, 1, 2, 1], [{"wager": 20}, {}, {}, {"skull_king": True}]
            ),
            skull_king_round([2, 2, 2, 2], [2, 3, 2, 1], [{}, {"black_fourteen": True}, {}, {}]),
            skull_king_round([4, 0, 3, 1], [4, 0, 4, 1], [{}, {}, {"wager": 10}, {}]),
            skull_king_round([3, 3, 3, 1], [3, 3, 3, 1], [{"fourteens": 1}, {}, {}, {}]),
        ],
    ),
    "skull_king rascal with the advanced cards": rounds_game(
        "skull_king",
        skull_king.Rules(
            scoring="rascal", kraken=True, white_whale=True, loot=True, rounds=[3, 4, 5]
        ),
        3,
        0,
        [
            skull_king_round([1, 1, 1], [1, 2, 0], [{"cannonball": True}, {"fourteens": 1}, {}]),
            skull_king_round([2, 0, 1], [2, 0, 1], [{"loot": [1]}, {"loot": [0]}, {"wager": 20}]),
            skull_king_round([2, 2, 2], [3, 1, 1], [{"pirates": 2}, {}, {"mermaids": 1}]),
        ],
    ),
    "skull_king twenty rounds": rounds_game(
        "skull_king", SKULL_KING_20, 5, 2, long_skull_king_game()
    ),
    "skull_king a round too many": rounds_game(
        "skull_king",
        skull_king.Rules(rounds=[1]),
        3,
        0,
        [skull_king_round([1, 0, 0], [1, 0, 0])] * 2,
    ),
    # Tysiąc: tests/rules/test_tysiac_games.py's Russian and Polish games, whole and begun.
    "tysiac russian": rounds_game(
        "tysiac", tysiac.PRESETS["russian"], 3, 0, [e for e, _ in RUSSIAN_GAME]
    ),
    "tysiac russian begun": rounds_game(
        "tysiac", tysiac.PRESETS["russian"], 3, 1, [e for e, _ in RUSSIAN_GAME[:4]]
    ),
    "tysiac polish": rounds_game(
        "tysiac", tysiac.PRESETS["polish"], 4, 0, [e for e, _ in POLISH_GAME]
    ),
    # Spades: tests/rules/test_spades_games.py's games, and one under every other option.
    "spades pagat, both teams over 500": rounds_game(
        "spades", spades.PRESETS["pagat"], 4, 1, [*TO_440_EACH, E]
    ),
    "spades 337, bid 5, took 8": rounds_game(
        "spades", spades.PRESETS["pagat"], 4, 0, [*TO_337, BID_5_TOOK_8]
    ),
    "spades a tie, another hand": rounds_game(
        "spades", spades.PRESETS["pagat"], 4, 0, [*TO_440_EACH[:7], Y_SHORT, E]
    ),
    "spades every option": rounds_game(
        "spades",
        spades.Rules(
            failed_nil="count",
            blind_nil="behind",
            bag_limit=5,
            bag_penalty=50,
            mercy=-200,
            min_team_bid=4,
            ten_for_200=True,
            moon="points",
            moon_points=250,
        ),
        4,
        2,
        [
            {"bids": [0, 4, 5, 4], "tricks": [2, 4, 3, 4]},
            {"bids": [0, 4, 5, 4], "blind": [True, False, False, False], "tricks": [0, 4, 5, 4]},
            {"bids": [5, 2, 5, 2], "team_tricks": [13, 0]},
            {"bids": [3, 3, 3, 3], "team_tricks": [9, 4]},
            {"bids": [7, 2, 6, 2], "team_tricks": [13, 0]},
        ],
    ),
    "spades a refused hand": rounds_game(
        "spades", spades.PRESETS["pagat"], 4, 0, [{"bids": [3, 3, 3, 3], "team_tricks": [7, 7]}]
    ),
    # Spades on a phone offline: a hand kept as its form's fields, then the next hand's bids:
    # the call, and which way the rules draw the hand's form (form_variant).
    "spades on the phone, no nil: per team": phone_table(
        "spades", spades.PRESETS["pagat"], ["3", "4", "2", "4"], ["false"] * 4
    ),
    "spades on the phone, a nil: per player": phone_table(
        "spades", spades.PRESETS["pagat"], ["5", "3", "0", "4"], ["false"] * 4
    ),
    "spades on the phone, a blind nil: per player": phone_table(
        "spades", spades.Rules(blind_nil="on"), ["0", "4", "5", "4"], ["true"] + ["false"] * 3
    ),
    # The sheet: each preset (tests/rules/test_sheet.py's games).
    "sheet free, ended by the table": rounds_game(
        "sheet", sheet.PRESETS["free"], 3, 0, [{"points": [4, 9, 9]}, {"points": [3, -2, 0]}], True
    ),
    "sheet scala_40, out at 101": rounds_game(
        "sheet",
        sheet.PRESETS["scala_40"],
        3,
        0,
        [{"points": [10, 30, 5]}, {"points": [50, 80, 20]}, {"points": [45, None, 10]}],
    ),
    "sheet burraco, two teams": rounds_game(
        "sheet", sheet.PRESETS["burraco"], 4, 0, [{"points": [1200, 900]}, {"points": [900, 1000]}]
    ),
    "sheet hearts, lowest wins": rounds_game(
        "sheet",
        sheet.PRESETS["hearts"],
        4,
        2,
        [{"points": row} for row in ([13, 5, 8, 0], [0, 26, 0, 0], [6, 6, 1, 13], [26, 0, 0, 0])],
    ),
    "sheet rummy to 500": rounds_game(
        "sheet", sheet.PRESETS["rummy"], 2, 0, [{"points": [120, 80]}, {"points": [400, 10]}]
    ),
}


#: Refusals with two things wrong: the rules name the first they meet, going over a tuple of
#: keys (DECK_HOLD_KEYS, ADVANCED_NAMES) rather than a dict, whose order MicroPython does
#: not keep.
DICT_ORDER = {
    "skull_king too many 14s and mermaids": rounds_game(
        "skull_king",
        skull_king.PRESETS["rulebook"],
        4,
        0,
        [
            skull_king_round(
                [1, 1, 1, 1], [1, 0, 0, 0], [{"fourteens": 4, "mermaids": 3}, {}, {}, {}]
            )
        ],
    ),
    "skull_king two advanced cards not true or false": rounds_game(
        "skull_king", {"kraken": 1, "white_whale": 1, "loot": 1}, 4, 0, []
    ),
}


@pytest.fixture(scope="module")
def node() -> str:
    """Node.js, as tests/games/test_rounds_offline_agree.py treats it: skipped without it, except
    on CI."""
    found = shutil.which("node")
    if found is None:
        message = "Node.js not found; install it with `apt-get install -y nodejs`."
        if os.environ.get("CI", "").lower() in {"true", "1"}:
            pytest.fail(f"CI must run the rules under MicroPython: {message}", pytrace=False)
        pytest.skip(message)
    return found


@pytest.fixture(scope="module")
def micropython(node, tmp_path_factory) -> dict:
    """Every case's answer from games.rules under MicroPython, by the case's name."""
    path = tmp_path_factory.mktemp("phone_rules") / "bundle.json"
    bundle.write(path)
    done = subprocess.run(
        [node, str(RUN), str(path)],
        input=json.dumps([*CASES.values(), *DICT_ORDER.values()]),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)["answers"]
    names = [*CASES, *DICT_ORDER]
    return {name: found["answer"] for name, found in zip(names, answers, strict=True)}


def cpython(request: dict) -> dict:
    """The same request under CPython, through JSON as the phone's answer comes."""
    return json.loads(json.dumps(figures.score(json.loads(json.dumps(request)))))


def differences(found: object, expected: object, where: str = "") -> list[str]:
    if isinstance(expected, dict) and isinstance(found, dict):
        return [
            line
            for key in sorted(set(expected) | set(found))
            for line in differences(found.get(key), expected.get(key), f"{where}.{key}")
        ]
    if isinstance(expected, list) and isinstance(found, list) and len(found) == len(expected):
        return [
            line
            for index, (one, other) in enumerate(zip(found, expected, strict=True))
            for line in differences(one, other, f"{where}[{index}]")
        ]
    return [] if found == expected else [f"{where}: MicroPython {found!r}, CPython {expected!r}"]


@pytest.mark.parametrize("name", list(CASES))
def test_micropython_scores_every_worked_example_as_cpython_does(name, micropython) -> None:
    found = micropython[name]
    assert "crash" not in found, found
    assert differences(found, cpython(CASES[name])) == []


@pytest.mark.parametrize("name", list(DICT_ORDER))
def test_micropython_names_the_first_of_two_faults_as_cpython_does(name, micropython) -> None:
    found = micropython[name]
    expected = cpython(DICT_ORDER[name])
    assert "error" in found and "error" in expected
    assert found == expected


def test_the_worked_examples_cover_every_game_whole_and_refused() -> None:
    answers = {name: cpython(request) for name, request in CASES.items()}
    games = {request["game"] for request in CASES.values()}
    refused = {name for name, answer in answers.items() if "error" in answer}
    finished = {CASES[name]["game"] for name, answer in answers.items() if answer.get("finished")}

    assert games == {"oh_hell", "kozel", "skull_king", "tysiac", "sheet", "spades"}
    assert all(callable(figures.scorer(game)) for game in games)
    assert refused == {
        "oh_hell a refused record",
        "kozel a refused deal",
        "skull_king a round too many",
        "spades a refused hand",
    }
    assert finished == games
    assert len(answers["skull_king twenty rounds"]["rounds"]) == 20
    # The form after the bids, as the rules say (per team unless a nil, blind or not).
    forms = {name: answer.get("form") for name, answer in answers.items() if "kept" in CASES[name]}
    assert forms == {
        "spades on the phone, no nil: per team": "teams",
        "spades on the phone, a nil: per player": "players",
        "spades on the phone, a blind nil: per player": "players",
    }
    assert answers["spades on the phone, no nil: per team"]["count"] == 2
    assert len(answers["oh_hell classic-4"]["deals"]) == 13

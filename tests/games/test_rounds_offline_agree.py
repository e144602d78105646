"""A round game scored offline on a phone agrees with the server (docs/phone.md "Rules on
the phone"): random games of Skull King, Tysiąc and the score sheet, each preset, played
online through the round's form; then the same rounds scored as a phone offline scores
them from any point on (the rounds before it as the server stores them, the ones after as
their forms' fields, games.rules under MicroPython in Node, tools/phone_rules/run.mjs), and
worded as the phone words them (static/js/phone-rules.js with the catalogue the server
sends, tools/phone_rules/words.mjs): the same totals, places, winners, marks, points and
explanations, in English and in Polish."""

from __future__ import annotations

import html
import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games import services
from games.explanations import catalogue, explained
from games.kinds import kind_of
from games.phone_rules import bundle
from games.phone_rules.figures import plain
from games.rules import RuleError
from games.rules import sheet as sheet_rules
from games.rules.entry_fields import entry_of
from games.rules.tysiac.table import GivenUp, playing
from tests.games.conftest import HTMX, form_key

ROOT = Path(__file__).resolve().parents[2]
RUN = ROOT / "tools" / "phone_rules" / "run.mjs"
WORDS = ROOT / "tools" / "phone_rules" / "words.mjs"
MODULE = ROOT / "static" / "js" / "phone-rules.js"
#: (kind, preset, players): every preset of the three round games.
GAMES = [
    ("skull_king", "rulebook", 3),
    ("skull_king", "advanced", 4),
    ("skull_king", "rascal", 5),
    ("tysiac", "russian", 3),
    ("tysiac", "polish", 4),
    ("any_game", "free", 3),
    ("any_game", "scala_40", 4),
    ("any_game", "burraco", 4),
    ("any_game", "hearts", 4),
    ("any_game", "rummy", 2),
]
SEEDS = range(3)
ROUNDS = 8


def fields_of(value: object, name: str = "e") -> dict[str, str]:
    """An entry as its form's fields, one value a name, as a phone keeps them."""
    if isinstance(value, (dict, list)):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        return {k: v for key, item in items for k, v in fields_of(item, f"{name}.{key}").items()}
    if value is None:
        return {name: "null"}
    if isinstance(value, bool):
        return {name: "true" if value else "false"}
    return {name: str(value)}


def skull_king(chance: random.Random, rules, players: int, plan) -> dict:
    cards = plan.cards
    tricks = [0] * players
    for _trick in range(cards):
        tricks[chance.randrange(players)] += 1
    bids = [chance.choice([took, took, chance.randint(0, cards)]) for took in tricks]
    bonuses = []
    for seat in range(players):
        bonus = {}
        if tricks[seat] and chance.random() < 0.3:
            key = chance.choice(["fourteens", "mermaids", "pirates", "black_fourteen"])
            bonus[key] = True if key == "black_fourteen" else 1
        if str(rules.scoring) == "rascal" and tricks[seat] and chance.random() < 0.3:
            bonus["wager"] = chance.choice([10, 20])
        bonuses.append(bonus)
    return {"bids": bids, "tricks": tricks, "bonuses": bonuses}


def thousand(chance: random.Random, rules, players: int, plan) -> dict:
    seats = playing(players, plan)
    if rules.given_up != GivenUp.OFF and chance.random() < 0.1:
        return {"bidder": chance.choice(seats), "contract": 120, "given_up": True}
    cuts = sorted(chance.randint(0, 120) for _ in range(len(seats) - 1))
    shares = [high - low for low, high in zip([0, *cuts], [*cuts, 120], strict=True)]
    points = [None] * players
    for seat, share in zip(seats, shares, strict=True):
        points[seat] = share
    marriages = {suit: chance.choice(seats) for suit in "HDCS" if chance.random() < 0.25}
    steps = range(100, 200, rules.steps)
    entry = {"bidder": chance.choice(seats), "contract": chance.choice(steps), "points": points}
    entry |= {"given_up": False, "marriages": marriages}
    if rules.talon and players == 4:
        entry["talon"] = {"aces": chance.randint(0, 1)}
    return entry


def sheet(chance: random.Random, rules, players: int, plan) -> dict:
    out = set(plan.sitting_out)
    return {
        "points": [
            None if out and set(seats) <= out else chance.randint(-20, 70)
            for seats in sheet_rules.sides(rules, players)
        ]
    }


RANDOM_ROUND = {"skull_king": skull_king, "tysiac": thousand, "any_game": sheet}


def a_round(chance: random.Random, kind: str, table) -> dict[str, str] | None:
    """A round's fields the rules take, made up at random (tried until one is taken)."""
    plan = table.result.next_round
    for _try in range(60):
        fields = fields_of(RANDOM_ROUND[kind](chance, table.rules, table.players, plan))
        try:
            table.module.check_round(
                table.rules, table.players, plan, entry_of([(k, [v]) for k, v in fields.items()])
            )
        except RuleError:
            continue
        return fields
    return None


def played(client, notebook, kind: str, preset: str, players: int, seed: int):
    """A game played online through the round's form: (its table, each round's fields)."""
    chance = random.Random(f"{kind} {preset} {seed}")
    game = services.start_game(
        notebook=notebook,
        kind=kind,
        preset=preset,
        options=kind_of(kind).preset_options(preset),
        names=[f"P{seat}" for seat in range(players)],
        first_dealer=chance.randrange(players),
    )
    forms = []
    for number in range(1, ROUNDS + 1):
        table = services.load(game)
        if table.result.next_round is None:
            break
        fields = a_round(chance, kind, table)
        if fields is None:
            break
        answer = client.post(
            reverse("round", args=[game.public_id]),
            {"deal": number, "idem": form_key(), **fields},
            **HTMX,
        )
        assert answer.status_code == 200, answer.content.decode()[:500]
        forms.append(fields)
    # Where the table may end the game (the sheet), it does so half the time, offline too.
    ended = kind_of(kind).ends_by_table and chance.random() < 0.5
    if ended and services.load(game).result.next_round is not None:
        answer = client.post(
            reverse("end_game", args=[game.public_id]), {"idem": form_key()}, **HTMX
        )
        assert answer.status_code == 200, answer.content.decode()[:500]
    game.refresh_from_db()
    return services.load(game), forms, chance


@pytest.fixture(scope="module")
def node() -> str:
    found = shutil.which("node")
    if found is None:
        if os.environ.get("CI", "").lower() in {"true", "1"}:
            pytest.fail("CI must run the rules under MicroPython: Node.js not found")
        pytest.skip("Node.js not found; install it with `apt-get install -y nodejs`.")
    return found


def run(node: str, script: Path, argument: Path, request: object) -> object:
    done = subprocess.run(
        [node, str(script), str(argument)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.long
@pytest.mark.django_db
def test_a_phone_offline_scores_random_round_games_as_the_server(
    node, client, notebook, tmp_path
) -> None:
    path = tmp_path / "bundle.json"
    bundle.write(path)
    module = tmp_path / "phone-rules.mjs"
    module.write_text(MODULE.read_text())

    cases = []
    for kind, preset, players in GAMES:
        for seed in SEEDS:
            table, forms, chance = played(client, notebook, kind, preset, players, seed)
            assert forms, (kind, preset, seed)
            cut = chance.randint(0, len(forms) - 1)  # the phone goes offline after round `cut`
            request = {
                "game": table.module.__name__.rsplit(".", 1)[-1],
                "options": plain(table.rules),
                "players": table.players,
                "first_dealer": table.game.first_dealer,
                "entries": table.entries[:cut],
                "kept": forms[cut:],
                "ended": table.game.finished_at is not None,
                "since": cut,
            }
            cases.append((f"{kind} {preset} {seed} from {cut}", table, cut, request))
    # Some games ended by the table, some not: both are met.
    assert {request["ended"] for *_, request in cases} == {True, False}

    phone = run(node, RUN, path, [request for *_, request in cases])["answers"]
    assert len(phone) == len(cases)
    worded_in = {}
    for language in ("en", "pl"):
        with translation.override(language):
            words = [
                run(
                    node,
                    WORDS,
                    module,
                    {"catalogue": catalogue(table.module), "answers": [found["answer"]]},
                )[0]
                for (_name, table, _cut, _request), found in zip(cases, phone, strict=True)
            ]
            worded_in[language] = words
            for (name, table, cut, _request), found, said in zip(cases, phone, words, strict=True):
                answer, result = found["answer"], table.result
                assert answer.get("refused") is None, name
                assert answer["totals"] == list(result.totals), name
                assert answer["places"] == list(result.places), name
                assert answer["winners"] == list(result.winners), name
                assert answer["finished"] == result.finished, name
                assert answer["next_round"] == plain(result.next_round), name
                assert answer["out"] == sorted(result.out), name
                assert said["marks"] == [explained([m])[0] if m else None for m in result.marks]
                assert answer["count"] == len(result.rounds), name
                # Every sentence met is in the catalogue: none is shown in English by mistake.
                known = set(catalogue(table.module))
                met = [m for m in result.marks if m] + [
                    why
                    for scored in result.rounds
                    for why in (*scored.notes, *(w for whys in scored.whys for w in whys))
                ]
                assert {why.template for why in met} <= known, name
                assert {why.rule for why in met if why.rule} <= known, name
                for scored, phone_round, worded in zip(
                    result.rounds[cut:], answer["rounds"], said["rounds"], strict=True
                ):
                    assert phone_round["points"] == list(scored.points), name
                    assert phone_round["totals"] == list(scored.totals), name
                    assert phone_round["entry"] == scored.entry, name
                    assert worded["notes"] == explained(scored.notes), name
                    assert worded["whys"] == [explained(whys) for whys in scored.whys], name
    assert worded_in["en"] != worded_in["pl"]  # the Polish catalogue was used


@pytest.mark.django_db
def test_a_round_the_rules_refuse_offline_is_refused_as_the_server_refuses_it(
    node, client, notebook, tmp_path
) -> None:
    """A kept round that cannot be (tricks that do not add up) is refused on the phone with
    the server's own words, the round before it scored, the one after it not."""
    path = tmp_path / "bundle.json"
    bundle.write(path)
    module = tmp_path / "phone-rules.mjs"
    module.write_text(MODULE.read_text())
    game = services.start_game(
        notebook=notebook,
        kind="skull_king",
        preset="rulebook",
        options=kind_of("skull_king").preset_options("rulebook"),
        names=["Anna", "Ben", "Cleo"],
        first_dealer=0,
    )
    good = fields_of({"bids": [1, 0, 0], "tricks": [1, 0, 0]})
    wrong = fields_of({"bids": [1, 0, 0], "tricks": [1, 1, 1]})  # 3 tricks of 2 cards
    assert (
        client.post(
            reverse("round", args=[game.public_id]), {"deal": 1, "idem": form_key(), **good}, **HTMX
        ).status_code
        == 200
    )
    refused = client.post(
        reverse("round", args=[game.public_id]), {"deal": 2, "idem": form_key(), **wrong}, **HTMX
    )
    assert refused.status_code == 422
    table = services.load(game)
    request = {
        "game": "skull_king",
        "options": plain(table.rules),
        "players": 3,
        "first_dealer": 0,
        "entries": [],
        "kept": [good, wrong, good],
        "ended": False,
        "since": 0,
    }

    answer = run(node, RUN, path, [request])["answers"][0]["answer"]

    assert answer["refused"]["index"] == 1
    assert answer["count"] == 1 and answer["totals"] == list(table.result.totals)
    for language in ("en", "ru"):
        with translation.override(language):
            said = run(
                node, WORDS, module, {"catalogue": catalogue(table.module), "answers": [answer]}
            )
            shown = client.post(
                reverse("round", args=[game.public_id]),
                {"deal": 2, "idem": form_key(), **wrong},
                HTTP_ACCEPT_LANGUAGE=language,
                **HTMX,
            ).content.decode()
        reason = said[0]["refused"]
        assert reason and html.escape(reason, quote=False) in shown, (reason, language)

"""The longest backlog a phone can keep, sent in one request (issue 38, item 6).

    .venv/bin/python bench/backlog.py                        # SQLite and PostgreSQL
    BENCH_DATABASES=sqlite BENCH_BACKLOG_ROUNDS=100 .venv/bin/python bench/backlog.py

For each database: gunicorn (one worker, gunicorn.conf.py, its 30 s timeout) on a temporary
database, and a game of Тысяча for three (the Russian preset: the heaviest rules to score)
whose whole game, the most rounds a session may hold (BENCH_BACKLOG_ROUNDS to change it),
a phone kept offline and sends as backlogs over HTTP, as the page does. Printed: the whole
game in one request, and the cost of an entry in the game's second half against its first
half, each half sent as one backlog. Budgets: the whole game within 5 s (a sixth of the
worker's timeout), and an entry's cost not growing with the game (second half at most
1.5x the first).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import secrets
import sys
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import server

WHOLE_BUDGET_S = 5.0
GROWTH_BUDGET = 1.5


def rounds_of_a_long_game(count: int) -> list[dict]:
    """Тысяча for three, never reaching 1000: the bidder goes round the table; each makes
    120 with all the card points, then fails a contract of 200 with them; the defenders
    score nothing (a bolt, and every third one costs 120)."""
    rounds = []
    for index in range(count):
        bidder = index % 3
        contract = 120 if (index // 3) % 2 == 0 else 200
        points = [120 if seat == bidder else 0 for seat in range(3)]
        rounds.append({"bidder": bidder, "contract": contract, "points": points})
    return rounds


#: Oh Hell for four, a custom schedule of 13 cards a deal, as long as the form allows.
OH_HELL_DEALS = 60


def oh_hell_entries(first: int, last: int) -> list[dict]:
    """Deals ``first`` to ``last`` as the scorekeeper enters them: trump, the four bids in
    turn (all 0), then everyone's tricks (the player left of the dealer takes all 13)."""
    entries = []
    for number in range(first, last + 1):
        dealer = (number - 1) % 4
        order = [(dealer + step) % 4 for step in (1, 2, 3, 4)]
        fields = [{"deal": str(number), "trump": "H"}]
        fields += [
            {"deal": str(number), "seat": str(seat), "bid": "0", "was": ""} for seat in order
        ]
        tricks = {f"tricks-{seat}": "13" if seat == order[0] else "0" for seat in range(4)}
        fields.append({"deal": str(number), **tricks})
        for action, sent in zip(
            ["trump", "bid", "bid", "bid", "bid", "tricks"], fields, strict=True
        ):
            entries.append(
                {"action": action, "fields": {"idem": secrets.token_urlsafe(16), **sent}}
            )
    return entries


def entry(number: int, played: dict) -> dict:
    fields = {"idem": secrets.token_urlsafe(16), "deal": str(number)}
    fields["e.bidder"] = str(played["bidder"])
    fields["e.contract"] = str(played["contract"])
    for seat, points in enumerate(played["points"]):
        fields[f"e.points.{seat}"] = str(points)
    return {"action": "round", "fields": fields}


def most_rounds() -> int:
    if chosen := os.environ.get("BENCH_BACKLOG_ROUNDS"):
        return int(chosen)
    from games import limits

    return limits.MOST_DEALS


def make() -> None:
    """In the prepared database: two sessions of the same game (``bench/server.prepared``)."""
    from games import services
    from games.kinds import kind_of
    from games.models import Notebook

    notebook = Notebook.objects.create()
    made = {"notebook": notebook.key}
    for name in ("oh_hell_whole", "oh_hell_halves"):
        game = services.start_game(
            notebook=notebook,
            kind="oh_hell",
            preset="classic",
            options={
                **kind_of("oh_hell").preset_options("classic"),
                "schedule": "custom",
                "custom_schedule": [13] * OH_HELL_DEALS,
            },
            names=["Anna", "Ben", "Carla", "Dan"],
            first_dealer=0,
        )
        made[name] = game.public_id
    for name in ("whole", "halves"):
        game = services.start_game(
            notebook=notebook,
            kind="tysiac",
            preset="russian",
            options=kind_of("tysiac").preset_options("russian"),
            names=["Anna", "Ben", "Carla"],
            first_dealer=0,
        )
        made[name] = game.public_id
    Path(sys.argv[-1]).write_text(json.dumps(made))


class Phone:
    """The scorekeeper's phone: its notebook cookie and the page's CSRF token."""

    def __init__(self, url: str, notebook: str) -> None:
        self.url = url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))
        host = url.split("//", 1)[1].split(":")[0]
        self.cookies.set_cookie(cookie("notebook", notebook, host))

    def open(self, public_id: str) -> None:
        self.opener.open(f"{self.url}/s/{public_id}/", timeout=60).read()

    def send(self, public_id: str, entries: list[dict]) -> tuple[float, dict]:
        token = next(c.value for c in self.cookies if c.name == "csrftoken")
        request = urllib.request.Request(
            f"{self.url}/s/{public_id}/entries/",
            data=json.dumps({"entries": entries}).encode(),
            headers={
                "Content-Type": "application/json",
                "X-CSRFToken": token,
                "Referer": f"{self.url}/s/{public_id}/",
            },
            method="POST",
        )
        started = time.perf_counter()
        with self.opener.open(request, timeout=60) as response:
            answer = json.loads(response.read())
        return time.perf_counter() - started, answer


def cookie(name: str, value: str, host: str) -> http.cookiejar.Cookie:
    return http.cookiejar.Cookie(
        0, name, value, None, False, host, False, False, "/", True, False, None, False, None,
        None, {},
    )  # fmt: skip


def said(database: str, what: str, whole: float, first: float, second: float) -> list[str]:
    """Print one game's figures beside their budgets; the failed ones."""
    growth = second / first
    print(f"{database}: {what} in one backlog: {whole:.2f} s "
          f"(budget {WHOLE_BUDGET_S:.0f} s) {server.verdict(whole <= WHOLE_BUDGET_S)}")  # fmt: skip
    print(f"{database}: {what}, an entry in the second half against the first: {growth:.2f}x "
          f"({first * 1000:.1f} ms, then {second * 1000:.1f} ms; budget {GROWTH_BUDGET}x) "
          f"{server.verdict(growth <= GROWTH_BUDGET)}")  # fmt: skip
    failures = []
    if whole > WHOLE_BUDGET_S:
        failures.append(f"{database}: {what} took {whole:.2f} s")
    if growth > GROWTH_BUDGET:
        failures.append(f"{database}: {what}: an entry's cost grew {growth:.2f}x with the game")
    return failures


def measure(database: str, count: int) -> list[str]:
    command = ["-c", "import django; django.setup(); import bench.backlog; bench.backlog.make()"]
    game = rounds_of_a_long_game(count)
    entries = [entry(number, played) for number, played in enumerate(game, 1)]
    again = [entry(number, played) for number, played in enumerate(game, 1)]  # keys of its own
    half = count // 2
    failures = []
    with server.prepared(database, command) as (env, made), server.gunicorn(env) as (url, _):
        phone = Phone(url, made["notebook"])
        phone.open(made["whole"])
        whole, answer = phone.send(made["whole"], entries)
        assert answer["done"] == count and answer["refused"] is None, answer["refused"]
        phone.open(made["halves"])
        first, answer = phone.send(made["halves"], again[:half])
        assert answer["done"] == half, answer["refused"]
        second, answer = phone.send(made["halves"], again[half:])
        assert answer["done"] == count - half, answer["refused"]
        oh_hell = oh_hell_entries(1, OH_HELL_DEALS)
        phone.open(made["oh_hell_whole"])
        oh_whole, answer = phone.send(made["oh_hell_whole"], oh_hell)
        assert answer["done"] == len(oh_hell), answer["refused"]
        halves = oh_hell_entries(1, OH_HELL_DEALS)  # keys of its own
        middle = len(halves) // 2
        phone.open(made["oh_hell_halves"])
        oh_first, answer = phone.send(made["oh_hell_halves"], halves[:middle])
        assert answer["done"] == middle, answer["refused"]
        oh_second, answer = phone.send(made["oh_hell_halves"], halves[middle:])
        assert answer["done"] == len(halves) - middle, answer["refused"]
    failures += said(
        database, f"{count} rounds of Тысяча", whole, first / half, second / (count - half)
    )
    entries_each = (oh_first / middle, oh_second / (len(halves) - middle))
    what = f"Oh Hell, {OH_HELL_DEALS} deals ({len(oh_hell)} entries)"
    failures += said(database, what, oh_whole, *entries_each)
    return failures


def main() -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
    count = most_rounds()
    failures = []
    for database in server.databases():
        failures += measure(database, count)
    return server.finish("bench/backlog.py", failures)


if __name__ == "__main__":
    sys.exit(main())

"""Card tables for locust: one scorekeeper entering a game of Oh Hell at a human pace,
and phones following it live, as the pages do.

Run by bench/load/run.py, which makes the sessions and starts gunicorn; by hand:

    BENCH_TABLES=/tmp/tables.json locust -f bench/load/locustfile.py --headless \\
        -u 100 -r 20 --run-time 60s --host http://127.0.0.1:8000

Each locust user is a table (``BENCH_TABLES``: a JSON list of {"game", "notebook",
"view"} made by run.py). Its phones, each with its own cookies and connections:

- the scorekeeper (the notebook's cookie) opens the session, then bids for each
  player in turn (a pause of ``BENCH_BID_SECONDS`` before each), taps the winner of
  every trick as it falls (each player takes ``BENCH_CARD_SECONDS`` to play a card),
  scores the deal with the counts the page shows (``BENCH_SCORE_SECONDS``), and
  waits while the cards are gathered, shuffled and dealt (``BENCH_DEAL_SECONDS``)
  before the next deal's first bid; every action is an htmx POST answered with the
  swapped table, exactly what the page's forms send (bench/pageforms);
- ``BENCH_FOLLOWERS`` phones (default 3: a table of four players has four phones,
  the scorekeeper's and three others) open the view-only link and poll
  ``/s/<id>/live/?v=<version>`` every ``BENCH_POLL_SECONDS`` (3, as the page's
  ``hx-trigger="every 3s"``), taking the new version from each 200 answer;
- the scorekeeper's own page polls the same way. As in htmx, the poll's timer belongs
  to the swapped element: every swap (a 200 poll, or the answer to the scorekeeper's
  own tap) starts it again, so the scorekeeper's page polls between its entries.

The pace is the one our rule source gives a table (bench/load/pace.py: seed 002's
game of seven players in 45 minutes). Pauses are drawn between half and one and a
half times their setting, so the tables do not march in step. Any answer other than
200, 204 (up to date) or a redirect is a failure.
"""

from __future__ import annotations

import gc
import itertools
import json
import os
import random
import sys
import time
from http.cookiejar import Cookie
from pathlib import Path

import gevent
from locust import User, events, task
from locust.contrib.fasthttp import FastHttpSession

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import pageforms
from bench.load import pace

FOLLOWERS = int(os.environ.get("BENCH_FOLLOWERS", "3"))
#: Seconds after the last table has opened its pages before the figures count.
SETTLE = float(os.environ.get("BENCH_SETTLE_SECONDS", "0"))
#: Seconds the figures count for; then locust stops (0: until its --run-time).
MEASURE = float(os.environ.get("BENCH_MEASURE_SECONDS", "0"))
#: Written with the time when the figures start counting, for run.py.
COUNTING_FILE = os.environ.get("BENCH_COUNTING_FILE", "")

_tables: list[dict] = []
_next_table = itertools.count()
#: Tables whose phones have all opened their pages.
_opened = 0


@events.init.add_listener
def load_tables(environment, **_kwargs) -> None:
    path = os.environ.get("BENCH_TABLES")
    if path:
        _tables.extend(json.loads(Path(path).read_text()))

    @environment.events.spawning_complete.add_listener
    def settle(user_count: int, **_kwargs) -> None:
        gevent.spawn(count_when_settled, environment, user_count)
        quiet_collector()


def count_when_settled(environment, tables: int) -> None:
    """Start the figures once the tables' opening rush is over.

    Every table opens its four pages within a poll's interval of its start: a rush that
    a real evening, whose tables sit down over hours, never sees, and on a slow
    server one that is still being answered seconds later. The figures count from
    SETTLE seconds after the last table's last page was answered (so the polls' timers
    are no longer in step), for MEASURE seconds.
    """
    while _opened < tables:
        gevent.sleep(0.1)
    gevent.sleep(SETTLE)
    environment.runner.stats.reset_all()
    if COUNTING_FILE:
        Path(COUNTING_FILE).write_text(str(time.time()))
    if MEASURE:
        gevent.spawn_later(MEASURE, environment.runner.quit)


def quiet_collector() -> None:
    """Keep the load generator's garbage collector from stopping every phone at once.

    Locust is one process: while Python's cyclic collector runs, no phone sends or
    reads, every request in flight is timed that much longer, and the requests held
    back then reach the server together. With Python's defaults a full collection over
    the tables' phones took 110 to 160 ms, several times a step (gc.callbacks, 2
    December), more than the p95 budget itself. What the tables hold once they have
    started is frozen out of collections, and young objects are collected every
    50,000 allocations, as gunicorn.conf.py does for the server.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def pause(seconds: float) -> None:
    gevent.sleep(random.uniform(0.5 * seconds, 1.5 * seconds))


class Phone:
    """One phone: its own cookies and connection, and the page it shows."""

    def __init__(self, user: User, cookies: dict[str, str]) -> None:
        self.http = FastHttpSession(
            user.host, request_event=user.environment.events.request, user=user
        )
        host = user.host.split("://", 1)[1].split(":")[0].split("/")[0]
        for name, value in cookies.items():
            self.http.cookiejar.set_cookie(
                Cookie(
                    0,
                    name,
                    value,
                    None,
                    False,
                    host,
                    False,
                    False,
                    "/",
                    True,
                    False,
                    None,
                    True,
                    None,
                    None,
                    {},
                )
            )
        self.html = ""
        self._forms: list[pageforms.Form] | None = None
        self.version: int | None = None
        self.csrf = ""
        #: When the shown element's ``every`` timer fires next.
        self.next_poll = time.monotonic() + pace.POLL

    def show(self, html: str) -> None:
        """A new page or swap: htmx starts the new element's poll timer afresh."""
        self.html = html
        self._forms = None
        self.version = pageforms.live_version(html)
        self.csrf = pageforms.csrf_token(html) or self.csrf
        self.next_poll = time.monotonic() + pace.POLL

    def form(self, action_ending: str) -> pageforms.Form | None:
        """A form of the page shown, its forms read once per page (only the
        scorekeeper's are read: a follower's phone needs only the version)."""
        if self._forms is None:
            self._forms = pageforms.forms_of(self.html)
        return pageforms.form_among(self._forms, action_ending)

    def open(self, path: str) -> None:
        with self.http.get(path, name="page", catch_response=True) as response:
            if response.status_code != 200:
                response.failure(f"page answered {response.status_code}")
                return
            self.show(response.text)

    def poll(self, game: str) -> None:
        """The page's live poll, every poll interval after its last swap, for as long
        as the table plays."""
        while True:
            gevent.sleep(max(0.0, self.next_poll - time.monotonic()))
            if time.monotonic() < self.next_poll:
                continue  # swapped meanwhile (the scorekeeper's own tap): a new timer
            self.next_poll += pace.POLL  # a 204 swaps nothing: the timer keeps its beat
            if self.version is None:
                continue
            with self.http.get(
                f"/s/{game}/live/?v={self.version}",
                name="live",
                headers={"HX-Request": "true"},
                catch_response=True,
            ) as response:
                if response.status_code == 200:
                    self.show(response.text)
                elif response.status_code != 204:
                    response.failure(f"live answered {response.status_code}")

    def post(self, form: pageforms.Form, fields: dict[str, str], name: str) -> None:
        data = {**form.hidden, **fields}
        headers = {"HX-Request": "true", "X-CSRFToken": self.csrf}
        with self.http.post(
            form.action, data=data, headers=headers, name=name, catch_response=True
        ) as response:
            if response.status_code == 200:
                self.show(response.text)
            else:
                response.failure(f"{name} answered {response.status_code}")


class Table(User):
    """A card table for an evening: a scorekeeper and phones following live."""

    def on_start(self) -> None:
        if not _tables:
            raise RuntimeError("BENCH_TABLES names no tables (see bench/load/run.py)")
        self.table = _tables[next(_next_table) % len(_tables)]
        self.game = self.table["game"]
        self.scorekeeper = Phone(self, {"notebook": self.table["notebook"]})
        self.followers = [Phone(self, {"links": self.table["view"]}) for _ in range(FOLLOWERS)]
        self.greenlets: list[gevent.Greenlet] = []
        #: The deal was just scored: the next one's cards are being dealt.
        self.dealing = False

    def on_stop(self) -> None:
        gevent.killall(self.greenlets, block=False)

    @task
    def evening(self) -> None:
        gevent.sleep(random.uniform(0, pace.POLL))  # phones do not all open at the same instant
        self.scorekeeper.open(f"/s/{self.game}/")
        for phone in self.followers:
            phone.open(f"/s/{self.game}/")
        global _opened
        _opened += 1
        self.greenlets = [
            gevent.spawn(phone.poll, self.game) for phone in [self.scorekeeper, *self.followers]
        ]
        while True:
            self.keep_score()

    def keep_score(self) -> None:
        """One step of the scorekeeper, from what its page shows now."""
        phone = self.scorekeeper
        bid = phone.form("/bid/")
        if bid is not None and bid.choices("bid"):
            if self.dealing:
                pause(pace.DEAL)
                self.dealing = False
            pause(pace.BID)
            allowed = bid.choices("bid")
            phone.post(bid, {"bid": random.choice(allowed[:3])}, "bid")
            return
        trick = phone.form("/trick/")
        if trick is not None and trick.choices("seat"):
            seats = trick.choices("seat")
            pause(pace.trick_seconds(len(seats)))
            phone.post(trick, {"seat": random.choice(seats)}, "trick")
            return
        tricks = phone.form("/tricks/")
        if tricks is not None and tricks.checked:
            pause(pace.SCORE)
            phone.post(tricks, tricks.checked, "tricks")
            self.dealing = True
            return
        # The game is over, or the page has nothing to enter: look again later.
        pause(pace.DEAL)
        phone.open(f"/s/{self.game}/")

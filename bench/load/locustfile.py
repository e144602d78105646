"""Card tables for locust (started by bench/load/run.py) at a table's pace (pace.py).

A user is a table of ``BENCH_TABLES`` (a JSON list of {"game", "notebook", "view"}) with
phones of their own cookies and connection: the scorekeeper's enters Oh Hell with the
page's own forms (bench/pageforms.py), each entry an htmx POST; ``BENCH_FOLLOWERS`` (3)
open the view-only link. Every page polls its live URL every 3 s and a 200 swaps in the
new version; as in htmx the timer belongs to the swapped element. Pauses are drawn
between half and one and a half times their setting. Any answer but 200 or 204 is an error.
"""

from __future__ import annotations

import gc
import itertools
import json
import os
import random
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import gevent
from locust import User, events, task
from locust.contrib.fasthttp import FastHttpSession
from requests.cookies import create_cookie

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import pageforms
from bench.load import pace

FOLLOWERS = int(os.environ.get("BENCH_FOLLOWERS", "3"))
#: The figures count from SETTLE s after every table's pages were answered, for MEASURE
#: s; run.py reads when they started from the counting file.
SETTLE = float(os.environ.get("BENCH_SETTLE_SECONDS", "6"))
MEASURE = float(os.environ.get("BENCH_MEASURE_SECONDS", "0"))
COUNTING_FILE = os.environ.get("BENCH_COUNTING_FILE", "")

tables: list[dict] = []
next_table = itertools.count()
opened = 0  # tables whose four pages were answered


@events.init.add_listener
def load_tables(environment, **_kwargs) -> None:
    tables.extend(json.loads(Path(os.environ["BENCH_TABLES"]).read_text()))

    @environment.events.spawning_complete.add_listener
    def started(user_count: int, **_kwargs) -> None:
        gevent.spawn(count_when_settled, environment, user_count)
        # While Python's collector runs no phone sends or reads: with its defaults a full
        # collection over the tables took 110 to 160 ms. What they hold is frozen out of
        # collections, young objects collected every 50,000 allocations (gunicorn.conf.py's).
        gc.collect()
        gc.freeze()
        gc.set_threshold(50_000, 20, 100)


def count_when_settled(environment, count: int) -> None:
    """The figures start once the tables' opening rush is answered: every table opens its
    pages as it starts, which an evening (tables sitting down over hours) never does."""
    while opened < count:
        gevent.sleep(0.1)
    gevent.sleep(SETTLE)  # the polls' timers out of step
    environment.runner.stats.reset_all()
    if COUNTING_FILE:
        Path(COUNTING_FILE).write_text(str(time.time()))
    if MEASURE:
        gevent.spawn_later(MEASURE, environment.runner.quit)


def pause(seconds: float) -> None:
    gevent.sleep(random.uniform(0.5 * seconds, 1.5 * seconds))


class Phone:
    """One phone: its own cookies and connection, and the page it shows."""

    def __init__(self, user: User, cookies: dict[str, str]) -> None:
        request, host = user.environment.events.request, urlsplit(user.host).hostname
        self.http = FastHttpSession(user.host, request_event=request, user=user)
        for name, value in cookies.items():
            self.http.cookiejar.set_cookie(create_cookie(name, value, domain=host))
        self.html, self.csrf, self.version = "", "", None
        self.forms: list[pageforms.Form] | None = None
        self.next_poll = time.monotonic() + pace.POLL

    def show(self, html: str) -> None:
        """A page or a swap: htmx starts the new element's poll timer afresh."""
        self.html, self.forms = html, None
        self.version = pageforms.live_version(html)
        self.csrf = pageforms.csrf_token(html) or self.csrf
        self.next_poll = time.monotonic() + pace.POLL

    def form(self, action: str) -> pageforms.Form | None:
        """A form of the page shown (read once a page: only the scorekeeper's are)."""
        if self.forms is None:
            self.forms = pageforms.forms_of(self.html)
        return pageforms.form_for(self.forms, action)

    def request(self, method: str, path: str, name: str, **kwargs) -> None:
        """A request; a 200 is shown, a 204 changes nothing, anything else is an error."""
        with self.http.request(method, path, name=name, catch_response=True, **kwargs) as answer:
            if answer.status_code == 200:
                self.show(answer.text)
            elif answer.status_code != 204:
                answer.failure(f"{name} answered {answer.status_code}")

    def poll(self, game: str) -> None:
        """The page's live poll, every poll interval after its last swap."""
        while True:
            gevent.sleep(max(0.0, self.next_poll - time.monotonic()))
            if time.monotonic() < self.next_poll:
                continue  # swapped meanwhile (the scorekeeper's own entry): a new timer
            self.next_poll += pace.POLL  # a 204 swaps nothing: the timer keeps its beat
            if self.version is not None:
                path = f"/s/{game}/live/?v={self.version}"
                self.request("GET", path, "live", headers={"HX-Request": "true"})

    def post(self, form: pageforms.Form, fields: dict[str, str], name: str) -> None:
        headers = {"HX-Request": "true", "X-CSRFToken": self.csrf}
        self.request("POST", form.action, name, data={**form.hidden, **fields}, headers=headers)


class Table(User):
    """A card table for an evening: the scorekeeper's phone and the others following."""

    def on_start(self) -> None:
        table = tables[next(next_table) % len(tables)]
        self.game = table["game"]
        self.scorekeeper = Phone(self, {"notebook": table["notebook"]})
        followers = [Phone(self, {"links": table["view"]}) for _ in range(FOLLOWERS)]
        self.phones = [self.scorekeeper, *followers]
        self.polls: list[gevent.Greenlet] = []
        self.dealing = False  # the deal was just scored: the next one is being dealt

    def on_stop(self) -> None:
        gevent.killall(self.polls, block=False)

    @task
    def evening(self) -> None:
        global opened
        gevent.sleep(random.uniform(0, pace.POLL))  # the phones do not all open at once
        for phone in self.phones:
            phone.request("GET", f"/s/{self.game}/", "page")
        opened += 1
        self.polls = [gevent.spawn(phone.poll, self.game) for phone in self.phones]
        while True:
            self.keep_score()

    def keep_score(self) -> None:
        """The scorekeeper's next entry, from what its page shows now."""
        phone = self.scorekeeper
        bid, trick, tricks = phone.form("/bid/"), phone.form("/trick/"), phone.form("/tricks/")
        if bid is not None and bid.choices("bid"):
            if self.dealing:
                pause(pace.DEAL)
                self.dealing = False
            pause(pace.BID)
            phone.post(bid, {"bid": random.choice(bid.choices("bid")[:3])}, "bid")
        elif trick is not None and trick.choices("seat"):
            pause(pace.trick_seconds(len(trick.choices("seat"))))
            phone.post(trick, {"seat": random.choice(trick.choices("seat"))}, "trick")
        elif tricks is not None and tricks.given("tricks-"):  # every trick played
            pause(pace.SCORE)
            phone.post(tricks, tricks.given("tricks-"), "tricks")
            self.dealing = True
        else:  # the game is over, or nothing to enter: look again later
            pause(pace.DEAL)
            phone.request("GET", f"/s/{self.game}/", "page")

"""Two app servers on one database, as a club that outgrew one machine runs them:
a scorekeeper's phone moves from one to the other in the middle of a deal (as a
proxy may send it anywhere), and what it sees and enters stays consistent.

Each server is gunicorn with the production settings of `make run` (DEBUG off,
hashed static files) on its own port, on the test database; the phone is urllib
with one cookie jar, which sends its cookies to both (cookies ignore ports).
"""

from __future__ import annotations

import html
import http.cookiejar
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.db import connection

from tests.environment import REPO_ROOT, SECRET_KEY, clean_env

START_TIMEOUT = 30  # seconds for a server to answer its first request
REQUEST_TIMEOUT = 10


# -- a phone: urllib with a cookie jar, and the forms of a page ---------------------------


@dataclass
class Form:
    action: str
    fields: dict[str, str] = field(default_factory=dict)  # hidden inputs only


class Forms(HTMLParser):
    """The POST forms of a page with their hidden fields (the CSRF token, the deal
    shown, the form's idempotency key ...), as a browser would send them."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[Form] = []
        self._open: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form" and values.get("method", "").lower() == "post":
            self._open = Form(values.get("action", ""))
            self.forms.append(self._open)
        elif tag == "input" and self._open is not None and values.get("type") == "hidden":
            self._open.fields[values.get("name", "")] = values.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None


@dataclass
class Answer:
    status: int
    url: str
    html: str

    def form(self, action_ends_with: str) -> Form:
        parser = Forms()
        parser.feed(self.html)
        found = [f for f in parser.forms if f.action.endswith(action_ends_with)]
        assert found, f"no form posting to …{action_ends_with} on {self.url}"
        return found[0]


class Phone:
    def __init__(self) -> None:
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def open(self, url: str, data: dict | None = None) -> Answer:
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        try:
            with self.opener.open(url, body, timeout=REQUEST_TIMEOUT) as response:
                return Answer(response.status, response.url, response.read().decode())
        except urllib.error.HTTPError as error:  # 4xx and 5xx: still a page to read
            return Answer(error.code, url, error.read().decode())

    def poll(self, url: str) -> Answer:
        """The page's live poll, as htmx sends it."""
        request = urllib.request.Request(url, headers={"HX-Request": "true"})
        with self.opener.open(request, timeout=REQUEST_TIMEOUT) as response:
            return Answer(response.status, response.url, response.read().decode())


def live_url(answer: Answer) -> str:
    """Where the page's element polls: /s/<id>/live/?v=<the version it shows>."""
    found = re.search(r'hx-get="(/s/[^/"]+/live/\?v=\d+)"', answer.html)
    assert found, f"no live poll on {answer.url}"
    return html.unescape(found.group(1))


# -- the servers ------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_env(tmp_path: Path) -> dict[str, str]:
    """The test database, for processes of their own."""
    db = connection.settings_dict
    if connection.vendor == "postgresql":
        credentials = urllib.parse.quote(db["USER"] or "")
        if db["PASSWORD"]:
            credentials += ":" + urllib.parse.quote(db["PASSWORD"])
        host = db["HOST"] or "127.0.0.1"
        return {
            "DATABASE_URL": f"postgres://{credentials}@{host}:{db['PORT'] or 5432}/{db['NAME']}"
        }
    name = str(db["NAME"])
    if "memory" in name or not Path(name).exists():  # an in-memory test database: a file
        name = str(tmp_path / "two-servers.sqlite3")
        env = {"SCOREKEEPER_SQLITE_PATH": name, "SCOREKEEPER_SECRET_KEY": SECRET_KEY}
        manage = [sys.executable, "manage.py", "migrate", "--noinput"]
        subprocess.run(manage, cwd=REPO_ROOT, env=clean_env(env), check=True, timeout=120)
    return {"SCOREKEEPER_SQLITE_PATH": name}


@pytest.fixture(scope="module")
def static_root(tmp_path_factory) -> Path:
    """collectstatic's hashed, compressed files, as `make run` and a site serve them."""
    root = tmp_path_factory.mktemp("static")
    env = {"SCOREKEEPER_STATIC_ROOT": str(root), "SCOREKEEPER_SECRET_KEY": SECRET_KEY}
    collect = [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"]
    subprocess.run(collect, cwd=REPO_ROOT, env=clean_env(env), check=True, timeout=300)
    return root


@pytest.fixture
def servers(transactional_db, static_root, tmp_path) -> Iterator[tuple[str, str]]:
    """Two gunicorn servers on the test database; stopped however the test ends."""
    env = clean_env(
        {
            "SCOREKEEPER_SECRET_KEY": SECRET_KEY,
            "SCOREKEEPER_ALLOWED_HOSTS": "127.0.0.1",
            "SCOREKEEPER_STATIC_ROOT": str(static_root),
            **database_env(tmp_path),
        }
    )
    processes: list[tuple[subprocess.Popen, Path]] = []
    urls = []
    try:
        for name in ("a", "b"):
            port = free_port()
            log = tmp_path / f"server-{name}.log"
            command = [sys.executable, "-m", "gunicorn", "-c", "gunicorn.conf.py"]
            command += ["--bind", f"127.0.0.1:{port}", "--workers", "1"]
            with open(log, "w") as out:
                process = subprocess.Popen(
                    command, cwd=REPO_ROOT, env=env, stdout=out, stderr=subprocess.STDOUT
                )
            processes.append((process, log))
            urls.append(f"http://127.0.0.1:{port}")
        for (process, log), url in zip(processes, urls, strict=True):
            wait_until_up(url, process, log)
        yield urls[0], urls[1]
    finally:
        for process, _log in processes:
            process.terminate()
        for process, _log in processes:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def wait_until_up(url: str, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"{url} stopped:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"{url} did not answer in {START_TIMEOUT} s:\n{log.read_text()}")


# -- the test ---------------------------------------------------------------------------


def start_session(phone: Phone, server: str) -> tuple[Answer, str]:
    """A new session of Oh Hell for four on ``server``, Anna dealing: its deal screen
    and its path (/s/<public_id>/)."""
    new = phone.open(f"{server}/new/")
    start = new.form("")
    start.fields.update(kind="oh_hell", preset="down_and_up_hook", first_dealer="0", action="start")
    table = phone.open(f"{server}/new/", {**start.fields, "seat": ["Anna", "Ben", "Carla", "Dan"]})
    assert table.status == 200, table.html[:2000]
    session = urllib.parse.urlsplit(table.url).path
    assert session.startswith("/s/")
    return table, session


def bid_lines(answer: Answer) -> list[str]:
    """The history's lines about deal 1's bids, as text."""
    text = html.unescape(re.sub(r"<[^>]+>", "\n", answer.html))
    return [line.strip() for line in text.splitlines() if re.match(r"\s*Deal 1: .* bid ", line)]


def test_a_scorekeeper_moves_between_two_app_servers_in_the_middle_of_a_deal(servers) -> None:
    a, b = servers
    phone = Phone()

    # Server A: a new session, Anna deals, so Ben bids first (deal 1: 10 cards).
    table, session = start_session(phone, a)

    # Ben's bid on server A.
    bens_form = table.form("/bid/")
    assert bens_form.fields["seat"] == "1"
    assert phone.open(a + session + "bid/", {**bens_form.fields, "bid": "2"}).status == 200

    # The phone is now sent to server B: it sees Ben's bid and Carla's turn.
    on_b = phone.open(b + session)
    assert on_b.status == 200
    carlas_form = on_b.form("/bid/")
    assert carlas_form.fields["seat"] == "2"
    assert phone.open(b + session + "bid/", {**carlas_form.fields, "bid": "3"}).status == 200

    # Back on A: Dan's turn, after both bids.
    on_a = phone.open(a + session)
    assert on_a.form("/bid/").fields["seat"] == "3"

    # Ben's form sent again, to B (a retry through the other server): entered once.
    assert phone.open(b + session + "bid/", {**bens_form.fields, "bid": "2"}).status == 200
    # Carla's old page, without its form key, to A: her bid was entered meanwhile.
    stale = {k: v for k, v in carlas_form.fields.items() if k != "idem"}
    refused = phone.open(a + session + "bid/", {**stale, "bid": "4"})
    assert refused.status == 409, refused.html[:2000]

    # Both servers tell the same story: two bids, once each, nothing lost.
    history_a = bid_lines(phone.open(a + session + "history/"))
    history_b = bid_lines(phone.open(b + session + "history/"))
    assert history_a == history_b
    assert sorted(history_a) == ["Deal 1: Ben bid 2.", "Deal 1: Carla bid 3."]
    assert phone.open(b + session).form("/bid/").fields["seat"] == "3"


def test_a_page_on_one_server_follows_an_entry_made_on_the_other(servers) -> None:
    """The live poll as gunicorn serves it (scorekeeper.wsgi)."""
    a, b = servers
    phone = Phone()
    table, session = start_session(phone, a)
    shown = live_url(table)

    assert phone.poll(a + shown).status == 204  # up to date
    assert phone.poll(b + shown).status == 204

    bens_form = table.form("/bid/")
    assert phone.open(b + session + "bid/", {**bens_form.fields, "bid": "2"}).status == 200

    swap = phone.poll(a + shown)  # server A's page, behind by Ben's bid
    assert swap.status == 200
    assert 'id="table"' in swap.html and "<html" not in swap.html
    assert re.search(r"Ben</span>\s*<span class=\"bidder-bid\">2", swap.html), swap.html[:3000]
    again = phone.poll(a + shown)  # the same swap, now kept
    assert again.status == 200 and live_url(again) == live_url(swap) != shown
    assert phone.poll(a + live_url(swap)).status == 204
    assert phone.poll(b + live_url(swap)).status == 204

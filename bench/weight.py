"""Page weight: what a phone downloads on a first visit to each page, and the htmx swaps.

    .venv/bin/python bench/weight.py     # about a minute (BENCH_SESSIONS, 200)

gunicorn serves bench/data.py's sessions with the production settings. A first load is
the HTML as sent to a browser that accepts `br, gzip`, the files it links to, the service
worker, what it precaches and its offline page, each as it came over the wire. Budgets
(issue 6; 1 KB = 1,000 bytes): a first load at most 50 KB, an htmx swap at most 6 KB.
"""

from __future__ import annotations

import gzip
import json
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import brotli

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import pageforms, server

PAGE_BUDGET, SWAP_BUDGET = 50_000, 6_000
#: (page, path, whose cookie: the notebook's, the big notebook's, a view-only link's).
PAGES = [
    ("home, first visit", "/", None),
    ("home, a notebook of many sessions", "/", "big_notebook"),
    ("new session", "/new/", "notebook"),
    ("notebook (players, link)", "/notebook/", "notebook"),
    ("deal screen, 7 players", "/s/{deal}/", "notebook"),
    ("deal screen, view-only link", "/s/{deal}/", "view_link"),
    ("score sheet, 7 x 19", "/s/{sheet}/sheet/", "notebook"),
    ("correct a deal", "/s/{sheet}/deals/19/", "notebook"),
    ("history", "/s/{deal}/history/", "notebook"),
    ("share", "/s/{deal}/share/", "notebook"),
    ("Kozel deal screen", "/s/{kozel}/", "notebook"),
    ("Kozel score sheet", "/s/{kozel}/sheet/", "notebook"),
    ("Skull King deal screen, 8 players", "/s/{skull}/", "games_notebook"),
    ("Skull King score sheet, 8 x 6", "/s/{skull}/sheet/", "games_notebook"),
    ("Тысяча deal screen, 4 players", "/s/{tysiac}/", "games_notebook"),
    ("statistics", "/stats/", "big_notebook"),
]
#: The files a page makes the browser fetch, the service worker it registers, and the
#: offline lookups its script fetches.
LINKED = re.compile(
    r'<link[^>]*rel="(?:stylesheet|icon|manifest|apple-touch-icon)"[^>]*href="([^"]+)"'
    r'|<script[^>]*src="([^"]+)"|data-service-worker="([^"]+)"'
)
#: What the scorekeeper's deal screen (its #outbox-words) loads once it is up: the modules
#: its first scripts import then (the table's view, the outbox, the keeper) with theirs, the
#: drawing its state names, the lookups (and forms) it needs without a connection, and the
#: rules on the phone (MicroPython and the rules' bundle; docs/phone.md).
LATER = re.compile(r'"(?:drawing|ahead|module|worker|runtime|wasm|bundle)": "(/[^"]+)"')
OUTBOX = 'id="outbox-words"'
#: A module's imports: static ones come with it, dynamic ones once the page is up.
STATIC_IMPORT = re.compile(r'(?:\bfrom|\bimport)\s*"(\.{1,2}/[^"]+)"')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*"(\.{1,2}/[^"]+)"\s*\)')
ADD_PLAYER = {"action": "add", "new_name": "Zoe", "preset": "down_and_up_hook"}
PRECACHE = re.compile(r"PRECACHE = (\[.*?\]);.*?OFFLINE_URL = (\"[^\"]*\")", re.DOTALL)


class Phone:
    """One browser: its cookies, its CSRF token, and each answer's size as served."""

    def __init__(self, base: str, ids: dict, whose: str | None) -> None:
        name = "links" if whose == "view_link" else "notebook"
        self.base, self.cookies = base, {name: ids[whose]} if whose else {}
        self.csrf, self.encoding = "", ""

    def fetch(self, path: str, data: dict | None = None, htmx=False) -> tuple[int, int, str]:
        """(status, bytes as served, the text) of a GET, or of a POST of ``data``."""
        cookies = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        headers = {"Accept-Encoding": "br, gzip", "Cookie": cookies}
        if htmx:
            headers |= {"HX-Request": "true", "X-CSRFToken": self.csrf}
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(urllib.parse.urljoin(self.base, path), body, headers)
        try:
            response = urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            raw = response.read()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, value = cookie.split(";")[0].partition("=")
            self.cookies[name.strip()] = value
        self.encoding = response.headers.get("Content-Encoding") or "plain"
        unpack = {"br": brotli.decompress, "gzip": gzip.decompress}.get(self.encoding, bytes)
        text = unpack(raw).decode(errors="replace")
        self.csrf = pageforms.csrf_token(text) or self.csrf
        return response.status, len(raw), text


def first_loads(base: str, ids: dict) -> list[tuple[str, int, int, str, int, int]]:
    """(page, status, HTML bytes, how the HTML came, everything's bytes, and the bytes it
    loads once it is up) for each page."""
    sizes: dict[str, int] = {}  # each file fetched once, and counted on every page
    precached: dict[str, list[str]] = {}

    def files(phone: Phone, url: str) -> list[str]:
        """The file and, for the service worker, what it precaches (the files the page
        just fetched come from the HTTP cache) and its offline page."""
        if url not in sizes:
            _status, sizes[url], text = phone.fetch(url)
            if found := PRECACHE.search(text):
                precached[url] = [*json.loads(found.group(1)), json.loads(found.group(2))]
                for extra in precached[url]:
                    files(phone, extra)
        return [url, *precached.get(url, [])]

    texts: dict[str, str] = {}  # each module's text, for its imports

    def imports(phone: Phone, url: str, pattern: re.Pattern) -> set[str]:
        if url not in texts:
            texts[url] = phone.fetch(url)[2] if url.endswith(".js") else ""
        return {urllib.parse.urljoin(url, found) for found in pattern.findall(texts[url])}

    def with_imports(phone: Phone, urls: set[str]) -> set[str]:
        """The modules and, transitively, what they import statically."""
        found, todo = set(), set(urls)
        while todo:
            url = todo.pop()
            found.add(url)
            todo |= imports(phone, url, STATIC_IMPORT) - found
        return found

    rows = []
    for label, path, whose in PAGES:
        phone = Phone(base, ids, whose)
        status, size, html = phone.fetch(path.format(**ids))
        linked = {"".join(found) for found in LINKED.findall(html)}
        fetched = {url for each in with_imports(phone, linked) for url in files(phone, each)}
        later = set()
        if OUTBOX in html:
            roots = set(LATER.findall(html))
            for url in fetched:
                roots |= imports(phone, url, DYNAMIC_IMPORT)
            later = with_imports(phone, roots)
        later -= fetched
        for url in later:
            files(phone, url)
        total = size + sum(map(sizes.get, fetched))
        rows.append((label, status, size, phone.encoding, total, sum(map(sizes.get, later))))
    return rows


def swaps(base: str, ids: dict) -> list[tuple[str, int, int]]:
    """(swap, status, bytes as served): the live poll's answers and the entries'."""
    owner, viewer = Phone(base, ids, "notebook"), Phone(base, ids, "view_link")
    live = "/s/{deal}/live/?v={version}".format(**ids)
    behind = live.replace(f"v={ids['version']}", f"v={ids['version'] - 1}")
    rows = [
        ("live poll, up to date (204)", *viewer.fetch(live, htmx=True)[:2]),
        ("live swap, view-only link", *viewer.fetch(behind, htmx=True)[:2]),
        ("live swap, the scorekeeper", *owner.fetch(behind, htmx=True)[:2]),
    ]
    entries = [
        ("a trick tapped", "/s/{deal}/", "/trick/", lambda form: {"seat": form.choices("seat")[0]}),
        ("a bid", "/s/{bidding}/", "/bid/", lambda form: {"bid": form.choices("bid")[0]}),
        ("a Kozel deal", "/s/{kozel}/", "/round/", lambda form: {"e.team": 0, "e.points": 70}),
        ("new session: a player added", "/new/", "/new/", lambda form: ADD_PLAYER),
    ]
    for label, page, action, fields in entries:
        form = pageforms.form_for(pageforms.forms_of(owner.fetch(page.format(**ids))[2]), action)
        if form is None:
            rows.append((f"{label}: no form {action}", 0, 0))
            continue
        data = {**form.hidden, **form.checked, **fields(form)}
        rows.append((label, *owner.fetch(form.action, data, htmx=True)[:2]))
    return rows


def main() -> int:
    sessions = server.setting("BENCH_SESSIONS", "200")
    print(f"bench/weight.py: gunicorn (1 worker), production settings, {sessions} sessions")
    with server.serving_pages(sessions) as (url, ids):
        loads, swapped = first_loads(url, ids), swaps(url, ids)
    failures = []
    print(f"\nFirst load as served, KB: the HTML, and everything   budget <= {PAGE_BUDGET // 1000}")
    print("  (then, once the page is up: the offline table's scripts, KB)")
    for label, status, html, encoding, total, later in loads:
        ok = status == 200 and total <= PAGE_BUDGET
        failures += [] if ok else [f"first load of {label}: {total / 1000:.1f} KB, status {status}"]
        shown = f"{html / 1000:5.1f} {encoding:5} {total / 1000:5.1f}"
        shown += f"  (+{later / 1000:.1f})" if later else "        "
        print(f"  {label:36} {shown}  {server.verdict(ok)}")
    print(f"\nhtmx swaps as served, KB                            budget <= {SWAP_BUDGET // 1000}")
    for label, status, size in swapped:
        ok = status in (200, 204) and size <= SWAP_BUDGET
        failures += [] if ok else [f"swap {label}: {size / 1000:.1f} KB, status {status}"]
        print(f"  {label:36} {status:5} {size / 1000:5.1f}  {server.verdict(ok)}")
    return server.finish("bench/weight.py", failures)


if __name__ == "__main__":
    sys.exit(main())

"""Page weight: what a phone downloads on a first visit to each page, and the htmx swaps.

    .venv/bin/python bench/weight.py            # about a minute
    .venv/bin/python bench/weight.py --no-browser

gunicorn serves the production settings (hashed, pre-compressed static files from
whitenoise) over a temporary SQLite database with the benchmark sessions. Two
measures for each page:

- "as served": the HTML as gunicorn sends it to a browser, plus every stylesheet,
  script and icon the HTML links to, each fetched with `Accept-Encoding: br, gzip`
  and counted as it came over the wire (the app gzips the HTML itself,
  scorekeeper.middleware.CompressionMiddleware, except on pages marked
  never_compress; whitenoise answers with its .br file).
- "browser": Chromium at 390 x 844 with an empty cache opens the page and everything
  it fetches on its own (the service worker's precache included) is added up from
  the transfer sizes (bodies as compressed on the wire, headers not counted); the
  live polls that follow are left out.

The report shows the HTML as served (and its Content-Encoding), its size
uncompressed, and what plain gzip (level 6) and brotli (quality 5) would make of
it. Swaps are htmx answers as sent, with the same figures. Budgets (issue 6): a
first load at most 50 KB, a swap at most 6 KB, both counted as served (1 KB = 1,000
bytes here). The exit status is 1 when a budget fails.
"""

from __future__ import annotations

import argparse
import gzip
import http.cookiejar
import json
import os
import sys
import tempfile
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import brotli

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import pageforms, server

PAGE_BUDGET = 50_000
SWAP_BUDGET = 6_000
CHROMIUM = "/usr/bin/chromium"
#: What Chromium needs here (docs: shared FACTS.md).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


class Assets(HTMLParser):
    """The files a page's HTML makes the browser fetch: stylesheets, scripts, icons,
    images and the manifest."""

    FETCHED_LINKS = {"stylesheet", "icon", "shortcut icon", "manifest", "preload", "modulepreload"}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "link" and values.get("rel", "").lower() in self.FETCHED_LINKS:
            self.urls.append(values.get("href", ""))
        elif tag in ("script", "img") and values.get("src"):
            self.urls.append(values["src"])

    @classmethod
    def of(cls, html: str) -> list[str]:
        parser = cls()
        parser.feed(html)
        return [url for url in dict.fromkeys(parser.urls) if url and not url.startswith("data:")]


@dataclass
class Fetched:
    url: str
    status: int
    body: bytes
    encoding: str
    headers: dict[str, str] = field(default_factory=dict)

    @property
    def decoded(self) -> bytes:
        if self.encoding == "br":
            return brotli.decompress(self.body)
        if self.encoding == "gzip":
            return gzip.decompress(self.body)
        return self.body


class Phone:
    """One browser's cookies, speaking plain HTTP to the local gunicorn."""

    def __init__(self, base: str, cookies: dict[str, str]) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirect()
        )
        self.cookies = cookies

    def fetch(
        self, path: str, *, data: dict | None = None, htmx: bool = False, csrf: str = ""
    ) -> Fetched:
        url = urllib.parse.urljoin(self.base + "/", path)
        headers = {"Accept-Encoding": "br, gzip", "Accept": "text/html,*/*"}
        jar = "; ".join(f"{c.name}={c.value}" for c in self.jar)
        own = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        headers["Cookie"] = "; ".join(filter(None, [own, jar]))
        if htmx:
            headers["HX-Request"] = "true"
        if csrf:
            headers["X-CSRFToken"] = csrf
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        request = urllib.request.Request(url, data=body, headers=headers)
        try:
            response = self.opener.open(request, timeout=30)
        except urllib.error.HTTPError as error:
            response = error
        with response:
            content = response.read()
            self.jar.extract_cookies(response, request)
            return Fetched(
                url,
                response.status,
                content,
                response.headers.get("Content-Encoding", ""),
                dict(response.headers.items()),
            )


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


csrf_of = pageforms.csrf_token


def compressed_sizes(body: bytes) -> tuple[int, int]:
    return len(gzip.compress(body, compresslevel=6)), len(brotli.compress(body, quality=5))


def pages_of(ids: dict) -> list[tuple[str, str, dict[str, str]]]:
    owner = {"notebook": ids["notebook_key"]}
    deal, sheet, kozel = ids["deal_game"], ids["sheet_game"], ids["kozel_game"]
    pages = [
        ("home, first visit", "/", {}),
        ("home, 3 sessions", "/", owner),
        ("home, 200 sessions", "/", {"notebook": ids["big_notebook_key"]}),
        ("new session", "/new/", owner),
        ("notebook (players, link)", "/notebook/", owner),
        ("deal screen, 7 players", f"/s/{deal}/", owner),
        ("deal screen, view-only link", f"/s/{deal}/", {"links": ids["view_link"]}),
        ("score sheet, 7 x 19", f"/s/{sheet}/sheet/", owner),
        ("correct a deal", f"/s/{sheet}/deals/19/", owner),
        ("history, 155 lines", f"/s/{deal}/history/", owner),
        ("share", f"/s/{deal}/share/", owner),
        ("Kozel deal screen", f"/s/{kozel}/", owner),
        ("Kozel score sheet", f"/s/{kozel}/sheet/", owner),
    ]
    for path in ids.get("extra_pages", []):
        pages.append((path, path, {"notebook": ids["big_notebook_key"]}))
    return pages


def first_loads(base: str, ids: dict) -> list[dict]:
    rows, assets_seen = [], {}
    for label, path, cookies in pages_of(ids):
        phone = Phone(base, cookies)
        page = phone.fetch(path)
        if page.status != 200:
            rows.append({"label": label, "path": path, "status": page.status})
            continue
        html = page.decoded.decode()
        assets = []
        for url in Assets.of(html):
            if url not in assets_seen:
                fetched = phone.fetch(url)
                assets_seen[url] = (len(fetched.body), fetched.encoding or "none", fetched.status)
            size, encoding, status = assets_seen[url]
            assets.append({"url": url, "bytes": size, "encoding": encoding, "status": status})
        gz, br = compressed_sizes(page.decoded)
        html_bytes = len(page.body)  # as served: compressed when the app compressed it
        asset_bytes = sum(a["bytes"] for a in assets)
        rows.append(
            {
                "label": label,
                "path": path,
                "status": 200,
                "html": html_bytes,
                "html_plain": len(page.decoded),
                "html_gzip": gz,
                "html_br": br,
                "html_encoding": page.encoding or "none",
                "assets": assets,
                "asset_bytes": asset_bytes,
                "total": html_bytes + asset_bytes,
                "total_html_br": br + asset_bytes,
                "cookies": cookies,
            }
        )
    return rows


def swaps(base: str, ids: dict) -> list[dict]:
    """htmx answers as a phone gets them, including the POSTs of a deal."""
    owner = {"notebook": ids["notebook_key"]}
    rows = []

    def record(label: str, fetched: Fetched) -> None:
        gz, br = compressed_sizes(fetched.decoded)
        rows.append(
            {
                "label": label,
                "status": fetched.status,
                "bytes": len(fetched.body),
                "plain": len(fetched.decoded),
                "gzip": gz,
                "br": br,
                "encoding": fetched.encoding or "none",
            }
        )

    deal = ids["deal_game"]
    phone = Phone(base, owner)
    follower = Phone(base, {"links": ids["view_link"]})
    record(
        "live poll, up to date",
        follower.fetch(f"/s/{deal}/live/?v={ids['deal_game_version']}", htmx=True),
    )
    record("live poll, out of date (view link)", follower.fetch(f"/s/{deal}/live/?v=0", htmx=True))
    record("live poll, out of date (owner)", phone.fetch(f"/s/{deal}/live/?v=0", htmx=True))

    def post(label: str, path: str, action: str, choose) -> None:
        html = phone.fetch(path).decoded.decode()
        form = pageforms.form_for(html, action)
        if form is None:
            rows.append({"label": label, "status": 0, "bytes": 0, "plain": 0, "gzip": 0, "br": 0})
            return
        fields = {**form.hidden, **choose(form)}
        record(label, phone.fetch(form.action, data=fields, htmx=True, csrf=csrf_of(html)))

    post("trick tap (POST)", f"/s/{deal}/", "/trick/", lambda f: {"seat": f.choices("seat")[0]})
    post(
        "bid (POST)", f"/s/{ids['bidding_game']}/", "/bid/", lambda f: {"bid": f.choices("bid")[0]}
    )
    post(
        "Kozel deal (POST)",
        f"/s/{ids['kozel_game']}/",
        "/kozel/",
        lambda f: {"team": "0", "points": "70", "last_trick_seat": ""},
    )
    post(
        "new session: add a player (POST)",
        "/new/",
        "/new/",
        lambda f: {
            "kind": "oh_hell",
            "preset": "down_and_up_hook",
            "action": "add",
            "new_name": "Zoe",
        },
    )
    return rows


def browser_loads(base: str, ids: dict) -> list[dict]:
    """Chromium, empty cache, phone screen: bytes it fetched until the page settled."""
    from playwright.sync_api import sync_playwright

    rows = []
    host = urllib.parse.urlsplit(base).hostname
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for label, path, cookies in pages_of(ids):
            context = browser.new_context(
                viewport={"width": 390, "height": 844},
                device_scale_factor=2,
                is_mobile=True,
                has_touch=True,
            )
            context.add_cookies(
                [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in cookies.items()]
            )
            responses: list = []

            def keep(response, into: list = responses) -> None:
                into.append(response)  # Playwright needs a function, not a bound method

            context.on("response", keep)
            page = context.new_page()
            page.goto(base + path, wait_until="load")
            page.wait_for_timeout(1500)  # the service worker's install and its precache
            fetched = []
            for response in responses:
                if "/live/" in response.url:
                    continue
                try:
                    sizes = response.request.sizes()
                except Exception:  # a response the browser dropped (no sizes)
                    continue
                by_worker = response.request.service_worker is not None
                # A file the browser took from its HTTP cache (the service worker's
                # precache does) comes with a negative size: nothing came over the wire.
                fetched.append((response.url, max(0, sizes["responseBodySize"]), by_worker))
            rows.append(
                {
                    "label": label,
                    "requests": len(fetched),
                    "bytes": sum(size for _url, size, _by_worker in fetched),
                    "service_worker_bytes": sum(size for _url, size, sw in fetched if sw),
                    "files": fetched,
                }
            )
            context.close()
        browser.close()
    return rows


def kb(size: int) -> str:
    return f"{size / 1000:.1f}"


def report(loads: list[dict], browser: list[dict] | None, swapped: list[dict]) -> list[str]:
    failures = []
    print(
        "\nFirst load, as served (KB = 1,000 bytes); HTML as the app sends it to a browser"
        "\n(enc: its Content-Encoding), then (plain: uncompressed; what gzip -6 and brotli -5"
        "\nwould make of it); browser: all Chromium fetched, of which (s.w.) its service"
        "\nworker's precache"
    )
    print(
        f"  {'page':30} {'HTML':>6} {'enc':>4} {'(plain':>7} {'gzip':>5} {'br)':>5}"
        f" {'CSS+JS+icons':>12} {'total':>6} {'browser':>8} {'(s.w.)':>6} {'reqs':>4}"
        f"  budget <= {kb(PAGE_BUDGET)}"
    )
    by_label = {row["label"]: row for row in browser or []}
    for row in loads:
        if row["status"] != 200:
            print(f"  {row['label']:30} answered {row['status']}")
            failures.append(f"{row['label']} ({row['path']}) answered {row['status']}")
            continue
        seen = by_label.get(row["label"])
        total = max(row["total"], seen["bytes"] if seen else 0)
        ok = total <= PAGE_BUDGET
        if not ok:
            failures.append(f"first load of {row['label']} is {kb(total)} KB")
        print(
            f"  {row['label']:30} {kb(row['html']):>6} {row['html_encoding']:>4}"
            f" {kb(row['html_plain']):>7} {kb(row['html_gzip']):>5}"
            f" {kb(row['html_br']):>5} {kb(row['asset_bytes']):>12} {kb(row['total']):>6}"
            f" {kb(seen['bytes']) if seen else '-':>8}"
            f" {kb(seen['service_worker_bytes']) if seen else '':>6}"
            f" {seen['requests'] if seen else '':>4}"
            f"  {'ok' if ok else 'FAIL'}"
        )
    first = next(row for row in loads if row["status"] == 200)
    print("\n  Files every page links to (as whitenoise serves them to a browser that takes br):")
    for asset in first["assets"]:
        print(f"    {asset['url']:60} {kb(asset['bytes']):>6} KB  {asset['encoding']}")
    if browser:
        extra = {}
        for row in browser:
            for url, size, _by_worker in row["files"]:
                extra.setdefault(urllib.parse.urlsplit(url).path, size)
        linked = {urllib.parse.urlsplit(a["url"]).path for a in first["assets"]}
        linked |= {urllib.parse.urlsplit(row["path"]).path for row in loads}
        others = {url: size for url, size in extra.items() if url not in linked}
        if others:
            print("  Fetched by the browser besides the pages and those files:")
            for url, size in sorted(others.items()):
                print(f"    {url:60} {kb(size):>6} KB")
    print(f"\nhtmx swaps, as served (budget <= {kb(SWAP_BUDGET)} KB); bytes as served, then")
    print("  (plain: uncompressed; what gzip -6 and brotli -5 would make of it)")
    print(
        f"  {'swap':36} {'status':>6} {'bytes':>6} {'enc':>4} {'(plain':>7} {'gzip':>6}"
        f" {'br)':>5}  budget"
    )
    for row in swapped:
        ok = row["bytes"] <= SWAP_BUDGET and 200 <= row["status"] < 400
        if not ok:
            failures.append(
                f"swap {row['label']}: {kb(row['bytes'])} KB, status {row['status'] or 'no form'}"
            )
        print(
            f"  {row['label']:36} {row['status']:>6} {row['bytes']:>6}"
            f" {row.get('encoding', 'none'):>4} {row['plain']:>7} {row['gzip']:>6}"
            f" {row['br']:>5}  {'ok' if ok else 'FAIL'}"
        )
    return failures


def prepare_more(env: dict[str, str], ids: dict) -> dict:
    """A view link for the followers and a session in the bidding (child process)."""
    import subprocess

    output = subprocess.run(
        [server.PYTHON, "-m", "bench.weight", "--child", json.dumps(ids)],
        env=env,
        cwd=server.ROOT,
        check=True,
        stdout=subprocess.PIPE,
        text=True,
    ).stdout
    return json.loads(output.strip().splitlines()[-1])


def _child(ids: dict) -> None:
    server.setup_django()
    from django.urls import NoReverseMatch, reverse

    from bench import data
    from games.models import Notebook

    notebook = Notebook.objects.get(key=ids["notebook_key"])
    bidding = data.oh_hell_session(
        notebook, data.SEVEN, played=1, schedule=data.NINETEEN_DEALS, bids=3
    )
    ids["bidding_game"] = bidding.public_id
    ids["extra_pages"] = []
    for name in ("statistics", "stats", "notebook_statistics", "notebook_stats"):
        try:
            ids["extra_pages"].append(reverse(name))
            break
        except NoReverseMatch:
            continue
    print(json.dumps(ids))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-browser", action="store_true", help="skip the Chromium measure")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        _child(json.loads(arguments.child))
        return 0
    print(f"bench/weight.py: gunicorn (1 worker), production settings, {os.cpu_count()} cores")
    with server.prepared("sqlite", sessions=200) as (env, ids):
        ids = prepare_more(env, ids)
        log = Path(tempfile.gettempdir()) / "scorekeeper-bench-weight.log"
        with server.gunicorn(env, workers=1, log=log) as served:
            base = served.url
            loads = first_loads(base, ids)
            browser = None
            if not arguments.no_browser and Path(CHROMIUM).exists():
                browser = browser_loads(base, ids)
            swapped = swaps(base, ids)
    failures = report(loads, browser, swapped)
    if arguments.json:
        arguments.json.write_text(
            json.dumps({"loads": loads, "browser": browser, "swaps": swapped})
        )
    print()
    for failure in failures:
        print(f"FAIL {failure}")
    if not failures:
        print("Every page-weight budget holds.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""games.rules on the phone through MicroPython (issue 39, item 3b; docs/phone.md "Rules on
the phone (MicroPython)"): what the phone fetches and how long the rules take.

    .venv/bin/python bench/phone_rules.py
    BENCH_PHONE_RUNS=9 .venv/bin/python bench/phone_rules.py

Printed: the bytes of the runtime (static/vendor/micropython) and of the rules' bundle
(games/phone_rules/bundle.py) raw, gzipped (-9) and brotli'd (11), as whitenoise serves them;
then, over BENCH_PHONE_RUNS fresh Node processes (5), the median of the runtime's start, the
rules' import, and a whole game scored: Oh Hell's 13 deals for four (classic) and a
20-round Skull King game for five, the first time and again; the same in CPython; and the
same in Debian's Chromium with its CPU slowed 4x (issue 39's phone), with the last round
of the Skull King game added to a game kept in memory (`Tally.add`). Budgets (issue 39):
the offline table's one fetch after the page is up at most 300 KB compressed; an offline
entry drawn within 100 ms at 4x (here only the rules' share of it: the round added).
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.phone_rules import bundle, figures  # noqa: E402
from games.rules import oh_hell, skull_king  # noqa: E402

RUNTIME = ROOT / "static" / "vendor" / "micropython"
RUN = ROOT / "tools" / "phone_rules" / "run.mjs"
FETCH_BUDGET = 300 * 1024
RUNS = int(os.environ.get("BENCH_PHONE_RUNS", "5"))
CHROMIUM = "/usr/bin/chromium"
ENTRY_BUDGET_MS = 100
TIMES = 3  # each game scored this many times in a process: the first, then warm


def long_skull_king_game(players: int = 5, seed: int = 39) -> list[dict]:
    """Twenty rounds (1 … 10, 10 … 1 cards), bids and tricks drawn from a fixed seed, a
    standard 14 now and then: the longest game a table can set (MOST_ROUNDS)."""
    draw = Random(seed)
    entries = []
    for cards in [*range(1, 11), *range(10, 0, -1)]:
        tricks = [0] * players
        for _ in range(cards):
            tricks[draw.randrange(players)] += 1
        bids = [min(cards, max(0, took + draw.choice((-1, 0, 0, 0, 1)))) for took in tricks]
        lucky = draw.randrange(players)
        bonuses = [
            {"fourteens": 1} if seat == lucky and took else {} for seat, took in enumerate(tricks)
        ]
        entries.append({"bids": bids, "tricks": tricks, "bonuses": bonuses})
    return entries


SKULL_KING_20 = skull_king.Rules(rounds=(*range(1, 11), *range(10, 0, -1)))


def oh_hell_13_deals() -> list[dict]:
    """Classic for four, 1 … 13 cards: each deal's bids made by all but the last seat."""
    entries = []
    for cards in oh_hell.schedule(oh_hell.PRESETS["classic"], 4):
        tricks = [cards // 4 + (1 if seat < cards % 4 else 0) for seat in range(4)]
        bids = [*tricks[:3], min(cards, tricks[3] + 1)]
        entries.append({"bids": bids, "tricks": tricks})
    return entries


GAMES = {
    "Oh Hell, 13 deals for four": {
        "game": "oh_hell",
        "options": figures.plain(oh_hell.PRESETS["classic"]),
        "players": 4,
        "first_dealer": 0,
        "entries": oh_hell_13_deals(),
    },
    "Skull King, 20 rounds for five": {
        "game": "skull_king",
        "options": figures.plain(SKULL_KING_20),
        "players": 5,
        "first_dealer": 0,
        "entries": long_skull_king_game(),
    },
}


#: Run in the page: the runtime loaded from our static files, the bundle written to its
#: file system, then each step timed with performance.now().
IN_THE_PAGE = """async ({bundle, requests, lastRound}) => {
  const times = {};
  let started = performance.now();
  const { loadMicroPython } = await import("/static/vendor/micropython/micropython.mjs");
  const mp = await loadMicroPython({});
  times.start = performance.now() - started;
  for (const [path, source] of Object.entries(bundle)) {
    let dir = "";
    for (const part of `/lib/${path}`.split("/").slice(1, -1)) {
      dir += `/${part}`;
      try { mp.FS.mkdir(dir); } catch { /* there already */ }
    }
    mp.FS.writeFile(`/lib/${path}`, source);
  }
  started = performance.now();
  mp.runPython("import json\\nimport cpython_compat\\nfrom games.phone_rules import figures");
  times.import = performance.now() - started;
  times.games = [];
  for (const request of requests) {
    mp.globals.set("request_json", JSON.stringify(request));
    started = performance.now();
    mp.runPython("answer = figures.score(json.loads(request_json))");
    times.games.push(performance.now() - started);
  }
  mp.globals.set("request_json", JSON.stringify(lastRound));
  mp.runPython([
    "from games.rules import skull_king",
    "request = json.loads(request_json)",
    "tally = skull_king.Tally(skull_king.Rules(**request['options']), request['players'], 0)",
    "for entry in request['entries'][:-1]:",
    "    tally.add(entry)",
  ].join("\\n"));
  started = performance.now();
  mp.runPython("tally.add(request['entries'][-1])\\nresult = tally.result()");
  times.round = performance.now() - started;
  return times;
}"""


def in_chromium(path: Path, requests: list[dict]) -> dict | None:
    """The runtime, the import and the games in Chromium with its CPU slowed 4x."""
    import functools
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        return None

    class Static(http.server.SimpleHTTPRequestHandler):
        extensions_map = {
            **http.server.SimpleHTTPRequestHandler.extensions_map,
            ".mjs": "text/javascript",
            ".wasm": "application/wasm",
        }

        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Static, directory=str(ROOT))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_port}/static/vendor/micropython/")
            page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
            bundle_files = json.loads(path.read_text())
            argument = {
                "bundle": bundle_files,
                "requests": requests,
                "lastRound": GAMES["Skull King, 20 rounds for five"],
            }
            found = page.evaluate(IN_THE_PAGE, argument)
            browser.close()
            return found
    finally:
        server.shutdown()


def sizes(data: bytes) -> tuple[int, int, int]:
    import brotli  # whitenoise's, imported here so that tests can import the games above

    return len(data), len(gzip.compress(data, 9)), len(brotli.compress(data, quality=11))


def kb(count: int) -> str:
    return f"{count / 1024:.1f} KB"


def main() -> int:
    node = shutil.which("node")
    if node is None:
        print("Node.js not found")
        return 1
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bundle.json"
        bundle.write(path)
        files = {
            "micropython.wasm": (RUNTIME / "micropython.wasm").read_bytes(),
            "micropython.mjs": (RUNTIME / "micropython.mjs").read_bytes(),
            "rules bundle (JSON)": path.read_bytes(),
        }
        totals = [0, 0, 0]
        print(f"{'':24} {'raw':>10} {'gzip':>10} {'brotli':>10}")
        for name, data in files.items():
            found = sizes(data)
            totals = [total + size for total, size in zip(totals, found, strict=True)]
            print(f"{name:24} {kb(found[0]):>10} {kb(found[1]):>10} {kb(found[2]):>10}")
        print(f"{'together':24} {kb(totals[0]):>10} {kb(totals[1]):>10} {kb(totals[2]):>10}")

        requests = [request for request in GAMES.values() for _ in range(TIMES)]
        chromium = in_chromium(path, requests)
        runs = []
        for _ in range(RUNS):
            done = subprocess.run(
                [node, str(RUN), str(path)],
                input=json.dumps(requests),
                capture_output=True,
                text=True,
                timeout=120,
                check=True,
            )
            runs.append(json.loads(done.stdout))

    version = subprocess.check_output([node, "--version"], text=True).strip()
    print(f"\nNode {version}, median of {RUNS} processes:")
    start = statistics.median(r["startMs"] for r in runs)
    imported = statistics.median(r["importMs"] for r in runs)
    print(f"  {'the runtime started':30} {start:7.1f} ms")
    print(f"  {'games.rules imported':30} {imported:7.1f} ms")
    for index, name in enumerate(GAMES):
        first = [r["answers"][index * TIMES]["ms"] for r in runs]
        warm = [
            a["ms"] for r in runs for a in r["answers"][index * TIMES + 1 : (index + 1) * TIMES]
        ]
        first, warm = statistics.median(first), statistics.median(warm)
        print(f"  {name:30} {first:7.1f} ms first, {warm:.1f} ms again")
        answer = runs[0]["answers"][index * TIMES]["answer"]
        assert "error" not in answer and answer["finished"], answer
    print("CPython here, the same requests (median of 9):")
    for name, request in GAMES.items():
        took = []
        for _ in range(9):
            started = time.perf_counter()
            figures.score(request)
            took.append((time.perf_counter() - started) * 1000)
        print(f"  {name:30} {statistics.median(took):7.1f} ms")
    entry_ok = True
    if chromium is None:
        print(f"{CHROMIUM} not found: no figures at 4x")
    else:
        print("Chromium, CPU slowed 4x, one page:")
        print(f"  {'the runtime started':30} {chromium['start']:7.1f} ms")
        print(f"  {'games.rules imported':30} {chromium['import']:7.1f} ms")
        for index, name in enumerate(GAMES):
            first, again = chromium["games"][index * TIMES], chromium["games"][index * TIMES + 1]
            print(f"  {name:30} {first:7.1f} ms first, {again:.1f} ms again")
        entry_ok = chromium["round"] <= ENTRY_BUDGET_MS
        print(f"  {'a 20th round added (Tally)':30} {chromium['round']:7.1f} ms", end="")
        print(f" (budget {ENTRY_BUDGET_MS} ms for the whole entry): {'ok' if entry_ok else 'OVER'}")
    fetched = min(totals[1], totals[2])
    ok = fetched <= FETCH_BUDGET
    verdict = "ok" if ok else "OVER"
    print(f"\nfetched once, compressed: {kb(fetched)} (budget {kb(FETCH_BUDGET)}): {verdict}")
    return 0 if ok and entry_ok else 1


if __name__ == "__main__":
    sys.exit(main())

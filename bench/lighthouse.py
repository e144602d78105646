"""Lighthouse (mobile settings) on the main pages, served by gunicorn with the production
settings, against Debian's Chromium.

    (cd bench && npm ci)                   # once: Lighthouse into bench/node_modules
    .venv/bin/python bench/lighthouse.py   # BENCH_LIGHTHOUSE_RUNS (3) runs a page

Lighthouse's mobile defaults (a phone's screen, slow 4G and a 4x slower CPU, simulated);
a page's score is the median of its runs. The notebook's pages are audited in a Chromium
profile that opened the notebook's link first (a cookie given by --extra-headers does not
reach htmx's requests: the live poll would answer 404, a console error). Budgets (issue
6): performance >= 95, accessibility 100, best practices 100; lost points are listed.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import server

LIGHTHOUSE = Path(__file__).resolve().parent / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
FLAGS = "--no-sandbox --disable-gpu --disable-background-networking --disable-component-update"
FLAGS += " --disable-sync --no-first-run --disable-quic"
BUDGETS = {"performance": 95, "accessibility": 100, "best-practices": 100}


def profile_with_notebook(url: str, folder: Path) -> Path:
    """A Chromium profile holding the notebook's cookie, as the scorekeeper's phone does
    (Lighthouse clears the origin's cache and service workers before an audit, not its
    cookies)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(folder / "profile"), executable_path=CHROMIUM, args=FLAGS.split(), headless=True
        )
        context.new_page().goto(url)
        context.close()
    return folder / "profile"


def audit(url: str, profile: Path | None, out: Path) -> dict:
    """One Lighthouse run; it now and then fails to record a trace: tried up to 3 times."""
    flags = f"--headless {FLAGS}" + (f" --user-data-dir={profile}" if profile else "")
    command = [str(LIGHTHOUSE), url, "--output=json", f"--output-path={out}", "--quiet"]
    command += [f"--only-categories={','.join(BUDGETS)}", f"--chrome-flags={flags}"]
    for attempt in range(3):
        done = subprocess.run(command, env={**os.environ, "CHROME_PATH": CHROMIUM}, timeout=300)
        if done.returncode == 0:
            return json.loads(out.read_text())
        print(f"  (Lighthouse failed on {url}, attempt {attempt + 1})", flush=True)
    raise RuntimeError(f"Lighthouse failed three times on {url}")


def score(report: dict, category: str) -> float:
    return report["categories"][category]["score"] or 0


def lost_points(report: dict, category: str) -> list[str]:
    """The audits of a category that cost points."""
    lines = []
    for ref in report["categories"][category]["auditRefs"]:
        result = report["audits"][ref["id"]]
        if ref.get("weight") and result.get("score") is not None and result["score"] < 1:
            lines.append(f"{result['title']} ({result.get('displayValue', '')})")
    return lines


def main() -> int:
    runs = int(server.setting("BENCH_LIGHTHOUSE_RUNS", "3"))
    if not LIGHTHOUSE.exists() or not Path(CHROMIUM).exists():
        print(f"bench/lighthouse.py: needs {LIGHTHOUSE} (npm ci in bench/) and {CHROMIUM}")
        return 1
    print(f"bench/lighthouse.py: median of {runs} runs, mobile settings, {CHROMIUM}")
    failures = []
    with (
        server.serving_pages("0") as (url, ids),
        tempfile.TemporaryDirectory(prefix="scorekeeper-lighthouse-") as folder,
    ):
        profile = profile_with_notebook(f"{url}/n/{ids['notebook']}/", Path(folder))
        pages = [
            ("home, first visit", "/", None),
            ("home, a notebook's", "/", profile),
            ("new session", "/new/", profile),
            ("deal screen, 7 players", f"/s/{ids['deal']}/", profile),
            ("score sheet, 7 x 19", f"/s/{ids['sheet']}/sheet/", profile),
        ]
        print(f"\n  {'page':24} {'perf':>5} {'a11y':>5} {'b.p.':>5}  budget")
        for number, (label, path, cookies) in enumerate(pages):
            reports = [
                audit(url + path, cookies, Path(folder) / f"{number}-{run}.json")
                for run in range(runs)
            ]
            scores = {
                c: round(100 * statistics.median(score(r, c) for r in reports)) for c in BUDGETS
            }
            missed = [category for category, least in BUDGETS.items() if scores[category] < least]
            failures += [f"{label}: {c} {scores[c]} < {BUDGETS[c]}" for c in missed]
            shown = " ".join(f"{scores[category]:5}" for category in BUDGETS)
            print(f"  {label:24} {shown}  {server.verdict(not missed)}", flush=True)
            middle = sorted(reports, key=lambda report: score(report, "performance"))
            for category in BUDGETS:
                if scores[category] < 100:
                    for line in lost_points(middle[len(middle) // 2], category):
                        print(f"      {category}: {line}")
    return server.finish("bench/lighthouse.py", failures)


if __name__ == "__main__":
    sys.exit(main())

"""Lighthouse (mobile settings) on the home page, the new session form, a deal screen
and a score sheet, served by gunicorn with the production settings.

    (cd bench && npm ci)                  # once: Lighthouse 12.2.3 into bench/node_modules
    .venv/bin/python bench/lighthouse.py  # a few minutes
    .venv/bin/python bench/lighthouse.py --runs 1 --keep /tmp/lighthouse

Lighthouse's defaults are its mobile settings: a Moto G Power sized screen, a
simulated slow 4G connection and a 4x slower CPU. Chromium is Debian's
(CHROME_PATH=/usr/bin/chromium) with the flags this machine needs (shared FACTS.md).
Each page is audited ``--runs`` times and the median score of each category is kept
(Lighthouse's own advice: performance varies from run to run). The pages of a
notebook are audited in a Chromium profile that opened the notebook's link first.

Budgets (issue 6): performance >= 95, accessibility 100, best practices 100. For
every category below 100 the audits that cost points are listed. The exit status is
1 when a budget fails.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import server

HERE = Path(__file__).resolve().parent
LIGHTHOUSE = HERE / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
CHROME_FLAGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
CATEGORIES = ("performance", "accessibility", "best-practices")
BUDGETS = {"performance": 95, "accessibility": 100, "best-practices": 100}


def pages_of(ids: dict) -> list[tuple[str, str, bool]]:
    """(label, path, with the notebook's cookie)."""
    owner = True
    return [
        ("home, first visit", "/", False),
        ("home, 3 sessions", "/", owner),
        ("new session", "/new/", owner),
        ("deal screen, 7 players", f"/s/{ids['deal_game']}/", owner),
        ("score sheet, 7 x 19", f"/s/{ids['sheet_game']}/sheet/", owner),
    ]


def profile_with_notebook(base: str, key: str, folder: Path) -> Path:
    """A Chromium profile that has opened the notebook's secret link, so it carries the
    notebook's cookie like the phone that started the session.

    (Lighthouse's --extra-headers Cookie is not sent with the page's own htmx
    requests, so the live poll would answer 404 and count as a console error.)
    Lighthouse clears the cache and service workers of the origin before each
    audit, not its cookies.
    """
    from playwright.sync_api import sync_playwright

    profile = folder / "profile"
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, args=CHROME_FLAGS[1:], headless=True
        )
        context.new_page().goto(f"{base}/n/{key}/")
        context.close()
    return profile


def audit(url: str, profile: Path | None, out: Path) -> dict:
    flags = [*CHROME_FLAGS, f"--user-data-dir={profile}"] if profile else CHROME_FLAGS
    command = [
        str(LIGHTHOUSE),
        url,
        "--output=json",
        f"--output-path={out}",
        f"--only-categories={','.join(CATEGORIES)}",
        f"--chrome-flags={' '.join(flags)}",
        "--quiet",
    ]
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    # Lighthouse now and then fails to record the trace ("NO_NAVSTART"): one more try.
    for attempt in (1, 2, 3):
        try:
            subprocess.run(command, env=env, check=True, timeout=300)
            break
        except subprocess.CalledProcessError:
            if attempt == 3:
                raise
            print(f"  (Lighthouse failed on {url}; trying again)", flush=True)
    return json.loads(out.read_text())


def lost_points(report: dict, category: str) -> list[str]:
    """The audits of a category that did not score full marks, weighted first."""
    lines = []
    for ref in report["categories"][category]["auditRefs"]:
        result = report["audits"][ref["id"]]
        score = result.get("score")
        if ref.get("weight", 0) and score is not None and score < 1:
            value = result.get("displayValue", "")
            lines.append(
                f"{result['title']} (score {score:.2f}, weight {ref['weight']}){': ' + value if value else ''}"  # noqa: E501
            )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--keep", type=Path, help="keep the JSON reports in this folder")
    arguments = parser.parse_args()
    if not LIGHTHOUSE.exists():
        print(f"Lighthouse is not installed: run `npm ci` in {HERE}.")
        return 1
    if not shutil.which(CHROMIUM):
        print(f"{CHROMIUM} not found: apt-get install -y chromium")
        return 1
    failures = []
    print(f"bench/lighthouse.py: median of {arguments.runs} runs, mobile settings")
    print(f"  load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with (
        server.prepared("sqlite") as (env, ids),
        tempfile.TemporaryDirectory(prefix="scorekeeper-lighthouse-") as folder,
    ):
        reports = Path(arguments.keep or folder)
        reports.mkdir(parents=True, exist_ok=True)
        log = Path(folder) / "gunicorn.log"
        with server.gunicorn(env, workers=1, log=log) as served:
            base = served.url
            profile = profile_with_notebook(base, ids["notebook_key"], Path(folder))
            print(f"\n  {'page':26} {'perf':>5} {'a11y':>5} {'b.p.':>5}  budget")
            for number, (label, path, cookie) in enumerate(pages_of(ids)):
                runs = [
                    audit(
                        base + path,
                        profile if cookie else None,
                        reports / f"{number}-{label.split(',')[0]}-{run}.json",
                    )
                    for run in range(arguments.runs)
                ]
                scores = {
                    category: round(
                        100
                        * statistics.median(r["categories"][category]["score"] or 0 for r in runs)
                    )
                    for category in CATEGORIES
                }
                missed = [c for c in CATEGORIES if scores[c] < BUDGETS[c]]
                print(
                    f"  {label:26} {scores['performance']:5} {scores['accessibility']:5}"
                    f" {scores['best-practices']:5}  {'FAIL' if missed else 'ok'}",
                    flush=True,
                )
                middle = sorted(runs, key=lambda r: r["categories"]["performance"]["score"] or 0)[
                    len(runs) // 2
                ]
                for category in CATEGORIES:
                    if scores[category] < 100:
                        for line in lost_points(middle, category):
                            print(f"      {category}: {line}")
                    if category in missed:
                        failures.append(
                            f"{label}: {category} {scores[category]} < {BUDGETS[category]}"
                        )
                metrics = middle["audits"]
                print(
                    "      "
                    + ", ".join(
                        f"{key} {metrics[key]['displayValue']}"
                        for key in (
                            "first-contentful-paint",
                            "largest-contentful-paint",
                            "total-blocking-time",
                            "cumulative-layout-shift",
                        )
                        if key in metrics
                    )
                )
    print()
    for failure in failures:
        print(f"FAIL {failure}")
    if not failures:
        print("Every Lighthouse budget holds.")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

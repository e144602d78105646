"""What Python's garbage collector costs an entry late in an evening, with Python's
default thresholds and with gunicorn.conf.py's (the master's objects frozen,
GC_THRESHOLD): the CPU of an entry and of the collections during it, as a ratio.

Each run is a process of its own on a temporary SQLite database, with the
production settings: it plays `--sessions` sessions of Oh Hell to `--deals` deals
(what a worker keeps: the sessions' tables and pages), then enters the next deal of
each, bid by bid and trick by trick, through Django's handler as the scorekeeper's
phone posts them, with a follower noted, so that each entry draws the follower's
swap too. The two settings run in pairs, back to back, and the ratio is the median of
the pairs' (the machine's speed drifts between runs more than the settings differ).

    .venv/bin/python bench/collector.py            # about 4 minutes
"""

from __future__ import annotations

import argparse
import gc
import json
import runpy
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import server


def child(deals: int, sessions: int, tuned: bool) -> dict:
    server.setup_django()
    from django.core.management import call_command
    from django.test import Client

    from bench import data, pageforms
    from games import page_cache
    from games.models import Game

    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)
    games = []
    for _ in range(sessions):
        game = data.start_oh_hell(None, ["Anna", "Ben", "Carla", "Dan"])
        for _ in range(deals):
            data.play_deal(game)
        games.append(Game.objects.select_related("notebook").get(pk=game.pk))
    if tuned:
        conf = runpy.run_path(str(server.ROOT / "gunicorn.conf.py"))
        conf["pre_fork"](None, None)
        conf["post_fork"](None, None)
    collecting = {"since": 0.0, "total": 0.0}

    def watch(phase: str, _info: dict) -> None:
        if phase == "start":
            collecting["since"] = time.process_time()
        else:
            collecting["total"] += time.process_time() - collecting["since"]

    gc.callbacks.append(watch)
    entries, spent, collected = 0, 0.0, 0.0
    for game in games:
        phone = Client(HTTP_HX_REQUEST="true", HTTP_HOST="127.0.0.1")
        phone.cookies["notebook"] = game.notebook.key
        html = phone.get(f"/s/{game.public_id}/").content.decode()
        page_cache.note_follower(game.public_id, "view")
        while True:
            forms = pageforms.forms_of(html)  # read once a page, as the load test's phones
            bid = pageforms.form_among(forms, "/bid/")
            trick = pageforms.form_among(forms, "/trick/")
            if bid is not None and bid.choices("bid"):
                form, fields = bid, {"bid": bid.choices("bid")[0]}
            elif trick is not None and trick.choices("seat"):
                form, fields = trick, {"seat": trick.choices("seat")[0]}
            else:
                form = pageforms.form_among(forms, "/tricks/")
                fields = form.checked
            before, collected_before = time.process_time(), collecting["total"]
            answer = phone.post(form.action, {**form.hidden, **fields})
            spent += time.process_time() - before
            collected += collecting["total"] - collected_before
            entries += 1
            if answer.status_code != 200:
                raise SystemExit(f"{form.action} answered {answer.status_code}")
            html = answer.content.decode()
            if form.action.endswith("/tricks/"):
                break
    return {
        "entry_ms": 1000 * spent / entries,
        "collecting_ms": 1000 * collected / entries,
        "tracked": len(gc.get_objects()),
        "entries": entries,
    }


def run(deals: int, sessions: int, tuned: bool) -> dict:
    with server.prepared("sqlite") as (env, _ids):
        command = [server.PYTHON, "-m", "bench.collector", "--child", "--deals", str(deals)]
        command += ["--sessions", str(sessions)] + (["--tuned"] if tuned else [])
        output = subprocess.run(
            command, env=env, cwd=server.ROOT, check=True, stdout=subprocess.PIPE, text=True
        ).stdout
    return json.loads(output.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=15, help="deals played before")
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument(
        "--rounds", type=int, default=4, help="pairs of runs, one of each, back to back"
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tuned", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        print(json.dumps(child(arguments.deals, arguments.sessions, arguments.tuned)))
        return
    print(
        f"bench/collector.py: {arguments.sessions} sessions at deal {arguments.deals + 1},"
        " an entry through Django's handler (CPU ms), and the collections during it"
    )
    # Back to back in pairs, in the order ABBA: the machine's speed drifts from one
    # minute to the next, and a pair's ratio cancels what the two runs share.
    ratios = []
    for round_number in range(arguments.rounds):
        order = (False, True) if round_number % 2 == 0 else (True, False)
        pair = {}
        for tuned in order:
            result = pair[tuned] = run(arguments.deals, arguments.sessions, tuned)
            label = "gunicorn.conf.py's collector" if tuned else "Python's default collector"
            print(
                f"  {label:30} entry {result['entry_ms']:6.2f} ms, collecting"
                f" {result['collecting_ms']:5.2f} ms ({result['tracked']} objects tracked)"
            )
        ratios.append(pair[True]["entry_ms"] / pair[False]["entry_ms"])
    print(
        f"an entry with gunicorn.conf.py's collector: {statistics.median(ratios):.2f}x the"
        f" default's (median of {len(ratios)} pairs run back to back:"
        f" {', '.join(f'{ratio:.2f}' for ratio in ratios)})"
    )


if __name__ == "__main__":
    main()

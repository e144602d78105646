"""The call on a phone offline comes from the game's own ``call`` (games.phone_rules.figures):
the bids kept as their form's fields, the next round's plan, the same words as the deal
screen's once the bids are in; none without bids, or with bids the form cannot have sent."""

from __future__ import annotations

from games.phone_rules import figures
from games.rules import skull_king
from games.rules.plain import plain


def request(**more) -> dict:
    return {
        "game": "skull_king",
        "options": {},
        "players": 3,
        "first_dealer": 0,
        "entries": [],
        "ended": False,
        "kept": [],
        "since": 0,
        **more,
    }


def test_the_bids_kept_get_the_games_own_call() -> None:
    bids = {"e.bids.0": "1", "e.bids.1": "1", "e.bids.2": "0"}

    answer = figures.score(request(bids=bids))

    plan = skull_king.first_plan(skull_king.Rules(), 3, 0)
    assert answer["call"] == plain(skull_king.call(plan, [1, 1, 0]))


def test_no_bids_no_call() -> None:
    assert figures.score(request())["call"] is None
    assert figures.score(request(bids={"e.bids.x": "1"}))["call"] is None

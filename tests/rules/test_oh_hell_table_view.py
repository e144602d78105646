"""Oh Hell's table on a phone offline as parts (games.rules.oh_hell.table_view): which parts
of the deal screen show and what fills them, from the rules' own figures. The page's one
drawing fills them in (static/js/offline-drawing.js; tests/e2e/test_offline.py draws them)."""

from __future__ import annotations

from games.rules.oh_hell import phone


def table(kept: list[tuple[str, dict]], chosen: int | None = None, **options) -> list[dict]:
    """The view of a new evening for four (Dan deals first) after the entries ``kept``."""
    request = {
        "game": "oh_hell",
        "options": {"schedule": "down_and_up", "hook": True, **options},
        "players": 4,
        "first_dealer": 3,
        "entries": [],
        "playing": None,
        "kept": [{"action": action, "fields": fields} for action, fields in kept],
        "chosen": chosen,
    }
    return phone.table(request)["view"]


def parts(view: list[dict], name: str) -> list[dict]:
    found = []
    for node in view:
        if isinstance(node, dict) and "part" in node:
            found += [node] if node["part"] == name else []
            for value in node.values():
                if isinstance(value, list):
                    found += parts(value, name)
    return found


def bid(seat: int, value: int) -> tuple[str, dict]:
    return "bid", {"deal": "1", "seat": str(seat), "bid": str(value), "was": ""}


def test_the_last_bidder_sees_the_number_the_hook_forbids_struck_out_with_its_reason() -> None:
    view = table([bid(0, 0), bid(1, 1), bid(2, 0)])

    (keypad,) = parts(view, "keypad")
    assert keypad["label"] == {"say": "bids_label", "name": {"name": 3}}
    (struck,) = parts(view, "key-forbidden")
    cards = len(parts(view, "key")) + 1 - 1  # keys 0 .. cards: cards + 1, one struck
    assert struck["n"] == cards - 1  # 0 + 1 + 0 + (cards - 1): the bids would add up
    (hook,) = parts(view, "hook")
    assert hook["said"]["n"] == struck["n"] and hook["said"]["name"] == {"name": 3}


def test_a_bid_picked_on_the_phone_gets_the_keypad_and_the_others_stay_links() -> None:
    view = table([bid(0, 2)], chosen=2)

    (keypad,) = parts(view, "keypad")
    assert keypad["fields"]["seat"] == 2
    picks = {chip["pick"]["data-pick"] for chip in parts(view, "chip-pick")}
    assert 2 not in picks and 1 in picks  # Ben, whose turn it is, out of the way


def test_once_the_bids_are_in_the_call_and_the_trick_buttons_replace_the_keypad() -> None:
    view = table([bid(0, 0), bid(1, 1), bid(2, 0), bid(3, 1)])

    assert parts(view, "keypad") == []
    (call,) = parts(view, "announcement")
    assert call["attrs"]["class"].startswith("announcement call-")
    assert len(parts(view, "trick-button")) == 4
    assert parts(view, "counts")  # the counts, before any trick is tapped
    assert [node["part"] for node in view][-2:] == ["revoke", "totals"]


def test_a_refused_entry_is_said_below_the_table() -> None:
    view = table([bid(0, 0), ("bid", {"deal": "1", "seat": "0", "bid": "x", "was": ""})])

    assert view[-1]["part"] == "refused"
    assert "refusal" in view[-1]["said"]

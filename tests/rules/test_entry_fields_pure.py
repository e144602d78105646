"""games.rules.entry_fields reads a round's form without `re` (MicroPython runs it too): its
plain checks mean what the patterns it replaced meant."""

from __future__ import annotations

import pytest

from games.rules import RuleError
from games.rules.entry_fields import SPACES, entry_of


def test_it_strips_exactly_what_cpython_strips() -> None:
    assert set(SPACES) == {chr(code) for code in range(0x110000) if chr(code).isspace()}


def fields(**named: str) -> list[tuple[str, list[str]]]:
    return [(name.replace("__", "."), [value]) for name, value in named.items()]


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        (" 12 ", 12),
        ("\u2000−7\u3000", -7),
        ("-3", -3),
        ("1234567890", 1234567890),
        ("12345678901", "12345678901"),  # more digits than any count: text, refused by name
        ("０", "０"),
        ("²", "²"),
        ("- 5", "- 5"),
        ("on", True),
        ("false", False),
    ],
)
def test_it_reads_a_value_as_the_server_always_did(raw, value) -> None:
    assert entry_of([("e.points.0", [raw])]) == {"points": [value]}


@pytest.mark.parametrize(
    "name", ["e.points.00", "e.points.01", "e.points.²", "e.1a", "e.a.b.c.d.e", "e." + "x" * 41]
)
def test_it_refuses_a_name_no_form_has(name) -> None:
    with pytest.raises(RuleError):
        entry_of([(name, ["1"])])


def test_a_group_of_boxes_makes_one_list_and_null_keeps_a_seat() -> None:
    found = entry_of(
        [
            ("e.bonuses.0.loot[]1", ["2"]),
            ("e.bonuses.0.loot[]12", ["3"]),
            ("e.points.0", ["null"]),
            ("e.points.1", ["4"]),
            ("idem", ["abc"]),
        ]
    )
    assert found == {"bonuses": [{"loot": [2, 3]}], "points": [None, 4]}

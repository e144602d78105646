"""What the round games' forms read where nothing was entered (games.templatetags.entries):
a seat's value ``at`` a list or mapping, or BLANK, whose fields are BLANK too, so that
``{{ bonus.fourteens }}`` reads "" without the template engine's failed lookups (three
exceptions and a ``dir()`` each: a ninth of Skull King's page for eight, bench/run.py)."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from games.templatetags.entries import BLANK, Prefill, at

FORM = Template(
    "{% load entries %}{% with bonus=prefill.bonuses|at:seat bid=prefill.bids|at:seat %}"
    "[{{ bid }}][{{ bonus.fourteens|default:0 }}][{% if bonus.skull_king %}SK{% endif %}]"
    "[{% if 2 in bonus.loot %}loot{% endif %}]{% endwith %}"
)


@pytest.mark.parametrize(
    ("prefill", "seat", "drawn"),
    [
        (Prefill(), 1, "[][0][][]"),  # a round not entered yet
        (Prefill({"bids": [3, 0]}), 1, "[0][0][][]"),  # the bids in, no bonus
        (Prefill({"bids": [3, 0]}), 5, "[][0][][]"),  # a seat past the list
        (
            Prefill({"bids": [3, 4], "bonuses": [{}, {"fourteens": 2, "skull_king": True}]}),
            1,
            "[4][2][SK][]",
        ),
        (Prefill({"bonuses": {"1": {"loot": [2]}}}), 1, "[][0][][loot]"),  # by its text key
    ],
)
def test_a_form_reads_what_was_entered_and_blank_elsewhere(prefill, seat, drawn) -> None:
    assert FORM.render(Context({"prefill": prefill, "seat": seat})) == drawn


def test_blank_is_an_empty_text_all_the_way_down() -> None:
    assert at(None, 0) is BLANK and at([1], 3) is BLANK and at({}, "x") is BLANK
    assert BLANK == "" and not BLANK and str(BLANK) == ""
    assert BLANK["fourteens"]["anything"] is BLANK
    assert Prefill()["bids"] is BLANK and Prefill({"bids": [1]})["bids"] == [1]
    assert BLANK != "abc" and BLANK[0:0] == ""

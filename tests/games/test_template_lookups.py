"""What the round games' forms read where nothing was entered (games.templatetags.entries):
a seat's value ``at`` a list or mapping, or BLANK, whose fields are BLANK too, so that
``{{ bonus.fourteens }}`` reads "" without the template engine's failed lookups (three
exceptions and a ``dir()`` each: a ninth of Skull King's page for eight, bench/run.py); and
their rows of radio keys (``radio_keys``, ``seat_keys``) and checkboxes (``seat_checks``),
the same HTML as the template's loops drew."""

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


#: The loop radio_keys replaced, as the forms had it; the tag must draw the same HTML.
LOOP = Template(
    '{% for n in values %}<label class="radio-key"><input type="radio" name="{{ name }}"'
    ' value="{{ n }}"{% if required %} required{% endif %}{% if n == checked %} checked'
    "{% endif %}><span>{{ n }}</span></label>{% endfor %}"
)
TAG = Template(
    "{% load entries %}{% if required %}{% radio_keys values checked prefix seat required=True %}"
    "{% else %}{% radio_keys values checked prefix seat %}{% endif %}"
)


@pytest.mark.parametrize(
    ("values", "checked", "prefix", "seat", "required", "keys_checked"),
    [
        (range(4), 2, "e.tricks.", 1, True, ["2"]),  # a count entered
        (range(4), BLANK, "e.bids.", 0, True, []),  # nothing entered yet
        (range(4), 0, "e.bids.", 0, True, ["0"]),  # a bid of 0 is a value, not blank
        ("0123", "1", "e.bonuses.", 3, False, ["1"]),  # a bonus count, as text
        ("0123", 1, "e.bonuses.", 3, False, []),  # text keys match text only, as the loop did
        (range(2), None, 'a"<b>.', 1, False, []),  # a name is escaped
    ],
)
def test_radio_keys_draw_the_loop_they_replaced(
    values, checked, prefix, seat, required, keys_checked
) -> None:
    context = {"values": values, "checked": checked, "prefix": prefix, "seat": seat}
    drawn = TAG.render(Context({**context, "required": required}))
    name = f"{prefix}{seat}"
    assert drawn == LOOP.render(Context({**context, "name": name, "required": required}))
    assert drawn.count('class="radio-key"') == len(values)
    assert [
        key.split('value="')[1].split('"')[0]
        for key in drawn.split("<label")[1:]
        if " checked>" in key
    ] == keys_checked


SEATS = [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Ben"}, {"seat": 2, "name": "<Cy>"}]
CHECKS_LOOP = Template(
    '{% for other in seats %}{% if other.seat != skip %}<label class="check"><input'
    ' type="checkbox" name="e.bonuses.{{ skip }}.loot[]{{ other.seat }}" value="{{ other.seat }}"'
    "{% if other.seat in chosen %} checked{% endif %}> {{ other.name }}</label>{% endif %}"
    "{% endfor %}"
)
CHECKS_TAG = Template(
    '{% load entries %}{% seat_checks seats skip chosen "e.bonuses." skip ".loot[]" %}'
)


@pytest.mark.parametrize(
    ("skip", "chosen", "boxes_checked"),
    [
        (0, [2], ["&lt;Cy&gt;"]),  # an ally chosen; a name escaped
        (1, BLANK, []),  # nothing entered
        (2, None, []),
        (0, [1, 2], ["Ben", "&lt;Cy&gt;"]),
        (0, ["1"], []),  # a number as text is not the seat, as the loop read it
    ],
)
def test_seat_checks_draw_the_loop_they_replaced(skip, chosen, boxes_checked) -> None:
    context = Context({"seats": SEATS, "skip": skip, "chosen": chosen})
    drawn = CHECKS_TAG.render(context)
    assert drawn == CHECKS_LOOP.render(context)
    assert drawn.count('type="checkbox"') == 2
    boxes = drawn.split("<label")[1:]
    assert [box.split("> ")[1].split("</")[0] for box in boxes if " checked>" in box] == (
        boxes_checked
    )


PLAYING = [
    {"seat": 0, "name": "Anna", "sitting_out": True},
    {"seat": 1, "name": "Ben", "sitting_out": False},
    {"seat": 2, "name": "<Cy>", "sitting_out": False},
]
KEYS_LOOP = Template(
    '{% for seat in seats %}{% if not seat.sitting_out %}<label class="radio-key"><input'
    ' type="radio" name="e.marriages.{{ suit }}" value="{{ seat.seat }}"{% if who == seat.seat %}'
    " checked{% endif %}><span>{{ seat.name }}</span></label>{% endif %}{% endfor %}"
)
KEYS_TAG = Template('{% load entries %}{% seat_keys seats who "e.marriages." suit %}')


@pytest.mark.parametrize(
    ("who", "key_checked"),
    [
        (2, ["&lt;Cy&gt;"]),  # a player's marriage; a name escaped
        (0, []),  # the seat sitting out has no key
        (BLANK, []),  # nobody yet
        (None, []),
        ("1", []),  # a number as text is not the seat, as the loop read it
    ],
)
def test_seat_keys_draw_the_loop_they_replaced(who, key_checked) -> None:
    context = Context({"seats": PLAYING, "who": who, "suit": "H"})
    drawn = KEYS_TAG.render(context)
    assert drawn == KEYS_LOOP.render(context)
    assert drawn.count('type="radio"') == 2 and "Anna" not in drawn
    keys = drawn.split("<label")[1:]
    assert [key.split("<span>")[1].split("</")[0] for key in keys if " checked>" in key] == (
        key_checked
    )

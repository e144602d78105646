"""``{{ prefill.bids|at:seat }}``: a round's entry (games.rules.rounds) read by seat or key
in its form; anything missing is empty, so a form fills in what there is; its rows of
radio keys (``radio_keys``, ``seat_keys``) and of the other seats' checkboxes
(``seat_checks``). And the words a
game counts its rounds, deals or hands with: ``{{ unit.title|say:n }}`` (games/units.py)."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

register = template.Library()


@register.filter
def say(message: str, n: object = None) -> str:
    """One of a game's words (games.units) in the page's language, with its number:
    ``{{ unit.title|say:plan.number }}`` -> "Deal 3"."""
    text = _(message)
    return text if n is None else text % {"n": n}


SUITS = {
    "S": ("♠", gettext_noop("spades")),
    "H": ("♥", gettext_noop("hearts")),
    "D": ("♦", gettext_noop("diamonds")),
    "C": ("♣", gettext_noop("clubs")),
}


@register.filter
def suit_symbol(suit: str) -> str:
    return SUITS[suit][0] if suit in SUITS else suit


@register.filter
def suit_name(suit: str) -> str:
    return _(SUITS[suit][1]) if suit in SUITS else suit


class Blank(str):
    """What ``at`` finds where nothing is: an empty text whose every field is empty too, so
    that ``{{ bonus.fourteens }}`` on a seat without bonuses reads "" at once. The template
    engine's own lookup of a field that is not there raises three exceptions and lists the
    object's attributes (``dir``): 184 times in a round's form of eight players' bonuses."""

    __slots__ = ()

    def __getitem__(self, key: object) -> str:
        return self if isinstance(key, str) else str.__getitem__(self, key)


BLANK = Blank()


class Prefill(dict):
    """A form's values by field, a field not filled reading as BLANK (see Blank)."""

    def __missing__(self, key: object) -> str:
        return BLANK


@register.filter
def at(value: object, key: object) -> object:
    if isinstance(value, list) and isinstance(key, int) and 0 <= key < len(value):
        return value[key]
    if isinstance(value, dict):
        return value.get(key if isinstance(key, str) else str(key), BLANK)
    return BLANK


@register.filter
def points(value: object, sign: str = "") -> str:
    """A number as the round games write it: the minus sign (U+2212) for a loss, and with
    ``sign`` "+" a plus for a gain ("+25", "−10", "0")."""
    if not isinstance(value, int):
        return "–"
    if value < 0:
        return f"−{-value}"
    return f"+{value}" if sign == "+" and value > 0 else str(value)


def _field(name: tuple) -> str:
    """A field's name from a tag's parts ("e.tricks.", 3 -> "e.tricks.3"), escaped."""
    return escape("".join(map(str, name)))


def _radio_keys(
    field: str, keys: Iterable[tuple[object, object]], checked: object, extra: str
) -> str:
    """A radio key for each (value, text), the one whose value equals ``checked`` checked."""
    return SafeString(
        "".join(
            f'<label class="radio-key"><input type="radio" name="{field}"'
            f' value="{escape(str(value))}"{extra}{" checked" if value == checked else ""}>'
            f"<span>{escape(str(text))}</span></label>"
            for value, text in keys
        )
    )


@register.simple_tag
def radio_keys(values: Iterable, checked: object, *name: object, required: bool = False) -> str:
    """One tap a number: a radio key for each of ``values``, the one equal to ``checked``
    checked; the field's name is ``name``'s parts joined. ``{% radio_keys counts took
    "e.tricks." seat.seat required=True %}`` is the same HTML as the loop it replaces,
    ``{% for n in counts %}<label class="radio-key"><input type="radio" name="e.tricks.{{
    seat.seat }}" value="{{ n }}" required{% if took == n %} checked{% endif %}><span>{{ n
    }}</span></label>{% endfor %}``, drawn in Python: a round's form for eight players has
    about 300 keys, and the template engine's loop took a third of its server time
    (bench/run.py)."""
    extra = " required" if required else ""
    return _radio_keys(_field(name), ((n, n) for n in values), checked, extra)


@register.simple_tag
def seat_keys(seats: Iterable[dict], checked: object, *name: object) -> str:
    """A radio key for each seat that takes part in the round (not ``sitting_out``), its
    value the seat's number and its text the seat's name, the one equal to ``checked``
    checked: ``{% seat_keys seats who "e.marriages." suit %}`` is the HTML of the loop it
    replaces, ``{% for seat in seats %}{% if not seat.sitting_out %}<label
    class="radio-key"><input type="radio" name="e.marriages.{{ suit }}" value="{{ seat.seat
    }}"{% if who == seat.seat %} checked{% endif %}><span>{{ seat.name }}</span></label>{%
    endif %}{% endfor %}``, drawn in Python (see radio_keys)."""
    playing = ((seat["seat"], seat["name"]) for seat in seats if not seat.get("sitting_out"))
    return _radio_keys(_field(name), playing, checked, "")


@register.simple_tag
def seat_checks(seats: Iterable[dict], skip: object, chosen: object, *name: object) -> str:
    """A checkbox for each seat but ``skip``, named ``name``'s parts joined and the seat's
    number, checked where that number is in ``chosen``: ``{% seat_checks seats seat.seat
    allies "e.allies." seat.seat "[]" %}`` is the HTML of the loop it replaces, ``{% for
    other in seats %}{% if other.seat != seat.seat %}<label class="check"><input
    type="checkbox" name="e.allies.{{ seat.seat }}[]{{ other.seat }}" value="{{ other.seat
    }}"{% if other.seat in allies %} checked{% endif %}> {{ other.name }}</label>{% endif
    %}{% endfor %}``, drawn in Python: a round's form for eight players has 56 such boxes,
    and the loop was a sixth of its template time (bench/run.py)."""
    field = _field(name)
    boxes = []
    for other in seats:
        seat = other["seat"]
        if seat == skip:
            continue
        try:
            mark = " checked" if seat in chosen else ""
        except TypeError:  # nothing chosen (BLANK, None), as the template's ``in`` reads it
            mark = ""
        number = escape(str(seat))
        boxes.append(
            f'<label class="check"><input type="checkbox" name="{field}{number}"'
            f' value="{number}"{mark}> {escape(str(other["name"]))}</label>'
        )
    return SafeString("".join(boxes))

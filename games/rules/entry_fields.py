"""A round's entry (games.rules.rounds) from its form's fields: what the server stores when
a form is posted (games/inputs.py `entry_of`), and what a phone offline scores a kept
round from (games/phone_rules/figures.py). Plain string checks rather than `re`, so
MicroPython runs it unchanged (its `re` has no ``fullmatch`` and no ``{m,n}``).

Fields: "e.bids.2", "e.bonuses.0.pirates", "e.marriages.H"; names ending in "[]" and a
number ("e.bonuses.0.loot[]3") are a group of boxes, each name its own (a phone's kept copy
of the form holds one value a name), whose ticked values make one list.
"""

from __future__ import annotations

from games.rules.errors import RuleError, gettext_noop

ENTRY_PREFIX = "e."
MOST_ENTRY_FIELDS = 400
#: A session's largest version (2**31 - 1) has ten digits; no count needs more.
MOST_DIGITS = 10
MOST_PARTS = 4
#: What CPython's str.strip() takes away (str.isspace()), spelt out: MicroPython's strip
#: knows ASCII whitespace only, and strips a given set byte by byte.
SPACES = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
NO_SUCH_FIELD = gettext_noop(
    "This form has no field %(field)s: reload the page and enter it again."
)
#: "null": a seat's place kept empty (a player out of the game), so later seats keep theirs.
NULL = object()


def entry_of(fields, strict: bool = True) -> dict:
    """A round's entry as its form sent it, as JSON the rules module checks: digits become
    numbers, "on"/"true"/"false" booleans, an empty field nothing; a path's index parts
    make a list (gaps None). Anything else stays text, for the rules to refuse by name.
    ``fields``: (name, [values]) in the form's order. A field name no form has is refused
    (RuleError); ``strict`` False leaves it out, to show again what a refused form sent."""
    entry: dict = {}
    named = [(name, sent) for name, sent in fields if name.startswith(ENTRY_PREFIX)]
    for name, sent in named[:MOST_ENTRY_FIELDS]:
        path = _path_of(name)
        if path is None:
            if strict:
                raise RuleError(NO_SUCH_FIELD, field=name[:60])
            continue
        parts, many = path
        values = [_entry_value(raw) for raw in sent if isinstance(raw, str)]
        if not values:
            continue
        value = [v for v in values if v is not None] if many else values[-1]
        if value is None:
            continue
        value = None if value is NULL else value
        node = entry
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                break
        else:
            if many and isinstance(node.get(parts[-1]), list):
                node[parts[-1]] += value
            else:
                node[parts[-1]] = value
    return _listed(entry)


def _digits(text: str) -> bool:
    return bool(text) and all("0" <= char <= "9" for char in text)


def _name_part(part: str) -> bool:
    """A name: "bids", "black_fourteen", "H" (a letter or _, then up to 39 more or digits)."""
    first = part[:1]
    return (
        0 < len(part) <= 40
        and (first == "_" or "A" <= first <= "Z" or "a" <= first <= "z")
        and all(
            char == "_" or _digits(char) or "A" <= char <= "Z" or "a" <= char <= "z"
            for char in part
        )
    )


def _index_part(part: str) -> bool:
    """A seat's index in ASCII digits without a leading zero, so each seat has one spelling:
    not "²", "０" or "00", which str.isdigit() takes and int() fails on or reads as another."""
    return part == "0" or (_digits(part) and len(part) <= 2 and part[0] != "0")


def _path_of(name: str) -> tuple[list[str], bool] | None:
    """A field's path parts and whether it is a group of boxes, or None for a name that no
    form here has."""
    path = name[len(ENTRY_PREFIX) :]
    at = path.rfind("[]")
    group = at >= 1 and len(path) - at - 2 in (1, 2) and _digits(path[at + 2 :])
    parts = (path[:at] if group else path).split(".")
    if len(parts) > MOST_PARTS or not all(_name_part(p) or _index_part(p) for p in parts):
        return None
    return parts, group


def _entry_value(raw: str) -> object:
    text = _stripped(raw)
    if not text:
        return None
    if text == "null":
        return NULL
    number = text[1:] if text[:1] in ("-", "−") else text
    if _digits(number) and len(number) <= MOST_DIGITS:
        return int(text.replace("−", "-"))
    return {"on": True, "true": True, "false": False}.get(text, text)


def _stripped(text: str) -> str:
    start, end = 0, len(text)
    while start < end and text[start] in SPACES:
        start += 1
    while end > start and text[end - 1] in SPACES:
        end -= 1
    return text[start:end]


def _listed(node: object) -> object:
    """Dicts keyed 0, 1, 2 … (index parts) become lists (the seats' values in seat order)."""
    if not isinstance(node, dict):
        return node
    node = {key: _listed(value) for key, value in node.items()}
    if node and all(_index_part(key) for key in node):
        listed: list = [None] * (max(map(int, node)) + 1)
        for key, value in node.items():
            listed[int(key)] = value
        return listed
    return node

"""Read a page's forms the way a browser would, so a simulated phone posts what a real
one posts (hidden fields such as the CSRF token, the deal number and the form key)
without knowing the templates.

Standard library only: the load generator imports it too.
"""

from __future__ import annotations

import html as html_lib
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Form:
    action: str
    #: Hidden inputs, sent as they are.
    hidden: dict[str, str] = field(default_factory=dict)
    #: Submit buttons with a name: (name, value, disabled).
    buttons: list[tuple[str, str, bool]] = field(default_factory=list)
    #: Radio buttons by name: their values.
    radios: dict[str, list[str]] = field(default_factory=dict)
    #: The radio buttons checked as the page came.
    checked: dict[str, str] = field(default_factory=dict)

    def choices(self, name: str) -> list[str]:
        """The values of the enabled buttons called ``name`` (a keypad, a seat row)."""
        return [
            value for button, value, disabled in self.buttons if button == name and not disabled
        ]


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.current: Form | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value if value is not None else "" for name, value in attrs}
        if tag == "form":
            self.current = Form(action=values.get("action", ""))
            self.forms.append(self.current)
            return
        form = self.current
        if form is None or not values.get("name"):
            return
        name = values["name"]
        kind = values.get("type", "").lower()
        if tag == "input" and kind == "hidden":
            form.hidden[name] = values.get("value", "")
        elif tag == "input" and kind == "radio":
            form.radios.setdefault(name, []).append(values.get("value", ""))
            if "checked" in values:
                form.checked[name] = values.get("value", "")
        elif tag == "button" and kind in ("", "submit"):
            form.buttons.append((name, values.get("value", ""), "disabled" in values))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None


#: The tags that make a form, each with its attributes; and a form's end.
TAG = re.compile(
    r"""<(form|input|button)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*/?>"""
    r"|</(form)\s*>",
    re.IGNORECASE,
)
ATTRIBUTE = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")


def _attributes(markup: str) -> list[tuple[str, str | None]]:
    """A tag's attributes as html.parser gives them: a name without a value has None."""
    found = []
    for match in ATTRIBUTE.finditer(markup):
        value = next((v for v in match.group(2, 3, 4) if v is not None), None)
        found.append((match.group(1).lower(), None if value is None else html_lib.unescape(value)))
    return found


def forms_of(html: str) -> list[Form]:
    """Every form of the page, with its fields: the same as html.parser reads
    (tests/bench/test_pageforms.py), in a quarter of its time. The load generator's
    CPU is the simulated phones' clock (bench/load/locustfile.py): while it parses a
    deal screen no other phone's answer is read, 1.5 to 1.8 ms with html.parser."""
    reader = _Forms()
    for match in TAG.finditer(html):
        if match.group(3):
            reader.handle_endtag("form")
        else:
            reader.handle_starttag(match.group(1).lower(), _attributes(match.group(2)))
    return reader.forms


def forms_by_html_parser(html: str) -> list[Form]:
    """The same, by the standard library's HTML parser: what forms_of is checked against."""
    parser = _Forms()
    parser.feed(html)
    parser.close()
    return parser.forms


def form_for(html: str, action_ending: str) -> Form | None:
    """The first form whose action ends with ``action_ending`` ("/bid/", "/tricks/")."""
    return form_among(forms_of(html), action_ending)


def form_among(forms: list[Form], action_ending: str) -> Form | None:
    """form_for, among forms already read."""
    return next((form for form in forms if form.action.endswith(action_ending)), None)


def csrf_token(html: str) -> str:
    """The token base.html puts in ``hx-headers``, or a form's hidden field."""
    found = re.search(r'"X-CSRFToken":\s*"([^"]+)"', html) or re.search(
        r'name="csrfmiddlewaretoken" value="([^"]+)"', html
    )
    return found.group(1) if found else ""


def live_version(html: str) -> int | None:
    """The version a page's live poll asks for (``/live/?v=12``), None if it does not poll."""
    found = re.search(r"/live/\?v=(\d+)", html)
    return int(found.group(1)) if found else None

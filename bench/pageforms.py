"""Read a page's forms the way a browser would, so a simulated phone posts what a real
one posts (hidden fields such as the CSRF token, the deal number and the form key)
without knowing the templates.

Standard library only: the load generator imports it too.
"""

from __future__ import annotations

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


def forms_of(html: str) -> list[Form]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def form_for(html: str, action_ending: str) -> Form | None:
    """The first form whose action ends with ``action_ending`` ("/bid/", "/tricks/")."""
    return next((form for form in forms_of(html) if form.action.endswith(action_ending)), None)


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

"""A page's forms as a browser reads them, found by their action's URL and fields by their
names, never by the layout, so a simulated phone posts what a real one posts (the CSRF
token, the deal, the once-only key ``idem`` ...). A tag reader, not html.parser: the load
generator's CPU is every phone's clock, and html.parser took four times as long."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

#: The tags that make a form, with their attributes; and a form's end.
TAG = re.compile(
    r"""<(form|input|button)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*/?>"""
    r"|</form\s*>",
    re.IGNORECASE,
)
ATTRIBUTE = re.compile(r"""([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?""")


@dataclass
class Form:
    action: str
    #: Hidden inputs, sent as they are.
    hidden: dict[str, str] = field(default_factory=dict)
    #: Submit buttons with a name: (name, value, disabled).
    buttons: list[tuple[str, str, bool]] = field(default_factory=list)
    #: The radio buttons checked as the page came, by name.
    checked: dict[str, str] = field(default_factory=dict)

    def choices(self, name: str) -> list[str]:
        """The values of the enabled buttons called ``name`` (a keypad, a row of seats)."""
        return [value for button, value, off in self.buttons if button == name and not off]

    def given(self, prefix: str) -> dict[str, str]:
        """What the form sends for the fields whose names start with ``prefix``, hidden or
        checked (a deal's counts: ``tricks-0`` ...)."""
        sent = {**self.hidden, **self.checked}
        return {name: value for name, value in sent.items() if name.startswith(prefix)}


def forms_of(page: str) -> list[Form]:
    """Every form of the page with its hidden fields, named buttons and checked radios."""
    forms: list[Form] = []
    form = None
    for match in TAG.finditer(page):
        tag = (match.group(1) or "").lower()
        attributes = {
            found.group(1).lower(): html.unescape(next(filter(None, found.group(2, 3, 4)), ""))
            for found in ATTRIBUTE.finditer(match.group(2) or "")
        }
        if tag == "form":
            form = Form(attributes.get("action", ""))
            forms.append(form)
        elif not tag:
            form = None  # </form>
        elif form is not None and attributes.get("name"):
            name, value = attributes["name"], attributes.get("value", "")
            kind = attributes.get("type", "").lower()
            if tag == "input" and kind == "hidden":
                form.hidden[name] = value
            elif tag == "input" and kind == "radio" and "checked" in attributes:
                form.checked[name] = value
            elif tag == "button" and kind in ("", "submit"):
                form.buttons.append((name, value, "disabled" in attributes))
    return forms


def form_for(forms: list[Form], action_ending: str) -> Form | None:
    """The first form whose action ends with ``action_ending`` ("/bid/", "/tricks/")."""
    return next((form for form in forms if form.action.endswith(action_ending)), None)


def csrf_token(page: str) -> str:
    """The token base.html puts in ``hx-headers``, or a form's hidden field."""
    found = re.search(r'"X-CSRFToken":\s*"([^"]+)"', page) or re.search(
        r'name="csrfmiddlewaretoken" value="([^"]+)"', page
    )
    return found.group(1) if found else ""


def live_version(page: str) -> int | None:
    """The version a page's live poll asks for (``/live/?v=12``); None if it does not poll."""
    found = re.search(r"/live/\?v=(\d+)", page)
    return int(found.group(1)) if found else None

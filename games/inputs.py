"""Values from outside, read in one place: form fields, path segments, cookies, query
strings and the text of imported files (through `games.exports`).

- Text may hold no control character (NUL above all: PostgreSQL cannot store it, and
  SQLite would, making a backup that PostgreSQL refuses). Tab, line feed and carriage
  return are whitespace, which names and notes fold into single spaces.
- A whole number is read from a few ASCII digits before it is converted: Python
  refuses to convert more than 4,300 digits; no count at a card table needs over six.
- Ids and keys have the alphabet and length the app makes them with
  (`games.models.new_key`, `new_public_id`); anything else names nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy

from games.rules import RuleError, gettext_noop

#: C0 controls but tab, line feed and carriage return; DEL; C1 controls.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
#: The alphabet of `secrets.token_urlsafe`: the app's ids and keys.
TOKEN_PATTERN = r"[A-Za-z0-9_-]{1,64}"
TOKEN = re.compile(TOKEN_PATTERN)
#: The largest version a session can reach (a PositiveIntegerField), and its digits:
#: enough for any count or bound the app keeps.
MOST_VERSION = 2**31 - 1
MOST_DIGITS = len(str(MOST_VERSION))
WHOLE = re.compile(rf"-?[0-9]{{1,{MOST_DIGITS}}}")


def text_ok(value: str) -> bool:
    """True when ``value`` holds no control character."""
    return CONTROL.search(value) is None


def token_ok(value: str) -> bool:
    """True when ``value`` could be an id or key the app made."""
    return TOKEN.fullmatch(value) is not None


def whole(raw: object, *, low: int, high: int) -> int:
    """A whole number from text (an optional minus and at most MOST_DIGITS ASCII digits),
    within ``low`` .. ``high``; RuleError otherwise."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not WHOLE.fullmatch(text):
        raise RuleError(gettext_noop("Enter a whole number."))
    number = int(text)
    if not low <= number <= high:
        raise RuleError(
            gettext_noop("Enter a whole number from %(low)s to %(high)s."), low=low, high=high
        )
    return number


def whole_or_none(raw: object, *, low: int, high: int) -> int | None:
    """`whole`, or None for a blank or missing value."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    return whole(raw, low=low, high=high)


def form_key(data) -> str | None:
    """A form's once-only key (its ``idem`` field, games/templatetags/form_keys.py), or
    None when it has none the app could have made."""
    key = data.get("idem") or ""
    return key if token_ok(key) else None


def choice_of(raw: object, *, low: int, high: int) -> int | None:
    """`whole_or_none`, or None for anything invalid too: for a value that only chooses
    what a page shows (a seat to bid for, a row to move)."""
    try:
        return whole_or_none(raw, low=low, high=high)
    except RuleError:
        return None


class TokenConverter:
    """``<token:public_id>`` in a URL pattern: a path with anything but an id or key the
    app could have made is a 404 before any view runs."""

    regex = TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class WholeNumberField(forms.IntegerField):
    """Django's IntegerField, reading only what `whole` reads (Django's converts digits
    of any script, and any length up to Python's limit)."""

    def to_python(self, value: object) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not WHOLE.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


# -- the middleware -------------------------------------------------------------------

REFUSED = gettext_lazy(
    "This request holds a control character (such as NUL), which nothing here can "
    "store. Nothing was saved."
)


def reads_own_body(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a view that checks its request body itself (an upload: its size, then its
    text through `games.exports`), so RefuseControlCharacters leaves the body to it."""
    view.reads_own_body = True
    return view


def _refused(request: HttpRequest) -> HttpResponse:
    return render(request, "400.html", {"reason": REFUSED}, status=400)


def _all_ok(query) -> bool:
    return all(text_ok(key) and all(map(text_ok, values)) for key, values in query.lists())


class RefuseControlCharacters:
    """400, in the visitor's language, for a request whose path, query string or form
    fields hold a control character; a cookie that holds one is left out, as if the
    browser had not sent it (a phone is not locked out by a broken cookie)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        for name in [name for name, value in request.COOKIES.items() if not text_ok(name + value)]:
            del request.COOKIES[name]
        if not text_ok(request.path_info) or not _all_ok(request.GET):
            return _refused(request)
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view, args, kwargs) -> HttpResponse | None:
        own = getattr(view, "reads_own_body", False)
        if request.method == "POST" and not own and not _all_ok(request.POST):
            return _refused(request)
        return None

"""Values from outside, read in one place: form fields, path segments, cookies, query
strings and the text of imported files.

- Text may hold no control character (NUL above all: PostgreSQL cannot store it, and
  SQLite would, making a backup that PostgreSQL refuses). Tab, line feed and carriage
  return are whitespace, which names and notes fold into single spaces.
- A whole number is read from ASCII digits, at most a few of them, before it is
  converted: Python refuses to convert text of more than 4,300 digits, and no count at
  a card table needs more than six.
- Ids and keys in paths and cookies have the alphabet and length the app makes them
  with (`games.models.new_key`, `new_public_id`); anything else names nothing.

`refuse_control_characters` (a middleware) applies the first rule to every request
before any view reads it: the path, the query string, the form fields and the
cookies. The views read numbers with `whole`, forms with `WholeNumberField`, and
imported files with `games.exports`, which uses `text_ok` and `whole`.
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
#: Digits enough for any count, bound or version the app keeps (a session's version
#: is a PositiveIntegerField: at most 2,147,483,647, ten digits).
MOST_DIGITS = 10
#: The largest version a session can reach (a PositiveIntegerField).
MOST_VERSION = 2**31 - 1
WHOLE = re.compile(rf"-?[0-9]{{1,{MOST_DIGITS}}}")


def text_ok(value: str) -> bool:
    """True when ``value`` holds no control character."""
    return CONTROL.search(value) is None


def token_ok(value: str) -> bool:
    """True when ``value`` could be an id or key the app made."""
    return TOKEN.fullmatch(value) is not None


def whole(raw: object, *, low: int, high: int, field: str = "") -> int:
    """A whole number from text, within ``low`` .. ``high``; RuleError otherwise.

    Checked as text first (an optional minus and at most MOST_DIGITS ASCII digits),
    so no text is converted that could not be a count."""
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
    """A whole number within bounds, or None for anything else: for a value that only
    chooses what a page shows (a seat to bid for, a row to move), where anything but
    a valid choice shows the default."""
    try:
        return whole_or_none(raw, low=low, high=high)
    except RuleError:
        return None


class TokenConverter:
    """``<token:public_id>`` in a URL pattern: an id or key as the app makes them, so a
    path that holds anything else resolves to nothing (404) before a view runs."""

    regex = TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class WholeNumberField(forms.IntegerField):
    """Django's IntegerField, reading only what `whole` reads: ASCII digits, at most
    MOST_DIGITS of them (Django's would convert digits of any script, and any
    length up to Python's limit)."""

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
    """Mark a view that checks its request body itself, before reading it (an upload:
    its size first, then the file's text through `games.exports`), so the middleware
    leaves the body to it."""
    view.reads_own_body = True
    return view


def _refused(request: HttpRequest) -> HttpResponse:
    return render(request, "400.html", {"reason": REFUSED}, status=400)


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


def _all_ok(query) -> bool:
    return all(
        text_ok(key) and all(text_ok(value) for value in values if isinstance(value, str))
        for key, values in query.lists()
    )

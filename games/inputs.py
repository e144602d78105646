"""Values from outside, read in one place (imported files through `games.exports`).

- No control characters: PostgreSQL cannot store NUL, and SQLite would, making a backup
  PostgreSQL refuses. Tab, LF and CR are whitespace, folded to spaces in names and notes.
- Whole numbers are a few ASCII digits: Python refuses over 4,300; no count needs over six.
- Ids and keys have the app's alphabet and length (`games.models`); else they name nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy

from games.rules import RuleError, entry_fields, gettext_noop

#: C0 controls but tab, line feed and carriage return; DEL; C1 controls.
CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
#: The alphabet of `secrets.token_urlsafe`: the app's ids and keys.
TOKEN_PATTERN = r"[A-Za-z0-9_-]{1,64}"
TOKEN = re.compile(TOKEN_PATTERN)
#: A session's largest version (a PositiveIntegerField); its digits hold any count.
MOST_VERSION = 2**31 - 1
MOST_DIGITS = len(str(MOST_VERSION))
WHOLE = re.compile(rf"-?[0-9]{{1,{MOST_DIGITS}}}")


def text_ok(value: str) -> bool:
    return CONTROL.search(value) is None


def token_ok(value: str) -> bool:
    return TOKEN.fullmatch(value) is not None


def whole(raw: object, *, low: int, high: int) -> int:
    """An optional minus and at most MOST_DIGITS ASCII digits, in low..high; else RuleError."""
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
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    return whole(raw, low=low, high=high)


def form_key(data) -> str | None:
    """A form's once-only ``idem`` key (games/templatetags/form_keys.py), or None."""
    key = data.get("idem") or ""
    return key if token_ok(key) else None


def choice_of(raw: object, *, low: int, high: int) -> int | None:
    """`whole_or_none`, None when invalid too: for a value that only chooses what a page shows."""
    try:
        return whole_or_none(raw, low=low, high=high)
    except RuleError:
        return None


def entry_of(data, *, strict: bool = True) -> dict:
    """A round's entry as its form sent it (a QueryDict, or a dict of one value a name):
    games.rules.entry_fields, which a phone offline runs too (docs/phone.md)."""
    fields = [
        (name, data.getlist(name) if hasattr(data, "getlist") else [data[name]]) for name in data
    ]
    return entry_fields.entry_of(fields, strict=strict)


class TokenConverter:
    """``<token:...>``: an id or key the app could not have made is a 404 before any view."""

    regex = TOKEN_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class WholeNumberField(forms.IntegerField):
    """Reads only what `whole` reads (Django's takes digits of any script and length)."""

    def to_python(self, value: object) -> int | None:
        if value in self.empty_values:
            return None
        text = str(value).strip()
        if not WHOLE.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return int(text)


REFUSED = gettext_lazy(
    "This request holds a control character (such as NUL), which nothing here can "
    "store. Nothing was saved."
)


def reads_own_body(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Mark a view that checks its own body (an upload), so RefuseControlCharacters won't."""
    view.reads_own_body = True
    return view


def _refused(request: HttpRequest) -> HttpResponse:
    return render(request, "400.html", {"reason": REFUSED}, status=400)


def _all_ok(query) -> bool:
    return all(text_ok(key) and all(map(text_ok, values)) for key, values in query.lists())


class RefuseControlCharacters:
    """400 for a control character in the path, query or form; a cookie holding one is
    dropped, as if not sent, so a broken cookie cannot lock a phone out."""

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

"""A session's pages, rendered once per version and kept in this process.

Everything a session's page shows comes from the session at one version (every
action bumps it, and so does renaming a player who sits in it), the visitor's
language and role, and the URL. The only parts that differ from one answer to the
next are the CSRF token, masked anew for every answer, and each form's idempotency
key, which must be fresh for every page shown. So a page is rendered with
placeholders in those places, kept under a key made of all the rest, and every
answer fills the placeholders in again: a follower's phone, a reload or a second
look at the score sheet costs a lookup instead of a render.

The placeholders are random for each process, so a player's name can't be one,
and pages are kept in this process's memory (``CACHES["pages"]``), never shared.
A key never goes stale: a new version is a new key, and old ones age out.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import struct
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.core.cache import caches
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.response import SimpleTemplateResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import urlencode
from django.utils.translation import get_language

#: The placeholders' common start. One literal start lets the regular expression
#: look for it as fast as str.find; two alternatives made it try each at every
#: character, 20 times as long on a page (docs/performance.md).
PLACEHOLDER_START = "ph" + secrets.token_hex(12)
#: Stands in for the CSRF token while a page is rendered for keeping.
CSRF_PLACEHOLDER = PLACEHOLDER_START + "c"
#: Stands in for each form's idempotency key (``{% form_key %}``).
FORM_KEY_PLACEHOLDER = PLACEHOLDER_START + "k"
PLACEHOLDERS = re.compile(f"({PLACEHOLDER_START}[ck])")
TIMEOUT = 15 * 60


def session_key(name: str, public_id: str, version: int, role: str) -> str:
    """A session's page: which, the session at its version, the visitor's role. The
    query's ``v`` is left out (request_key): it is only the version a polling page
    shows, and every follower of a session sends another."""
    return f"page:{name}:{public_id}:{version}:{role}"


def placeholders() -> dict:
    """Context entries that make a render keepable (they override the CSRF
    context processor: a view's context is pushed above the processors')."""
    return {"csrf_token": CSRF_PLACEHOLDER, "form_key_placeholder": FORM_KEY_PLACEHOLDER}


def fill(html: str, request: HttpRequest) -> str:
    """A rendered page with this answer's CSRF token and new form keys."""
    pieces = PLACEHOLDERS.split(html)
    pieces[1::2] = tokens([_gap(piece) for piece in pieces[1::2]], request)
    return "".join(pieces)


def tokens(gaps: Sequence[str], request: HttpRequest) -> list[str]:
    """What fills each gap in this answer: the CSRF token (one per answer, masked
    anew) or a new form key."""
    token = get_token(request) if "csrf" in gaps else ""
    return [token if gap == "csrf" else secrets.token_urlsafe(12) for gap in gaps]


def _gap(placeholder: str) -> str:
    return "csrf" if placeholder == CSRF_PLACEHOLDER else "key"


@dataclass(frozen=True)
class Kept:
    """A page as kept: its text cut at the placeholders, and each piece compressed
    once, so that an answer costs a checksum instead of compressing 50 KB (which
    costs more than the rest of the answer).

    Each piece is raw deflate ending byte-aligned with no final block; an answer is a
    gzip header, the pieces with this answer's tokens between them as stored blocks,
    an empty final block and the checksum. A piece may refer back to the text of the
    pieces before it (so it compresses as well as the whole page) but never to a
    token, which differs in every answer: it is compressed with a dictionary of the
    text before it in which every token's place is filled with NUL bytes, and a
    piece without a NUL can match nothing there.
    """

    parts: tuple[bytes, ...]
    #: What goes in each gap between two parts: "csrf" or "key".
    gaps: tuple[str, ...]
    deflated: tuple[bytes, ...]

    @classmethod
    def of(cls, html: str) -> Kept:
        pieces = PLACEHOLDERS.split(html)
        parts = tuple(piece.encode() for piece in pieces[::2])
        gaps = tuple(_gap(piece) for piece in pieces[1::2])
        deflated, before = [], b""
        for part, gap in zip(parts, (*gaps, None), strict=True):
            deflated.append(deflate(part, before if b"\0" not in part else b""))
            before = (before + part + b"\0" * TOKEN_LENGTH.get(gap, 0))[-WINDOW:]
        return cls(parts, gaps, tuple(deflated))

    def answer(self, request: HttpRequest | None, *, compress: bool) -> HttpResponse:
        """The page with this answer's tokens (``request`` may be None when the page
        has no gap: no token to fill in)."""
        values = [value.encode() for value in tokens(self.gaps, request)]
        if any(
            len(value) != TOKEN_LENGTH[gap] for value, gap in zip(values, self.gaps, strict=True)
        ):
            compress = False  # a token of another length: the window would not line up
        if not compress:
            body = [self.parts[0]]
            for value, part in zip(values, self.parts[1:], strict=True):
                body += (value, part)
            return HttpResponse(b"".join(body))
        # Django's GZipMiddleware's padding against BREACH: a file name of random length.
        body = [GZIP_HEADER, b"a" * secrets.randbelow(100) + b"\x00", self.deflated[0]]
        crc, size = zlib.crc32(self.parts[0]), len(self.parts[0])
        for value, part, deflated in zip(values, self.parts[1:], self.deflated[1:], strict=True):
            body += (b"\x00" + struct.pack("<HH", len(value), len(value) ^ 0xFFFF), value, deflated)
            crc, size = zlib.crc32(part, zlib.crc32(value, crc)), size + len(value) + len(part)
        body += (FINAL_BLOCK, struct.pack("<II", crc, size & 0xFFFFFFFF))
        response = HttpResponse(b"".join(body))
        response["Content-Encoding"] = "gzip"
        patch_vary_headers(response, ("Accept-Encoding",))
        return response


def deflate(data: bytes, before: bytes) -> bytes:
    """Raw deflate of ``data`` after ``before`` (the decoder's window), ending
    byte-aligned with no final block."""
    if before:
        compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS, zdict=before)
    else:
        compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush(zlib.Z_SYNC_FLUSH)


#: Deflate refers back at most 32 KB.
WINDOW = 32 * 1024
#: Every answer's tokens have these lengths: a masked CSRF token, token_urlsafe(12).
TOKEN_LENGTH = {"csrf": 64, "key": 16}


#: gzip, deflate, a file name follows, no time, no extra flags, unknown system.
GZIP_HEADER = b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\xff"
#: An empty fixed-Huffman block marked final.
FINAL_BLOCK = b"\x03\x00"
ACCEPTS_GZIP = re.compile(r"\bgzip\b")


def request_key(request: HttpRequest) -> str:
    """What else a page depends on: the language, full page or htmx swap, the URL."""
    return _request_key(
        get_language() or "",
        "htmx" if request.htmx else "page",
        "restore" if request.htmx and request.htmx.history_restore_request else "",
        request.path,
        urlencode(sorted((k, v) for k, v in request.GET.items() if k != "v")),
    )


def _request_key(language: str, kind: str, restore: str, path: str, query: str) -> str:
    return ":".join((language, kind, restore, path, query))


def _hashed(key: str) -> str:
    # Hashed: a key may hold any character (a time, the query string) and be long.
    return hashlib.blake2b(key.encode(), digest_size=16).hexdigest()


# -- swaps drawn ahead for the phones that follow a session ---------------------------

#: Who follows each session's live swap in this process: public id -> {(role,
#: language)}, the latest sessions last. Only roles and languages: no visitor.
_followers: OrderedDict[str, set[tuple[str, str]]] = OrderedDict()
_followers_lock = threading.Lock()
FOLLOWED_KEEP = 1000


def note_follower(public_id: str, role: str, language: str | None = None) -> None:
    """A phone in ``role`` polls this session's live swap, in ``language`` (by
    default the active one)."""
    follower = (role, (get_language() if language is None else language) or "")
    with _followers_lock:
        seen = _followers.setdefault(public_id, set())
        _followers.move_to_end(public_id)
        if follower not in seen:
            seen.add(follower)
            while len(_followers) > FOLLOWED_KEEP:
                _followers.popitem(last=False)


def followers(public_id: str) -> set[tuple[str, str]]:
    with _followers_lock:
        return set(_followers.get(public_id, ()))


def keep_live_swap(
    public_id: str, version: int, role: str, language: str, path: str, html: str
) -> None:
    """Keep ``html`` (rendered with placeholders()) as the live swap a follower in
    ``role`` and ``language`` will ask for at ``version``: its poll is then a lookup.
    The key is the one cached_render makes for that poll (a plain htmx GET of
    ``path`` whose only query is ``v``)."""
    poll = _request_key(language, "htmx", "", path, "")
    key = f"{session_key('live', public_id, version, role)}:{poll}"
    caches["pages"].set(_hashed(key), Kept.of(html), TIMEOUT)


def cached_render(
    request: HttpRequest, key: str, render: Callable[[dict], HttpResponse]
) -> HttpResponse:
    """The page whose whole state ``key`` names (it must change whenever the page
    could; ``request_key`` is added to it), rendered by ``render`` only if it isn't
    kept yet. ``render`` gets the placeholder context entries to add and must answer
    200 with the page; anything else, or a response whose ``keep`` is False, is
    passed on and not kept."""
    if request.method not in ("GET", "HEAD"):
        raise ValueError("only a GET page can be kept")
    pages = caches["pages"]
    key = _hashed(f"{key}:{request_key(request)}")
    kept = pages.get(key)
    if kept is None:
        response = render(placeholders())
        if isinstance(response, SimpleTemplateResponse):
            response.render()
        keep = getattr(response, "keep", True)  # False: not the state the key names
        if response.status_code != 200 or response.has_header("HX-Trigger") or not keep:
            response.content = fill(response.content.decode(), request)
            return response
        kept = Kept.of(response.content.decode())
        pages.set(key, kept, TIMEOUT)
    return _answer(request, kept)


def kept_answer(request: HttpRequest, key: str) -> HttpResponse | None:
    """The page cached_render keeps under ``key`` for this request, if it is kept."""
    found = kept(key, request_key(request))
    return None if found is None else _answer(request, found)


def kept(key: str, request_key: str) -> Kept | None:
    """The page kept under ``key`` for a request of that request_key, if it is."""
    return caches["pages"].get(_hashed(f"{key}:{request_key}"))


def takes_gzip(request: HttpRequest) -> bool:
    return bool(ACCEPTS_GZIP.search(request.META.get("HTTP_ACCEPT_ENCODING", "")))


def _answer(request: HttpRequest, kept: Kept) -> HttpResponse:
    return kept.answer(request, compress=takes_gzip(request))

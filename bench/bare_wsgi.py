"""The floor under every request: a WSGI application that answers "ok" without
Django, served by the same gunicorn with the project's gunicorn.conf.py.

bench/load/run.py measures its server CPU a request beside the trivial Django view's,
so that a request's cost splits into what gunicorn and the kernel take (this) and
what Django and the project add (docs/performance.md, "The load test").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

BODY = b"ok"
HEADERS = [("Content-Type", "text/plain"), ("Content-Length", str(len(BODY)))]


def application(environ: dict, start_response: Callable) -> Iterable[bytes]:
    start_response("200 OK", HEADERS)
    return [BODY]

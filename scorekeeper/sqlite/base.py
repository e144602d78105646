"""Django's SQLite backend, with each statement's placeholders converted once.

Django writes ``%s`` placeholders; Python's sqlite3 module takes ``?``. Django's
cursor converts every statement with a regular expression each time it runs it,
which for the live poll's access check (660 characters) cost 9.8 µs, more than
SQLite took to run it (3.8 µs), and for an entry's dozen statements about a tenth
of a millisecond (docs/performance.md). The conversion depends on the statement's
text alone, so here it is kept for the statements seen last (the app's are written
out once per process: games/rows.py).
"""

from __future__ import annotations

import functools

from django.db.backends.sqlite3 import base
from django.db.backends.sqlite3.base import FORMAT_QMARK_REGEX

#: Statements whose conversion is kept: the app's own and the ORM's most frequent.
KEEP = 1024


@functools.lru_cache(maxsize=KEEP)
def qmark(query: str) -> str:
    """``query`` from Django's "format" style to sqlite3's "qmark" style, as Django's
    cursor converts it."""
    return FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


class CursorWrapper(base.SQLiteCursorWrapper):
    def convert_query(self, query, *, param_names=None):
        if param_names is None:
            return qmark(query)
        return super().convert_query(query, param_names=param_names)


class DatabaseWrapper(base.DatabaseWrapper):
    def create_cursor(self, name=None):
        return self.connection.cursor(factory=CursorWrapper)

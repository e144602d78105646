"""What games.rules takes from CPython that MicroPython's build lacks, beyond the modules
beside this one; the page imports this first, before games.rules.

- ``zip(..., strict=True)``: MicroPython's zip takes no keyword. The one here raises the
  ValueError CPython raises when the lengths differ (the rules' inputs are short lists).
- ``collections.abc``: MicroPython's `collections` is a frozen package whose path a file
  cannot join, so the names games.rules imports (annotations only) go in ``sys.modules``.
"""

import builtins
import sys

_zip = zip


def zip(*iterables, strict=False):
    if not strict:
        return _zip(*iterables)
    lists = [list(iterable) for iterable in iterables]
    for index, items in enumerate(lists[1:], 2):
        if len(items) != len(lists[0]):
            shorter = "shorter" if len(items) < len(lists[0]) else "longer"
            first = "argument 1" if index == 2 else f"arguments 1-{index - 1}"
            raise ValueError(f"zip() argument {index} is {shorter} than {first}")
    return _zip(*lists)


class _Abc:
    """`collections.abc`, as much as games.rules imports."""

    Mapping = dict
    Sequence = tuple


builtins.zip = zip
sys.modules["collections.abc"] = _Abc

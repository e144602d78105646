"""How points came to be (games.rules.explain), translated once for screens and exports."""

from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from types import ModuleType

from django.utils.translation import gettext as _

import games.rules
from games.rules.explain import Why


def explained(whys: Iterable[Why]) -> list[str]:
    """A rules module's ``explain_deal``, one line per step."""
    return [_line(why) for why in whys]


def _line(why: Why) -> str:
    """With the option that decided it: "... 10 + 2 = 12 (a made bid scores 10 + bid)"."""
    text = _(why.template) % why.params if why.params else _(why.template)
    return _(WITH_RULE) % {"line": text, "rule": _(why.rule)} if why.rule else text


#: How a line and the option that decided it are put together (`_line`).
WITH_RULE = "%(line)s (%(rule)s)"


def catalogue(module: ModuleType) -> dict[str, str]:
    """Every sentence the rules module ``module`` (a file or a package) and the rules every
    game shares can say, in the active language: its `Why` templates, the options named
    with them, its refusals (all marked with gettext_noop). A phone offline turns a Why into
    words with it, as `_line` does (docs/phone.md, "Rules on the phone")."""
    return {english: _(english) for english in (*marked(module.__name__), WITH_RULE)}


@cache
def marked(name: str) -> tuple[str, ...]:
    """The literal strings in gettext_noop(...) calls of module ``name`` and its package's
    files, with games.rules' shared modules, sorted."""
    module_file = Path(__import__(name, fromlist=["_"]).__file__)
    rules = Path(games.rules.__file__).parent
    files = sorted(module_file.parent.glob("*.py")) if module_file.name == "__init__.py" else []
    files = files or [module_file]
    files += [rules / shared for shared in SHARED]
    found = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "gettext_noop"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and isinstance(node.args[0].value, str)
            ):
                found.add(node.args[0].value)
    return tuple(sorted(found))


#: The modules of games.rules every round game's figures may come from.
SHARED = ("__init__.py", "errors.py", "explain.py", "rounds.py", "entry_fields.py")

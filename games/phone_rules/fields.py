"""Every dataclass in games.rules with its fields, as CPython sees them: the table the
MicroPython `dataclasses` shim reads (micropython/dataclasses.py says why it needs one)."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil

import games.rules

#: What a field needs when it is not given: nothing (required), the class attribute, or a call.
REQUIRED, DEFAULT, FACTORY = "required", "default", "factory"


def rules_modules() -> list[str]:
    """games.rules and every module under it, by name, sorted."""
    found = [games.rules.__name__]
    for module in pkgutil.walk_packages(games.rules.__path__, games.rules.__name__ + "."):
        found.append(module.name)
    return sorted(found)


def dataclass_fields() -> dict[str, tuple[tuple[str, str], ...]]:
    """ "module.Class" -> ((field, kind), ...) for every dataclass defined in games.rules."""
    table = {}
    for name in rules_modules():
        module = importlib.import_module(name)
        for cls in vars(module).values():
            if not (inspect.isclass(cls) and dataclasses.is_dataclass(cls)):
                continue
            if cls.__module__ != name:
                continue  # imported here, listed where it is defined
            table[f"{name}.{cls.__qualname__}"] = tuple(
                (field.name, _kind(field)) for field in dataclasses.fields(cls)
            )
    return dict(sorted(table.items()))


def _kind(field: dataclasses.Field) -> str:
    if not field.init or field.kw_only:
        # The shim writes a plain positional __init__; say so here if a rule ever needs more.
        raise ValueError(f"the MicroPython shim has no init=False or kw_only: {field.name}")
    if field.default_factory is not dataclasses.MISSING:
        return FACTORY
    if field.default is not dataclasses.MISSING:
        return DEFAULT
    return REQUIRED


def as_module() -> str:
    """The table as the Python module ``_dataclass_fields`` the shim imports."""
    lines = ['"""Written by games/phone_rules/fields.py from CPython\'s dataclasses."""', ""]
    lines.append("FIELDS = {")
    for key, fields in dataclass_fields().items():
        lines.append(f"    {key!r}: {fields!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"

"""A result as JSON would carry it, under CPython and MicroPython alike: what the rules on
the phone answer (games.phone_rules.figures, each game's own ``phone``) and what the
server puts in a page for it."""

from dataclasses import fields, is_dataclass

from games.rules.errors import RuleError
from games.rules.explain import Why


def plain(value):
    """Lists for tuples, sorted lists for sets, strings for enum members (a StrEnum is its
    value), dicts for dataclasses and refusals; each `Why` also said in English (``text``)."""
    if is_dataclass(value):
        found = {field.name: plain(getattr(value, field.name)) for field in fields(value)}
        if isinstance(value, Why):
            found["text"] = str(value)
        return found
    if isinstance(value, RuleError):  # a round's refusal carries the entry's as its reason
        return {"error": value.template, "params": plain(value.params), "text": str(value)}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, (set, frozenset)):
        return sorted(plain(item) for item in value)
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, str):
        return str(value)
    return value


def rules_of(cls, request):
    """A request's rules: ``cls`` with the request's ``options`` (its fields)."""
    return cls(**request.get("options", {}))

"""The part of `enum` that games.rules uses, for MicroPython (no metaclasses there).

A member is its plain string (``Schedule.UP`` is ``"up"``): it compares, hashes, formats
and prints as CPython's StrEnum member does. Calling the class looks a value up among the
class's upper-case attributes and raises ValueError for any other, as CPython does.
"""


def _values(cls):
    found = []
    # MicroPython has no starred item in a tuple display.
    for klass in (cls,) + cls.__bases__:  # noqa: RUF005
        for name, value in klass.__dict__.items():
            if name.isupper() and isinstance(value, str) and value not in found:
                found.append(value)
    return found


class StrEnum(str):
    def __new__(cls, value):
        for member in _values(cls):
            if member == value:
                return member
        raise ValueError(f"{value!r} is not a valid {cls.__name__}")

"""The part of `dataclasses` that games.rules uses, for MicroPython.

MicroPython drops a class body's annotation-only lines (``x: int``), so a class cannot say
its own fields here. CPython lists them ahead (games/phone_rules/fields.py) into
``_dataclass_fields.FIELDS``: "module.Class" -> ((name, kind), ...), in order, kind being
"required", "default" (the class attribute holds it) or "factory" (the class attribute is
a `Field` with ``default_factory``). `dataclass` then writes what CPython's would:
``__init__`` (calling ``__post_init__``), ``__eq__``, ``__repr__``, and for frozen classes
``__setattr__`` refusing and ``__hash__``.
"""

from _dataclass_fields import FIELDS

MISSING = object()


class FrozenInstanceError(AttributeError):
    pass


class Field:
    def __init__(self, name, kind, default, default_factory):
        self.name = name
        self.kind = kind
        self.default = default
        self.default_factory = default_factory


def field(default=MISSING, default_factory=MISSING):
    return Field(None, None, default, default_factory)


def _fields_of(cls):
    key = cls.__module__ + "." + cls.__name__
    if key not in FIELDS:
        raise TypeError("no fields listed for the dataclass " + key)
    found = []
    for name, kind in FIELDS[key]:
        default = getattr(cls, name, MISSING)
        factory = MISSING
        if isinstance(default, Field):
            factory = default.default_factory
            default = default.default
        found.append(Field(name, kind, default, factory))
    return tuple(found)


def _make_init(cls, fields):
    names = [f.name for f in fields]

    def __init__(self, *args, **kwargs):
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__} takes {len(names)} arguments")
        for index, f in enumerate(fields):
            if index < len(args):
                if f.name in kwargs:
                    raise TypeError(f"{cls.__name__} got two values for {f.name}")
                value = args[index]
            elif f.name in kwargs:
                value = kwargs.pop(f.name)
            elif f.kind == "factory":
                value = f.default_factory()
            elif f.kind == "default":
                value = f.default
            else:
                raise TypeError(f"{cls.__name__} is missing the argument {f.name}")
            object.__setattr__(self, f.name, value)
        for name in kwargs:
            if name not in names:
                raise TypeError(f"{cls.__name__} got an unexpected argument {name}")
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    return __init__


def _values(obj):
    return tuple(getattr(obj, f.name) for f in obj.__dataclass_fields__)


def __eq__(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return _values(self) == _values(other)


def __ne__(self, other):
    result = self.__eq__(other)
    return result if result is NotImplemented else not result


def __hash__(self):
    return hash(_values(self))


def __repr__(self):
    pairs = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.__dataclass_fields__)
    return f"{self.__class__.__name__}({pairs})"


def __setattr__(self, name, value):
    raise FrozenInstanceError("cannot assign to field " + repr(name))


def __delattr__(self, name):
    raise FrozenInstanceError("cannot delete field " + repr(name))


def dataclass(cls=None, frozen=False):
    def wrap(cls):
        fields = _fields_of(cls)
        cls.__dataclass_fields__ = fields
        cls.__init__ = _make_init(cls, fields)
        if "__eq__" not in cls.__dict__:
            cls.__eq__ = __eq__
            cls.__ne__ = __ne__
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = __repr__
        if frozen:
            cls.__setattr__ = __setattr__
            cls.__delattr__ = __delattr__
            if "__hash__" not in cls.__dict__:
                cls.__hash__ = __hash__
        return cls

    return wrap if cls is None else wrap(cls)


def is_dataclass(obj):
    return hasattr(obj, "__dataclass_fields__")


def fields(obj):
    return obj.__dataclass_fields__


def replace(obj, **changes):
    for f in obj.__dataclass_fields__:
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)

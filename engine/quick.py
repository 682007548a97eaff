"""A faster construction for the engine's small frozen records, which a game builds by the thousand (every
event of a post, every counted target, every item that changes, every order read).

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (its ``__setattr__``
refuses): a call through a slot wrapper per field, the costliest part of making a record. ``quick_init``
builds the record another way, with the same parameters, defaults and default factories, in the same order:
it makes an instance of a *twin* class — the same slots, no ``__setattr__`` of its own — sets the fields as
plain attribute stores (CPython's quickest: one slot write each), then gives the object its real class
(``__class__`` assignment, allowed between classes of the same slots). It does so in the record's
``__new__``, so that ``Event(…)`` builds it whole, and the record's ``__init__`` is ``object``'s (nothing more
to do). ``factory(cls)`` is the same construction as a plain function, for the engine's hottest callers (a
class call costs more than a function call).

The record stays what it was: frozen (assigning a field raises ``FrozenInstanceError``), compared, hashed,
shown, copied, pickled and ``dataclasses.replace``d as before. It cannot be subclassed (the twin matches the
class's slots only): a subclass is refused when it is made.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# The construction of each quick record as a plain function (``factory``), by class.
_FACTORIES: dict[type, Callable[..., Any]] = {}


def quick_init(cls: type[T]) -> type[T]:
    """Decorate a ``@dataclass(frozen=True, slots=True)`` (below this decorator): a faster construction."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not call __post_init__")
    if cls.__bases__ != (object,):
        raise TypeError(f"{cls.__name__}: quick_init is for records with no base class")
    twin = type(f"_{cls.__name__}Twin", (), {"__slots__": cls.__dict__["__slots__"], "__module__": cls.__module__})
    namespace: dict[str, Any] = {"_MISSING": _NO_VALUE, "_new": object.__new__, "_Twin": twin, "_cls": cls}
    parameters, body, names = [], [], []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain positional fields only")
        if f.name.startswith("_"):
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes public field names only")
        names.append(f.name)
        value = f.name
        if f.default is not dataclasses.MISSING:
            namespace[f"_default_{f.name}"] = f.default
            parameters.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"_factory_{f.name}"] = f.default_factory
            parameters.append(f"{f.name}=_MISSING")
            value = f"_factory_{f.name}() if {f.name} is _MISSING else {f.name}"
        else:
            parameters.append(f.name)
        body.append(f"    _self.{f.name} = {value}")
    body.append("    _self.__class__ = _cls")  # the real class, frozen from now on
    body.append("    return _self")
    source = "\n".join(
        [
            f"def __new__(_kind, {', '.join(parameters)}):",
            "    _self = _new(_Twin)",
            *body,
            f"def _make({', '.join(parameters)}):",
            "    _self = _new(_Twin)",
            *body,
        ]
    )
    exec(source, namespace)  # built once per class, as dataclasses builds its own methods
    new, make = namespace["__new__"], namespace["_make"]
    new.__qualname__, make.__qualname__ = f"{cls.__qualname__}.__new__", f"{cls.__qualname__}.factory"
    new.__module__ = make.__module__ = cls.__module__
    cls.__new__ = new  # type: ignore[method-assign]
    del cls.__init__  # ``object``'s: ``__new__`` built the whole record
    getter = f"def __getnewargs__(self):\n    return ({''.join(f'self.{name}, ' for name in names)})\n"
    exec(getter, namespace)
    # ``copy``, ``deepcopy`` and ``pickle`` (protocol 2 and up) make a record through ``__new__``: its fields.
    cls.__getnewargs__ = namespace["__getnewargs__"]  # type: ignore[attr-defined]
    cls.__init_subclass__ = classmethod(_refuse_subclass)  # type: ignore[assignment]
    _FACTORIES[cls] = make
    return cls


def factory(cls: type[T]) -> Callable[..., T]:
    """The construction of the ``quick_init`` record ``cls`` as a plain function: ``factory(Event)(…)`` is
    ``Event(…)`` (same parameters), for less."""
    return _FACTORIES[cls]


def _refuse_subclass(cls: type, /, **kwargs: Any) -> None:
    raise TypeError(f"{cls.__name__}: a quick_init record cannot be subclassed")


class _NoValue:
    """The default of a field that has a default factory: the factory is called."""

    def __repr__(self) -> str:
        return "<factory>"


_NO_VALUE = _NoValue()

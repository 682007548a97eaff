"""A faster ``__init__`` for the engine's small frozen records, which a game builds by the thousand (every
event of a post, every counted target, every item that changes).

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (its ``__setattr__``
refuses): a lookup and a call per field. With ``slots=True`` each field is a slot, set directly through
its member descriptor: ``quick_init`` replaces the generated ``__init__`` by one that does that, with
the same parameters, defaults and default factories, in the same order. The record stays what it was:
frozen (assigning a field still raises ``FrozenInstanceError``), compared, hashed and shown as before.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Decorate a ``@dataclass(frozen=True, slots=True)`` (below this decorator): a faster ``__init__``."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses with slots")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: quick_init does not call __post_init__")
    namespace: dict[str, Any] = {"MISSING": _NO_VALUE}
    parameters, body = [], []
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes plain positional fields only")
        namespace[f"set_{f.name}"] = cls.__dict__[f.name].__set__  # the slot's member descriptor
        value = f.name
        if f.default is not dataclasses.MISSING:
            namespace[f"default_{f.name}"] = f.default
            parameters.append(f"{f.name}=default_{f.name}")
        elif f.default_factory is not dataclasses.MISSING:
            namespace[f"factory_{f.name}"] = f.default_factory
            parameters.append(f"{f.name}=MISSING")
            value = f"factory_{f.name}() if {f.name} is MISSING else {f.name}"
        else:
            parameters.append(f.name)
        body.append(f"    set_{f.name}(self, {value})")
    source = f"def __init__(self, {', '.join(parameters)}):\n" + ("\n".join(body) or "    pass") + "\n"
    exec(source, namespace)  # built once per class, as dataclasses builds its own methods
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


class _NoValue:
    """The default of a field that has a default factory: the factory is called."""

    def __repr__(self) -> str:
        return "<factory>"


_NO_VALUE = _NoValue()

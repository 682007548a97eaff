"""Messages for the MJ made by the pure parts (count warnings): an English template and its values.

The engine and the parsers import no catalog and read no environment: they say *what* to tell the MJ as a
:class:`Message` (a ``str.format`` template written in English, marked with :func:`N_` so that
tests/test_i18n.py holds it to its French, and its values); ``daemon/i18n.py`` puts it in the MJ's language
(``render(message)``). ``str(message)`` is the English text.

A value may itself be a Message (a translatable part, e.g. "with no colour"), or a tuple of names, which
reads as alternatives ("Anna or Anne", "Anna ou Anne").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def N_(template: str) -> str:  # the gettext convention: "translate later"
    """Marks an English template for the catalogs; returns it unchanged."""
    return template


OR = N_(" or ")


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True, slots=True)
class Message:
    """``template`` (English, marked with N_) with its ``params``; ``plural`` and ``count`` when the text
    agrees with a number (``count`` is then also a value of the template)."""

    template: str
    params: tuple[tuple[str, str | int | float | Message | tuple[str, ...]], ...] = ()
    plural: str | None = None
    count: int = 0

    @classmethod
    def of(cls, template: str, **params: str | int | float | Message | tuple[str, ...]) -> Message:
        return cls(template, tuple(params.items()))

    @classmethod
    def counted(
        cls, singular: str, plural: str, count: int, **params: str | int | float | Message | tuple[str, ...]
    ) -> Message:
        """A message whose words agree with ``count`` (given to the template as ``{count}``)."""
        return cls(singular, tuple(params.items()), plural, count)

    def render(
        self,
        gettext: Callable[[str], str] = str,
        ngettext: Callable[[str, str, int], str] = _english_plural,
    ) -> str:
        """The text, through the given translation functions (English without them)."""
        values: dict[str, object] = {}
        for name, value in self.params:
            if isinstance(value, Message):
                values[name] = value.render(gettext, ngettext)
            elif isinstance(value, tuple):
                values[name] = gettext(OR).join(value)
            else:
                values[name] = value
        if self.plural is None:
            return gettext(self.template).format(**values)
        return ngettext(self.template, self.plural, self.count).format(count=self.count, **values)

    def __str__(self) -> str:
        return self.render()

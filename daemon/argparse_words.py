"""argparse's own words ("usage:", "options", its error messages) in the MJ's language.

argparse looks its words up through the module-level ``_`` and ``ngettext`` it took from :mod:`gettext`;
:func:`argparse_in_language` points them at meneur's catalogs while meneur builds its parser and reads its
command line, and puts them back afterwards (nothing else in the process sees the change). The words are
listed here, marked N_, so that tests/test_i18n.py holds each to its French (daemon/locale/fr/cli.po).
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from ..engine.messages import N_
from .i18n import _, ngettext

ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument"),  # with its plural, "expected %s arguments"
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


@contextmanager
def argparse_in_language() -> Iterator[None]:
    """argparse speaks the MJ's language inside the ``with`` block."""
    saved = argparse.__dict__["_"], argparse.__dict__["ngettext"]
    setattr(argparse, "_", _)  # noqa: B010 - argparse's private lookup, restored below
    setattr(argparse, "ngettext", ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010

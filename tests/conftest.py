"""The language every test starts in: the MJ's default, French, whatever the shell's MENEUR_LANG says."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from meneur.daemon import i18n


@pytest.fixture(autouse=True)
def _french_by_default(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.delenv("MENEUR_LANG", raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)

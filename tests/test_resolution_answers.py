"""``Resolution``'s bookkeeping of questions: what it asked, what it skipped and why, and the answers it did not
use, told to the MJ with that reason. A resolution starts with nothing asked nor skipped (the class's empty
records until its first question or skip): one resolution's questions never show in another's."""

from __future__ import annotations

import pytest
from meneur.engine.model import GameState, PlayerState
from meneur.engine.resolution import NOBODY, Resolution


def _state() -> GameState:
    return GameState("essai", 1, [PlayerState(n, "villageois", "village") for n in ("Ana", "Bob", "Cid")], "N1")


def _unused(r: Resolution) -> dict[str, str]:
    return {e.data["question"]: e.data["reason"] for e in r.outcome().events if e.type == "answer_unused"}


def test_answers_not_asked_are_reported_with_the_reason_each_skip_gave() -> None:
    answers = {
        "N1:choix:Ana": "Bob",  # asked: used
        "N1:potion:Bob": "Cid",  # skipped alone
        "N1:tir:Cid": "Ana",  # skipped with others (skip_each)
        "N1:vision:Ana": "Bob",  # never reached
        "J1:choix:Ana": "Bob",  # another phase's: not this resolution's business
    }
    r = Resolution(_state(), answers)
    assert r.ask("choix", "Ana", "Qui ?", ["Bob", "Cid"], about="Ana") == "Bob"
    r.skip("potion", "Bob", "Bob n'a plus de potion.")
    r.skip("potion", "Bob", "Bob dort.")  # the latest reason stands
    found: list[str] = []
    r.skip_each("tir", found, "{player} n'a pas de balle.")
    found.append("Cid")  # the list may grow after the call
    assert _unused(r) == {
        "N1:potion:Bob": "Bob dort.",
        "N1:tir:Cid": "Cid n'a pas de balle.",
        "N1:vision:Ana": "Cette question n'a pas été posée dans cette phase : la réponse n'a pas servi.",
    }


def test_a_new_resolution_has_nothing_asked_nor_skipped_from_an_earlier_one() -> None:
    first = Resolution(_state(), {})
    assert first.ask("choix", "Ana", "Qui ?", ["Bob"], about="Ana") == NOBODY
    assert first.ask("choix", "Ana", "Qui ?", ["Bob"], about="Ana") == NOBODY  # asked once: one question
    first.skip("potion", "Bob", "non")
    first.skip_each("tir", ["Cid"], "non")
    assert [q.id for q in first.questions] == ["N1:choix:Ana"]
    later = Resolution(_state(), {"N1:choix:Ana": "Bob", "N1:potion:Bob": "Cid", "N1:tir:Cid": "Ana"})
    assert not later._asked and not later.not_asked and not later._not_asked_each
    reasons = _unused(later)
    assert set(reasons) == {"N1:choix:Ana", "N1:potion:Bob", "N1:tir:Cid"}
    assert "non" not in reasons.values()
    with pytest.raises(TypeError):  # the class's empty record is not to be changed in place
        later.not_asked["N1:x"] = "y"  # type: ignore[index]

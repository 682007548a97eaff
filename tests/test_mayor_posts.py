"""The mayor's posts after the deadline read as answers to the day's open questions."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from meneur.daemon.mayor_posts import mayor_answers
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets.trinite_meuporg import mayor_announcement, setup
from meneur.parsers.records import Post

NAMES = ["Alice", "Bob", "Carole", "David", "Eve", "Fanny", "Gaston", "Hugo", "Iris"]
DEADLINE = datetime(2026, 3, 14, 20, tzinfo=UTC)
TIE = {"id": "J1:maire_egalite", "to": ["Alice"], "options": ["Gaston", "Iris"]}
ANNOUNCE = {"id": "J1:annonce_maire", "to": ["Alice"], "options": ["groupe 1", "groupe 2", "groupe 3"]}


def post(author: str, text: str, minutes: int) -> Post:
    return Post(f"p{minutes}", author, None, DEADLINE + timedelta(minutes=minutes), "", text, "h")


def answers(posts: list[Post], questions: list[dict[str, object]] | None = None) -> dict[str, str]:
    state = setup(NAMES, seed=1)
    resolver = NameResolver([PlayerName(n) for n in NAMES])
    return mayor_answers(questions or [TIE, ANNOUNCE], posts, DEADLINE, resolver, state, mayor_announcement)


def test_the_mayor_breaks_the_tie_then_announces() -> None:
    got = answers([
        post("Alice", "Je tranche : Gaston au bûcher.", 2),
        post("Alice", "J'échange le groupe 1 et le groupe 3 pour le Voyant, et nuit événement !", 20),
    ])  # fmt: skip
    assert got == {"J1:maire_egalite": "Gaston", "J1:annonce_maire": "groupe 1, groupe 3, voyant, nuit_evenement"}


def test_only_the_addressee_after_the_deadline_and_a_clear_choice_count() -> None:
    assert answers([post("Bob", "Gaston !", 1), post("Alice", "Gaston", -5)]) == {}
    assert answers([post("Alice", "Gaston ou Iris… je ne sais pas", 1)]) == {}  # two names: no choice
    assert answers([post("Alice", "Bonne nuit à tous.", 1)]) == {}  # nothing announced
    later = answers([post("Alice", "Iris", 1), post("Alice", "Finalement Gaston.", 3)])
    assert later == {"J1:maire_egalite": "Gaston"}  # the latest telling post


def test_other_questions_are_left_to_the_mj() -> None:
    arc = {"id": "J1:arc:Hugo", "to": ["Hugo"], "options": NAMES}
    assert answers([post("Hugo", "Je tire sur Alice", 1)], [arc]) == {}

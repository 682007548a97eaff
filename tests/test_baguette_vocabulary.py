"""The `baguette` module's French, read by the real MP reader (daemon/mp_actions.read_mp) with the composed
rule set's verbs: every example a role card shows, and the ways players write a vote, a blank, a ballot, the
Magicien's choices (SPEC.md's table)."""

from __future__ import annotations

import pytest
from meneur.daemon.mp_actions import read_mp
from meneur.engine.model import Action
from meneur.engine.modules import compose
from meneur.engine.modules.baguette.vocabulary import EXAMPLES
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets import ruleset

RULES = compose(ruleset("classique"), ["baguette"])
ROLES = {
    "Boris": "loup_garou", "Lucie": "voyante", "Paul": "salvateur", "Zoé": "sorciere", "Marc": "chasseur",
    "Alice": "simple_villageois", "Hugo": "cupidon",
}  # fmt: skip


def read(text: str, sender: str = "Alice", phase: str = "N2") -> list[Action]:
    state = RULES.setup(list(ROLES), 1, ROLES)
    state.phase = phase
    resolver = NameResolver([PlayerName(p.name) for p in state.players])
    return list(read_mp(text, sender, state, RULES.verbs, resolver, "mp").actions)


@pytest.mark.parametrize("power", sorted(EXAMPLES))
def test_every_role_card_example_reads_as_its_power(power: str) -> None:
    actions = read(EXAMPLES[power])
    assert [a.power for a in actions] == [power], EXAMPLES[power]


@pytest.mark.parametrize(
    ("text", "power", "targets"),
    [
        ("Je vote contre Boris", "baguette.vote", ("Boris",)),
        ("je vote Boris", "baguette.vote", ("Boris",)),
        ("Vote : Boris", "baguette.vote", ("Boris",)),
        ("Mon vote va contre Zoé", "baguette.vote", ("Zoé",)),
        ("Vote blanc", "baguette.blanc", ()),
        ("vote : blanc", "baguette.blanc", ()),
        ("Je vote pour Lucie comme magicien", "baguette.election", ("Lucie",)),
        ("Lucie pour la baguette", "baguette.election", ("Lucie",)),
        ("Successeurs : Paul, Zoé et Marc", "baguette.successeur", ("Paul", "Zoé", "Marc")),
        ("Je choisis la double voix", "baguette.double_voix", ()),
        ("Immunité pour Boris", "baguette.immunite", ("Boris",)),
        ("Je pose un piège devant chez moi", "baguette.piege", ("Alice",)),
        ("!baguette.suspicion Boris, loup-garou", "baguette.suspicion", ("Boris", "loup_garou")),
        ("Je soupçonne Zoé d'être la sorcière", "baguette.suspicion", ("Zoé", "sorciere")),
    ],
)
def test_players_wording(text: str, power: str, targets: tuple[str, ...]) -> None:
    assert [(a.power, a.targets) for a in read(text)] == [(power, targets)]


def test_a_negated_vote_is_no_vote_and_the_mayors_orders_are_gone() -> None:
    assert read("je ne vote pas contre Boris") == []
    assert not any(a.power.startswith("maire.") for a in read("Mon successeur est Paul"))

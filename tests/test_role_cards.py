"""Role cards: every player gets one, with the pack for werewolves and the phrasing of each power."""

from __future__ import annotations

from meneur.daemon.drafts import role_cards
from meneur.engine.rulesets.classique import VERBS, setup
from meneur.parsers.actions import find_actions


def test_each_player_gets_a_card_that_teaches_working_phrases() -> None:
    names = [f"J{n}" for n in range(14)]
    state = setup(names, seed=3)
    cards = {card.recipient: card.body for card in role_cards(state, "MJ")}
    assert set(cards) == set(names)
    wolves = [p.name for p in state.players if p.role in ("seigneur_loup", "loup_assommeur", "chef_de_meute")]
    for wolf in wolves:
        assert all(other in cards[wolf] for other in wolves)
    seer = next(p.name for p in state.players if p.role == "voyante")
    assert "!voyante.sonder" in cards[seer] and "Je sonde Boris" in cards[seer]
    # The example phrase printed on the card is understood by the MP reader.
    assert [m.power for m in find_actions("Je sonde Boris", VERBS)] == ["voyante.sonder"]
    idiot = setup(["Gaston", "Boris"], seed=1, roles={"Gaston": "idiot_du_village", "Boris": "seigneur_loup"})
    assert "Tu n'as pas de pouvoir de nuit" in role_cards(idiot, "MJ")[0].body

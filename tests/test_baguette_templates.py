"""The Baguette magique's own texts: role cards and the opening post say the votes go by MP before 22:00, the
wolves choose in their den, the Magicien's choice reaches him alone, and `meneur replay` drafts every scenario
without a raw event id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.daemon.drafts import drafts_for, mp_reply, opening_post, role_cards
from meneur.engine.modules import compose
from meneur.engine.rulesets import ruleset

ROOT = Path(__file__).resolve().parent.parent
RULES = compose(ruleset("classique"), ["baguette"])
ROLES = {"Alice": "voyante", "Bob": "loup_garou", "Carole": "salvateur", "Dan": "chasseur", "Eve": "seigneur_loup",
         "Fred": "simple_villageois", "Gus": "cupidon", "Hugo": "sorciere"}  # fmt: skip


def cards() -> dict[str, str]:
    state = RULES.setup(list(ROLES), 1, roles=ROLES)
    return {card.recipient or "": card.body for card in role_cards(state, "Le MJ")}


def test_every_role_card_says_votes_go_by_mp_before_22h() -> None:
    for name, body in cards().items():
        assert "Les votes se font par MP au MJ" in body and "avant 22h00" in body, name
        assert "« Je vote contre X »" in body and "« Je vote blanc »" in body, name
        assert "gras marron" not in body and "sujet de la partie" not in body, name  # the base's public vote
        assert "!baguette.election NOM" in body and "!baguette.successeur" in body, name


def test_the_wolves_card_sends_them_to_the_den_and_only_theirs_tells_the_wolf_powers() -> None:
    found = cards()
    for wolf in ("Bob", "Eve"):
        assert "dans l'antre des loups" in found[wolf] and "!loups.devorer" not in found[wolf]
        assert "!baguette.recrutement" in found[wolf]
    for villager in ("Alice", "Fred"):
        assert "antre" not in found[villager] and "!baguette.recrutement" not in found[villager]
    assert "!voyante.sonder NOM" in found["Alice"]  # the base role's own power stays


def test_the_opening_post_opens_the_election_by_mp() -> None:
    state = RULES.setup(list(ROLES), 1, roles=ROLES)
    opening = opening_post(state)
    assert opening is not None
    assert "élection du Magicien" in opening.body and "par MP au MJ" in opening.body
    assert "« Je vote pour X comme Magicien »" in opening.body and "vote blanc" in opening.body.lower()
    assert opening_post(ruleset("classique").setup(list(ROLES), 1, roles=ROLES)) is None  # classique has none


def test_the_magiciens_choice_is_told_to_him_alone() -> None:
    # « Le choix du Magicien ne sera pas révélé par RP »
    events = [
        {"type": "power_chosen", "phase": "N2", "audience": "private", "to": ["Alice"], "player": "Alice",
         "power": "immunite", "targets": ["Fred"]},
        {"type": "power_chosen", "phase": "N2", "audience": "mj", "player": "Alice", "power": "immunite",
         "targets": ["Fred"]},
    ]  # fmt: skip
    drafts = drafts_for("classique", "N2", events, RULES.role_names, modules=("baguette",))
    public = [d for d in drafts if d.recipient is None]
    assert "immunité" not in public[0].body and "Fred" not in public[0].body
    (mp,) = [d for d in drafts if d.recipient is not None]
    assert mp.recipient == "Alice" and "l'immunité au bûcher, sur [b]Fred[/b]" in mp.body
    assert "ne sera pas révélé" in mp.body


def test_an_immunity_is_public_only_when_it_saves() -> None:
    saved = [
        {"type": "vote_result", "phase": "J2", "audience": "public", "counts": {"Fred": 4}, "voters": {},
         "blank": 0, "self_votes": [], "absent": [], "not_voted": [], "weights": {}},
        {"type": "pyre_immune", "phase": "J2", "audience": "public", "player": "Fred"},
        {"type": "no_pyre", "phase": "J2", "audience": "public", "reason": "immune"},
    ]  # fmt: skip
    (post,) = drafts_for("classique", "J2", saved, RULES.role_names, modules=("baguette",))
    assert "immunisé·e" in post.body and "[b]Fred[/b]" in post.body
    (plain,) = drafts_for("classique", "J2", saved[:1], RULES.role_names, modules=("baguette",))
    assert "immunisé" not in plain.body


def test_a_receipt_names_the_wand_power() -> None:
    accepted = [{"power": "baguette.piege", "targets": ["Bob"], "doubtful": False, "replaces": None}]
    context = {"night": True, "when": "20h14", "not_understood": False, "examples": [], "unclear": [], "refused": []}
    context["accepted"] = accepted
    text = mp_reply("classique", context, modules=("baguette",))
    assert "tu poses un piège devant la maison de [b]Bob[/b]" in text


@pytest.mark.parametrize(
    "path", sorted((ROOT / "fixtures" / "scenarios" / "baguette").glob("*.toml")), ids=lambda p: p.stem
)
def test_replay_drafts_every_scenario_without_a_raw_event_id(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    drafted = "\n".join(line for line in out.splitlines() if not line.startswith("     "))  # the MJ's own lines
    assert not re.search(r"^\([a-z_]+\)$", drafted, re.MULTILINE), drafted

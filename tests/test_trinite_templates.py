"""`trinite`'s posts and MPs as the rules ask for them, drafted from the engine's own outcomes: the opening
post (wolf count, groups), the role cards (the object with both its powers, the camp, the pack), the morning
post (the night's dead with their object, the camp only by HONNEUR, the groups), the evening post (the pyre
and its object, the bold day-power announcements that must not give away who used them), private results.

(tests/test_templates_complete.py checks every drafted text of random games for placeholders and English.)"""

from __future__ import annotations

from meneur.daemon.drafts import drafts_for, opening_post, role_cards
from meneur.engine.model import Action, GameState
from meneur.engine.rulesets.trinite import rules

# Three groups of three, one object of each style; Gaël and Hugo are the wolves.
OBJECTS = {
    "Anaïs": "arc", "Boris": "armure", "Chloé": "paquet",
    "Dorian": "potion", "Élise": "bouclier", "Fanny": "sceptre",
    "Gaël": "dague", "Hugo": "cape", "Inès": "baton",
}  # fmt: skip
WOLVES = {"Gaël", "Hugo"}


def game(phase: str = "J0", changed: dict[str, str] | None = None) -> GameState:
    objects = {**OBJECTS, **(changed or {})}
    camps = {n: "loups" if n in WOLVES else "village" for n in objects}
    groups = {n: 1 + i // 3 for i, n in enumerate(objects)}
    state: GameState = rules.setup(list(objects), 7, roles=objects, camps=camps, groups=groups)
    state.phase = phase
    return state


def posts(state: GameState, events: list[dict[str, object]]) -> str:
    return "\n".join(d.body for d in drafts_for("trinite", state.phase, events, rules.NAMES) if d.recipient is None)


def mps(state: GameState, events: list[dict[str, object]], player: str) -> list[str]:
    return [d.body for d in drafts_for("trinite", state.phase, events, rules.NAMES) if d.recipient == player]


def test_opening_post_tells_the_wolves_count_and_the_groups_only() -> None:
    body = opening_post(game()).body  # type: ignore[union-attr]
    assert "[b]2 loups-garous[/b]" in body
    assert "Groupe 1 : Anaïs, Boris, Chloé" in body and "Groupe 3 : Gaël, Hugo, Inès" in body
    assert "offensif, défensif et tactique" in body and "bâton du magicien" in body
    assert "Arc du chasseur" not in body  # nobody's object is told


def test_role_cards_give_the_object_both_powers_the_camp_and_the_pack() -> None:
    cards = {card.recipient: card.body for card in role_cards(game(), "MJ_Lune")}
    assert "tu détiens [b]l'arc du chasseur[/b], un objet offensif" in cards["Anaïs"]
    assert "[b]BAROUD[/b] [passif]" in cards["Anaïs"] and "[b]BARRAGE[/b] [actif]" in cards["Anaïs"]
    assert "[code]!arc.barrage[/code]" in cards["Anaïs"] and "camp [b]du village[/b]" in cards["Anaïs"]
    assert "Ta meute" not in cards["Anaïs"]
    assert "[b]HONNEUR[/b] [passif]" in cards["Élise"] and "[b]MURS[/b] [actif de jour]" in cards["Élise"]
    assert "Ta meute : Gaël, Hugo." in cards["Gaël"] and "camp [b]des loups-garous[/b]" in cards["Gaël"]
    assert "[code]!dague.infiltration GROUPE[/code]" in cards["Gaël"]
    assert "[code]!baton.elementariste NOM, STYLE[/code]" in cards["Inès"]


def test_the_capes_card_shows_the_power_it_copied() -> None:
    """ "Ce pouvoir de COPIE est remplacé jusqu'à la fin de la partie par le pouvoir que vous avez choisi"."""
    state = game("N1")
    after = rules.resolve_night(state, [Action("Hugo", "cape.copie", ("empoisonnement",))]).state
    card = next(c.body for c in role_cards(after, "MJ") if c.recipient == "Hugo")
    assert "[b]EMPOISONNEMENT[/b] [actif]" in card and "[b]COPIE[/b]" not in card
    assert "[code]!potion.empoisonnement NOM[/code]" in card


def test_morning_post_gives_the_dead_their_object_and_the_camp_only_by_honneur() -> None:
    state = game("N1")
    night = [Action("Dorian", "potion.empoisonnement", ("Élise",)), Action("Gaël", "loups.attaquer", ("Chloé",))]
    outcome = rules.resolve_night(state, night)
    body = posts(state, [e.as_json() for e in outcome.events])
    assert "[b]Élise[/b] est mort·e cette nuit. Son objet : Bouclier du guerrier." in body
    assert "Son bouclier intact révèle son camp : [b]villageois[/b]." in body  # HONNEUR
    chloe = next(line for line in body.splitlines() if line.startswith("[b]Chloé[/b]"))
    assert chloe == "[b]Chloé[/b] est mort·e cette nuit. Son objet : Paquet du taromancien."  # no camp
    assert "Groupe 2 : [s]Dorian[/s]" not in body and "[s]Élise[/s] (mort·e, Bouclier du guerrier)" in body


def test_day_powers_are_announced_in_bold_without_giving_their_user_away() -> None:
    """RAVAGE: "Le MJ annonce sur le forum en gras que RAVAGE a été activé"; MURS and a wolf's PACTE: the same
    sentence "Les joueurs ne pourront cibler que leur groupe la prochaine nuit." — a wolf's PACTE must not be
    told from MURS, and a villager's PACTE announces nothing."""
    votes = {"Anaïs": "Hugo", "Boris": "Hugo"}

    def evening(state: GameState, user: str, power: str) -> str:
        return posts(
            state, [e.as_json() for e in rules.close_day(state, votes, actions=[Action(user, power, ())]).events]
        )

    villager = evening(game("J1"), "Fanny", "sceptre.pacte")
    assert "ne pourront cibler" not in villager and "PACTE" not in villager
    wolf = game("J1")
    wolf.player("Fanny").camp = "loups"
    pacte = evening(wolf, "Fanny", "sceptre.pacte")
    assert "[b]Les joueurs ne pourront cibler que leur groupe la prochaine nuit.[/b]" in pacte
    assert pacte == evening(wolf, "Élise", "bouclier.murs")  # the same post: nobody learns which object it was
    ravage = evening(game("J1", {"Dorian": "hache"}), "Dorian", "hache.ravage")
    (line,) = [line for line in ravage.splitlines() if "RAVAGE" in line]
    assert line == "[b]RAVAGE a été activé ![/b]"


def test_evening_post_tells_who_burns_and_the_object() -> None:
    state = game("J1")
    outcome = rules.close_day(state, {"Anaïs": "Inès", "Boris": "Inès", "Chloé": "Hugo"})
    body = posts(state, [e.as_json() for e in outcome.events])
    assert "[b]Inès[/b] brûle sur le bûcher. Son objet : Bâton du magicien." in body
    assert "villageois" not in body and "loup-garou" not in body.replace("loups-garous", "")
    assert (
        "[b]Début de la nuit[/b]" in body and "Groupe 3 : Gaël, Hugo, [s]Inès[/s] (mort·e, Bâton du magicien)" in body
    )


def test_private_results_in_the_rules_words() -> None:
    state = game("N1")
    night = [
        Action("Inès", "baton.elementariste", ("Boris", "defensif")),
        Action("Gaël", "dague.infiltration", ("1",)),
        Action("Chloé", "paquet.atout", ("Hugo",)),
    ]
    outcome = rules.resolve_night(state, night)
    events = [e.as_json() for e in outcome.events]
    assert "ÉLÉMENTARISTE : [b]Boris[/b] est de style défensif.\n" in mps(state, events, "Inès")
    (infiltration,) = [m for m in mps(state, events, "Gaël") if m.startswith("INFILTRATION :")]
    assert "le groupe 1 détient [b]Arc du chasseur[/b], [b]Armure du paladin[/b] et [b]Paquet du taromancien[/b]" in (
        infiltration
    )
    assert "Ta dague est détruite." in infiltration
    (atout,) = [m for m in mps(state, events, "Chloé") if m.startswith("ATOUT :")]
    assert "[b]Hugo[/b] est [b]loup-garou[/b]. Ton paquet est détruit." in atout

"""The 21 characters of "Le jeu du Loup Garou (règlement)", in the file's order: a game of N
players uses characters 1..N."""

from __future__ import annotations

ROLE_ORDER: tuple[str, ...] = (
    "seigneur_loup", "loup_assommeur", "voyante", "salvateur", "cupidon", "sorciere", "chasseur", "berger",
    "ange_gardien", "malade", "devin", "ancien", "chef_de_meute", "joueur_de_flute", "lapinou_garou", "chaman",
    "maitre_vampire", "idiot_du_village", "traitre", "enchanteur", "bouc_emissaire",
)  # fmt: skip

NAMES: dict[str, str] = {
    "seigneur_loup": "Seigneur Loup", "loup_assommeur": "Loup Assommeur", "voyante": "Voyante",
    "salvateur": "Salvateur", "cupidon": "Cupidon", "sorciere": "Sorcière", "chasseur": "Chasseur",
    "berger": "Berger", "ange_gardien": "Ange-Gardien", "malade": "Malade", "devin": "Devin", "ancien": "Ancien",
    "chef_de_meute": "Chef de meute", "joueur_de_flute": "Joueur de flûte", "lapinou_garou": "Lapinou-Garou",
    "chaman": "Chaman", "maitre_vampire": "Maître-Vampire", "idiot_du_village": "Idiot du village",
    "traitre": "Traître", "enchanteur": "Enchanteur", "bouc_emissaire": "Bouc-émissaire",
    "simple_villageois": "Simple villageois", "loup_garou": "Loup-Garou",
}  # fmt: skip

# The wolves wake together; the Traître is of their camp but does not wake with them.
WOLVES = frozenset({"seigneur_loup", "loup_assommeur", "chef_de_meute", "loup_garou"})
CAMPS: dict[str, str] = {role: "village" for role in NAMES}
CAMPS.update({role: "loups" for role in WOLVES})
CAMPS.update({"traitre": "loups", "maitre_vampire": "vampires", "joueur_de_flute": "flute"})

# Characters whose powers the Ancien's last word removes (the rule's own list).
ANCIEN_TARGETS = frozenset({"voyante", "salvateur", "sorciere", "ange_gardien", "joueur_de_flute", "devin", "chaman"})

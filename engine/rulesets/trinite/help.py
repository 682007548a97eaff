"""`trinite`'s help for the players: each power's canonical wording (``HELP``, always understood alone on its
line) and an example as players write it (``EXAMPLES``). The verbs that read them are in ``vocabulary.py``."""

from __future__ import annotations

HELP: dict[str, str] = {
    "loups.attaquer": (
        "Loups : proposer la cible de l'attaque, un joueur vivant (la majorité des loups l'emporte, sinon le "
        "hasard)."
    ),
    "arc.barrage": (
        "BARRAGE : cette nuit, OBSERVATION, ESPIONNAGE, INTERCEPTION, RENVOI et CHARGE sont neutralisés ; "
        "l'arc se détruit."
    ),
    "arc.baroud": "BAROUD (à ta mort, quand le MJ te le demande) : tuer NOM ; l'arc se détruit.",
    "hache.charge": "CHARGE : demain, ta voix compte double, et les votes contre toi aussi.",
    "hache.ravage": (
        "RAVAGE (de jour, avant la fin des votes) : la hache se détruit ; la nuit suivante, MITHRIL, "
        "PROTECTION, NATURE, TROUVÈRE et SAUVETAGE ne marchent pas."
    ),
    "dague.execution": (
        "EXÉCUTION : demain, les votes contre NOM (vivant) comptent double ; si NOM brûle, la dague se "
        "détruit."
    ),
    "dague.infiltration": (
        "INFILTRATION : le MJ te dit les trois objets du groupe GROUPE (son numéro) ; la dague se détruit."
    ),
    "potion.chaudron": "CHAUDRON : NOM (vivant) commence la journée avec un vote contre lui.",
    "potion.empoisonnement": "EMPOISONNEMENT : NOM (vivant) meurt ; la potion se détruit.",
    "familier.odorat": (
        "ODORAT : l'objet de NOM (vivant, pas toi) ; la deuxième fois sur le même joueur, son camp, et le "
        "familier se détruit."
    ),
    "familier.instinct": (
        "INSTINCT : le MJ te dit s'il y a au moins deux loups dans le groupe GROUPE ; le familier se détruit."
    ),
    "armure.reparation": (
        "RÉPARATION : le MJ te donne la liste des objets détruits ; tu peux en réparer un (l'armure se "
        "détruit), ou le nommer d'avance : « Réparation sur NOM »."
    ),
    "chapelet.protection": (
        "PROTECTION : NOM (vivant, toi compris, pas le même deux nuits de suite) ne meurt pas cette nuit."
    ),
    "chapelet.interception": "INTERCEPTION : si un vivant de ton groupe devait mourir cette nuit, tu meurs à sa place.",
    "cape.imitation": (
        "IMITATION : la cape prend pour toute la partie le pouvoir passif POUVOIR (BAROUD, MITHRIL, RENVOI, "
        "HONNEUR, OBSERVATION, SAUVETAGE)."
    ),
    "cape.copie": (
        "COPIE : la cape prend pour toute la partie le pouvoir actif POUVOIR (ni IMITATION, COPIE, OUIJA, ni "
        "un pouvoir de jour)."
    ),
    "orbe.nature": "NATURE : l'objet de NOM (vivant, pas le même deux nuits de suite) est désactivé cette nuit.",
    "orbe.renvoi": "RENVOI (quand le MJ te le demande) : la nouvelle cible, NOM.",
    "bouclier.murs": (
        "MURS (de jour, avant la fin des votes) : la nuit suivante, chacun ne cible que son groupe ; le "
        "bouclier se détruit."
    ),
    "paquet.atout": (
        "ATOUT : le camp de NOM (vivant) si tu es villageois, son style si tu es loup ; sur un loup ou un "
        "défensif, le paquet se détruit."
    ),
    "paquet.excuse": (
        "EXCUSE (de jour, avant la fin des votes) : parler en privé avec un ou deux autres joueurs vivants, NOM1 "
        "et NOM2, au prochain crépuscule."
    ),
    "sceptre.pacte": (
        "PACTE (de jour, avant la fin des votes) : villageois, le nombre de loups morts ; loup, chacun ne "
        "cible que son groupe la nuit suivante. Le sceptre se détruit."
    ),
    "sceptre.ouija": "OUIJA : NOM (mort) pourra voter demain.",
    "lyre.trouvere": "TROUVÈRE : NOM (mort) revient à la vie ; la lyre se détruit.",
    "lyre.troubadour": (
        "TROUBADOUR : si l'objet de NOM (un autre joueur, vivant ou mort) est détruit, il est réparé et la "
        "lyre se détruit."
    ),
    "baton.elementariste": "ÉLÉMENTARISTE : le MJ te dit si NOM est du style STYLE (offensif, défensif ou tactique).",
    "carte.espionnage": (
        "ESPIONNAGE : la liste de qui a ciblé qui cette nuit et la cible des loups ; la carte se détruit."
    ),
    "carte.sauvetage": "SAUVETAGE (quand le MJ te donne les morts de la nuit) : sauver NOM ; la carte se détruit.",
}  # fmt: skip

EXAMPLES: dict[str, str] = {
    "loups.attaquer": "On attaque Boris",
    "arc.barrage": "BARRAGE cette nuit",
    "arc.baroud": "Je tire sur Boris",
    "hache.charge": "J'utilise CHARGE",
    "hache.ravage": "J'active RAVAGE",
    "dague.execution": "Exécution sur Boris",
    "dague.infiltration": "J'infiltre le groupe 2",
    "potion.chaudron": "Chaudron sur Boris",
    "potion.empoisonnement": "J'empoisonne Boris",
    "familier.odorat": "Odorat sur Boris",
    "familier.instinct": "Instinct sur le groupe 3",
    "armure.reparation": "J'utilise RÉPARATION",
    "chapelet.protection": "Je protège Lucie",
    "chapelet.interception": "INTERCEPTION",
    "cape.imitation": "J'imite MITHRIL",
    "cape.copie": "Je copie EMPOISONNEMENT",
    "orbe.nature": "Nature sur Boris",
    "orbe.renvoi": "Je renvoie sur Boris",
    "bouclier.murs": "J'active MURS",
    "paquet.atout": "Atout sur Boris",
    "paquet.excuse": "Excuse avec Boris et Lucie",
    "sceptre.pacte": "J'active le PACTE",
    "sceptre.ouija": "Ouija sur Paul",
    "lyre.trouvere": "Je ressuscite Paul",
    "lyre.troubadour": "Troubadour sur Lucie",
    "baton.elementariste": "Élémentariste sur Boris : offensif",
    "carte.espionnage": "ESPIONNAGE",
    "carte.sauvetage": "Sauvetage sur Paul",
}

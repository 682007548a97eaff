"""A whole game of `citadelles` ("LG Citadelles", 12 players, 3 wolves) played live through meneur against the
real django-spirit test forum: J0's three phases with their own deadlines (J0-matin, J0-zenith, J0-soir), the
citadel choices and the mayor's distribution read from posts, the roles asked for by MP, nights of MPs, days of
votes with their modifiers, every draft approved and sent, until the village wins; and the MJ's page showing
the four citadels.

The game, written from the rule text (shared/rules/000_e44f1ff8762b1b6f.txt, lines 397–672) and the rule
set's readings (SPEC.md, RULINGS.md) before it was run. Wolves: Chloé, Hugo, Léo (the configuration's camps).

- J0-matin (posts): « Chacun a deux votes à faire » — the mayor: Alice, Chloé, David, Gaëlle vote Bruno,
  Hugo and Léo vote Inès: Bruno is mayor. The citadels: Alice, Bruno, Chloé, David, Élodie choose the North,
  Félix the East, Gaëlle, Hugo, Inès the South, Julien, Karine, Léo the West. Karine first wrote the South,
  then the West: her last choice counts. Five, one, three, three: « la répartition … est déséquilibrée »,
  so the zenith is played.
- J0-zenith (posts): « Tous les joueurs situé dans une citadelle contenant 3 joueurs ou moins … ont leur choix
  validé »: Félix, the South and the West stand (Gaëlle's « Finalement je veux aller au Nord » changes
  nothing). The North's five do not agree; « le MJ … demande au maire de répartir »: Bruno's post
  « Répartition : David → Est, Élodie → Est » settles it (how: maire). North: Alice, Bruno, Chloé; East:
  David, Élodie, Félix; South: Gaëlle, Hugo, Inès; West: Julien, Karine, Léo.
- J0-soir (MPs, « les joueurs ne peuvent pas poster »): no conflicts — North Alice SF, Bruno GM, Chloé CB
  (OBSTACLE, INTENDANT); East David SF, Élodie GM, Félix CB (SUPERVOIX, OBSTACLE); South Gaëlle SF, Hugo GM,
  Inès CB (SUPERVISION, ANNULATION); West Julien SF, Karine GM, Léo CB (SUPERVISION, ANNULATION). Each is
  told his role by MP; INTENDANT: « les membres de votre citadelle peuvent communiquer entre eux en privé
  pendant les nuits »: Alice, Bruno and Chloé are told by MP that the North may talk tonight.
- N1: Hugo: « On attaque David, tueur Hugo »; Julien launches EXPLOSIF ([1]: charged at this dawn); Gaëlle
  launches VÉRITÉ. David dies (loups): the morning gives him SF, village, East. SUPERVOIX: « Au début du jour
  1 … le MJ annonce publiquement que votre voix compte double »: Félix. His post (SF) is filled at the next
  dawn (RULINGS: a post emptied during this night), so he still votes double on J1.
- J1: Alice, Bruno, Élodie, Félix (×2, SUPERVOIX), Gaëlle, Julien (×2: the West's walls while Karine lives —
  RULINGS on the dawn's wall line) vote Chloé: 8; Chloé, Hugo, Léo (×2) vote Félix: 4. Chloé burns
  (« Le MJ annonce son camp et son rôle »: loups, CB). The North loses its INTENDANT: no North channel for N2.
- N2: Léo: « On attaque Gaëlle, tueur Léo »; Inès uses ANNULATION (« détruire le projet en cours de votre
  citadelle »): the South's VÉRITÉ is destroyed. Gaëlle dies (loups, SF). At this dawn's moves Félix takes
  the East's empty SF post (« le combattant (CB) s'y rend automatiquement ») and loses SUPERVOIX, which the
  morning announces (« si … vous perdez votre supervoix … au matin le MJ l'annonce aussi »).
- J2: Alice, Bruno, Élodie, Félix, Inès, Karine (×2) vote Hugo: 7; Hugo, Léo (×2) vote Inès: 3. Hugo burns.
- N3: Léo: « On attaque Élodie, tueur Léo »; Julien: « Explosif sur Léo ! ». Élodie and Léo die. Checked at
  the morning (« les conditions de victoire ne sont vérifiées que durant le matin »): no wolf left, « Cas 1 »:
  the village wins. Alive: Alice, Bruno, Félix, Inès, Julien, Karine.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from meneur.daemon.adapters import make_adapter
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.store import Store
from meneur.daemon.web import MJPage
from meneur.tests.livegame import VOTE, Clock, events, mj_page, post, send, send_everything
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Citadelles"
NAMES = ["Alice", "Bruno", "Chloé", "David", "Élodie", "Félix", "Gaëlle", "Hugo", "Inès", "Julien", "Karine", "Léo"]
WOLVES = ("Chloé", "Hugo", "Léo")
LABELS = ["J0-matin", "J0-zenith", "J0-soir", "Nuit 1", "Jour 1", "Nuit 2", "Jour 2", "Nuit 3", "Jour 3"]
HOUR = timedelta(hours=1)


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def citadelles_game(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> tuple[LiveGame, Clock, int, datetime]:
    """The game's configuration as an MJ writes it: J0's three deadlines named by their phases, then the
    nights and days, an hour apart; the wolves' camps given."""
    seeded = forum.seed(MJ, NAMES, topic_title="LG Citadelles")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    clock = Clock()
    start = clock.now.replace(microsecond=0)
    deadlines = "".join(
        f'[[deadlines]]\nlabel = "{label}"\nat = "{(start + (n + 1) * HOUR).isoformat()}"\n'
        for n, label in enumerate(LABELS)
    )
    players = "".join(f'[[players]]\nname = "{n}"\n' + ('camp = "loups"\n' if n in WOLVES else "") for n in NAMES)
    path = tmp_path / "partie.toml"
    path.write_text(
        f'[forum]\nengine = "spirit"\nurl = "{forum.base_url}"\n[account]\nusername = "{MJ}"\n'
        f'[game]\ntopic = "{seeded["topic_id"]}"\ndatabase = "partie.sqlite"\nruleset = "citadelles"\nseed = 11\n'
        f"[poll]\nmin_request_interval = 0.01\ngrace = 0\n[outbox]\nauto = []\n{deadlines}{players}",
        encoding="utf-8",
    )
    config = load_config(path)
    game = LiveGame(config, Store(config.live.database), make_adapter(config), clock)
    return game, clock, seeded["topic_id"], start


def of_type(game: LiveGame, phase: str, kind: str) -> list[dict[str, Any]]:
    return [e for e in events(game, phase) if e["type"] == kind]


def fire(game: LiveGame, clock: Clock, label: str, at: datetime) -> None:
    """The deadline passes: one more poll, then the phase is resolved."""
    clock.now = at + timedelta(seconds=1)
    game.cycle()
    game.fire_deadline(label)
    assert game.engine is not None and [q.id for q in game.engine.open_questions()] == []  # nothing to ask


def test_a_game_of_citadelles_played_live(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game, clock, topic, start = citadelles_game(forum, tmp_path, monkeypatch)
    assert game.engine is not None
    assert [d.phase for d in game.deadlines()] == [
        "J0-matin", "J0-zenith", "J0-soir", "N1", "J1", "N2", "J2", "N3", "J3",
    ]  # fmt: skip
    game.deal()  # the opening post and the first cards (everyone an inhabitant yet)
    send_everything(game)

    # J0-matin: the mayor and the citadels, in the players' own words.
    morning = [
        ("Alice", "**Citadelle : Nord**\n\n" + VOTE.format("Bruno")),
        ("Bruno", "Je rejoins Örchnoung"),
        ("Chloé", "Je vais au Nord\n\n" + VOTE.format("Bruno")),
        ("David", "Citadelle : Nord\n\n" + VOTE.format("Bruno")),
        ("Élodie", "Je choisis la citadelle du Nord"),
        ("Félix", "Je rejoins Säkoura"),
        ("Gaëlle", "Je vais au Sud\n\n" + VOTE.format("Bruno")),
        ("Hugo", "Citadelle : Sud\n\n" + VOTE.format("Inès")),
        ("Inès", "Mon choix : Bïbiloune"),
        ("Karine", "Je vais au Sud, je crois"),
        ("Julien", "Je veux aller à l'Ouest"),
        ("Karine", "Non, finalement je rejoins Tribüdouduna"),
        ("Léo", "Citadelle : Ouest\n\n" + VOTE.format("Inès")),
    ]
    for minute, (author, text) in enumerate(morning, start=1):
        post(forum, topic, author, text, start + timedelta(minutes=minute))
    clock.now = start + timedelta(minutes=30)
    count = game.cycle().count
    assert count is not None and dict(count.tally.as_dict()) == {"Bruno": 4, "Inès": 2}
    page = MJPage(game, "jeton").state()
    assert page["post_orders"]["phase"] == "J0-matin"
    read = {(o["author"], tuple(a["targets"][0] for a in o["orders"])) for o in page["post_orders"]["posts"]}
    assert ("Karine", ("sud",)) in read and ("Karine", ("ouest",)) in read
    fire(game, clock, "J0-matin", start + HOUR)
    assert [e["player"] for e in of_type(game, "J0-matin", "mayor_elected")] == ["Bruno"]
    (chosen,) = of_type(game, "J0-matin", "citadels_chosen")
    assert chosen["balanced"] is False
    assert {c: set(p) for c, p in chosen["choices"].items()} == {
        "nord": {"Alice", "Bruno", "Chloé", "David", "Élodie"},
        "est": {"Félix"},
        "sud": {"Gaëlle", "Hugo", "Inès"},
        "ouest": {"Julien", "Karine", "Léo"},
    }
    assert game.engine.state_before("J0-zenith").phase == "J0-zenith" and game.deadlines("skipped") == []
    send_everything(game)

    # J0-zenith: the debate, then the mayor's distribution.
    zenith = start + HOUR
    post(
        forum,
        topic,
        "Alice",
        "On est cinq au Nord et Félix est tout seul à l'Est. Des volontaires ?",
        zenith + timedelta(minutes=3),
    )
    post(forum, topic, "David", "Moi je suis bien au Nord, désolé.", zenith + timedelta(minutes=6))
    post(forum, topic, "Gaëlle", "Finalement je veux aller au Nord", zenith + timedelta(minutes=8))
    post(
        forum,
        topic,
        "Bruno",
        "Bon, en tant que maire je tranche.\n\nRépartition : David → Est, Élodie → Est",
        zenith + timedelta(minutes=40),
    )
    fire(game, clock, "J0-zenith", start + 2 * HOUR)
    (final,) = of_type(game, "J0-zenith", "citadels_final")
    assert final["how"] == "maire"
    citadels = {
        "nord": ["Alice", "Bruno", "Chloé"], "est": ["David", "Élodie", "Félix"],
        "sud": ["Gaëlle", "Hugo", "Inès"], "ouest": ["Julien", "Karine", "Léo"],
    }  # fmt: skip
    assert {c: set(p) for c, p in final["citadels"].items()} == {c: set(p) for c, p in citadels.items()}
    send_everything(game)

    # J0-soir: the roles asked for by MP.
    evening = start + 2 * HOUR
    requests = [
        ("Alice", "Je prends SF"), ("Bruno", "GM pour moi"),
        ("Chloé", "Combattante, pouvoirs obstacle et intendant"),
        ("David", "Je veux être scientifique"), ("Élodie", "Je veux être GM"),
        ("Félix", "Combattant : supervoix + obstacle"),
        ("Gaëlle", "Je prends le poste de scientifique"), ("Hugo", "Gardien des murs"),
        ("Inès", "Je serai combattante avec supervision et annulation"),
        ("Julien", "Scientifique pour moi"), ("Karine", "Je veux être GM"),
        ("Léo", "Combattant, pouvoirs supervision et annulation"),
    ]  # fmt: skip
    for minute, (player, text) in enumerate(requests, start=1):
        send(forum, MJ, player, text, evening + timedelta(minutes=minute))
    clock.now = evening + timedelta(minutes=30)
    game.cycle()
    understood = {o["player"]: o["outcome"] for o in game.engine.mp_outcomes("J0-soir").values()}
    assert understood == dict.fromkeys(NAMES, "understood")
    fire(game, clock, "J0-soir", start + 3 * HOUR)
    given = {e["player"]: (e["role"], e["citadel"], list(e["powers"])) for e in of_type(game, "J0-soir", "role_given")}
    assert given == {
        "Alice": ("sf", "nord", []), "Bruno": ("gm", "nord", []), "Chloé": ("cb", "nord", ["obstacle", "intendant"]),
        "David": ("sf", "est", []), "Élodie": ("gm", "est", []), "Félix": ("cb", "est", ["supervoix", "obstacle"]),
        "Gaëlle": ("sf", "sud", []), "Hugo": ("gm", "sud", []), "Inès": ("cb", "sud", ["supervision", "annulation"]),
        "Julien": ("sf", "ouest", []), "Karine": ("gm", "ouest", []),
        "Léo": ("cb", "ouest", ["supervision", "annulation"]),
    }  # fmt: skip
    (channel,) = of_type(game, "J0-soir", "night_channel")
    assert (channel["citadel"], channel["reason"], sorted(channel["members"])) == (
        "nord", "intendant", ["Alice", "Bruno", "Chloé"],
    )  # fmt: skip
    told = [d for d in game.outbox.drafts() if d.key.startswith("J0-soir/") and "se parler en privé" in d.body]
    assert sorted(d.recipient or "" for d in told) == ["Alice", "Bruno", "Chloé"]
    send_everything(game)

    # N1: the wolves, two projects launched.
    night = start + 3 * HOUR
    send(forum, MJ, "Hugo", "On attaque David, tueur Hugo", night + timedelta(minutes=5))
    send(forum, MJ, "Julien", "Je lance le projet explosif", night + timedelta(minutes=6))
    send(forum, MJ, "Gaëlle", "Je lance le projet vérité", night + timedelta(minutes=7))
    fire(game, clock, "Nuit 1", start + 4 * HOUR)
    deaths = [(e["player"], e["cause"], e["role"], e["camp"], e["citadel"]) for e in of_type(game, "N1", "death")]
    assert deaths == [("David", "loups", "sf", "village", "est")]
    assert [e["players"] for e in of_type(game, "N1", "supervoix")] == [["Félix"]]
    morning_post = next(d for d in game.outbox.drafts() if d.key == "Nuit 1/N1/morning")
    assert "David" in morning_post.body and "Félix" in morning_post.body
    send_everything(game)

    # J1: Chloé burns, 8 votes to 4 with SUPERVOIX and the West's walls.
    day = start + 4 * HOUR
    for minute, voter in enumerate(("Alice", "Bruno", "Élodie", "Félix", "Gaëlle", "Julien"), start=1):
        post(forum, topic, voter, VOTE.format("Chloé"), day + timedelta(minutes=minute))
    for minute, voter in enumerate(("Chloé", "Hugo", "Léo"), start=10):
        post(forum, topic, voter, VOTE.format("Félix"), day + timedelta(minutes=minute))
    clock.now = day + timedelta(minutes=30)
    count = game.cycle().count
    assert count is not None and dict(count.tally.as_dict()) == {"Chloé": 8, "Félix": 4}
    fire(game, clock, "Jour 1", start + 5 * HOUR)
    (pyre,) = of_type(game, "J1", "death")
    assert (pyre["player"], pyre["cause"], pyre["camp"], pyre["role"]) == ("Chloé", "bucher", "loups", "cb")
    assert of_type(game, "J1", "night_channel") == []  # the North's INTENDANT is dead
    send_everything(game)

    # N2: Gaëlle eaten; Inès destroys the South's project.
    night = start + 5 * HOUR
    send(forum, MJ, "Léo", "On attaque Gaëlle, tueur Léo", night + timedelta(minutes=5))
    send(forum, MJ, "Inès", "J'utilise ANNULATION sur notre projet", night + timedelta(minutes=6))
    fire(game, clock, "Nuit 2", start + 6 * HOUR)
    assert [(e["player"], e["cause"]) for e in of_type(game, "N2", "death")] == [("Gaëlle", "loups")]
    assert [e["project"] for e in of_type(game, "N2", "annulation")] == ["verite"]
    assert [e["player"] for e in of_type(game, "N2", "supervoix_lost")] == ["Félix"]
    assert game.engine.state_before("J2").player("Félix").role == "sf"
    send_everything(game)

    # J2: Hugo burns, 7 to 3.
    day = start + 6 * HOUR
    for minute, voter in enumerate(("Alice", "Bruno", "Élodie", "Félix", "Inès", "Karine"), start=1):
        post(forum, topic, voter, VOTE.format("Hugo"), day + timedelta(minutes=minute))
    for minute, voter in enumerate(("Hugo", "Léo"), start=10):
        post(forum, topic, voter, VOTE.format("Inès"), day + timedelta(minutes=minute))
    clock.now = day + timedelta(minutes=30)
    count = game.cycle().count
    assert count is not None and dict(count.tally.as_dict()) == {"Hugo": 7, "Inès": 3}
    fire(game, clock, "Jour 2", start + 7 * HOUR)
    assert [(e["player"], e["cause"]) for e in of_type(game, "J2", "death")] == [("Hugo", "bucher")]
    send_everything(game)

    # N3: the last wolf eats Élodie; EXPLOSIF on Léo. The village wins at the morning.
    night = start + 7 * HOUR
    send(forum, MJ, "Léo", "On attaque Élodie, tueur Léo", night + timedelta(minutes=5))
    send(forum, MJ, "Julien", "Explosif sur Léo !", night + timedelta(minutes=6))
    fire(game, clock, "Nuit 3", start + 8 * HOUR)
    deaths = sorted((e["player"], e["cause"]) for e in of_type(game, "N3", "death"))
    assert deaths == [("Léo", "explosif"), ("Élodie", "loups")]
    assert [e["winner"] for e in of_type(game, "N3", "game_over")] == ["village"]
    final_state = game.engine.latest_state()
    assert final_state.winner == "village"
    assert final_state.living() == ["Alice", "Bruno", "Félix", "Inès", "Julien", "Karine"]
    send_everything(game)

    # On the forum: every phase's post once; the MJ's page shows the four citadels.
    said = [c["text"] for c in forum.client("Alice").comments(topic)]
    assert sum("Chloé" in text and "bûcher" in text.lower() for text in said) >= 1
    page = MJPage(game, "jeton").state()
    assert page["winner"] == "village"
    assert {name: set(members) for name, members in page["groups"].items()} == {
        "Örchnoung (citadelle du Nord)": set(citadels["nord"]),
        "Säkoura (citadelle de l'Est)": set(citadels["est"]),
        "Bïbiloune (citadelle du Sud)": set(citadels["sud"]),
        "Tribüdouduna (citadelle de l'Ouest)": set(citadels["ouest"]),
    }
    notes = page["rules"]["notes"]
    assert notes["Tribüdouduna (citadelle de l'Ouest)"][1:3] == [
        "Mur majestueux : debout (gardien Karine)",
        "Projet en cours : EXPLOSIF [1/1] (chargé)",
    ]
    assert "Projets détruits : VÉRITÉ" in notes["Bïbiloune (citadelle du Sud)"]
    html = mj_page(game)
    assert "Örchnoung (citadelle du Nord)" in html and "Mur de pierre : debout (gardien Bruno)" in html
    assert "Projet en cours : EXPLOSIF [1/1] (chargé)" in html

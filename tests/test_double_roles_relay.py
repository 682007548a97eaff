"""The Lâche's anonymous MPs, relayed by meneur on the real django-spirit test forum (rule text: « Lâche : de
jour, il peut envoyer "n" MP, "n" étant le numéro du jour multiplié par 2 [...] Ces envois se font au MJ, en lui
précisant le joueur destinataire. Ainsi, le joueur destinataire reçoit un MP anonyme; il ne sait pas qui lui a
envoyé le message »).

Alice (Lâche) writes to the MJ « dis à Emile : … » on day 1: meneur drafts an MP from the MJ's account to Emile
carrying her words and never her name (neither in its subject nor in its body), and a receipt to Alice; both wait
for the MJ's approval; once sent, Emile's inbox on the forum shows the words, and no post in the game topic names
her."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from meneur.daemon.game import LiveGame
from meneur.daemon.relay import relay_alert, relayed_message
from meneur.daemon.web import MJPage
from meneur.tests.livegame import Clock, live_game, send, send_everything
from meneur.tests.spiritforum import SpiritForum

MJ = "MJ_Lache"
MJ2 = "MJ_Lache_Bis"  # an inbox of its own for the second game
ROLES = {
    "Alice": "lache+voyante", "Bruno": "salvateur+corbeau", "Chloe": "detective+meneur",
    "Denis": "croque_mort+voyeur", "Emile": "sorcier+araignee", "Fanny": "chasseur+paranoiaque",
    "Gaston": "salbatar+vieux_chiant", "Hugo": "planque+chanoine",
}  # fmt: skip
NATURES = {
    "Alice": "villageois", "Bruno": "villageois", "Chloe": "villageois", "Denis": "loup", "Emile": "loup",
    "Fanny": "loup", "Gaston": "loup_solitaire", "Hugo": "assassin",
}  # fmt: skip
WORDS = "Je sais que tu as voté contre Chloe hier, et je t'ai à l'œil"


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


def to_day_one(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mj: str, title: str
) -> tuple[LiveGame, Clock, int, datetime]:
    """A game of double-roles dealt (the drafts sent), J0 and a quiet N1 resolved: the game, its clock, the topic
    and when J1 began (it ends an hour later)."""
    game, clock, topic = live_game(forum, tmp_path, monkeypatch, mj, ROLES, 4, seed=18, title=title,
                                   ruleset="double-roles", camps=NATURES)  # fmt: skip
    start, hour = clock.now, timedelta(hours=1)
    game.deal()
    send_everything(game)
    clock.now = start + hour + timedelta(seconds=1)
    game.fire_deadline("Jour 0")
    clock.now = start + 2 * hour + timedelta(seconds=1)
    game.fire_deadline("Nuit 1")
    return game, clock, topic, start + 2 * hour


def test_the_extracted_message_is_the_words_after_the_order() -> None:
    assert relayed_message(f"dis à Emile : {WORDS}.") == f"{WORDS}."
    assert relayed_message("Message anonyme pour Hugo :\nJe t'ai à l'œil.\n\nBisous") == "Je t'ai à l'œil.\n\nBisous"
    assert relayed_message("Lâche : dis à Irène « on sait tout »") == "on sait tout"
    assert relayed_message("transmets à Bruno ce message anonyme") == ""  # nothing to relay: the MJ is told


def test_the_mj_is_warned_when_the_words_are_missing_or_name_their_sender() -> None:
    said = {"player": "Alice", "phase": "J1", "time": "10h02"}
    assert relay_alert(f"dis à Emile : {WORDS}", "Alice", said) is None
    missing = relay_alert("transmets à Bruno ce message anonyme", "Alice", said)
    assert missing is not None and "Alice" in missing and "not found" in missing.replace("pas trouvé", "not found")
    signed = relay_alert("dis à Emile : je t'ai vu. Signé ALICE", "Alice", said)
    assert signed is not None and "Alice" in signed
    assert relay_alert("dis à Emile : Malice et Alicette", "Alice", said) is None  # whole words only
    twice = relay_alert(
        "Message anonyme pour Bruno : méfie-toi. Message anonyme pour Chloe : vote Denis", "Alice", said
    )
    assert twice is not None and "Alice" in twice  # Chloe's words would reach Bruno: the MJ splits them


def test_the_lache_s_mp_reaches_its_recipient_without_his_name(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, clock, topic, day = to_day_one(forum, tmp_path, monkeypatch, MJ, "Double-rôles")
    assert game.engine is not None
    assert game.engine.state_before("J1").living() == list(ROLES)  # no wolf wrote: nobody is attacked
    send(forum, MJ, "Alice", f"dis à Emile : {WORDS}", day + timedelta(minutes=3), "Pour Emile")
    clock.now = day + timedelta(minutes=5)
    game.cycle()
    (outcome,) = game.engine.mp_outcomes("J1").values()
    assert (outcome["player"], outcome["outcome"]) == ("Alice", "understood")
    relays = [d for d in game.outbox.drafts() if d.recipient == "Emile" and d.key.startswith("Jour 1/")]
    assert len(relays) == 1 and relays[0].state == "drafted"  # the MJ approves it, as every result
    (relay,) = relays
    assert WORDS in relay.body
    assert "Alice" not in relay.body and "Alice" not in (relay.subject or "") and "Alice" not in relay.key
    (receipt,) = [d for d in game.outbox.drafts() if d.recipient == "Alice" and d.key.startswith("Jour 1/")]
    assert "ton message anonyme partira pour **Emile**" in receipt.body
    # The MJ's page (his alone) says whose MP the relay comes from.
    page = MJPage(game, "jeton").state()
    told = [(a["player"], a["type"]) for a in page["day_powers"]["announced"] if a["key"] == relay.key]
    assert told == [("Alice", "anonymous_mp")]

    for draft in game.outbox.drafts("drafted"):
        game.outbox.approve(draft.key)
    game.outbox.send_ready(game.adapter)
    game.cycle()  # read again: nothing drafted twice
    assert len([d for d in game.outbox.drafts() if d.recipient == "Emile" and d.key.startswith("Jour 1/")]) == 1

    inbox = [t for t in forum.client("Emile").private_topics() if "anonyme" in t["title"]]
    assert len(inbox) == 1 and "Alice" not in inbox[0]["title"]
    (mp,) = forum.client("Emile").comments(inbox[0]["id"])
    assert mp["author"] == MJ and WORDS in mp["text"] and "Alice" not in mp["text"]
    said = forum.client("Bruno").read_topic_text(topic)
    assert WORDS not in said and "Lâche" not in said

    # Words that read as orders are Alice's message, not her orders: only the relay is understood.
    # She signs it with her name: the MJ is warned, and edits the draft before approving it.
    second = "Chloe et Denis vont échanger de maison avec toi, je protège ta maison"
    signed = f"Message anonyme pour Bruno : {second}\n\nAlice"
    send(forum, MJ, "Alice", signed, day + timedelta(minutes=20), "Pour Bruno")
    clock.now = day + timedelta(minutes=25)
    game.cycle()
    (later,) = [o for o in game.engine.mp_outcomes("J1").values() if o["msg_id"] != outcome["msg_id"]]
    assert later["outcome"] == "understood" and later["detail"]["refused"] == later["detail"]["unclear"] == []
    assert [(a["power"], a["targets"]) for a in later["detail"]["accepted"]] == [("lache.envoyer", ["Bruno"])]
    (to_bruno,) = [d for d in game.outbox.drafts() if d.recipient == "Bruno" and d.key.startswith("Jour 1/day/")]
    assert "Chloe et Denis vont échanger de maison avec toi" in to_bruno.body and "Alice" in to_bruno.body
    (warning,) = [a for a in MJPage(game, "jeton").state()["alerts"] if a["kind"] == f"mp:{later['msg_id']}"]
    assert "nomme son expéditeur" in warning["message"] or "name their sender" in warning["message"]
    game.outbox.edit(to_bruno.key, to_bruno.body.replace("Alice", ""))
    assert game.engine.day_state("J1", game.engine.state_before("J1")).memory["jour"].get("echanges") is None
    # Each relayed MP goes out: the second does not « replace » the first, and there is no changing one's mind.
    (again,) = [d for d in game.outbox.drafts() if d.key == f"Jour 1/receipt/{later['msg_id']}"]
    assert "ton message anonyme partira pour **Bruno**" in again.body
    assert "remplace" not in again.body and "changer d'avis" not in again.body
    assert "sans ton nom" in again.body
    for draft in game.outbox.drafts("drafted"):
        game.outbox.approve(draft.key)
    game.outbox.send_ready(game.adapter)
    (bruno,) = [t for t in forum.client("Bruno").private_topics() if "anonyme" in t["title"]]
    (mp,) = forum.client("Bruno").comments(bruno["id"])
    assert mp["author"] == MJ and second in mp["text"] and "Alice" not in mp["text"]

    # At the deadline, the relay is not drafted a second time.
    clock.now = day + timedelta(hours=1, seconds=1)
    game.fire_deadline("Jour 1")
    to_emile = [d.key for d in game.outbox.drafts() if d.recipient == "Emile" and d.key.startswith("Jour 1/")]
    assert to_emile == [relay.key]


def test_meneur_read_mp_reads_a_lache_s_mp_as_the_daemon_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`meneur read-mp` shows the MJ what the daemon reads: the relay alone, not the orders in the Lâche's words."""
    import io
    import json

    from meneur.daemon.cli import main

    args = ["--ruleset", "double-roles", "--players", ",".join(ROLES), "--from", "Alice", "--phase", "J1", "--json"]
    args += ["--roles", ",".join(f"{n}={r}" for n, r in ROLES.items())]
    args += ["--camps", ",".join(f"{n}={c}" for n, c in NATURES.items())]
    monkeypatch.setattr("sys.stdin", io.StringIO("dis à Bruno : Chloe et Denis vont échanger de maison avec toi"))
    assert main(["read-mp", *args]) == 0
    read = json.loads(capsys.readouterr().out)
    assert [(a["power"], a["targets"]) for a in read["actions"]] == [("lache.envoyer", ["Bruno"])], read
    assert read["unclear"] == []


def test_a_discarded_relay_does_not_count_and_a_swap_offer_stands(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """« Jour 1, il peut envoyer 2 MP »: Alice sends two relays, the MJ discards the first (it never left): her
    third MP of the day is relayed, not refused, and the discarded one is not drafted again at the deadline
    (RULINGS R32). « ne pourra pas effectuer un autre échange après (pour ce jour-ci) »: Bruno's receipt for his
    swap offer does not invite him to change his mind, and his second offer is refused at once."""
    game, clock, _topic, day = to_day_one(forum, tmp_path, monkeypatch, MJ2, "Double-rôles bis")
    assert game.engine is not None
    send(forum, MJ2, "Alice", "dis à Emile : premier message", day + timedelta(minutes=3), "Un")
    send(forum, MJ2, "Alice", "dis à Fanny : deuxième message", day + timedelta(minutes=4), "Deux")
    send(forum, MJ2, "Bruno", "Je veux échanger ma maison avec Chloe", day + timedelta(minutes=5), "Maison")
    clock.now = day + timedelta(minutes=6)
    game.cycle()
    outcomes = {o["player"]: o for o in game.engine.mp_outcomes("J1").values() if o["player"] == "Bruno"}
    receipt = game.outbox.get(str(outcomes["Bruno"]["reply_key"]))
    assert "ta maison avec" in receipt.body and "Chloe" in receipt.body
    assert "changer d'avis" not in receipt.body and "première offre" in receipt.body
    (to_emile,) = [d for d in game.outbox.drafts() if d.recipient == "Emile" and d.key.startswith("Jour 1/day/")]
    game.outbox.discard(to_emile.key)  # the MJ sets the first relay aside

    send(forum, MJ2, "Alice", "dis à Gaston : troisième message", day + timedelta(minutes=10), "Trois")
    send(forum, MJ2, "Bruno", "Je veux échanger ma maison avec Denis", day + timedelta(minutes=11), "Maison bis")
    clock.now = day + timedelta(minutes=12)
    game.cycle()
    later = {o["player"]: o for o in game.engine.mp_outcomes("J1").values() if o["read_at"] == clock.now.isoformat()}
    assert later["Alice"]["outcome"] == "understood"
    assert [a["targets"] for a in later["Alice"]["detail"]["accepted"]] == [["Gaston"]]
    assert later["Bruno"]["outcome"] == "refused"
    assert "déjà proposé un échange" in later["Bruno"]["detail"]["refused"][0]["reason"]
    (to_gaston,) = [d for d in game.outbox.drafts() if d.recipient == "Gaston" and d.key.startswith("Jour 1/day/")]
    assert "troisième message" in to_gaston.body
    page = MJPage(game, "jeton").state()
    assert page["rules"]["notes"]["Offres d'échange de maison sans réponse"] == ["Bruno → Chloe"]

    clock.now = day + timedelta(hours=1, seconds=1)
    game.fire_deadline("Jour 1")
    relays = sorted((d.recipient, d.state) for d in game.outbox.drafts() if "anonyme" in (d.subject or ""))
    assert relays == [("Emile", "discarded"), ("Fanny", "drafted"), ("Gaston", "drafted")]

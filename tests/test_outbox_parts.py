"""Drafts the forum would refuse: too long (sent in numbered parts, each exactly once), or with a title the
MJ used a moment ago (spirit's double-post check). Against the real django-spirit forum on 127.0.0.1, whose
comments take at most 3000 characters (ST_COMMENT_MAX_LEN) and which drops, silently, a private topic whose
hash is that of the member's previous post (ST_DOUBLE_POST_THRESHOLD_MINUTES)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from meneur.daemon.adapters.base import ForumError, TooLong
from meneur.daemon.config import load_config
from meneur.daemon.game import LiveGame
from meneur.daemon.http import ForumUnavailable
from meneur.daemon.outbox import SETTLE, Outbox
from meneur.daemon.split import split_text
from meneur.daemon.store import Store
from meneur.tests.livegame import Clock, live_game
from meneur.tests.spiritforum import SpiritForum
from meneur.tests.test_outbox_exactly_once import MJ as SENDER
from meneur.tests.test_outbox_exactly_once import Unreliable, game_on, write_config

MJ = "MJ_Parts"

_RAW = """
from spirit.comment.models import Comment
rows = Comment.objects.filter(topic_id__in=ARGS["topics"]).order_by("topic_id", "pk")
out([[c.topic_id, c.comment] for c in rows])
"""


def raw_comments(forum: SpiritForum, topics: list[int]) -> dict[int, str]:
    """The text of each topic's first comment as the forum stored it (not as its page shows it)."""
    out: dict[int, str] = {}
    for topic, text in forum.shell(_RAW, topics=topics):
        out.setdefault(topic, text)
    return out


def without_feet(text: str) -> str:
    return re.sub(r"\s*\*réf\. mj-[0-9a-f]{10}(?: \(\d+/\d+\))?\*\s*$", "", text).strip()


@pytest.fixture(scope="module")
def forum() -> Iterator[SpiritForum]:
    with SpiritForum.start() as server:
        yield server


# -- the splitter ---------------------------------------------------------------------------------------

PARAGRAPHS = [
    "[b]La nuit tombe sur Thiercelieux.[/b]",
    "Le Seigneur des loups se réveille. " * 12,
    "[color=#8B4513]" + "Une longue phrase sans fin qui parle des loups. " * 20 + "[/color]",
    "Ligne courte.\nUne autre ligne.\n" + "Encore une ligne assez longue pour compter. " * 8,
    '[quote="Le MJ"][b]Rappel :[/b] ' + "les votes se font en marron et en gras. " * 15 + "[/quote]",
    "Fin.",
]
TEXT = "\n\n".join(PARAGRAPHS)
_TAGS = re.compile(r"\[/?[a-z]+(?:=[^\]]*)?\]")


@pytest.mark.parametrize("limit", [200, 450, 1000, 2000, len(TEXT) - 1])
def test_no_part_is_over_the_limit_and_nothing_is_lost(limit: int) -> None:
    parts = split_text(TEXT, limit)
    assert len(parts) > 1
    assert all(len(part) <= limit for part in parts)
    # Every word, in order, once: the cuts only drop blank space and add the tags closed and opened again.
    assert _TAGS.sub("", " ".join(parts)).split() == _TAGS.sub("", TEXT).split()


def test_paragraphs_are_kept_whole_when_they_fit() -> None:
    text = "\n\n".join(f"Paragraphe {n} : " + "des mots " * 30 for n in range(8))  # each ~285 characters
    parts = split_text(text, 1000)
    paragraphs = [p.strip() for p in text.split("\n\n")]
    assert [p.strip() for part in parts for p in part.split("\n\n")] == paragraphs  # no paragraph cut in two
    assert len(parts) == 3  # three paragraphs a part fit in 1000, and the cuts fall between them


def test_a_long_paragraph_is_cut_between_lines_then_words() -> None:
    lines = [f"Ligne {n} : " + "mot " * 20 for n in range(20)]  # one paragraph, ~90 characters a line
    parts = split_text("\n".join(lines), 500)
    assert all(len(part) <= 500 for part in parts)
    assert [line.strip() for part in parts for line in part.split("\n")] == [line.strip() for line in lines]
    words = split_text("mot " * 400, 300)
    assert all(re.fullmatch(r"(mot ?)+", part) for part in words)  # no word cut
    assert sum(part.split().count("mot") for part in words) == 400


@pytest.mark.parametrize("limit", [200, 333, 500, 900])
def test_a_bbcode_span_cut_across_parts_is_closed_and_opened_again(limit: int) -> None:
    parts = split_text(TEXT, limit)
    for part in parts:
        for name in ("b", "color", "quote"):
            opened = len(re.findall(rf"\[{name}(?:=[^\]]*)?\]", part))
            assert opened == part.count(f"[/{name}]"), (name, part)
        assert re.search(r"\[[^\]]*$", part) is None  # no tag cut in the middle
    spans = [p for p in parts if "Une longue phrase" in p]
    assert len(spans) > 1
    for p in spans:
        assert p.find("[color=#8B4513]") < p.find("Une longue phrase") < p.rfind("[/color]")
    quoted = [p for p in parts if "les votes se font" in p]
    for p in quoted:  # the quote (with its author) opens before the quoted words of each part, closes after
        assert p.find('[quote="Le MJ"]') < p.find("les votes se font") < p.rfind("[/quote]")


def test_a_word_longer_than_a_part_is_cut_but_never_inside_a_tag() -> None:
    word = "a" * 150 + "[b]" + "b" * 150 + "[/b]" + "c" * 150
    parts = split_text(word, 155)
    assert all(len(part) <= 155 for part in parts)
    assert all(re.search(r"\[[^\]]*$", part) is None for part in parts)
    assert _TAGS.sub("", "".join(parts)) == _TAGS.sub("", word)


def test_many_drafts_cut_at_many_limits_keep_every_word_and_every_span_whole() -> None:
    """Drafts made up from a fixed seed (paragraphs, lines, long words, nested and attributed spans)."""
    import random

    draw = random.Random(20261201)
    words = ["loup", "village", "Thiercelieux", "bûcher", "[b]vote[/b]", "x" * 90, "[i]nuit[/i]", "MJ"]
    for _ in range(40):
        paragraphs = []
        for _ in range(draw.randint(1, 12)):
            line = " ".join(draw.choice(words) for _ in range(draw.randint(1, 80)))
            if draw.random() < 0.4:
                line = f"[color=#{draw.randint(0, 0xFFFFFF):06X}][b]{line}[/b][/color]"
            if draw.random() < 0.2:
                line = f'[quote="Joueur {draw.randint(1, 9)}"]{line}\n{line}[/quote]'
            paragraphs.append(line)
        text = "\n\n".join(paragraphs)
        for limit in (200, 380, 1000):
            parts = split_text(text, limit)
            assert all(len(part) <= limit for part in parts)
            assert _TAGS.sub(" ", " ".join(parts)).split() == _TAGS.sub(" ", text).split()
            for part in parts:
                for name in ("b", "i", "color", "quote"):
                    assert len(re.findall(rf"\[{name}(?:=[^\]]*)?\]", part)) == part.count(f"[/{name}]"), part
                assert re.search(r"\[[^\]]*$", part) is None


def test_markdown_is_cut_without_tags() -> None:
    text = "\n\n".join(["**Titre**"] + ["Un paragraphe de texte simple. " * 10] * 6)
    parts = split_text(text, 700, markup="markdown")
    assert all(len(part) <= 700 for part in parts) and len(parts) > 1
    assert " ".join(parts).split() == text.split()


# -- on the real forum ----------------------------------------------------------------------------------


def seigneur_game(forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[LiveGame, Clock]:
    roles = {
        "Anna": "seigneur_loup",
        "Basile": "voyante",
        "Coline": "simple_villageois",
        "Denis": "loup_garou",
        "Emile": "simple_villageois",
        "Fanny": "loup_garou",
        "Gaspard": "sorciere",
        "Hortense": "chasseur",
        "Ignace": "loup_garou",
    }
    _first, clock, _topic = live_game(forum, tmp_path, monkeypatch, MJ, roles, 4, seed=7, title="Partie longue")
    path = tmp_path / "partie.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('ruleset = "classique"\n', 'ruleset = "classique"\nmodules = ["baguette"]\n'))
    config = load_config(path)
    from meneur.daemon.adapters import make_adapter

    return LiveGame(config, Store(config.live.database), make_adapter(config), clock), clock


def test_a_role_card_over_the_forums_limit_arrives_whole_in_two_mps(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, _clock = seigneur_game(forum, tmp_path, monkeypatch)
    game.deal()
    card = game.outbox.get("setup/role_card/Anna")
    assert 3000 < len(card.body) < 6000  # baguette's Seigneur des loups: more than spirit takes in one comment
    assert game.adapter.max_post_chars() == 3000
    game.outbox.approve(card.key)
    sent = game.outbox.send(card.key, game.adapter)
    assert sent.state == "sent"
    parts = game.outbox.parts(card.key)
    assert [(p.number, p.total, p.state) for p in parts] == [(1, 2, "sent"), (2, 2, "sent")]
    assert sent.forum_id == parts[0].forum_id

    anna = {t["title"]: t["id"] for t in forum.client("Anna").private_topics()}
    titles = [f"{card.subject} (1/2)", f"{card.subject} (2/2)"]
    assert all(title in anna for title in titles), anna
    stored = raw_comments(forum, [anna[t] for t in titles])
    texts = [stored[anna[t]] for t in titles]
    assert all(len(text) <= 3000 for text in texts)
    assert f"réf. {card.reference} (1/2)" in texts[0] and f"réf. {card.reference} (2/2)" in texts[1]
    whole = without_feet(card.body)
    joined = " ".join(without_feet(text) for text in texts)
    assert _TAGS.sub("", joined).split() == _TAGS.sub("", whole).split()  # every word of the card, once, in order


def test_a_crash_between_two_parts_sends_only_the_missing_one(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded = forum.seed(SENDER, ["Lucas", "Lucie", "Zoé"], topic_title="Partie coupée")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    topic = seeded["topic_id"]
    transport, clock = Unreliable(), Clock()
    game = game_on(write_config(forum, tmp_path, topic), transport, clock)
    body = "\n\n".join(
        f"[b]Mort n°{n}[/b] : un villageois a été retrouvé. " + "Le village pleure. " * 25 for n in range(12)
    )
    game.outbox.draft("Jour 2/morning", "morning", body, approved=True)
    original = game.adapter.reply
    calls: list[str] = []

    def reply_then_crash(text: str) -> str | None:
        calls.append(text)
        if len(calls) == 2:
            transport.next_post = "lost"  # the second part never reaches the forum: meneur stops there
        return original(text)

    game.adapter.reply = reply_then_crash  # type: ignore[method-assign]
    with pytest.raises(ForumUnavailable):
        game.outbox.send("Jour 2/morning", game.adapter)
    states = [p.state for p in game.outbox.parts("Jour 2/morning")]
    assert states[0] == "sent" and states[1] == "sending" and set(states[2:]) == {"waiting"}
    assert game.outbox.get("Jour 2/morning").state == "sending"

    # A new process (`meneur run` started again): the same database, a fresh adapter; after the settling time.
    game.adapter.reply = original  # type: ignore[method-assign]
    clock.now += SETTLE + timedelta(seconds=1)
    again = game_on(game.config, transport, clock)
    sent = again.outbox.send_ready(again.adapter)
    assert [(d.key, d.state) for d in sent] == [("Jour 2/morning", "sent")]
    parts = again.outbox.parts("Jour 2/morning")
    assert all(p.state == "sent" for p in parts) and len(parts) >= 3
    assert transport.posts_to(f"/comment/{topic}/publish/") == len(parts)  # part 2 lost once, never doubled
    text = forum.client("Lucas").read_topic_text(topic)
    for n in range(12):
        assert text.count(f"Mort n°{n}[/b]") == 1
    for part in parts:
        assert text.count(f"réf. {part.token}") == 1
    assert [text.index(f"({p.number}/{p.total})") for p in parts] == sorted(
        text.index(f"({p.number}/{p.total})") for p in parts
    )  # in order


def test_a_part_still_on_its_way_is_waited_for_then_found_not_sent_again(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded = forum.seed(SENDER, ["Lucas", "Lucie", "Zoé"], topic_title="Partie lente")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    transport, clock = Unreliable(), Clock()
    game = game_on(write_config(forum, tmp_path, seeded["topic_id"]), transport, clock)
    body = "\n\n".join(f"Paragraphe {n} de ta carte. " + "Tu es le loup. " * 30 for n in range(8))
    game.outbox.draft("setup/role_card/Lucie", "role_card", body, recipient="Lucie", subject="Ton rôle, Lucie",
                      approved=True)  # fmt: skip
    transport.next_post = "late"  # part 1 reaches the forum after meneur stopped waiting
    with pytest.raises(ForumUnavailable):
        game.outbox.send("setup/role_card/Lucie", game.adapter)
    transport.release()
    clock.now += SETTLE + timedelta(seconds=1)
    sent = game.outbox.send("setup/role_card/Lucie", game.adapter)
    assert sent.state == "sent"
    total = game.outbox.parts(sent.key)[0].total
    assert transport.posts_to("/topic/private/publish/") == total  # part 1 once (found), the others once
    titles = [t["title"] for t in forum.client("Lucie").private_topics()]
    assert [titles.count(f"Ton rôle, Lucie ({n}/{total})") for n in range(1, total + 1)] == [1] * total


def test_a_forum_refusing_a_part_for_its_length_is_reported_in_french_and_not_retried(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The MJ set max_post_chars above the forum's real limit: spirit refuses the part; the draft fails with
    a French message telling what to do, and is not sent again until the MJ approves it; lowered, it goes."""
    seeded = forum.seed(SENDER, ["Lucas", "Lucie", "Zoé"], topic_title="Partie trop longue")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    transport, clock = Unreliable(), Clock()
    config = write_config(forum, tmp_path, seeded["topic_id"])
    path = config.path
    path.write_text(
        path.read_text(encoding="utf-8").replace('engine = "spirit"\n', 'engine = "spirit"\nmax_post_chars = 4000\n')
    )
    game = game_on(load_config(path), transport, clock)
    body = "\n\n".join("Le village débat. " * 40 for _ in range(6))  # ~4300 characters: two parts of ≤ 4000
    game.outbox.draft("Jour 1/evening", "evening", body, approved=True)
    with pytest.raises(TooLong):
        game.outbox.send("Jour 1/evening", game.adapter)
    draft = game.outbox.get("Jour 1/evening")
    assert draft.state == "failed"
    assert "max_post_chars" in (draft.error or "") and "trop long" in (draft.error or "")
    assert game.outbox.send_ready(game.adapter) == []  # a failed draft waits for the MJ
    assert transport.posts_to(f"/comment/{seeded['topic_id']}/publish/") == 1

    path.write_text(path.read_text(encoding="utf-8").replace("max_post_chars = 4000", "max_post_chars = 2900"))
    game = game_on(load_config(path), transport, clock)
    game.outbox.approve("Jour 1/evening")
    assert game.outbox.send("Jour 1/evening", game.adapter).state == "sent"
    assert len(game.outbox.parts("Jour 1/evening")) == 2
    assert transport.posts_to(f"/comment/{seeded['topic_id']}/publish/") == 3


def test_two_mps_with_the_same_title_one_after_the_other_both_arrive(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two players answered at the same minute: two "ta réponse" MPs; the same reminder to two players."""
    seeded = forum.seed(SENDER, ["Lucas", "Lucie", "Zoé"], topic_title="Partie doublons")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    transport, clock = Unreliable(), Clock()
    game = game_on(write_config(forum, tmp_path, seeded["topic_id"]), transport, clock)
    for player in ("Lucas", "Lucie"):
        game.outbox.draft(f"Nuit 1/answer/{player}", "receipt", "Ta réponse est notée.", recipient=player,
                          subject="Nuit 1 — ta réponse de 22 h 14", approved=True)  # fmt: skip
    game.outbox.draft("Nuit 1/reminder/Zoé", "reminder", "Ta réponse est notée.", recipient="Zoé",
                      subject="Nuit 1 — ta réponse de 22 h 14", approved=True)  # fmt: skip
    sent = game.outbox.send_ready(game.adapter)
    assert [d.state for d in sent] == ["sent"] * 3
    assert transport.posts_to("/topic/private/publish/") == 3
    for player in ("Lucas", "Lucie", "Zoé"):
        titles = [t["title"] for t in forum.client(player).private_topics()]
        assert titles.count("Nuit 1 — ta réponse de 22 h 14") == 1, (player, titles)


def test_the_same_message_sent_twice_in_a_row_is_still_dropped_by_spirit_and_found(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hash meneur gives spirit is the message's own: a copy of the very same MP (its first try saved
    but unanswered) is still refused by spirit, and the outbox finds the first instead."""
    seeded = forum.seed(SENDER, ["Lucas", "Lucie", "Zoé"], topic_title="Partie copie")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    transport, clock = Unreliable(), Clock()
    game = game_on(write_config(forum, tmp_path, seeded["topic_id"]), transport, clock)
    draft = game.outbox.draft("Nuit 1/mp/Zoé", "result", "Tu es protégée.", recipient="Zoé",
                              subject="Nuit 1 — Zoé", approved=True)  # fmt: skip
    first = game.adapter.send_mp("Zoé", None, draft.subject or "", draft.body)
    with pytest.raises(ForumError, match="double post"):
        game.adapter.send_mp("Zoé", None, draft.subject or "", draft.body)
    assert game.outbox.send(draft.key, game.adapter).forum_id == first  # the outbox's own send finds it
    titles = [t["title"] for t in forum.client("Zoé").private_topics()]
    assert titles.count("Nuit 1 — Zoé") == 1


def test_the_outbox_shows_a_long_draft_as_one_with_its_parts(tmp_path: Path) -> None:
    outbox = Outbox(Store(tmp_path / "p.sqlite"), Clock(), "markdown")
    draft = outbox.draft("Jour 1/morning", "morning", "\n\n".join(["Un paragraphe. " * 50] * 6))
    assert outbox.planned_parts(draft, 3000) == (2, 0)
    assert outbox.planned_parts(draft, 60000) == (1, 0)
    assert outbox.parts(draft.key) == []  # cut only when it is sent, for the forum it is sent to


def test_the_mjs_page_and_the_outbox_command_show_a_long_draft_as_one_with_its_parts(
    forum: SpiritForum, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import httpx
    from meneur.daemon.cli import main
    from meneur.daemon.web import serve

    seeded = forum.seed(SENDER, ["Lucas", "Lucie", "Zoé"], topic_title="Partie affichée")
    monkeypatch.setenv("MENEUR_PASSWORD", seeded["password"])
    transport, clock = Unreliable(), Clock()
    config = write_config(forum, tmp_path, seeded["topic_id"])
    game = game_on(config, transport, clock)
    body = "\n\n".join(f"Paragraphe {n} du matin. " + "Le village se réveille. " * 25 for n in range(8))
    game.outbox.draft("Jour 1/morning", "morning", body)  # ~4900 characters: two parts on spirit
    game.outbox.draft("Jour 1/evening", "evening", "Court.")
    server, address = serve(game, port=0, token="s3cret-token")
    try:
        with httpx.Client(follow_redirects=True) as browser:
            home = browser.get(address).text
            assert home.count("trop long pour le forum : envoyé en 2 parties (0 déjà sur le forum)") == 1
            drafts = browser.get(address.split("?")[0] + "api/state").json()["drafts"]
            assert {d["key"]: d["parts"] for d in drafts} == {"Jour 1/morning": [2, 0], "Jour 1/evening": [1, 0]}
            daemon = game_on(config, transport, clock)  # `meneur run`'s own connection to the database
            daemon.outbox.approve("Jour 1/morning")
            assert daemon.outbox.send("Jour 1/morning", daemon.adapter).state == "sent"
            home = browser.get(address).text
            assert "envoyé en 2 parties (2 déjà sur le forum)" in home
    finally:
        server.shutdown()
    capsys.readouterr()
    assert main(["outbox", "list", "--config", str(config.path)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert next(line for line in listed if "Jour 1/morning" in line).endswith("(2 parties, 2 envoyée(s))")
    assert not next(line for line in listed if "Jour 1/evening" in line).endswith(")")
    assert main(["outbox", "show", "Jour 1/morning", "--config", str(config.path)]) == 0
    assert "trop long pour le forum (3000 caractères) : envoyé en 2 parties (2 déjà sur le forum)" in (
        capsys.readouterr().out
    )


def test_the_forums_words_for_a_message_too_long_are_understood() -> None:
    from meneur.daemon.adapters.base import refused_for_length

    body = "x" * 3130
    # django-spirit (Django's max_length), in French and in English
    assert refused_for_length(
        "Assurez-vous que cette valeur comporte au plus 3000 caractères (actuellement 3130).", body
    )
    assert refused_for_length("Ensure this value has at most 3000 characters (it has 3130).", body)
    # phpBB 3 (TOO_MANY_CHARS_POST), which counts without the BBCode tags: not the message's own length
    assert refused_for_length(
        "Votre message contient 61234 caractères. Le nombre maximal de caractères autorisés est de 60000.", body
    )
    assert refused_for_length(
        "Your message contains 61234 characters. The maximum number of allowed characters is 60000.", body
    )
    # other refusals are not taken for it
    assert not refused_for_length("Ce champ est obligatoire.", body)
    assert not refused_for_length("Vous ne pouvez pas envoyer de message si rapidement après le précédent.", body)
    assert not refused_for_length("Le sujet doit contenir au moins 3 caractères.", body)


def test_the_forums_limit_is_the_engines_unless_the_configuration_says_it(tmp_path: Path) -> None:
    import httpx
    from meneur.daemon.adapters import make_adapter, post_limit
    from meneur.daemon.config import ConfigError, parse_config
    from meneur.daemon.init_file import init_text

    def config(engine: str, extra: str = "") -> str:
        return (
            f'[forum]\nengine = "{engine}"\nurl = "http://127.0.0.1:9/"\n{extra}[account]\nusername = "MJ"\n'
            f'[game]\ntopic = "3"\ndatabase = "{tmp_path / "g.sqlite"}"\n[[players]]\nname = "Lucie"\n'
        )

    offline = httpx.Client(transport=httpx.MockTransport(lambda r: httpx.Response(404)))
    for engine, default in (("spirit", 3000), ("phpbb3", 60000), ("phpbb2", 60000)):
        assert make_adapter(parse_config(config(engine)), offline).max_post_chars() == default
        assert post_limit(parse_config(config(engine))) == default
        set_here = parse_config(config(engine, "max_post_chars = 20000\n"))
        assert make_adapter(set_here, offline).max_post_chars() == post_limit(set_here) == 20000
    with pytest.raises(ConfigError, match=r"max_post_chars.*200 ou plus, pas 50"):
        parse_config(config("spirit", "max_post_chars = 50\n"))
    from datetime import UTC, datetime

    for engine, default in (("spirit", "3000"), ("phpbb3", "60000")):
        line = next(
            line for line in init_text(engine, None, datetime.now(UTC)).splitlines() if "max_post_chars" in line
        )
        assert line.startswith(f"# max_post_chars = {default} ") and "par défaut" in line


def test_phpbb3_refusing_a_post_for_its_length_fails_the_draft_in_french_without_looking(tmp_path: Path) -> None:
    """A board set below meneur's default (max_post_chars 5000 in its ACP): phpBB shows the form again with
    its error; the draft fails with what to do, and meneur does not read the topic looking for it."""
    import httpx
    from meneur.tests.test_phpbb_adapters import P3, Board3, adapter3

    page = (P3 / "reply-invalid-form.html").read_text(encoding="utf-8")
    refusal = "Votre message contient 6012 caractères. Le nombre maximal de caractères autorisés est de 5000."
    assert "Le formulaire envoyé est invalide. Veuillez réessayer." in page

    class TooSmallBoard(Board3):
        def __call__(self, request: httpx.Request) -> httpx.Response:
            if request.method == "POST" and request.url.path.endswith("posting.php"):
                self.posted.append({})
                text = page.replace("Le formulaire envoyé est invalide. Veuillez réessayer.", refusal)
                return httpx.Response(200, text=text, headers={"content-type": "text/html; charset=utf-8"})
            return super().__call__(request)

    board = TooSmallBoard()
    adapter, _ = adapter3(board)
    outbox = Outbox(Store(tmp_path / "p.sqlite"), Clock(), "bbcode")
    outbox.draft("Jour 3/morning", "morning", "[b]Le village se réveille.[/b]\n\n" + "Un mort. " * 650, approved=True)
    with pytest.raises(TooLong):
        outbox.send("Jour 3/morning", adapter)
    draft = outbox.get("Jour 3/morning")
    assert draft.state == "failed" and len(board.posted) == 1
    assert draft.error is not None and "trop long" in draft.error and "max_post_chars" in draft.error
    assert refusal in draft.error
    assert not [line for line in board.log if line.startswith("GET viewtopic.php")]  # not looked for: not saved

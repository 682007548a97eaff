"""A hostile pass over the newest readers of the players' posts: what a player QUOTED is someone else's words,
on every forum layout, not only where quotes are ``<blockquote>``.

- The wolves' den (daemon/den.py, baguette): « le nom de la victime choisie dans une couleur différente du post ».
  On a phpBB 2 forum (subSilver) a quote is a ``<table>`` around ``<td class="quote">``; a wolf who quotes a
  coloured line from elsewhere did not write that colour. Expected, as an MJ reads the den: the victim is the
  one the wolf named in his own words, whatever his later post quotes.
- The mayor's posts after a tie (daemon/mayor_posts.py, trinite-meuporg): the mayor who quotes a player's post
  naming one of the tied players, and answers « Non. », has chosen nobody; the mayor who quotes a post naming
  Gaston and writes « Iris au bûcher » has chosen Iris.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from meneur.daemon.den import TOPIC as DEN
from meneur.daemon.den import den_posts
from meneur.daemon.mayor_posts import mayor_answers
from meneur.daemon.store import Store
from meneur.engine.model import Action
from meneur.engine.modules import compose
from meneur.engine.names import NameResolver, PlayerName
from meneur.engine.rulesets import ruleset
from meneur.engine.rulesets.trinite_meuporg import mayor_announcement, setup
from meneur.parsers.engines import NAMED
from meneur.parsers.layout import parse_topic_page
from meneur.parsers.records import Post

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PHPBB2_PAGE = FIXTURES / "topics" / "phpbb2" / "j3-bucher" / "page-2.html"


def test_a_phpbb2_den_post_that_quotes_a_coloured_name_does_not_choose_it(tmp_path: Path) -> None:
    """The real phpBB 2 page, read as the den: Pepito22 (a wolf) writes « Je vote contre Maxou … » in colour at
    08:50 (post 11547), then at 15:45 (post 11578) quotes Gaspard, who quoted a coloured line; in that quoted
    line we put Emile's name (only the quoted words change). Pepito22's own words in 11578 carry no colour: the
    den's victim is Maxou, chosen in 11547."""
    raw = PHPBB2_PAGE.read_bytes()
    quoted = '<span style="color:#a52a2a;">Je vote contre Pepito</span>'.encode("iso-8859-1")
    assert raw.count(quoted) == 1  # the line inside the two nested quotes of post 11578
    raw = raw.replace(quoted, b'<span style="color:#a52a2a;">Emile</span>')
    layout = NAMED["phpbb2"]
    page = parse_topic_page(raw, layout, "Europe/Paris", encoding="iso-8859-1")
    store = Store(tmp_path / "den.sqlite")
    store.record_page(DEN, page, raw, datetime(2026, 3, 17, 18, tzinfo=UTC))
    roles = {"Pepito22": "loup_garou", "Maxou": "simple_villageois", "Gaspard": "voyante", "Emile": "chasseur",
             "Zazie": "simple_villageois", "Yuna": "simple_villageois"}  # fmt: skip
    resolver = NameResolver([PlayerName(n) for n in roles])
    until = datetime(2026, 3, 17, 20, tzinfo=UTC)
    posts = den_posts(store, resolver, layout, "Le Conteur", None, until)
    by_id = {p.source: p for p in posts}
    assert by_id["11578"].author == "Pepito22"
    assert by_id["11578"].spans == ()  # quoted, twice over: not his colour
    rules = compose(ruleset("classique"), ["baguette"])
    assert rules.read_den is not None
    state = rules.setup(list(roles), 1, roles)
    assert rules.read_den(state, posts) == [Action("Pepito22", "loups.devorer", ("Maxou",), "den:11547")]


# -- the mayor's posts ----------------------------------------------------------------------------------------
NAMES = ["Alice", "Bob", "Carole", "David", "Eve", "Fanny", "Gaston", "Hugo", "Iris"]
DEADLINE = datetime(2026, 3, 14, 20, tzinfo=UTC)
TIE = {"id": "J1:maire_egalite", "to": ["Alice"], "options": ["Gaston", "Iris"]}

# Spirit renders « > text » as a blockquote; phpBB 3 renders [quote="Bob"] as blockquote > div > cite.
QUOTE_SPIRIT = "<blockquote>\n<p>Bob a écrit :<br>Gaston est louche, on le brûle.</p>\n</blockquote>\n<p>{own}</p>"
QUOTE_PHPBB3 = ('<blockquote><div><cite>Bob a écrit :</cite>Gaston est louche, on le brûle.</div></blockquote>'
                "{own}")  # fmt: skip


def mayor_post(html: str, minutes: int) -> Post:
    """A post of Alice's as the forum serves it: its HTML, and the text of it all (quotes included), as stored."""
    from lxml import html as lxml_html

    text = lxml_html.fragment_fromstring(html, create_parent="div").text_content()
    return Post(f"p{minutes}", "Alice", None, DEADLINE + timedelta(minutes=minutes), html, text, "h")


def tie_answer(posts: list[Post], layout_name: str) -> dict[str, str]:
    state = setup(NAMES, seed=1)
    resolver = NameResolver([PlayerName(n) for n in NAMES])
    return mayor_answers([TIE], posts, DEADLINE, resolver, state, mayor_announcement, layout=NAMED[layout_name])


def test_the_mayor_who_quotes_a_tied_name_and_says_no_has_not_chosen_it() -> None:
    for shape, layout in ((QUOTE_SPIRIT, "spirit"), (QUOTE_PHPBB3, "phpbb3")):
        assert tie_answer([mayor_post(shape.format(own="Non."), 2)], layout) == {}


def test_the_mayor_who_quotes_one_tied_name_and_writes_the_other_chose_the_other() -> None:
    for shape, layout in ((QUOTE_SPIRIT, "spirit"), (QUOTE_PHPBB3, "phpbb3")):
        got = tie_answer([mayor_post(shape.format(own="Je tranche : Iris au bûcher."), 2)], layout)
        assert got == {"J1:maire_egalite": "Iris"}

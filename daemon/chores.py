"""The MJ's chores that meneur takes off his hands: a player's call for help answered by MP with the list of
his powers (what he may send, its safe form and an example as players write it); a player's replacement by
another forum account (`meneur replace`, see also daemon/replace.py).

Reading a call for help is a matter of the MP's words only (:func:`asks_for_help`); the live daemon asks it
of an MP in which no order was read, so « aide : je protège Basile » stays an order."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..engine.model import GameState
from ..engine.modules import rules_for
from ..engine.names import Account
from ..parsers.records import VoteFormat
from ..vocabulary import word_key
from .drafts import DraftText, powers_of, role_cards
from .i18n import _
from .render import french_datetime, render

if TYPE_CHECKING:
    from .game import LiveGame
    from .outbox import Draft

# The first word of an MP that asks for help (« !aide », « Aide stp », « help »), once folded.
_HELP_FIRST = frozenset({"aide", "aidez", "help", "helpe", "sos"})
# Phrases that ask for help anywhere in a short MP, folded, punctuation as spaces.
_HELP_PHRASES = (
    "besoin d aide",
    "m aider",
    "aide moi",
    "aidez moi",
    "comment je fais",
    "je fais comment",
    "comment on fait",
    "on fait comment",
    "comment faire",
    "comment ca marche",
    "comment ca fonctionne",
    "comment je joue",
    "mes pouvoirs",
    "quels pouvoirs",
    "quel pouvoir",
    "mon pouvoir",
    "que puis je faire",
    "qu est ce que je peux faire",
    "je peux faire quoi",
    "j ai le droit de faire quoi",
    "quoi faire",
)
_SHORT = 25  # words: a longer MP is a letter to the MJ, not a call for help


def asks_for_help(text: str) -> bool:
    """Whether an MP asks the MJ how to play: « aide », « !aide », « aide stp », « comment je fais ? »,
    « c'est quoi mes pouvoirs ? ». Letters and accents folded; words only (no order is read here)."""
    words = word_key(text).split()
    if not words or len(words) > _SHORT:
        return False
    if words[0] in _HELP_FIRST:
        return True
    padded = f" {' '.join(words)} "
    return any(f" {phrase} " in padded for phrase in _HELP_PHRASES)


def help_reply(
    state: GameState,
    player: str,
    *,
    label: str,
    key: str,
    subject: str,
    mj: str,
    override: Path | None = None,
    markup: str = "bbcode",
    vote_format: VoteFormat | None = None,
) -> DraftText:
    """The MP that answers ``player``'s call for help: his role and camp, the powers he holds in ``state``
    (the rule set's ``powers_of``, ``help`` and ``examples``), how to vote. Drafted under ``key``."""
    rules = rules_for(state)
    me = state.player(player)
    context: dict[str, Any] = {
        "player": player,
        "label": label,
        "night": state.phase.startswith("N"),
        "role": rules.role_names.get(me.role, me.role),
        "wolves": [p.name for p in state.players if p.alive and rules.is_wolf(p) and p.name != player]
        if rules.is_wolf(me)
        else [],
        "powers": powers_of(state, player),
        "mj": mj,
    }
    body = render("help", markup, context, override, vote_format)
    return DraftText("help", player, subject, body, key)


def record_replacement(game: LiveGame, player: str, new: str, at: datetime) -> list[Draft]:
    """`meneur replace`: from ``at``, the forum account ``new`` plays for ``player``, and the account that did
    until then no longer counts. Stored (the count, the inbox and the outbox read it), the MPs already stored
    from ``at`` on given to their new owner, and drafted for the MJ: the public post (« X remplace Y ») and,
    in a game with a rule set, the player's role card sent to the newcomer. Refused (GameError) for a name
    that is no player, an empty or current account, or a moment before the last replacement of the player."""
    from .counting import account_binding, resolver_of
    from .game import TOPIC, GameError
    from .replace import replacements

    players = {p.name: p for p in game.config.players}
    if player not in players:
        raise GameError(_("{player!r} is not a player of this game").format(player=player))
    new = new.strip()
    earlier = [r for r in replacements(game.store) if r.player == player]
    if earlier:
        old = earlier[-1].new
    else:
        old = account_binding(game.store, TOPIC, resolver_of(game.config)).get(player) or Account(
            player, players[player].user_id
        )
    if not new or old.same_as(Account(new)):
        raise GameError(_("{new!r} already plays for {player}").format(new=new, player=player))
    if earlier and at < earlier[-1].at:
        raise GameError(_("{player} was already replaced at {when}: a replacement comes after it").format(
            player=player, when=earlier[-1].at.isoformat()))  # fmt: skip
    with game.store.transaction():
        cursor = game.store.db.execute(
            "insert into replacements (player, old_account, old_user_id, new_account, at) values (?, ?, ?, ?, ?)",
            [player, old.name, old.user_id, new, at.isoformat()],
        )
        number = cursor.lastrowid
        for row in list(game.store.db.query("select msg_id, author, author_id, sent_at from mps")):
            if row["sent_at"] is None or datetime.fromisoformat(str(row["sent_at"])) < at:
                continue
            account = Account(str(row["author"]), str(row["author_id"]) if row["author_id"] is not None else None)
            if account.same_as(Account(new)):
                game.store.db.execute("update mps set player = ? where msg_id = ?", [player, row["msg_id"]])
            elif account.same_as(old):
                game.store.db.execute("update mps set player = null where msg_id = ?", [row["msg_id"]])
    config = game.config
    when = french_datetime(at, config.timezone)
    context = {"player": player, "new": new, "old": old.name, "when": when}
    post = render("replacement", config.markup, context, config.templates_dir, config.vote_format)
    approved = "replacement" in config.live.auto
    made = [game.outbox.draft(f"replace/{number}/post", "replacement", post, None, None, approved)]
    if game.engine is not None:
        # The seat as it is now (an object spent, a role taken, what the rules track), not as it was dealt.
        engine = game.engine
        phase = next((d.phase for d in game.deadlines("pending") if d.phase), None)
        state = engine.day_state(phase, engine.state_before(phase)) if phase else engine.latest_state()
        card = next(c for c in role_cards(state, config.live.username, config.templates_dir, config.markup,
                                          config.vote_format) if c.recipient == player)  # fmt: skip
        intro = render("replacement_card", config.markup, context, config.templates_dir, config.vote_format)
        subject = f"Ton rôle : tu remplaces {player}"
        body = intro.rstrip() + "\n\n" + card.body
        made.append(game.outbox.draft(f"replace/{number}/role_card", "role_card", body, new, subject,
                                      "role_card" in config.live.auto))  # fmt: skip
    return made


def activity(game: LiveGame) -> list[dict[str, Any]]:
    """Who did what in each phase, for the MJ's page: for every deadline (in order), each player's posts in the
    game topic during the phase, whether his vote stood at the end of the day (a day; None at night), whether
    an order of his was understood by MP (a night power, a day power), and his last post up to the phase's
    end (ISO time, or None). Posts are attributed as the count attributes them: each player's own forum
    account (a look-alike is nobody), a replacement's newcomer from its moment on."""
    from ..engine.names import identify_account
    from .counting import account_binding, resolver_of
    from .game import TOPIC
    from .mp_answers import UNDERSTOOD
    from .replace import apply_to_posts, replacements

    resolver = resolver_of(game.config)
    bound = account_binding(game.store, TOPIC, resolver)
    posts, refused = apply_to_posts(game.store.posts(TOPIC), replacements(game.store))
    mj = game.config.live.username.strip().casefold()
    written: list[tuple[datetime, str]] = []
    for post in posts:
        if post.post_id in refused or post.author.strip().casefold() == mj:
            continue
        player = identify_account(resolver, Account(post.author, post.author_id), bound).player
        if player is not None:
            written.append((post.posted_at, player))
    names = [p.name for p in game.config.players]
    phases = []
    for deadline in game.deadlines():
        since = game.window(deadline)
        mine = [(when, who) for when, who in written if when <= deadline.at and (since is None or when > since)]
        voted: set[str] | None = None
        if deadline.kind == "day":
            voted = set(game.live_count(deadline).current)
        acted: set[str] = set()
        if game.engine is not None and deadline.phase:
            acted = {str(o["player"]) for o in game.engine.mp_outcomes(deadline.phase).values()
                     if o["outcome"] == UNDERSTOOD}  # fmt: skip
        rows = []
        for name in names:
            last = max((when for when, who in written if who == name and when <= deadline.at), default=None)
            rows.append({
                "player": name,
                "posts": sum(1 for _when, who in mine if who == name),
                "voted": None if voted is None else name in voted,
                "acted": name in acted,
                "last_post": last.isoformat() if last else None,
            })  # fmt: skip
        phases.append({"deadline": deadline.label, "phase": deadline.phase, "kind": deadline.kind,
                       "state": deadline.state, "players": rows})  # fmt: skip
    return phases

"""The day's vote count from the posts of the game topic, as a careful MJ does it by hand.

Input: posts with the vote mentions the parser found in them, the roster, the deadline.
Output: each living player's standing vote, the tally, and a warning for everything the MJ
should know about (malformed votes, dead or unknown names, typos, late or edited posts).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from ..vocabulary import MENTION_CAP, Post, VoteMention, VoteStatus
from .messages import N_, Message
from .names import Account, Match, NameResolver, bind_accounts, identify_account
from .tally import Modifier, Tally, tally

WARNINGS_PER_CAUSE = 3  # unformatted votes warned about one by one in a post; the rest in one warning
DEAD_TARGET = N_("{voter} voted against {target}, who is dead: not counted.")


class WarningKind(StrEnum):
    VOTE_NOT_BOLD = "vote_not_bold"
    VOTE_WRONG_COLOUR = "vote_wrong_colour"
    VOTE_WRONG_WORDING = "vote_wrong_wording"  # "Je vote pour X" in a post with no vote in the right words
    VOTER_NOT_PLAYER = "voter_not_player"
    VOTER_OTHER_ACCOUNT = "voter_other_account"  # a second forum account whose name resolves to a player
    VOTER_DEAD = "voter_dead"
    TARGET_UNKNOWN = "target_unknown"
    TARGET_DEAD = "target_dead"
    TARGET_AMBIGUOUS = "target_ambiguous"
    TARGET_FUZZY = "target_fuzzy"
    AFTER_DEADLINE = "after_deadline"
    EDITED_VOTE = "edited_vote"
    VOTE_REFUSED = "vote_refused"  # the rule set forbids this vote (e.g. lovers); the earlier one stands
    SEVERAL_VOTES = "several_votes"
    MJ_CORRECTED = "mj_corrected"  # the MJ said what this post's vote is
    MJ_IGNORED = "mj_ignored"  # the MJ said this post holds no vote
    POST_DELETED = "post_deleted"  # a post holding a vote is gone from the forum


@dataclass(frozen=True, slots=True)
class CountWarning:
    post_id: str
    kind: WarningKind
    text: Message  # for the MJ, names as players wrote them; daemon/i18n.py renders it in the MJ's language

    @property
    def message(self) -> str:
        """The warning in English (the MJ reads ``i18n.render(warning.text)``)."""
        return str(self.text)


@dataclass(frozen=True, slots=True)
class CountedVote:
    post_id: str
    voter: str
    target: str
    posted_at: datetime


@dataclass(frozen=True, slots=True)
class Roster:
    """The players in the MJ's order, and who among them is dead."""

    players: tuple[str, ...]
    dead: frozenset[str] = frozenset()

    @property
    def living(self) -> tuple[str, ...]:
        return tuple(p for p in self.players if p not in self.dead)


@dataclass(frozen=True, slots=True)
class DayCount:
    standing: dict[str, CountedVote]  # voter → the vote that stands
    tally: Tally
    warnings: tuple[CountWarning, ...]
    last_post_id: str | None  # the last post taken into account (at or before the deadline)
    deadline: datetime | None
    history: tuple[CountedVote, ...] = ()  # every vote that was counted, in time order (changes included)

    @property
    def current(self) -> dict[str, str]:
        return {voter: vote.target for voter, vote in self.standing.items()}


@dataclass(frozen=True, slots=True)
class PostVotes:
    post: Post
    mentions: tuple[VoteMention, ...]
    deleted: bool = False  # gone from the forum: its vote no longer counts (the MJ is told)


def count_day(
    posts: Iterable[PostVotes],
    roster: Roster,
    resolver: NameResolver,
    deadline: datetime | None = None,
    weights: dict[str, int] | None = None,
    modifiers: Sequence[Modifier] = (),
    refusal: Callable[[str, str], str | Message | None] | None = None,
    since: datetime | None = None,
    corrections: Mapping[str, str | None] | None = None,
    accounts: Mapping[str, Account] | None = None,
) -> DayCount:
    """Standing votes, tally and warnings. Posts are taken in the forum's time order, then page order.

    ``since`` is the end of the previous phase when one topic holds several days: posts stamped at
    or before it belong to an earlier day and are left out. ``corrections`` are the MJ's readings of
    posts, by post id: a player's name (the post is a vote against them, whatever its wording or
    format) or None (the post holds no vote). They replace what the parser read, not the rules: a
    late post, a dead voter or a dead target still do not count. ``refusal`` says why the rules refuse a
    vote (a Message, or a plain string shown as it is).

    ``accounts`` binds each player to one forum account (``bind_accounts``); by default it is
    derived from these posts, earlier days included. A post by another account whose name only
    resolves to a player ("Lucas_", a Cyrillic look-alike) is not that player's."""
    posts = list(posts)
    if accounts is None:
        by_time = sorted(enumerate(posts), key=lambda item: (item[1].post.posted_at, item[0]))
        accounts = bind_accounts(resolver, (Account(e.post.author, e.post.author_id) for _, e in by_time))
    ordered = sorted(
        ((i, e) for i, e in enumerate(posts) if since is None or e.post.posted_at > since),
        key=lambda item: (item[1].post.posted_at, item[0]),
    )
    standing: dict[str, CountedVote] = {}
    history: list[CountedVote] = []
    warnings: list[CountWarning] = []
    last_post_id: str | None = None
    fixes = corrections or {}
    for _, entry in ordered:
        post = entry.post
        late = deadline is not None and post.posted_at > deadline
        if entry.deleted:
            if any(m.status is VoteStatus.OK for m in entry.mentions):
                warnings.append(
                    CountWarning(
                        post.post_id,
                        WarningKind.POST_DELETED,
                        Message.of(
                            N_("{author}'s post holding a vote is no longer on the forum (deleted): not counted."),
                            author=post.author,
                        ),
                    )
                )
            continue
        if not late:
            last_post_id = post.post_id
        if post.post_id in fixes:
            vote = _corrected_vote(post, fixes[post.post_id], roster, resolver, late, warnings, accounts)
        else:
            vote = _post_vote(entry, roster, resolver, deadline, warnings, accounts)
        reason = refusal(vote.voter, vote.target) if vote is not None and refusal is not None else None
        if vote is not None and reason:
            text = reason if isinstance(reason, Message) else Message(reason)  # a plain str is shown as it is
            warnings.append(CountWarning(vote.post_id, WarningKind.VOTE_REFUSED, text))
            vote = None
        if vote is not None:
            standing[vote.voter] = vote
            history.append(vote)
    result = tally({v: c.target for v, c in standing.items()}, roster.living, weights, modifiers)
    return DayCount(standing, result, tuple(warnings), last_post_id, deadline, tuple(history))


def _corrected_vote(
    post: Post,
    target: str | None,
    roster: Roster,
    resolver: NameResolver,
    late: bool,
    warnings: list[CountWarning],
    accounts: Mapping[str, Account],
) -> CountedVote | None:
    """A post the MJ has read for the counter: a vote against ``target``, or no vote at all."""

    def warn(kind: WarningKind, template: str, **params: str | float | Message | tuple[str, ...]) -> None:
        warnings.append(CountWarning(post.post_id, kind, Message.of(template, **params)))

    if target is None:
        warn(WarningKind.MJ_IGNORED, N_("{author}'s post is ignored (MJ's correction)."), author=post.author)
        return None
    if late:
        warn(WarningKind.AFTER_DEADLINE, N_("{author} voted after the deadline: not counted."), author=post.author)
        return None
    voter = _living_voter(post, roster, resolver, warnings, accounts)
    if voter is None:
        return None
    if target not in roster.players:
        warn(
            WarningKind.TARGET_UNKNOWN,
            N_('the MJ\'s correction names "{target}", who is not a player: not counted.'),
            target=target,
        )
        return None
    if target in roster.dead:
        warn(WarningKind.TARGET_DEAD, DEAD_TARGET, voter=voter, target=target)
        return None
    warn(
        WarningKind.MJ_CORRECTED,
        N_("{voter}'s post counts as a vote against {target} (MJ's correction)."),
        voter=voter,
        target=target,
    )
    return CountedVote(post.post_id, voter, target, post.posted_at)


def _post_vote(
    entry: PostVotes,
    roster: Roster,
    resolver: NameResolver,
    deadline: datetime | None,
    warnings: list[CountWarning],
    accounts: Mapping[str, Account],
) -> CountedVote | None:
    post = entry.post
    late = deadline is not None and post.posted_at > deadline

    def warn(kind: WarningKind, template: str, **params: str | float | Message | tuple[str, ...]) -> None:
        warnings.append(CountWarning(post.post_id, kind, Message.of(template, **params)))

    formatted = [m for m in entry.mentions if m.status is VoteStatus.OK]
    unformatted: dict[VoteStatus, int] = {}
    for mention in entry.mentions:
        if mention.status in (VoteStatus.OK, VoteStatus.WRONG_WORDING):
            continue
        seen = unformatted[mention.status] = unformatted.get(mention.status, 0) + 1
        if seen > WARNINGS_PER_CAUSE:
            continue  # one post of a thousand malformed votes is not a thousand warnings
        if mention.status is VoteStatus.NOT_BOLD:
            warn(
                WarningKind.VOTE_NOT_BOLD,
                N_('{author} wrote "Je vote contre {target}" without bold: not counted.'),
                author=post.author,
                target=mention.target,
            )
        elif mention.status is VoteStatus.WRONG_COLOUR:
            warn(
                WarningKind.VOTE_WRONG_COLOUR,
                N_('{author} wrote "Je vote contre {target}" in {colour}: not counted.')
                if mention.colour
                else N_('{author} wrote "Je vote contre {target}" with no colour: not counted.'),
                author=post.author,
                target=mention.target,
                colour=mention.colour or "",
            )
    for status, seen in unformatted.items():
        if seen > WARNINGS_PER_CAUSE:
            more = seen - WARNINGS_PER_CAUSE
            kind = WarningKind.VOTE_NOT_BOLD if status is VoteStatus.NOT_BOLD else WarningKind.VOTE_WRONG_COLOUR
            if len(entry.mentions) >= MENTION_CAP:  # the parser stopped reading: there may be more
                text = Message.counted(
                    N_("{author}'s post holds at least {count} more such unformatted vote: none counted."),
                    "{author}'s post holds at least {count} more such unformatted votes: none counted.",
                    more,
                    author=post.author,
                )
            else:
                text = Message.counted(
                    N_("{author}'s post holds {count} more such unformatted vote: none counted."),
                    "{author}'s post holds {count} more such unformatted votes: none counted.",
                    more,
                    author=post.author,
                )
            warnings.append(CountWarning(post.post_id, kind, text))
    if not formatted:  # "Je vote pour X" beside a real vote is talk; alone, it is a vote in the wrong words
        wrong = [m for m in entry.mentions if m.status is VoteStatus.WRONG_WORDING and m.target]
        for mention in wrong[:WARNINGS_PER_CAUSE]:
            warn(
                WarningKind.VOTE_WRONG_WORDING,
                N_('{author} wrote "Je vote pour {target}": the vote\'s form is "Je vote contre X": not counted.'),
                author=post.author,
                target=mention.target,
            )
        return None
    if late:
        warn(WarningKind.AFTER_DEADLINE, N_("{author} voted after the deadline: not counted."), author=post.author)
        return None
    if len(formatted) > 1:
        names = ", ".join(m.target for m in formatted[:5]) + (", …" if len(formatted) > 5 else "")
        warn(
            WarningKind.SEVERAL_VOTES,
            N_("{author} cast {cast} or more votes in one post ({names}): only the last one is read.")
            if len(entry.mentions) >= MENTION_CAP
            else N_("{author} cast {cast} votes in one post ({names}): only the last one is read."),
            author=post.author,
            cast=len(formatted),
            names=names,
        )
    if post.edit is not None:
        warnings.append(CountWarning(post.post_id, WarningKind.EDITED_VOTE, _edited_message(post, deadline)))
    mention = formatted[-1]
    voter = _living_voter(post, roster, resolver, warnings, accounts)
    if voter is None:
        return None
    found = resolver.resolve_vote(mention.target, mention.written)
    if found.match is Match.AMBIGUOUS:
        warn(
            WarningKind.TARGET_AMBIGUOUS,
            N_('{voter} voted against "{target}", which could be {candidates}: not counted.'),
            voter=voter,
            target=mention.target,
            candidates=tuple(found.candidates),
        )
        return None
    if found.player is None:
        if mention.target:
            warn(
                WarningKind.TARGET_UNKNOWN,
                N_('{voter} voted against "{target}", who is not a player: not counted.'),
                voter=voter,
                target=mention.target,
            )
        else:
            warn(WarningKind.TARGET_UNKNOWN, N_("{voter} voted against no name: not counted."), voter=voter)
        return None
    if found.player in roster.dead:
        warn(WarningKind.TARGET_DEAD, DEAD_TARGET, voter=voter, target=found.player)
        return None
    if found.match is Match.FUZZY:
        warn(
            WarningKind.TARGET_FUZZY,
            N_('{voter} voted against "{target}", read as {player} (similarity {score:.0f}%): counted, check it.'),
            voter=voter,
            target=mention.target,
            player=found.player,
            score=found.score,
        )
    return CountedVote(post.post_id, voter, found.player, post.posted_at)


def _living_voter(
    post: Post,
    roster: Roster,
    resolver: NameResolver,
    warnings: list[CountWarning],
    accounts: Mapping[str, Account],
) -> str | None:
    """The post's author as a living player, or None with the warning that says why not."""
    found = identify_account(resolver, Account(post.author, post.author_id), accounts)
    voter = found.player
    if found.other_account_of is not None:
        warnings.append(
            CountWarning(
                post.post_id,
                WarningKind.VOTER_OTHER_ACCOUNT,
                Message.of(
                    N_(
                        "{account} is another forum account than {player}'s ({players_account}), though its name "
                        "reads the same: vote not counted."
                    ),
                    account=account_message(Account(post.author, post.author_id)),
                    player=found.other_account_of,
                    players_account=account_message(found.players_account) if found.players_account else "?",
                ),
            )
        )
        return None
    if voter is None:
        warnings.append(
            CountWarning(
                post.post_id,
                WarningKind.VOTER_NOT_PLAYER,
                Message.of(N_("{author} is not a player: vote not counted."), author=post.author),
            )
        )
        return None
    if voter in roster.dead:
        warnings.append(
            CountWarning(
                post.post_id, WarningKind.VOTER_DEAD, Message.of(N_("{voter} is dead: vote not counted."), voter=voter)
            )
        )
        return None
    return voter


def account_message(account: Account) -> Message:
    """A forum account as the MJ reads it: its name, and its number when the forum shows one."""
    if account.user_id:
        return Message.of(N_('"{name}" (user {user_id})'), name=account.name, user_id=account.user_id)
    return Message.of(N_('"{name}"'), name=account.name)


def _edited_message(post: Post, deadline: datetime | None) -> Message:
    assert post.edit is not None
    if post.edit.edited_at is not None and deadline is not None and post.edit.edited_at > deadline:
        template = N_("{author}'s post holding a vote was edited after the deadline ({edit}): check the vote.")
    else:
        template = N_("{author}'s post holding a vote was edited ({edit}): check the vote.")
    return Message.of(template, author=post.author, edit=post.edit.raw)

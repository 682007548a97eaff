"""``meneur probe PAGE.html``: propose a home-made forum's ``[forum.selectors]`` from one saved topic
page, then show what meneur reads with them, for the MJ to confirm before pasting them.

The analysis is ``parsers/probe.py`` (pure); this module reads the file and speaks to the MJ.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path
from typing import Any

from ..engine.messages import N_
from ..parsers.dates import zone
from ..parsers.probe import ProbeFailed, ProbeResult, probe_page, selectors_toml
from ..parsers.records import ParseError, VoteStatus
from .i18n import _, ngettext

log = logging.getLogger(__name__)

MAX_BYTES = 50 * 1024 * 1024  # a saved topic page is a few hundred kB; past this it is not one

_FAILED = {
    "empty": N_("the file is empty"),
    "not_html": N_("this is not an HTML page ({detail})"),
    "no_dates": N_(
        "no date with a time of day on this page, so no post could be found: is it a topic page, saved "
        "whole (File > Save page as…)?"
    ),
    "no_posts": N_(
        "no repeated post block found: the dates on this page do not sit in blocks of the same shape; "
        "write [forum.selectors] by hand (see README, the generic forum)"
    ),
    "single_post": N_(
        "no two dates on this page sit in blocks of the same shape: one post at most; save a page with "
        "several posts, so that the shape they share shows"
    ),
    "not_in_order": N_(
        "blocks with a name and a date, but their dates are not in order: a list of forums or topics (a board "
        "index), not the posts of a topic"
    ),
    "no_body": N_("blocks that look like posts, but not where their text is: write content by hand"),
    "no_author": N_("blocks that look like posts, but not their author (no profile link nor name-like element)"),
    "no_post_selector": N_("blocks that look like posts, but no selector picks exactly them on the page"),
    "no_post_id": N_("blocks that look like posts, but no number that identifies each one (an id, a named anchor)"),
}

_MISSING = {
    "author_id": N_("author_id: no profile link with a member number; posts are matched to players by name"),
    "edit_notice": N_('edit_notice: no "modifié par X le …" on this page; probe a page with an edited post to find it'),
    "quote": N_("quote: no quote on this page; blockquote is assumed, probe a page with a quote to be sure"),
    "pagination": N_("pagination: no page links found (a topic on one page?); probe a page of a longer topic"),
    "pagination_current": N_("pagination.current: the current page is not marked; meneur will take it for page 1"),
    "date_regex": N_("date: the date could not be cut out of the text around it; check the dates below"),
    "marker": N_("marker: no container of its own around the posts; meneur will not tell another page from a topic"),
}

_STATUS = {
    VoteStatus.OK: N_("would count"),
    VoteStatus.NOT_BOLD: N_("would not count: not bold"),
    VoteStatus.WRONG_COLOUR: N_("would not count: not in the vote colour"),
    VoteStatus.WRONG_WORDING: N_('would not count: "vote pour" is not the vote\'s wording'),
}


def add_probe_command(commands: Any) -> None:
    probe = commands.add_parser(
        "probe",
        help=_("propose [forum.selectors] for a home-made forum from one saved topic page"),
        description=_(
            "Find the repeated post block of a saved topic page, propose the [forum.selectors] that read "
            "it (post, id, author, date, body, quotes, pagination), then show the posts and votes meneur "
            "reads with them, for the MJ to check before pasting them into the configuration."
        ),
    )
    probe.add_argument("page", metavar="PAGE.html", help=_("a topic page of the forum, saved whole"))
    probe.add_argument("--tz", default="Europe/Paris", help=_("the forum's time zone (default Europe/Paris)"))
    probe.set_defaults(handler=cmd_probe)


def _refuse(message: str) -> Exception:
    from .cli import UsageError  # cli imports this module: the error class is taken when needed

    return UsageError(message)


def _read(path: Path) -> bytes:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise _refuse(
                _("{path}: {size} MB, too big for a topic page").format(path=path, size=size // (1024 * 1024))
            )
        return path.read_bytes()
    except IsADirectoryError as exc:
        raise _refuse(_("{path} is a folder, not a page").format(path=path)) from exc
    except OSError as exc:
        raise _refuse(_("cannot read {path}: {error}").format(path=path, error=exc.strerror or exc)) from exc


def cmd_probe(args: argparse.Namespace) -> int:
    try:
        zone(args.tz)
    except ParseError as exc:
        raise _refuse(_("--tz: {error}").format(error=exc)) from exc
    path = Path(args.page)
    raw = _read(path)
    try:
        result = probe_page(raw, args.tz)
    except ProbeFailed as exc:
        why = _(_FAILED.get(exc.reason, N_("no selectors could be proposed ({detail})")))
        raise _refuse(_("{path}: {why}").format(path=path, why=why.format(detail=exc.detail or exc.reason))) from exc
    except RecursionError as exc:  # lxml's own limits are handled; this is a last guard, never a traceback
        raise _refuse(_("{path}: the page nests too deep to be read").format(path=path)) from exc
    except Exception as exc:  # a page no test foresaw: one line for the MJ, the details in the debug log
        log.debug("probe failed on %s", path, exc_info=True)
        raise _refuse(
            _("{path}: meneur could not analyse this page ({error}); please report it with the page").format(
                path=path, error=f"{type(exc).__name__}: {exc}"
            )
        ) from exc
    sys.stdout.write("\n".join(report_lines(path, result, args.tz)) + "\n")
    return 0 if result.page is not None else 1


def report_lines(path: Path, result: ProbeResult, tz: str) -> list[str]:
    proposal = result.proposal
    lines = [
        _("{path}: {count} posts found, each one a block {post}").format(
            path=path, count=proposal.blocks, post=proposal.selectors["post"]
        ),
        "",
        _('Selectors to paste into the configuration, under [forum] with engine = "generic":'),
        "",
    ]
    if proposal.date_format:
        lines.append(
            "# "
            + _("dates as the forum writes them: {example} (format {format})").format(
                example=f"« {proposal.date_example} »", format=proposal.date_format
            )
        )
    lines.extend(selectors_toml(proposal.selectors))
    lines.append("")
    notes = [_(_MISSING[key]) for key in proposal.missing if key in _MISSING]
    if proposal.relative_dates:
        notes.insert(
            0,
            _(
                "date: {n} posts are dated relatively ({example}); meneur reads only full dates: set the MJ "
                "account's profile to show them, or these posts cannot be counted"
            ).format(n=len(proposal.relative_dates), example=f"« {proposal.relative_dates[0]} »"),
        )
    if notes:
        lines.append(_("Not found on this page (said rather than guessed):"))
        lines.extend(f"  - {note}" for note in notes)
        lines.append("")
    if result.page is None:
        lines.append(_("Read with these selectors, the page is refused: {error}").format(error=result.refused))
        lines.append(_("Correct the selectors by hand, then check them with meneur count --config."))
        return lines
    page = result.page
    where = zone(tz)
    lines.append(
        _("Read with these selectors: {count} posts, page {current} of {last}. Check them against the page:").format(
            count=len(page.posts), current=page.pagination.current, last=page.pagination.last
        )
    )
    counted = 0
    bold_only = 0
    for number, post in enumerate(page.posts, 1):
        who = post.author + (f" (id {post.author_id})" if post.author_id else "")
        when = post.posted_at.astimezone(where).strftime("%d/%m/%Y %H:%M")
        start = post.content_text[:70] + ("…" if len(post.content_text) > 70 else "")
        edited = "  " + _("[edited]") if post.edit is not None else ""
        lines.append(f"  {number:>2}. #{post.post_id}  {who}  {when}  « {start} »{edited}")
        for mention in page.votes_of(post.post_id) or ():
            status = _(_STATUS.get(mention.status, N_("would not count")))
            lines.append("        " + _("vote: « Je vote contre {target} »: {status}").format(
                target=mention.target, status=status))  # fmt: skip
            counted += mention.status is VoteStatus.OK
            bold_only += mention.status is VoteStatus.WRONG_COLOUR and mention.bold and mention.colour is None
    lines.append("")
    lines.append(_("Votes that would count with the default [votes] (bold and brown): {n}.").format(n=counted))
    if bold_only:
        lines.append(
            ngettext(
                "{n} vote is bold without a colour: on a forum without colours (Markdown), set "
                "require_colour = false under [votes].",
                "{n} votes are bold without a colour: on a forum without colours (Markdown), set "
                "require_colour = false under [votes].",
                bold_only,
            ).format(n=bold_only)
        )
    return lines

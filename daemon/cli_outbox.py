"""``meneur outbox``: the drafts waiting for the MJ, listed, shown, approved, edited (in the MJ's editor),
discarded or sent."""

from __future__ import annotations

import argparse
import os
import sys
from datetime import timedelta
from pathlib import Path

from .adapters import post_limit
from .cli_common import _adapter, _config, _now, _reaching, _store
from .config import require_secrets
from .i18n import _
from .labels import label
from .outbox import Outbox, OutboxError


def cmd_outbox(args: argparse.Namespace) -> int:
    config = _config(args)
    store = _store(config)
    outbox = Outbox(
        store, _now, "markdown" if config.engine == "spirit" else "bbcode", settle=timedelta(seconds=config.live.settle)
    )
    if args.action == "list":
        drafts = outbox.drafts(args.state)
        states = max((len(label(d.state)) for d in drafts), default=0)
        kinds = max((len(label(d.kind)) for d in drafts), default=0)
        limit = post_limit(config)
        for draft in drafts:
            total, sent = outbox.planned_parts(draft, limit)
            print(
                f"{label(draft.state):{states}} {label(draft.kind):{kinds}} {draft.key}"
                + (f" → {draft.recipient}" if draft.recipient else "")
                + (" " + _("({total} parts, {sent} sent)").format(total=total, sent=sent) if total > 1 else "")
            )
        return 0
    if not args.key and args.action != "send":
        print(_("meneur: error: outbox {action} needs a draft key").format(action=args.action), file=sys.stderr)
        return 2
    if args.action == "show":
        draft = outbox.get(args.key)
        print(
            f"{draft.key} [{label(draft.state)}] {label(draft.kind)}"
            + (f" → {draft.recipient}" if draft.recipient else "")
        )
        if draft.error:
            print(_("last error: {error}").format(error=draft.error))
        total, sent = outbox.planned_parts(draft, post_limit(config))
        if total > 1:
            print(
                _("too long for the forum ({limit} characters): sent in {total} parts ({sent} on the forum)").format(
                    limit=post_limit(config), total=total, sent=sent
                )
            )
        print(draft.body)
    elif args.action == "approve":
        print(_("{key}: approved").format(key=outbox.approve(args.key).key))
    elif args.action == "discard":
        print(_("{key}: discarded (it will not be sent)").format(key=outbox.discard(args.key).key))
    elif args.action == "edit":
        if args.file:
            body = Path(args.file).read_text(encoding="utf-8")
        elif sys.stdin.isatty():
            body = _edit_in_editor(outbox.get(args.key).body, outbox.markup)
        else:
            body = sys.stdin.read()
        if not body.strip():
            print(_("meneur: error: the new text is empty: the draft is left as it was"), file=sys.stderr)
            return 2
        print(_("{key}: edited (approve it to send)").format(key=outbox.edit(args.key, body).key))
    elif args.action == "send":
        require_secrets(config)
        adapter = _adapter(config, store)
        with _reaching(config, adapter):
            drafts = [outbox.send(args.key, adapter)] if args.key else outbox.send_ready(adapter)
        for draft in drafts:
            if draft.forum_id:
                print(
                    _("{key}: {state} (forum id {id})").format(
                        key=draft.key, state=label(draft.state), id=draft.forum_id
                    )
                )
            else:
                print(f"{draft.key}: {label(draft.state)}")
    return 0


def _edit_in_editor(text: str, markup: str) -> str:
    """The draft opened in the MJ's editor ($VISUAL, $EDITOR, else vi), as git does; its text when it closes."""
    import shlex
    import subprocess
    import tempfile

    editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
    suffix = ".md" if markup == "markdown" else ".txt"
    with tempfile.TemporaryDirectory(prefix="meneur-") as folder:  # the draft may hold secret roles: 0700
        path = Path(folder) / f"brouillon{suffix}"
        path.write_text(text if text.endswith("\n") else text + "\n", encoding="utf-8")
        status = subprocess.call([*shlex.split(editor), str(path)])
        if status != 0:
            raise OutboxError(_("the editor ({editor}) stopped with status {status}: the draft is left as it was")
                              .format(editor=editor, status=status))  # fmt: skip
        return path.read_text(encoding="utf-8")

"""Alerts and the outbox in the MJ's language: `meneur alerts` and `meneur outbox`, the alerts the poller
opens, the outbox's refusals — French by default, English with MENEUR_LANG=en."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from meneur.daemon.cli import main
from meneur.daemon.outbox import Outbox
from meneur.daemon.poller import DEEP_ALERT, add_alert
from meneur.daemon.store import Store


def a_game(tmp_path: Path) -> Path:
    database = tmp_path / "partie.sqlite"
    config = tmp_path / "partie.toml"
    config.write_text(
        '[forum]\nengine = "spirit"\nurl = "http://127.0.0.1:9/"\n[account]\nusername = "MJ"\n'
        f'[game]\ntopic = "3"\ndatabase = "{database}"\n[[players]]\nname = "Lucas"\n[[players]]\nname = "Zoé"\n',
        encoding="utf-8",
    )
    store = Store(database)
    outbox = Outbox(store, lambda: datetime.now(UTC))
    outbox.draft("Jour 1/evening", "evening", "Le village a brûlé Zoé.")
    outbox.draft("Jour 1/mp/Lucas/1", "mp", "Action reçue.", recipient="Lucas")
    outbox.approve("Jour 1/mp/Lucas/1")
    add_alert(store, f"{DEEP_ALERT}:2", "topic page 2 holds a post nested too deep", datetime.now(UTC))
    return config


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_outbox_and_alerts_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = str(a_game(tmp_path))
    code, out, _ = run(capsys, "outbox", "list", "--config", config)
    assert code == 0
    assert out.splitlines() == [
        "brouillon message du soir Jour 1/evening",
        "approuvé  MP              Jour 1/mp/Lucas/1 → Lucas",
    ]
    code, out, _ = run(capsys, "alerts", "--config", config)
    assert code == 1 and "[message trop imbriqué : 2] topic page 2" in out
    code, out, _ = run(capsys, "outbox", "approve", "Jour 1/evening", "--config", config)
    assert code == 0 and out == "Jour 1/evening : approuvé\n"
    code, _, err = run(capsys, "outbox", "edit", "nope", "--file", config, "--config", config)
    assert code == 2 and err == "meneur : erreur : aucun brouillon de clé 'nope'\n"
    code, _, err = run(capsys, "outbox", "show", "--config", config)
    assert code == 2 and err == "meneur : erreur : outbox show demande la clé d'un brouillon\n"


def test_outbox_and_alerts_in_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    config = str(a_game(tmp_path))
    monkeypatch.setenv("MENEUR_LANG", "en")
    code, out, _ = run(capsys, "outbox", "list", "--config", config)
    assert code == 0 and out.splitlines() == [
        "drafted  evening post Jour 1/evening",
        "approved MP           Jour 1/mp/Lucas/1 → Lucas",
    ]
    code, out, _ = run(capsys, "alerts", "--config", config)
    assert code == 1 and "[post nested too deep: 2] topic page 2" in out
    code, _, err = run(capsys, "outbox", "edit", "nope", "--file", config, "--config", config)
    assert code == 2 and err == "meneur: error: no draft with key 'nope'\n"

"""Every scenario file through every path that reads events: `tablectl replay`, `tablectl export`
in each format, and a daemon restoring a journal of it. None may raise; each agrees with replay.

The check that was missing when a fouled deck's "all bets returned" notice crashed the hand
history builder: replay and the scenario tests passed while export and the daemon died on the
same file (issue 9, item 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_files import every

from tablectl.cli import main
from tablectl.cli.export import FORMATS, histories
from tablectl.cli.replay import replay_file
from tablectl.daemon.journal import Journal
from tablectl.daemon.loop import Daemon, ScriptSource
from tablectl.engine.events import parse_line

FILES = every()


def _journal_of(path: Path, db: Path) -> int:
    """The scenario's events as the daemon would have journaled them; returns the count."""
    n = 0
    with Journal(db, synchronous="NORMAL") as journal:
        for text in path.read_text(encoding="utf-8").splitlines():
            event = parse_line(text).event
            if event is not None:
                journal.append(event, 0)
                n += 1
    return n


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_replay_export_and_restore_never_raise(
    path: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    replayed = replay_file(path)
    assert replayed.ok, "\n".join(replayed.failures)
    assert replayed.table is not None

    exported = histories(path)
    assert exported.problems == []
    assert exported.stacks == replayed.table.stacks()
    for fmt in FORMATS:
        out = tmp_path / fmt
        assert main(["export", "--journal", str(path), "--format", fmt, "--out", str(out)]) == 0
        written = list(out.iterdir()) if out.exists() else []
        assert len(written) >= len(exported.hands)
    assert "Traceback" not in capsys.readouterr().err

    db = tmp_path / "journal.db"
    events = _journal_of(path, db)
    source = ScriptSource(path, skip=events - 1)
    daemon = Daemon(db, None, source, histories=tmp_path / "hist")
    daemon.restore()
    try:
        assert daemon.stats.bad_rows == 0
        assert daemon.stats.replayed == events - 1
        assert daemon.table.stacks() == replayed.table.stacks()
        assert daemon.builder.problems == []
        hist = tmp_path / "hist"
        names = sorted(p.name for p in hist.iterdir()) if hist.exists() else []
        assert names == [f"hand-{h.number:06d}.txt" for h in exported.hands]
    finally:
        assert daemon.journal is not None
        daemon.journal.close()


def test_the_fouled_deck_scenario_is_among_them() -> None:
    names = {p.name for p in FILES}
    assert {
        "cards_fouled_deck_bets_returned.jsonl",
        "cards_foreign_deck_card.jsonl",
        "basic_hand.jsonl",
    } <= names

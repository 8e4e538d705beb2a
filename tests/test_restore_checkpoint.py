"""Restore from a checkpoint (issue 14 item 3): the daemon stores the table at each hand's end,
and a restart loads the latest checkpoint and replays only the rows after it. Checked against a
full replay of the same journal cut at many rows (a crash mid-hand, between hands): the same
state, the same view, the same rulings for whatever comes next."""

from __future__ import annotations

import io
import json
import logging
import pickle
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from test_daemon_session import make_session

from tablectl.daemon.journal import SCHEMA_VERSION, Journal
from tablectl.daemon.loop import Daemon, ScriptSource
from tablectl.engine.events import parse_line
from tablectl.engine.table import Table


def _session(tmp: Path, seed: int, hands: int, faults: bool) -> tuple[Path, list[str]]:
    script = tmp / f"session-{seed}.jsonl"
    lines = make_session(seed, hands, faults=faults)
    script.write_text("\n".join(lines) + "\n")
    journal = tmp / f"journal-{seed}.db"
    source = ScriptSource(script)
    assert Daemon(journal, source.setup, source).run() == 0
    return journal, lines


def _cut(journal: Path, dest: Path, keep: int) -> None:
    """The journal as a crash after row ``keep`` would have left it."""
    with Journal(journal) as j:
        j._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    shutil.copy(journal, dest)
    db = sqlite3.connect(dest)
    with db:
        db.execute("DELETE FROM checkpoints WHERE row_id > ?", (keep,))
        db.execute("DELETE FROM hands WHERE first_event > ?", (keep,))
        db.execute("DELETE FROM events WHERE id > ?", (keep,))
    db.close()


def _full_replay(journal: Path) -> Table:
    with Journal(journal, readonly=True) as j:
        setup = j.setup()
        assert setup is not None
        table = Table.from_setup(setup)
        j.replay_into(table)
    return table


def _restored(journal: Path, script: Path) -> tuple[Daemon, int]:
    daemon = Daemon(journal, None, ScriptSource(script))
    daemon.restore()
    assert daemon.journal is not None
    after = 0
    checkpoint = daemon.journal.latest_checkpoint()
    if checkpoint is not None:
        after = checkpoint.row_id
    daemon.journal.close()
    return daemon, after


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_checkpoint_restore_is_a_full_replay(tmp_path: Path, seed: int) -> None:
    journal, _ = _session(tmp_path, seed, 12, faults=seed % 2 == 0)
    with Journal(journal) as j:
        rows = list(j.rows())
        checkpoints = [r[0] for r in j._db.execute("SELECT row_id FROM checkpoints")]
    assert checkpoints, "no checkpoint written at a hand's end"
    rng = random.Random(seed)
    cuts = sorted(
        {
            len(rows),
            *rng.sample(range(2, len(rows)), 12),
            *checkpoints,
            *(c + 1 for c in checkpoints),
        }
    )
    used = 0
    for keep in cuts:
        cut = tmp_path / f"cut-{seed}-{keep}.db"
        _cut(journal, cut, keep)
        daemon, after = _restored(cut, tmp_path / f"session-{seed}.jsonl")
        used += after > 0
        full = _full_replay(cut)
        table = daemon.table
        assert table.view() == full.view(), f"row {keep} (checkpoint {after})"
        assert table.stacks() == full.stacks() and table.timing.t == full.timing.t
        assert (
            table.rewind.hand_log == full.rewind.hand_log
            and table.console.open_alerts == full.console.open_alerts
        )
        # What comes next is ruled the same way on both.
        for row in rows[keep : keep + 40]:
            event = parse_line(row.line).event
            if event is None or event.kind == "setup":
                continue
            assert table.apply(event) == full.apply(event), f"after row {keep}: {row.line}"
        assert table.view() == full.view()
    assert used >= len(checkpoints)


def test_restore_reads_one_hand_and_rewrites_no_history(tmp_path: Path) -> None:
    journal, _ = _session(tmp_path, 7, 10, faults=False)
    histories = tmp_path / "histories"
    script = tmp_path / "session-7.jsonl"
    first = Daemon(journal, None, ScriptSource(script), histories=histories)
    first.restore()  # from the last checkpoint: the hands before it are not rebuilt
    assert first.stats.replayed < 60
    assert not list(histories.glob("hand-*.txt"))


def test_a_schema_1_journal_is_migrated_and_gets_its_checkpoint(tmp_path: Path) -> None:
    journal, _ = _session(tmp_path, 5, 8, faults=False)
    db = sqlite3.connect(journal)
    with db:
        db.execute("DROP TABLE checkpoints")
        db.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")
    db.close()
    with Journal(journal, readonly=True) as j:  # read-only: left as it is, no checkpoint
        assert j.latest_checkpoint() is None
    daemon, after = _restored(journal, tmp_path / "session-5.jsonl")
    assert after > 0  # the full replay ended between hands: a checkpoint was written
    with Journal(journal) as j:
        assert j._meta("schema") == str(SCHEMA_VERSION)
    assert daemon.table.view() == _full_replay(journal).view()


def test_checkpoints_of_another_build_or_unreadable_are_not_used(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    journal, _ = _session(tmp_path, 6, 6, faults=False)
    full = _full_replay(journal)

    class Boom:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            import os

            return (os.system, ("echo pwned > /dev/null",))

    with Journal(journal) as j:
        last = j._db.execute("SELECT max(row_id) FROM checkpoints").fetchone()[0]
        j._db.execute("UPDATE checkpoints SET build = 'another' WHERE row_id <> ?", (last,))
        j._db.execute(
            "UPDATE checkpoints SET state = ? WHERE row_id = ?", (pickle.dumps(Boom()), last)
        )
        with caplog.at_level(logging.INFO):
            assert j.latest_checkpoint() is None
    assert "system is not part of a table" in caplog.text
    assert "another build" in caplog.text
    daemon, _ = _restored(journal, tmp_path / "session-6.jsonl")
    assert daemon.table.view() == full.view()


def test_the_unpickler_refuses_what_is_not_the_engines() -> None:
    from tablectl.daemon.journal import _EngineUnpickler

    with pytest.raises(pickle.UnpicklingError):
        _EngineUnpickler(io.BytesIO(pickle.dumps(Path("/")))).load()


def test_a_checkpoint_after_a_floor_stack_change_is_used(tmp_path: Path) -> None:
    """Chips the floor adds (002 Rule 28) move the total a checkpoint is checked against: the
    restart still starts from the checkpoint, and counts no conservation error."""
    lines = make_session(3, 8, faults=False)
    table = Table.from_setup(parse_line(lines[0]).event.body)
    at = None
    for i, line in enumerate(lines[1:], 1):
        event = parse_line(line).event
        if event is not None:
            table.apply(event)
        if table.hand is not None and table.street == "over" and table.hand_no == 2:
            at = i
            break
    assert at is not None
    seat = sorted(table.stacks())[0]
    stack = table.stacks()[seat] + 5000
    lines.insert(at + 1, json.dumps({"floor": {"by": "Sam (floor)", "stack": {str(seat): stack}}}))
    script = tmp_path / "session.jsonl"
    script.write_text("\n".join(lines) + "\n")
    journal = tmp_path / "journal.db"
    source = ScriptSource(script)
    first = Daemon(journal, source.setup, source)
    assert first.run() == 0
    assert first.stats.conservation_errors == 0
    daemon, after = _restored(journal, script)
    with Journal(journal) as j:
        rows = list(j.rows())
    floor_row = next(r.row_id for r in rows if '"floor"' in r.line)
    assert after > floor_row
    # replayed only what follows the checkpoint, not the whole journal
    assert daemon.stats.replayed == sum(r.row_id > after for r in rows)
    assert daemon.stats.conservation_errors == 0
    assert daemon.table.view() == _full_replay(journal).view()

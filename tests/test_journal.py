"""The journal: append before apply, hand boundaries, scenario export, replay and bad rows."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from tablectl.daemon.journal import Journal, JournalError
from tablectl.engine.events import Event, event_from_obj, parse_line
from tablectl.engine.notices import HandStart
from tablectl.engine.outputs import Output

SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 1000, "2": 1000, "3": 1000},
    "button": 1,
    "blinds": [10, 20],
    "chips": [5, 25, 100],
}
SETUP_EVENT = event_from_obj({"setup": SETUP})


def ev(line: str) -> Event:
    parsed = parse_line(line)
    assert parsed.event is not None
    return parsed.event


class Counter:
    """A stand-in table for the journal's own mechanics: counts events, starts a hand on
    `press new_hand` (the engine's tests cover the rules; these cover the storage)."""

    def __init__(self) -> None:
        self.hand_no = 0
        self.seen: list[str] = []

    def apply(self, event: Event) -> list[Output]:
        self.seen.append(event.to_json())
        if event.kind == "press" and event.body == "new_hand":
            self.hand_no += 1
            return [HandStart("", hand_no=self.hand_no)]
        return []


def run(journal: Journal, table: Counter, lines: list[str]) -> None:
    for line in lines:
        event = ev(line)
        row = journal.append(event, table.hand_no)
        journal.record(row, table.apply(event))


LINES = [
    '{"press": "new_hand", "t": 1}',
    '{"push": {"seat": 2, "chips": [25]}, "t": 2.5}',
    '{"fold": 3}',
    '{"press": "new_hand", "t": 9}',
    '{"card": "As", "zone": "seat:1", "face": "down", "t": 10}',
    '{"board": ["Ah", "Kc", "2d"], "burn": "5s"}',
]


def test_wal_and_full_sync(tmp_path: Path) -> None:
    j = Journal(tmp_path / "j.db")
    assert j._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert j._db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
    j.close()


def test_append_is_committed_before_apply(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    j = Journal(path)
    j.append(SETUP_EVENT, 0)
    j.append(ev('{"fold": 2}'), 0)
    # A second connection (another process after a crash) sees both rows without any close.
    other = sqlite3.connect(path)
    assert other.execute("SELECT count(*) FROM events").fetchone()[0] == 2
    other.close()
    j.close()


def test_hand_boundaries_and_numbers(tmp_path: Path) -> None:
    j = Journal(tmp_path / "j.db")
    j.append(SETUP_EVENT, 0)
    run(j, Counter(), LINES)
    assert j.hands() == {1: 2, 2: 5}
    assert [r.hand_no for r in j.rows()] == [0, 1, 1, 1, 2, 2, 2]
    j.close()


def test_export_is_the_exact_scenario_stream(tmp_path: Path) -> None:
    j = Journal(tmp_path / "j.db")
    j.append(SETUP_EVENT, 0)
    run(j, Counter(), LINES)
    buf = io.StringIO()
    assert j.export_scenario(buf) == 7
    out = buf.getvalue().splitlines()
    assert out[0] == SETUP_EVENT.to_json()
    # Every line re-parses to the same event and re-serializes byte for byte.
    for line, src in zip(out[1:], LINES, strict=True):
        assert line == ev(src).to_json()
        assert ev(line).to_json() == line
    j.close()


def test_replay_restores_and_repairs_missing_hand_marks(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    j = Journal(path)
    j.append(SETUP_EVENT, 0)
    for line in LINES:  # a crash after every append, before any mark: no hand marks at all
        j.append(ev(line), 0)
    j.close()
    j = Journal(path)
    assert j.setup() == SETUP_EVENT.body
    table = Counter()
    report = j.replay_into(table)
    assert report.events == 6 and report.bad_rows == []
    assert report.hands_marked == 2 and report.last_t == 10
    assert table.seen == [ev(line).to_json() for line in LINES]
    assert table.hand_no == 2
    assert j.hands() == {1: 2, 2: 5}
    # A second replay finds nothing to repair.
    assert j.replay_into(Counter()).hands_marked == 0
    j.close()


def test_bad_rows_are_reported_with_their_id_and_skipped(tmp_path: Path) -> None:
    j = Journal(tmp_path / "j.db")
    j.append(SETUP_EVENT, 0)
    j.append(ev('{"press": "new_hand"}'), 0)
    bad1 = j.append_raw('{"fold": 11}')  # an older build's bad seat
    bad2 = j.append_raw("not json at all")
    j.append(ev('{"fold": 2}'), 1)
    table = Counter()
    report = j.replay_into(table)
    assert report.bad_rows is not None
    assert [b.row_id for b in report.bad_rows] == [bad1, bad2]
    assert "seat 11" in report.bad_rows[0].error
    assert f"journal row {bad2}" in str(report.bad_rows[1])
    assert table.seen == ['{"press": "new_hand"}', '{"fold": 2}']
    buf = io.StringIO()
    j.export_scenario(buf)
    assert f"# journal row {bad1} unreadable" in buf.getvalue()
    j.close()


def test_engine_exception_is_a_bad_row_not_a_crash(tmp_path: Path) -> None:
    class Fussy(Counter):
        def apply(self, event: Event) -> list[Output]:
            if event.kind == "tick":
                raise KeyError("boom")
            return super().apply(event)

    j = Journal(tmp_path / "j.db")
    j.append(SETUP_EVENT, 0)
    j.append(ev('{"tick": 3}'), 0)
    j.append(ev('{"fold": 2}'), 0)
    report = j.replay_into(Fussy())
    assert report.events == 1
    assert report.bad_rows is not None and "KeyError" in report.bad_rows[0].error


def test_setup_missing_or_wrong(tmp_path: Path) -> None:
    j = Journal(tmp_path / "a.db")
    assert j.setup() is None
    j.append(ev('{"fold": 2}'), 0)
    with pytest.raises(JournalError, match="not a setup line"):
        j.setup()


def test_not_a_journal(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(JournalError, match="not a usable journal"):
        Journal(path)


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    Journal(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    db.commit()
    db.close()
    with pytest.raises(JournalError, match="newer"):
        Journal(path)


def test_exported_journal_is_a_scenario_tablectl_replay_reads(tmp_path: Path) -> None:
    """A journal written by the real engine's loop, exported, replays clean with the real
    `tablectl replay` and restores the same table with replay_into."""
    from scenario_files import contract_file

    from tablectl.cli import main
    from tablectl.engine.table import Table

    scenario = contract_file("basic_hand.jsonl")
    lines = [p.event for p in map(parse_line, scenario.read_text().splitlines()) if p.event]
    db = tmp_path / "j.db"
    with Journal(db) as j:
        table = Table.from_setup(lines[0].body)
        j.append(lines[0], 0)
        for event in lines[1:]:
            row = j.append(event, table.hand_no)
            j.record(row, table.apply(event))
        out = tmp_path / "export.jsonl"
        assert j.export_scenario(out) == len(lines)
        restored = Table.from_setup(j.setup() or {})
        j.replay_into(restored)
    assert restored.view() == table.view()
    assert main(["replay", str(out)]) == 0


def test_readonly_journal_never_writes(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    with Journal(path) as j:
        j.append(SETUP_EVENT, 0)
        j.append(ev('{"press": "new_hand"}'), 0)  # unmarked: a writer would repair it
    path.chmod(0o444)
    try:
        with Journal(path, readonly=True) as ro:
            report = ro.replay_into(Counter())
            assert report.events == 1 and report.hands_marked == 0
            assert ro.hands() == {}
            with pytest.raises(sqlite3.OperationalError):
                ro.append(ev('{"fold": 2}'), 0)
    finally:
        path.chmod(0o644)
    with pytest.raises(JournalError, match="not a usable journal"):
        Journal(tmp_path / "missing.db", readonly=True)

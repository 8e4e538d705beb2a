"""Damaged journals (issue 9 item 6): the journal is the table's only record, so a damaged one is
refused in one line naming the damage, never started over, and `tablectl journal recover`
salvages every readable event into a new file, leaving the damaged one as it was."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from test_daemon_session import write_session
from test_shell_errors import one_line_error

from tablectl.cli import main
from tablectl.daemon.journal import Journal, JournalError
from tablectl.engine.events import event_from_obj, parse_line

ROOT = Path(__file__).resolve().parent.parent
SETUP = {
    "rules": "tda-2025",
    "seats": {"1": 1000, "2": 1000, "3": 1000},
    "button": 1,
    "blinds": [10, 20],
    "chips": [5, 25, 100],
}
PAGE = 4096

CONFIG = """
journal = "unused.db"
structure = "home-003"
[seats.1]
[seats.2]
[display]
enabled = false
"""


def make_journal(path: Path, rows: int = 3000) -> list[str]:
    """A checkpointed journal of a setup line and ``rows`` events (each line distinct); returns
    the lines by row id - 1."""
    lines = [event_from_obj({"setup": SETUP}).to_json()]
    with Journal(path) as j:
        j.append(event_from_obj({"setup": SETUP}), 0)
        for i in range(rows):
            event = parse_line(f'{{"tick": {i % 7 + 1}, "t": {i}.5}}').event
            assert event is not None
            j.append(event, 0)
            lines.append(event.to_json())
    assert not Path(f"{path}-wal").exists()  # closing checkpointed everything into the file
    return lines


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def clobber(path: Path, offset: int, size: int = 8192) -> None:
    with open(path, "r+b") as fh:
        fh.seek(offset)
        fh.write(bytes((i * 151 + 7) & 0xFF for i in range(size)))


def root_page(path: Path, table: str) -> int:
    db = sqlite3.connect(path)
    try:
        return int(
            db.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
        )
    finally:
        db.close()


def bad_utf8(path: Path, row_id: int) -> None:
    db = sqlite3.connect(path)
    db.execute(
        "UPDATE events SET line = CAST(X'7B227469636B223A20FF7D' AS TEXT) WHERE id = ?", (row_id,)
    )
    db.commit()
    db.close()


def recovered_lines(path: Path) -> dict[int, str]:
    with Journal(path, readonly=True) as j:
        return {r.row_id: r.line for r in j.rows()}


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("NOTIFY_SOCKET", None)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "tablectl", *args],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


# --- refusing a damaged journal -----------------------------------------------------------------


def test_zero_byte_journal_is_not_a_new_tournament(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    path.write_bytes(b"")
    for readonly in (False, True):
        with pytest.raises(JournalError, match=r"0 bytes.*not .*new") as info:
            Journal(path, readonly=readonly)
        assert "\n" not in str(info.value)
    assert path.read_bytes() == b""  # left as it was: no SQLite header written over it


def test_missing_header_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    make_journal(path, 50)
    data = path.read_bytes()
    path.write_bytes(b"\0" * 100 + data[100:])
    with pytest.raises(JournalError, match="not a usable journal: no SQLite header"):
        Journal(path)
    assert path.read_bytes()[:100] == b"\0" * 100


def test_a_genuinely_absent_journal_is_a_new_one(tmp_path: Path) -> None:
    path = tmp_path / "state" / "j.db"
    with Journal(path) as j:
        assert j.setup() is None and len(j) == 0
    assert not list(path.parent.glob("*.new*"))  # created whole, then renamed into place


def test_garbage_mid_file_is_refused_naming_the_damage(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    make_journal(path)
    clobber(path, path.stat().st_size // 2 + 123)
    before = digest(path)
    for readonly in (False, True):
        with pytest.raises(JournalError) as info:
            Journal(path, readonly=readonly)
        msg = str(info.value)
        assert "\n" not in msg and msg.startswith(f"{path}: damaged journal")
        assert f"tablectl journal recover {path} --out" in msg
    assert digest(path) == before


def test_a_row_of_invalid_utf8_is_refused_naming_the_row(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    make_journal(path, 20)
    bad_utf8(path, 5)
    with pytest.raises(JournalError, match=r"damaged journal: row 5 is not UTF-8 text"):
        Journal(path)


def test_journal_check_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.db"
    make_journal(good, 40)
    assert main(["journal", "check", str(good)]) == 0
    assert "ok: 41 rows" in capsys.readouterr().out
    bad = tmp_path / "bad.db"
    shutil.copy(good, bad)
    bad_utf8(bad, 7)
    assert main(["journal", "check", str(bad)]) == 1
    out = capsys.readouterr()
    assert "row 7 is not UTF-8 text" in out.out + out.err
    assert main(["journal", "check", str(tmp_path / "absent.db")]) == 1


# --- recovering -----------------------------------------------------------------------------------


def test_recover_keeps_every_row_outside_the_garbage(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    lines = make_journal(path)
    start = path.stat().st_size // 2 + 123
    clobber(path, start)
    before = digest(path)
    new = tmp_path / "new.db"
    proc = cli("journal", "recover", str(path), "--out", str(new))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert digest(path) == before  # the damaged file is untouched
    got = recovered_lines(new)
    # Every recovered row is the original, in its place; only rows of the three pages the garbage
    # touched can be missing, and the report names them.
    assert all(got[i] == lines[i - 1] for i in got)
    lost = sorted(set(range(1, len(lines) + 1)) - set(got))
    assert 0 < len(lost) <= 3 * PAGE // 20
    assert f"lost {len(lost)} of {len(lines)} rows" in proc.stdout
    assert f"{lost[0]}" in proc.stdout
    # The recovered journal is sound and the daemon's restore and the export accept it.
    assert main(["journal", "check", str(new)]) == 0


def test_recover_reads_past_a_destroyed_index_page(tmp_path: Path) -> None:
    """Garbage over the events table's root (an interior page) hides every row from SQLite's
    own reads; the leaves are intact, and every event on them is salvaged."""
    path = tmp_path / "j.db"
    lines = make_journal(path, 6000)
    root = root_page(path, "events")
    with Journal(path) as j:  # sanity: the root is an interior page (the table spans leaves)
        assert len(j) == 6001
    clobber(path, (root - 1) * PAGE, PAGE)
    with pytest.raises(JournalError, match="damaged journal"):
        Journal(path)
    new = tmp_path / "new.db"
    assert main(["journal", "recover", str(path), "--out", str(new)]) == 0
    got = recovered_lines(new)
    assert [got[i] for i in sorted(got)] == lines


def test_recover_skips_the_undecodable_row_and_shows_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "j.db"
    lines = make_journal(path, 30)
    bad_utf8(path, 5)
    new = tmp_path / "new.db"
    assert main(["journal", "recover", str(path), "--out", str(new)]) == 0
    out = capsys.readouterr().out
    assert "row 5: not UTF-8 text" in out and "\\xff" in out
    got = recovered_lines(new)
    assert sorted(got) == [i for i in range(1, 32) if i != 5]
    assert all(got[i] == lines[i - 1] for i in got)


def test_recover_finds_the_events_of_a_zeroed_file_in_its_wal(tmp_path: Path) -> None:
    """A journal file truncated to 0 bytes whose WAL still holds the session: the daemon refuses
    it, recover salvages it."""
    live = tmp_path / "live.db"
    path = tmp_path / "j.db"
    j = Journal(live)
    j.append(event_from_obj({"setup": SETUP}), 0)
    for i in range(10):
        j.append(parse_line(f'{{"fold": {i % 3 + 1}}}').event, 0)  # type: ignore[arg-type]
    # Copy while the writer is open: the rows live in the WAL, not yet in the file.
    shutil.copy(f"{live}-wal", f"{path}-wal")
    j.close()
    path.write_bytes(b"")
    with pytest.raises(JournalError, match="0 bytes"):
        Journal(path)
    new = tmp_path / "new.db"
    assert main(["journal", "recover", str(path), "--out", str(new)]) == 0
    assert len(recovered_lines(new)) == 11
    assert path.read_bytes() == b""


def test_recover_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "j.db"
    make_journal(path, 5)
    other = tmp_path / "other.db"
    other.write_bytes(b"precious")
    assert main(["journal", "recover", str(path), "--out", str(other)]) == 2
    assert other.read_bytes() == b"precious"
    assert "exists" in capsys.readouterr().err


# --- the commands that read journals ----------------------------------------------------------


def test_export_of_a_damaged_journal_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "j.db"
    make_journal(path)
    clobber(path, path.stat().st_size // 2 + 123)
    line = one_line_error(cli("export", "--journal", str(path), "--out", str(tmp_path / "h")))
    assert "damaged journal" in line
    bad = tmp_path / "utf.db"
    make_journal(bad, 20)
    bad_utf8(bad, 5)
    line = one_line_error(cli("export", "--journal", str(bad), "--out", str(tmp_path / "h")))
    assert "row 5 is not UTF-8 text" in line


@pytest.mark.parametrize("damage", ["zero", "garbage", "utf8"])
def test_the_daemon_refuses_a_damaged_journal_and_touches_nothing(
    tmp_path: Path, damage: str
) -> None:
    script = write_session(tmp_path / "s.jsonl", 3, 30)
    cfg = tmp_path / "table.toml"
    cfg.write_text(CONFIG)
    journal = tmp_path / "j.db"
    run = ("run", "--config", str(cfg), "--events", str(script), "--journal", str(journal))
    assert cli(*run).returncode == 0
    assert not Path(f"{journal}-wal").exists()
    if damage == "zero":
        journal.write_bytes(b"")
    elif damage == "garbage":
        clobber(journal, journal.stat().st_size // 2 + 123)
    else:
        bad_utf8(journal, 40)
    before = digest(journal)
    line = one_line_error(cli(*run))
    assert str(journal) in line and "tablectl journal recover" in line
    assert digest(journal) == before
    if damage == "zero":
        return
    new = tmp_path / "new.db"
    assert cli("journal", "recover", str(journal), "--out", str(new)).returncode == 0
    # The salvaged journal runs: the daemon restores it (a script of just the setup line feeds
    # nothing more).
    setup_only = tmp_path / "setup.jsonl"
    setup_only.write_text(script.read_text().splitlines()[0] + "\n")
    resumed = cli("run", "--config", str(cfg), "--journal", str(new), "--events", str(setup_only))
    assert resumed.returncode == 0, resumed.stdout + resumed.stderr
    assert "journal replayed" in resumed.stdout

"""A journal directory that is read-only (issue 26, "Not yet tried"): the table's daemon and the
director's console each say so in one line and exit, never a traceback. Mounted as a read-only
tmpfs (root only, as CI runs); skipped where no mount can be made."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


@pytest.fixture
def readonly_dir(tmp_path: Path) -> Iterator[Path]:
    where = tmp_path / "ro"
    where.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(where)], capture_output=True
    )
    if made.returncode != 0:
        pytest.skip(f"cannot mount a read-only tmpfs here: {made.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", str(where)], check=False)


def tablectl(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "tablectl", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_the_table_says_its_journal_directory_is_read_only(
    readonly_dir: Path, tmp_path: Path
) -> None:
    cfg = tmp_path / "table.toml"
    cfg.write_text(
        f'journal = "{readonly_dir}/journal.db"\nstructure = "home-003"\n'
        '[seats.1]\nname = "Ann"\n[seats.2]\nname = "Bob"\n'
    )
    events = tmp_path / "ev.jsonl"
    events.write_text(
        '{"setup": {"seats": {"1": 1000, "2": 1000}, "button": 1, "blinds": [10, 20]}}\n'
    )
    done = tablectl("run", "--config", str(cfg), "--events", str(events), "--no-display")
    assert done.returncode != 0
    said = done.stdout + done.stderr  # the daemon logs to stdout (journald takes it)
    assert "Traceback" not in said, said
    lines = [line for line in said.splitlines() if "journal" in line]
    assert len(lines) == 1 and lines[0].endswith(
        f"{readonly_dir}/journal.db: cannot create the journal: {readonly_dir} is not writable "
        "(read-only, or not this user's)"
    ), said


def test_the_console_says_its_journal_directory_is_read_only(
    readonly_dir: Path, tmp_path: Path
) -> None:
    pytest.importorskip("starlette", reason="the web extra")
    from tablectl.venue.web.auth import hash_password

    cfg = tmp_path / "venue.toml"
    cfg.write_text(
        f'[venue]\nid = "main"\njournal = "{readonly_dir}/venue-journal.jsonl"\n'
        '[broker]\nhost = "127.0.0.1"\nport = 1\nusername = "venue"\npassword = "x"\n'
        '[web]\nhost = "127.0.0.1"\nport = 18089\n'
        '[tournament]\ntables = ["T1", "T2"]\nhanded = 9\nstructure = "tda-style"\n'
        f'[[staff]]\nname = "Dana"\nrole = "director"\npassword = "{hash_password("pw pw pw")}"\n'
    )
    done = tablectl("venue", "serve", "--config", str(cfg))
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"tablectl venue serve: {readonly_dir}/venue-journal.jsonl.new: Read-only file system"
    ), done.stderr

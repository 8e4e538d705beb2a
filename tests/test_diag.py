"""`tablectl diag` (issue 27; firmware_bridge/diag.py, display/diag.py, tablectl/cli/diag.py):
the technician's view of the table's RFID, live over the real pty link and from a journal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from test_bridge_rf_pty import AT, Table, chip

from firmware_bridge import diag
from hw_sim.rf import IDEAL
from tablectl.daemon.journal import Journal

ROOT = Path(__file__).resolve().parents[1]
CONFIG = "docs/table.example.toml"


def _night(tmp_path: Path) -> dict[str, Any]:
    """A table over the real link: seat 4's 5,000 at the stack's edge (read by the bet antenna),
    a 500 in seat 3's stack that dies after being read, a 25 enrolled and never read."""
    t = Table(tmp_path, IDEAL, 3, tracker=True, never_read_alert=4.0)
    try:
        t.start()
        five = t.enrol(chip(1), 5000)
        t.place(five, "stack:4")
        t.rf.place_edge(five, AT["bet:4"])
        live = [t.enrol(chip(2), 1000), t.enrol(chip(3), 500)]
        for uid in live:
            t.place(uid, "stack:3")
        t.enrol(chip(4), 25)  # never on the table
        t.run(1.0)
        t.rf.kill(live[1])
        t.run(5.0)
        snap = t.mapper.snapshot(t.clock.t)  # type: ignore[attr-defined]
    finally:
        t.stop()
    return snap


def test_the_live_snapshot_names_the_antennas_and_tags_to_check(tmp_path: Path) -> None:
    snap = _night(tmp_path)
    ants = {a["zone"]: a for a in snap["antennas"]}
    assert ants["stack:4"]["seen_by"].get("bet:4", 0) > 10  # its 5,000 read next door
    assert 0.7 < diag.rate(ants["stack:4"]) < 0.9  # missed by its own in about a fifth
    assert diag.rate(ants["stack:3"]) < diag.WEAK  # the dead 500 is no longer read there
    states = {t["uid"]: t["state"] for t in snap["tags"]}
    assert states[chip(3).hex()] == "unread" and states[chip(4).hex()] == "never read"
    # the 5,000 at the stack's edge: named with the neighbour reading it and how often
    assert states[chip(1).hex()].startswith("at an edge: read by bet:4 too (")
    out = diag.text(snap, "test")
    assert "its tags read by bet:4" in out and f"{chip(4).hex()} (chip 25): never read" in out


def test_the_screen_at_800x480(tmp_path: Path) -> None:
    from display import png
    from display.diag import render

    png.start()
    snap = _night(tmp_path)
    painter = render(snap, "RFID DIAG  test", (800, 480))
    drawn = [t.text for t in painter.texts]
    assert "TAGS TO CHECK" in drawn
    assert any(chip(3).hex() in t and "UNREAD" in t for t in drawn)
    assert any(chip(1).hex() in t and "AT AN EDGE: READ BY BET:4" in t for t in drawn)
    for t in painter.texts:  # every text inside the screen
        assert painter.surface.get_rect().contains(t.rect), t
    out = os.environ.get("TABLECTL_SCREENSHOTS")
    if out:  # docs/screenshots: TABLECTL_SCREENSHOTS=docs/screenshots pytest tests/test_diag.py
        for size in ((800, 480), (1920, 1080)):
            p = render(snap, "RFID DIAG  stack:3, stack:4 faulty (simulated)", size)
            png.save(p.surface, Path(out) / f"diag_{size[0]}x{size[1]}.png")


def test_diag_from_a_nights_journal(tmp_path: Path) -> None:
    """Two daemon runs' snapshots in the journal: `tablectl diag --journal` adds them up."""
    snap = _night(tmp_path)
    db = tmp_path / "journal.db"
    with Journal(db) as j:
        j.put_diag("run-1", snap)
        j.put_diag("run-2", snap)
        j.put_diag("run-2", snap)  # replaced each minute: one row a run
        assert len(j.diags()) == 2
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablectl",
            "diag",
            "--journal",
            str(db),
            "--png",
            str(tmp_path / "d.png"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"},
    )
    assert proc.returncode == 1, proc.stderr  # something to check
    assert "(2 run(s))" in proc.stdout and "never read" in proc.stdout
    rounds = {a["zone"]: a["rounds"] for a in snap["antennas"]}
    line = next(x for x in proc.stdout.splitlines() if " stack:4 " in x)
    assert str(2 * rounds["stack:4"]) in line.split()
    assert (tmp_path / "d.png").stat().st_size > 1000


def test_diag_journal_without_diagnostics_says_so(tmp_path: Path) -> None:
    db = tmp_path / "j.db"
    Journal(db).close()
    proc = subprocess.run(
        [sys.executable, "-m", "tablectl", "diag", "--journal", str(db)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 1 and "holds no diagnostics" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_diag_live_on_the_simulated_mcu() -> None:
    """`tablectl diag --sim`: the real link to the emulated MCU; an empty table is all fine."""
    proc = subprocess.run(
        [sys.executable, "-m", "tablectl", "diag", "--sim", "--seconds", "1", "--config", CONFIG],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert "live 1 s" in lines[0] and len([x for x in lines if x.endswith(" ok")]) == 34
    assert lines[-1] == "tags to check: none"

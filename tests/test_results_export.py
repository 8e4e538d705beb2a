"""The results as files: ``tablectl venue results --journal J --format csv|json`` over a console's
real journal (the same rows the console shows), a name that would be a spreadsheet formula
written as text, bad input refused in one line."""

from __future__ import annotations

import csv
import io
import json
import math
import subprocess
import sys
from pathlib import Path

from venue_money import SETUP, played_out

from tablectl.tournament.results import FIELDS, results

ROOT = Path(__file__).resolve().parent.parent


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tablectl", "venue", "results", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def test_the_cli_gives_the_consoles_results_as_csv_and_json(tmp_path: Path) -> None:
    journal = tmp_path / "venue.jsonl"
    c = played_out(journal, {**SETUP, "league": "simple"})
    live = [r.to_obj() for r in results(c.venue, c.venue.cfg.league if c.venue.cfg else None)]
    c.close()

    got = cli("--journal", str(journal), "--format", "csv")
    assert got.returncode == 0, got.stderr
    rows = list(csv.DictReader(io.StringIO(got.stdout)))
    assert tuple(rows[0]) == FIELDS
    assert [r["name"] for r in rows] == [
        ("'" + r["name"]) if r["name"].startswith("=") else r["name"] for r in live
    ]
    assert "'=SUM(A1)" in got.stdout  # written as text, not a formula (OWASP CSV injection)
    assert [int(r["place"]) for r in rows] == list(range(1, 11))
    assert [float(r["prize"]) for r in rows] == [r["prize"] for r in live]
    assert round(sum(float(r["prize"]) for r in rows), 2) == 1000.0
    assert [float(r["points"]) for r in rows] == [10 - k + 1 for k in range(1, 11)]

    got = cli("--journal", str(journal), "--format", "json", "--league", "pokerstars")
    assert got.returncode == 0, got.stderr
    body = json.loads(got.stdout)
    assert body["tournament"]["finished"] and body["tournament"]["prize_pool"] == 1000.0
    assert body["tournament"]["deal"]["held_back"] == 100.0
    assert body["tournament"]["league"] == {"formula": "pokerstars", "top_percent": 15.0}
    assert [r["name"] for r in body["results"]] == [r["name"] for r in live]  # JSON: as entered
    # pokerstars scores the top 15% of 10 entries: 1st only (2nd is 20%)
    assert [r["points"] for r in body["results"]][:2] == [
        round(10 * math.sqrt(10) * (1 + math.log10(100.25)), 2),
        0.0,
    ]


def test_the_cli_refuses_bad_input_in_one_line(tmp_path: Path) -> None:
    missing = cli("--journal", str(tmp_path / "none.jsonl"))
    assert missing.returncode == 1
    assert missing.stderr.strip().count("\n") == 0 and "No such file" in missing.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text('{"journal": "tablectl venue", "v": 1}\n')
    got = cli("--journal", str(empty))
    assert got.returncode == 1 and "no setup in the journal" in got.stderr
    journal = tmp_path / "venue.jsonl"
    played_out(journal).close()
    bad = cli("--journal", str(journal), "--league", "open(k)")
    assert bad.returncode == 1 and "no function 'open'" in bad.stderr
    out = tmp_path / "results.csv"
    assert cli("--journal", str(journal), "--out", str(out)).returncode == 0
    assert out.read_text().startswith("place,name,member,prize")
    again = cli("--journal", str(journal), "--out", str(out))
    assert again.returncode == 1 and "exists" in again.stderr

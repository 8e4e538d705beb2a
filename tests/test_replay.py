"""`tablectl replay`: failures name file and line, malformed lines never crash, exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from tablectl.cli import main
from tablectl.cli.replay import replay_file

SETUP = {
    "setup": {
        "rules": "tda-2025",
        "seats": {"1": 1000, "2": 1000, "3": 1000},
        "button": 1,
        "blinds": [25, 50],
        "chips": [25, 100],
    }
}


def write(tmp_path: Path, lines: list[object], name: str = "s.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n")
    return path


def test_failed_expectation_names_file_line_and_values(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        [
            SETUP,
            {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}},
            {"expect": {"to_act": 2, "to_call": 50}},
        ],
    )
    result = replay_file(path)
    assert result.failures == [
        f"{path}:3: expected to_act 2, got 1",
    ]


def test_malformed_lines_fail_with_line_numbers_and_run_continues(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        [
            SETUP,
            "{not json",
            {"push": {"seat": 42, "chips": [25]}},
            {"fold": 1, "press": "check"},
            "# a comment",
            "",
            {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}},
            {"expect": {"to_act": 1}},
        ],
    )
    result = replay_file(path)
    assert [f.split(": ")[0] for f in result.failures] == [f"{path}:2", f"{path}:3", f"{path}:4"]
    assert "seat 42" in result.failures[1]


def test_missing_setup_and_unknown_expect_key(tmp_path: Path) -> None:
    assert "first line must be a setup" in replay_file(write(tmp_path, [{"tick": 1}])).failures[0]
    result = replay_file(write(tmp_path, [SETUP, {"expect": {"colour": "red"}}], "b.jsonl"))
    assert "unknown expect key 'colour'" in result.failures[0]


def test_alert_expectations(tmp_path: Path) -> None:
    lines = [
        SETUP,
        {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}},
        {"push": {"seat": 3, "chips": [100]}},
        {"expect": {"alert": "out_of_turn", "seat": 3}},
        {"expect": {"no_alert": True}},
        {"push": {"seat": 2, "chips": [100]}},
        {"expect": {"no_alert": True}},
    ]
    result = replay_file(write(tmp_path, lines))
    assert len(result.failures) == 1 and "expected no alert, got out_of_turn" in result.failures[0]


def test_cli_exit_status_and_summary(tmp_path: Path) -> None:
    good = write(tmp_path, [SETUP, {"expect": {"street": "idle"}}], "good.jsonl")
    bad = write(tmp_path, [SETUP, {"expect": {"street": "flop"}}], "bad.jsonl")
    out = io.StringIO()
    import argparse

    from tablectl.cli import replay

    assert replay.run(argparse.Namespace(files=[str(good)], json=False), out) == 0
    assert out.getvalue().strip().endswith("1 passed, 0 failed")
    assert main(["replay", str(good), str(bad)]) == 1
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tablectl",
            "replay",
            "--json",
            str(good),
            str(tmp_path / "missing.jsonl"),
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert proc.stdout.strip().splitlines()[-1] == "1 passed, 1 failed"
    assert "cannot read" in proc.stdout


def test_json_output_lists_rulings_and_notices(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        [SETUP, {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}}, {"fold": 1}],
    )
    proc = subprocess.run(
        [sys.executable, "-m", "tablectl", "replay", "--json", str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    objs = [json.loads(line) for line in proc.stdout.splitlines()[:-1]]
    assert objs[0]["notice"]["kind"] == "hand_start" and objs[0]["line"] == 2
    assert objs[1]["ruling"] == {
        "seat": 1,
        "action": "fold",
        "to": 0,
        "rule": "002 Rule 43-A",
        "text": "fold",
    }


def test_undo_takes_back_the_last_action_and_keeps_the_deal(tmp_path: Path) -> None:
    """press undo replays the hand without its last event; the deal that started it stays."""
    lines = [
        SETUP,
        {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}},
        {"push": {"seat": 1, "chips": [25, 25]}},
        {"expect": {"to_act": 2, "last": {"seat": 1, "action": "call"}}},
        {"press": "undo"},
        {"expect": {"to_act": 1, "stacks": {"1": 1000}, "no_alert": True}},
        {"press": "undo"},
        {"expect": {"alert": "action_void"}},
        {"fold": 1},
        {"fold": 2},
        {"expect": {"street": "over", "won": {"3": 50}}},
    ]
    result = replay_file(write(tmp_path, lines))
    assert result.ok, result.failures
    assert result.table is not None and result.table.hand is not None
    assert result.table.hand.hole == {1: ["7h", "8h"], 2: ["As", "Ks"], 3: ["2c", "2d"]}


def test_mucking_after_the_award_is_quiet(tmp_path: Path) -> None:
    lines = [
        SETUP,
        {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}},
        {"fold": 1},
        {"fold": 2},
        {"card": "2c", "zone": "muck"},
        {"card": "2d", "zone": "muck"},
        {"expect": {"street": "over", "no_alert": True}},
    ]
    assert replay_file(write(tmp_path, lines)).ok


def test_alert_expectations_see_the_alerts_since_the_last_expect_line(tmp_path: Path) -> None:
    """An expect line checks the alerts raised after the expect line before it, not earlier."""
    deal = {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}}
    path = write(
        tmp_path,
        [
            SETUP,
            {"seat": {"seat": 3, "status": "absent"}},
            deal,
            {"expect": {"alert": "dead_hand", "seat": 3}},
            {"expect": {"no_alert": True}},
            {"expect": {"alert": "dead_hand"}},
        ],
    )
    result = replay_file(path)
    assert result.checks == 3
    assert result.failures == [f"{path}:6: expected alert dead_hand, got none"]

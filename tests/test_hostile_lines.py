"""Hostile scenario lines (issue 9, items 3-5): each is refused with a message naming its line, the
rest of the file is still read, and nothing reaches a traceback.

The limits a line must keep (docs/scenario-extensions.md, "Limits") are tested here too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablectl.cli import main
from tablectl.cli.export import histories
from tablectl.cli.replay import replay_file
from tablectl.engine.events import (
    MAX_CHIPS,
    MAX_LINE_BYTES,
    ScenarioError,
    parse_line,
)

ROOT = Path(__file__).resolve().parent.parent
SETUP = {
    "setup": {
        "rules": "tda-2025",
        "seats": {"1": 1000, "2": 1000, "3": 1000},
        "button": 1,
        "blinds": [25, 50],
        "chips": [25, 100],
    }
}
DEAL = {"deal": {"2": ["As", "Ks"], "3": ["2c", "2d"], "1": ["7h", "8h"]}}
GOOD_TAIL = [DEAL, {"expect": {"to_act": 1, "to_call": 50}}]


def _text(line: object) -> str:
    return line if isinstance(line, str) else json.dumps(line)


def write(tmp_path: Path, lines: list[object], name: str = "s.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(_text(x) for x in lines) + "\n", encoding="utf-8")
    return path


def refused(text: str) -> str:
    """The one-line message a hostile line gets (it must be a ScenarioError naming line 7)."""
    with pytest.raises(ScenarioError) as info:
        parse_line(text, 7)
    message = str(info.value)
    assert message.startswith("line 7: ") and "\n" not in message
    return message


def replayed_with_one_bad_line(tmp_path: Path, bad: object) -> str:
    """Replay SETUP, the bad line, then a good deal and an expectation that holds: the only
    failure names line 2 and the rest of the file was read and checked."""
    path = write(tmp_path, [SETUP, bad, *GOOD_TAIL])
    result = replay_file(path)
    assert len(result.failures) == 1, result.failures
    assert result.failures[0].startswith(f"{path}:2: malformed line: line 2: ")
    assert result.checks == 1
    return result.failures[0]


# --- item 3: seats --------------------------------------------------------------------------


@pytest.mark.parametrize("seat", ["²", "١", "𝟑", "01", "0", "11", "+1", " 1", "1 ", "", "1e0"])
def test_a_seat_is_ascii_digits_without_leading_zeros(tmp_path: Path, seat: str) -> None:
    for line in (
        {"deal": {seat: ["As", "Ks"]}},
        {"card": "As", "zone": f"seat:{seat}"},
        {"chips": {f"bet:{seat}": [25]}},
        {"push": {"seat": seat, "chips": [25]}},
        {"fold": seat},
    ):
        assert "seat" in refused(json.dumps(line))
    replayed_with_one_bad_line(tmp_path, {"deal": {seat: ["As", "Ks"]}})


def test_seat_keys_1_and_01_do_not_merge(tmp_path: Path) -> None:
    setup = json.loads(json.dumps(SETUP))
    setup["setup"]["seats"]["01"] = 5000
    message = refused(json.dumps(setup))
    assert "'01'" in message
    result = replay_file(write(tmp_path, [setup, DEAL]))
    assert result.failures and result.failures[0].startswith(f"{tmp_path / 's.jsonl'}:1: ")


def test_setup_seat_written_in_unicode_digits_is_refused(tmp_path: Path) -> None:
    setup = {"setup": {**SETUP["setup"], "seats": {"²": 1000, "3": 1000}}}
    assert "seat '²'" in refused(json.dumps(setup))


def test_plain_seat_numbers_still_read() -> None:
    parsed = parse_line('{"deal": {"10": ["As", "Ks"], "2": ["2c", "2d"]}}')
    assert parsed.event is not None and set(parsed.event.body) == {"10", "2"}
    parsed = parse_line('{"push": {"seat": "3", "chips": [25]}}')
    assert parsed.event is not None and parsed.event.body["seat"] == 3


# --- item 3: nesting, setup shapes, unknown keys ---------------------------------------------


@pytest.mark.parametrize("depth", [40, 900, 100_000])
def test_deep_nesting_is_refused(tmp_path: Path, depth: int) -> None:
    line = '{"fold": ' + "[" * depth + "]" * depth + "}"
    message = refused(line)
    assert "nested" in message or "longer than" in message
    replayed_with_one_bad_line(tmp_path, line)


def test_deep_nesting_in_an_expect_line_is_refused() -> None:
    assert "nested" in refused('{"expect": {"stacks": ' + "[" * 500 + "]" * 500 + "}}")


@pytest.mark.parametrize(
    "key,value",
    [
        ("options", ["bb_ante_short", "ante_first"]),
        ("options", "ante_first"),
        ("options", {"clock_seconds": "soon"}),
        ("options", {"clock_seconds": 10**5}),
        ("options", {"clock_seconds": [30]}),
        ("options", {"name": "mine"}),
        ("options", {"bb_ante_short": ["ante_first"]}),
        ("names", ["Ann", "Bao"]),
        ("names", "Ann"),
        ("names", {"1": ["Ann"]}),
        ("names", {"²": "Ann"}),
        ("names", {"1": "x" * 1000}),
        ("levels", {"blinds": [25, 50]}),
        ("levels", [5]),
        ("levels", [{"blinds": "25/50"}]),
        ("levels", [{"blinds": [50, 25]}]),
        ("levels", [{"blinds": [25, 50, 100]}]),
        ("levels", [{"blinds": [25, 50], "minutes": "20"}]),
        ("levels", [{"blinds": [25, 50], "minutes": -1}]),
        ("levels", [{"blinds": [25, 50], "ante": -5}]),
        ("levels", [{"break": "10"}]),
        ("levels", [{"blinds": [25, 50], "colour": "red"}]),
        ("levels", [{"break": 10, "ante": 5}]),
        ("levels", [{"blinds": [25, 50], "bb_ante": "yes"}]),
        ("bb_ante", "false"),
        ("rules", ["wfp"]),
        ("ante", 2.5),
        ("button", "²"),
        ("colour", "red"),
    ],
)
def test_malformed_setup_is_a_named_failure(tmp_path: Path, key: str, value: object) -> None:
    setup = {"setup": {**SETUP["setup"], key: value}}
    message = refused(json.dumps(setup))
    assert f"setup.{key}" in message or f"setup: unexpected keys {key}" in message
    path = write(tmp_path, [setup, *GOOD_TAIL])
    result = replay_file(path)
    assert result.failures and result.failures[0].startswith(f"{path}:1: ")
    rc = main(["export", "--journal", str(path), "--out", str(tmp_path / "out")])
    assert rc == 1


def test_unknown_setup_keys_are_refused_with_the_allowed_ones() -> None:
    message = refused('{"setup": {"seats": {"1": 5, "2": 5}, "blinds": [1, 2], "colour": "red"}}')
    assert "unexpected keys colour" in message and "allowed:" in message and "names" in message


def test_setup_keys_in_use_are_accepted() -> None:
    setup = {
        "rules": "wfp",
        "seats": {"1": 5000, "2": 5000},
        "button": 2,
        "blinds": [25, 50],
        "ante": 0,
        "bb_ante": True,
        "chips": [25, 100],
        "names": {"1": "Ann", "2": "Bao"},
        "options": {"bb_ante_short": "ante_first", "clock_seconds": 45},
        "levels": [
            {"blinds": [25, 50], "ante": 50, "minutes": 20, "bb_ante": True},
            {"break": 10},
            {"blinds": [50, 100], "minutes": 12.5},
        ],
    }
    parsed = parse_line(json.dumps({"setup": setup}))
    assert parsed.event is not None and parsed.event.body["names"] == {"1": "Ann", "2": "Bao"}


# --- item 3: binary files, broken pipes ------------------------------------------------------


def test_binary_lines_are_named_and_the_rest_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bin.jsonl"
    path.write_bytes(
        json.dumps(SETUP).encode()
        + b"\n\xff\xfe\x00garbage\x80\n"
        + b'{"tick": 1, "x": "\xc3"}\n'
        + "\n".join(json.dumps(x) for x in GOOD_TAIL).encode()
        + b"\n"
    )
    result = replay_file(path)
    assert [f.split(": ")[0] for f in result.failures] == [f"{path}:2", f"{path}:3"]
    assert "not UTF-8" in result.failures[0]
    assert result.checks == 1
    exported = histories(path)
    assert [p.split(": ")[0] for p in exported.problems] == [f"{path}:2", f"{path}:3"]


def test_a_whole_binary_file_is_failures_not_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "random.jsonl"
    path.write_bytes(bytes(range(256)) * 40)
    done = subprocess.run(
        [sys.executable, "-m", "tablectl", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr + done.stdout
    assert f"{path}:1: malformed line" in done.stdout


def test_json_output_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    """`tablectl replay --json FILE | head -1`: the reader goes away; no BrokenPipeError
    traceback, and the exit status is 141 (128 + SIGPIPE), as a shell pipeline reports it."""
    scenario = ROOT / "tests" / "scenarios" / "tda50_example1b_500_and_1000_facing_1100.jsonl"
    for cmd in (["replay", "--json"], ["demo"]):
        proc = subprocess.Popen(
            [sys.executable, "-m", "tablectl", *cmd, *[str(scenario)] * 400],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.readline()
        proc.stdout.close()  # what head does after its line
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=60) == 141, err
        assert "Traceback" not in err and "BrokenPipe" not in err, err


# --- item 4: non-finite and negative numbers ---------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        '{"tick": NaN}',
        '{"tick": Infinity}',
        '{"tick": -Infinity}',
        '{"tick": 1e400}',
        '{"tick": -1}',
        '{"tick": 1e30}',
        '{"press": "check", "t": NaN}',
        '{"press": "check", "t": Infinity}',
        '{"press": "check", "t": -3}',
        '{"fold": 2, "t": 1e400}',
        '{"expect": {"to_call": NaN}}',
        '{"setup": {"seats": {"1": 5, "2": 5}, "blinds": [1, 2], "levels": [{"blinds": [1, 2], '
        '"minutes": Infinity}]}}',
    ],
)
def test_non_finite_and_negative_times_are_refused(tmp_path: Path, line: str) -> None:
    message = refused(line)
    assert any(w in message for w in ("NaN", "Infinity", "finite", "non-negative", "at most"))
    if not line.startswith('{"setup"'):
        replayed_with_one_bad_line(tmp_path, line)


def test_a_clock_after_a_refused_tick_is_still_right(tmp_path: Path) -> None:
    # 002 Rule 29: 30 s on the clock; a NaN tick must not make every later ruling wrong.
    lines = [
        SETUP,
        DEAL,
        {"press": "clock"},
        {"expect": {"alert": "clock", "seat": 1}},
        '{"tick": NaN}',
        {"tick": 20},
        {"expect": {"to_act": 1, "no_alert": True}},
        {"tick": 11},
        {"expect": {"last": {"seat": 1, "action": "fold"}, "to_act": 2}},
    ]
    result = replay_file(write(tmp_path, lines))
    assert [f.split(": ")[0] for f in result.failures] == [f"{tmp_path / 's.jsonl'}:5"]
    assert result.checks == 3


# --- item 5: caps and echoes ---------------------------------------------------------------------


def test_a_push_may_hold_at_most_max_chips(tmp_path: Path) -> None:
    ok = parse_line(json.dumps({"push": {"seat": 1, "chips": [25] * MAX_CHIPS}}))
    assert ok.event is not None
    message = refused(json.dumps({"push": {"seat": 1, "chips": [25] * (MAX_CHIPS + 1)}}))
    assert f"at most {MAX_CHIPS:,} chips" in message
    assert len(message) < 200
    refused(json.dumps({"chips": {"stack:1": [25] * (MAX_CHIPS + 1)}}))
    refused(json.dumps({"setup": {**SETUP["setup"], "chips": list(range(1, 200))}}))


@pytest.mark.parametrize(
    "line",
    [
        json.dumps({"push": {"seat": 1, "chips": [25] * 3_000_000}}),
        json.dumps({"fold": "9" * 10_000_000}),
    ],
    ids=["3M-chips", "10MB-value"],
)
def test_an_oversized_line_is_refused_without_echoing_it(tmp_path: Path, line: str) -> None:
    message = refused(line)
    assert f"longer than {MAX_LINE_BYTES:,} bytes" in message and len(message) < 200
    failure = replayed_with_one_bad_line(tmp_path, line)
    assert len(failure) < 300 + len(str(tmp_path))


@pytest.mark.parametrize(
    "line",
    [
        json.dumps({"fold": "x" * 60_000}),
        json.dumps({"press": "y" * 60_000}),
        json.dumps({"card": "z" * 60_000, "zone": "muck"}),
        json.dumps({"tick": "w" * 60_000}),
        json.dumps({"declare": {"seat": 1, "say": "v" * 60_000}}),
        json.dumps({"setup": {**SETUP["setup"], "rules": "r" * 60_000}}),
        json.dumps({"push": {"seat": 1, "chips": [25, "u" * 60_000]}}),
    ],
    ids=["fold", "press", "card", "tick", "say", "rules", "chip"],
)
def test_long_values_are_truncated_in_messages(line: str) -> None:
    message = refused(line)
    assert len(message) < 300 and "…" in message


def test_huge_numbers_are_refused() -> None:
    assert "at most" in refused(json.dumps({"push": {"seat": 1, "chips": [10**40]}}))
    assert "at most" in refused(
        json.dumps({"declare": {"seat": 1, "say": "bet", "amount": 10**40}})
    )
    assert "at most" in refused(
        json.dumps({"setup": {**SETUP["setup"], "seats": {"1": 10**40, "2": 5}}})
    )
    # a number too long for Python's int conversion (4300 digits) is a named error too
    assert "number" in refused('{"fold": ' + "9" * 5000 + "}")


def test_multiset_difference_is_linear() -> None:
    """A push of many chips compared with what lies in the zone: the multiset difference counts
    its comparisons, which grew with the square of the chips (list.remove in a loop)."""
    from tablectl.engine.zones import multiset_minus

    calls = [0]

    class Chip(int):
        def __eq__(self, other: object) -> bool:
            calls[0] += 1
            return int(self) == other

        __hash__ = int.__hash__

    n = 2000
    a = [Chip(100) for _ in range(n)] + [Chip(500)]
    b = [Chip(25) for _ in range(n)] + [Chip(100) for _ in range(n)]
    assert multiset_minus(a, b) == [500]
    assert calls[0] < 20 * n  # the quadratic version made about n * n = 4,000,000


def test_a_setup_without_two_players_with_chips_is_refused(tmp_path: Path) -> None:
    # Found by tests/test_hostile_input.py: every stack 0 raised IndexError building the table.
    setup = {"setup": {**SETUP["setup"], "seats": {"1": 0, "2": 0, "3": 1000}}}
    assert "two players with chips" in refused(json.dumps(setup))
    result = replay_file(write(tmp_path, [setup, *GOOD_TAIL]))
    assert result.failures[0].startswith(f"{tmp_path / 's.jsonl'}:1: malformed line")


def test_export_of_a_journal_with_a_bad_setup_row_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tablectl.daemon.journal import Journal

    db = tmp_path / "j.db"
    with Journal(db) as journal:
        journal.append_raw('{"setup": {"seats": {"²": 5, "2": 5}, "blinds": [1, 2]}}')
        journal.append_raw('{"fold": 2}')
    assert main(["export", "--journal", str(db), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tablectl export: ") and err.count("\n") == 1 and "row 1" in err

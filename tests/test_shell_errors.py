"""Bad configuration and bad arguments through the real command line (issue 9 items 8 and 9):
each gives one line naming the key or the path and a non-zero exit, never a traceback, and
nothing is played or written on a mistake.

Tests run as root here, so an unwritable place is made by geometry, not permissions: a path under
a regular file (ENOTDIR) or under /proc (which refuses new directories to everyone)."""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from test_daemon_session import write_session

ROOT = Path(__file__).resolve().parent.parent

CONFIG = """
journal = "j.db"
structure = "home-003"
[serial]
device = "/dev/null"
[nfc]
reader = ""
[seats.1]
name = "Ann"
[seats.2]
name = "Bao"
[display]
enabled = false
"""

GPIO = (
    "[gpio]\n"
    + "\n".join(
        f"{name} = {pin}"
        for pin, name in enumerate(
            ("check", "clock", "award", "new_hand", "pause", "resume", "undo", "floor"), 5
        )
    )
    + "\n"
)


def tablectl(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ if env is None else env)
    full.pop("NOTIFY_SOCKET", None)
    full.setdefault("SDL_VIDEODRIVER", "dummy")
    full["PYTHONPATH"] = str(ROOT) + os.pathsep + full.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "tablectl", *args],
        env=full,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    """The command failed with exactly one error line (stderr, or an ERROR/CRITICAL log line on
    stdout) and no traceback; returns that line."""
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr + proc.stdout
    errors = proc.stderr.splitlines() + [
        line for line in proc.stdout.splitlines() if " ERROR " in line or " CRITICAL " in line
    ]
    assert len(errors) == 1, proc.stderr + proc.stdout
    return errors[0]


@pytest.fixture
def blocker(tmp_path: Path) -> Path:
    """A regular file: nothing can be created under it, whoever asks."""
    path = tmp_path / "a-file"
    path.write_text("not a directory\n")
    return path


def config(tmp_path: Path, text: str = CONFIG) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


# --- item 8: configuration ---------------------------------------------------------------------


@pytest.mark.parametrize("where", ["under-a-file", "proc", "a-directory"])
def test_impossible_journal_path(tmp_path: Path, blocker: Path, where: str) -> None:
    journal = {
        "under-a-file": blocker / "state" / "j.db",
        "proc": Path("/proc/tablectl/j.db"),
        "a-directory": tmp_path,
    }[where]
    cfg = config(tmp_path, CONFIG.replace('journal = "j.db"', f'journal = "{journal}"'))
    script = write_session(tmp_path / "s.jsonl", 1, 1)
    for extra in ([], ["--events", str(script)]):
        line = one_line_error(tablectl("run", "--config", str(cfg), *extra))
        assert str(journal) in line and "journal" in line
    # --journal on the command line too
    line = one_line_error(
        tablectl("run", "--config", str(config(tmp_path)), "--journal", str(journal))
    )
    assert str(journal) in line


def test_seat_key_that_is_a_digit_but_not_a_number(tmp_path: Path) -> None:
    cfg = config(tmp_path, CONFIG.replace("[seats.2]", '[seats."²"]'))
    proc = tablectl("run", "--config", str(cfg))
    assert proc.returncode == 2
    assert "seats.²: seat numbers are 1 to 10" in one_line_error(proc)


def test_seat_keys_that_would_merge(tmp_path: Path) -> None:
    cfg = config(tmp_path, CONFIG.replace("[seats.2]", "[seats.01]"))
    proc = tablectl("run", "--config", str(cfg))
    assert proc.returncode == 2
    assert "seats.01:" in one_line_error(proc)


def test_invalid_hardware_is_refused_under_sim_too(tmp_path: Path) -> None:
    cfg = config(tmp_path, 'hardware = "pi"\n' + CONFIG)
    for extra in ([], ["--sim"]):
        proc = tablectl("run", "--config", str(cfg), *extra)
        assert proc.returncode == 2
        assert "hardware: 'pi' is not one of real, sim" in one_line_error(proc)
    assert not (tmp_path / "j.db").exists()


def test_gpio_console_on_a_machine_without_gpio(tmp_path: Path) -> None:
    gpiozero = pytest.importorskip("gpiozero", reason="gpiozero is not installed")
    from gpiozero.exc import BadPinFactory

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # one per pin library tried
            gpiozero.Device._default_pin_factory()
    except BadPinFactory:
        pass
    else:
        pytest.skip("this machine has GPIO")
    env = dict(os.environ)
    env.pop("GPIOZERO_PIN_FACTORY", None)
    cfg = config(tmp_path, CONFIG.replace("[display]", GPIO + "[display]"))
    proc = tablectl("run", "--config", str(cfg), env=env)
    line = one_line_error(proc)
    assert proc.returncode == 1
    assert "dealer console: no GPIO on this machine" in line and "[gpio]" in line


def test_sim_out_in_an_impossible_place(blocker: Path) -> None:
    out = blocker / "sessions"
    line = one_line_error(tablectl("sim", "--hands", "1", "--headless", "--out", str(out)))
    assert str(out) in line


def test_screenshot_out_in_an_impossible_place(blocker: Path) -> None:
    out = blocker / "shots"
    line = one_line_error(
        tablectl(
            "screenshot",
            "--out",
            str(out),
            "--what",
            "clock",
            "--preset",
            "home-003",
            "--size",
            "800x480",
        )
    )
    assert str(out) in line


def test_screenshot_of_a_missing_scenario(tmp_path: Path) -> None:
    proc = tablectl(
        "screenshot",
        "--out",
        str(tmp_path / "s"),
        "--what",
        "scenarios",
        "--scenario",
        "/nonexistent/x.jsonl",
        "--size",
        "800x480",
    )
    assert proc.returncode == 2
    assert "/nonexistent/x.jsonl" in one_line_error(proc)


def test_screenshot_of_a_bogus_moment(tmp_path: Path) -> None:
    scenario = ROOT / "tests" / "scenarios"
    proc = tablectl(
        "screenshot",
        "--out",
        str(tmp_path / "s"),
        "--what",
        "scenarios",
        "--scenario",
        str(scenario),
        "--moment",
        "bogus",
        "--size",
        "800x480",
    )
    assert proc.returncode == 2
    assert "--moment 'bogus'" in one_line_error(proc)
    # A well-formed moment that no scenario reaches is said too.
    proc = tablectl(
        "screenshot",
        "--out",
        str(tmp_path / "s"),
        "--what",
        "scenarios",
        "--scenario",
        str(scenario),
        "--moment",
        "alert-no_such_alert",
        "--size",
        "800x480",
    )
    assert proc.returncode == 1
    assert "alert-no_such_alert" in one_line_error(proc)


# --- item 9: `run --events` needs the scenario's setup first ---------------------------------


@pytest.mark.parametrize(
    ("first", "where", "says"),
    [
        ('{"fold": 2}\n', ":1:", "not a setup line"),
        ('# a comment\n{"setup": {"rules": "tda-2025", "seats": \n', ":2:", "setup line"),
        ('{"setup": {"rules": "tda-2025", "seats": {"1": 100}, "button": 1}}\n', ":1:", "setup"),
        ("", ":", "no setup line"),
    ],
    ids=["missing", "torn", "invalid", "empty"],
)
def test_run_events_refuses_a_script_without_its_setup(
    tmp_path: Path, first: str, where: str, says: str
) -> None:
    cfg = config(tmp_path)
    script = write_session(tmp_path / "s.jsonl", 1, 2)
    body = script.read_text().splitlines(keepends=True)[1:]
    bad = tmp_path / "bad.jsonl"
    bad.write_text(first + ("".join(body) if first else ""))
    line = one_line_error(tablectl("run", "--config", str(cfg), "--events", str(bad)))
    assert f"{bad}{where}" in line and says in line
    assert not (tmp_path / "j.db").exists()  # nothing journaled, nothing played


def test_run_events_of_a_missing_file(tmp_path: Path) -> None:
    line = one_line_error(
        tablectl(
            "run", "--config", str(config(tmp_path)), "--events", str(tmp_path / "absent.jsonl")
        )
    )
    assert "absent.jsonl" in line


@pytest.mark.parametrize("name", ["absent.db", "absent.jsonl"])
def test_export_of_a_missing_journal_names_it(tmp_path: Path, name: str) -> None:
    """One line naming the file, not a raw ``[Errno 2]`` (issue 25 item 11)."""
    missing = tmp_path / name
    line = one_line_error(
        tablectl(
            "export",
            "--journal",
            str(missing),
            "--format",
            "pokerstars",
            "--out",
            "o",
            cwd=tmp_path,
        )
    )
    assert line == f"tablectl export: {missing}: No such file or directory"
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--buy-in", "ten"], "--buy-in 'ten' is not AMOUNT+FEE (e.g. 10+1)"),
        (["--hero", "11"], "--hero 11: seats are 1 to 10"),
    ],
)
def test_export_options_are_checked_in_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    line = one_line_error(
        tablectl(
            "export",
            "--journal",
            "x.db",
            "--format",
            "pokerstars",
            "--out",
            "o",
            *args,
            cwd=tmp_path,
        )
    )
    assert line == f"tablectl export: {says}"

"""The README's first command, verbatim, with a display (issue 25, item 1).

CI ran `tablectl sim` only headless, so a crash in closing the window (`screen[0].quit()` on a
PygameDisplay) went out in the very first command a newcomer types. Here the command is read from
the README itself and run as written, once with SDL's dummy driver and once in a real X window
under Xvfb; each must exit 0 and end with its summary line.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pygame", reason="pygame is not installed")

ROOT = Path(__file__).parents[1]
XVFB = shutil.which("Xvfb")
XDOTOOL = shutil.which("xdotool")


def readme_sim_command() -> list[str]:
    """The `tablectl sim …` part of the README's first command (after the install step)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```sh\n(.*?)```", text, re.S)
    assert block, "the README opens with a sh block of its two commands"
    first = block.group(1).splitlines()[0].split("#")[0]
    run = first.split("&&")[-1].strip()
    argv = shlex.split(run)
    assert argv[:2] == ["tablectl", "sim"], run
    return argv


def run_it(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    argv = readme_sim_command()
    # `tablectl` as installed is `python3 -m tablectl`; this way the tree under test is the one run
    env = {**env, "PYTHONPATH": str(ROOT), "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "tablectl", *argv[1:]],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def summary_ok(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 0, proc.stderr[-2000:]
    last = proc.stdout.strip().splitlines()[-1]
    hands = readme_sim_command()[readme_sim_command().index("--hands") + 1]
    assert re.fullmatch(
        rf"hands={hands} events=\d+ alerts=\d+ chips_conserved=yes lost_events=0", last
    ), last
    assert "running headless" not in proc.stderr, "the window was meant to open"


def test_readme_first_command_with_sdl_dummy_display() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = "dummy"
    summary_ok(run_it(env))


@pytest.mark.skipif(
    XVFB is None or XDOTOOL is None,
    reason="Xvfb and xdotool are needed (apt-get install xvfb xdotool; .ci/debian-packages)",
)
def test_readme_first_command_in_a_real_window_under_xvfb() -> None:
    assert XVFB is not None and XDOTOOL is not None
    display = f":{600 + os.getpid() % 300}"
    xvfb = subprocess.Popen(
        [XVFB, display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        env = {k: v for k, v in os.environ.items() if k != "WAYLAND_DISPLAY"}
        env |= {"DISPLAY": display, "SDL_VIDEODRIVER": "x11"}
        deadline = time.monotonic() + 20
        while subprocess.run(
            [XDOTOOL, "getmouselocation"], env=env, capture_output=True
        ).returncode:
            assert time.monotonic() < deadline, "Xvfb did not start"
            time.sleep(0.1)
        summary_ok(run_it(env))
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)

"""End to end as a dealer would (issue 13): `tablectl run --sim` in a real X window under Xvfb,
taps sent with xdotool, the journal read afterwards. Skips when Xvfb or xdotool is missing
(.ci/debian-packages installs both)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from xvfb_server import xvfb

pygame = pytest.importorskip("pygame", reason="pygame is not installed")

XVFB = shutil.which("Xvfb")
XDOTOOL = shutil.which("xdotool")
pytestmark = pytest.mark.skipif(
    XVFB is None or XDOTOOL is None,
    reason="Xvfb and xdotool are needed (apt-get install xvfb xdotool; .ci/debian-packages)",
)

SIZE = (800, 480)
CONFIG = """
journal = "{journal}"
structure = "home-003"
[seats.1]
name = "Ann"
[seats.2]
name = "Bao"
[seats.3]
name = "Cy"
[nfc]
reader = ""
[tags]
badges = "{badges}"
[display]
width = 800
height = 480
fullscreen = false
"""


def targets(config: Path) -> dict[str, tuple[int, int]]:
    """Where the buttons are: the console laid out here exactly as the daemon lays it out."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from display.console import Console
    from display.dealer import DealerScreen
    from tablectl.daemon.config import load_config
    from tablectl.engine.table import Table

    view = Table.from_setup(load_config(config, hardware="sim").setup_body()).view()
    surface = pygame.Surface(SIZE)
    con = Console(SIZE)
    screen = DealerScreen(surface.subsurface(con.screen_rect), con.layout.s)
    screen.draw(view)
    con.update(view)
    out = {f"seat{s}": r.center for s, r in screen.seat_rects.items()}
    bar = {b.id: b.rect.center for b in con.buttons()}
    con.mode, con.seat = "pad", 3
    out |= {b.id: b.rect.center for b in con.buttons()}
    con.mode = "keyboard"
    out |= {b.id: b.rect.center for b in con.buttons()}
    return out | bar  # the bar's UNDO, not the pad's


def wait_for(what: str, test: object, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not test():  # type: ignore[operator]
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def test_a_dealer_at_the_touch_console(tmp_path: Path) -> None:
    assert XVFB is not None and XDOTOOL is not None
    with xvfb("1024x768") as display:
        dealer_at_the_console(tmp_path, display)


def dealer_at_the_console(tmp_path: Path, display: str) -> None:
    journal = tmp_path / "journal.db"
    config = tmp_path / "table.toml"
    config.write_text(CONFIG.format(journal=journal, badges=tmp_path / "badges.json"))
    env = {**os.environ, "DISPLAY": display, "PYTHONPATH": str(Path(__file__).parents[1])}
    env.pop("SDL_VIDEODRIVER", None)
    env["SDL_VIDEODRIVER"] = "x11"
    log = tmp_path / "daemon.log"
    daemon = None
    try:
        with log.open("w") as out:
            daemon = subprocess.Popen(
                [
                    sys.executable,
                    "-c",
                    "import sys; from tablectl.cli import main; sys.exit(main(sys.argv[1:]))",
                    "run",
                    "--sim",
                    "--config",
                    str(config),
                ],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        wait_for(
            "the daemon to be ready",
            lambda: "ready after" in log.read_text() or daemon.poll() is not None,
        )
        assert daemon.poll() is None, log.read_text()
        found = subprocess.run(
            [XDOTOOL, "search", "--sync", "--onlyvisible", "--pid", str(daemon.pid)],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        window = found.stdout.split()[0]
        at = targets(config)

        def tap(name: str) -> None:
            x, y = at[name]
            subprocess.run(
                [XDOTOOL, "mousemove", "--window", window, str(x), str(y), "click", "1"],
                env=env,
                check=True,
                timeout=10,
            )
            time.sleep(0.4)  # the loop turns every 50 ms; a dealer taps slower still

        # A tap before the first frame has no seat under it: tap once the screen is drawn.
        wait_for("the dealer screen", lambda: "console takes taps" in log.read_text())
        for name in (
            "seat3",
            "seatflag:absent",
            "seatflag:name",
            "kb:DEL",
            "kb:DEL",
            "kb:C",
            "kb:Y",
            "kb:SPACE",
            "kb:L",
            "kb:OK",
            "seatflag:present",
            "close:",
            "bar:undo",
            "bar:floorcall",
        ):
            tap(name)
        # the last tap journaled; UNDO with nothing to undo was greyed: no entry, no alert
        wait_for("the last tap", lambda: "floor called to the table" in log.read_text())
        assert "nothing to undo" not in log.read_text()
    finally:
        if daemon is not None:
            daemon.send_signal(signal.SIGTERM)
            daemon.wait(timeout=30)
    from tablectl.daemon.journal import Journal

    with Journal(journal) as j:
        lines = [json.loads(r.line) for r in j.rows()][1:]
    entered = [{k: v for k, v in line.items() if k != "t"} for line in lines if "tick" not in line]
    assert entered == [
        {"seat": {"seat": 3, "status": "absent"}},
        {"name": {"seat": 3, "name": "Cy L"}},
        {"seat": {"seat": 3, "status": "present"}},
        {"press": "floor"},
    ], log.read_text()[-3000:]
    assert daemon.returncode == 0


@pytest.mark.skipif(Path("/etc/tablectl/table.toml").exists(), reason="a configured table")
def test_run_sim_on_a_desktop_with_no_config(tmp_path: Path) -> None:
    """`tablectl run --sim --floor-badge NAME` on a desktop (an 800x480 screen under Xvfb) with
    no /etc/tablectl: the window follows the screen, the journal goes under
    $XDG_STATE_HOME/tablectl, and F reads the floor badge as docs/kiosk.md says (issue 25)."""
    assert XVFB is not None and XDOTOOL is not None
    with xvfb("800x480") as display:
        desktop_run(tmp_path, display)


def desktop_run(tmp_path: Path, display: str) -> None:
    state = tmp_path / "state"
    env = {
        **os.environ,
        "DISPLAY": display,
        "PYTHONPATH": str(Path(__file__).parents[1]),
        "HOME": str(tmp_path / "home"),
        "XDG_STATE_HOME": str(state),
        "SDL_VIDEODRIVER": "x11",
    }
    log = tmp_path / "daemon.log"
    daemon = None
    try:
        with log.open("w") as out:
            daemon = subprocess.Popen(
                [sys.executable, "-m", "tablectl", "run", "--sim", "--floor-badge", "Sam (floor)"],
                env=env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        wait_for(
            "the daemon to be ready",
            lambda: "console takes taps" in log.read_text() or daemon.poll() is not None,
        )
        assert daemon.poll() is None, log.read_text()
        window = subprocess.run(
            [XDOTOOL, "search", "--sync", "--onlyvisible", "--pid", str(daemon.pid)],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout.split()[0]
        geometry = subprocess.run(
            [XDOTOOL, "getwindowgeometry", window], env=env, capture_output=True, text=True
        ).stdout
        assert "800x480" in geometry, geometry
        subprocess.run([XDOTOOL, "key", "--window", window, "f"], env=env, check=True)
        # the log names the badge once when F is offered, again when it is read
        wait_for("the floor badge", lambda: log.read_text().count("Sam (floor)") >= 2)
    finally:
        if daemon is not None:
            daemon.send_signal(signal.SIGTERM)
            daemon.wait(timeout=30)
    assert daemon.returncode == 0, log.read_text()[-2000:]
    assert not (tmp_path / "home" / ".local").exists()
    from tablectl.daemon.journal import Journal

    with Journal(state / "tablectl" / "journal.db") as j:
        lines = [json.loads(r.line) for r in j.rows()]
    assert len(lines[0]["setup"]["seats"]) == 6
    assert {"badge": {"name": "Sam (floor)", "role": "floor"}} in [
        {k: v for k, v in line.items() if k != "t"} for line in lines
    ]


@pytest.mark.parametrize(
    ("screen", "args", "window"),
    [
        ("800x480", [], "800x480"),  # the 7" panel: the whole panel, not a cropped 1280x720
        ("1920x1080", [], "1280x720"),
        ("1920x1080", ["--size", "640x400"], "640x400"),
    ],
)
def test_the_sim_window_follows_the_screen_or_size(
    tmp_path: Path, screen: str, args: list[str], window: str
) -> None:
    """`tablectl sim`'s window is 1280x720 cut to the screen, or --size (issue 25)."""
    assert XVFB is not None and XDOTOOL is not None
    with xvfb(screen) as display:
        sim_window(display, args, window)


def sim_window(display: str, args: list[str], window: str) -> None:
    env = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11"}
    env["PYTHONPATH"] = str(Path(__file__).parents[1])
    sim = None
    try:
        cmd = [sys.executable, "-m", "tablectl", "sim", "--hands", "500", "--seed", "1", *args]
        sim = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        found = subprocess.run(
            [XDOTOOL, "search", "--sync", "--onlyvisible", "--pid", str(sim.pid)],
            env=env,
            capture_output=True,
            text=True,
            timeout=30,
        )
        geometry = subprocess.run(
            [XDOTOOL, "getwindowgeometry", found.stdout.split()[0]],
            env=env,
            capture_output=True,
            text=True,
        ).stdout
        assert f"Geometry: {window}" in geometry, geometry
    finally:
        if sim is not None:
            sim.terminate()
            try:
                sim.wait(timeout=30)
            except subprocess.TimeoutExpired:
                sim.kill()
                sim.wait()


def test_sim_size_is_checked_in_one_line() -> None:
    bad = subprocess.run(
        [sys.executable, "-m", "tablectl", "sim", "--hands", "1", "--size", "800by480"],
        env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stderr == "tablectl sim: --size '800by480' is not WxH (e.g. 800x480)\n"

"""The screens' windows on X11 use X11's own framebuffer (display/video.py, issue 25 item 7):
SDL's texture framebuffer uploads the whole 1080p frame on every ``display.update(rects)``
(bench/idle.py part 3: the running kiosk clock 1.70% of a core with it, 0.35% without).

Each case runs in a fresh process under Xvfb (the hint is read when the first window opens)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from xvfb_server import xvfb

XVFB = shutil.which("Xvfb")
ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(XVFB is None, reason="Xvfb is needed (.ci/debian-packages)")

DEALER = """
import os
from display.window import PygameDisplay
d = PygameDisplay((800, 480), fullscreen=False, console=True)
print(os.environ.get("SDL_FRAMEBUFFER_ACCELERATION"))
d.close()
"""
KIOSK = """
import os, signal, threading
from display import kiosk
from display.clock import ClockScreen
from tablectl.files.clock_files import load_structure, preset_dir
from tablectl.tournament.clock import TourneyClock

seen = []
class Seen(ClockScreen):
    def __init__(self, surface):
        seen.append(os.environ.get("SDL_FRAMEBUFFER_ACCELERATION"))
        super().__init__(surface)
kiosk.ClockScreen = Seen
threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGTERM)).start()
clock = TourneyClock(load_structure(preset_dir() / "home-003.toml"))
kiosk.run_kiosk(clock, lambda c, now: None, size=(800, 480), windowed=True, sound=False, title="t")
print(seen[0])
"""


@pytest.fixture(scope="module")
def x_display() -> Iterator[str]:
    with xvfb("1024x768") as display:
        yield display


def hint(code: str, display: str, **env: str) -> str:
    full = {**os.environ, "DISPLAY": display, "SDL_VIDEODRIVER": "x11", "PYTHONPATH": str(ROOT)}
    full.pop("SDL_FRAMEBUFFER_ACCELERATION", None)
    full.update(env)
    out = subprocess.run(
        [sys.executable, "-c", code], env=full, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()[-1]


@pytest.mark.parametrize("code", [DEALER, KIOSK], ids=["dealer", "kiosk"])
def test_x11_windows_ask_for_x11s_own_framebuffer(code: str, x_display: str) -> None:
    assert hint(code, x_display) == "0"


def test_a_users_choice_wins(x_display: str) -> None:
    assert hint(DEALER, x_display, SDL_FRAMEBUFFER_ACCELERATION="1") == "1"


def test_other_drivers_keep_sdls_choice(x_display: str) -> None:
    assert hint(DEALER, x_display, SDL_VIDEODRIVER="dummy") == "None"

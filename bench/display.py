"""Display figures: frame render time at 800x480 and 1920x1080, and CPU use while idle.

    SDL_VIDEODRIVER=dummy python bench/display.py [--idle-seconds 30] [--frames 60]

Render time is a full redraw (DealerScreen.draw / ClockScreen.draw) of the busiest example views,
median and 95th percentile. Idle CPU runs the real loops for ``--idle-seconds`` each: the kiosk
clock (`tablectl clock`'s Kiosk: tick, save when due, redraw once a second, flip, sleep until
the next second or a key) and a dealer screen fed a table view ten times a second in which only the
level clock moves (the daemon pushes a view after every event and tick; nothing else changes at
an idle table). CPU is process CPU time over
wall time; the target is under 1%.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace
from datetime import datetime
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from display import examples
from display.clock import ClockScreen
from display.dealer import DealerScreen
from display.kiosk import Kiosk, show, wait_for_input
from tablectl.files.clock_files import load_structure, preset_dir, save_state
from tablectl.tournament.clock import TourneyClock

SIZES = [(800, 480), (1920, 1080)]


def render_times(frames: int) -> None:
    wall = datetime(2026, 11, 21, 20, 14)
    clock = TourneyClock(
        load_structure(preset_dir() / "tda-style.toml"), entrants=48, players_left=31
    )
    clock.resume(0.0)
    for w, h in SIZES:
        surface = pygame.Surface((w, h))
        dealer = DealerScreen(surface)
        views = [examples.side_pots_showdown(), examples.out_of_turn(), examples.misdeal()]
        times = []
        for i in range(frames):
            t0 = time.perf_counter()
            dealer.draw(views[i % len(views)])
            times.append((time.perf_counter() - t0) * 1000)
        _report(f"dealer screen {w}x{h}", times)
        screen = ClockScreen(surface)
        times = []
        for i in range(frames):
            t0 = time.perf_counter()
            screen.draw(clock.status(float(i), wall), "20:14")  # full frame every time
            times.append((time.perf_counter() - t0) * 1000)
        _report(f"venue clock   {w}x{h}", times)
        screen.render(clock.status(0.0, wall), "20:14")
        times = []
        for i in range(1, frames + 1):
            t0 = time.perf_counter()
            screen.render(clock.status(float(i), wall), "20:14")
            times.append((time.perf_counter() - t0) * 1000)
        _report(f"venue clock   {w}x{h} per second", times, "updates of the time texts only")


def _report(name: str, ms: list[float], what: str = "full redraws") -> None:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(len(ms) * 0.95))]
    print(f"  {name}: median {statistics.median(ms):6.1f} ms, p95 {p95:6.1f} ms ({len(ms)} {what})")


def idle_clock(seconds: float, size: tuple[int, int]) -> None:
    window = pygame.display.set_mode(size)
    with tempfile.TemporaryDirectory() as tmp:
        clock = TourneyClock(load_structure(preset_dir() / "wfp-major.toml"))
        state = Path(tmp) / "clock.json"
        kiosk = Kiosk(clock, window, [], lambda c, now: save_state(state, c, now))
        clock.resume(time.monotonic())
        drawn = 0
        wall0, cpu0 = time.monotonic(), time.process_time()
        while time.monotonic() - wall0 < seconds:
            now = time.monotonic()
            if kiosk.frame(now, datetime.now()):
                show(kiosk.screen.dirty)
                drawn += 1
            wait_for_input(now + kiosk.wait_ms(now) / 1000)
        wall, cpu = time.monotonic() - wall0, time.process_time() - cpu0
    print(
        f"  venue clock running, {size[0]}x{size[1]}: CPU {100 * cpu / wall:.2f}% over "
        f"{wall:.0f} s ({drawn} redraws, once a second; {kiosk.screen.fast_frames} of them "
        "only the time texts)"
    )


def idle_dealer(seconds: float, size: tuple[int, int]) -> None:
    window = pygame.display.set_mode(size)
    screen = DealerScreen(window)
    view = examples.normal_action()
    level = view.level
    assert level is not None and level.seconds_left is not None
    drawn = polls = 0
    wall0, cpu0 = time.monotonic(), time.process_time()
    while time.monotonic() - wall0 < seconds:
        # the level clock in the top bar counts down: the view changes once a second
        left = level.seconds_left - (time.monotonic() - wall0)
        view = replace(view, level=replace(level, seconds_left=left))
        if screen.render(view):
            show(screen.dirty)
            drawn += 1
        polls += 1
        wait_for_input(time.monotonic() + 0.1)
    wall, cpu = time.monotonic() - wall0, time.process_time() - cpu0
    print(
        f"  dealer screen idle table, level clock running, {size[0]}x{size[1]}: CPU "
        f"{100 * cpu / wall:.2f}% over {wall:.0f} s ({polls} views offered, {drawn} drawn, "
        f"{screen.fast_frames} of them only the level time)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle-seconds", type=float, default=30.0)
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--size", default="1920x1080", help="window size for the idle runs")
    args = parser.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    pygame.display.init()
    pygame.font.init()
    print(
        f"display bench (pygame {pygame.version.ver}, SDL video driver "
        f"{pygame.display.get_driver()})"
    )
    print("frame render time:")
    render_times(args.frames)
    print(f"idle CPU ({args.idle_seconds:.0f} s each):")
    idle_clock(args.idle_seconds, (w, h))
    idle_dealer(args.idle_seconds, (w, h))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The director's web console in a real browser: page load times and the update latency from a
table's event to the browser (issue 16).

A local mosquitto, ``--tables`` simulated tables (hw_sim.venue_room), the console served by
uvicorn, Debian's chromium driven by Playwright. Signed in as the director, it registers
``--players``, draws the seats and lets the tables seat them, then:

1. page load: each page loaded ``--loads`` times; the browser's own Navigation Timing (request
   start to the load event, and to DOMContentLoaded) and the HTML's size.
2. live updates: the floor map stays open while the tables deal ``--hands`` hands, one every
   ``--pace`` seconds; each state a table publishes carries its wall time ``t`` (taken as the
   table queues it in its outbox), and the page records ``Date.now()/1000 - t`` when the
   WebSocket push that shows it arrives: table -> outbox -> broker -> console -> browser, one
   machine clock.

    python3 bench/web.py [--tables 3] [--players 18] [--loads 10] [--hands 60] [--pace 0.25]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from hw_sim.venue_room import CHROMIUM_ARGS, SimRoom
from tablectl.venue.broker import free_port
from tablectl.venue.serve import build, demo_settings, serve_in_thread

PAGES = ("/", "/entrants", "/clock", "/balancing", "/log", "/table/T1", "/public", "/login")


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, default=3)
    ap.add_argument("--players", type=int, default=18)
    ap.add_argument("--loads", type=int, default=10)
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--pace", type=float, default=0.25)
    args = ap.parse_args()
    names = [f"T{i}" for i in range(1, args.tables + 1)]
    with tempfile.TemporaryDirectory(prefix="bench-web-") as tmp:
        room = SimRoom(Path(tmp) / "room", names)
        room.open_tables()
        room.wait_connected()
        settings = demo_settings(Path(tmp), 0, room.port, room.users["venue"], "benchpass", names)
        served = serve_in_thread(build(settings), free_port())
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                page = browser.new_context(bypass_csp=True).new_page()
                page.goto(served.url + "/login")
                page.fill("input[name=name]", "director")
                page.fill("input[name=password]", "benchpass")
                with page.expect_navigation():
                    page.click("button[type=submit]")
                console = served.web.console
                console.register("bench", [f"Player {i}" for i in range(1, args.players + 1)])
                console.act("bench", {"start": {}})
                served.web.hub.notify()
                deadline = time.monotonic() + 30
                while sum(room.players(n) for n in names) < args.players:
                    room.service()
                    if time.monotonic() > deadline:
                        raise SystemExit("the tables did not seat the players")
                    time.sleep(0.02)

                print(f"page load ({args.loads} loads each; median and worst, ms)")
                print(f"{'page':<12}{'load':>8}{'worst':>8}{'DOM':>8}{'HTML KiB':>10}")
                for path in PAGES:
                    loads, doms, size = [], [], 0
                    for _ in range(args.loads):
                        response = page.goto(served.url + path)
                        nav = page.evaluate(
                            "(() => { const n = performance.getEntriesByType('navigation')[0];"
                            " return [n.loadEventEnd - n.requestStart,"
                            " n.domContentLoadedEventEnd - n.requestStart]; })()"
                        )
                        loads.append(nav[0])
                        doms.append(nav[1])
                        size = len(response.body()) if response else 0
                    print(
                        f"{path:<12}{statistics.median(loads):>8.1f}{max(loads):>8.1f}"
                        f"{statistics.median(doms):>8.1f}{size / 1024:>10.1f}"
                    )

                page.goto(served.url + "/")
                page.wait_for_function("window.tablectl.connected")
                page.evaluate("window.tablectl.latencies = []")
                started = time.monotonic()
                for i in range(args.hands):
                    room.play(names[i % len(names)])
                    room.service()
                    time.sleep(args.pace)
                page.wait_for_timeout(500)
                lat = [x * 1000 for x in page.evaluate("window.tablectl.latencies")]
                seconds = time.monotonic() - started
                browser.close()
        finally:
            served.stop()
            room.close()
    if not lat:
        print("no live update reached the browser", file=sys.stderr)
        return 1
    print(
        f"\nlive updates: {len(lat)} pushes for {args.hands} hands in {seconds:.1f} s; "
        f"table event -> browser p50 {pct(lat, 50):.1f} ms, p95 {pct(lat, 95):.1f} ms, "
        f"max {max(lat):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

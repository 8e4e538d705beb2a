"""The public page while the console is flooded with wrong sign-ins (issue 26, item 6).

The console served by uvicorn (no broker: the sign-ins need none). One client reads ``GET
/public`` every ``--every`` seconds, first ``--seconds`` alone, then as long again while
``--flooders`` clients post wrong sign-ins as fast as they are answered, a new name each time
(so no name is ever locked). Each flooder connects from its own loopback address (127.0.0.2,
127.0.0.3 ...) so the per-address lockout does not end the flood at once; ``--one-address``
sends them all from 127.0.0.1. Prints p50, p99 and the worst ``/public`` time alone and under
the flood, and how the sign-ins were answered (401 checked and wrong, 429 refused unhashed).

    python3 bench/signin_flood.py [--flooders 8] [--seconds 10] [--every 0.02] [--one-address]
"""

from __future__ import annotations

import argparse
import http.client
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablectl.venue.broker import free_port
from tablectl.venue.serve import build, demo_settings, serve_in_thread


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


def get_public(port: int) -> float:
    start = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/public")
    resp = conn.getresponse()
    resp.read()
    conn.close()
    assert resp.status == 200, resp.status
    return time.perf_counter() - start


def flood(port: int, source: str, stop: threading.Event, answers: Counter[int], no: int) -> None:
    i = 0
    while not stop.is_set():
        i += 1
        form = urllib.parse.urlencode({"name": f"guess-{no}-{i}", "password": "nope"})
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
        conn.request(
            "POST",
            "/login",
            body=form,
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Origin": f"http://127.0.0.1:{port}",
            },
        )
        resp = conn.getresponse()
        resp.read()
        conn.close()
        answers[resp.status] += 1


def measure(port: int, seconds: float, every: float) -> list[float]:
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        times.append(get_public(port))
        time.sleep(every)
    return times


def line(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (
        f"{label:<14} n={len(ms):4d}  p50 {statistics.median(ms):7.1f} ms  "
        f"p99 {pct(ms, 99):7.1f} ms  max {max(ms):7.1f} ms"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--flooders", type=int, default=8)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--every", type=float, default=0.02)
    ap.add_argument("--one-address", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        settings = demo_settings(Path(tmp), 0, free_port(), "x", "right password", ["T1", "T2"])
        served = serve_in_thread(build(settings), free_port())
        try:
            alone = measure(served.port, args.seconds, args.every)
            stop, answers = threading.Event(), Counter[int]()
            threads = [
                threading.Thread(
                    target=flood,
                    args=(
                        served.port,
                        "127.0.0.1" if args.one_address else f"127.0.0.{2 + n}",
                        stop,
                        answers,
                        n,
                    ),
                    daemon=True,
                )
                for n in range(args.flooders)
            ]
            for t in threads:
                t.start()
            flooded = measure(served.port, args.seconds, args.every)
            stop.set()
            for t in threads:
                t.join(60)
        finally:
            served.stop()
    print(f"GET /public, {args.flooders} clients posting wrong sign-ins (a new name each):")
    print(line("alone", alone))
    print(line("under flood", flooded))
    print("sign-ins answered: " + ", ".join(f"{k}: {v}" for k, v in sorted(answers.items())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Venue transport benchmark: simulated tables publishing through one local mosquitto to a
clock subscriber, over loopback (tablectl.venue.broker starts the broker with the shipped ACL).

Each table is a real :class:`tablectl.daemon.venue_link.VenueLink` (its own paho client, QoS 1,
an in-memory outbox); the clock is a :class:`tablectl.venue.client.VenueClient` that dedups by
seq. Two phases, each bounded in messages and seconds:

1. full speed: every table publishes as fast as its outbox window lets it; messages/s through
   the broker and the broker's CPU (from /proc) per message.
2. paced: every table at ``--rate`` events/s (a busy real table makes a few a second); p50/p99
   table-to-clock latency (from the outbox add to the clock taking it, same machine clock).

It ends with the capacity one broker core implies: tables at ``--table-rate`` messages/s each.

    python3 bench/venue.py [--tables 50] [--per-table 300] [--rate 20] [--seconds 10]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tablectl.daemon.outbox import Outbox
from tablectl.daemon.venue_link import LinkConfig, VenueLink
from tablectl.venue.broker import Mosquitto, find_mosquitto
from tablectl.venue.client import TableEvent, VenueClient

VENUE = "bench"
LIMIT_S = 120.0  # no phase runs longer than this, whatever the machine


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--per-table", type=int, default=300, help="messages per table, full speed")
    ap.add_argument("--rate", type=float, default=20.0, help="events/s per table, paced phase")
    ap.add_argument("--seconds", type=float, default=10.0, help="length of the paced phase")
    ap.add_argument(
        "--table-rate",
        type=float,
        default=5.0,
        help="messages/s a real table sends, for the capacity estimate",
    )
    args = ap.parse_args()
    if find_mosquitto() is None:
        print(
            "bench/venue.py: mosquitto is not installed (sh .ci/debian-packages)", file=sys.stderr
        )
        return 2
    names = [f"t{i:03d}" for i in range(1, args.tables + 1)]
    users = {"venue": "venue-pw", **{n: f"{n}-pw" for n in names}}
    with tempfile.TemporaryDirectory() as tmp, Mosquitto(Path(tmp), users) as broker:
        clock = VenueClient(VENUE, "127.0.0.1", broker.port, password="venue-pw")
        clock.start()
        if not clock.wait_connected(30):
            print("bench/venue.py: the clock could not connect", file=sys.stderr)
            return 1
        links = [
            VenueLink(
                LinkConfig(
                    venue=VENUE, table=n, host="127.0.0.1", port=broker.port, password=users[n]
                ),
                Outbox.memory(),
            )
            for n in names
        ]
        for link in links:
            link.start()
        deadline = time.monotonic() + 30
        while not all(lk.connected for lk in links) and time.monotonic() < deadline:
            for lk in links:
                lk.pump(0)
            clock.pump(0.01)
        got: list[TableEvent] = []

        # 1. full speed
        total = args.tables * args.per_table
        sent = dict.fromkeys(names, 0)
        cpu0, t0 = broker.cpu_seconds(), time.monotonic()
        while len(got) < total and time.monotonic() - t0 < LIMIT_S:
            for lk in links:
                n = lk.config.table
                while sent[n] < args.per_table and lk.backlog < 2 * lk.config.window:
                    sent[n] += 1
                    lk.outbox.add("events", lk.topics["events"], {"kind": "bench", "n": sent[n]})
                lk.pump(0)
            got += clock.pump(0.001)
        full_s, full_cpu = time.monotonic() - t0, broker.cpu_seconds() - cpu0
        full_n = len(got)
        lat_full = [(e.received - e.t) * 1000 for e in got]

        # 2. paced
        got = []
        cpu0, t0 = broker.cpu_seconds(), time.monotonic()
        interval = 1.0 / args.rate
        due = t0
        while time.monotonic() - t0 < args.seconds:
            now = time.monotonic()
            while due <= now:
                for lk in links:
                    lk.publish_event("bench", {"paced": True})
                due += interval
            for lk in links:
                lk.pump(0)
            got += clock.pump(min(0.005, max(0.0, due - time.monotonic())))
        expected = int(args.tables * ((due - t0) / interval))
        drain = time.monotonic()
        while len(got) < expected and time.monotonic() - drain < 30:
            for lk in links:
                lk.pump(0)
            got += clock.pump(0.01)
        paced_s, paced_cpu = time.monotonic() - t0, broker.cpu_seconds() - cpu0
        lat = [(e.received - e.t) * 1000 for e in got]

        for lk in links:
            lk.stop()
        clock.stop()

    # Each message crosses the broker twice (table in, clock out).
    rate = full_n / full_s
    per_msg_us = full_cpu / max(full_n, 1) * 1e6
    capacity = 1.0 / (full_cpu / max(full_n, 1)) / args.table_rate if full_cpu else float("inf")
    print(
        f"tables={args.tables} full speed: {full_n}/{total} messages in {full_s:.2f} s = "
        f"{rate:,.0f} msg/s table->clock; broker CPU {full_cpu:.2f} s "
        f"({100 * full_cpu / full_s:.0f}% of one core, {per_msg_us:.0f} us per message); latency "
        f"p50={pct(lat_full, 50):.0f} ms p99={pct(lat_full, 99):.0f} ms (queued in outboxes)"
    )
    print(
        f"paced {args.rate:g}/s per table ({args.tables * args.rate:,.0f} msg/s): "
        f"{len(got)}/{expected} delivered, latency p50={pct(lat, 50):.1f} ms "
        f"p99={pct(lat, 99):.1f} ms max={max(lat, default=float('nan')):.1f} ms; "
        f"broker CPU {100 * paced_cpu / paced_s:.0f}% of one core"
    )
    print(
        f"duplicates dropped={sum(s.duplicates for s in clock.tables.values())} lost={clock.lost}"
    )
    print(
        f"capacity: one broker core at this cost carries ~{capacity:,.0f} tables at "
        f"{args.table_rate:g} msg/s each (clients shared the same 2-core machine)"
    )
    return 0 if full_n == total and len(got) >= expected and clock.lost == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())

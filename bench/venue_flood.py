"""A table under a command flood and a flapping broker while the room keeps dealing (issue 26,
"Not yet tried"): `python3 bench/venue_flood.py [--commands 10000] [--flaps 6] [--seed 4]`.

A whole simulated tournament (hw_sim.venue_tables: six tables of bots, each with its venue link
and outbox, the venue process, a real mosquitto) plays while, from the first round on, a client
holding the venue's own credentials publishes N commands at one table (unknown kinds, bodies of
the wrong shape, level commands out of range, repeated ids), and the broker is stopped and
started again every couple of seconds, F times. Prints the tournament's summary line, how many
of the flood the table answered, the longest the loop went without a round, and the process's
peak memory. The run must still end with chips_conserved=yes lost_messages=0.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parents[1]))

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from hw_sim.venue_tables import SimConfig, VenueSim
from tablectl.wire.topics import table_topic


def flood(sim: VenueSim, table: str, n: int) -> None:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="bench-flood", protocol=mqtt.MQTTv311)
    c.username_pw_set("venue", sim.users["venue"])
    c.max_queued_messages_set(0)
    c.connect_async("127.0.0.1", sim.broker.port, 15)
    c.loop_start()
    kinds = ["nonsense", "level", "seat", "stack", "halt"]
    for i in range(n):
        kind = kinds[i % len(kinds)]
        body: dict[str, Any] = {
            "nonsense": {"x": i},
            "level": {"index": 10**6 + i},  # no such step
            "seat": {"seat": "nine", "name": ["not", "a", "name"], "stack": -1},
            "stack": {"seat": 99, "name": "P1", "add": "lots"},
            "halt": {"reason": 7},
        }[kind]
        env = {
            "v": 1,
            "id": f"flood-{i % 97}",  # repeated ids too
            "kind": kind,
            "venue": sim.cfg.venue,
            "by": "bench",
            "body": body,
            "t": time.time(),
        }
        c.publish(table_topic(sim.cfg.venue, table, "cmd"), json.dumps(env), qos=1)
        if i % 500 == 499:
            time.sleep(0.05)
    time.sleep(2)
    c.disconnect()
    c.loop_stop()


def flap(sim: VenueSim, times: int, stop: threading.Event) -> None:
    for _ in range(times):
        if stop.wait(2.0):
            return
        sim.broker.stop()
        time.sleep(0.7)
        sim.broker.start()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--commands", type=int, default=10_000)
    ap.add_argument("--flaps", type=int, default=6)
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args()
    state: dict[str, Any] = {"last": time.monotonic(), "gap": 0.0}
    stop = threading.Event()
    threads: list[threading.Thread] = []

    def on_round(sim: VenueSim) -> None:
        now = time.monotonic()
        state["gap"] = max(state["gap"], now - state["last"])
        state["last"] = now
        if not threads:
            threads.append(threading.Thread(target=flood, args=(sim, "T1", args.commands)))
            threads.append(threading.Thread(target=flap, args=(sim, args.flaps, stop)))
            for t in threads:
                t.start()

    with tempfile.TemporaryDirectory() as tmp:
        sim = VenueSim(SimConfig(seed=args.seed, faults=False), Path(tmp), on_round=on_round)
        result = sim.run()
        stop.set()
        for t in threads:
            t.join(timeout=30)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"flood: {args.commands} commands at T1, broker stopped and started {args.flaps} times")
    print(f"longest loop without a round: {state['gap'] * 1000:.0f} ms; peak RSS {peak:.0f} MiB")
    for p in result.problems[:5]:
        print(f"problem: {p}")
    print(result.line())
    return 0 if result.ok(sim.cfg.handed) else 1


if __name__ == "__main__":
    raise SystemExit(main())

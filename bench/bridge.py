"""Benchmark the table-sensor bridge; prints figures.

1. Decoder throughput: frames decoded (and parsed) per second on a mix of frames like the
   simulator's traffic, against the frame rate a 250 kbaud line can carry (target >= 100x).
2. Latency from the last byte of a ZONE frame written to the pty to the engine's ruling on the
   chips it reports, through pyserial, the reader thread, the tag mapper and the engine
   (p50/p99). Measured with the debounce window at 0 (the pipeline's own cost) and at the
   default 80 ms (what a dealer sees: the window is waited on purpose).

    python bench/bridge.py [--frames 200000] [--samples 300]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from firmware_bridge import protocol as p
from firmware_bridge.bridge import Bridge
from firmware_bridge.link import SerialLink
from firmware_bridge.tags import ChipInventory, DeckRegistry, TagMapper
from hw_sim.mcu import McuEmulator
from tablectl.engine.events import event_from_obj
from tablectl.engine.outputs import Ruling
from tablectl.engine.table import Table

LINE_BYTES_PER_S = 250_000 / 10  # 8N1: ten bits a byte


def traffic(n: int, rng: random.Random) -> list[bytes]:
    """Frames like a live table's: mostly small card-zone reports, some chip zones, acks."""
    frames = []
    for i in range(n):
        r = rng.random()
        if r < 0.55:  # a card zone: 0-5 cards of 8-byte UIDs
            tags = tuple((rng.randbytes(8), rng.randrange(2)) for _ in range(rng.randrange(6)))
            msg: p.Message = p.ZoneReport(rng.randrange(34), tags)
        elif r < 0.85:  # a chip zone: up to 20 chips
            tags = tuple((rng.randbytes(8), 0) for _ in range(rng.randrange(21)))
            msg = p.ZoneReport(rng.randrange(34), tags)
        elif r < 0.97:
            msg = p.Ack(rng.randrange(256))
        else:
            msg = p.SnapshotEnd(34)
        frames.append(p.encode(i, msg))
    return frames


def bench_decoder(n: int) -> None:
    rng = random.Random(1)
    frames = traffic(n, rng)
    stream = b"".join(frames)
    avg = len(stream) / n
    line_rate = LINE_BYTES_PER_S / avg
    chunks = [stream[i : i + 4096] for i in range(0, len(stream), 4096)]
    best_decode = best_parse = float("inf")
    for _ in range(3):
        dec = p.Decoder()
        t0 = time.perf_counter()
        got = [f for c in chunks for f in dec.feed(c)]
        t1 = time.perf_counter()
        for f in got:
            p.parse(f)
        t2 = time.perf_counter()
        assert len(got) == n
        best_decode = min(best_decode, t1 - t0)
        best_parse = min(best_parse, t2 - t0)
    fps = n / best_decode
    fps_parse = n / best_parse
    print(f"decoder: {n} frames, {avg:.1f} bytes average")
    print(f"  250 kbaud line carries {line_rate:,.0f} frames/s of this mix")
    print(f"  decode (frames + CRC):     {fps:,.0f} frames/s = {fps / line_rate:,.0f}x the line")
    print(
        f"  decode + parse messages:   {fps_parse:,.0f} frames/s = "
        f"{fps_parse / line_rate:,.0f}x the line"
    )


def _percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


SETUP = {
    "setup": {
        "seats": {"1": 100000, "2": 100000},
        "button": 1,
        "blinds": [100, 200],
        "chips": [25, 100, 500, 1000, 5000],
    }
}
DEAL = {"deal": {"2": ["As", "Kd"], "1": ["7c", "7h"]}}


def bench_latency(samples: int, settle: float) -> list[float]:
    """Last byte of the ZONE frame on the pty -> the engine's ruling on those chips."""
    with tempfile.TemporaryDirectory() as tmp:
        mcu = McuEmulator(str(Path(tmp) / "tty"), snapshot_every=None)
        mcu.start()
        chip_uids = [bytes([5, 0, 0, i]) for i in range(4)]
        inv = ChipInventory({u.hex(): 100 for u in chip_uids})
        mapper = TagMapper(DeckRegistry(), inv, settle=settle)
        link = SerialLink(mcu.link_path)
        bridge = Bridge(link, mapper)
        link.start()
        assert link.wait_connected(5)
        link.ping()
        bridge.pump()
        setup = event_from_obj(SETUP).body
        deal = event_from_obj(DEAL)
        lat: list[float] = []
        for _ in range(samples):
            table = Table.from_setup(setup)
            table.apply(deal)
            seat = table.to_act()
            assert seat is not None
            chips = chip_uids[:2]  # 200: a call of the big blind
            t0 = time.perf_counter()
            mcu.place_many([(u, f"bet:{seat}", False) for u in chips])  # written on return
            ruled = False
            while not ruled:
                for ev in bridge.pump(timeout=0.002):
                    if any(isinstance(o, Ruling) for o in table.apply(ev)):  # type: ignore[arg-type]
                        ruled = True
            lat.append(time.perf_counter() - t0)
            mcu.remove(chips)
            cleared = False
            while not cleared:  # wait until the mapper has accepted the empty zone
                cleared = any(ev.body == {f"bet:{seat}": []} for ev in bridge.pump(0.002))
        link.stop()
        mcu.stop()
    return lat


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=200_000)
    ap.add_argument("--samples", type=int, default=300)
    args = ap.parse_args()
    bench_decoder(args.frames)
    for settle, n in ((0.0, args.samples), (0.08, max(20, args.samples // 10))):
        lat = bench_latency(n, settle)
        print(
            f"latency, last byte -> ruling, debounce {settle * 1000:.0f} ms, {n} samples: "
            f"p50 {statistics.median(lat) * 1000:.2f} ms, "
            f"p99 {_percentile(lat, 0.99) * 1000:.2f} ms, max {max(lat) * 1000:.2f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

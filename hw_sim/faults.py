"""Fault injection for the simulated table, seeded so a failing run can be repeated.

Line faults act on the MCU's outgoing frames (:meth:`LineFaults.__call__` is the emulator's
``tx_filter``): a flipped bit, a dropped frame, a burst of garbage before a frame. Table faults are
chosen per simulator step by :class:`FaultPlan`: unplug and replug the USB cable (close and reopen
the pty), a flapping tag, an unknown chip, an unknown card, a card of another enrolled deck
(a duplicate of a card in play).

Every decision is a function of the seed and of what the frame is, never of the order in which
the threads happen to put frames on the wire (see :class:`LineFaults`), so the same seed damages
the same table motions run after run.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from firmware_bridge import protocol as p

TABLE_FAULTS = ("unplug", "flap", "unknown_chip", "unknown_card", "duplicate_card")


@dataclass(slots=True)
class LineCounts:
    corrupted: int = 0
    dropped: int = 0
    garbage: int = 0

    def summary(self) -> str:
        return f"corrupted={self.corrupted} dropped={self.dropped} garbage={self.garbage}"


@dataclass(slots=True)
class FaultCounts:
    """What was injected. ``corrupted``, ``dropped`` and ``garbage`` count the faults on table
    motions' reports and repeat for a seed; ``timed`` counts those on ACK, snapshot and IDENTIFY
    frames, whose number depends on the threads' timing (keepalives, periodic snapshots,
    retransmissions), so it varies run to run."""

    corrupted: int = 0
    dropped: int = 0
    garbage: int = 0
    table: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLE_FAULTS, 0))
    timed: LineCounts = field(default_factory=LineCounts)

    def summary(self) -> str:
        """The repeatable counts (the same for the same seed)."""
        parts = [
            f"corrupted={self.corrupted}",
            f"dropped={self.dropped}",
            f"garbage={self.garbage}",
        ]
        parts += [f"{k}={v}" for k, v in self.table.items()]
        return " ".join(parts)


def is_motion_report(wire: bytes) -> bool:
    """A ZONE report that is no part of a snapshot: sent because tags moved on the table."""
    frames = p.Decoder().feed(wire)
    return (
        len(frames) == 1
        and frames[0].mtype in (p.T_ZONE, p.T_ZONE2)
        and len(frames[0].payload) > 1
        and not frames[0].payload[1] & p.ZFLAG_SNAPSHOT
    )


class LineFaults:
    """The emulator's ``tx_filter``: damages a fraction of the frames it sends.

    Each frame's fate is drawn from a generator seeded with the seed and the frame's identity,
    not from one stream shared by every frame: how many ACKs, keepalives, periodic snapshots and
    retransmissions go out depends on thread timing, and in a shared stream each of them would
    shift every later decision. A table motion's report is identified by its ordinal among the
    motion reports (the simulator's motions are the same for a seed, so the same motions are hit
    and counted in :class:`FaultCounts`); any other frame by its bytes (the same frame gets the
    same fate; how many such frames there are is timing, counted in ``FaultCounts.timed``).
    """

    def __init__(
        self,
        seed: int,
        counts: FaultCounts,
        *,
        corrupt: float = 0.01,
        drop: float = 0.01,
        garbage: float = 0.01,
    ) -> None:
        self.seed = seed
        self.counts = counts
        self.corrupt, self.drop, self.garbage = corrupt, drop, garbage
        self.enabled = True
        self._motions = 0  # motion reports seen (the emulator calls under its lock, in order)

    def __call__(self, wire: bytes) -> list[bytes]:
        if not self.enabled:
            return [wire]
        counts: FaultCounts | LineCounts
        if is_motion_report(wire):
            key = b"motion %d" % self._motions
            self._motions += 1
            counts = self.counts
        else:
            key = b"frame " + wire
            counts = self.counts.timed
        rng = random.Random(b"%d " % self.seed + key)
        r = rng.random()
        if r < self.drop:
            counts.dropped += 1
            return []
        if r < self.drop + self.corrupt:
            counts.corrupted += 1
            bad = bytearray(wire)
            bad[rng.randrange(len(bad))] ^= 1 << rng.randrange(8)
            return [bytes(bad)]
        if r < self.drop + self.corrupt + self.garbage:
            counts.garbage += 1
            junk = bytes(
                rng.choice((0x7E, 0x7D, rng.randrange(256))) for _ in range(rng.randint(1, 24))
            )
            return [junk, wire]
        return [wire]


class FaultPlan:
    """Decides, step by step, whether a table fault happens now (``rate`` per step)."""

    def __init__(self, rng: random.Random, counts: FaultCounts, rate: float = 0.03) -> None:
        self.rng = rng
        self.counts = counts
        self.rate = rate

    def next(self) -> str | None:
        if self.rng.random() >= self.rate:
            return None
        kind = self.rng.choice(TABLE_FAULTS)
        self.counts.table[kind] += 1
        return kind

"""Fault injection for the simulated table, seeded so a failing run can be repeated.

Line faults act on the MCU's outgoing frames (:meth:`LineFaults.__call__` is the emulator's
``tx_filter``): a flipped bit, a dropped frame, a burst of garbage before a frame. Table faults are
chosen per simulator step by :class:`FaultPlan`: unplug and replug the USB cable (close and reopen
the pty), a flapping tag, an unknown chip, an unknown card, a card of another enrolled deck
(a duplicate of a card in play).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

TABLE_FAULTS = ("unplug", "flap", "unknown_chip", "unknown_card", "duplicate_card")


@dataclass(slots=True)
class FaultCounts:
    corrupted: int = 0
    dropped: int = 0
    garbage: int = 0
    table: dict[str, int] = field(default_factory=lambda: dict.fromkeys(TABLE_FAULTS, 0))

    def summary(self) -> str:
        parts = [f"corrupted={self.corrupted}", f"dropped={self.dropped}",
                 f"garbage={self.garbage}"]
        parts += [f"{k}={v}" for k, v in self.table.items()]
        return " ".join(parts)


class LineFaults:
    """The emulator's ``tx_filter``: damages a fraction of the frames it sends."""

    def __init__(
        self,
        rng: random.Random,
        counts: FaultCounts,
        *,
        corrupt: float = 0.01,
        drop: float = 0.01,
        garbage: float = 0.01,
    ) -> None:
        self.rng = rng
        self.counts = counts
        self.corrupt, self.drop, self.garbage = corrupt, drop, garbage
        self.enabled = True

    def __call__(self, wire: bytes) -> list[bytes]:
        if not self.enabled:
            return [wire]
        r = self.rng.random()
        if r < self.drop:
            self.counts.dropped += 1
            return []
        if r < self.drop + self.corrupt:
            self.counts.corrupted += 1
            bad = bytearray(wire)
            bad[self.rng.randrange(len(bad))] ^= 1 << self.rng.randrange(8)
            return [bytes(bad)]
        if r < self.drop + self.corrupt + self.garbage:
            self.counts.garbage += 1
            junk = bytes(self.rng.choice((0x7E, 0x7D, self.rng.randrange(256)))
                         for _ in range(self.rng.randint(1, 24)))
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

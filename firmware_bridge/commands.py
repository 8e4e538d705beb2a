"""The host's commands to the table MCU, one at a time (docs/protocol.md, Commands): the
command tracker of :class:`firmware_bridge.link.SerialLink`, apart from its transport.

The MCU re-acknowledges only the last command it executed, so one command is in flight at a time;
the rest wait in a bounded queue in which a HELLO, GET_SNAPSHOT or keepalive PING already waiting
is coalesced (one answer serves both). A command in flight is retransmitted on a doubling
schedule until acknowledged or given up. The tracker holds no lock and no thread: the link calls
it under its own lock, and hands each copy to transmit to its writer (``transmit``).
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from firmware_bridge import protocol as p


@dataclass(slots=True)
class Pending:
    seq: int
    wire: bytes
    msg: p.Message
    delay: float
    deadline: float = 0.0  # of the next retransmission, once in flight
    sent_at: float | None = None  # when it went in flight
    tries: int = 0
    unwritten: int = 0  # copies queued for the writer and not yet written
    done: threading.Event = field(default_factory=threading.Event)
    # True when the MCU's ACK arrived; False when ``done`` was set because the link closed.
    acked: bool = False
    # Whether every zone was up to date when the ACK was decoded (no gap before it).
    in_sync: bool = False


@dataclass(slots=True)
class CommandStats:
    """The tracker's counters (the link's :class:`~firmware_bridge.link.LinkStats` has them)."""

    retransmits: int = 0
    coalesced: int = 0  # requests already queued or in flight: not sent twice
    dropped_commands: int = 0  # refused for want of room in the queue (each one alerted)


class CommandTracker:
    """Sequence numbers, the queue, the command in flight and its retransmissions."""

    def __init__(
        self,
        transmit: Callable[[Pending], None],
        *,
        retransmit: tuple[float, float, int] = (0.02, 0.5, 8),
        max_queued: int = 8,
        stats: CommandStats | None = None,
    ) -> None:
        self.transmit = transmit
        self.first, self.cap, self.tries = retransmit
        self.max_queued = max_queued
        self.stats = stats if stats is not None else CommandStats()
        self.inflight: Pending | None = None
        self._queue: deque[Pending] = deque()
        self._seq = 0

    @property
    def queued(self) -> int:
        """Commands waiting or in flight (bounded by ``max_queued`` + 1)."""
        return len(self._queue) + (self.inflight is not None)

    def pending(self) -> list[Pending]:
        """The command in flight, then the waiting ones, in order."""
        head = [self.inflight] if self.inflight is not None else []
        return head + list(self._queue)

    def add(self, msg: p.Message, now: float) -> Pending | None:
        """Queue ``msg`` (or the same request already waiting); None when the queue is full."""
        if isinstance(msg, p.Hello | p.GetSnapshot) or msg == p.Ping(0):
            for pend in self._queue:
                if pend.msg == msg:
                    self.stats.coalesced += 1
                    return pend
        if len(self._queue) >= self.max_queued:
            self.stats.dropped_commands += 1
            return None
        seq = self._seq
        self._seq = (self._seq + 1) & 0xFF
        pend = Pending(seq, p.encode(seq, msg), msg, self.first)
        self._queue.append(pend)
        self._next(now)
        return pend

    def acked(self, seq: int, in_sync: bool, now: float) -> Pending | None:
        """The MCU acknowledged ``seq``: the command it was (None: an ACK of a retransmission
        already acknowledged); the next command goes in flight."""
        pend = self.inflight
        if pend is None or pend.seq != seq:
            return None
        self.inflight = None
        pend.acked = True
        pend.in_sync = in_sync
        self._next(now)
        return pend

    def due(self, now: float) -> str:
        """Retransmit the command in flight if its time came; the reason to close the link when
        it was tried too often ("" otherwise)."""
        pend = self.inflight
        if pend is None or pend.deadline > now:
            return ""
        if pend.tries >= self.tries:
            return (
                f"{name(pend.msg)} (command {pend.seq}) not acknowledged after "
                f"{pend.tries} tries in {now - (pend.sent_at or now):.1f} s"
            )
        pend.tries += 1
        pend.delay = min(pend.delay * 2, self.cap)
        pend.deadline = now + pend.delay
        self.stats.retransmits += 1
        if not pend.unwritten:  # a copy still waiting for room is enough
            self.transmit(pend)
        return ""

    def clear(self) -> list[Pending]:
        """Forget every command (the port closed or opened again); the ones forgotten."""
        gone = self.pending()
        self.inflight = None
        self._queue.clear()
        return gone

    def _next(self, now: float) -> None:
        """Put the next queued command in flight when none is."""
        if self.inflight is not None or not self._queue:
            return
        pend = self.inflight = self._queue.popleft()
        pend.sent_at = now
        pend.tries = 1
        pend.deadline = now + pend.delay
        self.transmit(pend)


def name(msg: p.Message) -> str:
    return {p.Hello: "HELLO", p.GetSnapshot: "GET_SNAPSHOT", p.Ping: "PING"}.get(
        type(msg), type(msg).__name__
    )

"""The serial link to the table MCU on pyserial (docs/protocol.md, host side).

One reader thread owns the port: it opens the stable device path exclusively, says HELLO, decodes
frames into a queue of :class:`LinkEvent`, retransmits unacknowledged commands with backoff,
detects report-counter gaps (and asks for a snapshot), and when the device disappears it closes,
waits with backoff and opens again, handshaking anew. Consumers only read :attr:`SerialLink.events`.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from dataclasses import dataclass, field

import serial

from firmware_bridge import protocol as p

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Connected:
    identify: p.Identify


@dataclass(frozen=True, slots=True)
class Disconnected:
    reason: str


@dataclass(frozen=True, slots=True)
class Report:
    zone: p.ZoneReport
    t: float  # time.monotonic() when the frame's last byte was decoded


@dataclass(frozen=True, slots=True)
class SnapshotDone:
    zones: int


@dataclass(frozen=True, slots=True)
class Gap:
    expected: int
    got: int


LinkEvent = Connected | Disconnected | Report | SnapshotDone | Gap


@dataclass(slots=True)
class LinkStats:
    frames: int = 0
    gaps: int = 0
    retransmits: int = 0
    reconnects: int = 0
    protocol_errors: int = 0
    snapshots: int = 0


@dataclass(slots=True)
class _Pending:
    seq: int
    wire: bytes
    msg: p.Message
    deadline: float
    delay: float
    tries: int = 1
    done: threading.Event = field(default_factory=threading.Event)
    # True when the MCU's ACK arrived; False when ``done`` was set because the link closed.
    acked: bool = False
    # Whether every zone was up to date when the ACK was decoded (no gap before it).
    in_sync: bool = False


class LinkDown(RuntimeError):
    """Raised by :meth:`SerialLink.ping` when the MCU does not answer in time."""


class SerialLink:
    """Host side of the MCU link. ``start()`` it, read ``events``, ``stop()`` it."""

    def __init__(
        self,
        port: str,
        baudrate: int = 250_000,
        *,
        retransmit: tuple[float, float, int] = (0.02, 0.5, 8),
        reconnect: tuple[float, float] = (0.05, 2.0),
        hello_timeout: float = 0.5,
        keepalive: float = 0.1,
    ) -> None:
        self.port = port
        self.baudrate = baudrate
        self.retransmit_first, self.retransmit_cap, self.retransmit_tries = retransmit
        self.reconnect_first, self.reconnect_cap = reconnect
        self.hello_timeout = hello_timeout
        # A quiet line is pinged so that a lost report shows up as a gap within this time (and a
        # hung MCU as an unacknowledged command), not only at the next periodic snapshot.
        self.keepalive = keepalive
        self._last_rx = 0.0
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self.stats = LinkStats()
        self.identify: p.Identify | None = None
        self.connected = threading.Event()
        self.decoder_stats = p.DecoderStats()
        self._ser: serial.Serial | None = None
        self._wlock = threading.Lock()
        self._pending: dict[int, _Pending] = {}
        self._seq = 0
        self._expect: int | None = None  # next report counter; None until IDENTIFY
        # After a gap any zone may have missed its latest report: all are stale until a report
        # of theirs arrives. Snapshots are asked for until none is stale, so a snapshot that
        # itself loses a frame still makes progress.
        self._stale: set[int] = set()
        # Set while no zone is stale: ping() waits on it while a gap heals instead of flooding
        # the line with PINGs whose ACKs, lost in turn, would mark every zone stale again.
        self._synced = threading.Event()
        self._snap_at: float | None = None  # when the outstanding GET_SNAPSHOT was sent
        # Position in snapshot order (ascending antenna id) of the previous frame when it was a
        # snapshot report (-1: the ACK that opens a snapshot), else None. Lets a gap inside a
        # snapshot mark only the antennas it skipped as stale, so snapshots converge on a noisy
        # line instead of being restarted by every lost frame.
        self._snap_pos: int | None = None
        self._order: dict[int, int] = {}
        self._hello_at = 0.0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._incompatible_logged = False
        # Counts handshakes: a barrier only holds within the session it was sent in.
        self._session = 0

    # --- public -----------------------------------------------------------------------------

    def start(self) -> None:
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="mcu-link", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=3)
        self._close("stopped")

    def wait_connected(self, timeout: float) -> bool:
        return self.connected.wait(timeout)

    def request_snapshot(self) -> None:
        if self._snap_at is None and self.send(p.GetSnapshot()) is not None:
            self._snap_at = time.monotonic()

    @property
    def in_sync(self) -> bool:
        """True when every zone's latest report is known to have arrived."""
        return self.connected.is_set() and not self._stale

    def send(self, msg: p.Message) -> _Pending | None:
        """Send a command; it is retransmitted until acknowledged. None when not connected."""
        with self._wlock:
            if self._ser is None:
                return None
            seq = self._seq
            self._seq = (self._seq + 1) & 0xFF
            wire = p.encode(seq, msg)
            now = time.monotonic()
            pend = _Pending(seq, wire, msg, now + self.retransmit_first, self.retransmit_first)
            self._pending[seq] = pend
            self._write(wire)
            return pend

    def ping(self, timeout: float = 2.0) -> None:
        """Return once every report the MCU sent before this call is in :attr:`events`.

        The MCU answers in order, so the ACK of a PING follows every earlier report, and its
        report counter shows whether any of them was lost. Only an ACK that arrived (not a wake-up
        by the link closing) in the same session, with no zone stale when it arrived, is a
        barrier; otherwise the snapshot that heals the gap (or the one after a reconnect) is
        waited for with another PING. Raises :class:`LinkDown` after ``timeout``.
        """
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not self.connected.wait(left):
                raise LinkDown(f"no answer from the table MCU on {self.port}")
            session = self._session
            pend = self.send(p.Ping(int(time.monotonic() * 1000)))
            if pend is None:
                time.sleep(0.01)
                continue
            if not pend.done.wait(max(0.0, deadline - time.monotonic())):
                continue
            if pend.acked and pend.in_sync and self._session == session and self.in_sync:
                return
            if pend.acked and not self.in_sync:
                # A gap is healing: wait for the snapshot, then confirm with a fresh PING.
                self._synced.wait(max(0.0, min(0.5, deadline - time.monotonic())))

    # --- reader thread ----------------------------------------------------------------------

    def _write(self, wire: bytes) -> None:
        ser = self._ser
        if ser is None:
            return
        try:
            ser.write(wire)
        except (serial.SerialException, OSError) as exc:
            log.warning("table MCU write failed on %s: %s", self.port, exc)

    def _open(self) -> bool:
        try:
            ser = serial.Serial(self.port, self.baudrate, timeout=0.01, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            log.debug("cannot open %s: %s", self.port, exc)
            return False
        ser.reset_input_buffer()
        with self._wlock:
            self._ser = ser
            self._pending.clear()
        self._decoder = p.Decoder()
        self._expect = None
        self._snap_at = None
        self._set_stale(set())
        self._say_hello()
        return True

    def _say_hello(self) -> None:
        self._hello_at = time.monotonic()
        self.send(p.Hello())

    def _close(self, reason: str) -> None:
        # Not connected first, then wake the waiters: a ping() woken here must not find the
        # link still "connected" and in sync while the reports of the motion it was waiting
        # for went nowhere (the cable was pulled).
        was_connected = self.connected.is_set()
        self.connected.clear()
        self._expect = None
        with self._wlock:
            ser, self._ser = self._ser, None
            for pend in self._pending.values():
                pend.done.set()  # wake waiters, unacknowledged: ping() asks again
            self._pending.clear()
        if ser is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                ser.close()
        if was_connected:
            if reason == "stopped":
                log.info("table MCU link on %s closed", self.port)
            else:
                log.warning("table MCU link lost on %s: %s", self.port, reason)
            self.events.put(Disconnected(reason))

    def _run(self) -> None:
        backoff = self.reconnect_first
        while not self._stop.is_set():
            if self._ser is None:
                if not self._open():
                    self._stop.wait(backoff)
                    backoff = min(backoff * 2, self.reconnect_cap)
                    continue
                backoff = self.reconnect_first
            ser = self._ser
            try:
                data = ser.read(ser.in_waiting or 1)
            except (serial.SerialException, OSError, TypeError) as exc:
                # pyserial raises TypeError when the fd was closed under it by stop().
                self._close(str(exc))
                self.stats.reconnects += 1
                continue
            if data:
                frames = self._decoder.feed(data)
                now = time.monotonic()
                self._last_rx = now
                for frame in frames:
                    self._on_frame(frame, now)
            self._tick(time.monotonic())
        self._close("stopped")

    def _tick(self, now: float) -> None:
        if self._expect is None and now - self._hello_at > self.hello_timeout:
            self._say_hello()  # the IDENTIFY was lost: ask again
        if self._snap_at is not None and now - self._snap_at > self.hello_timeout:
            self._snap_at = None  # its SNAPSHOT_END was lost
            if self._stale:
                self.request_snapshot()
        if self._expect is not None and now - self._last_rx > self.keepalive:
            with self._wlock:
                idle = not self._pending
            if idle:
                self._last_rx = now
                self.send(p.Ping(0))
        with self._wlock:
            due = [(s, q) for s, q in self._pending.items() if q.deadline <= now]
        for seq, pend in due:
            if pend.tries >= self.retransmit_tries:
                self._close(f"command {seq} not acknowledged after {pend.tries} tries")
                self.stats.reconnects += 1
                return
            pend.tries += 1
            pend.delay = min(pend.delay * 2, self.retransmit_cap)
            pend.deadline = now + pend.delay
            self.stats.retransmits += 1
            with self._wlock:
                self._write(pend.wire)

    def _on_frame(self, frame: p.Frame, now: float) -> None:
        self.stats.frames += 1
        try:
            msg = p.parse(frame)
        except p.ProtocolError as exc:
            self.stats.protocol_errors += 1
            log.warning("table MCU: ignored frame: %s", exc)
            msg = None
        if isinstance(msg, p.Identify):
            if msg.proto != p.PROTO_VERSION:
                # Never guess at another protocol's frames: refuse, and retry later (the
                # firmware may be updated in place).
                if not self._incompatible_logged:
                    log.error("table MCU %s speaks protocol %d, this host speaks %d: not "
                              "connecting; update the firmware or tablectl",
                              msg.firmware, msg.proto, p.PROTO_VERSION)
                    self._incompatible_logged = True
                self.stats.protocol_errors += 1
                self._hello_at = now + 5.0  # ask again in a while, not in a tight loop
                return
            self._expect = (frame.seq + 1) & 0xFF
            self.identify = msg
            # HELLO's ACK and a full snapshot follow the IDENTIFY.
            self._set_stale(set(msg.antennas))
            self._order = {a: i for i, a in enumerate(sorted(msg.antennas))}
            self._snap_pos = None
            self._snap_at = time.monotonic()
            self._session += 1
            self.connected.set()
            log.info("table MCU %s on %s, %d antennas", msg.firmware, self.port, len(msg.antennas))
            self.events.put(Connected(msg))
            return
        if self._expect is None:
            if isinstance(msg, p.Ack):
                self._acked(msg.acked)
            return  # reports from before the handshake are not trusted
        if frame.seq != self._expect:
            self.stats.gaps += 1
            self.events.put(Gap(self._expect, frame.seq))
            lost = self._lost_antennas(msg, (frame.seq - self._expect) & 0xFF)
            self._set_stale(self._stale | lost)
            self.request_snapshot()
        self._expect = (frame.seq + 1) & 0xFF
        pos = None
        if isinstance(msg, p.ZoneReport):
            # Queue the report before the zone counts as up to date: a ping() that sees the link
            # in sync must find every report it depends on already in the queue.
            self.events.put(Report(msg, now))
            if msg.antenna in self._stale:
                self._set_stale(self._stale - {msg.antenna})
            if msg.snapshot:
                pos = self._order.get(msg.antenna)
        elif isinstance(msg, p.Ack):
            if isinstance(self._acked(msg.acked), p.GetSnapshot | p.Hello):
                pos = -1
        elif isinstance(msg, p.SnapshotEnd):
            self.stats.snapshots += 1
            self._snap_at = None
            if self._stale:
                self.request_snapshot()
            self.events.put(SnapshotDone(msg.zones))

        self._snap_pos = pos

    def _set_stale(self, stale: set[int]) -> None:
        self._stale = stale
        if stale:
            self._synced.clear()
        else:
            self._synced.set()

    def _lost_antennas(self, msg: p.Message | None, lost: int) -> set[int]:
        """Antennas whose latest report may be among ``lost`` missing frames."""
        everything = set(self._order)
        if self._snap_pos is None:
            return everything
        if isinstance(msg, p.ZoneReport) and msg.snapshot and msg.antenna in self._order:
            here = self._order[msg.antenna]
        elif isinstance(msg, p.SnapshotEnd):
            here = len(self._order)
        else:
            return everything
        if here - self._snap_pos - 1 != lost:
            return everything
        by_pos = sorted(self._order)
        return set(by_pos[self._snap_pos + 1 : here])

    def _acked(self, seq: int) -> p.Message | None:
        with self._wlock:
            pend = self._pending.pop(seq, None)
        if pend is None:
            return None
        pend.acked = True
        pend.in_sync = self._expect is not None and not self._stale
        pend.done.set()
        return pend.msg

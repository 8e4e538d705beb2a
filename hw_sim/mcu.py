"""An emulator of the table MCU firmware, speaking docs/protocol.md on a pseudo-terminal.

The host opens the pty's slave through a stable symlink (as udev gives the real board a
/dev/serial/by-id path), with the real pyserial code path. Tags are moved between zones by
simulator calls (:meth:`McuEmulator.place`, :meth:`McuEmulator.remove`); each change sends the
full content of every antenna it touched, and a full snapshot goes out periodically and on request.
:meth:`unplug` closes the pty master (the host sees the device vanish) and :meth:`replug` makes a
new pty behind the same symlink. :meth:`hold_commands` makes the firmware stop reading the host's
commands (a wedged USB OUT endpoint) while it keeps scanning and reporting.

It speaks protocol versions 1 and 2 (``proto`` is the highest; the session uses the lower of it
and the host's HELLO). Driven by :meth:`place_many` it is a perfect reader (every tag read in
every round). Driven round by round by :meth:`rounds` (hw_sim.rf's model of a real reader) it
reports what each round read: in version 1 the round's tags whenever they differ from the round
before; in version 2 also the read counts over the last ``window`` rounds, the round number and
the MCU time, whenever the round's tags or the set read within the window change.
"""

from __future__ import annotations

import contextlib
import errno
import heapq
import math
import os
import select
import threading
import time
import tty
from collections.abc import Callable, Iterable

from firmware_bridge import protocol as p
from hw_sim.rf import Round

TxFilter = Callable[[bytes], list[bytes]]
# A dedicated reader's inventory round: 10 ms + 2 ms a tag (shared/spec/rf-model.md).
PERFECT_ROUND_MS = 10.0
PERFECT_TAG_MS = 2.0


def standard_antennas(seats: Iterable[int] = range(1, 11)) -> dict[int, str]:
    """The antenna map of a ten-seat table: hole cards, bet and stack zone per seat, then the
    board, burn, muck and pot antennas."""
    ants: dict[int, str] = {}
    for n in seats:
        ants[n - 1] = f"seat:{n}"
        ants[10 + n - 1] = f"bet:{n}"
        ants[20 + n - 1] = f"stack:{n}"
    ants.update({30: "board", 31: "burn", 32: "muck", 33: "pot"})
    return ants


class McuEmulator:
    """The firmware side of the link. Thread-safe: simulator calls may come from any thread."""

    def __init__(
        self,
        link_path: str,
        antennas: dict[int, str] | None = None,
        *,
        firmware: str = "tablesim 1.0",
        snapshot_every: float | None = 2.0,
        proto: int = p.PROTO_VERSION,
        window: int = 8,
        reader: int = p.READER_DEDICATED,
        neighbours: dict[int, tuple[int, ...]] | None = None,
        clock: Callable[[], float] = time.monotonic,
        virtual_time: bool = False,
    ) -> None:
        self.link_path = link_path
        self.antennas = dict(antennas if antennas is not None else standard_antennas())
        self.zone_antenna = {z: a for a, z in self.antennas.items()}
        self.firmware = firmware
        self.proto = proto
        self.session_proto = 0  # the version of the current session (0: no session)
        self.window = window
        self.reader = reader
        self.neighbours = dict(neighbours or {})
        self.clock = clock  # the MCU's own clock, stamped on version 2 reports
        self.snapshot_every = snapshot_every
        # Driven by :meth:`rounds` on the simulation's clock (`tablectl sim --rf`): periodic
        # snapshots go out at their MCU times among the rounds, not when the wall clock says,
        # and a host slow to read (a loaded machine) is waited for, not dropped: the same seed
        # sends the same bytes run after run (docs/rf.md, "Repeatable").
        self.virtual_time = virtual_time
        self._snapshot_due: float | None = None
        # Outgoing frames pass through this (fault injection); it returns the chunks to write.
        self.tx_filter: TxFilter | None = None
        self._zones: dict[int, list[tuple[bytes, int]]] = {a: [] for a in self.antennas}
        # Version 2 state per antenna: the round number, the last ``window`` rounds' reads (uid
        # -> flags) and the time of the latest round.
        self._round: dict[int, int] = dict.fromkeys(self.antennas, 0)
        self._history: dict[int, list[dict[bytes, int]]] = {a: [] for a in self.antennas}
        # every antenna scans from power-up: its rounds are counted from then
        self._round_t: dict[int, float] = dict.fromkeys(self.antennas, clock())
        self._incomplete: dict[int, bool] = dict.fromkeys(self.antennas, False)
        # the run of identical rounds an antenna's latest Round was: its first round's time,
        # the period and that round's number. A run is handed over whole, so its last rounds
        # lie in the future of other antennas' rounds still to come: a snapshot taken among
        # those reports the run's round of the snapshot's time, not its last one.
        self._runs: dict[int, tuple[float, float, int]] = {}
        # v2 reports of a run of identical rounds after its first, due at their rounds' times
        self._deferred: list[tuple[float, int, p.ZoneReport]] = []
        self._seq_deferred = 0
        # While rounds() runs, frames are written in bursts of a few kilobytes, as a firmware's
        # USB endpoint sends full packets: the same bytes in far fewer writes.
        self._batch: bytearray | None = None
        self._where: dict[bytes, int] = {}
        self._lock = threading.RLock()
        self._master: int | None = None
        self._slave: int | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._session = False
        self._counter = 0
        self._last_cmd_seq: int | None = None
        self._last_snapshot = 0.0
        self.frames_sent = 0
        self.frames_dropped = 0  # by the pty being full or unplugged
        self.commands = 0
        self._rx_held = threading.Event()
        self._rx_parked = threading.Event()  # the emulator's loop saw the hold: it reads no more
        # A pipe that wakes the emulator's loop (stop, hold, release), made with each pty: the
        # loop waits on the pty and this pipe until the next snapshot is due, not in 50 ms polls
        # (issue 14: the simulator's threads count in `tablectl run --sim`'s idle CPU)
        self._wake_r: int | None = None
        self._wake_w: int | None = None

    # --- plugging ---------------------------------------------------------------------------

    def start(self) -> None:
        self.replug()

    def replug(self) -> None:
        """Attach a fresh pty behind the stable symlink (as a USB device reappearing)."""
        with self._lock:
            if self._master is not None:
                return
            master, slave = os.openpty()
            tty.setraw(slave)  # no echo or line discipline before the host opens it
            os.set_blocking(master, False)
            self._master, self._slave = master, slave
            self._wake_r, self._wake_w = os.pipe()
            os.set_blocking(self._wake_r, False)
            os.set_blocking(self._wake_w, False)
            self._session = False
            self._last_cmd_seq = None
            tmp = f"{self.link_path}.{os.getpid()}.tmp"
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            os.symlink(os.ttyname(slave), tmp)
            os.replace(tmp, self.link_path)
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="mcu-emulator", daemon=True)
            self._thread.start()

    def unplug(self) -> None:
        """Close the pty master: the host's reads fail as if the cable was pulled."""
        thread = self._thread
        self._stop.set()
        self._wake()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=2)
        with self._lock:
            for fd in (self._master, self._slave, self._wake_r, self._wake_w):
                if fd is not None:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._master = self._slave = self._wake_r = self._wake_w = None
            self._session = False
            self._thread = None
            with contextlib.suppress(FileNotFoundError):
                os.unlink(self.link_path)

    def stop(self) -> None:
        self.unplug()

    @property
    def plugged(self) -> bool:
        return self._master is not None

    def hold_commands(self, fill: bool = True) -> int:
        """Stop reading the host's commands; reports and snapshots still go out.

        With ``fill`` the host-to-MCU direction of the pty is filled with line noise (no flag
        bytes, so the firmware's decoder drops it when it reads again), so the host's next
        write finds no room: what a firmware that stopped draining its USB endpoint does to
        the host. Returns the bytes of noise queued."""
        self._rx_held.set()
        self._wake()
        queued = 0
        thread = self._thread
        if thread is not None and thread.is_alive():
            self._rx_parked.wait(2.0)  # a read under way would make room again
        with self._lock:
            slave = self._slave
        if fill and slave is not None:
            # A description of our own, so that O_NONBLOCK touches no descriptor in use.
            fd = os.open(os.ttyname(slave), os.O_WRONLY | os.O_NOCTTY | os.O_NONBLOCK)
            try:
                # The kernel moves queued bytes on to the reading side's line discipline a
                # moment later, which makes room again: full means still full after a pause.
                full = 0
                while full < 3:
                    try:
                        queued += os.write(fd, bytes(256))
                        full = 0
                    except BlockingIOError:
                        full += 1
                        time.sleep(0.02)
            finally:
                os.close(fd)
        return queued

    def release_commands(self) -> None:
        """Read commands again (the noise queued by :meth:`hold_commands` comes first)."""
        self._rx_held.clear()
        self._rx_parked.clear()
        self._wake()

    def _wake(self) -> None:
        """Have the emulator's loop look at its flags now."""
        fd = self._wake_w
        if fd is not None:
            # full: a wake-up is pending anyway; closed: unplugged meanwhile, no loop to wake
            with contextlib.suppress(OSError):  # BlockingIOError included
                os.write(fd, b"w")

    # --- the table: tags in zones -----------------------------------------------------------

    def place(self, uid: bytes, zone: str, face_up: bool = False) -> None:
        """A tag is now read in ``zone`` (and no longer where it was)."""
        self.place_many([(uid, zone, face_up)])

    def place_many(self, moves: Iterable[tuple[bytes, str, bool]]) -> None:
        """Several tags move at once; each touched antenna reports once."""
        with self._lock:
            touched: list[int] = []
            for uid, zone, face_up in moves:
                ant = self.zone_antenna[zone]
                old = self._where.get(uid)
                flags = p.FLAG_FACE_UP if face_up else 0
                if old is not None:
                    tags = self._zones[old]
                    i = next(i for i, (u, _) in enumerate(tags) if u == uid)
                    if old == ant:
                        tags[i] = (uid, flags)  # turned over in place
                    else:
                        del tags[i]
                        touched.append(old)
                if old != ant:
                    self._zones[ant].append((uid, flags))
                    self._where[uid] = ant
                touched.append(ant)
            for ant in dict.fromkeys(touched):
                self._perfect_round(ant)
                self._send_zone(ant, snapshot=False)

    def motion(self, moves: Iterable[tuple[bytes, str | None, bool]]) -> None:
        """Tags leave (zone None) and move at once, each touched antenna reporting once right
        after the other: a live bridge (`run --sim --bots`) debounces them as one motion."""
        moves = list(moves)
        with self._lock:  # an RLock: place_many and remove take it again
            self.remove([u for u, z, _ in moves if z is None])
            self.place_many([(u, z, up) for u, z, up in moves if z is not None])

    def remove(self, uids: Iterable[bytes]) -> None:
        """Tags leave the table (cards gathered for the shuffle, chips to the tray)."""
        with self._lock:
            touched: list[int] = []
            for uid in uids:
                ant = self._where.pop(uid, None)
                if ant is not None:
                    self._zones[ant] = [(u, f) for u, f in self._zones[ant] if u != uid]
                    touched.append(ant)
            for ant in dict.fromkeys(touched):
                self._perfect_round(ant)
                self._send_zone(ant, snapshot=False)

    def _perfect_round(self, ant: int) -> None:
        """A perfect reader scans without pause and reads every tag in every round: the rounds
        since the last report (by the MCU's clock, 10 ms + 2 ms a tag each, at least one) read
        what the antenna held, and this one reads its new content. The round numbers tell the
        host how long the old content had been read (docs/protocol.md, version 2)."""
        now = self.clock()
        old = self._history[ant][-1] if self._history[ant] else {}
        period = (PERFECT_ROUND_MS + PERFECT_TAG_MS * len(old)) / 1000
        quiet = max(0, min(int((now - self._round_t[ant]) / period), 1_000_000))
        hist = self._history[ant]
        hist += [old] * min(quiet, self.window)
        hist.append(dict(self._zones[ant]))
        del hist[: max(0, len(hist) - self.window)]
        self._round[ant] += quiet + 1
        self._round_t[ant] = now
        self._runs.pop(ant, None)
        self._incomplete[ant] = False

    def rounds(self, reads: Iterable[Round]) -> None:
        """Inventory rounds as a real reader does them (hw_sim.rf), in time order. A report goes
        out after a round whose tags differ from the round before (version 1), or whose tags or
        set read within the window changed (version 2), stamped with that round's end."""
        with self._lock:
            self._batch = bytearray()
            try:
                self._rounds(reads)
            finally:
                batch, self._batch = self._batch, None
                if batch:
                    self._write(bytes(batch))

    def _rounds(self, reads: Iterable[Round]) -> None:
        for r in reads:
            ant = r.antenna
            first = r.t - (r.repeat - 1) * r.period
            self._runs[ant] = (first, r.period, self._round[ant] + 1)
            self._flush_deferred(first)
            self._timed_snapshot(first)
            before = self._zones[ant]
            # listed in the order they arrived (docs/protocol.md): the tags still read keep
            # their places, new ones come last, whatever order anticollision found them in
            now = dict(r.tags)
            tags = [(u, now.pop(u)) for u, _ in before if u in now]
            tags += now.items()
            hist = self._history[ant]
            if tags != before:
                for uid, _ in before:
                    if self._where.get(uid) == ant:
                        del self._where[uid]
                for uid, _ in tags:
                    self._where[uid] = ant
            # a run of identical rounds can change the report only in its first `window`
            # rounds (tags read before it drop out of the window one by one); those reports
            # wait until the other antennas' rounds before them are sent (time order)
            latest = dict(tags)
            if tags == before and all(h == latest for h in hist) and len(hist) == self.window:
                # the same reads as every round in the window: nothing to report
                self._round[ant] += r.repeat
                self._round_t[ant] = r.t
                self._incomplete[ant] = r.incomplete
                continue
            for i in range(min(r.repeat, self.window + 1)):
                union_before = set().union(*hist) if hist else set()
                hist.append(latest)
                if len(hist) > self.window:
                    del hist[0]
                self._round[ant] += 1
                self._round_t[ant] = first + i * r.period
                self._incomplete[ant] = r.incomplete
                changed = i == 0 and tags != before
                if not changed and self.session_proto >= 2:
                    changed = set().union(*hist) != union_before
                self._zones[ant] = tags
                if changed and i == 0:
                    self._send_zone(ant, snapshot=False)
                elif changed:
                    self._seq_deferred += 1
                    msg = self._zone_msg(ant, snapshot=False)
                    heapq.heappush(self._deferred, (self._round_t[ant], self._seq_deferred, msg))
            if r.repeat > self.window + 1:
                self._round[ant] += r.repeat - self.window - 1
                self._round_t[ant] = r.t
        self._flush_deferred(math.inf)

    def _timed_snapshot(self, t: float) -> None:
        """With ``virtual_time``: the periodic snapshot due by MCU time ``t``."""
        every = self.snapshot_every
        if not self.virtual_time or every is None:
            return
        if self._snapshot_due is None:
            self._snapshot_due = t + every
        elif t >= self._snapshot_due:
            self.send_snapshot(at=t)
            self._snapshot_due = t + every

    def _flush_deferred(self, until: float) -> None:
        while self._deferred and self._deferred[0][0] <= until:
            self._send(heapq.heappop(self._deferred)[2])

    def flap(self, uid: bytes) -> None:
        """The tag drops out of its antenna's read for one report, then is read again."""
        with self._lock:
            ant = self._where.get(uid)
            if ant is None:
                return
            tags = self._zones[ant]
            self._zones[ant] = [t for t in tags if t[0] != uid]
            self._send_zone(ant, snapshot=False)
            self._zones[ant] = tags
            self._send_zone(ant, snapshot=False)

    def zone_of(self, uid: bytes) -> str | None:
        ant = self._where.get(uid)
        return None if ant is None else self.antennas[ant]

    def contents(self, zone: str) -> list[bytes]:
        with self._lock:
            return [u for u, _ in self._zones[self.zone_antenna[zone]]]

    def send_snapshot(self, at: float | None = None) -> None:
        """Every antenna's report; ``at``: the MCU time of the snapshot among fed rounds."""
        with self._lock:
            for ant in sorted(self.antennas):  # ascending ids, as docs/protocol.md says
                self._send_zone(ant, snapshot=True, at=at)
            self._send(p.SnapshotEnd(len(self.antennas)))
            self._last_snapshot = time.monotonic()

    # --- wire -------------------------------------------------------------------------------

    def _send_zone(self, ant: int, snapshot: bool, at: float | None = None) -> None:
        self._send(self._zone_msg(ant, snapshot, at))

    def _zone_msg(self, ant: int, snapshot: bool, at: float | None = None) -> p.ZoneReport:
        if self.session_proto < 2:
            return p.ZoneReport(ant, tuple(self._zones[ant]), snapshot)
        latest = dict(self._zones[ant])
        hits: dict[bytes, int] = {}
        flags: dict[bytes, int] = {}
        for rnd in self._history[ant]:
            for uid, f in rnd.items():
                hits[uid] = hits.get(uid, 0) + 1
                flags[uid] = f
        # the round's own tags in arrival order, then those read only in earlier rounds
        order = [u for u, _ in self._zones[ant]] + [u for u in hits if u not in latest]
        tags = tuple(
            (u, (latest[u] | p.FLAG_LAST_ROUND) if u in latest else flags[u]) for u in order
        )
        rnd, rt = self._round[ant], self._round_t[ant]
        run = self._runs.get(ant)
        if at is not None and rt > at and run is not None:
            first, period, n0 = run
            i = max(0, int((at - first) / period + 1e-9)) if period > 0 else 0
            # the round whose end, timed as its own report is (first + i x period), is not
            # after the snapshot: a snapshot repeats a round reported, never one to come
            while i > 0 and first + i * period > at:
                i -= 1
            rnd, rt = n0 + i, first + i * period
        return p.ZoneReport2(
            ant,
            tags,
            snapshot,
            rnd,
            int(rt * 1000),
            self.window,
            tuple(hits.get(u, 1) for u in order),
            tuple(p.NO_RSSI for _ in order),
            self._incomplete[ant],
        )

    def _send(self, msg: p.Message) -> None:
        """Send one frame with the next report counter (only within a session)."""
        with self._lock:
            if not self._session or self._master is None:
                return
            wire = p.encode(self._counter, msg)
            self._counter = (self._counter + 1) & 0xFF
            chunks = self.tx_filter(wire) if self.tx_filter else [wire]
            self.frames_sent += 1
            if self._batch is not None:
                self._batch += b"".join(chunks)
                if len(self._batch) >= 2048:
                    self._write(bytes(self._batch))
                    self._batch.clear()
                return
            for chunk in chunks:
                self._write(chunk)

    def _write(self, data: bytes) -> None:
        master = self._master
        if master is None:
            return
        view = memoryview(data)
        # on the simulation's clock a host slow to read is only slow: wait for it (a while)
        patience = 30.0 if self.virtual_time else 0.05
        deadline = time.monotonic() + patience
        while view:
            try:
                n = os.write(master, view)
                view = view[n:]
                deadline = time.monotonic() + patience  # the host is reading: keep going
            except BlockingIOError:
                # The host is not reading: like a full USB buffer, give it a moment then drop.
                if time.monotonic() > deadline:
                    self.frames_dropped += 1
                    return
                time.sleep(0.001)
            except OSError:
                self.frames_dropped += 1
                return

    def _handle(self, frame: p.Frame) -> None:
        try:
            msg = p.parse(frame)
        except p.ProtocolError:
            return
        with self._lock:
            repeat = self._session and frame.seq == self._last_cmd_seq
            if isinstance(msg, p.Hello):
                if repeat:
                    self._send(p.Ack(frame.seq))
                    return
                self._session = True
                self._counter = 0
                self._last_cmd_seq = frame.seq
                self.commands += 1
                # the lower of the two versions; a firmware of an unknown version offers its own
                known = self.proto in p.PROTO_VERSIONS
                self.session_proto = min(msg.proto, self.proto) if known else self.proto
                self._send(
                    p.Identify(
                        self.session_proto,
                        self.firmware,
                        self.antennas,
                        self.window,
                        self.reader,
                        self.neighbours,
                    )
                )
                self._send(p.Ack(frame.seq))
                self.send_snapshot()
                return
            if not self._session:
                return  # the firmware answers nothing before HELLO
            self._send(p.Ack(frame.seq))
            if repeat:
                return
            self._last_cmd_seq = frame.seq
            self.commands += 1
            if isinstance(msg, p.GetSnapshot):
                self.send_snapshot()

    def _run(self) -> None:
        dec = p.Decoder()
        master, wake = self._master, self._wake_r
        while not self._stop.is_set() and master is not None and wake is not None:
            held = self._rx_held.is_set()
            if held:
                self._rx_parked.set()
            # until the next snapshot is due (at most a second: snapshot_every may change)
            timeout = 1.0
            every = None if self.virtual_time else self.snapshot_every
            if every is not None and self._session:
                timeout = min(timeout, max(0.0, self._last_snapshot + every - time.monotonic()))
            try:
                ready, _, _ = select.select([wake] if held else [master, wake], [], [], timeout)
            except (OSError, ValueError):
                return
            if wake in ready:
                with contextlib.suppress(BlockingIOError):
                    os.read(wake, 4096)
            if master in ready:
                try:
                    data = os.read(master, 4096)
                except BlockingIOError:
                    data = b""
                except OSError as exc:
                    if exc.errno == errno.EIO:  # no process has the slave open: keep waiting
                        time.sleep(0.01)
                        continue
                    return
                for frame in dec.feed(data):
                    self._handle(frame)
            every = None if self.virtual_time else self.snapshot_every
            due = every is not None and time.monotonic() - self._last_snapshot > every
            if due and self._session:
                self.send_snapshot()

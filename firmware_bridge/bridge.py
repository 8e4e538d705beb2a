"""The table-sensor bridge: the MCU link and the tag mapper joined into one event source.

:meth:`Bridge.pump` drains the link's queue into the :class:`~firmware_bridge.tags.TagMapper` and
returns the normalized events (and bridge alerts) that became stable. The daemon and the simulator
call it in their loop and hand the events to the journal and the engine.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from typing import Any

from firmware_bridge import link as lk
from firmware_bridge import protocol as p
from firmware_bridge.tags import TagMapper
from tablectl.engine.events import Event
from tablectl.engine.outputs import Alert

log = logging.getLogger(__name__)

# No rulebook rule governs the sensor link: its alerts cite the protocol's section on it.
LINK_RULE = "docs/protocol.md, Link health"
HOLD = "Hold the action until the table reads again."


class Bridge:
    def __init__(
        self,
        link: lk.SerialLink,
        mapper: TagMapper,
        clock: Callable[[], float] = time.monotonic,
        *,
        report_clock: bool = False,
    ) -> None:
        self.link = link
        self.mapper = mapper
        self.clock = clock
        self.connected = False
        self.last_report_t = 0.0  # link time of the latest report fed to the mapper
        # The simulator's replay of a real reader (tablectl sim --rf, docs/rf.md): a version 2
        # report counts from the MCU time it carries (the simulation's virtual clock), and the
        # mapper is polled at each moment a zone's settle time ran out before it, as the
        # daemon's loop does on the wall clock; ``emitted`` keeps when each output came.
        self.report_clock = report_clock
        self.emitted: list[tuple[float, Event | Alert]] = []
        self._report_now = 0.0
        # What each link event becomes, by its type (as Klipper's register_response).
        self._handlers: dict[type, Callable[[Any], list[Event | Alert]]] = {
            lk.Report: self._report,
            lk.Connected: self._connected,
            lk.Disconnected: self._disconnected,
            lk.Stalled: self._stalled,
            lk.Healed: self._healed,
            lk.Dropped: self._dropped,
        }

    def pump(self, timeout: float = 0.0) -> list[Event | Alert]:
        """Feed everything the link has queued into the mapper and return what it accepts.

        With ``timeout`` > 0, wait up to that long for something to return, waking exactly when
        a pending zone's debounce window ends (so a change is reported after the settle time,
        not after the caller's polling interval)."""
        out: list[Event | Alert] = []
        deadline = time.monotonic() + timeout
        while True:
            while True:
                try:
                    item = self.link.events.get_nowait()
                except queue.Empty:
                    break
                out += self._handle(item)
            out += self._poll(self.clock())
            left = deadline - time.monotonic()
            if out or left <= 0:
                return out
            due = self.mapper.next_due()
            wait = left if due is None else min(left, max(0.0, due - self.clock()))
            try:
                item = self.link.events.get(timeout=max(wait, 0.0005))
            except queue.Empty:
                continue
            out += self._handle(item)

    def feed(self, item: lk.LinkEvent) -> list[Event | Alert]:
        """One event the link posted elsewhere (the daemon's inbox, on the loop's thread): what
        it makes of it now. :meth:`pump` with no wait then gives what came due since."""
        return self._handle(item)

    def due_in(self) -> float | None:
        """Seconds until the mapper can next decide (a zone's settle time runs out), or None."""
        due = self.mapper.next_due()
        return None if due is None else max(0.0, due - self.clock())

    def _poll(self, now: float) -> list[Event | Alert]:
        if not self.report_clock:
            return self.mapper.poll(now)
        out: list[Event | Alert] = []
        while (due := self.mapper.next_due()) is not None and due <= now:
            # a hair past the due time: changed_at + settle - changed_at may round below settle
            at = min(now, max(due, self._report_now) + 1e-6)
            got = self.mapper.poll(at)
            self.emitted += [(at, g) for g in got]
            out += got
            if self.mapper.next_due() == due:
                break  # nothing came due after all (only at ``now`` itself)
        return out

    def _handle(self, item: lk.LinkEvent) -> list[Event | Alert]:
        handler = self._handlers.get(type(item))
        return handler(item) if handler is not None else []  # Gap, SnapshotDone: the link's

    def _report(self, item: lk.Report) -> list[Event | Alert]:
        self.last_report_t = item.t
        # On the wall clock the report counts from when its frame was decoded, not from
        # when the caller got round to pumping; a virtual clock (the simulator) is its own.
        now = item.t if self.clock is time.monotonic else self.clock()
        zone = item.zone
        out: list[Event | Alert] = []
        if self.report_clock and isinstance(zone, p.ZoneReport2):
            now = max(self._report_now, zone.mcu_ms / 1000.0)
            out = self._poll(now)
            self._report_now = now
        # A version 2 report lists every tag of its last rounds; the mapper rules on the
        # tags read in the report's own round, exactly what a version 1 report lists, and
        # the tracker counts rounds by its number and times them by the MCU's clock (a
        # version 1 MCU: by the scan period).
        if isinstance(zone, p.ZoneReport2):
            self.mapper.report(
                zone.antenna, zone.latest(), now, zone.round, zone.incomplete, zone.mcu_ms
            )
        else:
            self.mapper.report(zone.antenna, zone.tags, now)
        return out

    def _connected(self, item: lk.Connected) -> list[Event | Alert]:
        self.connected = True
        return list(self.mapper.set_antennas(item.identify.antennas))

    def _disconnected(self, item: lk.Disconnected) -> list[Event | Alert]:
        self.connected = False
        return [
            Alert(
                "hardware",
                LINK_RULE,
                f"table sensors disconnected ({item.reason}); reconnecting. {HOLD}",
            )
        ]

    def _stalled(self, item: lk.Stalled) -> list[Event | Alert]:
        return [
            Alert(
                "hardware",
                LINK_RULE,
                f"table sensor link stalled: {item.what}. Card and chip reads may be "
                f"late or missing until a snapshot re-reads the table. {HOLD}",
            )
        ]

    def _healed(self, item: lk.Healed) -> list[Event | Alert]:
        return [
            Alert(
                "hardware",
                LINK_RULE,
                f"table sensor link healed after {item.seconds:.1f} s: a snapshot "
                f"re-read all {item.zones} antennas; the table reads again.",
            )
        ]

    def _dropped(self, item: lk.Dropped) -> list[Event | Alert]:
        return [
            Alert(
                "hardware",
                LINK_RULE,
                f"table MCU command queue full: {item.command} dropped "
                f"({item.total} so far): the table MCU is not keeping up with the "
                f"host's commands. {HOLD}",
            )
        ]

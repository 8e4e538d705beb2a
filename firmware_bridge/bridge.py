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

from firmware_bridge import link as lk
from firmware_bridge.tags import TagMapper
from tablectl.events import Event
from tablectl.outputs import Alert

log = logging.getLogger(__name__)


class Bridge:
    def __init__(
        self,
        link: lk.SerialLink,
        mapper: TagMapper,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.link = link
        self.mapper = mapper
        self.clock = clock
        self.connected = False
        self.last_report_t = 0.0  # link time of the latest report fed to the mapper

    def pump(self, timeout: float = 0.0) -> list[Event | Alert]:
        """Feed everything the link has queued (waiting up to ``timeout`` for the first item),
        then return what the mapper accepts now."""
        out: list[Event | Alert] = []
        try:
            item = self.link.events.get(timeout=timeout) if timeout > 0 else None
        except queue.Empty:
            item = None
        while True:
            if item is not None:
                out += self._handle(item)
            try:
                item = self.link.events.get_nowait()
            except queue.Empty:
                break
        out += self.mapper.poll(self.clock())
        return out

    def _handle(self, item: lk.LinkEvent) -> list[Event | Alert]:
        if isinstance(item, lk.Report):
            self.last_report_t = item.t
            self.mapper.report(item.zone.antenna, item.zone.tags, self.clock())
            return []
        if isinstance(item, lk.Connected):
            self.connected = True
            return list(self.mapper.set_antennas(item.identify.antennas))
        if isinstance(item, lk.Disconnected):
            self.connected = False
            return [
                Alert(
                    "hardware",
                    "",
                    f"table sensors disconnected ({item.reason}); reconnecting. "
                    "Hold the action until the table reads again.",
                )
            ]
        return []  # Gap and SnapshotDone: the link already asked for and got the snapshot

"""The table loop's one inbox (issue 30, part 1): every thread posts typed items here, and only
the loop takes them (as Klipper's reactor: one thread owns the state, the others hand it work).

Who posts what:

- the MCU link's reader thread (pyserial, firmware_bridge.link): :class:`Sensed`, a link event for
  the source to turn into table events on the loop;
- the NFC reader's thread (nfcpy): :class:`BadgeRead`;
- gpiozero's callback threads (the dealer console's buttons): :class:`Pressed`;
- paho's network thread (the venue link): :class:`FromVenue`;
- a signal handler or :meth:`Daemon.stop`: :class:`Wake` (look at the stop flag now);
- pygame is pumped by the loop itself, at its frame timer (SDL wants its events on the thread
  that opened the window).

:meth:`Inbox.wait` blocks until an item arrives or the loop's next timer is due, so an item is
taken as soon as it is posted, not at the next turn of a polling loop. ``queue.SimpleQueue`` is
reentrant: a signal handler may post while the loop waits.
"""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import Any

from tablectl.engine.events import Event


@dataclass(frozen=True, slots=True)
class Sensed:
    """Something the table's sensors' link decoded (a firmware_bridge.link event)."""

    item: Any


@dataclass(frozen=True, slots=True)
class BadgeRead:
    """A tag on the NFC reader: its uid and the registry's badge for it (None: unknown)."""

    uid: bytes
    badge: Any = None


@dataclass(frozen=True, slots=True)
class Pressed:
    """A dealer console button press (gpiozero), as its ``press`` event."""

    event: Event


@dataclass(frozen=True, slots=True)
class FromVenue:
    """An item paho's thread posted (tablectl.daemon.venue_link.LinkItem)."""

    item: Any


@dataclass(frozen=True, slots=True)
class Wake:
    """Look again now (a stop was asked for)."""


InboxItem = Sensed | BadgeRead | Pressed | FromVenue | Wake


class Inbox:
    """A queue of :data:`InboxItem` for one taker, the loop."""

    def __init__(self) -> None:
        self._q: queue.SimpleQueue[InboxItem] = queue.SimpleQueue()

    def post(self, item: InboxItem) -> None:
        """Any thread (a signal handler too)."""
        self._q.put(item)

    def wait(self, timeout: float) -> list[InboxItem]:
        """What is posted, in order: waits up to ``timeout`` seconds for the first item (0: does
        not wait), then takes what else is there without waiting."""
        try:
            first = self._q.get(timeout=timeout) if timeout > 0 else self._q.get_nowait()
        except queue.Empty:
            return []
        out = [first]
        while True:
            try:
                out.append(self._q.get_nowait())
            except queue.Empty:
                return out

    def empty(self) -> bool:
        return self._q.empty()

    def qsize(self) -> int:
        return self._q.qsize()

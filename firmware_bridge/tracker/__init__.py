"""The bridge's tracker (docs/rf.md, "The bridge's tracker"; docs/protocol.md, "The tracker on
version 2 reports"): :class:`TagTracker` gives each card and chip one confirmed place and moves it
only on evidence. Pure: no I/O, no clock, no threads. One job a module:

- ``core``: :class:`TagTracker`, made of the parts below; the engine's word on the table (a
  set-up, an award, a hand's start) and what ``tablectl diag`` reads (``snapshot``).
- ``motion``: the poll: tags decided, seats in motion held, quiet zones emitted.
- ``placing``: where one tag lies (the verdict on its reads) and ``_place``, its one move.
- ``lines``: a chip read by two chip zones that share a line: the line's contest.
- ``cards``: the card line, a card asked about, cards never read, a dead card found.
- ``asking``: the dealer's count of a seat's bet asked about, and what it places.
- ``dead``: chips never read or unread, dead chips counted, a dead chip taken out of play.
- ``exchange``: chips gone to the tray in an exchange, taken off the table, or with their
  zone-mates; ``subset_summing``.
- ``reads``: each antenna's rounds and each tag's read history, and the measures of them.
- ``state``: everything the tracker keeps, set up empty (the constructor).
- ``records``, ``geometry`` (both without state): the per-tag records and shared thresholds; the
  zones' names, the chip lines and the edge read rates.

Each part is a mixin over ``state``'s :class:`_State` (through ``reads``); a rule of another part
that it calls is declared at the top of its class. None imports this package.
"""

from firmware_bridge.tracker.core import TagTracker
from firmware_bridge.tracker.exchange import subset_summing

__all__ = ["TagTracker", "subset_summing"]

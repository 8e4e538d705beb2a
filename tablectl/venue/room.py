"""Several events in one console (shell): :class:`RoomConsole` over one :class:`DirectorConsole`
per event (issue 31 part 3; docs/venue.md "Several events in one console").

The room owns what the events share: the broker client (one pump, its tables' states and
answers handed to the events), the journal (one file; each line of an event but the first says
``"in": EVENT``, so a restart replays each event from its own lines, in order) and the table map
(:class:`tablectl.tournament.room.Room`: which event holds each table, rebuilt from the events'
setups). Each event keeps its own clock, published on its own topic
(``tablectl/<room>/clock/<event>``; the first event's is the room's ``tablectl/<room>/clock``).

A table changes event only when empty (broken, 002 Rule 10-B): the event it leaves journals a
``table`` ``remove``, the one it joins a ``table`` ``add`` (the event's level at once, 002 Rule
24, and its seats by balancing and the waiting list). A one-event room is today's console.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tablectl.tournament.room import MAIN, Room, RoomError, check_event_id, handover_ok
from tablectl.tournament.venue import Venue
from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole, Result, VenueJournal


class RoomConsole:
    """The events of one room, run from one console. Not thread-safe (as DirectorConsole)."""

    def __init__(
        self,
        client: VenueClient,
        setup: dict[str, Any],
        journal_path: Path,
        *,
        presets: dict[str, dict[str, Any]] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.client = client
        self.journal = VenueJournal(journal_path)
        self.journal_path = journal_path
        self._kw: dict[str, Any] = {"presets": presets, "monotonic": monotonic, "wall": wall}
        self.room = Room()
        self.events: dict[str, DirectorConsole] = {}
        self._version = 0
        lines, problems = self.journal.load()
        self._add(MAIN, setup, (lines, problems))
        for ident in _events_in(lines):
            first = next(
                (ln for ln in lines if ln.get("in") == ident and isinstance(ln.get("event"), dict)),
                None,
            )
            body = first["event"].get("setup") if first else None
            if not isinstance(body, dict):
                why = f"event {ident}: its first line is not its setup; skipped"
                self.main.problems.append(why)
                continue
            self._add(ident, body, (lines, []))
        self._remap()

    # --- the events -----------------------------------------------------------------------------
    @property
    def main(self) -> DirectorConsole:
        return self.events[MAIN]

    def _add(
        self, ident: str, setup: dict[str, Any], read: tuple[list[dict[str, Any]], list[str]]
    ) -> DirectorConsole:
        console = DirectorConsole(
            self.client,
            setup,
            self.journal_path,
            event=ident,
            journal=self.journal,
            lines=read,
            **self._kw,
        )
        self.events[ident] = console
        return console

    def _remap(self) -> None:
        """The table map from the events' setups; in a room of several every event folds only
        the tables it holds (a report from a table in none is kept, shown, not folded)."""
        self.room.events = {k: c.venue for k, c in self.events.items()}
        self.room.held = {
            t: k for k, c in self.events.items() if c.venue.cfg for t in c.venue.cfg.tables
        }
        for c in self.events.values():
            c.runner.in_room = len(self.events) > 1
        for t in self.room.held:
            self.room.strays.pop(t, None)

    def event_of(self, table: str) -> str | None:
        return self.room.held.get(table)

    def open_event(self, by: str, ident: str, setup: dict[str, Any]) -> Result:
        """A new event beside the others (a satellite, a flight), with its own setup, clock and
        entrants; its tables must be in no other event. Checked before a line is written: a
        journal never holds an event that could not be opened again."""
        try:
            check_event_id(ident)
        except RoomError as exc:
            return Result(False, f"open event: {exc}")
        if ident in self.events:
            return Result(False, f"open event: event {ident} is open already")
        tables = setup.get("tables") if isinstance(setup, dict) else None
        for t in tables if isinstance(tables, list) else []:
            if isinstance(t, str) and t in self.room.held:
                return Result(False, f"open event: table {t} is in event {self.room.held[t]}")
        trial = Venue()
        refused = trial.apply({"setup": setup})
        if trial.cfg is None:
            return Result(False, f"open event: {refused[0].text if refused else 'refused'}")
        console = self._add(ident, setup, ([], []))
        self._remap()
        self._version += 1
        text = f"opened event {ident}: {len(trial.cfg.tables)} table(s)"
        console._note(by, text, True, None, text)
        self.main._note(by, text, True, None, text)
        console.runner.publish(force=True)
        return Result(True, text)

    def hand_over(self, by: str, table: str, to: str) -> Result:
        """A table broken in its event (002 Rule 10-B) joins another: refused while it seats a
        player, has a command waiting, is in play or hosts its event's final table."""
        src = self.room.held.get(table)
        if src is None:
            return Result(False, f"hand over: table {table!r:.40} is in no event")
        if to not in self.events or to == src:
            return Result(False, f"hand over: no other event {to!r:.40} to hand {table} to")
        why = handover_ok(self.room, table)
        if why:
            return Result(False, f"hand over: {why}; it stays")
        manual = self.events[src].venue.manual.has(table)
        left = self.events[src].act(by, {"table": {"remove": table}})
        if not left.ok:
            return left
        joined = self.events[to].act(by, {"table": {"add": table, "manual": manual}})
        if not joined.ok:  # back where it was (last in its event's break order)
            self.events[src].act(by, {"table": {"add": table, "manual": manual}})
            return joined
        self._remap()
        self._version += 1
        return Result(True, f"table {table} handed from {src} to {to}")

    # --- the loop -------------------------------------------------------------------------------
    def step(self) -> bool:
        """One pump of the broker for every event; True when anything changed. A room of one
        event steps it as a venue on its own (today's console, its own pump)."""
        if len(self.events) == 1:
            return self.main.step()
        events = self.client.pump(0)
        force = self.client.republish
        self.client.republish = False
        changed = False
        for c in self.events.values():
            changed |= c.step(events, force)
        if len(self.events) > 1:
            for t, st in self.client.tables.items():
                if t not in self.room.held and st.state is not None:
                    old = self.room.strays.get(t)
                    if old is None or st.state_seq > old.seq:
                        self.room.apply({"report": st.state})
                        changed = True
        if changed:
            self._version += 1
        return changed

    @property
    def version(self) -> int:
        return self._version + sum(c.version for c in self.events.values())

    def strays_view(self) -> list[dict[str, Any]]:
        """Tables reporting that are in no event: shown, not folded."""
        return [
            {"name": t, "seq": r.seq, "players": len(r.seats), "hand": r.hand}
            for t, r in sorted(self.room.strays.items())
        ]

    def events_view(self) -> list[dict[str, Any]]:
        """Each event in a line: its clock, players left, tables (the switcher, /public)."""
        rows = []
        for ident, c in self.events.items():
            s = c.venue.summary()
            rows.append(
                {
                    "id": ident,
                    "name": c.clock.structure.name,
                    "clock": c.clock_view(),
                    "players_left": s.get("players_left", 0),
                    "entrants": s.get("entrants", 0),
                    "tables": list(c.venue.cfg.tables) if c.venue.cfg else [],
                    "started": c.venue.started,
                    "finished": c.venue.finished,
                }
            )
        return rows

    def close(self) -> None:
        for c in self.events.values():
            c.close()
        self.journal.close()


def _events_in(lines: list[dict[str, Any]]) -> list[str]:
    """The events a journal names, in the order they were opened (the first is never named)."""
    seen: list[str] = []
    for line in lines:
        ident = line.get("in")
        if isinstance(ident, str) and ident != MAIN and ident not in seen:
            seen.append(ident)
    return seen

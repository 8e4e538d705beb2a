"""Several events in one room (pure): a satellite beside the main event, or day-one flights.

Each event is today's venue: its own :class:`~tablectl.tournament.venue.Venue` fold (setup,
structure, seed, entrants, purse, tables), and its own clock in the console. The room holds
them by id and the one thing they share: which event each table is in (:attr:`Room.held`).
A table is in one event at a time; it changes event by ``hand_over``, only when empty (broken
in the event it leaves, 002 Rule 10-B, nobody seated or on the way, no command waiting:
:mod:`tablectl.tournament.handover`), and refused with an alert otherwise.

Room events (JSON objects; docs/scenario-extensions.md "Room events"):

- ``{"open_event": {"id": "sat1", "setup": {...}}}``: a new event with its venue setup (its
  tables must be in no other event);
- ``{"in": "sat1", "event": {...}}``: one of the event's venue events;
- ``{"hand_over": {"table": "T7", "from": "main", "to": "sat1"}}``;
- ``{"report": {...}}``: a table's report, folded by the event holding the table; a report from
  a table in no event is kept (:attr:`Room.strays`) and shown, not folded;
- ``{"confirmed"|"refused": {"id": "sat1-c17", ...}}``: a table's answer, routed back to the
  event by its command id's prefix.

Every command the room sends carries its event's prefix (``sat1-c17``; the first event's,
``main``, none: a one-event room is a venue), so its answer finds the event that sent it. The
same room events give every event the same state: replay is recovery.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any

from tablectl.tournament import handover
from tablectl.tournament.venue import Announcement, Output, Venue
from tablectl.wire.commands import Command, TableReport, VenueDataError

MAIN = "main"  # the first event's id, and the event of a journal line that names none
ROOM_EVENTS = ("open_event", "in", "hand_over", "report", "confirmed", "refused")
_EVENT_ID = re.compile(r"[a-z0-9][a-z0-9_]{0,15}")  # a prefix of command ids: no "-"


class RoomError(ValueError):
    """A room event that cannot apply: refused with an alert, nothing changed."""


@dataclass(frozen=True, slots=True)
class Said:
    """One output and the event it came from (``""``: the room's own, e.g. a refusal)."""

    event: str
    output: Output


def check_event_id(value: object) -> str:
    """An event id: 1-16 lower-case letters, digits, ``_`` (it prefixes command ids)."""
    if not isinstance(value, str) or not _EVENT_ID.fullmatch(value):
        raise RoomError(f"an event id is 1-16 lower-case letters, digits or '_', got {value!r:.40}")
    return value


def prefixed(event: str, cmd: Command) -> Command:
    """The command as the room sends it: its id with its event's prefix (the first event's
    bare, so a one-event room's ids are a venue's)."""
    return cmd if event == MAIN else replace(cmd, id=f"{event}-{cmd.id}")


def split_id(cmd_id: object) -> tuple[str, str]:
    """``sat1-c17`` -> (``sat1``, ``c17``); ``c17`` -> (``main``, ``c17``)."""
    if not isinstance(cmd_id, str) or not cmd_id:
        raise RoomError(f"a command id of the room is [EVENT-]ID, got {cmd_id!r:.40}")
    event, dash, own = cmd_id.partition("-")
    return (event, own) if dash else (MAIN, cmd_id)


class Room:
    """The events by id and the table map; :meth:`apply` is the only way they change."""

    def __init__(self) -> None:
        self.events: dict[str, Venue] = {}
        self.held: dict[str, str] = {}  # table -> the event it is in
        self.strays: dict[str, TableReport] = {}  # reports from tables in no event

    def apply(self, event: object) -> list[Said]:
        """Apply one room event; input that cannot apply is refused with an ``alert`` (one line
        saying why) and changes nothing."""
        if not isinstance(event, dict) or not event:
            return [_alert(f"not a room event: {event!r:.80}")]
        kind = "in" if "in" in event else next(iter(event))
        try:
            if kind == "in":
                return self._in(event)
            if len(event) != 1 or kind not in ROOM_EVENTS:
                raise RoomError(f"not a room event (one of {', '.join(ROOM_EVENTS)})")
            body = event[kind]
            if kind == "open_event":
                return self._open(body)
            if kind == "hand_over":
                return self._hand_over(body)
            if kind == "report":
                return self._report(body)
            return self._answer(kind, body)
        except (RoomError, VenueDataError) as exc:
            return [_alert(f"{kind}: {exc}")]

    # ------------------------------------------------------------------------------ queries
    def event_of(self, table: str) -> str | None:
        return self.held.get(table)

    def tables_of(self, event: str) -> list[str]:
        cfg = self.events[event].cfg
        return list(cfg.tables) if cfg else []

    # ------------------------------------------------------------------------------ events
    def _open(self, body: object) -> list[Said]:
        if not isinstance(body, dict) or set(body) != {"id", "setup"}:
            raise RoomError('needs {"id": EVENT, "setup": {...}}')
        ident = check_event_id(body["id"])
        if ident in self.events:
            raise RoomError(f"event {ident} is open already")
        setup = body["setup"]
        tables = setup.get("tables") if isinstance(setup, dict) else None
        for t in tables if isinstance(tables, list) else []:
            if isinstance(t, str) and t in self.held:
                raise RoomError(f"table {t} is in event {self.held[t]}: hand it over first")
        venue = Venue()
        out = venue.apply({"setup": setup})
        if venue.cfg is None:  # the setup's own refusal, in its words
            return [Said("", o) for o in out]
        self.events[ident] = venue
        for t in venue.cfg.tables:
            self.held[t] = ident
            self.strays.pop(t, None)
        text = f"event {ident} opened: {len(venue.cfg.tables)} table(s)"
        return [Said(ident, Announcement("event_opened", text, "", {"event": ident}))]

    def _in(self, event: dict[str, Any]) -> list[Said]:
        if set(event) != {"in", "event"}:
            raise RoomError('needs {"in": EVENT, "event": {...}}')
        ident, inner = event["in"], event["event"]
        venue = self.events.get(ident) if isinstance(ident, str) else None
        if venue is None:
            raise RoomError(f"no event {ident!r:.40} (open: {', '.join(self.events) or 'none'})")
        kind = next(iter(inner)) if isinstance(inner, dict) and len(inner) == 1 else ""
        if kind in ("setup", "table"):  # the room's map would no longer say where tables are
            raise RoomError(f"{kind}: by open_event or hand_over, not inside an event")
        if kind == "report":
            table = inner["report"].get("table") if isinstance(inner["report"], dict) else None
            if self.held.get(str(table)) != ident:
                raise RoomError(f"table {table!r:.40} is not in event {ident}")
        return self._fold(ident, inner)

    def _fold(self, ident: str, inner: object) -> list[Said]:
        return [
            Said(ident, prefixed(ident, o) if isinstance(o, Command) else o)
            for o in self.events[ident].apply(inner)
        ]

    def _report(self, body: object) -> list[Said]:
        report = TableReport.from_obj(body)
        ident = self.held.get(report.table)
        if ident is not None:
            return self._fold(ident, {"report": body})
        old = self.strays.get(report.table)
        if old is not None and report.seq <= old.seq:
            return []
        self.strays[report.table] = report
        if old is not None:
            return []
        text = f"table {report.table} reports but is in no event: shown, not folded"
        return [Said("", Announcement("stray", text, "", {"table": report.table}))]

    def _answer(self, kind: str, body: object) -> list[Said]:
        if not isinstance(body, dict):
            raise RoomError("needs an object with the command's id")
        ident, own = split_id(body.get("id"))
        if ident not in self.events:
            raise RoomError(f"command {body.get('id')!s:.40}: no event {ident!r:.20}")
        return self._fold(ident, {kind: {**body, "id": own}})

    def _hand_over(self, body: object) -> list[Said]:
        if not isinstance(body, dict) or set(body) != {"table", "from", "to"}:
            raise RoomError('needs {"table": NAME, "from": EVENT, "to": EVENT}')
        table, src, dst = body["table"], body["from"], body["to"]
        if not isinstance(table, str) or self.held.get(table) != src:
            where = self.held.get(str(table))
            raise RoomError(
                f"table {table!s:.40} is in {f'event {where}' if where else 'no event'}"
            )
        if dst not in self.events or dst == src:
            raise RoomError(f"no other event {dst!r:.40} to hand table {table} to")
        giver = self.events[src]
        was_manual = giver.manual.has(table)
        before = giver._snapshot()
        out = self._fold(src, {"table": {"remove": table}})
        if _refused(out):
            raise RoomError(_refused(out).removeprefix("table: "))
        joined = self._fold(dst, {"table": {"add": table, "manual": was_manual}})
        if _refused(joined):  # put the table back as it was in the event it left
            giver._restore(before)
            raise RoomError(_refused(joined).removeprefix("table: "))
        self.held[table] = dst
        text = f"table {table} handed from {src} to {dst}"
        return [
            Said(dst, Announcement("handed_over", text, "002 Rule 10-B", dict(body))),
            *joined,
        ]


def _alert(text: str) -> Said:
    return Said("", Announcement("alert", text))


def _refused(out: list[Said]) -> str:
    return next(
        (
            s.output.text
            for s in out
            if isinstance(s.output, Announcement) and s.output.kind == "alert"
        ),
        "",
    )


def fold(events: list[object]) -> tuple[Room, list[Said]]:
    """The room after ``events`` (recovery is replay), and everything it said."""
    room = Room()
    said: list[Said] = []
    for ev in events:
        said.extend(room.apply(ev))
    return room, said


def handover_ok(room: Room, table: str) -> str:
    """Why ``table`` cannot leave its event now, or "" when it can (for the pages)."""
    ident = room.held.get(table)
    if ident is None:
        return f"table {table} is in no event"
    return handover.why_not_empty(room.events[ident], table)

"""The director's console behind the web pages (shell: the broker, a journal file, the wall clock).

:class:`DirectorConsole` runs the tournament for ``tablectl venue serve``: the venue model
(:class:`tablectl.tournament.venue.Venue`) fed by the tables through
:class:`~tablectl.venue.director.VenueRunner`, the room's clock
(:class:`tablectl.tournament.clock.TourneyClock`, its steps becoming ``level`` events, 002 Rule
24), and what the staff do: registrations, re-entries, re-buys, add-ons (002 Rules 8, 28), the
seat draw (7), approving balancing moves and breaks (10-11), the clock and the structure.

Every venue event is journaled (one JSON line, with who and when) before it is applied, so the
venue comes back by replaying the journal: the same events give the same draws. Commands already
sent keep their envelope ids across a restart (the tables drop an id they have seen); those not
answered are sent again. Each change bumps :attr:`DirectorConsole.version`, which the web pages
wait on for their live updates.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tablectl.tournament import announce, manual, players, venue_bounties
from tablectl.tournament.clock import ClockStateError, TourneyClock
from tablectl.tournament.room import MAIN
from tablectl.tournament.structures import Structure, StructureError, parse_structure
from tablectl.tournament.venue import Announcement, Output, Venue, VenueError
from tablectl.venue.client import TableEvent, VenueClient
from tablectl.venue.director import VenueRunner
from tablectl.wire.commands import Command, SeatCmd, StackCmd, UnseatCmd

RECENT_KEPT = 200  # events kept per table for its detail page (rulings included: a few hands)
LOG_KEPT = 300  # staff actions kept in memory for the log page (all are in the journal)


@dataclass(frozen=True, slots=True)
class Result:
    """What a staff action did: applied or refused, in one line for the page."""

    ok: bool
    text: str


JOURNAL_HEADER = {"journal": "tablectl venue", "v": 1}  # a new journal's first line


class VenueJournalError(ValueError):
    """The venue journal cannot be used as it is; the message says how to recover, in one line."""


def recovery_hint(path: Path) -> str:
    return f"`tablectl venue journal recover {path} --out NEW` copies its readable lines"


class VenueJournal:
    """Append-only JSON lines. A venue event is flushed and synced before it is applied; a bad
    line (a torn write at a crash, a byte that is not UTF-8, an event that is no event) is named
    with its line number and skipped on load, never fatal.

    A new journal is made whole under a temporary name with a first line saying what it is, then
    renamed into place: so a file at the path that is empty (0 bytes) was truncated, not new, and
    is refused (the tables still seat its field), as the table's daemon refuses its own."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists():
            tmp = path.with_name(path.name + ".new")
            with tmp.open("w", encoding="utf-8") as f:
                f.write(json.dumps({**JOURNAL_HEADER, "t": round(time.time(), 3)}) + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        elif path.stat().st_size == 0:
            raise VenueJournalError(
                f"{path}: the venue journal is empty (0 bytes), and a journal that existed is "
                "not a new tournament: restore it from a backup (the tables still seat its "
                f"field), or move it away to start a new one; {recovery_hint(path)}"
            )
        self._file = path.open("a", encoding="utf-8")

    def load(self) -> tuple[list[dict[str, Any]], list[str]]:
        return read_journal(self.path)

    def write(self, obj: dict[str, Any], *, sync: bool = False) -> None:
        self._file.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._file.flush()
        if sync:
            os.fsync(self._file.fileno())

    def close(self) -> None:
        self._file.close()


def read_journal(path: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The journal's lines that can be used, and one line for each that cannot (skipped)."""
    lines: list[dict[str, Any]] = []
    problems: list[str] = []
    with path.open("rb") as f:
        for no, raw in enumerate(f, 1):
            problem = None
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                problem = f"not UTF-8 (byte {exc.start + 1})"
            else:
                if not text.strip():
                    continue
                try:
                    obj = json.loads(text)
                except (ValueError, RecursionError) as exc:
                    problem = f"not JSON ({str(exc)[:80]})"
                else:
                    problem = _line_problem(obj)
            if problem is not None:
                problems.append(f"{path}:{no}: {problem}; skipped")
            else:
                lines.append(obj)
    return lines, problems


def _line_problem(obj: object) -> str | None:
    if not isinstance(obj, dict):
        return "not an object"
    event = obj.get("event")
    if event is not None and not (
        isinstance(event, dict) and len(event) == 1 and isinstance(next(iter(event)), str)
    ):
        return "an event must be an object with one key"
    for key in ("seqs", "clock"):
        if key in obj and not isinstance(obj[key], dict):
            return f"{key!r} must be an object"
    seqs = obj.get("seqs", {})
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in seqs.values()):
        return "'seqs' must map tables to whole numbers"
    return None


class _JournaledRunner(VenueRunner):
    """The runner with each applied event and each command sent written to the journal."""

    def __init__(
        self, client: VenueClient, journal: VenueJournal, by: str, event: str = MAIN
    ) -> None:
        super().__init__(client, by=by, event="" if event == MAIN else event)
        self.journal = journal
        # an event's lines say whose they are (a room of several; the first event's say nothing)
        self.tag: dict[str, str] = {} if event == MAIN else {"in": event}
        self.replaying = False
        self.replay_ids: dict[str, str] = {}  # model command id -> envelope id (from the journal)
        self.on_output: Callable[[list[Output]], None] | None = None

    def apply(self, event: dict[str, Any]) -> list[Output]:
        if not self.replaying:
            # the staff's own decisions are synced; the tables' reports merely flushed (a lost
            # report comes again: the tables' states are retained)
            sync = next(iter(event)) not in ("report", "confirmed", "refused")
            line = {"t": round(time.time(), 3), "by": self.by, **self.tag, "event": event}
            self.journal.write(line, sync=sync)
        out = super().apply(event)
        if self.on_output is not None:
            self.on_output(out)
        return out

    def send(self, cmd: Command) -> str:
        if self.replaying:
            return self.replay_ids.get(cmd.id, f"replayed-{cmd.id}")
        env = super().send(cmd)
        self.journal.write({"t": round(time.time(), 3), **self.tag, "sent": env, "cmd": cmd.id})
        return env

    def _answer(self, ev: TableEvent) -> None:
        env = str(ev.body.get("id"))
        waiting = env in self.sent
        super()._answer(ev)
        if waiting and env not in self.sent:  # taken: from its table, and believed
            self.journal.write({"t": round(time.time(), 3), "answered": env})


class DirectorConsole:
    """One venue's tournament, run from the web pages. Not thread-safe: the web server calls it
    from its one event loop thread (paho's thread only queues, then calls ``client.wake``)."""

    def __init__(
        self,
        client: VenueClient,
        setup: dict[str, Any],
        journal_path: Path,
        *,
        presets: dict[str, dict[str, Any]] | None = None,
        monotonic: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        event: str = MAIN,
        journal: VenueJournal | None = None,
        lines: tuple[list[dict[str, Any]], list[str]] | None = None,
    ) -> None:
        """``event``, ``journal``, ``lines``: one event of a room (tablectl.venue.room), which
        owns the journal and has read it once for every event."""
        self.client = client
        self.event = event
        self._owns_journal = journal is None
        self.journal = journal if journal is not None else VenueJournal(journal_path)
        self.runner = _JournaledRunner(client, self.journal, by="venue", event=event)
        self.runner.on_output = self._heard
        self.presets = presets or {}
        self.monotonic = monotonic
        self.wall = wall  # the announcements' expiry (issue 31 part 3)
        self.version = 0
        self.problems: list[str] = []
        self.recent: dict[str, deque[dict[str, Any]]] = {}
        self.log: deque[dict[str, Any]] = deque(maxlen=LOG_KEPT)
        self.structure_obj: dict[str, Any] = dict(setup.get("structure") or {})
        self._seqs_written: dict[str, int] = {}
        self._state_key: Any = None  # the tables' state seqs and online flags last seen
        # the console's link to the tables (the broker): down since when (wall time)
        self._feed_live = False
        self._feed_since: float = time.time()
        lines = self._restore(setup, lines)
        structure = self.venue.structure if self.venue.cfg else None
        if structure is None:
            raise ValueError(f"the venue's setup was refused: {self._last_alert()}")
        self.clock = self._restored_clock(structure, lines)
        self._anchor_clock()

    # --- start-up -------------------------------------------------------------------------------
    @property
    def venue(self) -> Venue:
        return self.runner.venue

    def _restore(
        self, setup: dict[str, Any], read: tuple[list[dict[str, Any]], list[str]] | None = None
    ) -> list[dict[str, Any]]:
        """Replay the journal (a new one starts with the setup); re-send unanswered commands.
        This event's lines (a room's journal holds several), for the clock."""
        lines, problems = read if read is not None else self.journal.load()
        self.problems += problems
        every = lines
        lines = [line for line in lines if line.get("in", MAIN) == self.event]
        events = [line for line in lines if isinstance(line.get("event"), dict)]
        if not events:
            self.runner.apply({"setup": setup})
            return lines
        answered = {line["answered"] for line in every if "answered" in line}
        self.runner.replay_ids = {
            str(line["cmd"]): str(line["sent"]) for line in lines if "sent" in line
        }
        self.runner.replaying = True
        try:
            for line in events:
                event = line["event"]
                if "structure" in event and isinstance(event["structure"], dict):
                    self.structure_obj = dict(event["structure"])
                self.runner.by = str(line.get("by", "venue"))
                self.runner.apply(event)
                if "report" not in event:
                    self._note(str(line.get("by", "venue")), _describe(event), True, line.get("t"))
        finally:
            self.runner.replaying = False
            self.runner.by = "venue"
        for env in list(self.runner.sent):
            cmd = self.runner.sent[env]
            if env in answered:
                del self.runner.sent[env]
            else:  # the same envelope id: a table that took it already drops the repeat
                body = cmd.to_obj()
                if self.runner.event:  # as it was sent: with the event's prefix
                    body["id"] = f"{self.runner.event}-{cmd.id}"
                self.client.command(cmd.table, cmd.kind, body, by="venue", cmd_id=env)
        seqs = [line["seqs"] for line in lines if isinstance(line.get("seqs"), dict)]
        if seqs:
            for table, seq in seqs[-1].items():
                self.client.status(table).events_seq = int(seq)
            self._seqs_written = dict(seqs[-1])
        return lines

    def _restored_clock(self, structure: Structure, lines: list[dict[str, Any]]) -> TourneyClock:
        states = [line["clock"] for line in lines if isinstance(line.get("clock"), dict)]
        if states:
            try:  # back paused, on the same step with the same time left (002 Rule 24)
                return TourneyClock.from_dict(structure, states[-1])
            except ClockStateError as exc:
                self.problems.append(f"clock state not restored: {exc}")
        return TourneyClock(structure, index=self.venue.step_index)

    def _last_alert(self) -> str:
        alerts = [o.text for o in self.runner.said if isinstance(o, Announcement)]
        return alerts[-1] if alerts else "no reason given"

    # --- the loop -------------------------------------------------------------------------------
    def step(self, events: list[TableEvent] | None = None, force: bool = False) -> bool:
        """Pump the broker, fold what came, run the clock; True when anything changed.
        ``events``: what the room's one pump brought (a room of several events)."""
        before = self.version
        if events is None:
            events = self.runner.step(0)
        else:
            self.runner.take(events)
        for ev in events:
            if self.runner.holds(ev.table):
                self._table_event(ev)
        if events or self._states_changed() or self._feed_changed():
            self.version += 1
        self._run_clock()
        self._expire_notes()
        self.runner.publish(force)
        if self.event == MAIN:  # the transport's: once for the room
            self._write_seqs()
        return self.version != before

    def _states_changed(self) -> bool:
        seen = {t: st.state_seq for t, st in self.client.tables.items()}
        online = {t: st.online for t, st in self.client.tables.items()}
        key = (seen, online)
        changed = key != self._state_key
        self._state_key = key
        return changed

    def _feed_changed(self) -> bool:
        live = self.client.connected
        if live == self._feed_live:
            return False
        self._feed_live = live
        if not live:
            self._feed_since = time.time()
        return True

    def feed_view(self) -> dict[str, Any]:
        """Whether the console hears the tables: a page that shows their figures says when it
        does not (issue 25), since when, why, and how old the newest table report is."""
        newest = self.latest_state_t()
        return {
            "live": self._feed_live,
            "since": None if self._feed_live else self._feed_since,
            "why": self.client.down_why or "not connected to the broker",
            "as_of": newest[1] if newest else None,
        }

    def _run_clock(self) -> None:
        if not self.venue.started or self.venue.finished:
            return
        for ev in self.clock.tick(self.monotonic()):
            if ev.kind in ("level", "break"):
                self._level(ev.index, "clock")
            self.version += 1

    def _expire_notes(self) -> None:
        """The clock's tick into the model, journaled only when an announcement is due."""
        now = self.wall()
        if announce.due(self.venue.notes, now):
            self.runner.apply({"tick": {"at": round(now, 3)}})
            self.version += 1

    def _level(self, index: int, by: str) -> None:
        self.runner.by = by
        try:
            self.runner.apply({"level": {"index": index}})
        finally:
            self.runner.by = "venue"
        self._save_clock()

    def _write_seqs(self) -> None:
        seqs = {t: st.events_seq for t, st in self.client.tables.items() if st.events_seq}
        if seqs != self._seqs_written:
            self._seqs_written = seqs
            self.journal.write({"t": round(time.time(), 3), "seqs": seqs})

    def _table_event(self, ev: TableEvent) -> None:
        if ev.kind == "cmd_answer":
            return
        b = ev.body
        text = b.get("text")
        if not isinstance(text, str):
            text = ev.kind.replace("_", " ")
        if ev.kind == "ruling":  # who did what, then the engine's words
            to = b.get("to")
            what = f"seat {b.get('seat')} {b.get('action')}" + (f" {to:,}" if to else "")
            text = what + (f": {text}" if text and text != "ruling" else "")
        elif ev.kind == "alert":
            text = f"{str(b.get('alert', '')).replace('_', ' ')}: {text}"
        row = {
            "seq": ev.seq,
            "t": ev.t,
            "kind": ev.kind,
            "hand": b.get("hand_no"),
            "text": text,
            "rule": b.get("rule", ""),
        }
        if ev.kind == "eliminated":
            # the table counts its own players: the room's place is the venue's (002 Rule 12)
            row["seat"] = b.get("seat")
            row["text"] = f"seat {b.get('seat')} is out"
        self.recent.setdefault(ev.table, deque(maxlen=RECENT_KEPT)).append(row)

    def _heard(self, out: list[Output]) -> None:
        if out:
            self.version += 1
        if self.runner.replaying:
            return  # the clock comes back from its own saved state
        for o in out:
            if isinstance(o, Announcement) and o.kind == "h4h_clock":
                # 002 RP-8 B-D: the hand's minutes off the clock; levels change as they run out
                now = self.monotonic()
                for ev in self.clock.elapse(float(o.data["seconds"]), now):
                    if ev.kind in ("level", "break"):
                        self._level(ev.index, "clock")
                self._save_clock()
                self.runner.publish(force=True)

    def hand_for_hand(self, by: str, on: bool) -> Result:
        """002 RP-8: the director starts hand-for-hand (every table finishes its hand and
        holds; the clock stops and loses its minutes a hand instead) or ends it (the clock runs
        again)."""
        r = self.act(by, {"hand_for_hand": {"on": on}})
        if r.ok:
            now = self.monotonic()
            if on:
                self.clock.pause(now)
            else:
                self.clock.resume(now)
            self._save_clock()
            self.runner.publish(force=True)
        return r

    def release(self, by: str, table: str) -> Result:
        """002 RP-8 F: a table holding an all-in and call deals its cards (the director's tap)."""
        return self.act(by, {"release": {"table": table}})

    def h4h_view(self) -> dict[str, Any]:
        """Hand-for-hand for the pages: on or not, the round, the tables it waits for, the
        all-ins held for a release, the model's proposal, the places shared (002 RP-8)."""
        v = self.venue
        r = v.h4h
        shared = [
            o.text
            for o in self.runner.said
            if isinstance(o, Announcement) and o.kind == "shared_place"
        ]
        left = len(v.remaining())
        return {
            "on": r is not None,
            "round": r.round if r else 0,
            "waiting": list(r.waiting) if r else [],
            "allin": sorted(r.allin.items()) if r else [],
            "hands": r.hands if r else 0,
            "minutes": v.cfg.h4h_minutes if v.cfg else 0,
            "proposed": r is None and v.h4h_proposed == left and left > 1,
            "paid": len(v.purse.payouts(v.structure)) if v.cfg else 0,
            "left": left,
            "started": v.started and not v.finished,
            "shared": shared[::-1],
        }

    # --- staff actions --------------------------------------------------------------------------
    def act(self, by: str, event: dict[str, Any]) -> Result:
        """Apply one venue event decided by ``by``; refused ones change nothing."""
        self.runner.by = by
        try:
            out = self.runner.apply(event)
        finally:
            self.runner.by = "venue"
        alerts = [o for o in out if isinstance(o, Announcement) and o.kind == "alert"]
        result = Result(False, alerts[0].text) if alerts else Result(True, _describe(event, out))
        self._note(by, _describe(event), result.ok, None, result.text)
        self.version += 1
        self.runner.publish()
        return result

    def register(self, by: str, names: list[str], again: bool = False, member: str = "") -> Result:
        """002 Rule 8-A after the start: each late entry draws a seat at once; past the last
        seat, the waiting list. ``again``: the director confirmed that a name already registered
        is another person (without it such a name is refused and nothing is entered for it)."""
        names = [n.strip() for n in names if n.strip()]
        if not names:
            return Result(False, "no name given")
        if member.strip() and len(names) > 1:  # whose would it be?
            return Result(False, "a member id goes with one name: register them one at a time")
        done, refused = [], []
        for name in names:
            body: dict[str, Any] = {"name": name}
            if again:
                body["again"] = True
            if member.strip():
                body["member"] = member.strip()
            r = self.act(by, {"register": body})
            if r.ok:  # under the name it was given: another person's is made unique (002 Rule 68)
                done.append(next(reversed(self.venue.entries.values())).name)
            else:
                refused.append(r.text)
        if refused:
            return Result(bool(done), "; ".join([f"registered {len(done)}", *refused]))
        return Result(True, f"registered {', '.join(done)}")

    def announce(self, by: str, text: str, minutes: str, tables: list[str]) -> Result:
        """The director's announcement, up for ``minutes`` from now (issue 31 part 3)."""
        try:
            length = float(minutes)
        except ValueError:
            return Result(False, f"minutes: not a number: {minutes!r:.20}")
        body = {"text": text, "minutes": length, "at": round(self.wall(), 3), "tables": tables}
        r = self.act(by, {"announce": body})
        if r.ok:
            self.runner.publish(force=True)
        return r

    def take_down(self, by: str, ident: str) -> Result:
        return self.act(by, {"announce": {"clear": ident}})

    def notes_view(self) -> dict[str, Any]:
        """The live announcements for the pages, with the minutes each has left."""
        now = self.wall()
        cfg = self.venue.cfg
        return {
            "notes": [
                {**n.to_obj(), "left": max(0, math.ceil((n.until - now) / 60))}
                for n in self.venue.notes.live
            ],
            "tables": list(cfg.tables) if cfg else [],
        }

    def start(self, by: str) -> Result:
        """Draw the seats and start level 1 (002 Rule 7): the clock runs from then, as the
        tables deal (it was left paused)."""
        r = self.act(by, {"start": {}})
        if r.ok and self.clock.paused:
            self.clock_control(by, "resume")
            return Result(True, r.text + "; the clock is running")
        return r

    def end_day(self, by: str) -> Result:
        """End of day (tablectl.tournament.days): the tables halt and bag, the clock stops with
        the time left in the level, kept for the next day."""
        left = int(self.clock_view()["seconds_left"])
        r = self.act(by, {"end_day": {"seconds_left": left}})
        if r.ok and not self.clock.paused:
            self.clock_control(by, "pause")
        return r

    def start_day(self, by: str) -> Result:
        """The next day: a new seat draw (002 Rule 7) from the bags; the clock runs on from the
        time left when the day ended."""
        r = self.act(by, {"start_day": {}})
        if r.ok and self.clock.paused:
            self.clock_control(by, "resume")
        return r

    def days_view(self) -> dict[str, Any]:
        """The day, the bags made and those still to make (the print page's and the console's)."""
        d = self.venue.days
        bags = sorted(d.bags.values(), key=lambda b: (b.table, b.seat))
        waiting = [
            {"entry": k, "name": e.name, "table": e.table, "seat": e.seat, "stack": d.asked[k]}
            for k, e in ((k, self.venue.entries[k]) for k in d.asked)
        ]
        return {
            "day": d.day,
            "bag_day": d.day if d.stopped else d.day - 1,  # the day the bags were made
            "bagging": d.bagging,
            "over": d.over,
            "seconds_left": d.seconds_left,
            "bags": [b.to_obj() for b in bags],
            "waiting": sorted(waiting, key=lambda w: (w["table"], w["seat"])),
            "total": sum(b.stack for b in bags),
            "chips": list(self.venue.structure.chips) if self.venue.cfg else [],
            "started": self.venue.started,
            "finished": self.venue.finished,
        }

    def clock_control(self, by: str, op: str, seconds: int = 0) -> Result:
        """Pause, resume, a step forward or back, time added (negative: taken)."""
        now = self.monotonic()
        c = self.clock
        if op == "pause":
            c.pause(now)
        elif op == "resume":
            c.resume(now)
        elif op in ("next", "prev"):
            events = c.next_step(now) if op == "next" else c.prev_step(now)
            if self.venue.started:
                for ev in events:
                    self._level(ev.index, by)
        elif op == "add":
            if not -3600 <= seconds <= 3600 or seconds == 0:
                return Result(False, "time added: a number of seconds, -3600..3600, not 0")
            c.add_time(seconds, now)
        else:
            return Result(False, f"no clock control {op!r:.20}")
        self._save_clock()
        text = f"clock {op}" + (f" {seconds:+d} s" if op == "add" else "")
        self._note(by, text, True, None, f"{text}: {c.step.blinds_text()}")
        self.version += 1
        self.runner.publish(force=True)
        return Result(True, text)

    def set_structure(self, by: str, obj: dict[str, Any]) -> Result:
        """The structure from a preset or edited (002 Rule 24: from the next step on)."""
        try:
            structure = parse_structure(obj, "structure")
        except (StructureError, TypeError, AttributeError, ValueError) as exc:
            return Result(False, f"structure: {exc}")
        r = self.act(by, {"structure": obj})
        if r.ok:
            self.structure_obj = dict(obj)
            now = self.monotonic()
            index = min(self.clock.index, len(structure.steps) - 1)
            self.clock = replace(self.clock, structure=structure, index=index)
            self.clock.tick(now)
            self._save_clock()
        return r

    def _save_clock(self) -> None:
        self.journal.write(
            {
                "t": round(time.time(), 3),
                **self.runner.tag,
                "clock": self.clock.to_dict(self.monotonic()),
            },
            sync=True,
        )
        self._anchor_clock()

    def _anchor_clock(self) -> None:
        """What the kiosk clocks follow (``tablectl clock --venue``): the step and the time left
        at a wall time, running or paused; it changes only when the clock is set."""
        view = self.clock_view()
        self.runner.clock_fact = {
            "index": view["index"],
            "seconds_left": view["seconds_left"],
            "paused": view["paused"],
            "t": round(time.time(), 3),
            "structure": view["structure"],
        }

    def login_note(self, name: str, ok: bool, remote: str) -> None:
        self._note(name, f"sign-in from {remote}", ok, None, "" if ok else "wrong name or password")
        self.journal.write(
            {"t": round(time.time(), 3), "by": name, "signin": ok, "from": remote}, sync=False
        )

    def _note(self, by: str, what: str, ok: bool, t: float | None, text: str = "") -> None:
        self.log.appendleft(
            {"t": t or round(time.time(), 3), "by": by, "what": what, "ok": ok, "text": text}
        )

    # --- what the pages show ---------------------------------------------------------------------
    def clock_view(self) -> dict[str, Any]:
        now = self.monotonic()
        c = self.clock
        index, elapsed = c._settled(now)
        steps = c.structure.steps
        step = steps[index]
        nxt = steps[index + 1] if index + 1 < len(steps) else None
        return {
            "index": index,
            "title": "Break" if step.is_break else f"Level {step.number}",
            "blinds": step.blinds_text(),
            "seconds_left": round(max(0.0, step.seconds - elapsed), 1),
            "paused": c.paused,
            "next": nxt.blinds_text() if nxt else "",
            "next_title": ("Break" if nxt.is_break else f"Level {nxt.number}") if nxt else "",
            "steps": len(steps),
            "structure": c.structure.name,
        }

    def tables_view(self) -> list[dict[str, Any]]:
        v = self.venue
        rows = []
        assert v.cfg is not None
        for name in v.cfg.tables:
            vt = v.tables[name]
            st = self.client.tables.get(name)
            state = (st.state if st else None) or {}
            online = None if st is None else st.online
            mt = v.manual.tables.get(name)
            if mt is not None:  # no Pi: the figures its floor person entered
                state = vt.report.to_obj() if vt.report else {}
                online = None
            rows.append(
                {
                    "name": name,
                    "manual": mt is not None,
                    "entered": f"{mt.what}, entered by {mt.by}" if mt and mt.by else "",
                    "final": name == v.cfg.final,
                    "active": vt.active,
                    "breaking": vt.breaking,
                    "halted": vt.halted,
                    "online": online,
                    "status": state.get("status", "no report"),
                    "hand": state.get("hand", 0),
                    "street": state.get("street", ""),
                    "in_hand": state.get("in_hand", False),
                    "button": state.get("button"),
                    "level": state.get("level"),
                    "pot": state.get("pot", 0),
                    "board": state.get("board", []),
                    "to_act": state.get("to_act"),
                    "alerts": state.get("alerts", []),
                    "seats": state.get("seats", []),
                    "t": state.get("t"),
                    "recent": [self._placed(name, r) for r in reversed(self.recent.get(name, ()))],
                }
            )
        return rows

    def _placed(self, table: str, row: dict[str, Any]) -> dict[str, Any]:
        """An ``eliminated`` row with the place in the room, once the venue has it."""
        if row["kind"] != "eliminated":
            return row
        out = [
            e
            for e in self.venue.entries.values()
            if e.table == table and e.seat == row.get("seat") and e.status == "out" and e.place
        ]
        if not out:
            return row
        e = out[-1]
        text = f"seat {e.seat} {e.name} is out in {_ordinal(e.place)} place"
        return {**row, "text": text + f" of {self.venue.purse.entries}"}

    def entrants_view(self) -> list[dict[str, Any]]:
        book = self.venue.bounties.book
        heads = book.heads if book else {}
        namesakes = {p.id: p.namesakes for p in players.players(self.venue.entries.values())}
        won = book.won if book else {}
        return [
            {
                "id": e.id,
                "name": e.name,
                "status": e.status,
                "table": e.table,
                "seat": e.seat,
                "stack": e.stack,
                "place": e.place,
                "prize": e.prize,
                "shared": e.shared,
                "addons": e.addons,
                "dest": list(e.dest) if e.dest else None,
                # bounties (tablectl.tournament.venue_bounties): the head, what was won, and
                # whether the director is asked who eliminated the player
                "bounty": heads[e.id] / 100 if e.id in heads else None,
                "bounty_won": won.get(e.id, 0) / 100,
                "asked": e.id in self.venue.bounties.asked,
                "entered": self.venue.manual.busted_by.get(e.id, "") if e.status == "out" else "",
                "member": e.member,
                "namesakes": namesakes.get(e.player or e.id, 0),
            }
            for e in self.venue.entries.values()
        ]

    def players_view(self) -> list[dict[str, Any]]:
        """One row a person across the entries (tablectl.tournament.players)."""
        return [p.to_obj() for p in players.players(self.venue.entries.values())]

    def summary_view(self) -> dict[str, Any]:
        facts = self.runner.facts()
        v = self.venue
        assert v.cfg is not None
        return {
            **facts["summary"],
            "entrants": len(v.entries) if not facts["summary"] else facts["summary"]["entrants"],
            "started": v.started,
            "finished": v.finished,
            "currency": v.structure.currency,
            "prize_pool": v.purse.pool(v.structure),
            "payouts": [list(p) for p in v.purse.payouts(v.structure)],
            "rebuy": v.cfg.rebuy_chips > 0,
            "addon": v.cfg.addon_chips > 0,
            "approve_moves": v.cfg.approve_moves,
            "late_until_level": v.cfg.late_until_level,
            **venue_bounties.summary(v),
        }

    def deal_view(self, held_back: str = "") -> dict[str, Any]:
        """The final table's deal: the one agreed, or the ICM and chip-chop figures for the
        players left (with ``held_back`` played for), or why no deal can be made now."""
        v = self.venue
        assert v.cfg is not None
        view: dict[str, Any] = {
            "currency": v.structure.currency,
            "unit": v.cfg.money_unit / 100,
            "held_back": 0.0,
            "why": "",
            "players": [],
            "deal": None,
        }
        if v.deal is not None:
            d = v.deal
            view["deal"] = {
                "method": d.method.replace("_", "-"),
                "held_back": d.held_back / 100,
                "players": [
                    {
                        "id": k,
                        "name": v.entries[k].name,
                        "stack": d.stacks[k],
                        "amount": d.shares[k] / 100,
                        "place": v.entries[k].place,
                    }
                    for k in d.agreed
                ],
                "agreed": ", ".join(v.entries[k].name for k in d.agreed),
            }
            return view
        try:
            held = float(held_back or 0)
        except ValueError:
            view["why"] = f"played for: not an amount: {held_back!r:.20}"
            return view
        view["held_back"] = held
        try:
            players = v.deal_players()
            icm, chop = v.deal_figures("icm", held), v.deal_figures("chip_chop", held)
        except VenueError as exc:
            view["why"] = str(exc)
            return view
        chips = sum(icm.stacks)
        view["prizes"] = [p / 100 for p in icm.prizes]
        view["total"] = icm.total / 100
        view["players"] = [
            {
                "id": e.id,
                "name": e.name,
                "seat": e.seat,
                "stack": e.stack,
                "percent": 100 * e.stack / chips,
                "icm": icm.shares[i] / 100,
                "chip_chop": chop.shares[i] / 100,
            }
            for i, e in enumerate(players)
        ]
        return view

    def record_deal(
        self, by: str, method: str, held_back: str, agreed: list[str], amounts: dict[str, str]
    ) -> Result:
        """The deal the players agreed, as the director enters it (journaled with who)."""
        try:
            held = float(held_back or 0)
            money = {k: float(a) for k, a in amounts.items()}
        except ValueError:
            return Result(False, "deal: the amounts must be numbers")
        body: dict[str, Any] = {"method": method, "held_back": held, "agreed": agreed}
        if money:
            body["amounts"] = money
        return self.act(by, {"deal": body})

    def manual_entry(self, by: str, table: str, entry: dict[str, Any]) -> Result:
        """A manual table's floor person's entry (tablectl.tournament.manual), journaled with
        who made it."""
        return self.act(by, {"manual": {"table": table, "by": by, **entry}})

    def manual_view(self, table: str) -> dict[str, Any] | None:
        """The floor person's page of a manual table: what to do now, the players, the
        commands to carry out, the counts asked for; None for a table that is not manual."""
        v = self.venue
        mt = v.manual.tables.get(table)
        if mt is None:
            return None
        deal, doing = manual.instruction(v, table)
        players = manual.seated(v, table)
        left = len(v.remaining())
        clock = self.clock_view()  # the level the next hand is dealt at (002 Rule 24)
        return {
            "table": table,
            "level": f"{clock['title']}: {clock['blinds']}",
            "deal": deal,
            "doing": doing,
            "h4h": v.h4h is not None,
            "players": [
                {"seat": e.seat, "name": e.name, "stack": e.stack, "leaving": e.status == "leaving"}
                for e in players
            ],
            "waiting": [
                {"id": c.id, "kind": c.kind, "text": _order(c), "rule": c.rule}
                for c in manual.waiting(v, table)
            ],
            "asked": manual.asked(v, table) if v.started else [],
            "next_place": left,
            "hand": mt.hand,
            "button": mt.button,
            "uncounted": mt.uncounted,
            "chips": manual.chips_at(v, table) if v.cfg else 0,
            "entered": f"{mt.what}, entered by {mt.by}" if mt.by else "",
            "started": v.started and not v.finished,
        }

    def proposals_view(self) -> list[dict[str, Any]]:
        return [p.to_obj() for p in self.venue.proposals.values()]

    def announcements(self, n: int = 12) -> list[str]:
        """What the room hears (the public page): not the staff's proposals nor refusals."""
        staff_only = (
            "proposed",
            "withdrawn",
            "alert",
            "void",
            "h4h_proposed",
            "h4h_allin",
            "released",
        )
        said = [
            o for o in self.runner.said if isinstance(o, Announcement) and o.kind not in staff_only
        ]
        return [o.text for o in said[-n:]][::-1]

    def latest_state_t(self) -> tuple[str, float] | None:
        """The newest table state's table and wall time (the live-update latency's start)."""
        best: tuple[str, float] | None = None
        for t, st in self.client.tables.items():
            when = (st.state or {}).get("t")
            if isinstance(when, int | float) and (best is None or when > best[1]):
                best = (t, float(when))
        return best

    def close(self) -> None:
        if self._owns_journal:
            self.journal.close()


def _order(cmd: Command) -> str:
    """A venue command as the floor person carries it out."""
    if isinstance(cmd, SeatCmd):
        return f"seat {cmd.name} in seat {cmd.seat} with {cmd.stack:,} chips ({cmd.why})"
    if isinstance(cmd, UnseatCmd):
        return f"{cmd.name} (seat {cmd.seat}) moves to {cmd.to_table} seat {cmd.to_seat}"
    if isinstance(cmd, StackCmd):
        change = f"set to {cmd.stack:,}" if cmd.set else f"{cmd.add:+,}"
        return f"{cmd.name} (seat {cmd.seat}): chips {change} ({cmd.why})"
    return f"{cmd.kind}: {cmd.why}"


def _manual_words(body: dict[str, Any]) -> str:
    """A manual table's entry in words for the log (who made it is the log's "by")."""
    if "confirm" in body:
        ids = body["confirm"] if isinstance(body["confirm"], list) else [body["confirm"]]
        return "confirmed " + ", ".join(str(i) for i in ids)
    if "refuse" in body:
        return f"refused {body['refuse']}: {str(body.get('reason', ''))[:60]}"
    if "count" in body:
        return "entered a chip count"
    hand = body.get("hand") if isinstance(body.get("hand"), dict) else {}
    busts = _listed(hand.get("busts"))
    names = [str(b.get("name")) for b in busts if isinstance(b, dict)]
    return "entered a hand" + (f": {', '.join(names)} out" if names else ": hand over")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _listed(value: object) -> list[Any]:
    return value if isinstance(value, list) else []


def _describe(event: dict[str, Any], out: list[Output] | None = None) -> str:
    """A venue event in words for the log (and, with its outputs, the page's answer)."""
    kind, body = next(iter(event.items()))
    body = body if isinstance(body, dict) else {}
    words = {
        "setup": "set up the venue",
        "start": "drew the seats (002 Rule 7)",
        "register": f"registered {body.get('name', '?')}",
        "reentry": f"re-entry for {body.get('name', '?')}",
        "rebuy": f"re-buy for {body.get('name', '?')}",
        "addon": f"add-on for {body.get('name', body.get('entry', '?'))}",
        "approve": f"approved {body.get('id', '?')}",
        "break": f"broke table {body.get('table', '?')}",
        "level": f"level: step {int(body.get('index', 0)) + 1}",
        "structure": f"structure: {body.get('name', '?')}",
        "deal": f"recorded a deal ({body.get('method', '?')}), agreed by "
        + ", ".join(a for a in _listed(body.get("agreed")) if isinstance(a, str)),
        "hand_for_hand": "hand for hand " + ("on" if body.get("on") else "off") + " (002 RP-8)",
        "release": f"released {body.get('table', '?')} (002 RP-8 F)",
        "knockout": f"named who eliminated {body.get('entry', '?')}",
        "end_day": "ended the day: bag and tag",
        "bagged": f"entered the bag of {body.get('entry', '?')} by hand",
        "start_day": "started the next day (002 Rule 7)",
        "announce": f"took down {body.get('clear')}"
        if "clear" in body
        else f"announced: {str(body.get('text', '?'))[:60]}",
        "tick": "announcement expired",
        "confirmed": f"{body.get('table', '?')} confirmed {body.get('id', '?')}",
        "manual": f"{body.get('table', '?')} (manual): " + _manual_words(body),
        "refused": f"{body.get('table', '?')} refused {body.get('id', '?')}",
    }
    text = words.get(kind, kind)
    if out and kind != "announce":  # an announcement's words are its text, already said
        said = [o.text for o in out if isinstance(o, Announcement)]
        moves = [o for o in out if isinstance(o, Command)]
        if said:
            text += ": " + "; ".join(said[:3])
        elif moves:
            text += f": {len(moves)} command(s) to the tables"
    return text

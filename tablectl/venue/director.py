"""The venue process: the tournament model fed from the broker, its decisions sent to the tables.

:class:`VenueRunner` joins :class:`tablectl.tournament.venue.Venue` (the pure fold) and
:class:`tablectl.venue.client.VenueClient` (the transport): each table's retained state is folded
as it arrives (``{"report": state}``, one shape, docs/venue.md "The table report"), each
``cmd_answer`` on a table's events stream becomes ``confirmed`` or ``refused``, and every command
the model decides goes to its table as a command envelope whose body is the command itself.
The facts a clock shows are published retained under ``tablectl/<venue>/venue/<leaf>``
(:data:`FACT_LEAVES`) and the whole summary on the clock topic.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from tablectl.tournament.venue import Announcement, Output, Venue
from tablectl.venue.client import TableEvent, VenueClient
from tablectl.wire.commands import Command

FACT_LEAVES = ("summary", "payouts", "moves", "announce", "tables")
MOVES_KEPT = 12  # recent seat moves published for the clock


@dataclass
class RunnerStats:
    commands: int = 0
    confirmed: int = 0
    refused: int = 0
    alerts: list[str] = field(default_factory=list)


log = logging.getLogger(__name__)


class VenueRunner:
    """One venue process's loop body: :meth:`step` pumps the client, folds what arrived, sends
    what the model decided and publishes the clock's facts when they changed."""

    def __init__(
        self,
        client: VenueClient,
        venue: Venue | None = None,
        by: str = "venue",
        *,
        event: str = "",
    ) -> None:
        self.client = client
        self.venue = venue or Venue()
        self.by = by
        # one event of a room of several (not its first): its command ids carry the prefix, its
        # clock has its own topic, and it folds only the tables it holds (tablectl.venue.room)
        self.event = event
        self.in_room = bool(event)  # set for every event of a room of several
        self.sent: dict[str, Command] = {}  # envelope id -> the model's command
        self.said: list[Output] = []
        self.stats = RunnerStats()
        self.moves: deque[dict[str, Any]] = deque(maxlen=MOVES_KEPT)
        self.announce: deque[dict[str, Any]] = deque(maxlen=MOVES_KEPT)
        self._state_seq: dict[str, int] = {}
        self._published: dict[str, Any] = {}
        self.finished: Announcement | None = None
        # the room's clock, for the kiosks to follow (set by the director's console): a dict
        # that changes only when the clock is set, never with each second
        self.clock_fact: Any = None

    def apply(self, event: dict[str, Any]) -> list[Output]:
        """Fold one venue event and act on what it said."""
        out = self.venue.apply(event)
        self._act(out)
        return out

    def _act(self, out: list[Output]) -> None:
        now = round(time.time(), 3)
        for o in out:
            self.said.append(o)
            if isinstance(o, Command):
                if self.venue.manual.has(o.table):
                    continue  # no Pi there: it waits for the floor person (venue.pending)
                cmd_id = self.send(o)
                self.sent[cmd_id] = o
                self.stats.commands += 1
            elif o.kind == "alert":
                self.stats.alerts.append(o.text)
            else:
                if o.kind == "moved":
                    self.moves.append({"text": o.text, "t": now, **o.data})
                if o.kind == "finished":
                    self.finished = o
                if o.kind in (
                    "moved",
                    "table_broken",
                    "final_table",
                    "eliminated",
                    "finished",
                    "color_up",
                ):
                    self.announce.append({"kind": o.kind, "text": o.text, "t": now})

    def send(self, cmd: Command) -> str:
        """Send one of the model's commands to its table; the envelope's id. An event's command
        carries its prefix (``sat1-c17``): a table handed between events never sees one id twice
        (tablectl.tournament.room)."""
        body = cmd.to_obj()
        if self.event:
            body["id"] = f"{self.event}-{cmd.id}"
        return self.client.command(cmd.table, cmd.kind, body, by=self.by)

    def step(self, timeout: float = 0.0) -> list[TableEvent]:
        """Pump the client: states become reports, command answers become confirmations."""
        events = self.client.pump(timeout)
        self.take(events)
        return events

    def holds(self, table: str) -> bool:
        """Whether this venue folds ``table``'s reports: every table of a venue on its own; in a
        room, the tables of this event's setup (the room's map)."""
        return not self.in_room or (self.venue.cfg is not None and table in self.venue.cfg.tables)

    def take(self, events: list[TableEvent]) -> None:
        """What a pump brought: states become reports, command answers become confirmations."""
        for table, st in self.client.tables.items():
            if not self.holds(table):
                continue
            if st.state is not None and st.state_seq > self._state_seq.get(table, 0):
                self._state_seq[table] = st.state_seq
                self.apply({"report": st.state})
        for ev in events:
            if ev.kind == "cmd_answer":
                self._answer(ev)

    def _answer(self, ev: TableEvent) -> None:
        """A table's answer to a command sent to it: a confirmation or a refusal for the model.
        The command stops waiting once the model took the answer (one it refused, e.g. a stack
        beyond what the command allowed, leaves it waiting for a true one)."""
        env = str(ev.body.get("id"))
        cmd = self.answered(ev)
        if cmd is None:
            return
        ruled = cmd.kind in ("seat", "unseat", "stack", "bag")
        if ev.body.get("accepted"):
            body: dict[str, Any] = {"table": ev.table, "id": cmd.id}
            for key in ("stack", "before"):  # before: what an absolute stack replaced
                if key in ev.body:
                    body[key] = ev.body[key]
            if ruled:
                self.apply({"confirmed": body})
        elif ruled:
            reason = str(ev.body.get("note", ""))
            self.apply({"refused": {"table": ev.table, "id": cmd.id, "reason": reason}})
        if ruled and cmd.id in self.venue.pending:
            return  # not taken
        del self.sent[env]
        if ev.body.get("accepted"):
            self.stats.confirmed += 1
        else:
            self.stats.refused += 1

    def answered(self, ev: TableEvent) -> Command | None:
        """The waiting command a ``cmd_answer`` answers; None for a transport command (resend),
        one answered before, or an answer from any table but the one the command went to
        (refused, with an alert: no table answers for another)."""
        env = str(ev.body.get("id"))
        cmd = self.sent.get(env)
        if cmd is None:
            return None
        if ev.table != cmd.table:
            text = (
                f"{ev.table} answered command {env:.60} sent to {cmd.table}: refused "
                "(a table answers only its own commands)"
            )
            log.warning("%s", text)
            self._act([Announcement("alert", text, "", {"table": ev.table, "id": env})])
            return None
        return cmd

    def chips_in_play(self) -> int:
        """Every chip in play from the tables' own reports (``chips``: stacks, bets, pots), plus
        the stacks of players between tables (in no table's latest report)."""
        v = self.venue
        reports = {t: vt.report for t, vt in v.tables.items() if vt.report is not None}
        total = sum(
            r.chips if r.chips is not None else sum(s.stack for s in r.seats)
            for r in reports.values()
        )

        def there(table: str, seat: int, name: str) -> bool:
            r = reports.get(table)
            found = r.seat(seat) if r else None
            return found is not None and found.name == name

        where: dict[str, set[str]] = {}  # each player's tables now: its seat and a move's end
        for e in v.remaining():
            where[e.name] = {e.table, *([e.dest[0]] if e.dest else [])}
            if there(e.table, e.seat, e.name) or (e.dest and there(*e.dest, e.name)):
                continue
            total += e.stack
        # A player who moved can still show in the old table's latest report until it reports
        # again, beside the new table's: counted once, where the player is now.
        for t, r in reports.items():
            for s in r.seats:
                if s.name in where and t not in where[s.name]:
                    total -= s.stack
        return total

    def facts(self) -> dict[str, Any]:
        """What the clock shows, from the model and the transport: the summary, the tables'
        online flags, recent moves and announcements."""
        summary = self.venue.summary()
        if summary:
            chips = self.chips_in_play()
            summary["chips_in_play"] = chips
            summary["average_stack"] = chips // max(1, summary["players_left"])
        online = {t: st.online is not False for t, st in self.client.tables.items()}
        tables = {
            t: {"players": n, "online": online.get(t, True)}
            for t, n in summary.get("tables", {}).items()
        }
        for t, up in online.items():
            if not up and t in tables:
                tables[t]["online"] = False
        cfg = self.venue.cfg
        currency = cfg.structure.currency if cfg else "$"
        facts: dict[str, Any] = {
            "summary": {
                **summary,
                "currency": currency,
                "offline": sorted(t for t, up in online.items() if not up),
            },
            "payouts": {
                "currency": currency,
                "prize_pool": summary.get("prize_pool", 0),
                "payouts": summary.get("payouts", []),
            },
            "moves": {"moves": list(self.moves)},
            "announce": {"lines": list(self.announce)},
            "tables": {"tables": tables},
        }
        if self.clock_fact is not None:
            facts["clock"] = dict(self.clock_fact)
        return facts

    def publish(self, force: bool = False) -> None:
        """Publish the facts that changed (retained), and all of them on the clock topic: all of
        them after a (re)connect, when the venue's last will may have replaced the clock's."""
        if self.client.republish and not self.event:  # a room's events: the room reads it
            self.client.republish, force = False, True
        facts = self.facts()
        changed = False
        for leaf, body in facts.items():
            if force or self._published.get(leaf) != body:
                self._published[leaf] = body
                if not self.event:  # an event's facts: on its clock topic only
                    self.client.publish_venue(leaf, body)
                changed = True
        if changed:  # the clock topic carries them all (tablectl.venue.board reads it)
            self.client.publish_clock(facts, self.event or None)

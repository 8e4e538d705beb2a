"""The venue outbox: what the table has to tell the venue, kept in the table's journal until the
broker has it (docs/venue.md, Transport).

Publishing never blocks or slows the table: the daemon loop adds a row here (one small SQLite
insert beside the journal's own) and goes on; :class:`tablectl.daemon.venue_link.VenueLink`
hands rows to paho in order while the broker is reachable and marks each one done when paho's
``on_publish`` says the broker acknowledged it (QoS 1 PUBACK). A broker outage, or a table
restart with rows still pending, loses nothing: the rows wait here and drain in order later.

Every row carries a sequence number of its stream, inside the payload (``seq``): the events
stream counts 1, 2, 3 ... for the life of the journal, and the retained state counts its own.
A row sent twice (a PUBACK lost in an outage, a restart before the mark) is therefore harmless:
the receiver drops a ``seq`` it has already seen (:class:`tablectl.venue.client.VenueClient`).

The state is retained and only the latest matters: adding a state supersedes every older state
row not yet sent, so an outage of an hour drains one state, not thousands. Events are never
superseded. Done event rows are kept (the newest :data:`KEEP_DONE`) so the venue can ask for a
gap to be sent again (a ``resend`` command).

Not thread-safe, like the journal: the daemon's loop owns the connection; paho's thread only
posts items the loop hands back (:meth:`VenueLink.handle`).
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

KEEP_DONE = 20_000  # done event rows kept for resend requests; older ones are pruned

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    stream TEXT NOT NULL,
    seq INTEGER NOT NULL,
    topic TEXT NOT NULL,
    payload TEXT NOT NULL,
    qos INTEGER NOT NULL,
    retain INTEGER NOT NULL,
    done INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox(done, id);
CREATE INDEX IF NOT EXISTS outbox_by_seq ON outbox(stream, seq);
CREATE TABLE IF NOT EXISTS outbox_seq (stream TEXT PRIMARY KEY, last INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS venue_commands (
    id TEXT PRIMARY KEY,
    received REAL NOT NULL,
    body TEXT NOT NULL,
    answer TEXT
);
CREATE TABLE IF NOT EXISTS venue_side (id INTEGER PRIMARY KEY CHECK (id = 1), body TEXT NOT NULL);
"""

PENDING, DONE, SUPERSEDED = 0, 1, 2


@dataclass(frozen=True, slots=True)
class OutRow:
    row_id: int
    stream: str
    seq: int
    topic: str
    payload: bytes
    qos: int
    retain: bool


class Outbox:
    """Rows waiting for the broker, in the journal's SQLite file (its own tables beside the
    journal's; see :meth:`tablectl.daemon.journal.Journal.connection`)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db
        self._db.executescript(_SCHEMA)

    @classmethod
    def memory(cls) -> Outbox:
        """An outbox in memory (tests, the bench's simulated tables): lost on exit."""
        return cls(sqlite3.connect(":memory:", isolation_level=None))

    # --- adding --------------------------------------------------------------------------------

    def add(
        self,
        stream: str,
        topic: str,
        body: dict[str, Any],
        *,
        qos: int = 1,
        retain: bool = False,
        supersede: bool = False,
        now: float | None = None,
    ) -> OutRow:
        """Queue ``body`` for ``topic`` as the next message of ``stream``; the payload is ``body``
        with ``seq`` and ``t`` (wall time of the add, for latency figures) put first.
        ``supersede``: older rows of the stream not yet done will never be sent (retained state)."""
        t = time.time() if now is None else now
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO outbox_seq(stream, last) VALUES (?, 1) "
                "ON CONFLICT(stream) DO UPDATE SET last = last + 1",
                (stream,),
            )
            seq = int(
                self._db.execute(
                    "SELECT last FROM outbox_seq WHERE stream = ?", (stream,)
                ).fetchone()[0]
            )
            payload = json.dumps(
                {"seq": seq, "t": round(t, 6), **body}, separators=(",", ":"), sort_keys=False
            )
            if supersede:
                self._db.execute(
                    "UPDATE outbox SET done = ? WHERE stream = ? AND done = ?",
                    (SUPERSEDED, stream, PENDING),
                )
            cur = self._db.execute(
                "INSERT INTO outbox(stream, seq, topic, payload, qos, retain) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (stream, seq, topic, payload, qos, int(retain)),
            )
        return OutRow(int(cur.lastrowid or 0), stream, seq, topic, payload.encode(), qos, retain)

    # --- draining ------------------------------------------------------------------------------

    def pending(self, after: int = 0, limit: int = 100) -> list[OutRow]:
        """Rows not yet acknowledged, oldest first, with ids above ``after``."""
        cur = self._db.execute(
            "SELECT id, stream, seq, topic, payload, qos, retain FROM outbox "
            "WHERE done = ? AND id > ? ORDER BY id LIMIT ?",
            (PENDING, after, limit),
        )
        return [
            OutRow(int(i), s, int(q), t, p.encode(), int(qos), bool(r))
            for i, s, q, t, p, qos, r in cur
        ]

    def mark_done(self, row_ids: Iterable[int]) -> None:
        """The broker acknowledged these rows (one transaction for a batch of PUBACKs)."""
        ids = [(i,) for i in row_ids]
        if not ids:
            return
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.executemany("UPDATE outbox SET done = 1 WHERE id = ? AND done = 0", ids)

    def resend_from(self, stream: str, seq: int) -> int:
        """Make the done rows of ``stream`` from ``seq`` on pending again (the venue saw a gap);
        returns how many. Rows already pruned cannot come back (said in the count)."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            cur = self._db.execute(
                "UPDATE outbox SET done = ? WHERE stream = ? AND seq >= ? AND done = ?",
                (PENDING, stream, seq, DONE),
            )
        return int(cur.rowcount)

    def prune(self, keep: int = KEEP_DONE) -> None:
        """Drop superseded rows and all but the newest ``keep`` done rows."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM outbox WHERE done = ?", (SUPERSEDED,))
            self._db.execute(
                "DELETE FROM outbox WHERE done = ? AND id <= "
                "(SELECT COALESCE(MAX(id), 0) FROM outbox) - ?",
                (DONE, keep),
            )

    def count(self, done: int = PENDING) -> int:
        return int(
            self._db.execute("SELECT count(*) FROM outbox WHERE done = ?", (done,)).fetchone()[0]
        )

    def last_seq(self, stream: str) -> int:
        row = self._db.execute("SELECT last FROM outbox_seq WHERE stream = ?", (stream,)).fetchone()
        return int(row[0]) if row else 0

    # --- commands from the venue ---------------------------------------------------------------

    def command_seen(self, cmd_id: str, body: str, now: float | None = None) -> bool:
        """Record a venue command; False when its id was already recorded (a resend)."""
        t = time.time() if now is None else now
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            cur = self._db.execute(
                "INSERT OR IGNORE INTO venue_commands(id, received, body) VALUES (?, ?, ?)",
                (cmd_id, t, body),
            )
        return cur.rowcount == 0

    def answer_command(self, cmd_id: str, answer: str) -> bool:
        """Record the dealer's answer; False when the command is unknown or already answered."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            cur = self._db.execute(
                "UPDATE venue_commands SET answer = ? WHERE id = ? AND answer IS NULL",
                (answer, cmd_id),
            )
        return cur.rowcount == 1

    # --- what the venue's commands left at the table ------------------------------------------

    def save_side(self, body: str) -> None:
        """The table's side of the venue (a halt, the announcements, hand-for-hand, the bust
        records: :class:`tablectl.daemon.table_venue.TableVenue`), one row, for a restart."""
        with self._db:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute(
                "INSERT INTO venue_side(id, body) VALUES (1, ?) "
                "ON CONFLICT(id) DO UPDATE SET body = excluded.body",
                (body,),
            )

    def side(self) -> str | None:
        row = self._db.execute("SELECT body FROM venue_side WHERE id = 1").fetchone()
        return str(row[0]) if row else None

    def unanswered_commands(self) -> list[str]:
        """Bodies (JSON text) of commands received and not yet answered, oldest first: after a
        restart the dealer screen shows them again."""
        return [
            str(b)
            for (b,) in self._db.execute(
                "SELECT body FROM venue_commands WHERE answer IS NULL ORDER BY received, id"
            )
        ]

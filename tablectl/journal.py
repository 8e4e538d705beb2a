"""The table's journal: every normalized event, in SQLite, written before the engine applies it.

The journal is a scenario stream (shared/spec/scenario-format.md): row 1 is the ``setup`` line and
every later row one event line exactly as :func:`tablectl.engine.events.dumps` writes it, so an
exported journal is a file `tablectl replay` reads, and restoring the table after a crash is
replaying it.

Durability: WAL mode with ``synchronous=FULL``. With NORMAL, WAL commits survive a crash of the
process (SIGKILL, the watchdog) but the last ones can be lost when power goes, and a table on a Pi
loses power when someone kicks the plug; a chip pushed and journaled must never be forgotten. The
table produces a few events a second, so one fsync per event is cheap (``bench/daemon.py``
measures the append rate).

Hand boundaries: each row carries the number of the hand it belongs to; the row that started a
hand (the engine said ``hand_start``) is marked in ``hands``. Marks are written after the apply,
so a crash between the two leaves a row unmarked: :meth:`Journal.replay_into` re-derives and
repairs them.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

from tablectl.engine.events import Event, ScenarioError, dumps, parse_line
from tablectl.engine.outputs import Notice, Output

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY,
    hand_no INTEGER NOT NULL,
    wall REAL NOT NULL,
    line TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS hands (
    hand_no INTEGER PRIMARY KEY,
    first_event INTEGER NOT NULL REFERENCES events(id)
);
CREATE INDEX IF NOT EXISTS events_by_hand ON events(hand_no);
"""


class JournalError(RuntimeError):
    """The journal cannot be used (not a tablectl journal, newer schema, no setup)."""


class Applies(Protocol):
    """What replay needs from a table: :class:`tablectl.engine.Table` satisfies it."""

    hand_no: int

    def apply(self, event: Event) -> list[Output]: ...


@dataclass(frozen=True, slots=True)
class BadRow:
    """A row that could not be replayed: a malformed line (say, from an older build) or an event
    the engine refused with an exception. Reported with its row id; replay goes on past it."""

    row_id: int
    line: str
    error: str

    def __str__(self) -> str:
        return f"journal row {self.row_id}: {self.error}: {self.line[:120]}"


@dataclass(slots=True)
class ReplayReport:
    events: int = 0
    hands_marked: int = 0
    bad_rows: list[BadRow] | None = None
    last_t: float | None = None
    last_row: int = 0


@dataclass(frozen=True, slots=True)
class Row:
    row_id: int
    hand_no: int
    wall: float
    line: str


class Journal:
    """An append-only event log in one SQLite file. Not thread-safe: the daemon's single loop owns
    it (the bridge's reader threads only feed the loop's queue)."""

    def __init__(
        self, path: str | Path, *, synchronous: str = "FULL", readonly: bool = False
    ) -> None:
        self.path = str(path)
        self.readonly = readonly
        if synchronous not in ("FULL", "NORMAL", "EXTRA"):
            raise ValueError(f"synchronous={synchronous!r}: use FULL, NORMAL or EXTRA")
        try:
            if readonly:
                # Exports read a live journal (or a copy on a laptop) without ever writing it.
                uri = f"file:{Path(self.path).resolve()}?mode=ro"
                self._db = sqlite3.connect(uri, uri=True, isolation_level=None)
                version = self._meta("schema")
            else:
                if self.path != ":memory:":
                    Path(self.path).parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(self.path, isolation_level=None)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute(f"PRAGMA synchronous={synchronous}")
                self._db.executescript(_SCHEMA)
                version = self._meta("schema")
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: not a usable journal: {exc}") from None
        if version is None and readonly:
            raise JournalError(f"{self.path}: not a tablectl journal")
        if version is None:
            self._db.execute(
                "INSERT INTO meta(key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),)
            )
        elif int(version) > SCHEMA_VERSION:
            raise JournalError(
                f"{self.path}: journal schema {version} is newer than this build's {SCHEMA_VERSION}"
            )

    # --- writing -------------------------------------------------------------------------------

    def append(self, event: Event, hand_no: int) -> int:
        """Write ``event`` (committed and synced) before anyone applies it; returns its row id."""
        line = dumps(event)
        cur = self._db.execute(
            "INSERT INTO events(hand_no, wall, line) VALUES (?, ?, ?)", (hand_no, time.time(), line)
        )
        return int(cur.lastrowid or 0)

    def mark_hand_start(self, row_id: int, hand_no: int) -> None:
        """Record that row ``row_id`` started hand ``hand_no`` (the engine said ``hand_start``)."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute("UPDATE events SET hand_no = ? WHERE id = ?", (hand_no, row_id))
            self._db.execute(
                "INSERT OR REPLACE INTO hands(hand_no, first_event) VALUES (?, ?)",
                (hand_no, row_id),
            )

    def record(self, row_id: int, outputs: Iterable[Output]) -> int | None:
        """Mark a hand boundary if the outputs of row ``row_id`` started a hand; returns it."""
        for out in outputs:
            if isinstance(out, Notice) and out.kind == "hand_start":
                hand_no = int(out.data.get("hand_no", 0))
                if hand_no:
                    self.mark_hand_start(row_id, hand_no)
                    return hand_no
        return None

    # --- reading -------------------------------------------------------------------------------

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM events").fetchone()[0])

    def rows(self, after: int = 0) -> Iterator[Row]:
        cur = self._db.execute(
            "SELECT id, hand_no, wall, line FROM events WHERE id > ? ORDER BY id", (after,)
        )
        for row_id, hand_no, wall, line in cur:
            yield Row(int(row_id), int(hand_no), float(wall), str(line))

    def hands(self) -> dict[int, int]:
        """Hand number → the row id that started it."""
        return dict(self._db.execute("SELECT hand_no, first_event FROM hands ORDER BY hand_no"))

    def setup(self) -> dict[str, Any] | None:
        """The validated body of the journal's ``setup`` line, or None for a new journal."""
        first = next(self.rows(), None)
        if first is None:
            return None
        try:
            parsed = parse_line(first.line)
        except ScenarioError as exc:
            msg = f"{self.path}: row {first.row_id} is not a setup line: {exc}"
            raise JournalError(msg) from None
        if parsed.event is None or parsed.event.kind != "setup":
            raise JournalError(f"{self.path}: row {first.row_id} is not a setup line")
        return dict(parsed.event.body)

    def events(self, bad_rows: list[BadRow] | None = None) -> Iterator[tuple[Row, Event]]:
        """Every well-formed event after the setup line; malformed rows go to ``bad_rows``."""
        for row in self.rows():
            try:
                parsed = parse_line(row.line)
                if parsed.event is None:
                    raise ScenarioError("not an event line")
            except ScenarioError as exc:
                bad = BadRow(row.row_id, row.line, str(exc))
                log.error("%s", bad)
                if bad_rows is not None:
                    bad_rows.append(bad)
                continue
            if parsed.event.kind == "setup":
                continue
            yield row, parsed.event

    def replay_into(
        self, table: Applies, on_outputs: Callable[[Row, Event, list[Output]], None] | None = None
    ) -> ReplayReport:
        """Apply every journaled event to ``table`` (fresh from the journal's setup), restoring
        it exactly as it was, mid-hand included. Bad rows are reported and skipped; hand marks a
        crash left unwritten are repaired."""
        report = ReplayReport(bad_rows=[])
        marks = self.hands()
        assert report.bad_rows is not None
        for row, event in self.events(report.bad_rows):
            try:
                outputs = table.apply(event)
            except Exception as exc:  # an engine bug must not keep the table from starting
                bad = BadRow(row.row_id, row.line, f"engine raised {type(exc).__name__}: {exc}")
                log.exception("%s", bad)
                report.bad_rows.append(bad)
                continue
            report.events += 1
            report.last_row = row.row_id
            if event.t is not None:
                report.last_t = event.t
            for out in outputs:
                if isinstance(out, Notice) and out.kind == "hand_start":
                    hand_no = int(out.data.get("hand_no", 0))
                    if hand_no and marks.get(hand_no) != row.row_id and not self.readonly:
                        self.mark_hand_start(row.row_id, hand_no)
                        report.hands_marked += 1
            if on_outputs is not None:
                on_outputs(row, event, outputs)
        return report

    def export_scenario(self, out: IO[str] | str | Path) -> int:
        """Write the journal as a scenario file (one JSON line a row, exactly as stored); returns
        the number of lines. Malformed rows are written as ``#`` comments naming their row id, so
        the export stays a file `tablectl replay` reads and no row disappears silently."""
        if isinstance(out, str | Path):
            with open(out, "w", encoding="utf-8") as fh:
                return self.export_scenario(fh)
        n = 0
        for row in self.rows():
            try:
                parsed = parse_line(row.line)
                ok = parsed.event is not None
            except ScenarioError:
                ok = False
            if ok:
                out.write(row.line + "\n")
            else:
                out.write(f"# journal row {row.row_id} unreadable: {json.dumps(row.line)}\n")
            n += 1
        return n

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _meta(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return None if row is None else str(row[0])

    def append_raw(self, line: str, hand_no: int = 0) -> int:
        """Store a line as is (importing a scenario; tests writing an older build's rows)."""
        cur = self._db.execute(
            "INSERT INTO events(hand_no, wall, line) VALUES (?, ?, ?)", (hand_no, time.time(), line)
        )
        return int(cur.lastrowid or 0)

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

Checkpoints (schema 2): at each hand's end the daemon stores the table as it stands after that
row (:meth:`Journal.checkpoint`), so a restart loads the latest one and replays only the rows
after it: restore costs one hand, not the tournament. A checkpoint is a cache of the replay,
never the record: it is tagged with a fingerprint of the engine's source, so a checkpoint an
older build wrote is ignored (full replay, then a fresh checkpoint); one that does not load is
ignored the same way; and it is unpickled by a loader that admits only the engine's own classes.
A schema-1 journal gains the table when it is first opened for writing (its rows are untouched).

Damage: a journal that exists is never started over. A new journal is created whole under a
temporary name and renamed into place, so a file at the journal's path that is empty (0 bytes),
has no SQLite header, fails SQLite's ``quick_check`` or holds a row that is not UTF-8 text was
damaged after the fact: opening it raises :class:`JournalError` in one line that says what is
damaged and how to salvage it (`tablectl journal recover`, :mod:`tablectl.daemon.journal_salvage`,
docs/journal.md). Nothing is written to it.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import os
import pickle
import sqlite3
import time
import urllib.parse
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Protocol

from tablectl.engine.events import Event, ScenarioError, dumps, parse_line
from tablectl.engine.notices import HandStart
from tablectl.engine.outputs import Output

log = logging.getLogger(__name__)

SCHEMA_VERSION = 2  # 2: checkpoints

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
CREATE TABLE IF NOT EXISTS checkpoints (
    row_id INTEGER PRIMARY KEY REFERENCES events(id),
    hand_no INTEGER NOT NULL,
    build TEXT NOT NULL,
    state BLOB NOT NULL
);
"""
CHECKPOINTS_KEPT = 3  # older ones are deleted as new ones are written


SQLITE_MAGIC = b"SQLite format 3\x00"
# SQLite's result codes for a file whose content is wrong (as opposed to busy, locked, I/O).
_DAMAGE_CODES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")


class JournalError(ValueError):
    """The journal cannot be used (damaged, not a tablectl journal, newer schema, no setup).
    A ValueError like the other bad-input errors, so every command reports it in one line."""


def recovery_hint(path: str | Path) -> str:
    return (
        f"the file is left as it is; salvage its readable events with "
        f"`tablectl journal recover {path} --out NEW` (docs/journal.md)"
    )


def damaged(path: str | Path, what: str) -> JournalError:
    return JournalError(f"{path}: damaged journal: {what}; {recovery_hint(path)}")


def file_problem(path: Path) -> str | None:
    """Why an existing file cannot be opened as a journal, checked before SQLite opens it (a
    writer would put a fresh header over an empty file and delete its WAL), or None."""
    if not path.is_file():
        return f"{path}: not a regular file"
    if path.stat().st_size == 0:
        return (
            f"{path}: the journal is empty (0 bytes), and a journal that existed is not a new "
            f"tournament: move it away to start one, or salvage what its WAL holds with "
            f"`tablectl journal recover {path} --out NEW` (docs/journal.md)"
        )
    with path.open("rb") as fh:
        if fh.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
            return f"{path}: not a usable journal: no SQLite header; {recovery_hint(path)}"
    return None


def damage(db: sqlite3.Connection, limit: int = 5) -> list[str]:
    """What is damaged in an open journal: SQLite's ``quick_check`` findings (pages, cells) and
    rows whose text is not UTF-8; an empty list when it is sound. Reads every page once."""
    problems: list[str] = []
    try:
        found = [
            line.strip()
            for r in db.execute(f"PRAGMA quick_check({limit})")
            for line in str(r[0]).splitlines()
            if line.strip()
        ]
    except sqlite3.DatabaseError as exc:
        return [str(exc)]
    if found != ["ok"]:
        problems += found[:limit]
    try:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'events'").fetchone():
            return problems  # not a journal (yet): said by the caller
        # CAST: reading a non-UTF-8 TEXT value as str would fail the whole query.
        for row_id, raw in db.execute("SELECT id, CAST(line AS BLOB) FROM events ORDER BY id"):
            try:
                bytes(raw or b"").decode("utf-8")
            except UnicodeDecodeError:
                problems.append(f"row {row_id} is not UTF-8 text")
                if len(problems) >= limit:
                    break
    except sqlite3.DatabaseError as exc:
        problems.append(str(exc))
    return problems


def connect_readonly(path: Path) -> sqlite3.Connection:
    """A connection that cannot write (nor checkpoint a WAL into the file when it closes)."""
    uri = f"file:{urllib.parse.quote(str(path.resolve()))}?mode=ro"
    return sqlite3.connect(uri, uri=True, isolation_level=None)


def _summary(problems: list[str]) -> str:
    more = len(problems) - 1
    return problems[0] + (f" (and {more} more problem{'s' * (more > 1)})" if more else "")


def _create(path: Path, synchronous: str) -> None:
    """Create an empty journal whole under a temporary name, then rename it into place, so the
    journal's path never holds a half-made file (and an empty file there is always damage)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".new")
    for stale in (tmp, Path(f"{tmp}-wal"), Path(f"{tmp}-shm")):  # a crash mid-create
        stale.unlink(missing_ok=True)
    db = sqlite3.connect(tmp, isolation_level=None)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={synchronous}")
        db.executescript(_SCHEMA)
        db.execute("INSERT INTO meta(key, value) VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
    finally:
        db.close()  # the last connection checkpoints the WAL into the file (synced)
    os.replace(tmp, path)
    fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(fd)  # the rename itself survives a power cut
    finally:
        os.close(fd)


_ENGINE_BUILD: str | None = None


def engine_build() -> str:
    """A fingerprint of the engine's source: a checkpoint holds that engine's objects."""
    global _ENGINE_BUILD
    if _ENGINE_BUILD is None:
        import tablectl.engine

        digest = hashlib.sha256()
        for path in sorted(Path(tablectl.engine.__file__).parent.glob("*.py")):
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
        _ENGINE_BUILD = digest.hexdigest()[:32]
    return _ENGINE_BUILD


class _EngineUnpickler(pickle.Unpickler):
    """Loads a checkpoint's table: the engine's classes and plain containers, nothing else (a
    journal copied from elsewhere must not be able to run code)."""

    SAFE_BUILTINS = frozenset(
        {
            "set",
            "frozenset",
            "dict",
            "list",
            "tuple",
            "int",
            "float",
            "str",
            "bytes",
            "bool",
            "complex",
        }
    )

    def find_class(self, module: str, name: str) -> Any:
        if module.startswith("tablectl.engine.") or (
            module == "builtins" and name in self.SAFE_BUILTINS
        ):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a table")


@dataclass(frozen=True, slots=True)
class Checkpoint:
    row_id: int  # the table as it stood after this row
    hand_no: int
    table: Any


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
        file = Path(self.path)
        memory = self.path == ":memory:"
        existed = not memory and (file.exists() or file.is_symlink())
        try:
            if existed:
                problem = file_problem(file)
                if problem is not None:
                    raise JournalError(problem)
            elif not memory and readonly:
                raise JournalError(f"{self.path}: not a usable journal: no such file")
            elif not memory:
                _create(file, synchronous)
        except (OSError, sqlite3.Error) as exc:
            verb = "open" if existed else "create"
            why = getattr(exc, "strerror", None) or str(exc)
            if not os.access(file.parent, os.W_OK):  # sqlite says only "unable to open"
                why = f"{file.parent} is not writable (read-only, or not this user's)"
            raise JournalError(f"{self.path}: cannot {verb} the journal: {why}") from None
        try:
            if existed:
                # Checked on a read-only connection: a writer's close would checkpoint a WAL
                # into a damaged file, and nothing may be written to one.
                ro = connect_readonly(file)
                problems = damage(ro)
                if problems or not readonly:
                    ro.close()
                if problems:
                    raise damaged(self.path, _summary(problems))
            if readonly:
                # Exports read a live journal (or a copy on a laptop) without ever writing it.
                self._db = ro
            else:
                self._db = sqlite3.connect(self.path, isolation_level=None)
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute(f"PRAGMA synchronous={synchronous}")
            tables = {
                r[0]
                for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            if not tables:  # nothing in it, so nothing to lose (:memory:, an empty database)
                if readonly:
                    raise JournalError(f"{self.path}: not a tablectl journal")
                self._db.executescript(_SCHEMA)
            elif not {"meta", "events", "hands"} <= tables:
                raise JournalError(
                    f"{self.path}: not a tablectl journal (tables: {', '.join(sorted(tables))})"
                )
            version = self._meta("schema")
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from None
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
        elif int(version) < SCHEMA_VERSION and not readonly:
            self._migrate(int(version))

    def _migrate(self, version: int) -> None:
        """Bring an older journal to this schema in one transaction (1 -> 2: checkpoints)."""
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "CREATE TABLE IF NOT EXISTS checkpoints (row_id INTEGER PRIMARY KEY REFERENCES "
                "events(id), hand_no INTEGER NOT NULL, build TEXT NOT NULL, state BLOB NOT NULL)"
            )
            self._db.execute(
                "UPDATE meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION),)
            )
        log.info("%s: journal schema %d brought to %d", self.path, version, SCHEMA_VERSION)

    def _error(self, exc: sqlite3.Error) -> JournalError:
        """A SQLite failure while opening or reading, in one line: damage, or another reason."""
        if getattr(exc, "sqlite_errorname", None) in _DAMAGE_CODES:
            return damaged(self.path, str(exc))
        return JournalError(f"{self.path}: not a usable journal: {exc}")

    @property
    def connection(self) -> sqlite3.Connection:
        """The journal's SQLite connection, for tables kept beside the events by their own module
        (the venue outbox, :mod:`tablectl.daemon.outbox`); owned by the same single loop."""
        return self._db

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

    def checkpoint(self, row_id: int, hand_no: int, table: Any) -> None:
        """Store ``table`` as it stands after row ``row_id`` (a hand just ended)."""
        state = pickle.dumps(table, protocol=pickle.HIGHEST_PROTOCOL)
        with self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT OR REPLACE INTO checkpoints(row_id, hand_no, build, state) "
                "VALUES (?, ?, ?, ?)",
                (row_id, hand_no, engine_build(), state),
            )
            self._db.execute(
                "DELETE FROM checkpoints WHERE row_id NOT IN (SELECT row_id FROM checkpoints "
                "ORDER BY row_id DESC LIMIT ?)",
                (CHECKPOINTS_KEPT,),
            )

    def latest_checkpoint(self) -> Checkpoint | None:
        """The latest checkpoint this build can use, or None (then replay from the setup)."""
        try:
            rows = self._db.execute(
                "SELECT row_id, hand_no, build, state FROM checkpoints ORDER BY row_id DESC"
            ).fetchall()
        except sqlite3.OperationalError:
            return None  # a schema-1 journal opened read-only: no checkpoints
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from None
        for row_id, hand_no, build, state in rows:
            if build != engine_build():
                log.info("checkpoint at row %d is another build's: not used", row_id)
                continue
            try:
                table = _EngineUnpickler(io.BytesIO(bytes(state))).load()
            except Exception as exc:  # damaged: the rows are the record; replay them
                log.warning("checkpoint at row %d unreadable (%s): not used", row_id, exc)
                continue
            return Checkpoint(int(row_id), int(hand_no), table)
        return None

    def record(self, row_id: int, outputs: Iterable[Output]) -> int | None:
        """Mark a hand boundary if the outputs of row ``row_id`` started a hand; returns it."""
        for out in outputs:
            if isinstance(out, HandStart):
                hand_no = out.hand_no
                if hand_no:
                    self.mark_hand_start(row_id, hand_no)
                    return hand_no
        return None

    # --- reading -------------------------------------------------------------------------------

    def __len__(self) -> int:
        try:
            return int(self._db.execute("SELECT count(*) FROM events").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from None

    def rows(self, after: int = 0) -> Iterator[Row]:
        try:
            cur = self._db.execute(
                "SELECT id, hand_no, wall, CAST(line AS BLOB) FROM events WHERE id > ? ORDER BY id",
                (after,),
            )
            for row_id, hand_no, wall, raw in cur:
                try:
                    line = bytes(raw).decode("utf-8")
                except UnicodeDecodeError:  # damaged since the check at open
                    raise damaged(self.path, f"row {row_id} is not UTF-8 text") from None
                yield Row(int(row_id), int(hand_no), float(wall), line)
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from None

    def last_wall(self) -> float | None:
        """The wall time of the last row (when it was journaled), None for an empty journal."""
        try:
            row = self._db.execute("SELECT wall FROM events ORDER BY id DESC LIMIT 1").fetchone()
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from None
        return None if row is None else float(row[0])

    def hands(self) -> dict[int, int]:
        """Hand number → the row id that started it."""
        try:
            return dict(self._db.execute("SELECT hand_no, first_event FROM hands ORDER BY hand_no"))
        except sqlite3.DatabaseError as exc:
            raise self._error(exc) from None

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

    def events(
        self, bad_rows: list[BadRow] | None = None, after: int = 0
    ) -> Iterator[tuple[Row, Event]]:
        """Every well-formed event after the setup line (and after row ``after``); malformed
        rows go to ``bad_rows``."""
        for row in self.rows(after):
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
        self,
        table: Applies,
        on_outputs: Callable[[Row, Event, list[Output]], None] | None = None,
        after: int = 0,
    ) -> ReplayReport:
        """Apply every journaled event to ``table`` (fresh from the journal's setup, or a
        checkpoint's table with ``after`` its row), restoring it exactly as it was, mid-hand
        included. Bad rows are reported and skipped; hand marks a crash left unwritten are
        repaired."""
        report = ReplayReport(bad_rows=[])
        marks = self.hands()
        assert report.bad_rows is not None
        for row, event in self.events(report.bad_rows, after):
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
                if isinstance(out, HandStart):
                    hand_no = out.hand_no
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

    def put_diag(self, run: str, snapshot: dict[str, Any]) -> None:
        """The sensors' latest diagnostic snapshot of one daemon run (firmware_bridge.diag;
        cumulative, so one row a run, replaced each minute: a night costs a few kilobytes)."""
        with self._db:
            self._db.execute(
                "INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                (f"diag:{run}", json.dumps(snapshot, separators=(",", ":"))),
            )

    def diags(self) -> list[dict[str, Any]]:
        """Every run's last diagnostic snapshot, oldest first (`tablectl diag --journal`)."""
        rows = self._db.execute(
            "SELECT key, value FROM meta WHERE key LIKE 'diag:%' ORDER BY key"
        ).fetchall()
        out = []
        for _, value in rows:
            try:
                obj = json.loads(value)
            except ValueError:
                continue  # a damaged row costs its own run only
            if isinstance(obj, dict):
                out.append(obj)
        return out

    def insert_rows(self, rows: Iterable[Row]) -> int:
        """Store rows with their own row ids, in one transaction (a salvaged journal,
        :mod:`tablectl.daemon.journal_salvage`); returns how many."""
        n = 0
        with self._db:
            self._db.execute("BEGIN")
            for row in rows:
                self._db.execute(
                    "INSERT INTO events(id, hand_no, wall, line) VALUES (?, ?, ?, ?)",
                    (row.row_id, row.hand_no, row.wall, row.line),
                )
                n += 1
        return n

    def append_raw(self, line: str, hand_no: int = 0) -> int:
        """Store a line as is (importing a scenario; tests writing an older build's rows)."""
        cur = self._db.execute(
            "INSERT INTO events(hand_no, wall, line) VALUES (?, ?, ?)", (hand_no, time.time(), line)
        )
        return int(cur.lastrowid or 0)

"""Salvaging a damaged journal: every event that can still be read, in row order, into a new one.

The damaged file and its WAL are only ever read. Two readers find the rows:

1. SQLite itself, on a scratch copy: a scan in row-id order that, where it meets damage, steps
   over it with look-ups of one row id at a time, so damage costs the rows on the damaged pages
   and no others;
2. a page scan of the raw bytes (SQLite's file format, https://sqlite.org/fileformat2.html):
   every page of the file, and every committed frame of the WAL, that parses as a table b-tree
   leaf gives the rows on it. This finds the rows whose leaf pages are intact but unreachable
   through SQLite's b-tree (garbage over an interior page hides thousands of intact rows), and
   the rows of a file truncated to 0 bytes whose WAL survived (SQLite deletes such a WAL when
   it opens the file, which is why it never sees the original).

A row SQLite reads is taken as read; a row only the page scan finds is taken when its text is a
JSON object (a page of garbage can look like a leaf by chance). Rows whose text is not UTF-8
cannot be replayed and are reported with their bytes, as are the row ids no reader found. WAL
frame checksums are not verified: frames are taken up to the last commit of the WAL's current
generation (its salts), which is where SQLite's own recovery stops short of a torn write.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sqlite3
import struct
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tablectl.daemon.journal import SQLITE_MAGIC, Journal, Row

WAL_MAGIC = (0x377F0682, 0x377F0683)
LEAF_TABLE = 0x0D
PAGE_SIZES = (4096, 1024, 2048, 8192, 16384, 32768, 65536, 512)


@dataclass(frozen=True, slots=True)
class RawRow:
    row_id: int
    hand_no: int
    wall: float
    text: bytes


@dataclass(slots=True)
class Salvage:
    rows: list[Row] = field(default_factory=list)  # readable rows in row-id order
    undecodable: list[RawRow] = field(default_factory=list)
    missing: list[int] = field(default_factory=list)  # ids below the highest found, not found
    by_sqlite: int = 0
    by_scan: int = 0  # rows only the page scan found
    highest: int = 0

    @property
    def lost(self) -> int:
        return len(self.missing) + len(self.undecodable)


def salvage(path: Path) -> Salvage:
    """Every readable row of the journal at ``path`` (and its WAL), without writing to either."""
    data = path.read_bytes()
    wal_path = Path(f"{path}-wal")
    wal = wal_path.read_bytes() if wal_path.exists() else b""
    scanned = {i: raw for i, raw in page_scan(data, wal).items() if _plausible(raw.text)}
    found = _sqlite_rows(path, wal_path, max(scanned, default=0))
    result = Salvage(by_sqlite=len(found))
    for row_id, raw in scanned.items():
        if row_id not in found:
            found[row_id] = raw
            result.by_scan += 1
    result.highest = max(found, default=0)
    for row_id in range(1, result.highest + 1):
        raw = found.get(row_id)
        if raw is None:
            result.missing.append(row_id)
            continue
        try:
            line = raw.text.decode("utf-8")
        except UnicodeDecodeError:
            result.undecodable.append(raw)
            continue
        result.rows.append(Row(row_id, raw.hand_no, raw.wall, line))
    return result


def write_journal(rows: list[Row], out: Path) -> None:
    """A new journal at ``out`` holding ``rows`` with their row ids; made under a temporary name
    and renamed into place when complete. Hand marks are re-derived by the daemon's replay."""
    part = out.with_name(out.name + ".part")
    for stale in (part, Path(f"{part}-wal"), Path(f"{part}-shm")):
        stale.unlink(missing_ok=True)
    with Journal(part) as journal:
        journal.insert_rows(rows)
    part.replace(out)


def ranges(ids: list[int]) -> str:
    """``[3, 4, 5, 9]`` as ``3-5, 9``."""
    spans: list[list[int]] = []
    for i in ids:
        if spans and i == spans[-1][1] + 1:
            spans[-1][1] = i
        else:
            spans.append([i, i])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


# --- SQLite's reads -------------------------------------------------------------------------------


def _sqlite_rows(path: Path, wal: Path, hint: int) -> dict[int, RawRow]:
    """Rows SQLite reads from a scratch copy: a forward scan that steps over damage by single
    look-ups up to the highest row id known (from SQLite or the page scan)."""
    rows: dict[int, RawRow] = {}
    with tempfile.TemporaryDirectory(prefix="tablectl-salvage-") as tmp:
        copy = Path(tmp) / "journal.db"
        shutil.copyfile(path, copy)
        if wal.exists():
            shutil.copyfile(wal, f"{copy}-wal")
        try:
            db = sqlite3.connect(copy, isolation_level=None)
        except sqlite3.Error:
            return rows
        try:
            highest = hint
            with contextlib.suppress(sqlite3.Error, TypeError):  # damaged, or no rows at all
                highest = max(highest, int(db.execute("SELECT max(id) FROM events").fetchone()[0]))
            select = "SELECT id, hand_no, wall, CAST(line AS BLOB) FROM events"
            last = 0
            while True:
                try:
                    for row in db.execute(f"{select} WHERE id > ? ORDER BY id", (last,)):
                        raw = _raw(row)
                        if raw is not None:
                            rows[raw.row_id] = raw
                            last = raw.row_id
                    break  # the scan reached the end
                except sqlite3.Error:
                    pass
                # Damage after ``last``: the next row id SQLite can still find restarts the scan.
                for row_id in range(last + 1, highest + 1):
                    try:
                        row = db.execute(f"{select} WHERE id = ?", (row_id,)).fetchone()
                    except sqlite3.Error:
                        continue
                    raw = None if row is None else _raw(row)
                    if raw is not None:
                        rows[raw.row_id] = raw
                        last = raw.row_id
                        break
                else:
                    break
        finally:
            db.close()
    return rows


def _raw(row: tuple[object, ...]) -> RawRow | None:
    row_id, hand_no, wall, text = row
    if not (
        isinstance(row_id, int)
        and isinstance(hand_no, int)
        and isinstance(wall, int | float)
        and isinstance(text, bytes)
    ):
        return None
    return RawRow(row_id, hand_no, float(wall), text)


def _plausible(text: bytes) -> bool:
    """A row only the page scan found is taken when it is a JSON object: a page of garbage can
    look like a leaf by chance, but not hold one."""
    try:
        return isinstance(json.loads(text.decode("utf-8")), dict)
    except (UnicodeDecodeError, ValueError, RecursionError):
        return False


# --- the page scan --------------------------------------------------------------------------------


def page_scan(data: bytes, wal: bytes = b"") -> dict[int, RawRow]:
    """Rows of the journal's ``events`` table on every page that parses as a table leaf: the
    file's pages, then the WAL's committed frames (newer, so they win)."""
    size, usable = _page_size(data, wal)
    pages: dict[int, bytes] = {}
    for n in range(len(data) // size):
        pages[n + 1] = data[n * size : (n + 1) * size]
    for number, page in _wal_frames(wal, size):
        pages[number] = page
    rows: dict[int, RawRow] = {}
    for number, page in sorted(pages.items()):
        for raw in _leaf_rows(page, 100 if number == 1 else 0, usable, pages):
            rows[raw.row_id] = raw
    return rows


def _page_size(data: bytes, wal: bytes) -> tuple[int, int]:
    if data[:16] == SQLITE_MAGIC and len(data) >= 100:
        size = int.from_bytes(data[16:18], "big")
        size = 65536 if size == 1 else size
        if size in PAGE_SIZES:
            return size, size - data[20]
    if len(wal) >= 32 and int.from_bytes(wal[:4], "big") in WAL_MAGIC:
        size = int.from_bytes(wal[8:12], "big")
        if size in PAGE_SIZES:
            return size, size
    return 4096, 4096  # SQLite's default, the journal's


def _wal_frames(wal: bytes, size: int) -> Iterator[tuple[int, bytes]]:
    """The WAL's frames up to its last commit, of the current generation (the header's salts):
    frames after the last commit belong to a transaction that never completed."""
    if len(wal) < 32 or int.from_bytes(wal[:4], "big") not in WAL_MAGIC:
        return
    salts = wal[16:24]
    frames: list[tuple[int, bytes]] = []
    committed = 0
    pos = 32
    while pos + 24 + size <= len(wal):
        header = wal[pos : pos + 24]
        if header[8:16] != salts:
            break
        frames.append((int.from_bytes(header[:4], "big"), wal[pos + 24 : pos + 24 + size]))
        if int.from_bytes(header[4:8], "big"):  # the commit frame: the database's new size
            committed = len(frames)
        pos += 24 + size
    yield from frames[:committed]


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    """SQLite's varint at ``pos``: (value, length). IndexError past the end of ``buf``."""
    value = 0
    for i in range(8):
        byte = buf[pos + i]
        value = (value << 7) | (byte & 0x7F)
        if byte < 0x80:
            return value, i + 1
    return (value << 8) | buf[pos + 8], 9


def _leaf_rows(page: bytes, hdr: int, usable: int, pages: dict[int, bytes]) -> Iterator[RawRow]:
    if len(page) < hdr + 8 or page[hdr] != LEAF_TABLE:
        return
    cells = int.from_bytes(page[hdr + 3 : hdr + 5], "big")
    first = hdr + 8 + 2 * cells
    if first > usable:
        return
    for i in range(cells):
        ptr = int.from_bytes(page[hdr + 8 + 2 * i : hdr + 10 + 2 * i], "big")
        if not first <= ptr < usable:
            continue
        try:
            raw = _cell(page, ptr, usable, pages)
        except (IndexError, ValueError, struct.error):
            continue
        if raw is not None:
            yield raw


def _cell(page: bytes, ptr: int, usable: int, pages: dict[int, bytes]) -> RawRow | None:
    length, n = _varint(page, ptr)
    row_id, m = _varint(page, ptr + n)
    start = ptr + n + m
    # How much of the payload is on the page (the rest is on overflow pages): fileformat2 §1.6.
    most = usable - 35
    least = (usable - 12) * 32 // 255 - 23
    local = length
    if length > most:
        local = least + (length - least) % (usable - 4)
        local = local if local <= most else least
    payload = page[start : start + local]
    if len(payload) != local:
        return None
    if local < length:
        chunks = [payload]
        have = local
        next_page = int.from_bytes(page[start + local : start + local + 4], "big")
        seen: set[int] = set()
        while have < length:
            overflow = pages.get(next_page)
            if overflow is None or next_page in seen:
                return None
            seen.add(next_page)
            chunk = overflow[4:usable][: length - have]
            chunks.append(chunk)
            have += len(chunk)
            next_page = int.from_bytes(overflow[:4], "big")
        payload = b"".join(chunks)
    values = _record(payload)
    if values is None or len(values) != 4 or row_id < 1:
        return None
    rowid_alias, hand_no, wall, text = values
    if rowid_alias is not None or not isinstance(hand_no, int) or isinstance(hand_no, bytes):
        return None
    if not isinstance(wall, int | float) or not isinstance(text, _Text):
        return None
    return RawRow(row_id, hand_no, float(wall), bytes(text))


class _Text(bytes):
    """A TEXT value's bytes, told apart from a BLOB's."""


_INT_SIZES = {1: 1, 2: 2, 3: 3, 4: 4, 5: 6, 6: 8}


def _record(payload: bytes) -> list[object] | None:
    """The values of a record (fileformat2 §2.1), or None when it does not parse."""
    header_size, pos = _varint(payload, 0)
    if header_size > len(payload):
        return None
    types = []
    while pos < header_size:
        serial, k = _varint(payload, pos)
        types.append(serial)
        pos += k
    body = header_size
    values: list[object] = []
    for serial in types:
        if serial == 0:
            values.append(None)
            continue
        if serial in _INT_SIZES:
            size = _INT_SIZES[serial]
            values.append(int.from_bytes(payload[body : body + size], "big", signed=True))
        elif serial == 7:
            size = 8
            values.append(struct.unpack(">d", payload[body : body + 8])[0])
        elif serial in (8, 9):
            size = 0
            values.append(serial - 8)
        elif serial >= 12:
            size = (serial - 12) // 2
            chunk = payload[body : body + size]
            values.append(_Text(chunk) if serial % 2 else bytes(chunk))
        else:
            return None
        body += size
        if body > len(payload):
            return None
    return values

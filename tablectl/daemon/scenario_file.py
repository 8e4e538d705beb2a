"""Scenario files and exported journals read line by line (the shell's side of
:func:`tablectl.engine.events.parse_line`): ``tablectl replay``, ``export`` and ``run --events``
read through here, so a binary line or an oversized one is that line's error, never the file's.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Iterator
from pathlib import Path

from tablectl.engine.events import MAX_LINE_BYTES


def read_lines(path: str | Path) -> Iterator[tuple[int, bytes]]:
    """A scenario file's lines as bytes, numbered from 1, for :func:`parse_line`: a line that is
    not UTF-8 is one bad line, not an unreadable file, and a line past the limit is read only as
    far as needed to refuse it (memory stays bounded by :data:`MAX_LINE_BYTES`).

    The file is opened here (an unreadable one raises OSError from this call). A regular file of
    at most MAX_LINE_BYTES (every scenario and hand) is read whole in one call and split where
    ``readline`` would split it, each line with its newline: the same lines, none of them past
    the limit, without a read and a generator step a line. Any other file is read line by line."""
    raw = open(path, "rb", buffering=0)  # noqa: SIM115 - closed here or by _read_by_line
    try:
        info = os.fstat(raw.fileno())
        size = info.st_size
        if 0 < size <= MAX_LINE_BYTES and stat.S_ISREG(info.st_mode):
            data = raw.read(size + 1)  # one byte more: a file that grew since is read by line
            if len(data) == size:
                raw.close()
                return enumerate(io.BytesIO(data).readlines(), 1)  # split as readline splits
            raw.seek(0)
        return _read_by_line(io.BufferedReader(raw))
    except BaseException:
        raw.close()
        raise


def _read_by_line(fh: io.BufferedReader) -> Iterator[tuple[int, bytes]]:
    """The lines of ``fh`` one ``readline`` at a time, an oversized one cut after the limit."""
    with fh:
        lineno = 0
        while chunk := fh.readline(MAX_LINE_BYTES + 3):
            lineno += 1
            if len(chunk) > MAX_LINE_BYTES + 2 and not chunk.endswith(b"\n"):
                while (rest := fh.readline(1 << 16)) and not rest.endswith(b"\n"):
                    pass  # skip the rest of an oversized line
            yield lineno, chunk

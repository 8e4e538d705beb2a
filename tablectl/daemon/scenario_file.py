"""Scenario files and exported journals read line by line (the shell's side of
:func:`tablectl.engine.events.parse_line`): ``tablectl replay``, ``export`` and ``run --events``
read through here, so a binary line or an oversized one is that line's error, never the file's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from tablectl.engine.events import MAX_LINE_BYTES


def read_lines(path: str | Path) -> Iterator[tuple[int, bytes]]:
    """A scenario file's lines as bytes, numbered from 1, for :func:`parse_line`: a line that is
    not UTF-8 is one bad line, not an unreadable file, and a line past the limit is read only as
    far as needed to refuse it (memory stays bounded by :data:`MAX_LINE_BYTES`)."""
    with open(path, "rb") as fh:
        lineno = 0
        while chunk := fh.readline(MAX_LINE_BYTES + 3):
            lineno += 1
            if len(chunk) > MAX_LINE_BYTES + 2 and not chunk.endswith(b"\n"):
                while (rest := fh.readline(1 << 16)) and not rest.endswith(b"\n"):
                    pass  # skip the rest of an oversized line
            yield lineno, chunk

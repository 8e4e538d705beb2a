"""The fast paths of `tablectl replay` (issue 14, round 4) against the general code they skip:
read_lines reading a small file whole against reading it one ``readline`` at a time, and every
line the replay reads through its fast parse against parse_line (and the standard json path)."""

from __future__ import annotations

import io
import os
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablectl.daemon import scenario_file
from tablectl.daemon.scenario_file import read_lines
from tablectl.engine.events import MAX_LINE_BYTES

# ------------------------------------------------------------------ read_lines


def by_line(path: Path) -> list[tuple[int, bytes]]:
    """The general path: every line by ``readline`` (what read_lines did for every file)."""
    return list(scenario_file._read_by_line(io.BufferedReader(io.FileIO(path, "rb"))))


def both(path: Path) -> list[tuple[int, bytes]]:
    whole = list(read_lines(path))
    assert whole == by_line(path)
    return whole


LINE_PIECES = [
    b'{"fold": 3}',
    b"",
    b"\r",
    b"\r\n",
    b"\n",
    b"\xff\xfe",
    b"\xe2\x82",
    b"# note",
    b" ",
]


@settings(max_examples=300, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(LINE_PIECES), max_size=30))
def test_a_small_file_gives_the_lines_readline_gives(tmp_path: Path, pieces: list[bytes]) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"".join(pieces))
    both(path)


@pytest.mark.parametrize(
    "data, lines",
    [
        (b"a\nb", [(1, b"a\n"), (2, b"b")]),  # the last line without its newline
        (b"a\rb\r\n\n", [(1, b"a\rb\r\n"), (2, b"\n")]),  # a lone "\r" splits nothing
        (b"\x85\x0b\x0c\x1c\n", [(1, b"\x85\x0b\x0c\x1c\n")]),  # nor do str's other breaks
        (b"\n\n", [(1, b"\n"), (2, b"\n")]),
        (b"", []),
    ],
)
def test_lines_split_where_readline_splits(
    tmp_path: Path, data: bytes, lines: list[tuple[int, bytes]]
) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(data)
    assert both(path) == lines


@pytest.mark.parametrize("size", [MAX_LINE_BYTES - 1, MAX_LINE_BYTES, MAX_LINE_BYTES + 1])
def test_files_at_the_size_limit(tmp_path: Path, size: int) -> None:
    """At most MAX_LINE_BYTES the file is read whole (no line in it can pass the limit); one byte
    more and it is read by line: the same lines either way."""
    path = tmp_path / "s.jsonl"
    path.write_bytes(b'{"fold": 3}\n' + b"x" * (size - 13) + b"\n")
    assert os.path.getsize(path) == size
    lines = both(path)
    assert [len(t) for _, t in lines] == [12, size - 12]


def test_an_oversized_line_is_cut_and_the_rest_is_read(tmp_path: Path) -> None:
    path = tmp_path / "s.jsonl"
    path.write_bytes(b"y" * (MAX_LINE_BYTES + 10) + b'\n{"fold": 3}\n')
    lines = both(path)
    assert [n for n, _ in lines] == [1, 2]
    assert len(lines[0][1]) == MAX_LINE_BYTES + 3 and lines[1][1] == b'{"fold": 3}\n'


def test_a_file_that_is_not_regular_is_read_by_line(tmp_path: Path) -> None:
    assert list(read_lines(os.devnull)) == []  # a device: no size to trust
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write() -> None:  # opening a fifo's write end waits for its reader
        with open(fifo, "wb") as fh:
            fh.write(b'{"fold": 3}\n{"press": "check"}')

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    assert list(read_lines(fifo)) == [(1, b'{"fold": 3}\n'), (2, b'{"press": "check"}')]
    writer.join()


def test_an_unreadable_file_raises_from_the_call(tmp_path: Path) -> None:
    with pytest.raises(IsADirectoryError):
        read_lines(tmp_path)
    with pytest.raises(FileNotFoundError):
        read_lines(tmp_path / "missing.jsonl")

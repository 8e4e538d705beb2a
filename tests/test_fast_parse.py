"""The fast paths of `tablectl replay` (issue 14, round 4) against the general code they skip:
read_lines reading a small file whole against reading it one ``readline`` at a time, and the
lines the replay reads, parsed with orjson first as by the standard json path alone."""

from __future__ import annotations

import io
import json
import os
import random
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import random_hand, script_to_events
from parse_paths import same_on_both_paths, standard_json
from scenario_files import every
from test_parse_differential import lines

from tablectl.cli import replay
from tablectl.daemon import scenario_file
from tablectl.daemon.scenario_file import read_lines
from tablectl.engine import events
from tablectl.engine.events import (
    MAX_LINE_BYTES,
    parse_line,
)

needs_orjson = pytest.mark.skipif(events._orjson is None, reason="orjson is not installed")

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


# ------------------------------------------------------------------ orjson and the standard json


@settings(max_examples=1500, deadline=None)
@given(lines())
def test_damaged_lines_read_as_by_the_standard_path(line: str | bytes) -> None:
    same_on_both_paths(line if isinstance(line, bytes) else line.encode("utf-8", "replace"))


def oracle_lines(hands: int) -> list[bytes]:
    rng = random.Random(14)
    return [
        (json.dumps(obj) + "\n").encode()
        for _ in range(hands)
        for obj in script_to_events(random_hand(rng))
    ]


@needs_orjson
def test_the_oracle_hands_lines_read_as_by_the_standard_path() -> None:
    """Every line of 150 oracle hands (the bench's lines), with orjson first and standard."""
    kinds = set()
    for line in oracle_lines(150):
        same_on_both_paths(line)
        event = parse_line(line, 1).event
        if event is not None:
            kinds.add(event.kind)
    assert {"deal", "push", "declare", "fold", "press", "board"} <= kinds


CARDS_53 = b'{"board": [' + b", ".join([b'"As"'] * 53) + b'], "burn": "Qs"}\n'
DEAL_53 = b'{"deal": {"3": ["Kd"], "2": [' + b", ".join([b'"As"'] * 53) + b"]}}\n"


@pytest.mark.parametrize(
    "line",
    [
        b'{"board": ["5h", "Jd", "3h"], "burn": "Qs"}\n',
        b'{"burn": "Qs", "board": ["5h", "Jd", "3h"]}\n',  # the body keeps board first
        b'{"board": [], "burn": "??"}\n',
        b'{"board": ["??", "As"], "burn": "As"}\n',
        b'{"board": ["5h", ["Jd"]], "burn": "Qs"}\n',  # an unhashable value among the cards
        b'{"board": ["5h", {"a": 1}], "burn": "Qs"}\n',
        b'{"board": ["5h", 7], "burn": "Qs"}\n',
        b'{"board": ["5h", true], "burn": "Qs"}\n',
        b'{"board": ["5h", "jd"], "burn": "Qs"}\n',
        b'{"board": ["5h"], "burn": "Q"}\n',
        b'{"board": ["5h"], "burn": null}\n',
        b'{"board": ["5h"], "burn": ["Qs"]}\n',
        b'{"board": ["5h"], "t": 3}\n',
        b'{"board": ["5h"], "face": "up"}\n',
        b'{"board": "5h", "burn": "Qs"}\n',
        CARDS_53,
        DEAL_53,
        b'{"deal": {"2": ["Kc", "9c"], "5": ["6d", "Kh"]}}\n',
        b'{"deal": {"2": ["Kc", ["9c"]]}}\n',
        b'{"deal": {"2": ["Kc", {"9c": 1}], "5": ["6d"]}}\n',
        b'{"deal": {"2": ["Kc", 9]}}\n',
        b'{"deal": {"02": ["Kc"]}}\n',
        b'{"deal": {"11": ["Kc"]}}\n',
        b'{"deal": {"2": "Kc"}}\n',
        b'{"deal": {}}\n',
        b'{"deal": []}\n',
        b'{"deal": {"2": []}}\n',
        b'{"fold": 3}\n',
        b'{"fold": true}\n',
        b'{"fold": 1.0}\n',
        b'{"fold": "3"}\n',
        b'{"press": "check"}\n',
        b'{"press": "Check"}\n',
        b'{"declare": {"seat": 3, "say": "call"}}\n',
        b'{"declare": {"seat": 3, "say": "bet", "amount": 600}}\n',
        b'{"declare": {"seat": true, "say": "call"}}\n',
        b'{"push": {"seat": 5, "chips": [1000, 1000]}}\n',
        b'{"push": {"seat": 5, "chips": [1000, 0]}}\n',
        b'{"push": {"seat": 5, "chips": [1000, 1.0]}}\n',
        *(
            b'{"setup": {"seats": %s, "blinds": [1, 2], "chips": %s}}\n' % (seats, chips)
            for seats in (
                b'{"1": 10, "2": 20}',
                b'{"1": 0, "2": 20}',  # one player with chips
                b'{"1": 0, "2": 20, "3": 5}',
                b'{"1": true, "2": 20, "3": 5}',
                b'{"2": 20, "01": 5}',
                b'{"2": 20, "1": -1}',
                b'{"2": 20, "1": 1000000000001}',
                b'{"2": 20, "1": 7.0, "3": 5}',
            )
            for chips in (b"[1, 5]", b"[1, true]", b"[5, 1]", b"[0, 5]", b"[]")
        ),
        b'{"setup": {"seats": {"1": 10, "2": 20}, "blinds": [1, 2], "x": 1}}\n',
        b'{"setup": {"seats": {"1": 10, "2": 20}, "blinds": [1, 2], "options": {"x": 1}}}\n',
    ],
)
def test_usual_line_cases_read_as_by_the_standard_path(line: bytes) -> None:
    same_on_both_paths(line)
    same_on_both_paths(line.rstrip(b"\n"))


# ------------------------------------------------------------------ the replay loop


def result_text(result: replay.FileResult) -> str:
    return repr((result.failures, result.outputs, result.checks, result.table is None))


def damaged_copies(tmp_path: Path) -> list[Path]:
    """Scenario files with lines damaged, dropped, repeated or added (the same every run)."""
    rng = random.Random(4)
    sources = [p.read_bytes().splitlines(keepends=True) for p in every()]
    extra = [
        b'{"expect": {"to_act": 3}}\n',
        b'{"fold": 11}\n',
        b"\xff\n",
        b"# a comment\n",
        b"\n",
        b'{"board": ["As"], "burn": "Kd", "t": 4}\n',
        b'{"setup": {"seats": {"1": 100, "2": 100}, "blinds": [1, 2]}}\n',
        b'{"tick": 5}\n',
        b"{",
    ]
    out = []
    for i in range(120):
        lines_ = list(rng.choice(sources))
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(lines_) + 1)
            how = rng.random()
            if how < 0.3 and lines_:
                del lines_[at % len(lines_)]
            elif how < 0.5 and lines_:
                lines_.insert(at, lines_[at % len(lines_)])
            elif how < 0.8:
                lines_.insert(at, rng.choice(extra))
            elif lines_:
                line = bytearray(lines_[at % len(lines_)])
                line[rng.randrange(len(line))] = rng.choice(b'{}[]",:019 \xff')
                lines_[at % len(lines_)] = bytes(line)
        path = tmp_path / f"d{i:03d}.jsonl"
        path.write_bytes(b"".join(lines_))
        out.append(path)
    return out


def test_replay_reads_every_file_as_the_standard_path_does(tmp_path: Path) -> None:
    """replay_file with orjson first and with the standard json alone: the same failures,
    outputs, checks."""
    paths = [*every(), *damaged_copies(tmp_path)]
    for path in paths:
        fast = result_text(replay.replay_file(path))
        with standard_json():
            slow = result_text(replay.replay_file(path))
        assert fast == slow, path
    assert any(replay.replay_file(p).failures for p in paths[len(every()) :])


@pytest.mark.parametrize(
    "seats, error",
    [
        (b'{"1": 0, "2": 20}', "needs at least two players with chips"),
        (b'{"1": 0, "2": 20, "3": 0}', "needs at least two players with chips"),
        (b'{"1": true, "2": 20}', "setup.seats: True is not a non-negative whole number"),
        (b'{"2": 20, "01": 5}', "setup.seats: seat '01' is not a seat number"),
        (b'{"2": 20, "1": -1}', "setup.seats: -1 is not a non-negative whole number"),
        (b'{"2": 20, "1": 0, "3": 1.0}', "setup.seats: 1.0 is not a non-negative whole number"),
    ],
)
def test_setup_seats_the_one_pass_refuses(seats: bytes, error: str) -> None:
    """_validate_setup's refusals of the seats (both paths use it: checked here by its text)."""
    line = b'{"setup": {"seats": %s, "blinds": [1, 2]}}\n' % seats
    assert error in same_on_both_paths(line)
    fine = b'{"setup": {"seats": {"1": 0, "2": 20, "3": 5}, "blinds": [1, 2]}}\n'
    assert "'seats': {'1': 0, '2': 20, '3': 5}" in same_on_both_paths(fine)


# ------------------------------------------------------------------ setup and push (round 4, 2)

SETUP_BASE = {
    "rules": "tda-2025",
    "seats": {"1": 1088, "2": 4, "3": 0, "10": 1000},
    "button": 2,
    "blinds": [4, 8],
    "ante": 1,
    "bb_ante": False,
    "chips": [1, 5, 25],
    "options": {"bb_ante_short": "blind_first"},
}
SETUP_CHANGES: list[dict[str, object]] = [
    {},
    {"button": None},  # None: the key dropped
    {"button": "3"},
    {"button": 11},
    {"button": True},
    {"rules": None},
    {"rules": "nope"},
    {"rules": ["tda-2025"]},
    {"ante": None},
    {"ante": 1.0},
    {"ante": -1},
    {"ante": 10**12 + 1},
    {"bb_ante": None},
    {"bb_ante": 1},
    {"bb_ante": True},
    {"chips": None},
    {"chips": []},
    {"chips": [5, 1]},
    {"chips": [1, 1]},
    {"chips": [0, 1]},
    {"chips": [1, True]},
    {"chips": list(range(1, 34))},
    {"chips": list(range(1, 33))},
    {"chips": [1, 10**12]},
    {"chips": [1, 10**12 + 1]},
    {"blinds": [8, 4]},
    {"blinds": [0, 0]},
    {"blinds": [0, 8]},
    {"blinds": [4, 8, 16]},
    {"blinds": [4.0, 8]},
    {"blinds": (4, 8)},
    {"seats": {}},
    {"seats": {"1": 5}},
    {"seats": {"1": 5, "2": 0}},
    {"seats": {"1": 5, "11": 5}},
    {"seats": {"1": 5, "2": False}},
    {"seats": {1: 5, 2: 5}},
    {"seats": [5, 5]},
    {"options": None},
    {"options": {}},
    {"options": {"clock_seconds": 30}},
    {"options": {"clock_seconds": 0}},
    {"options": {"bb_ante_short": "nope"}},
    {"options": {"nope": "x"}},
    {"options": {"bb_ante_short": 1}},
    {"options": []},
    {"levels": [{"blinds": [1, 2], "minutes": 15}, {"break": 5}]},
    {"levels": [{"blinds": [2, 1]}]},
    {"names": {"1": "Ann", "2": "Bo"}},
    {"names": {"1": ""}},
    {"x": 1},
]


def setup_body(change: dict[str, object]) -> dict[str, object]:
    body = {**SETUP_BASE, **change}
    return {k: v for k, v in body.items() if v is not None}


@pytest.mark.parametrize("change", SETUP_CHANGES)
def test_setups_read_as_by_the_standard_path(change: dict[str, object]) -> None:
    """A setup line and its variations, with orjson first as by the standard path (the same value,
    keys in the same order, or the same refusal)."""
    body = setup_body(change)
    if not isinstance(body.get("seats"), dict) or all(type(k) is str for k in body["seats"]):
        same_on_both_paths((json.dumps({"setup": body}) + "\n").encode())


@pytest.mark.parametrize(
    "line",
    [
        b'{"push": {"seat": 5, "chips": []}}\n',
        b'{"push": {"seat": 11, "chips": [5]}}\n',
        b'{"push": {"seat": 0, "chips": [5]}}\n',
        b'{"push": {"seat": true, "chips": [5]}}\n',
        b'{"push": {"seat": "5", "chips": [5]}}\n',
        b'{"push": {"chips": [5, 25], "seat": 5}}\n',  # the body keeps seat first
        b'{"push": {"seat": 5, "chips": [5], "x": 1}}\n',
        b'{"push": {"seat": 5, "chipz": [5]}}\n',
        b'{"push": {"seat": 5, "chips": [true]}}\n',
        b'{"push": {"seat": 5, "chips": [-5]}}\n',
        b'{"push": {"seat": 5, "chips": [1000000000000]}}\n',
        b'{"push": {"seat": 5, "chips": [1000000000001]}}\n',
        b'{"push": {"seat": 5, "chips": 5}}\n',
        b'{"push": [5]}\n',
        b'{"push": {"seat": 5, "chips": [' + b", ".join([b"5"] * 2000) + b"]}}\n",
        b'{"push": {"seat": 5, "chips": [' + b", ".join([b"5"] * 2001) + b"]}}\n",
        b'{"pull": {"seat": 5, "chips": [5, 5]}}\n',
    ],
)
def test_push_lines_read_as_by_the_standard_path(line: bytes) -> None:
    same_on_both_paths(line)
    same_on_both_paths(line.rstrip(b"\n"))

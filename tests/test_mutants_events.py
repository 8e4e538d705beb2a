"""Every event line the contract knows, read or refused word for word (issue 34: events.py).

tablectl/engine/events.py is the one reader of a scenario or journal line (the contract:
shared/spec/scenario-format.md; the extensions and limits: docs/scenario-extensions.md). Each case
below is a line written from the contract and what ``parse_line`` must make of it: the event or
expectation it stands for (its ``repr``: the kinds and types of every value, the defaults written
in), or the one-line refusal naming the line, in the words the dealer or the author reads. Every
line is read on both paths (orjson's and the standard json's) and must read the same on each; an
event read must read back the same from the line ``dumps`` writes (a journal replays it).
"""

from __future__ import annotations

import json

import pytest
from parse_paths import standard_json

from tablectl.engine.events import (
    MAX_CARDS,
    MAX_CHIPS,
    MAX_LEVELS,
    BadgeEntry,
    Event,
    ScenarioError,
    dumps,
    event_from_obj,
    is_card,
    parse_line,
)

S = {"seats": {"1": 1000, "2": 1000}, "blinds": [25, 50]}


def j(obj: object) -> str:
    return json.dumps(obj)


def setup(**changes: object) -> str:
    """A setup line: two seats of 1,000, blinds 25/50, with ``changes`` (``...`` drops a key)."""
    body = {**S, **changes}
    return j({"setup": {k: v for k, v in body.items() if v is not ...}})


def lv(*levels: object) -> str:
    return setup(levels=list(levels))


def opt(options: object) -> str:
    return setup(options=options)


def _outcome(line: str | bytes) -> str:
    try:
        parsed = parse_line(line, 7)
    except ScenarioError as exc:
        message = str(exc)
        assert "\n" not in message and exc.lineno == 7
        return f"refused: {message}"
    if parsed.event is None:
        return repr(parsed)
    again = parse_line(dumps(parsed.event), 8)  # what a journal writes, read back
    assert again.event == parsed.event, (dumps(parsed.event), again)
    return repr(parsed.event)


def read(line: str | bytes) -> str:
    """What ``line`` reads as, the same on orjson's path and the standard one."""
    fast = _outcome(line)
    with standard_json():
        slow = _outcome(line)
    assert fast == slow
    return fast


LINES = [
    ("", "ParsedLine(event=None, expect=None)"),
    ("   ", "ParsedLine(event=None, expect=None)"),
    ("# a comment", "ParsedLine(event=None, expect=None)"),
    ("\ufeff# a comment after a BOM", "ParsedLine(event=None, expect=None)"),
    ("\ufeff" + j({"fold": 3}), "Event(kind='fold', body=3, t=None)"),
    (b"\xff\xfe{}", "refused: line 7: not UTF-8 text: byte 1 is b'\\xff\\xfe{}'"),
    (b"\xff\xfe{}xyz", "refused: line 7: not UTF-8 text: byte 1 is b'\\xff\\xfe{}'"),
    (b'{"fold": 3}', "Event(kind='fold', body=3, t=None)"),
    (b'{"fold": 3}\n', "Event(kind='fold', body=3, t=None)"),
    (
        "{",
        (
            "refused: line 7: not JSON: Expecting property name enclosed in double quotes at "
            "column 2"
        ),
    ),
    (
        '{"fold": 3,}',
        (
            "refused: line 7: not JSON: Expecting property name enclosed in double quotes at "
            "column 12"
        ),
    ),
    ("[1]", "refused: line 7: a line must be one JSON object"),
    ("5", "refused: line 7: a line must be one JSON object"),
    ("null", "refused: line 7: a line must be one JSON object"),
    ("{}", "refused: line 7: a line needs exactly one event key, found nothing"),
    (j({"t": 3}), "refused: line 7: a line needs exactly one event key, found nothing"),
    (
        j({"fold": 3, "tick": 3}),
        "refused: line 7: a line needs exactly one event key, found fold, tick",
    ),
    (j({"colour": 1}), "refused: line 7: a line needs exactly one event key, found colour"),
    (
        j({"x" * 200: 1}),
        (
            "refused: line 7: a line needs exactly one event key, found "
            "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
        ),
    ),
    (
        j({"a" * 79: 1, "b" * 79: 1}),
        (
            "refused: line 7: a line needs exactly one event key, found "
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
        ),
    ),
    (
        j({"a" * 66: 1, "b" * 66: 1, "c" * 64: 1}),
        (
            "refused: line 7: a line needs exactly one event key, found "
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, "
            "cccccccccccccccccccccccc…"
        ),
    ),
    (
        j({"a" * 80: 1, "b" * 80: 1, "c" * 80: 1}),
        (
            "refused: line 7: a line needs exactly one event key, found "
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb…"
        ),
    ),
    (
        j({"fold": 3, "zone": "board"}),
        "refused: line 7: fold: unexpected keys zone (allowed: fold)",
    ),
    (j({"fold": 3, "t": 1.5}), "Event(kind='fold', body=3, t=1.5)"),
    (j({"fold": 3, "t": None}), "Event(kind='fold', body=3, t=None)"),
    (
        j({"fold": 3, "t": -1}),
        (
            "refused: line 7: t: -1 is not a finite, non-negative number of seconds (at most "
            "1,000,000,000)"
        ),
    ),
    (j({"fold": 3, "t": "1"}), "refused: line 7: t: '1' is not a non-negative number of seconds"),
    (j({"fold": 3, "t": True}), "refused: line 7: t: True is not a non-negative number of seconds"),
    (j({"fold": 3, "t": 10**9}), "Event(kind='fold', body=3, t=1000000000)"),
    (
        j({"fold": 3, "t": 10**9 + 1}),
        (
            "refused: line 7: t: 1000000001 is not a finite, non-negative number of seconds (at "
            "most 1,000,000,000)"
        ),
    ),
    ('{"tick": NaN}', "refused: line 7: NaN is not a number a line may hold (numbers are finite)"),
    (
        '{"tick": Infinity}',
        "refused: line 7: Infinity is not a number a line may hold (numbers are finite)",
    ),
    (
        '{"tick": -Infinity}',
        "refused: line 7: -Infinity is not a number a line may hold (numbers are finite)",
    ),
    ('{"tick": 1e999}', "refused: line 7: number '1e999' is out of range (numbers are finite)"),
    (
        '{"tick": 1e300}',
        (
            "refused: line 7: tick: 1e+300 is not a finite, non-negative number of seconds (at "
            "most 1,000,000,000)"
        ),
    ),
    (
        '{"fold": 1234567890123456789}',
        "refused: line 7: number '1234567890123456789' is too large (19 digits; at most 18)",
    ),
    (
        '{"fold": -1234567890123456789}',
        "refused: line 7: number '-1234567890123456789' is too large (20 digits; at most 18)",
    ),
    (
        '{"fold": 123456789012345678}',
        (
            "refused: line 7: fold: seat 123456789012345678 is not a seat number 1..10 (digits "
            "0-9, no leading zero)"
        ),
    ),
    (
        '{"expect": {"stacks": 1234567890123456789}}',
        "refused: line 7: number '1234567890123456789' is too large (19 digits; at most 18)",
    ),
    (
        b'{"expect": {"stacks": 1234567890123456789}}',
        "refused: line 7: number '1234567890123456789' is too large (19 digits; at most 18)",
    ),
    (
        b'{"expect": {"stacks": -1234567890123456789}}',
        "refused: line 7: number '-1234567890123456789' is too large (20 digits; at most 18)",
    ),
    (
        '{"expect": {"stacks": 1e400}}',
        "refused: line 7: number '1e400' is out of range (numbers are finite)",
    ),
    (
        '{"expect": {"stacks": 12345678901234567}}',
        ("ParsedLine(event=None, expect=Expect(checks={'stacks': 12345678901234567}, lineno=7))"),
    ),
    (
        '{"expect": {"to_act": 3}, "t": 1e-5}',
        "ParsedLine(event=None, expect=Expect(checks={'to_act': 3}, lineno=7))",
    ),
    (
        j({"expect": {"a": [[[[[[1]]]]]]}}),
        "ParsedLine(event=None, expect=Expect(checks={'a': [[[[[[1]]]]]]}, lineno=7))",
    ),
    (j({"expect": {"a": [[[[[[[1]]]]]]]}}), "refused: line 7: nested deeper than 8 levels"),
    (j({"expect": {"a": [[[[[[[1]]]]]]], "b": 1}}), "refused: line 7: nested deeper than 8 levels"),
    (
        '{"fold": ' + "[" * 100000 + "]" * 100000 + "}",
        "refused: line 7: nested deeper than 8 levels",
    ),
    (
        j({"expect": {"to_act": 3}}),
        "ParsedLine(event=None, expect=Expect(checks={'to_act': 3}, lineno=7))",
    ),
    (
        j({"expect": {"to_act": 3}, "t": 4}),
        "ParsedLine(event=None, expect=Expect(checks={'to_act': 3}, lineno=7))",
    ),
    (j({"expect": {}}), "refused: line 7: an expect line holds one non-empty 'expect' object"),
    (j({"expect": 5}), "refused: line 7: an expect line holds one non-empty 'expect' object"),
    (
        j({"expect": {"to_act": 3}, "fold": 3}),
        "refused: line 7: an expect line holds one non-empty 'expect' object",
    ),
    ("x" * (1 << 20), "refused: line 7: not JSON: Expecting value at column 1"),
    (
        "x" * ((1 << 20) + 3),
        "refused: line 7: line longer than 1,048,576 bytes (the limit of a line)",
    ),
    (
        "\u00e9" * ((1 << 19) + 2),
        "refused: line 7: line longer than 1,048,576 bytes (the limit of a line)",
    ),
    (b"x" * ((1 << 20) + 2), "refused: line 7: not JSON: Expecting value at column 1"),
    (
        b"x" * ((1 << 20) + 3),
        "refused: line 7: line longer than 1,048,576 bytes (the limit of a line)",
    ),
]


@pytest.mark.parametrize(("line", "expected"), LINES)
def test_a_line_is_one_json_object_within_the_limits(line: str | bytes, expected: str) -> None:
    """A line: one JSON object, blank lines and # comments ignored, UTF-8, within the limits
    (scenario-format; docs/scenario-extensions.md "Limits")."""
    assert read(line) == expected


SETUP = [
    (j({"setup": 5}), "refused: line 7: setup must be an object, got 5"),
    (
        setup(colour="red"),
        (
            "refused: line 7: setup: unexpected keys colour (allowed: ante, bb_ante, blinds, "
            "button, chips, levels, names, options, rules, seats)"
        ),
    ),
    (setup(seats=...), "refused: line 7: setup.seats must map seat numbers to starting stacks"),
    (setup(seats={}), "refused: line 7: setup.seats must map seat numbers to starting stacks"),
    (setup(seats=[1]), "refused: line 7: setup.seats must map seat numbers to starting stacks"),
    (
        setup(seats={"1": 1000, "2": 0}),
        "refused: line 7: setup.seats needs at least two players with chips",
    ),
    (
        setup(seats={"1": 1000, "2": 0, "3": 1}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 0, '3': 1}, 'blinds': [25, 50], "
            "'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (
        setup(seats={"1": -1, "2": 1000}),
        "refused: line 7: setup.seats: -1 is not a non-negative whole number of chips",
    ),
    (
        setup(seats={"1": 1000, "11": 1000}),
        (
            "refused: line 7: setup.seats: seat 11 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        setup(seats={"3": 1000, "10": 1000}),
        (
            "Event(kind='setup', body={'seats': {'3': 1000, '10': 1000}, 'blinds': [25, 50], "
            "'button': 3, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (
        setup(button=11),
        (
            "refused: line 7: setup.button: seat 11 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        setup(button="2"),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'button': 2, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (
        setup(button=10),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'button': 10, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (
        setup(blinds=...),
        "refused: line 7: setup.blinds must be [small, big] with small <= big, got None",
    ),
    (
        setup(blinds=[25]),
        "refused: line 7: setup.blinds must be [small, big] with small <= big, got [25]",
    ),
    (
        setup(blinds=[25, 50, 100]),
        ("refused: line 7: setup.blinds must be [small, big] with small <= big, got [25, 50, 100]"),
    ),
    (
        setup(blinds=[50, 25]),
        "refused: line 7: setup.blinds must be [small, big] with small <= big, got [50, 25]",
    ),
    (
        setup(blinds=[0, 50]),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [0, 50], "
            "'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (
        setup(blinds=[25, 0]),
        "refused: line 7: setup.blinds: 0 is not a positive whole number of chips",
    ),
    (
        setup(blinds=[25, 25]),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 25], "
            "'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (
        setup(blinds=["25", 50]),
        "refused: line 7: setup.blinds: '25' is not a non-negative whole number of chips",
    ),
    (
        setup(blinds="25/50"),
        "refused: line 7: setup.blinds must be [small, big] with small <= big, got '25/50'",
    ),
    (
        setup(chips=[]),
        ("refused: line 7: setup.chips must list at most 32 distinct denominations, lowest first"),
    ),
    (
        setup(chips=[100, 25]),
        ("refused: line 7: setup.chips must list at most 32 distinct denominations, lowest first"),
    ),
    (
        setup(chips=[25, 25]),
        ("refused: line 7: setup.chips must list at most 32 distinct denominations, lowest first"),
    ),
    (
        setup(chips=list(range(1, 34))),
        ("refused: line 7: setup.chips must list at most 32 distinct denominations, lowest first"),
    ),
    (
        setup(chips=list(range(1, 33))),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'chips': [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, "
            "21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32], 'button': 1, 'ante': 0, 'bb_ante': "
            "False, 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (setup(chips=[0]), "refused: line 7: setup.chips: 0 is not a positive whole number of chips"),
    (
        setup(chips=[25, 100]),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'chips': [25, 100], 'button': 1, 'ante': 0, 'bb_ante': False, 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (setup(chips=5), "refused: line 7: setup.chips: expected a list of chip denominations, got 5"),
    (
        setup(rules="wfp"),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'rules': 'wfp', 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1]}, t=None)"
        ),
    ),
    (
        setup(rules="tda"),
        (
            "refused: line 7: setup.rules: 'tda' is not a house profile (tda-2025, wfp, roberts, "
            "home)"
        ),
    ),
    (
        setup(rules=5),
        ("refused: line 7: setup.rules: 5 is not a house profile (tda-2025, wfp, roberts, home)"),
    ),
    (
        setup(bb_ante=True),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'bb_ante': True, 'button': 1, 'ante': 0, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (setup(bb_ante="false"), "refused: line 7: setup.bb_ante must be true or false, got 'false'"),
    (setup(bb_ante=1), "refused: line 7: setup.bb_ante must be true or false, got 1"),
    (
        setup(ante=5),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'ante': 5, 'button': 1, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (setup(ante=-1), "refused: line 7: setup.ante: -1 is not a non-negative whole number of chips"),
    (
        setup(ante=2.5),
        "refused: line 7: setup.ante: 2.5 is not a non-negative whole number of chips",
    ),
    (
        setup(
            rules="home",
            seats={"2": 500, "1": 700},
            button=2,
            blinds=[5, 10],
            ante=1,
            bb_ante=False,
            chips=[1, 5],
        ),
        (
            "Event(kind='setup', body={'seats': {'2': 500, '1': 700}, 'blinds': [5, 10], "
            "'rules': 'home', 'button': 2, 'ante': 1, 'bb_ante': False, 'chips': [1, 5]}, t=None)"
        ),
    ),
    (
        setup(names={"1": "Ann"}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'names': {'1': 'Ann'}, 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], "
            "'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        setup(names=["Ann"]),
        (
            "refused: line 7: setup.names must be an object of seat numbers to player names, got "
            "['Ann']"
        ),
    ),
    (
        setup(names={"11": "Ann"}),
        (
            "refused: line 7: setup.names: seat 11 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        setup(names={"1": ""}),
        ("refused: line 7: setup.names: '' is not a name (text on one line, 1 to 64 characters)"),
    ),
    (
        setup(names={"1": "A" * 64}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'names': {'1': 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'}, "
            "'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, "
            "t=None)"
        ),
    ),
    (
        setup(names={"1": "A" * 65}),
        (
            "refused: line 7: setup.names: "
            "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' is not a name "
            "(text on one line, 1 to 64 characters)"
        ),
    ),
    (
        setup(names={"1": "A\nB"}),
        (
            "refused: line 7: setup.names: 'A\\nB' is not a name (text on one line, 1 to 64 "
            "characters)"
        ),
    ),
    (
        setup(names={"1": "A\u2028B"}),
        (
            "refused: line 7: setup.names: 'A\\u2028B' is not a name (text on one line, 1 to 64 "
            "characters)"
        ),
    ),
    (
        setup(names={"1": "A\u2029B"}),
        (
            "refused: line 7: setup.names: 'A\\u2029B' is not a name (text on one line, 1 to 64 "
            "characters)"
        ),
    ),
    (
        setup(names={"1": "A\ud800"}),
        (
            "refused: line 7: setup.names: 'A\\ud800' is not a name (text on one line, 1 to 64 "
            "characters)"
        ),
    ),
    (
        setup(names={"1": "A\x07"}),
        (
            "refused: line 7: setup.names: 'A\\x07' is not a name (text on one line, 1 to 64 "
            "characters)"
        ),
    ),
    (
        setup(names={"1": 5}),
        "refused: line 7: setup.names: 5 is not a name (text on one line, 1 to 64 characters)",
    ),
    (
        setup(names={"1": "Ann", "2": "Bao"}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'names': {'1': 'Ann', '2': 'Bao'}, 'button': 1, 'ante': 0, 'bb_ante': False, "
            "'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
]


@pytest.mark.parametrize(("line", "expected"), SETUP)
def test_a_setup_line(line: str | bytes, expected: str) -> None:
    """setup (scenario-format "setup"; docs/scenario-extensions.md "setup"): every key checked,
    every refusal in words; the defaults written in."""
    assert read(line) == expected


LEVELS = [
    (
        setup(levels={"blinds": [25, 50]}),
        (
            "refused: line 7: setup.levels must be a list of at most 200 levels, got {'blinds': "
            "[25, 50]}"
        ),
    ),
    (
        setup(levels=[{"break": 5}] * 201),
        (
            "refused: line 7: setup.levels must be a list of at most 200 levels, got [{'break': "
            "5}, {'break': 5}, {'break': 5}, {'break': 5}, {'break': 5}, {'break':…"
        ),
    ),
    (lv(5), "refused: line 7: setup.levels: 5 is neither a level nor a break"),
    (lv({}), "refused: line 7: setup.levels: {} is neither a level nor a break"),
    (lv({"ante": 5}), "refused: line 7: setup.levels: {'ante': 5} is neither a level nor a break"),
    (
        lv({"break": 10}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'break': 10}], 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], "
            "'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"break": 10, "ante": 5}),
        "refused: line 7: setup.levels (a break): unexpected keys ante (allowed: break)",
    ),
    (
        lv({"break": -1}),
        (
            "refused: line 7: setup.levels.break: -1 is not a finite, non-negative number of "
            "minutes (at most 1,000,000)"
        ),
    ),
    (
        lv({"break": 10**6}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'break': 1000000}], 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': "
            "[1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"break": 10**6 + 1}),
        (
            "refused: line 7: setup.levels.break: 1000001 is not a finite, non-negative number "
            "of minutes (at most 1,000,000)"
        ),
    ),
    (
        lv({"break": 2.5}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'break': 2.5}], 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], "
            "'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"break": "10"}),
        "refused: line 7: setup.levels.break: '10' is not a non-negative number of minutes",
    ),
    (
        lv({"blinds": [25, 50]}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 0}], 'button': 1, 'ante': 0, 'bb_ante': "
            "False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "ante": 5, "minutes": 20}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 5, 'minutes': 20}], 'button': 1, 'ante': 0, "
            "'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "minutes": None}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 0}], 'button': 1, 'ante': 0, 'bb_ante': "
            "False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "minutes": 0}),
        "refused: line 7: setup.levels.minutes: a level lasts more than 0 minutes",
    ),
    (
        lv({"blinds": [25, 50], "minutes": 12.5}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 0, 'minutes': 12.5}], 'button': 1, 'ante': "
            "0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "minutes": 10**6}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 0, 'minutes': 1000000}], 'button': 1, "
            "'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "minutes": 10**6 + 1}),
        (
            "refused: line 7: setup.levels.minutes: 1000001 is not a finite, non-negative number "
            "of minutes (at most 1,000,000)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "minutes": "20"}),
        "refused: line 7: setup.levels.minutes: '20' is not a non-negative number of minutes",
    ),
    (
        lv({"blinds": [25, 50], "minutes": -1}),
        (
            "refused: line 7: setup.levels.minutes: -1 is not a finite, non-negative number of "
            "minutes (at most 1,000,000)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "bb_ante": True}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 0, 'bb_ante': True}], 'button': 1, 'ante': "
            "0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "bb_ante": False}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 0, 'bb_ante': False}], 'button': 1, 'ante': "
            "0, 'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "bb_ante": "yes"}),
        "refused: line 7: setup.levels.bb_ante must be true or false, got 'yes'",
    ),
    (
        lv({"blinds": [50, 25]}),
        (
            "refused: line 7: setup.levels.blinds must be [small, big] with small <= big, got "
            "[50, 25]"
        ),
    ),
    (
        lv({"blinds": [25]}),
        ("refused: line 7: setup.levels.blinds must be [small, big] with small <= big, got [25]"),
    ),
    (
        lv({"blinds": [25, 50, 100]}),
        (
            "refused: line 7: setup.levels.blinds must be [small, big] with small <= big, got "
            "[25, 50, 100]"
        ),
    ),
    (
        lv({"blinds": "25/50"}),
        (
            "refused: line 7: setup.levels.blinds must be [small, big] with small <= big, got "
            "'25/50'"
        ),
    ),
    (
        lv({"blinds": [0, 50]}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [0, 50], 'ante': 0}], 'button': 1, 'ante': 0, 'bb_ante': "
            "False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [25, 0]}),
        "refused: line 7: setup.levels.blinds: 0 is not a positive whole number of chips",
    ),
    (
        lv({"blinds": [25, 25]}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 25], 'ante': 0}], 'button': 1, 'ante': 0, 'bb_ante': "
            "False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        lv({"blinds": [-1, 50]}),
        "refused: line 7: setup.levels.blinds: -1 is not a non-negative whole number of chips",
    ),
    (
        lv({"blinds": [25, 50], "ante": -5}),
        "refused: line 7: setup.levels.ante: -5 is not a non-negative whole number of chips",
    ),
    (
        lv({"blinds": [25, 50], "colour": "red"}),
        (
            "refused: line 7: setup.levels: unexpected keys colour (allowed: ante, bb_ante, "
            "blinds, minutes)"
        ),
    ),
    (
        lv({"blinds": [25, 50], "break": 10}),
        "refused: line 7: setup.levels (a break): unexpected keys blinds (allowed: break)",
    ),
    (
        lv({"blinds": [25, 50]}, {"break": 10}, {"blinds": [50, 100], "minutes": 15}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'levels': [{'blinds': [25, 50], 'ante': 0}, {'break': 10}, {'blinds': [50, 100], "
            "'ante': 0, 'minutes': 15}], 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], "
            "'rules': 'tda-2025'}, t=None)"
        ),
    ),
]


@pytest.mark.parametrize(("line", "expected"), LEVELS)
def test_the_levels_of_a_setup(line: str | bytes, expected: str) -> None:
    """setup.levels: the tournament clock's levels and breaks; a level applies from the next
    hand (002 Rule 24; the limits of docs/scenario-extensions.md)."""
    assert read(line) == expected


OPTIONS = [
    (
        opt({"bb_ante_short": "ante_first"}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'options': {'bb_ante_short': 'ante_first'}, 'button': 1, 'ante': 0, 'bb_ante': "
            "False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        opt({}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'options': {}, 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': [1], 'rules': "
            "'tda-2025'}, t=None)"
        ),
    ),
    (
        opt({"clock_seconds": 45}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'options': {'clock_seconds': 45}, 'button': 1, 'ante': 0, 'bb_ante': False, "
            "'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        opt({"clock_seconds": 1}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'options': {'clock_seconds': 1}, 'button': 1, 'ante': 0, 'bb_ante': False, 'chips': "
            "[1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        opt({"clock_seconds": 3600}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'options': {'clock_seconds': 3600}, 'button': 1, 'ante': 0, 'bb_ante': False, "
            "'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        opt({"clock_seconds": 0}),
        "refused: line 7: setup.options.clock_seconds: 0 is not a whole number 1..3600",
    ),
    (
        opt({"clock_seconds": 3601}),
        "refused: line 7: setup.options.clock_seconds: 3601 is not a whole number 1..3600",
    ),
    (
        opt({"clock_seconds": True}),
        "refused: line 7: setup.options.clock_seconds: True is not a whole number 1..3600",
    ),
    (
        opt({"clock_seconds": "45"}),
        "refused: line 7: setup.options.clock_seconds: '45' is not a whole number 1..3600",
    ),
    (
        opt({"clock_seconds": 45.0}),
        "refused: line 7: setup.options.clock_seconds: 45.0 is not a whole number 1..3600",
    ),
    (
        opt({"colour": "red"}),
        (
            "refused: line 7: setup.options: unexpected keys colour (allowed: action_item_bet, "
            "bb_ante_short, bb_option_fold, blind_chips, boxed_misdeal, button, clock, "
            "clock_seconds, dead_button, deal_sequence, deck_change, exposed_misdeal, "
            "extra_card, min_bet, min_raise, misdeal_until, moved_sb, multi_chip, odd_chip, "
            "oot_bet_after_check, "
            "oot_bet_raised, oot_check, overchip_declared_no_amount, premature_card, "
            "raise_threshold, reopen, roberts_edition, scrap_card, show_order, unclear_amount, "
            "undercall)"
        ),
    ),
    (
        opt({"button": "fixed"}),
        "refused: line 7: setup.options.button: 'fixed': choose one of dead, moving",
    ),
    (opt({"button": 5}), "refused: line 7: setup.options.button: 5: choose one of dead, moving"),
    (
        opt({"button": ["dead"]}),
        "refused: line 7: setup.options.button: ['dead']: choose one of dead, moving",
    ),
    (
        opt(["button"]),
        "refused: line 7: setup.options must be an object of house options, got ['button']",
    ),
    (opt("dead"), "refused: line 7: setup.options must be an object of house options, got 'dead'"),
    (
        opt({"clock_seconds": 30, "button": "moving"}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'options': {'clock_seconds': 30, 'button': 'moving'}, 'button': 1, 'ante': 0, "
            "'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        opt({"button": "moving", "clock_seconds": 30}),
        (
            "Event(kind='setup', body={'seats': {'1': 1000, '2': 1000}, 'blinds': [25, 50], "
            "'options': {'button': 'moving', 'clock_seconds': 30}, 'button': 1, 'ante': 0, "
            "'bb_ante': False, 'chips': [1], 'rules': 'tda-2025'}, t=None)"
        ),
    ),
    (
        opt({"button": "moving", "colour": "red"}),
        (
            "refused: line 7: setup.options: unexpected keys colour (allowed: action_item_bet, "
            "bb_ante_short, bb_option_fold, blind_chips, boxed_misdeal, button, clock, "
            "clock_seconds, dead_button, deal_sequence, deck_change, exposed_misdeal, "
            "extra_card, min_bet, min_raise, misdeal_until, moved_sb, multi_chip, odd_chip, "
            "oot_bet_after_check, "
            "oot_bet_raised, oot_check, overchip_declared_no_amount, premature_card, "
            "raise_threshold, reopen, roberts_edition, scrap_card, show_order, unclear_amount, "
            "undercall)"
        ),
    ),
    (
        opt({"clock_seconds": 30, "button": "x"}),
        "refused: line 7: setup.options.button: 'x': choose one of dead, moving",
    ),
]


@pytest.mark.parametrize(("line", "expected"), OPTIONS)
def test_the_house_options_of_a_setup(line: str | bytes, expected: str) -> None:
    """setup.options: each a house option of tablectl/engine/profiles.py, each value one it
    allows (docs/scenario-extensions.md "setup")."""
    assert read(line) == expected


CARDS = [
    (
        j({"card": "As", "zone": "seat:3"}),
        "Event(kind='card', body={'card': 'As', 'zone': 'seat:3', 'face': 'down'}, t=None)",
    ),
    (
        j({"card": "As", "zone": "seat:3", "face": "up"}),
        "Event(kind='card', body={'card': 'As', 'zone': 'seat:3', 'face': 'up'}, t=None)",
    ),
    (
        j({"card": "As", "zone": "seat:3", "face": "down"}),
        "Event(kind='card', body={'card': 'As', 'zone': 'seat:3', 'face': 'down'}, t=None)",
    ),
    (
        j({"card": "As", "zone": "seat:3", "face": "sideways"}),
        "refused: line 7: card: face 'sideways' is neither 'up' nor 'down'",
    ),
    (
        j({"card": "As", "zone": "seat:3", "face": None}),
        "refused: line 7: card: face None is neither 'up' nor 'down'",
    ),
    (
        j({"card": "??", "zone": "muck"}),
        "Event(kind='card', body={'card': '??', 'zone': 'muck', 'face': 'down'}, t=None)",
    ),
    (
        j({"card": "AS", "zone": "board"}),
        "refused: line 7: card: 'AS' is not a card (rank then suit, like 'As', or '??')",
    ),
    (
        j({"card": "1s", "zone": "board"}),
        "refused: line 7: card: '1s' is not a card (rank then suit, like 'As', or '??')",
    ),
    (
        j({"card": "Asx", "zone": "board"}),
        "refused: line 7: card: 'Asx' is not a card (rank then suit, like 'As', or '??')",
    ),
    (
        j({"card": 5, "zone": "board"}),
        "refused: line 7: card: 5 is not a card (rank then suit, like 'As', or '??')",
    ),
    (
        j({"card": ["As"], "zone": "board"}),
        "refused: line 7: card: ['As'] is not a card (rank then suit, like 'As', or '??')",
    ),
    (
        j({"card": "Td", "zone": "burn"}),
        "Event(kind='card', body={'card': 'Td', 'zone': 'burn', 'face': 'down'}, t=None)",
    ),
    (
        j({"card": "Td", "zone": "seat:10"}),
        "Event(kind='card', body={'card': 'Td', 'zone': 'seat:10', 'face': 'down'}, t=None)",
    ),
    (
        j({"card": "Td", "zone": "seat:0"}),
        (
            "refused: line 7: zone: seat '0' is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
    (
        j({"card": "Td", "zone": "seat:"}),
        ("refused: line 7: zone: seat '' is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (
        j({"card": "Td", "zone": "hand"}),
        "refused: line 7: zone 'hand' is not seat:N, board, burn or muck",
    ),
    (j({"card": "Td", "zone": 5}), "refused: line 7: zone 5 is not seat:N, board, burn or muck"),
    (
        j({"card": "Td", "zone": "Seat:3"}),
        "refused: line 7: zone 'Seat:3' is not seat:N, board, burn or muck",
    ),
    (j({"card": "Td"}), "refused: line 7: zone None is not seat:N, board, burn or muck"),
    (
        j({"card": "Td", "zone": "board", "deck": "B"}),
        (
            "Event(kind='card', body={'card': 'Td', 'zone': 'board', 'face': 'down', 'deck': "
            "'B'}, t=None)"
        ),
    ),
    (
        j({"card": "Td", "zone": "board", "deck": ""}),
        "refused: line 7: card: deck '' must name an enrolled deck",
    ),
    (
        j({"card": "Td", "zone": "board", "deck": "D" * 16}),
        (
            "Event(kind='card', body={'card': 'Td', 'zone': 'board', 'face': 'down', 'deck': "
            "'DDDDDDDDDDDDDDDD'}, t=None)"
        ),
    ),
    (
        j({"card": "Td", "zone": "board", "deck": "D" * 17}),
        "refused: line 7: card: deck 'DDDDDDDDDDDDDDDDD' must name an enrolled deck",
    ),
    (
        j({"card": "Td", "zone": "board", "deck": "B\x07"}),
        "refused: line 7: card: deck 'B\\x07' must name an enrolled deck",
    ),
    (
        j({"card": "Td", "zone": "board", "deck": 5}),
        "refused: line 7: card: deck 5 must name an enrolled deck",
    ),
    (
        j({"card": "Td", "zone": "board", "colour": 1}),
        "refused: line 7: card: unexpected keys colour (allowed: card, deck, face, zone)",
    ),
    (
        j({"card": "Td", "zone": "board", "t": 2}),
        "Event(kind='card', body={'card': 'Td', 'zone': 'board', 'face': 'down'}, t=2)",
    ),
    (
        j({"card": "Td", "zone": "board", "burn": "2c"}),
        "refused: line 7: card: unexpected keys burn (allowed: card, deck, face, zone)",
    ),
    (
        j({"board": ["Ah", "Kc", "2d"]}),
        "Event(kind='board', body={'board': ['Ah', 'Kc', '2d']}, t=None)",
    ),
    (
        j({"board": ["Ah", "Kc", "2d"], "burn": "5s"}),
        "Event(kind='board', body={'board': ['Ah', 'Kc', '2d'], 'burn': '5s'}, t=None)",
    ),
    (j({"board": ["Ah"], "burn": None}), "Event(kind='board', body={'board': ['Ah']}, t=None)"),
    (
        j({"board": ["Ah"], "burn": "??"}),
        "Event(kind='board', body={'board': ['Ah'], 'burn': '??'}, t=None)",
    ),
    (
        j({"board": ["Ah"], "burn": "x"}),
        "refused: line 7: burn: 'x' is not a card (rank then suit, like 'As', or '??')",
    ),
    (j({"board": "Ah"}), "refused: line 7: board: expected a list of cards, got 'Ah'"),
    (
        j({"board": ["Ah", "x"]}),
        "refused: line 7: board: 'x' is not a card (rank then suit, like 'As', or '??')",
    ),
    (j({"board": ["??", "Ah"]}), "Event(kind='board', body={'board': ['??', 'Ah']}, t=None)"),
    (
        j({"board": [["As"]]}),
        "refused: line 7: board: ['As'] is not a card (rank then suit, like 'As', or '??')",
    ),
    (
        j({"board": ["As", {"As": 1}]}),
        "refused: line 7: board: {'As': 1} is not a card (rank then suit, like 'As', or '??')",
    ),
    (j({"board": ["As"] * 53}), "refused: line 7: board: 53 cards; a line lists at most 52"),
    (
        j({"board": ["Ah"], "zone": "board"}),
        "refused: line 7: board: unexpected keys zone (allowed: board, burn)",
    ),
    (
        j({"board": ["Ah"], "burn": "5s", "t": 3}),
        "Event(kind='board', body={'board': ['Ah'], 'burn': '5s'}, t=3)",
    ),
    (
        j({"deal": {"2": ["As", "Kd"], "3": ["7c", "7h"]}}),
        "Event(kind='deal', body={'2': ['As', 'Kd'], '3': ['7c', '7h']}, t=None)",
    ),
    (
        j({"deal": {"10": ["As"], "2": []}}),
        "Event(kind='deal', body={'10': ['As'], '2': []}, t=None)",
    ),
    (j({"deal": {}}), "refused: line 7: deal must map seats to lists of cards, got {}"),
    (j({"deal": []}), "refused: line 7: deal must map seats to lists of cards, got []"),
    (j({"deal": {"3": "As"}}), "refused: line 7: deal: seat 3: expected a list of cards, got 'As'"),
    (
        j({"deal": {"11": ["As"]}}),
        ("refused: line 7: deal: seat 11 is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (
        j({"deal": {"3": ["As", "x"]}}),
        ("refused: line 7: deal: seat 3: 'x' is not a card (rank then suit, like 'As', or '??')"),
    ),
    (
        j({"deal": {"3": ["As"] * 53}}),
        "refused: line 7: deal: seat 3: 53 cards; a line lists at most 52",
    ),
]


@pytest.mark.parametrize(("line", "expected"), CARDS)
def test_card_board_and_deal_lines(line: str | bytes, expected: str) -> None:
    """card, board and deal lines (scenario-format "events"): a card is rank then suit or '??',
    a zone seat:N, board, burn or muck, a face up or down (down by default)."""
    assert read(line) == expected


CHIPS = [
    (
        j({"push": {"seat": 3, "chips": [500, 100]}}),
        "Event(kind='push', body={'seat': 3, 'chips': [500, 100]}, t=None)",
    ),
    (
        j({"push": {"seat": "3", "chips": [100]}}),
        "Event(kind='push', body={'seat': 3, 'chips': [100]}, t=None)",
    ),
    (
        j({"push": {"seat": 3, "chips": [100], "colour": 1}}),
        "refused: line 7: push: unexpected keys colour (allowed: chips, seat)",
    ),
    (j({"push": 5}), "refused: line 7: push must be an object with seat and chips, got 5"),
    (j({"push": [3]}), "refused: line 7: push must be an object with seat and chips, got [3]"),
    (j({"push": {"seat": 3, "chips": []}}), "refused: line 7: push: no chips"),
    (
        j({"push": {"seat": 3}}),
        "refused: line 7: push: expected a list of chip denominations, got None",
    ),
    (
        j({"push": {"seat": 3, "chips": [0]}}),
        "Event(kind='push', body={'seat': 3, 'chips': [0]}, t=None)",
    ),
    (
        j({"push": {"seat": 3, "chips": [100, 0]}}),
        "Event(kind='push', body={'seat': 3, 'chips': [100, 0]}, t=None)",
    ),
    (
        j({"push": {"seat": 3, "chips": [-1]}}),
        "refused: line 7: push: -1 is not a positive whole number of chips",
    ),
    (
        j({"push": {"seat": 3, "chips": [1.5]}}),
        "refused: line 7: push: 1.5 is not a positive whole number of chips",
    ),
    (
        j({"push": {"seat": 3, "chips": [True]}}),
        "refused: line 7: push: True is not a positive whole number of chips",
    ),
    (
        j({"push": {"seat": 3, "chips": [10**12]}}),
        "Event(kind='push', body={'seat': 3, 'chips': [1000000000000]}, t=None)",
    ),
    (
        j({"push": {"seat": 3, "chips": [10**12 + 1]}}),
        "refused: line 7: push: 1000000000001 chips; an amount is at most 1,000,000,000,000",
    ),
    (
        j({"push": {"seat": 3, "chips": [1] * 2001}}),
        (
            "refused: line 7: push: 2,001 chips; a push, a pull or a chip zone holds at most "
            "2,000 chips"
        ),
    ),
    (
        j({"push": {"seat": 3, "chips": 100}}),
        "refused: line 7: push: expected a list of chip denominations, got 100",
    ),
    (
        j({"push": {"chips": [100]}}),
        (
            "refused: line 7: push: seat None is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
    (
        j({"push": {"seat": 11, "chips": [100]}}),
        ("refused: line 7: push: seat 11 is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (
        j({"pull": {"seat": 3, "chips": [100]}}),
        "Event(kind='pull', body={'seat': 3, 'chips': [100]}, t=None)",
    ),
    (j({"pull": {"seat": 3, "chips": []}}), "refused: line 7: pull: no chips"),
    (j({"pull": 5}), "refused: line 7: pull must be an object with seat and chips, got 5"),
    (
        j({"pull": {"seat": 3, "chips": [100], "colour": 1}}),
        "refused: line 7: pull: unexpected keys colour (allowed: chips, seat)",
    ),
    (
        j({"pull": {"seat": 3, "chips": [-1]}}),
        "refused: line 7: pull: -1 is not a positive whole number of chips",
    ),
    (
        j({"chips": {"bet:3": [500, 500], "stack:3": [1000]}}),
        "Event(kind='chips', body={'bet:3': [500, 500], 'stack:3': [1000]}, t=None)",
    ),
    (j({"chips": {"pot": [25]}}), "Event(kind='chips', body={'pot': [25]}, t=None)"),
    (j({"chips": {"bet:3": []}}), "Event(kind='chips', body={'bet:3': []}, t=None)"),
    (j({"chips": {"bet:3": [0, 25]}}), "Event(kind='chips', body={'bet:3': [0, 25]}, t=None)"),
    (j({"chips": {}}), "refused: line 7: chips must map chip zones to their full contents, got {}"),
    (j({"chips": []}), "refused: line 7: chips must map chip zones to their full contents, got []"),
    (
        j({"chips": {"bet:0": [25]}}),
        (
            "refused: line 7: chip zone: seat '0' is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (j({"chips": {"stack:10": [25]}}), "Event(kind='chips', body={'stack:10': [25]}, t=None)"),
    (
        j({"chips": {"table": [25]}}),
        "refused: line 7: chip zone 'table' is not bet:N, stack:N or pot",
    ),
    (
        j({"chips": {"bet:3": [-25]}}),
        "refused: line 7: chips.bet:3: -25 is not a positive whole number of chips",
    ),
    (
        j({"chips": {"bet:3": 25}}),
        "refused: line 7: chips.bet:3: expected a list of chip denominations, got 25",
    ),
    (
        j({"chips": {"bet:3": [1] * 2001}}),
        (
            "refused: line 7: chips.bet:3: 2,001 chips; a push, a pull or a chip zone holds at "
            "most 2,000 chips"
        ),
    ),
    (j({"fold": 3}), "Event(kind='fold', body=3, t=None)"),
    (j({"fold": "3"}), "Event(kind='fold', body=3, t=None)"),
    (j({"fold": "10"}), "Event(kind='fold', body=10, t=None)"),
    (
        j({"fold": True}),
        (
            "refused: line 7: fold: seat True is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
    (
        j({"fold": 0}),
        ("refused: line 7: fold: seat 0 is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (
        j({"fold": 11}),
        ("refused: line 7: fold: seat 11 is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (
        j({"fold": 3.0}),
        (
            "refused: line 7: fold: seat 3.0 is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
    (
        j({"fold": "03"}),
        (
            "refused: line 7: fold: seat '03' is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
    (
        j({"fold": "²"}),
        (
            "refused: line 7: fold: seat '²' is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
    (
        j({"fold": "100"}),
        (
            "refused: line 7: fold: seat '100' is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"fold": None}),
        (
            "refused: line 7: fold: seat None is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
]


@pytest.mark.parametrize(("line", "expected"), CHIPS)
def test_push_pull_chips_and_fold_lines(line: str | bytes, expected: str) -> None:
    """push, pull and chips lines (scenario-format "events"): chips are positive denominations,
    at most 2,000 a motion or zone; 0 is an action item where chips lie on the felt (002 RP-20)."""
    assert read(line) == expected


DECLARE = [
    (
        j({"declare": {"seat": 3, "say": "raise", "amount": 800}}),
        "Event(kind='declare', body={'seat': 3, 'say': 'raise', 'amount': 800}, t=None)",
    ),
    (
        j({"declare": {"seat": 3, "say": "call"}}),
        "Event(kind='declare', body={'seat': 3, 'say': 'call'}, t=None)",
    ),
    (
        j({"declare": {"seat": 3, "amount": 800}}),
        "Event(kind='declare', body={'seat': 3, 'amount': 800}, t=None)",
    ),
    (
        j({"declare": {"seat": 3, "say": "call", "amount": None}}),
        "Event(kind='declare', body={'seat': 3, 'say': 'call'}, t=None)",
    ),
    (
        j({"declare": {"seat": 3, "say": None, "amount": 800}}),
        "Event(kind='declare', body={'seat': 3, 'amount': 800}, t=None)",
    ),
    (j({"declare": {"seat": 3}}), "refused: line 7: declare: needs say, amount or both"),
    (
        j({"declare": {"seat": 3, "say": "shove"}}),
        (
            "refused: line 7: declare: say 'shove' is not one of fold, check, call, bet, raise, "
            "all-in"
        ),
    ),
    (
        j({"declare": {"seat": 3, "say": 5}}),
        "refused: line 7: declare: say 5 is not one of fold, check, call, bet, raise, all-in",
    ),
    (
        j({"declare": {"seat": 3, "amount": 0}}),
        "refused: line 7: declare.amount: 0 is not a positive whole number of chips",
    ),
    (
        j({"declare": {"seat": 3, "amount": "800"}}),
        "refused: line 7: declare.amount: '800' is not a positive whole number of chips",
    ),
    (
        j({"declare": {"say": "call"}}),
        (
            "refused: line 7: declare: seat None is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"declare": {"seat": 3, "say": "call", "colour": 1}}),
        "refused: line 7: declare: unexpected keys colour (allowed: amount, say, seat)",
    ),
    (
        j({"declare": 3}),
        "refused: line 7: declare must be an object with seat and say or amount, got 3",
    ),
    (
        j({"declare": {"seat": 3, "say": "all-in"}}),
        "Event(kind='declare', body={'seat': 3, 'say': 'all-in'}, t=None)",
    ),
    (j({"press": "check"}), "Event(kind='press', body='check', t=None)"),
    (j({"press": "clock"}), "Event(kind='press', body='clock', t=None)"),
    (j({"press": "award"}), "Event(kind='press', body='award', t=None)"),
    (j({"press": "new_hand"}), "Event(kind='press', body='new_hand', t=None)"),
    (j({"press": "pause"}), "Event(kind='press', body='pause', t=None)"),
    (j({"press": "resume"}), "Event(kind='press', body='resume', t=None)"),
    (j({"press": "undo"}), "Event(kind='press', body='undo', t=None)"),
    (j({"press": "floor"}), "Event(kind='press', body='floor', t=None)"),
    (
        j({"press": "reset"}),
        (
            "refused: line 7: press: 'reset' is not one of check, clock, award, new_hand, pause, "
            "resume, undo, floor"
        ),
    ),
    (
        j({"press": 5}),
        (
            "refused: line 7: press: 5 is not one of check, clock, award, new_hand, pause, "
            "resume, undo, floor"
        ),
    ),
    (
        j({"press": ["check"]}),
        (
            "refused: line 7: press: ['check'] is not one of check, clock, award, new_hand, "
            "pause, resume, undo, floor"
        ),
    ),
    (j({"tick": 30}), "Event(kind='tick', body=30, t=None)"),
    (j({"tick": 30.5}), "Event(kind='tick', body=30.5, t=None)"),
    (j({"tick": 0}), "Event(kind='tick', body=0, t=None)"),
    (
        j({"tick": -1}),
        (
            "refused: line 7: tick: -1 is not a finite, non-negative number of seconds (at most "
            "1,000,000,000)"
        ),
    ),
    (j({"tick": "30"}), "refused: line 7: tick: '30' is not a non-negative number of seconds"),
    (j({"tick": True}), "refused: line 7: tick: True is not a non-negative number of seconds"),
    (j({"tick": 10**9}), "Event(kind='tick', body=1000000000, t=None)"),
    (
        j({"tick": 10**9 + 1}),
        (
            "refused: line 7: tick: 1000000001 is not a finite, non-negative number of seconds "
            "(at most 1,000,000,000)"
        ),
    ),
    (j({"tick": None}), "refused: line 7: tick: None is not a non-negative number of seconds"),
    (
        j({"seat": {"seat": 3, "status": "absent"}}),
        "Event(kind='seat', body={'seat': 3, 'status': 'absent'}, t=None)",
    ),
    (
        j({"seat": {"seat": 3, "status": "penalty"}}),
        "Event(kind='seat', body={'seat': 3, 'status': 'penalty'}, t=None)",
    ),
    (
        j({"seat": {"seat": 3, "status": "present"}}),
        "Event(kind='seat', body={'seat': 3, 'status': 'present'}, t=None)",
    ),
    (
        j({"seat": {"seat": 3, "status": "gone"}}),
        (
            "refused: line 7: seat must be {'seat': N, 'status': one of ('absent', 'penalty', "
            "'present')}"
        ),
    ),
    (
        j({"seat": {"seat": 3}}),
        (
            "refused: line 7: seat must be {'seat': N, 'status': one of ('absent', 'penalty', "
            "'present')}"
        ),
    ),
    (
        j({"seat": {"seat": 3, "status": "absent", "colour": 1}}),
        "refused: line 7: seat: unexpected keys colour (allowed: seat, status)",
    ),
    (
        j({"seat": 3}),
        (
            "refused: line 7: seat must be {'seat': N, 'status': one of ('absent', 'penalty', "
            "'present')}"
        ),
    ),
    (
        j({"seat": {"seat": 11, "status": "absent"}}),
        ("refused: line 7: seat: seat 11 is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (
        j({"seat": {"status": "absent"}}),
        (
            "refused: line 7: seat: seat None is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
]


@pytest.mark.parametrize(("line", "expected"), DECLARE)
def test_declare_press_tick_and_seat_lines(line: str | bytes, expected: str) -> None:
    """declare, press, tick and seat lines (scenario-format "events"; docs/scenario-
    extensions.md "events"): a declaration binds (002 Rules 41, 44); an amount alone is a
    specific amount (002 Rule 41-B/C); a seat away at the deal (002 Rule 31) or on a penalty
    (002 Rule 67-C)."""
    assert read(line) == expected


FLOOR = [
    (j({"floor": 5}), "refused: line 7: floor must be an object with 'by' and one decision, got 5"),
    (
        j({"floor": {"kill": 4}}),
        "refused: line 7: floor: 'by' (who decided: the floor badge's name) is missing",
    ),
    (
        j({"floor": {"by": "", "kill": 4}}),
        "refused: line 7: floor.by: '' is not text on one line, 1 to 64 characters",
    ),
    (
        j({"floor": {"by": "S" * 64, "kill": 4}}),
        (
            "Event(kind='floor', body=FloorDecision(by='SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS"
            "SSSSSSSSSSSSSSSSSSSSSSS', decision='kill', value=4), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "S" * 65, "kill": 4}}),
        (
            "refused: line 7: floor.by: "
            "'SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS' is not text on "
            "one line, 1 to 64 characters"
        ),
    ),
    (
        j({"floor": {"by": 5, "kill": 4}}),
        "refused: line 7: floor.by: 5 is not text on one line, 1 to 64 characters",
    ),
    (
        j({"floor": {"by": "Sam", "kill": 4, "colour": 1}}),
        (
            "refused: line 7: floor: unexpected keys colour (allowed: award, button, by, kill, "
            "misdeal, ruling, seat, stack, undercall, unseat)"
        ),
    ),
    (
        j({"floor": {"by": "Sam"}}),
        (
            "refused: line 7: floor: exactly one decision besides 'by', found none (one of "
            "ruling, undercall, kill, award, stack, button, misdeal, seat, unseat)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "kill": 4, "button": 4}}),
        (
            "refused: line 7: floor: exactly one decision besides 'by', found kill, button (one "
            "of ruling, undercall, kill, award, stack, button, misdeal, seat, unseat)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "raise", "to": 1200}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='ruling', value={'seat': "
            "3, 'action': 'raise', 'to': 1200}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "fold"}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='ruling', value={'seat': "
            "3, 'action': 'fold', 'to': None}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "check", "to": None}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='ruling', value={'seat': "
            "3, 'action': 'check', 'to': None}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "call"}}}),
        "refused: line 7: floor.ruling: call needs 'to', the seat's total bet this street",
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "bet"}}}),
        "refused: line 7: floor.ruling: bet needs 'to', the seat's total bet this street",
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "call", "to": 0}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='ruling', value={'seat': "
            "3, 'action': 'call', 'to': 0}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "call", "to": -1}}}),
        "refused: line 7: floor.ruling.to: -1 is not a non-negative whole number of chips",
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "shove", "to": 5}}}),
        (
            "refused: line 7: floor.ruling.action: 'shove' is not one of fold, check, call, bet, "
            "raise, all-in"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": 5, "to": 5}}}),
        (
            "refused: line 7: floor.ruling.action: 5 is not one of fold, check, call, bet, "
            "raise, all-in"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 3, "action": "call", "to": 5, "x": 1}}}),
        "refused: line 7: floor.ruling: unexpected keys x (allowed: action, seat, to)",
    ),
    (
        j({"floor": {"by": "Sam", "ruling": {"seat": 11, "action": "fold"}}}),
        (
            "refused: line 7: floor.ruling: seat 11 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "ruling": 3}}),
        "refused: line 7: floor.ruling must be an object with seat, action and to, got 3",
    ),
    (
        j({"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "call"}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='undercall', "
            "value={'seat': 3, 'decide': 'call'}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "fold"}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='undercall', "
            "value={'seat': 3, 'decide': 'fold'}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "raise"}}}),
        "refused: line 7: floor.undercall.decide: 'raise' is not call or fold",
    ),
    (
        j({"floor": {"by": "Sam", "undercall": {"seat": 3, "decide": "call", "x": 1}}}),
        "refused: line 7: floor.undercall: unexpected keys x (allowed: decide, seat)",
    ),
    (
        j({"floor": {"by": "Sam", "undercall": {"decide": "call"}}}),
        (
            "refused: line 7: floor.undercall: seat None is not a seat number 1..10 (digits 0-9, "
            "no leading zero)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "undercall": "call"}}),
        "refused: line 7: floor.undercall must be an object with seat and decide, got 'call'",
    ),
    (
        j({"floor": {"by": "Sam", "kill": 4}}),
        "Event(kind='floor', body=FloorDecision(by='Sam', decision='kill', value=4), t=None)",
    ),
    (
        j({"floor": {"by": "Sam", "kill": "4"}}),
        "Event(kind='floor', body=FloorDecision(by='Sam', decision='kill', value=4), t=None)",
    ),
    (
        j({"floor": {"by": "Sam", "kill": 11}}),
        (
            "refused: line 7: floor.kill: seat 11 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "button": 4}}),
        ("Event(kind='floor', body=FloorDecision(by='Sam', decision='button', value=4), t=None)"),
    ),
    (
        j({"floor": {"by": "Sam", "button": 0}}),
        (
            "refused: line 7: floor.button: seat 0 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "unseat": 7}}),
        ("Event(kind='floor', body=FloorDecision(by='Sam', decision='unseat', value=7), t=None)"),
    ),
    (
        j({"floor": {"by": "Sam", "unseat": True}}),
        (
            "refused: line 7: floor.unseat: seat True is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "award": {"3": 1200, "5": 600}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='award', value={3: 1200, "
            "5: 600}), t=None)"
        ),
    ),
    (j({"floor": {"by": "Sam", "award": {}}}), "refused: line 7: floor.award: names no seat"),
    (
        j({"floor": {"by": "Sam", "award": {"3": 0}}}),
        "refused: line 7: floor.award: 0 is not a positive whole number of chips",
    ),
    (
        j({"floor": {"by": "Sam", "award": [3]}}),
        "refused: line 7: floor.award must be an object of seats to chips, got [3]",
    ),
    (
        j({"floor": {"by": "Sam", "award": {"11": 5}}}),
        (
            "refused: line 7: floor.award: seat 11 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "stack": {"3": 12500}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='stack', value={3: "
            "12500}), t=None)"
        ),
    ),
    (j({"floor": {"by": "Sam", "stack": {}}}), "refused: line 7: floor.stack: names no seat"),
    (
        j({"floor": {"by": "Sam", "stack": {"3": 0}}}),
        "refused: line 7: floor.stack: 0 is not a positive whole number of chips",
    ),
    (
        j({"floor": {"by": "Sam", "stack": 5}}),
        "refused: line 7: floor.stack must be an object of seats to chips, got 5",
    ),
    (
        j({"floor": {"by": "Sam", "misdeal": True}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='misdeal', value=True), "
            "t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "misdeal": False}}),
        "refused: line 7: floor.misdeal must be true, got False",
    ),
    (
        j({"floor": {"by": "Sam", "misdeal": 1}}),
        "refused: line 7: floor.misdeal must be true, got 1",
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 7, "name": "Ann", "stack": 20000}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='seat', value={'seat': 7, "
            "'name': 'Ann', 'stack': 20000}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 7, "name": None, "stack": 20000}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='seat', value={'seat': 7, "
            "'name': None, 'stack': 20000}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 7, "stack": 20000}}}),
        (
            "Event(kind='floor', body=FloorDecision(by='Sam', decision='seat', value={'seat': 7, "
            "'name': None, 'stack': 20000}), t=None)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 7, "name": "", "stack": 20000}}}),
        "refused: line 7: floor.seat.name: '' is not text on one line, 1 to 64 characters",
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 7, "name": "Ann", "stack": 0}}}),
        "refused: line 7: floor.seat.stack: 0 is not a positive whole number of chips",
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 7, "name": "Ann"}}}),
        "refused: line 7: floor.seat.stack: None is not a positive whole number of chips",
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 7, "stack": 5, "x": 1}}}),
        "refused: line 7: floor.seat: unexpected keys x (allowed: name, seat, stack)",
    ),
    (
        j({"floor": {"by": "Sam", "seat": {"seat": 11, "stack": 5}}}),
        (
            "refused: line 7: floor.seat: seat 11 is not a seat number 1..10 (digits 0-9, no "
            "leading zero)"
        ),
    ),
    (
        j({"floor": {"by": "Sam", "seat": 7}}),
        "refused: line 7: floor.seat must be an object with seat, name and stack, got 7",
    ),
    (
        j({"floor": {"by": "Sam", "kill": 4}, "t": 5}),
        "Event(kind='floor', body=FloorDecision(by='Sam', decision='kill', value=4), t=5)",
    ),
]


@pytest.mark.parametrize(("line", "expected"), FLOOR)
def test_floor_decisions(line: str | bytes, expected: str) -> None:
    """floor decisions (scenario-format "floor decisions"; the floor's word is final, 002 Rule
    1): who decided, exactly one decision, each value's shape."""
    assert read(line) == expected


CONSOLE = [
    (j({"ack": 12}), "Event(kind='ack', body=AckEntry(id=12), t=None)"),
    (j({"ack": 1}), "Event(kind='ack', body=AckEntry(id=1), t=None)"),
    (j({"ack": "all"}), "Event(kind='ack', body=AckEntry(id=None), t=None)"),
    (
        j({"ack": "All"}),
        "refused: line 7: ack: 'All' is neither an alert id (1, 2, ...) nor \"all\"",
    ),
    (j({"ack": 0}), 'refused: line 7: ack: 0 is neither an alert id (1, 2, ...) nor "all"'),
    (j({"ack": -1}), 'refused: line 7: ack: -1 is neither an alert id (1, 2, ...) nor "all"'),
    (j({"ack": True}), 'refused: line 7: ack: True is neither an alert id (1, 2, ...) nor "all"'),
    (j({"ack": 1.5}), 'refused: line 7: ack: 1.5 is neither an alert id (1, 2, ...) nor "all"'),
    (j({"ack": 10**12}), "Event(kind='ack', body=AckEntry(id=1000000000000), t=None)"),
    (
        j({"ack": 10**12 + 1}),
        'refused: line 7: ack: 1000000000001 is neither an alert id (1, 2, ...) nor "all"',
    ),
    (j({"ack": None}), 'refused: line 7: ack: None is neither an alert id (1, 2, ...) nor "all"'),
    (
        j({"badge": {"name": "Sam", "role": "floor"}}),
        "Event(kind='badge', body=BadgeEntry(name='Sam', role='floor', left=False), t=None)",
    ),
    (
        j({"badge": {"name": "Kim", "role": "dealer"}}),
        "Event(kind='badge', body=BadgeEntry(name='Kim', role='dealer', left=False), t=None)",
    ),
    (
        j({"badge": {"name": "Sam", "role": "floor", "left": True}}),
        "Event(kind='badge', body=BadgeEntry(name='Sam', role='floor', left=True), t=None)",
    ),
    (
        j({"badge": {"name": "Sam", "role": "floor", "left": False}}),
        "Event(kind='badge', body=BadgeEntry(name='Sam', role='floor', left=False), t=None)",
    ),
    (
        j({"badge": {"name": "Sam", "role": "floor", "left": "yes"}}),
        "refused: line 7: badge.left must be true or false, got 'yes'",
    ),
    (
        j({"badge": {"name": "Sam", "role": "boss"}}),
        "refused: line 7: badge.role: 'boss' is not dealer or floor",
    ),
    (j({"badge": {"name": "Sam"}}), "refused: line 7: badge.role: None is not dealer or floor"),
    (
        j({"badge": {"role": "floor"}}),
        "refused: line 7: badge.name: None is not text on one line, 1 to 64 characters",
    ),
    (
        j({"badge": {"name": "", "role": "floor"}}),
        "refused: line 7: badge.name: '' is not text on one line, 1 to 64 characters",
    ),
    (
        j({"badge": {"name": "Sam", "role": "floor", "x": 1}}),
        "refused: line 7: badge: unexpected keys x (allowed: left, name, role)",
    ),
    (j({"badge": "Sam"}), "refused: line 7: badge must be an object with name and role, got 'Sam'"),
    (
        j({"name": {"seat": 3, "name": "Ann"}}),
        "Event(kind='name', body=NameEntry(seat=3, name='Ann'), t=None)",
    ),
    (
        j({"name": {"seat": 3, "name": None}}),
        "Event(kind='name', body=NameEntry(seat=3, name=None), t=None)",
    ),
    (j({"name": {"seat": 3}}), "refused: line 7: name: 'name' is missing (null clears the name)"),
    (
        j({"name": {"seat": 3, "name": ""}}),
        "refused: line 7: name.name: '' is not text on one line, 1 to 64 characters",
    ),
    (
        j({"name": {"seat": 3, "name": "A" * 65}}),
        (
            "refused: line 7: name.name: "
            "'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' is not text on "
            "one line, 1 to 64 characters"
        ),
    ),
    (
        j({"name": {"seat": 11, "name": "Ann"}}),
        ("refused: line 7: name: seat 11 is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (
        j({"name": {"name": "Ann"}}),
        (
            "refused: line 7: name: seat None is not a seat number 1..10 (digits 0-9, no leading "
            "zero)"
        ),
    ),
    (
        j({"name": {"seat": 3, "name": "Ann", "x": 1}}),
        "refused: line 7: name: unexpected keys x (allowed: name, seat)",
    ),
    (j({"name": "Ann"}), "refused: line 7: name must be an object with seat and name, got 'Ann'"),
    (
        j({"level": {"number": 6, "blinds": [500, 1000], "ante": 1000, "bb_ante": True}}),
        (
            "Event(kind='level', body=LevelEntry(number=6, small_blind=500, big_blind=1000, "
            "ante=1000, bb_ante=True, on_break=None), t=None)"
        ),
    ),
    (
        j({"level": {"number": 6, "blinds": [500, 1000]}}),
        (
            "Event(kind='level', body=LevelEntry(number=6, small_blind=500, big_blind=1000, "
            "ante=0, bb_ante=None, on_break=None), t=None)"
        ),
    ),
    (
        j({"level": {"number": 1, "blinds": [1, 1], "break": True}}),
        (
            "Event(kind='level', body=LevelEntry(number=1, small_blind=1, big_blind=1, ante=0, "
            "bb_ante=None, on_break=True), t=None)"
        ),
    ),
    (
        j({"level": {"number": 200, "blinds": [1, 2], "bb_ante": False, "break": False}}),
        (
            "Event(kind='level', body=LevelEntry(number=200, small_blind=1, big_blind=2, ante=0, "
            "bb_ante=False, on_break=False), t=None)"
        ),
    ),
    (
        j({"level": {"number": 0, "blinds": [1, 2]}}),
        "refused: line 7: level.number must be a whole number 1 to 200, got 0",
    ),
    (
        j({"level": {"number": 201, "blinds": [1, 2]}}),
        "refused: line 7: level.number must be a whole number 1 to 200, got 201",
    ),
    (
        j({"level": {"number": True, "blinds": [1, 2]}}),
        "refused: line 7: level.number must be a whole number 1 to 200, got True",
    ),
    (
        j({"level": {"number": "6", "blinds": [1, 2]}}),
        "refused: line 7: level.number must be a whole number 1 to 200, got '6'",
    ),
    (
        j({"level": {"blinds": [1, 2]}}),
        "refused: line 7: level.number must be a whole number 1 to 200, got None",
    ),
    (j({"level": {"number": 6}}), "refused: line 7: level.blinds must be [small, big], got None"),
    (
        j({"level": {"number": 6, "blinds": [1]}}),
        "refused: line 7: level.blinds must be [small, big], got [1]",
    ),
    (
        j({"level": {"number": 6, "blinds": "1/2"}}),
        "refused: line 7: level.blinds must be [small, big], got '1/2'",
    ),
    (
        j({"level": {"number": 6, "blinds": [0, 50]}}),
        "refused: line 7: level.blinds must be 0 < small <= big, got [0, 50]",
    ),
    (
        j({"level": {"number": 6, "blinds": [50, 25]}}),
        "refused: line 7: level.blinds must be 0 < small <= big, got [50, 25]",
    ),
    (
        j({"level": {"number": 6, "blinds": [25, -1]}}),
        "refused: line 7: level.blinds: -1 is not a non-negative whole number of chips",
    ),
    (
        j({"level": {"number": 6, "blinds": [-1, 25]}}),
        "refused: line 7: level.blinds: -1 is not a non-negative whole number of chips",
    ),
    (
        j({"level": {"number": 6, "blinds": [1, 2], "ante": -1}}),
        "refused: line 7: level.ante: -1 is not a non-negative whole number of chips",
    ),
    (
        j({"level": {"number": 6, "blinds": [1, 2], "bb_ante": "yes"}}),
        "refused: line 7: level.bb_ante must be true or false, got 'yes'",
    ),
    (
        j({"level": {"number": 6, "blinds": [1, 2], "break": 1}}),
        "refused: line 7: level.break must be true or false, got 1",
    ),
    (
        j({"level": {"number": 6, "blinds": [1, 2], "x": 1}}),
        (
            "refused: line 7: level: unexpected keys x (allowed: ante, bb_ante, blinds, break, "
            "number)"
        ),
    ),
    (j({"level": 6}), "refused: line 7: level must be an object with number and blinds, got 6"),
]


@pytest.mark.parametrize(("line", "expected"), CONSOLE)
def test_the_dealer_console_s_entries(line: str | bytes, expected: str) -> None:
    """the dealer's console: ack, badge, name and level lines (docs/scenario-extensions.md "the
    dealer's console"; the venue's level applies from the next hand, 002 Rule 24)."""
    assert read(line) == expected


RECOUNT = [
    (
        j({"recount": {"chips": {"bet:4": [5000, 100, 100]}, "ask": "bet:4", "why": "edge"}}),
        (
            "Event(kind='recount', body={'chips': {'bet:4': [5000, 100, 100]}, 'ask': 'bet:4', "
            "'why': 'edge'}, t=None)"
        ),
    ),
    (
        j({"recount": {"chips": {"stack:4": [100], "bet:4": [5000]}}}),
        (
            "Event(kind='recount', body={'chips': {'stack:4': [100], 'bet:4': [5000]}, 'ask': "
            "'stack:4'}, t=None)"
        ),
    ),
    (
        j({"recount": {"chips": {"bet:4": [100]}, "ask": "bet:9"}}),
        "refused: line 7: recount.ask: bet:9 is not one of the zones read",
    ),
    (
        j({"recount": {"chips": {"bet:4": [100]}, "ask": 5}}),
        "refused: line 7: chip zone '5' is not bet:N, stack:N or pot",
    ),
    (
        j({"recount": {"chips": {"bet:4": [100]}, "ask": "table"}}),
        "refused: line 7: chip zone 'table' is not bet:N, stack:N or pot",
    ),
    (
        j({"recount": {"ask": "bet:4"}}),
        "refused: line 7: recount needs 'chips' (the read held) or 'card'",
    ),
    (
        j({"recount": {"chips": {"bet:4": [100]}, "x": 1}}),
        "refused: line 7: recount: unexpected keys x (allowed: ask, chips, why)",
    ),
    (
        j({"recount": {"chips": {"bet:4": [100]}, "why": "W" * 200}}),
        (
            "Event(kind='recount', body={'chips': {'bet:4': [100]}, 'ask': 'bet:4', 'why': "
            "'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
            "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW"
            "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW'}, t=None)"
        ),
    ),
    (
        j({"recount": {"chips": {"bet:4": [100]}, "why": "W" * 201}}),
        (
            "refused: line 7: recount.why: "
            "'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW'… "
            "is not text on one line, 1 to 200 characters"
        ),
    ),
    (
        j({"recount": {"chips": {"bet:4": [100]}, "why": ""}}),
        "refused: line 7: recount.why: '' is not text on one line, 1 to 200 characters",
    ),
    (
        j({"recount": {"chips": {}}}),
        "refused: line 7: chips must map chip zones to their full contents, got {}",
    ),
    (
        j({"recount": 5}),
        ("refused: line 7: recount must be an object with chips and ask, or card and zone, got 5"),
    ),
    (
        j(
            {
                "recount": {
                    "card": "9s",
                    "zone": "seat:10",
                    "face": "down",
                    "seen": ["seat:9", "seat:10"],
                    "why": "x",
                }
            }
        ),
        (
            "Event(kind='recount', body={'card': '9s', 'zone': 'seat:10', 'face': 'down', "
            "'seen': ['seat:9', 'seat:10'], 'why': 'x'}, t=None)"
        ),
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10"}}),
        ("Event(kind='recount', body={'card': '9s', 'zone': 'seat:10', 'face': 'down'}, t=None)"),
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "deck": "B", "face": "up"}}),
        (
            "Event(kind='recount', body={'card': '9s', 'zone': 'seat:10', 'face': 'up', 'deck': "
            "'B'}, t=None)"
        ),
    ),
    (
        j({"recount": {"card": "??", "zone": "seat:10"}}),
        "refused: line 7: recount: a recount names an enrolled card, not '??'",
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "seen": []}}),
        "refused: line 7: recount.seen must list 1 to 14 card zones, got []",
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "seen": ["muck"] * 14}}),
        (
            "Event(kind='recount', body={'card': '9s', 'zone': 'seat:10', 'face': 'down', "
            "'seen': ['muck', 'muck', 'muck', 'muck', 'muck', 'muck', 'muck', 'muck', 'muck', "
            "'muck', 'muck', 'muck', 'muck', 'muck']}, t=None)"
        ),
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "seen": ["muck"] * 15}}),
        (
            "refused: line 7: recount.seen must list 1 to 14 card zones, got ['muck', 'muck', "
            "'muck', 'muck', 'muck', 'muck', ...]"
        ),
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "seen": "muck"}}),
        "refused: line 7: recount.seen must list 1 to 14 card zones, got 'muck'",
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "seen": ["hand"]}}),
        "refused: line 7: zone 'hand' is not seat:N, board, burn or muck",
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "ask": "bet:4"}}),
        (
            "refused: line 7: recount: unexpected keys ask (allowed: card, deck, face, seen, "
            "why, zone)"
        ),
    ),
    (
        j({"recount": {"card": "9s", "zone": "seat:10", "why": "W" * 201}}),
        (
            "refused: line 7: recount.why: "
            "'WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW'… "
            "is not text on one line, 1 to 200 characters"
        ),
    ),
    (j({"counted": {"zone": "bet:4"}}), "Event(kind='counted', body={'zone': 'bet:4'}, t=None)"),
    (
        j({"counted": {"zone": "bet:4", "chips": [100, 100]}}),
        "Event(kind='counted', body={'zone': 'bet:4', 'chips': [100, 100]}, t=None)",
    ),
    (
        j({"counted": {"zone": "bet:4", "chips": []}}),
        "Event(kind='counted', body={'zone': 'bet:4', 'chips': []}, t=None)",
    ),
    (
        j({"counted": {"zone": "bet:4", "chips": [0]}}),
        "refused: line 7: counted.chips: 0 is not a positive whole number of chips",
    ),
    (j({"counted": {"zone": "pot"}}), "Event(kind='counted', body={'zone': 'pot'}, t=None)"),
    (j({"counted": {"zone": 5}}), "refused: line 7: chip zone '5' is not bet:N, stack:N or pot"),
    (
        j({"counted": {"zone": "board"}}),
        "refused: line 7: chip zone 'board' is not bet:N, stack:N or pot",
    ),
    (
        j({"counted": {"zone": "bet:4", "cards": 2}}),
        "refused: line 7: counted: unexpected keys cards (allowed: chips, zone)",
    ),
    (
        j({"counted": {"zone": "bet:4", "x": 1}}),
        "refused: line 7: counted: unexpected keys x (allowed: chips, zone)",
    ),
    (j({"counted": {"card": "9s"}}), "Event(kind='counted', body={'card': '9s'}, t=None)"),
    (
        j({"counted": {"card": "9s", "zone": "seat:9", "face": "down"}}),
        "Event(kind='counted', body={'card': '9s', 'zone': 'seat:9', 'face': 'down'}, t=None)",
    ),
    (
        j({"counted": {"card": "9s", "zone": "seat:9"}}),
        "Event(kind='counted', body={'card': '9s', 'zone': 'seat:9'}, t=None)",
    ),
    (
        j({"counted": {"card": "9s", "face": "up"}}),
        "Event(kind='counted', body={'card': '9s', 'face': 'up'}, t=None)",
    ),
    (
        j({"counted": {"card": "9s", "face": "sideways"}}),
        "refused: line 7: counted: face 'sideways' is neither 'up' nor 'down'",
    ),
    (
        j({"counted": {"card": "9s", "zone": "bet:4"}}),
        "refused: line 7: zone 'bet:4' is not seat:N, board, burn or muck",
    ),
    (
        j({"counted": {"card": "9x"}}),
        ("refused: line 7: counted.card: '9x' is not a card (rank then suit, like 'As', or '??')"),
    ),
    (j({"counted": {"card": "??"}}), "Event(kind='counted', body={'card': '??'}, t=None)"),
    (
        j({"counted": {"card": "9s", "chips": [1]}}),
        "refused: line 7: counted: unexpected keys chips (allowed: card, face, zone)",
    ),
    (
        j({"counted": {"zone": "seat:4", "cards": 2}}),
        "Event(kind='counted', body={'zone': 'seat:4', 'cards': 2}, t=None)",
    ),
    (
        j({"counted": {"zone": "seat:4", "cards": 0}}),
        "Event(kind='counted', body={'zone': 'seat:4', 'cards': 0}, t=None)",
    ),
    (
        j({"counted": {"zone": "seat:4", "cards": 3}}),
        "refused: line 7: counted.cards: the cards counted at seat:4 must be 0 to 2, got 3",
    ),
    (
        j({"counted": {"zone": "seat:4", "cards": -1}}),
        "refused: line 7: counted.cards: the cards counted at seat:4 must be 0 to 2, got -1",
    ),
    (
        j({"counted": {"zone": "seat:4", "cards": True}}),
        "refused: line 7: counted.cards: the cards counted at seat:4 must be 0 to 2, got True",
    ),
    (
        j({"counted": {"zone": "seat:4"}}),
        "refused: line 7: counted.cards: the cards counted at seat:4 must be 0 to 2, got None",
    ),
    (
        j({"counted": {"zone": "seat:4", "cards": 1, "chips": [1]}}),
        "refused: line 7: counted: unexpected keys chips (allowed: cards, zone)",
    ),
    (
        j({"counted": {"zone": "seat:11", "cards": 1}}),
        ("refused: line 7: zone: seat 11 is not a seat number 1..10 (digits 0-9, no leading zero)"),
    ),
    (j({"counted": {}}), "refused: line 7: counted names the 'zone' or the 'card' recounted"),
    (
        j({"counted": 5}),
        ("refused: line 7: counted must be an object naming the zone or the card recounted, got 5"),
    ),
    (j({"unread": {"cards": []}}), "Event(kind='unread', body={'cards': []}, t=None)"),
    (
        j({"unread": {"cards": ["9s", "2c"]}}),
        "Event(kind='unread', body={'cards': ['9s', '2c']}, t=None)",
    ),
    (j({"unread": {}}), "refused: line 7: unread.cards: expected a list of cards, got None"),
    (
        j({"unread": {"cards": ["??"]}}),
        "refused: line 7: unread.cards lists enrolled cards, each once, not '??'",
    ),
    (
        j({"unread": {"cards": ["9s", "9s"]}}),
        "refused: line 7: unread.cards lists enrolled cards, each once, not '??'",
    ),
    (
        j({"unread": {"cards": "9s"}}),
        "refused: line 7: unread.cards: expected a list of cards, got '9s'",
    ),
    (
        j({"unread": {"cards": [], "x": 1}}),
        "refused: line 7: unread: unexpected keys x "
        "(allowed: cards, chips, dead, dead_cards, deck)",
    ),
    (
        j({"unread": {"cards": [], "dead": [{"chip": "05c0000000000002", "value": 100}]}}),
        "refused: line 7: unread.dead[0] needs chip, value and zone",
    ),
    (
        j({"unread": {"cards": [], "dead": [{"chip": "xyz", "value": 100, "zone": "stack:4"}]}}),
        "refused: line 7: unread.dead[0].chip must be a tag UID of 8 to 20 hex digits, got 'xyz'",
    ),
    (
        j({"unread": {"cards": [], "dead": "05c0000000000002"}}),
        "refused: line 7: unread.dead must be a list of at most 8 chips",
    ),
    (
        j({"unread": {"cards": ["2d"], "dead_cards": ["2d"]}}),
        "refused: line 7: unread.dead_cards needs the 'deck' they are of",
    ),
    (
        j({"unread": {"cards": ["2d"], "deck": "A", "dead_cards": ["3d"]}}),
        "refused: line 7: unread.dead_cards lists some of unread.cards, each once",
    ),
    (
        j({"unread": {"cards": ["2d"], "deck": "", "dead_cards": ["2d"]}}),
        "refused: line 7: unread.deck '' must name an enrolled deck",
    ),
    (j({"deck_change": {}}), "refused: line 7: deck_change names the 'deck' brought into play"),
    (
        j({"deck_change": {"deck": "C", "x": 1}}),
        "refused: line 7: deck_change: unexpected keys x (allowed: deck)",
    ),
    (j({"retire": {"found": False}}), "refused: line 7: retire names the 'chip' (its tag UID)"),
    (
        j({"retire": {"chip": "05c0000000000002", "found": "no"}}),
        "refused: line 7: retire.found must be true or false, got 'no'",
    ),
    (
        j(
            {
                "unread": {
                    "cards": [],
                    "chips": {"stack:6": [100, 500], "table": [500], "bet:2": [25]},
                }
            }
        ),
        (
            "Event(kind='unread', body={'cards': [], 'chips': {'stack:6': [500, 100], 'table': "
            "[500], 'bet:2': [25]}}, t=None)"
        ),
    ),
    (
        j({"unread": {"cards": [], "chips": {}}}),
        "Event(kind='unread', body={'cards': [], 'chips': {}}, t=None)",
    ),
    (
        j({"unread": {"cards": [], "chips": {"table": []}}}),
        "refused: line 7: unread.chips.table: an empty list; leave the zone out",
    ),
    (
        j({"unread": {"cards": [], "chips": {"bet:3": [0]}}}),
        "refused: line 7: unread.chips.bet:3: 0 is not a positive whole number of chips",
    ),
    (
        j({"unread": {"cards": [], "chips": [100]}}),
        (
            "refused: line 7: unread.chips must be an object of zone -> chip denominations, got "
            "[100]"
        ),
    ),
    (
        j({"unread": {"cards": [], "chips": {"seat:3": [100]}}}),
        "refused: line 7: chip zone 'seat:3' is not bet:N, stack:N or pot",
    ),
    (
        j({"unread": {"cards": [], "chips": {"pot": 100}}}),
        "refused: line 7: unread.chips.pot: expected a list of chip denominations, got 100",
    ),
    (
        j({"unread": 5}),
        ("refused: line 7: unread must be an object with the cards the table has not read, got 5"),
    ),
]


@pytest.mark.parametrize(("line", "expected"), RECOUNT)
def test_recount_counted_and_unread_lines(line: str | bytes, expected: str) -> None:
    """recount, counted and unread lines (docs/scenario-extensions.md "recount"): the read held,
    the dealer's count (002 Rules 26-A, 36-A(5)), the tags the table has not read."""
    assert read(line) == expected


ECHO = [
    (
        j({"press": "p" * 79}),
        (
            "refused: line 7: press: "
            "'ppppppppppppppppppppppppppppppppppppp...pppppppppppppppppppppppppppppppppppppp' is "
            "not one of check, clock, award, new_hand, pause, resume, undo, floor"
        ),
    ),
    (
        j({"press": "p" * 80}),
        (
            "refused: line 7: press: "
            "'ppppppppppppppppppppppppppppppppppppp...pppppppppppppppppppppppppppppppppppppp' is "
            "not one of check, clock, award, new_hand, pause, resume, undo, floor"
        ),
    ),
    (
        j({"press": "p" * 81}),
        (
            "refused: line 7: press: "
            "'pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp'… "
            "is not one of check, clock, award, new_hand, pause, resume, undo, floor"
        ),
    ),
    (
        j({"press": ["p"] * 10}),
        (
            "refused: line 7: press: ['p', 'p', 'p', 'p', 'p', 'p', ...] is not one of check, "
            "clock, award, new_hand, pause, resume, undo, floor"
        ),
    ),
    (
        j({"press": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}}),
        (
            "refused: line 7: press: {'a': 1, 'b': 2, 'c': 3, 'd': 4, ...} is not one of check, "
            "clock, award, new_hand, pause, resume, undo, floor"
        ),
    ),
    (
        j({"press": [[["deep"]]]}),
        (
            "refused: line 7: press: [[[...]]] is not one of check, clock, award, new_hand, "
            "pause, resume, undo, floor"
        ),
    ),
    (
        j({"press": [["x" * 30] * 4]}),
        (
            "refused: line 7: press: [['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', "
            "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx', 'xxxxxxxxx… is not one of check, clock, award, "
            "new_hand, pause, resume, undo, floor"
        ),
    ),
    (
        j({"push": {"seat": 3, "chips": [1], **{f"k{i:03}" + "y" * 40: 1 for i in range(6)}}}),
        (
            "refused: line 7: push: unexpected keys "
            "k000yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy, "
            "k001yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy, "
            "k002yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy, k003yyyyyyyyyyyyyyyyyy… (allowed: "
            "chips, seat)"
        ),
    ),
    (
        j({"press": 10**17}),
        (
            "refused: line 7: press: 100000000000000000 is not one of check, clock, award, "
            "new_hand, pause, resume, undo, floor"
        ),
    ),
    (
        j({"push": {"seat": 3, "chips": [1], "a" * 79: 1, "b" * 79: 1}}),
        (
            "refused: line 7: push: unexpected keys "
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb "
            "(allowed: chips, seat)"
        ),
    ),
    (
        j({"push": {"seat": 3, "chips": [1], "a" * 66: 1, "b" * 66: 1, "c" * 64: 1}}),
        (
            "refused: line 7: push: unexpected keys "
            "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, "
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb, "
            "cccccccccccccccccccccccc… (allowed: chips, seat)"
        ),
    ),
    (
        j({"push": {"seat": 3, "chips": [1], "k" * 100: 1}}),
        (
            "refused: line 7: push: unexpected keys "
            "kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk "
            "(allowed: chips, seat)"
        ),
    ),
    (
        j({"seat": 3, "z" * 100: 1, "y" * 100: 1}),
        (
            "refused: line 7: seat: unexpected keys "
            "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy, "
            "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz… "
            "(allowed: seat)"
        ),
    ),
]


@pytest.mark.parametrize(("line", "expected"), ECHO)
def test_what_a_refusal_echoes(line: str | bytes, expected: str) -> None:
    """what a refusal echoes: the value as written, never more than 80 characters then '…'
    (docs/scenario-extensions.md "Limits")."""
    assert read(line) == expected


def test_the_limits_themselves_are_read() -> None:
    """At each limit a line is read whole (docs/scenario-extensions.md "Limits"): 200 levels and
    breaks, 52 cards in a board or a seat's deal list, 2,000 chips in a push, a pull or a zone."""
    body = parse_line(lv(*[{"break": 5}] * MAX_LEVELS)).event.body  # type: ignore[union-attr]
    assert body["levels"] == [{"break": 5}] * MAX_LEVELS
    cards = ["As"] * MAX_CARDS
    assert parse_line(j({"board": cards})).event.body == {"board": cards}  # type: ignore[union-attr]
    assert parse_line(j({"deal": {"3": cards}})).event.body == {"3": cards}  # type: ignore[union-attr]
    chips = [100] * MAX_CHIPS
    for kind in ("push", "pull"):
        event = parse_line(j({kind: {"seat": 3, "chips": chips}})).event
        assert event is not None and event.body == {"seat": 3, "chips": chips}
    event = parse_line(j({"chips": {"bet:3": chips}})).event
    assert event is not None and event.body == {"bet:3": chips}


def test_a_line_without_a_number_is_refused_without_one() -> None:
    """Outside a file (no line number) a refusal is the message alone; an expect line's number
    is then 0 (scenario-format: a malformed line is a failure that names the line when known)."""
    with pytest.raises(ScenarioError) as info:
        parse_line(j({"fold": 11}))
    assert str(info.value) == (
        "fold: seat 11 is not a seat number 1..10 (digits 0-9, no leading zero)"
    )
    assert info.value.lineno is None
    parsed = parse_line(j({"expect": {"to_act": 3}}))
    assert parsed.expect is not None and parsed.expect.lineno == 0
    with standard_json(), pytest.raises(ScenarioError) as info:
        parse_line("{")
    assert str(info.value).startswith("not JSON: ") and info.value.lineno is None


def test_an_object_is_one_event_or_refused_naming_its_line() -> None:
    """``event_from_obj``, the daemon's and the bridge's reader of a decoded object: one event,
    never an expect line, refusals naming the line given."""
    assert event_from_obj({"fold": "3"}, 4) == parse_line('{"fold": 3}').event
    with pytest.raises(ScenarioError) as info:
        event_from_obj({"expect": {"to_act": 3}}, 4)
    assert str(info.value) == "line 4: expected an event, found an expect line"
    with pytest.raises(ScenarioError) as info:
        event_from_obj({"fold": 0}, 4)
    assert str(info.value).startswith("line 4: fold: seat 0 ")
    with pytest.raises(ScenarioError) as info:
        event_from_obj(["fold"])
    assert str(info.value) == "a line must be one JSON object" and info.value.lineno is None


def test_a_card_is_rank_then_suit() -> None:
    """A card code is two characters, rank then suit (scenario-format: ``As``, ``Td``, ``7c``);
    the bridge's deck registry enrols only those (firmware_bridge/tags.py)."""
    codes = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    assert all(is_card(code) for code in codes)
    for text in ("??", "AS", "sA", "1s", "Asx", "A", "", 5, None, ["As"]):
        assert not is_card(text), text


def test_a_badge_read_is_a_sign_in_unless_it_says_left() -> None:
    """A badge read (docs/scenario-extensions.md "the dealer's console") signs its holder in;
    only ``"left": true`` signs out: the console's sign-in entry writes and reads back so."""
    line = '{"badge": {"name": "Sam", "role": "floor"}}'
    assert dumps(Event("badge", BadgeEntry("Sam", "floor"))) == line
    assert parse_line(line).event == Event("badge", BadgeEntry("Sam", "floor"))


def test_an_object_s_seats_and_zones_are_written_as_a_line_writes_them() -> None:
    """A decoded object from Python (the daemon, the bridge) may key seats by number: the event
    holds them as a line does, strings (scenario-format: seats are strings where they are object
    keys); a zone that is no string is refused naming it."""
    event = event_from_obj({"setup": {"seats": {1: 1000, 2: 1000}, "blinds": [25, 50]}})
    assert event.body["seats"] == {"1": 1000, "2": 1000}
    with pytest.raises(ScenarioError) as info:
        event_from_obj({"unread": {"cards": [], "chips": {3: [100]}}}, 5)
    assert str(info.value) == "line 5: chip zone '3' is not bet:N, stack:N or pot"

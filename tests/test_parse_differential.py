"""parse_line's fast path (orjson, then the usual-case validators) against the standard path (the
standard json, every check in order) on lines built to be valid and then damaged: the same
ParsedLine (compared by repr, so an int is no float and the keys keep their order) or the same
one-line error naming the line and the key (issue 14)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from parse_paths import same_on_both_paths, standard_json

from tablectl.engine import events
from tablectl.engine.events import parse_line

pytestmark = pytest.mark.skipif(events._orjson is None, reason="orjson is not installed")


# ------------------------------------------------------------------ lines, valid as built

seats = st.integers(1, 10)
cards = st.sampled_from([r + s for r in events.RANKS for s in events.SUITS] + ["??"])
chips = st.lists(st.sampled_from([1, 5, 25, 100, 500, 1000, 5000, 25000]), min_size=1, max_size=8)
amounts = st.integers(0, 10**6)
seconds = st.one_of(st.integers(0, 10**6), st.floats(0, 10**6, allow_nan=False))
names = st.text(min_size=1, max_size=8)


def _body(kind: str) -> st.SearchStrategy[Any]:
    return {
        "deal": st.dictionaries(seats.map(str), st.lists(cards, max_size=3), min_size=1),
        "push": st.fixed_dictionaries({"seat": seats, "chips": chips}),
        "pull": st.fixed_dictionaries({"seat": seats, "chips": chips}),
        "chips": st.dictionaries(
            st.one_of(st.just("pot"), seats.map("bet:{}".format), seats.map("stack:{}".format)),
            chips,
            min_size=1,
        ),
        "fold": seats,
        "declare": st.fixed_dictionaries(
            {"seat": seats},
            optional={"say": st.sampled_from(events.SAYS), "amount": st.integers(1, 10**6)},
        ),
        "press": st.sampled_from(events.PRESSES),
        "tick": seconds,
        "seat": st.fixed_dictionaries(
            {"seat": seats, "status": st.sampled_from(events.SEAT_FLAGS)}
        ),
        "ack": st.one_of(st.just("all"), st.integers(1, 100)),
        "badge": st.fixed_dictionaries(
            {"name": names, "role": st.sampled_from(events.BADGE_ROLES)},
            optional={"left": st.booleans()},
        ),
        "name": st.fixed_dictionaries({"seat": seats, "name": st.one_of(st.none(), names)}),
        "recount": st.one_of(
            st.fixed_dictionaries(
                {"chips": st.fixed_dictionaries({"bet:4": chips})},
                optional={"ask": st.just("bet:4"), "why": names},
            ),
            st.fixed_dictionaries(
                {"card": cards.filter(lambda c: c != "??"), "zone": st.just("seat:9")},
                optional={"face": st.just("down"), "seen": st.just(["seat:9", "seat:10"])},
            ),
        ),
        "counted": st.one_of(
            st.fixed_dictionaries({"zone": st.just("bet:4")}, optional={"chips": chips}),
            st.fixed_dictionaries({"card": cards}, optional={"zone": st.just("seat:9")}),
            st.fixed_dictionaries({"zone": st.just("seat:4"), "cards": st.integers(0, 2)}),
        ),
        "unread": st.fixed_dictionaries(
            {"cards": st.lists(cards.filter(lambda c: c != "??"), max_size=5, unique=True)},
            optional={
                "dead": st.lists(
                    st.fixed_dictionaries(
                        {
                            "chip": st.just("05c0000000000007"),
                            "value": st.sampled_from([25, 100]),
                            "zone": st.just("stack:4"),
                        }
                    ),
                    max_size=2,
                )
            },
        ),
        "deck_change": st.fixed_dictionaries(
            {"deck": st.sampled_from(["A", "C", "deck 2", "", "x" * 17])}
        ),
        "retire": st.fixed_dictionaries(
            {"chip": st.sampled_from(["05c0000000000007", "05C0000000000007"])},
            optional={"found": st.booleans()},
        ),
        "level": st.fixed_dictionaries(
            {"number": st.integers(1, 200), "blinds": st.just([100, 200])},
            optional={"ante": amounts, "bb_ante": st.booleans(), "break": st.booleans()},
        ),
        "floor": st.one_of(
            st.fixed_dictionaries({"by": names, "kill": seats}),
            st.fixed_dictionaries(
                {
                    "by": names,
                    "ruling": st.fixed_dictionaries(
                        {"seat": seats, "action": st.sampled_from(events.SAYS)},
                        optional={"to": amounts},
                    ),
                }
            ),
            st.fixed_dictionaries(
                {"by": names, "award": st.dictionaries(seats.map(str), st.integers(1, 10**6))}
            ),
        ),
        "setup": st.fixed_dictionaries(
            {
                "seats": st.dictionaries(seats.map(str), st.integers(1, 10**6), min_size=2),
                "blinds": st.just([50, 100]),
            },
            optional={
                "button": seats,
                "ante": amounts,
                "chips": st.just([25, 100, 500]),
                "levels": st.lists(
                    st.one_of(
                        st.fixed_dictionaries(
                            {"blinds": st.just([100, 200])}, optional={"minutes": seconds}
                        ),
                        st.fixed_dictionaries({"break": seconds}),
                    ),
                    max_size=2,
                ),
            },
        ),
    }[kind]


@st.composite
def event_objs(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from([*events.EVENT_KINDS, "expect"]))
    if kind == "card":
        obj: dict[str, Any] = {
            "card": draw(cards),
            "zone": draw(st.sampled_from(["board", "burn", "muck", "seat:3"])),
        }
        if draw(st.booleans()):
            obj["face"] = draw(st.sampled_from(["up", "down"]))
    elif kind == "board":
        obj = {"board": draw(st.lists(cards, min_size=1, max_size=3))}
        if draw(st.booleans()):
            obj["burn"] = draw(cards)
    elif kind == "expect":
        obj = {
            "expect": draw(
                st.dictionaries(st.sampled_from(["to_act", "stacks", "x"]), leaves, min_size=1)
            )
        }
    else:
        obj = {kind: draw(_body(kind))}
    if draw(st.booleans()):
        obj["t"] = draw(seconds)
    return obj


# ------------------------------------------------------------------ damage

hostile = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.sampled_from([10**18, 10**18 - 1, 10**19, -(10**19), 2**63, 2**64, 10**12, 10**12 + 1]),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from([1e300, 1e-300, 5e-324, 1.5, -0.0, 10.0, 1e9, 1e12, 1e19]),
    st.text(max_size=4),
    st.sampled_from(["As", "??", "seat:3", "bet:2", "call", "01", "²", "t"]),
    st.just([]),
    st.just({}),
)
leaves = st.recursive(
    hostile,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=6,
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        return {k: _replace(v, rest, new) if k == head else v for k, v in value.items()}
    return [_replace(v, rest, new) if i == head else v for i, v in enumerate(value)]


@st.composite
def damaged_objs(draw: st.DrawFn) -> Any:
    obj: Any = draw(event_objs())
    for _ in range(draw(st.integers(0, 2))):
        how = draw(st.sampled_from(["value", "value", "add key", "drop key", "nest"]))
        paths = list(_paths(obj))
        path = draw(st.sampled_from(paths))
        if how == "value":
            obj = _replace(obj, path, draw(leaves))
        elif how == "nest":
            old = _get(obj, path)
            for _ in range(draw(st.integers(1, 10))):
                old = [old] if draw(st.booleans()) else {"k": old}
            obj = _replace(obj, path, old)
        else:
            target = _get(obj, path)
            if isinstance(target, dict):
                target = dict(target)
                if how == "add key":
                    key = draw(st.one_of(st.text(max_size=5), st.sampled_from(_KEYS)))
                    target[key] = draw(leaves)
                elif target:
                    del target[draw(st.sampled_from(sorted(target)))]
                obj = _replace(obj, path, target)
    return obj


_KEYS = sorted(
    {
        *events.EVENT_KINDS,
        *events.SETUP_KEYS,
        "t",
        "expect",
        "zone",
        "burn",
        "face",
        "deck",
        "seat",
        "chips",
        "say",
        "amount",
        "status",
        "by",
        "name",
        "role",
        "ask",
        "why",
        "seen",
    }
)


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


@st.composite
def lines(draw: st.DrawFn) -> str | bytes:
    obj = draw(damaged_objs())
    sep = draw(st.sampled_from([(", ", ": "), (",", ":")]))
    text = json.dumps(obj, separators=sep, ensure_ascii=draw(st.booleans()))
    tweak = draw(
        st.sampled_from(["none", "none", "bom", "crlf", "space", "exponent", "digits", "bytes"])
    )
    if tweak == "bom":
        text = "\ufeff" + text
    elif tweak == "crlf":
        text += "\r\n"
    elif tweak == "space":
        text = draw(st.sampled_from([" ", "\t", "\x0b", "\x0c", "\xa0", "\u2028"])) + text
    elif tweak == "exponent":  # the same number, written with an exponent
        text = text.replace("00,", "e2,", 1).replace("00}", "E+02}", 1).replace("0]", "0e-000]", 1)
    elif tweak == "digits":  # a number padded to 19 or more digits
        text = text.replace("1", "1" + "0" * draw(st.integers(12, 22)), 1)
    data = text.encode("utf-8", "surrogatepass")
    if tweak == "bytes":  # a byte that is no UTF-8 (or a stray one that is)
        at = draw(st.integers(0, len(data)))
        data = (
            data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\x80", b"\xe2\x82"])) + data[at:]
        )
    return data if draw(st.booleans()) else data.decode("utf-8", "surrogateescape")


@settings(max_examples=1500, deadline=None)
@given(lines())
def test_damaged_event_lines_read_thesame_on_both_paths(line: str | bytes) -> None:
    same_on_both_paths(line)


@settings(max_examples=300, deadline=None)
@given(event_objs())
def test_valid_lines_read_thesame_on_both_paths(obj: dict[str, Any]) -> None:
    text = json.dumps(obj)
    same_on_both_paths(text)
    same_on_both_paths(text.encode())


@pytest.mark.parametrize(
    "line",
    [
        b'{"setup": {"seats": {"2": 4000, "5": 3500}, "blinds": [20, 40], "chips": [5, 25]}}\n',
        b'{"deal": {"2": ["Kc", "9c"], "5": ["6d", "Kh"]}}\n',
        b'{"push": {"seat": 5, "chips": [1000, 1000]}}\n',
        b'{"declare": {"seat": 2, "say": "call"}, "t": 12}\n',
        b'{"fold": 2, "t": 12.5}\n',
        b'{"board": ["5h", "Jd", "3h"], "burn": "Qs"}\n',
        b'{"card": "As", "zone": "seat:3", "t": 1}\n',
        b'{"press": "award"}\n',
        b'{"tick": 30.25}\n',
        b'{"expect": {"to_act": 3}}\n',
    ],
)
def test_usual_lines_take_the_fast_path(line: bytes) -> None:
    """The differential tests above compare something: the usual lines are read by orjson."""
    import orjson

    fast = events._fast_obj(orjson.loads(line), line, 3)
    assert fast is not None
    with standard_json():
        assert repr(parse_line(line, 3)) == repr(fast)


@settings(max_examples=500, deadline=None)
@given(st.binary(max_size=60) | st.text("0123456789eE+-.x", max_size=60).map(str.encode))
def test_risky_finds_what_the_pattern_finds(data: bytes) -> None:
    """_risky's byte mapping finds a 19-digit number or a 3-digit exponent as the pattern does."""
    want = events._RISKY_TEXT.search(data.decode("latin-1")) is not None
    assert events._risky(data) is want
    assert events._risky(data.decode("latin-1")) is want

"""parse_line's orjson fast path reads every line exactly as the standard json path does (issue
14 item 4): the same event, or the same one-line error naming the line and the key."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from parse_paths import same_on_both_paths

from tablectl.engine import events

pytestmark = pytest.mark.skipif(events._orjson is None, reason="orjson is not installed")


scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=6),
    st.sampled_from(["As", "Kd", "seat:3", "board", "call", "raise", "check"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
kinds = st.sampled_from([*sorted(events.EVENT_KINDS), "expect", "zone", "burn", "t", "x"])


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(kinds, values, min_size=1, max_size=3))
def test_random_objects_read_thesame_on_both_paths(obj: dict[str, object]) -> None:
    text = json.dumps(obj)
    same_on_both_paths(text)
    same_on_both_paths(text.encode())


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40), st.integers(0, 60))
def test_damaged_lines_read_thesame_on_both_paths(noise: bytes, at: int) -> None:
    base = b'{"push": {"seat": 3, "chips": [100, 25]}, "t": 12.5}'
    same_on_both_paths(base[:at] + noise + base[at:])


@pytest.mark.parametrize(
    "line",
    [
        '{"tick": 1e400}',
        '{"tick": 12345678901234567890}',
        '{"push": {"seat": 1, "chips": [1000000000000000000000]}}',
        '{"fold": 2, "t": 1e999}',
        '\ufeff{"fold": 2}',
        '{"fold": 2, "fold": 3}',
        '{"press": "check"}  ',
        "# comment",
        "",
        "[[[[[[[[[[1]]]]]]]]]]",
        '{"deal": {"1": [[[[[[[["As"]]]]]]]]}}',
        '{"fold": "\\ud800"}',
        '{"fold": NaN}',
        '{"declare": {"seat": 2, "say": "raise", "amount": 300}, "t": 4}',
    ],
)
def test_edge_lines_read_thesame_on_both_paths(line: str) -> None:
    same_on_both_paths(line)
    same_on_both_paths(line.encode("utf-8", "surrogatepass"))

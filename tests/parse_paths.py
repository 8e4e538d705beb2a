"""The standard json path of parse_line, for tests that compare it with the orjson fast path."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tablectl.engine import events
from tablectl.engine.events import ScenarioError, parse_line


@contextmanager
def standard_json() -> Iterator[None]:
    """parse_line as on a machine without orjson: every line by the standard json and its checks."""
    saved, events._orjson = events._orjson, None  # type: ignore[assignment]
    try:
        yield
    finally:
        events._orjson = saved


def outcome(line: str | bytes) -> str:
    """What parse_line makes of ``line``: the ParsedLine's repr (an int is no float, the keys keep
    their order), or the error's text."""
    try:
        return repr(parse_line(line, 9))
    except ScenarioError as exc:
        return f"error: {exc}"


def same_on_both_paths(line: str | bytes) -> str:
    """:func:`outcome` of ``line``, asserted the same on the fast path and the standard one."""
    fast = outcome(line)
    with standard_json():
        slow = outcome(line)
    assert fast == slow, line
    return fast

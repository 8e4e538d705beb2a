"""The standard json path of parse_line, for tests that compare it with the orjson fast path."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tablectl.engine import events


@contextmanager
def standard_json() -> Iterator[None]:
    """parse_line as on a machine without orjson: every line by the standard json and its checks."""
    saved, events._orjson = events._orjson, None  # type: ignore[assignment]
    try:
        yield
    finally:
        events._orjson = saved

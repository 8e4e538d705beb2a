"""Broker payloads parsed once and bounded, on both sides of the venue link (issue 26, 3-5).

A message from the broker is untrusted text: any table's credentials (or a rogue client on the
venue network with them) can publish anything on its own topics. :func:`parse_object` turns a
payload into a JSON object or raises :class:`WireError` with one line: too large, not UTF-8, not
JSON, nested too deep, a number that is not finite, or not an object. ``json.loads`` recurses in
C and raises ``RecursionError`` on a payload nested some thousands deep, so the depth is measured
before parsing, by a scan that never recurses. The callers check the fields they use (types and
ranges) before anything of the message is kept.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_BYTES = 256 * 1024  # a state of 10 seats with their chip readings is ~2 KB
MAX_DEPTH = 16  # a state nests 4 deep (state, seats, seat, chips); a structure 4
_BRACKETS = re.compile(rb'[\[\]{}"\\]')


class WireError(ValueError):
    """A payload refused, in one line."""


def depth(payload: bytes) -> int:
    """The deepest nesting of ``[`` and ``{`` outside strings (a linear scan, no recursion)."""
    level = deepest = 0
    in_string = False
    escaped_at = -1  # the offset of the character a backslash escapes
    for m in _BRACKETS.finditer(payload):
        at, ch = m.start(), m.group()
        if in_string:
            if at == escaped_at:
                continue
            if ch == b"\\":
                escaped_at = at + 1
            elif ch == b'"':
                in_string = False
        elif ch == b'"':
            in_string = True
        elif ch in (b"[", b"{"):
            level += 1
            deepest = max(deepest, level)
        elif ch in (b"]", b"}"):
            level -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise WireError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise WireError(f"the number {text[:20]} is out of range")
    return value


def parse_object(
    payload: bytes, what: str, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH
) -> dict[str, Any]:
    """``payload`` as a JSON object; :class:`WireError` naming ``what`` when it is not one."""
    if len(payload) > max_bytes:
        raise WireError(f"{what}: {len(payload):,} bytes, more than {max_bytes:,}")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WireError(f"{what}: not UTF-8 (byte {exc.start})") from None
    nested = depth(payload)
    if nested > max_depth:
        raise WireError(f"{what}: nested {nested} deep, more than {max_depth}")
    try:
        obj = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except WireError as exc:
        raise WireError(f"{what}: {exc}") from None
    except (json.JSONDecodeError, ValueError, RecursionError) as exc:
        # ValueError: an integer of more digits than Python converts (sys.int_info)
        raise WireError(f"{what}: not JSON ({str(exc)[:80]})") from None
    if not isinstance(obj, dict):
        raise WireError(f"{what}: not a JSON object")
    return obj

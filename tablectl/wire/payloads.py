"""What the venue takes from a table's topics, checked before anything of it is kept (issue 26).

Each payload is parsed once, bounded (:func:`tablectl.wire.bounded.parse_object`), and its fields
checked for what the model and the pages use: a state is the model's
:class:`~tablectl.wire.commands.TableReport` plus the floor map's own fields, an event the
fields the console's table page and the command answers read. A message that fails is refused
with :class:`~tablectl.wire.bounded.WireError` in one line, so a table's retained state the model
would refuse never reaches the pages.
"""

from __future__ import annotations

from typing import Any

from tablectl.wire.bounded import WireError, parse_object
from tablectl.wire.commands import TableReport, VenueDataError

MAX_TIME = 10.0**11  # seconds since 1970: any wall time a table's clock can show (year 5138)
MAX_TEXT = 500
MAX_SEQ = 2**53  # a JSON number every reader keeps exact


def _time(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < MAX_TIME:
        raise WireError(f"{what} must be a wall time in seconds, got {value!r:.40}")
    return float(value)


def _opt_int(body: dict[str, Any], key: str, what: str, high: int = MAX_SEQ) -> None:
    value = body.get(key)
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
        raise WireError(f"{what}.{key} must be a whole number 0..{high}, got {value!r:.40}")


def _opt_text(body: dict[str, Any], key: str, what: str, most: int = MAX_TEXT) -> None:
    value = body.get(key)
    if value is not None and (not isinstance(value, str) or len(value) > most):
        raise WireError(f"{what}.{key} must be text of at most {most} characters")


def _seq(body: dict[str, Any], what: str) -> None:
    seq = body.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 1 <= seq <= MAX_SEQ:
        raise WireError(f"{what} without a seq (a whole number from 1), got {seq!r:.40}")


def parse_state(payload: bytes, table: str) -> dict[str, Any]:
    """A table's retained state, checked as the model folds it and as the floor map draws it."""
    what = f"table {table}: state"
    body = parse_object(payload, what)
    _seq(body, what)
    try:
        TableReport.from_obj(body)
    except VenueDataError as exc:
        raise WireError(f"{what}: {exc}") from None
    if body.get("t") is not None:
        _time(body["t"], f"{what}.t")
    _opt_int(body, "pot", what, 10**15)
    _opt_int(body, "to_act", what, 10)
    board = body.get("board", [])
    if not isinstance(board, list) or len(board) > 5 or not all(_card(c) for c in board):
        raise WireError(f"{what}.board must be a list of at most 5 cards")
    alerts = body.get("alerts", [])
    if not isinstance(alerts, list) or len(alerts) > 10:
        raise WireError(f"{what}.alerts must be a list of at most 10 alerts")
    for i, a in enumerate(alerts):
        where = f"{what}.alerts[{i}]"
        if not isinstance(a, dict):
            raise WireError(f"{where} must be an object")
        for key in ("kind", "rule", "text"):
            _opt_text(a, key, where)
        _opt_int(a, "seat", where, 10)
        _opt_int(a, "id", where, MAX_SEQ)  # numbered by the table (tablectl.engine.outputs.Alert)
    return body


def _card(value: object) -> bool:
    return isinstance(value, str) and 1 <= len(value) <= 3


def parse_event(payload: bytes, table: str) -> dict[str, Any]:
    """One event of a table's stream: the fields the venue reads are of the right types."""
    what = f"table {table}: event"
    body = parse_object(payload, what)
    _seq(body, what)
    kind = body.get("kind")
    if not isinstance(kind, str) or not 1 <= len(kind) <= 32:
        raise WireError(f"{what} {body['seq']}: kind must be a name, got {kind!r:.40}")
    what = f"{what} {body['seq']} ({kind})"
    _time(body.get("t", 0), f"{what}.t")
    _opt_int(body, "hand_no", what)
    for key in ("text", "rule", "note"):
        _opt_text(body, key, what)
    if kind == "cmd_answer":
        cmd_id, accepted = body.get("id"), body.get("accepted")
        if not isinstance(cmd_id, str) or not 1 <= len(cmd_id) <= 64:
            raise WireError(f"{what}.id must be a command's id")
        if not isinstance(accepted, bool):
            raise WireError(f"{what}.accepted must be true or false")
        _opt_int(body, "stack", what, 10**15)
        _opt_int(body, "before", what, 10**15)
    return body


def parse_clock(payload: bytes) -> dict[str, Any]:
    """The venue's clock topic (retained, from the venue user): an object with a seq, or the
    console's last will ``{"offline": true}``."""
    body = parse_object(payload, "clock")
    if body.get("offline") is not True:
        _seq(body, "clock")
    return body

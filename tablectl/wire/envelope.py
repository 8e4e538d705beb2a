"""The command envelope on a table's ``cmd`` topic (docs/venue.md, "Command envelope"; a test
checks the table there against :data:`ENVELOPE_FIELDS`).

The venue wraps each decision (:mod:`tablectl.wire.commands`) in an envelope that says which
venue sent it and who decided; the table parses the envelope once, bounded
(:func:`tablectl.wire.bounded.parse_object`), and its body once, strictly, into the typed
command (:meth:`Envelope.command`). ``resend`` is the transport's own kind and has no command.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tablectl.wire.bounded import WireError, parse_object
from tablectl.wire.commands import COMMANDS, Command, VenueDataError
from tablectl.wire.topics import PROTOCOL_VERSION

MAX_COMMAND_BYTES = 64 * 1024  # a command is ~300 bytes; a level with a colour-up ~2 KB
RESEND = "resend"  # the transport's kind: the venue saw a gap in a table's events

# (key, JSON type, meaning): the envelope's fields, in the order they are written
ENVELOPE_FIELDS = (
    ("v", "number", f"the protocol version, {PROTOCOL_VERSION}"),
    ("id", "text", "unique per command (`<venue>-<n>-<random>`); the table answers with it"),
    ("kind", "text", "the command's kind (`seat`, `unseat`, `stack`, `level`, `halt`, `resend`)"),
    ("venue", "text", "the venue that sent it: must be the table's venue"),
    ("by", "text", "who decided (the director's badge or name): the floor decision's author"),
    ("body", "object", "the command (`Command.to_obj()`); for `resend`, `stream` and `from`"),
    ("t", "number", "the venue's wall time when it sent it"),
)


@dataclass(frozen=True, slots=True)
class Envelope:
    """A command from the venue as it arrived. ``venue`` is the venue that sent it (only the
    venue's broker user may write a table's cmd topic, so the topic vouches for it) and ``by``
    who at the venue decided: confirmed, it becomes a ``floor`` decision with that author."""

    cmd_id: str
    kind: str
    venue: str
    by: str
    body: dict[str, Any]
    t: float

    @staticmethod
    def parse(payload: bytes, venue: str) -> Envelope:
        """An envelope for ``venue``'s table; ValueError in one line when it is not one."""
        try:  # bounded: a command nested 100,000 deep is refused, not a RecursionError
            obj = parse_object(payload, "venue command", max_bytes=MAX_COMMAND_BYTES)
        except WireError as exc:
            raise ValueError(str(exc)) from None
        if obj.get("v") != PROTOCOL_VERSION:
            raise ValueError(
                f"venue command version {obj.get('v')!r}: this table speaks {PROTOCOL_VERSION}"
            )
        cmd_id, kind, sender = obj.get("id"), obj.get("kind"), obj.get("venue")
        by, body, t = obj.get("by", ""), obj.get("body", {}), obj.get("t", 0)
        if not isinstance(cmd_id, str) or not cmd_id or len(cmd_id) > 64:
            raise ValueError("venue command has no id")
        if not isinstance(kind, str) or not kind:
            raise ValueError(f"venue command {cmd_id} has no kind")
        if sender != venue:
            raise ValueError(f"venue command {cmd_id} is from venue {sender!r}, not {venue!r}")
        if not isinstance(by, str) or not isinstance(body, dict):
            raise ValueError(f"venue command {cmd_id}: 'by' must be text and 'body' an object")
        if isinstance(t, bool) or not isinstance(t, int | float):
            raise ValueError(f"venue command {cmd_id}: 't' must be a number")
        if len(kind) > 32 or len(by) > 120:
            raise ValueError(f"venue command {cmd_id}: 'kind' or 'by' too long")
        return Envelope(cmd_id, kind, sender, by, body, float(t))

    def to_obj(self) -> dict[str, Any]:
        return {
            "v": PROTOCOL_VERSION,
            "id": self.cmd_id,
            "kind": self.kind,
            "venue": self.venue,
            "by": self.by,
            "body": self.body,
            "t": self.t,
        }

    def encode(self) -> bytes:
        """The payload as the venue publishes it."""
        return json.dumps(self.to_obj(), separators=(",", ":")).encode()

    @property
    def author(self) -> str:
        """Who the floor decision names: the director, else the venue."""
        return self.by or self.venue

    def command(self, table: str) -> Command:
        """The body as its typed command for ``table``, parsed strictly (every field, no other
        key, the kind the envelope says); ValueError in one line when it is not one."""
        if self.kind not in COMMANDS:
            raise ValueError(f"venue command {self.cmd_id}: unknown command {self.kind}")
        try:
            cmd = Command.from_obj({"command": self.kind, **self.body})
        except VenueDataError as exc:
            raise ValueError(f"venue command {self.cmd_id}: {exc}") from None
        if cmd.kind != self.kind:  # the body named another kind than the envelope
            raise ValueError(f"venue command {self.cmd_id}: the body is a {cmd.kind} command")
        if cmd.table != table:
            raise ValueError(f"venue command {self.cmd_id} is for table {cmd.table}, not {table}")
        return cmd

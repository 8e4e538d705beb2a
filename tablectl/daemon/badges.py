"""Staff badges and the floor's authority at the table (issue 13).

The badges file (``[tags] badges`` in table.toml, default /var/lib/tablectl/badges.json) is JSON;
`tablectl enroll` writes it (firmware_bridge.nfc.BadgeRegistry, the same format)::

    {"badges": {"04a1b2c3d4": {"role": "floor", "name": "Sam (floor)"},
                "04ffee0011": {"role": "dealer", "name": "Ann"}}}

Keys are the tag UIDs in lower-case hex as the NFC reader reports them; ``role`` is ``dealer`` or
``floor``; ``name`` (1-64 characters on one line) is what the journal and the hand histories say.

:class:`FloorGate` is the rule the daemon keeps: floor mode opens only when a *floor* badge is read
(a dealer badge signs the dealer in; it is not a floor badge), lasts ``minutes`` from the read, and
closes early on exit or when a tag that is no staff badge is read. A ``floor`` decision entered on
the console while floor mode is closed, or in another name than the open floor badge's, is refused
before it reaches the journal (the daemon logs the refusal). Accepted reads become ``badge`` events
(new-events: ``{"badge": {"name": ..., "role": ...}}``, ``"left": true`` when floor mode closes).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablectl.engine.events import MAX_NAME, BadgeEntry, Event

ROLES = ("dealer", "floor")
DEFAULT_MINUTES = 5.0


class BadgeFileError(ValueError):
    """A badges file that cannot be used; the message names the file and the entry."""


@dataclass(frozen=True, slots=True)
class Badge:
    uid: str  # lower-case hex
    role: str  # dealer | floor
    name: str


def parse_badges(data: Any, where: str) -> dict[str, Badge]:
    entries = data.get("badges") if isinstance(data, dict) else None
    if not isinstance(entries, dict):
        raise BadgeFileError(f"{where}: 'badges' must map tag UIDs to {{role, name}}")
    out: dict[str, Badge] = {}
    for uid, b in entries.items():
        key = str(uid).lower()
        try:
            bytes.fromhex(key)
        except ValueError:
            raise BadgeFileError(f"{where}: badge {uid!r}: the key is a tag UID in hex") from None
        if not isinstance(b, dict) or b.get("role") not in ROLES:
            raise BadgeFileError(f"{where}: badge {key}: needs role dealer or floor, and a name")
        name = b.get("name")
        if (
            not isinstance(name, str)
            or not name.strip()
            or len(name) > MAX_NAME
            or not name.isprintable()
        ):
            raise BadgeFileError(
                f"{where}: badge {key}: name must be 1-{MAX_NAME} characters on one line"
            )
        out[key] = Badge(key, b["role"], name.strip())
    return out


def load_badges(path: Path) -> dict[str, Badge]:
    """The badges file; a missing file is no badges (every floor decision is then refused)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise BadgeFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadgeFileError(f"{path}: not a JSON badges file: {exc}") from None
    return parse_badges(data, str(path))


class FloorGate:
    """Floor mode: who holds it and until when (``now`` is the daemon's monotonic clock)."""

    def __init__(self, badges: dict[str, Badge], minutes: float = DEFAULT_MINUTES) -> None:
        self.badges = badges
        self.seconds = minutes * 60
        self.floor: Badge | None = None
        self.until = 0.0

    def seconds_left(self, now: float) -> float | None:
        return None if self.floor is None else max(0.0, self.until - now)

    def read(self, uid: str, now: float) -> tuple[list[Event], str]:
        """A tag read on the NFC reader: the events to journal and a line for the log."""
        badge = self.badges.get(uid.lower())
        if badge is None:
            closed = self._close()
            return closed, f"NFC tag {uid} is not a staff badge" + (
                ": floor mode closed" if closed else ""
            )
        if badge.role == "dealer":
            return [
                Event("badge", BadgeEntry(badge.name, "dealer"))
            ], f"dealer {badge.name} signed in"
        out = [] if self.floor == badge else self._close()
        self.floor, self.until = badge, now + self.seconds
        out.append(Event("badge", BadgeEntry(badge.name, "floor")))
        return out, f"floor mode open for {badge.name} ({self.seconds / 60:g} min)"

    def expire(self, now: float) -> list[Event]:
        """Floor mode closed by time: the sign-out to journal."""
        if self.floor is not None and now >= self.until:
            return self._close()
        return []

    def check(self, event: Event, now: float) -> str | None:
        """Why a console ``event`` may not reach the journal, or None. Only ``floor`` decisions
        and the floor's own sign-out are gated; a badge is accepted from the reader only."""
        if event.kind not in ("floor", "badge"):
            return None
        body = event.body if isinstance(event.body, dict) else {}
        if event.kind == "badge":
            if self.floor is not None and event.body == BadgeEntry(self.floor.name, "floor", True):
                return None
            return "a badge comes from the NFC reader, not the console"
        if self.floor is None:
            return "floor decision refused: no floor badge read (floor mode is closed)"
        if now >= self.until:
            return "floor decision refused: floor mode timed out (read the floor badge again)"
        # the daemon hands over parsed decisions (engine.events.FloorDecision); a dict is a line
        by = body.get("by") if isinstance(event.body, dict) else getattr(event.body, "by", None)
        if by != self.floor.name:
            return (
                f"floor decision refused: by {by!r} is not the floor badge read ({self.floor.name})"
            )
        return None

    def accepted(self, event: Event) -> None:
        """A gated console event went to the journal: a sign-out closes floor mode."""
        if event.kind == "badge":
            self.floor = None

    def _close(self) -> list[Event]:
        if self.floor is None:
            return []
        name, self.floor = self.floor.name, None
        return [Event("badge", BadgeEntry(name, "floor", left=True))]

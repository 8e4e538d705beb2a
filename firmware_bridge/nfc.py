"""The USB NFC reader (nfcpy): deck enrolment taps and staff badges.

:class:`NfcReader` wraps nfcpy's ContactlessFrontend: :meth:`NfcReader.read` waits for one tag
and returns its UID and NDEF text record (``"As"`` on an enrolled-deck card). Without a reader
the table still runs, degraded: :meth:`NfcReader.open` logs one clear line and returns False,
and enrolment and floor overrides are unavailable until a reader is plugged in.

Badges: a dealer badge signs a dealer in; an override of a ruling needs a floor badge
(:meth:`BadgeRegistry.authorize_override`), as rulings belong to the floor (002 Rule 1).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import socket
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

ROLES = ("dealer", "floor")


@dataclass(frozen=True, slots=True)
class TagRead:
    uid: bytes
    text: str | None  # the first NDEF text record, if the tag carries one


def _loopback_initiator(device: Any) -> None:
    """For ``udp:127.0.0.1:PORT`` readers, send from 127.0.0.1 too (nothing on other interfaces)."""

    def create() -> None:
        if device.socket is None:
            sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            sock.bind(("127.0.0.1", 0))
            device.socket = sock
            device.sent_data = device.rcvd_data = 0

    with contextlib.suppress(Exception):
        if device.socket is not None:
            device.socket.close()
    device.socket = None
    device._create_socket = create
    create()


class NfcReader:
    """One nfcpy reader. ``path`` is an nfcpy device path: ``usb``, ``usb:054c:06c3``,
    ``tty:AMA0``, or ``udp:127.0.0.1:PORT`` for the simulator."""

    def __init__(self, path: str = "usb", targets: tuple[str, ...] = ("106A", "212F")) -> None:
        self.path = path
        self.targets = targets
        self._clf: Any = None
        self.error: str | None = None

    @property
    def available(self) -> bool:
        return self._clf is not None

    def open(self) -> bool:
        """Open the reader; on failure log that the table runs degraded and return False."""
        import nfc

        clf = nfc.ContactlessFrontend()
        try:
            ok = clf.open(self.path)
        except (OSError, ValueError, ImportError) as exc:
            ok, self.error = False, str(exc)
        if not ok:
            self.error = self.error or "no reader found"
            log.warning(
                "NFC reader %s not available (%s): running degraded: no deck enrolment "
                "and no badge sign-in or floor override until a reader is connected",
                self.path,
                self.error,
            )
            return False
        if self.path.startswith("udp:127.0.0.1:"):
            _loopback_initiator(clf.device)
        self._clf = clf
        log.info("NFC reader %s: %s", self.path, clf)
        return True

    def read(self, timeout: float) -> TagRead | None:
        """Wait up to ``timeout`` seconds for a tag; None if none came (or no reader)."""
        if self._clf is None:
            return None
        import nfc.clf

        deadline = time.monotonic() + timeout
        options = {
            "targets": list(self.targets),
            "on-connect": lambda tag: False,  # return the tag at once, do not wait for removal
            "beep-on-connect": False,
            "iterations": 1,
            "interval": 0.05,
        }
        try:
            tag = self._clf.connect(rdwr=options, terminate=lambda: time.monotonic() > deadline)
        except (nfc.clf.CommunicationError, OSError) as exc:
            log.warning("NFC read failed: %s", exc)
            return None
        if not tag:
            return None
        uid = bytes(tag.identifier)
        text = None
        try:
            # nfcpy gives None both for a tag without NDEF and for a read that failed half-way
            # (the tag slid off, a busy reader): a blank answer is read once more, or a card
            # that names itself would be refused as blank ("no card text")
            ndef = tag.ndef
            if ndef is None:
                ndef = tag.ndef
            if ndef is not None:
                for record in ndef.records:
                    if getattr(record, "type", "") == "urn:nfc:wkt:T":
                        text = str(record.text)
                        break
        except Exception as exc:  # any decode error of a stray tag: keep its UID only
            log.info("tag %s: NDEF not readable (%s)", uid.hex(), exc)
        return TagRead(uid, text)

    def close(self) -> None:
        if self._clf is not None:
            with contextlib.suppress(Exception):
                self._clf.close()
            self._clf = None


# --- badges -------------------------------------------------------------------------------------


class BadgeError(ValueError):
    """A badge file that cannot be used, or a badge that may not do what was asked."""


@dataclass(frozen=True, slots=True)
class Badge:
    uid: str
    role: str  # "dealer" or "floor"
    name: str


class BadgeRegistry:
    """Staff badges: tag UID -> role and name, persisted as JSON."""

    def __init__(self, badges: dict[str, Badge] | None = None) -> None:
        self.badges: dict[str, Badge] = {}
        for b in (badges or {}).values():
            self.add(b.uid, b.role, b.name)

    def add(self, uid: str, role: str, name: str) -> Badge:
        if role not in ROLES:
            raise BadgeError(f"badge {uid}: role {role!r} is not one of {', '.join(ROLES)}")
        badge = Badge(uid.lower(), role, name)
        self.badges[badge.uid] = badge
        return badge

    def badge(self, uid: bytes) -> Badge | None:
        return self.badges.get(uid.hex())

    def authorize_override(self, uid: bytes) -> Badge:
        """The floor person overriding a ruling; :class:`BadgeError` for any other tag."""
        badge = self.badge(uid)
        if badge is None:
            raise BadgeError(f"tag {uid.hex()} is not a staff badge: override refused")
        if badge.role != "floor":
            raise BadgeError(
                f"{badge.name}'s badge is a {badge.role} badge: an override needs a floor badge"
            )
        return badge

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> BadgeRegistry:
        p = Path(path)
        try:
            data = json.loads(p.read_text())
        except OSError as exc:
            raise BadgeError(f"{p}: cannot read: {exc.strerror}") from None
        except json.JSONDecodeError as exc:
            raise BadgeError(f"{p}: not valid JSON: {exc}") from None
        reg = cls()
        entries = data.get("badges", {}) if isinstance(data, dict) else None
        if not isinstance(entries, dict):
            raise BadgeError(f"{p}: 'badges' must map tag UIDs to {{role, name}}")
        for uid, b in entries.items():
            if not isinstance(b, dict):
                raise BadgeError(f"{p}: badge {uid} must be {{role, name}}")
            try:
                reg.add(uid, str(b.get("role")), str(b.get("name", "")))
            except BadgeError as exc:
                raise BadgeError(f"{p}: {exc}") from None
        return reg

    def save(self, path: str | os.PathLike[str]) -> None:
        p = Path(path)
        data = {"badges": {b.uid: {"role": b.role, "name": b.name} for b in self.badges.values()}}
        tmp = p.with_name(p.name + ".tmp")
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        os.replace(tmp, p)

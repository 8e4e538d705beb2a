"""systemd's sd_notify protocol over $NOTIFY_SOCKET, with a plain AF_UNIX datagram socket.

The daemon runs as `Type=notify`: it says READY=1 after the first hardware handshake, pings
WATCHDOG=1 at half the interval systemd gives in $WATCHDOG_USEC, and publishes STATUS= lines that
`systemctl status tablectl` shows. Outside systemd (no $NOTIFY_SOCKET) every call is a no-op, so
tests and a developer's terminal run the same code.
"""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger(__name__)


class Notifier:
    """Sends sd_notify datagrams; silent (and harmless) when not started by systemd."""

    def __init__(self, environ: dict[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self.address = _socket_address(env.get("NOTIFY_SOCKET", ""))
        self.watchdog_usec = _watchdog_usec(env)
        self._sock: socket.socket | None = None
        self._failing = False

    @property
    def enabled(self) -> bool:
        return self.address is not None

    @property
    def watchdog_interval(self) -> float | None:
        """Seconds between WATCHDOG=1 pings: half systemd's timeout, as sd_watchdog_enabled(3)
        recommends, or None when the watchdog is off."""
        if self.watchdog_usec is None:
            return None
        return self.watchdog_usec / 2_000_000

    def send(self, *assignments: str) -> bool:
        """Send ``KEY=value`` lines in one datagram; False (logged) if it could not be sent."""
        if self.address is None:
            return False
        payload = "\n".join(assignments).encode()
        try:
            if self._sock is None:
                # Non-blocking: a full notify queue must never stall the table's event loop.
                self._sock = socket.socket(
                    socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC | socket.SOCK_NONBLOCK
                )
            self._sock.sendto(payload, self.address)
        except OSError as exc:
            # systemd gone or its queue full: the daemon keeps running the table regardless.
            if not self._failing:
                log.warning("sd_notify to %s failed: %s", self.address, exc)
            self._failing = True
            return False
        self._failing = False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={_one_line(text)}")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _socket_address(value: str) -> str | bytes | None:
    if not value:
        return None
    if value.startswith("@"):
        # Linux abstract namespace: a leading NUL byte instead of the '@'.
        return b"\0" + value[1:].encode()
    if value.startswith("/"):
        return value
    log.warning("ignoring NOTIFY_SOCKET=%r: neither a path nor an abstract socket", value)
    return None


def _watchdog_usec(env: dict[str, str] | os._Environ[str]) -> int | None:
    """$WATCHDOG_USEC, honouring $WATCHDOG_PID (the watchdog is for that process only)."""
    raw = env.get("WATCHDOG_USEC", "")
    if not raw:
        return None
    pid = env.get("WATCHDOG_PID", "")
    if pid and pid != str(os.getpid()):
        return None
    try:
        usec = int(raw)
    except ValueError:
        log.warning("ignoring WATCHDOG_USEC=%r: not a whole number of microseconds", raw)
        return None
    return usec if usec > 0 else None

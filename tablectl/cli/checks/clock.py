"""The wall clock: synchronised by NTP (journal times, "back at HH:MM" on the venue clock, TLS
certificates' dates). `timedatectl show`, else the kernel's own flag through adjtimex(2)."""

from __future__ import annotations

import ctypes
import ctypes.util
import shutil
import subprocess

from tablectl.cli.checks import Finding, ok, warn

FIX = (
    "enable time sync (`timedatectl set-ntp true`, systemd-timesyncd) and let the Pi reach an "
    "NTP server; a Pi has no battery clock and starts at its last shutdown time"
)
STA_UNSYNC = 0x0040
TIME_ERROR = 5


def check_clock() -> list[Finding]:
    synced = _timedatectl()
    how = "timedatectl"
    if synced is None:
        synced, how = _adjtimex(), "adjtimex"
    if synced is None:
        return [warn("clock", "cannot tell whether the clock is synchronised", FIX)]
    if synced:
        return [ok("clock", f"synchronised by NTP ({how})")]
    return [warn("clock", f"not synchronised ({how})", FIX)]


def _timedatectl() -> bool | None:
    exe = shutil.which("timedatectl")
    if exe is None:
        return None
    try:
        out = subprocess.run(
            [exe, "show", "--property=NTPSynchronized", "--value"],
            capture_output=True,
            text=True,
            timeout=5,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    value = out.stdout.strip()
    if out.returncode != 0 or value not in ("yes", "no"):
        return None  # no systemd (a container): ask the kernel
    return value == "yes"


class _Timex(ctypes.Structure):
    # struct timex (linux/timex.h): modes, then the fields up to status; the rest is padding.
    _fields_ = [
        ("modes", ctypes.c_uint),
        ("offset", ctypes.c_long),
        ("freq", ctypes.c_long),
        ("maxerror", ctypes.c_long),
        ("esterror", ctypes.c_long),
        ("status", ctypes.c_int),
        ("_rest", ctypes.c_byte * 256),
    ]


def _adjtimex() -> bool | None:
    """The kernel's view (modes = 0 reads only): synchronised unless STA_UNSYNC or TIME_ERROR."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        libc = ctypes.CDLL(name, use_errno=True)
        tx = _Timex()
        state = libc.adjtimex(ctypes.byref(tx))
    except (OSError, AttributeError):
        return None
    if state < 0:
        return None
    return state != TIME_ERROR and not tx.status & STA_UNSYNC

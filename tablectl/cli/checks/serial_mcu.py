"""The table MCU: the device node, its permissions, the HELLO → IDENTIFY handshake (firmware and
antenna map, docs/protocol.md) and a report from every antenna in the opening snapshot."""

from __future__ import annotations

import grp
import os
import queue
import stat
import time

from firmware_bridge.link import Report, SerialLink, SnapshotDone
from tablectl.cli.checks import Finding, fail, ok

RULE = "systemd/99-tablectl.rules (docs/install-pi.md, step 3)"


def check_device(path: str) -> list[Finding]:
    """Present, a character device, readable and writable by this user (group dialout)."""
    name = "serial"
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return [
            fail(
                name,
                f"{path} does not exist",
                f"plug the table MCU in by USB; if /dev/ttyACM0 appears but not {path}, put the "
                f"board's USB ids in {RULE} (`udevadm info -q property /dev/ttyACM0`)",
            )
        ]
    except OSError as exc:
        return [fail(name, f"{path}: {exc.strerror}", "check the path in [serial] device")]
    if not stat.S_ISCHR(st.st_mode):
        return [fail(name, f"{path} is not a serial device", "set [serial] device to the MCU")]
    if not os.access(path, os.R_OK | os.W_OK):
        group = _group(st.st_gid)
        return [
            fail(
                name,
                f"{path} is not readable and writable by this user (owner group {group}, "
                f"mode {stat.S_IMODE(st.st_mode):o})",
                f"add the user to group {group} (`usermod -aG {group} USER`, log in again); "
                f"the udev rule gives the port to group dialout, mode 0660",
            )
        ]
    shown = f"{path} -> {os.path.realpath(path)}" if os.path.islink(path) else path
    return [ok(name, f"{shown} present, read/write for this user")]


def _group(gid: int) -> str:
    try:
        return grp.getgrgid(gid).gr_name
    except KeyError:
        return str(gid)


def check_mcu(path: str, baud: int, timeout: float = 3.0) -> list[Finding]:
    """Say HELLO through the real link; read IDENTIFY, then wait for the opening snapshot and
    name every antenna of the map that sent no report."""
    link = SerialLink(path, baud, hello_timeout=0.5)
    link.start()
    try:
        if not link.wait_connected(timeout):
            return [
                fail(
                    "mcu",
                    f"no answer to HELLO on {path} within {timeout:g} s",
                    f"check the firmware is flashed and running (replug the board), that "
                    f"[serial] baud = {baud} matches it, and that no other program holds the "
                    "port (systemctl stop tablectl)",
                )
            ]
        ident = link.identify
        assert ident is not None  # connected means IDENTIFY arrived
        found = [
            ok(
                "mcu",
                f"firmware {ident.firmware!r}, protocol {ident.proto}, "
                f"{len(ident.antennas)} antennas",
            )
        ]
        reported = _snapshot(link, timeout)
        silent = sorted(set(ident.antennas) - reported)
        if not ident.antennas:
            found.append(
                fail("antennas", "the MCU reports no antenna", "check the firmware's antenna map")
            )
        elif silent:
            names = ", ".join(f"{a} ({ident.antennas[a]})" for a in silent)
            found.append(
                fail(
                    "antennas",
                    f"{len(silent)} of {len(ident.antennas)} sent no report: {names}",
                    "check those antennas' cables and the reader's multiplexer; a dead antenna "
                    "never sees a card or chip",
                )
            )
        else:
            found.append(ok("antennas", f"all {len(ident.antennas)} reported"))
        return found
    finally:
        link.stop()


def _snapshot(link: SerialLink, timeout: float) -> set[int]:
    """The antennas that reported before the snapshot ended (asking again once), within
    ``timeout``."""
    reported: set[int] = set()
    deadline = time.monotonic() + timeout
    asked = False
    while time.monotonic() < deadline:
        try:
            event = link.events.get(timeout=max(0.0, min(0.2, deadline - time.monotonic())))
        except queue.Empty:
            continue
        if isinstance(event, Report):
            reported.add(event.zone.antenna)
        elif isinstance(event, SnapshotDone):
            if asked or (link.identify and reported >= set(link.identify.antennas)):
                break
            link.request_snapshot()  # a frame lost on the line gets a second chance
            asked = True
    return reported

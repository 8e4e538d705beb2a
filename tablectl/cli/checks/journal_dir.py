"""The journal's directory: writable (a file is really created and synced), free space, and the
SD card's or eMMC's wear where the kernel exposes it (/sys/block/mmcblkN/device/life_time)."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path

from tablectl.cli.checks import Finding, fail, ok, warn

MIN_FREE = 100 * 1024 * 1024  # below this the journal may not finish a session
LOW_FREE = 1024 * 1024 * 1024


def check_journal_dir(journal: Path, sys_root: Path = Path("/sys")) -> list[Finding]:
    where = journal.parent
    if not where.exists():
        return [
            warn(
                "journal",
                f"{where} does not exist yet",
                "systemd creates it when tablectl.service starts (StateDirectory=tablectl); "
                f"for a run by hand: mkdir -p {where}",
            )
        ]
    if not where.is_dir():
        return [fail("journal", f"{where} is not a directory", "set journal = in table.toml")]
    try:
        fd, probe = tempfile.mkstemp(prefix=".doctor-", dir=where)
    except OSError as exc:
        return [
            fail(
                "journal",
                f"{where} is not writable: {exc.strerror}",
                "remount the file system read-write (a failing SD card turns read-only: "
                "`dmesg | grep -i mmc`), or give the directory to the service's user",
            )
        ]
    try:
        os.write(fd, b"tablectl doctor\n")
        os.fsync(fd)
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(probe)
    free = shutil.disk_usage(where).free
    found = [ok("journal", f"{where} writable, {free / 2**30:.1f} GiB free")]
    if free < MIN_FREE:
        found = [
            fail(
                "journal",
                f"{where}: only {free / 2**20:.0f} MiB free",
                "move old journals and histories off the card (docs/install-pi.md, "
                "Running a tournament)",
            )
        ]
    elif free < LOW_FREE:
        found = [
            warn(
                "journal",
                f"{where}: {free / 2**20:.0f} MiB free",
                "move old journals and histories off the card soon",
            )
        ]
    found.append(_wear(where, sys_root))
    return found


def _wear(where: Path, sys_root: Path) -> Finding:
    dev = _block_device(where, sys_root)
    if dev is None:
        return ok("storage wear", "not readable here (no /sys entry for the disk)")
    life = dev / "device" / "life_time"
    eol = dev / "device" / "pre_eol_info"
    try:
        used = max(int(x, 16) for x in life.read_text().split())
    except (OSError, ValueError):
        return ok("storage wear", f"{dev.name} does not report wear (an SD card never does)")
    try:
        pre_eol = int(eol.read_text().strip(), 16)
    except (OSError, ValueError):
        pre_eol = 1
    # JEDEC eMMC 5.0 DEVICE_LIFE_TIME_EST: 0x01 = 0-10 % used ... 0x0A = 90-100 %, 0x0B exceeded
    text = f"{dev.name}: about {min(used, 11) * 10 - 10}-{min(used, 10) * 10} % of its life used"
    if used >= 0x0B or pre_eol >= 3:
        return fail("storage wear", f"{text}, past its rated life", "replace the card now")
    if used >= 0x09 or pre_eol == 2:
        return warn("storage wear", text, "plan to replace the card; keep journal backups")
    return ok("storage wear", text)


def _block_device(where: Path, sys_root: Path) -> Path | None:
    """The whole disk under /sys/block holding ``where`` (a partition's parent)."""
    st = os.stat(where)
    node = sys_root / "dev" / "block" / f"{os.major(st.st_dev)}:{os.minor(st.st_dev)}"
    try:
        real = node.resolve(strict=True)
    except OSError:
        return None
    if (real / "partition").exists():
        real = real.parent
    return real

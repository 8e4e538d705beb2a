"""The systemd units: `systemd-analyze verify` finds nothing to say, and the daemon's unit is
hardened to an exposure of 2.5 or less (`systemd-analyze security --offline=yes`).

verify runs against a throwaway root laid out as docs/install-pi.md installs the table: the units
in /etc/systemd/system, the venv's `tablectl` at the path ExecStart names, and the host's own
units (sysinit.target and friends) under /usr/lib/systemd/system.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

SYSTEMD = Path(__file__).resolve().parent.parent / "systemd"
UNITS = (
    "tablectl.service",
    "tablectl-clock.service",
    "tablectl-kiosk.service",
    "tablectl-clock-kiosk.service",
)
ANALYZE = shutil.which("systemd-analyze")
HOST_UNITS = next(
    (p for p in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")) if p.is_dir()), None
)

needs_analyze = pytest.mark.skipif(
    ANALYZE is None, reason="systemd-analyze is not installed (apt-get install systemd)"
)


def _unit_text(name: str) -> str:
    return (SYSTEMD / name).read_text(encoding="utf-8")


def _exec_paths(text: str) -> list[str]:
    return [m.group(1) for m in re.finditer(r"^Exec\w+=[-@:+!]*(\S+)", text, re.M)]


@pytest.fixture
def install_root(tmp_path: Path) -> Path:
    if HOST_UNITS is None:
        pytest.skip("no host unit directory to resolve sysinit.target against")
    root = tmp_path / "root"
    shutil.copytree(HOST_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    unit_dir = root / "etc/systemd/system"
    unit_dir.mkdir(parents=True)
    for name in UNITS:
        text = _unit_text(name)
        (unit_dir / name).write_text(text, encoding="utf-8")
        for exe in _exec_paths(text):
            target = root / exe.lstrip("/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text("#!/bin/sh\n")
            target.chmod(0o755)
    return root


@needs_analyze
@pytest.mark.parametrize("name", UNITS)
def test_verify_reports_nothing(install_root: Path, name: str) -> None:
    assert ANALYZE is not None
    proc = subprocess.run(
        [ANALYZE, "verify", f"--root={install_root}", name],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    # verify exits 0 on unknown keys and bad values (it only warns), so any output is a failure.
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == "", proc.stderr
    assert proc.stdout.strip() == "", proc.stdout


@needs_analyze
@pytest.mark.parametrize("name", UNITS)
def test_security_exposure(name: str) -> None:
    assert ANALYZE is not None
    proc = subprocess.run(
        [ANALYZE, "security", "--offline=yes", str(SYSTEMD / name)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", proc.stdout)
    assert found, proc.stdout + proc.stderr
    assert float(found.group(1)) <= 2.5, proc.stdout


def test_daemon_unit_is_notify_with_watchdog_and_devices() -> None:
    """What systemd-analyze does not judge: the contract between the unit and the daemon."""
    text = _unit_text("tablectl.service")
    lines = set(text.splitlines())
    for needed in (
        "Type=notify",
        "Restart=on-failure",
        "User=tablectl",
        "ProtectSystem=strict",
        "StateDirectory=tablectl",
        "DevicePolicy=closed",
        "DeviceAllow=char-gpiochip rw",
        "DeviceAllow=char-ttyACM rw",
        "DeviceAllow=char-usb_device rw",
    ):
        assert needed in lines, needed
    assert re.search(r"^WatchdogSec=\d+", text, re.M)
    assert "PrivateDevices=yes" not in text
    assert "--config /etc/tablectl/table.toml" in text


# udev(7): the operators each key of our rules may take (match keys compare, the others assign).
UDEV_OPS = {
    "SUBSYSTEM": {"=="},
    "KERNEL": {"=="},
    "ATTRS": {"=="},
    "ATTR": {"=="},
    "ACTION": {"=="},
    "SYMLINK": {"+="},
    "TAG": {"+="},
    "GROUP": {"="},
    "MODE": {"="},
    "OWNER": {"="},
}


def test_udev_rule_names_the_mcu_and_tags_it_for_systemd() -> None:
    rules = [
        line
        for line in (SYSTEMD / "99-tablectl.rules").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    mcu = [r for r in rules if 'SYMLINK+="tablectl-mcu"' in r]
    assert len(mcu) == 1 and 'SUBSYSTEM=="tty"' in mcu[0] and 'TAG+="systemd"' in mcu[0]
    # The unit waits for the device unit that tag creates.
    assert "After=dev-tablectl\\x2dmcu.device" in _unit_text("tablectl.service")
    for rule in rules:
        # Every match key is ==, every assignment its own operator: a typo here silently matches
        # nothing (udev(7)). Each comma-separated part must be one known key.
        parts = [p.strip() for p in rule.split(",")]
        for part in parts:
            m = re.fullmatch(r'([A-Z]+)(\{\w+\})?(==|!=|\+=|-=|:=|=)"[^"]*"', part)
            assert m, f"not a udev key: {part!r} in {rule}"
            key, op = m[1], m[3]
            assert key in UDEV_OPS, f"unknown udev key {key} in {rule}"
            assert op in UDEV_OPS[key], f"{key}{op} in {rule}: expected {UDEV_OPS[key]}"


@pytest.mark.parametrize(
    "name, runs",
    [
        ("tablectl-kiosk.service", "tablectl run --config"),
        ("tablectl-clock-kiosk.service", "tablectl clock"),
    ],
)
def test_kiosk_units_run_inside_cage_on_tty1_with_touch(name: str, runs: str) -> None:
    """The kiosk path of a current Pi image (docs/kiosk.md): cage as the compositor on tty1 with
    a logind session (PAM), the input devices (touch) readable and writable, the program inside."""
    text = _unit_text(name)
    lines = set(text.splitlines())
    exec_line = next(line for line in lines if line.startswith("ExecStart="))
    assert exec_line.startswith("ExecStart=/usr/bin/cage ") and " -- " in exec_line
    assert runs in exec_line.split(" -- ", 1)[1]
    for needed in (
        "PAMName=login",
        "TTYPath=/dev/tty1",
        "DeviceAllow=char-input rw",
        "DeviceAllow=char-drm rw",
        "Conflicts=getty@tty1.service "
        + ("tablectl.service" if "clock" not in name else "tablectl-clock.service"),
    ):
        assert needed in lines, needed
    assert "SDL_VIDEODRIVER=wayland" in text
    if "clock" not in name:  # the daemon inside cage still speaks sd_notify to systemd
        assert {"Type=notify", "NotifyAccess=all"} <= lines


@pytest.mark.parametrize("name", UNITS)
def test_units_reach_the_venue_lan_and_nothing_else(name: str) -> None:
    """A table's venue link and a venue-fed clock need the venue's broker (issue 33: the units'
    PrivateNetwork=yes kept every installed table and clock off its venue): IPv4 and IPv6 sockets,
    but only to loopback, link-local, multicast (mDNS) and the private ranges a venue LAN uses."""
    text = _unit_text(name)
    assert not re.search(r"^PrivateNetwork=yes", text, re.M)
    families = re.search(r"^RestrictAddressFamilies=(.*)$", text, re.M)
    assert families and set(families.group(1).split()) == {
        "AF_UNIX",
        "AF_NETLINK",
        "AF_INET",
        "AF_INET6",
    }
    assert re.search(r"^IPAddressDeny=any$", text, re.M)
    allow = re.search(r"^IPAddressAllow=(.*)$", text, re.M)
    assert allow and set(allow.group(1).split()) == {
        "localhost",
        "link-local",
        "multicast",
        "10.0.0.0/8",
        "172.16.0.0/12",
        "192.168.0.0/16",
        "fc00::/7",
    }


def test_every_unit_runs_as_the_packages_user() -> None:
    """One owner for /var/lib/tablectl whichever unit runs the table (the KMSDRM unit or the cage
    kiosk, docs/kiosk.md): a DynamicUser= unit would keep its journal under /var/lib/private and
    the swap would chown it back and forth."""
    for name in UNITS:
        lines = set(_unit_text(name).splitlines())
        assert "User=tablectl" in lines, name
        assert not any(line.startswith("DynamicUser=") for line in lines), name

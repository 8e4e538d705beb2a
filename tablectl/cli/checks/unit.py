"""The systemd unit: enabled, running, not restarting in a loop (`systemctl show`)."""

from __future__ import annotations

import shutil
import subprocess

from tablectl.cli.checks import Finding, fail, ok, warn

PROPS = ("LoadState", "ActiveState", "SubState", "UnitFileState", "NRestarts", "Result")


def unit_state(unit: str) -> dict[str, str] | None:
    """The unit's properties, or None when systemd cannot be asked (no systemctl, no systemd
    as PID 1)."""
    exe = shutil.which("systemctl")
    if exe is None:
        return None
    try:
        out = subprocess.run(
            [exe, "show", unit, "--property=" + ",".join(PROPS)],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    props = dict(line.split("=", 1) for line in out.stdout.splitlines() if "=" in line)
    return props if "LoadState" in props else None


def check_unit(unit: str, state: dict[str, str] | None) -> list[Finding]:
    if state is None:
        return [
            warn(
                "unit",
                f"cannot ask systemd about {unit} (systemd is not running here)",
                "run the doctor on the table's Pi",
            )
        ]
    if state["LoadState"] != "loaded":
        return [
            fail(
                "unit",
                f"{unit} is not installed ({state['LoadState']})",
                "install the tablectl package (docs/install-pi.md)",
            )
        ]
    active, sub, enabled = state["ActiveState"], state["SubState"], state.get("UnitFileState")
    restarts = int(state.get("NRestarts") or 0)
    text = f"{unit} {active} ({sub}), {enabled}, {restarts} restarts"
    if active == "failed":
        return [fail("unit", text, f"read why: journalctl -u {unit} -n 50")]
    if restarts >= 3:
        return [warn("unit", text, f"it keeps restarting: journalctl -u {unit} -p warning")]
    if enabled != "enabled":
        return [warn("unit", text, f"start it at boot: systemctl enable --now {unit}")]
    return [ok("unit", text)]

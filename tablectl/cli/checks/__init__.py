"""`tablectl doctor`'s checks: one small module per thing a technician wires or configures.

Each check returns :class:`Finding` lines: a status, what was found, and the fix in words. They
live in the shell (they open devices, read /sys, run `timedatectl`), never in the pure core.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Literal

Status = Literal["OK", "WARN", "FAIL"]


@dataclass(frozen=True, slots=True)
class Finding:
    """One line of the report: ``check`` names the thing, ``fix`` is empty when OK."""

    check: str
    status: Status
    message: str
    fix: str = ""

    def line(self) -> str:
        text = f"{self.status:<4} {self.check}: {self.message}"
        return f"{text}\n     fix: {self.fix}" if self.fix else text

    def to_obj(self) -> dict[str, Any]:
        return asdict(self)


def ok(check: str, message: str) -> Finding:
    return Finding(check, "OK", message)


def warn(check: str, message: str, fix: str) -> Finding:
    return Finding(check, "WARN", message, fix)


def fail(check: str, message: str, fix: str) -> Finding:
    return Finding(check, "FAIL", message, fix)

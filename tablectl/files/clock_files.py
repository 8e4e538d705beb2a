"""Tournament structures and the clock's state on disk (the shell around
:mod:`tablectl.tournament`): read a structure TOML file, list the bundled presets, and save or
restore the clock's state atomically.
"""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

from tablectl.tournament.clock import ClockStateError, TourneyClock
from tablectl.tournament.structures import Structure, StructureError, parse_structure


def read_toml(path: Path, error: type[Exception]) -> dict[str, Any]:
    """A TOML file decoded; ``error`` in one line naming the file when it cannot be."""
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except OSError as exc:
        raise error(f"{path}: cannot read: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{path}: not valid TOML: {exc}") from None


def load_structure(path: str | os.PathLike[str]) -> Structure:
    """Read a structure TOML file; a bad file raises :class:`StructureError` naming it."""
    path = Path(path)
    return parse_structure(read_toml(path, StructureError), str(path))


def preset_dir() -> Path:
    """The bundled presets (display/structures)."""
    return Path(__file__).resolve().parents[2] / "display" / "structures"


def presets() -> list[Path]:
    return sorted(preset_dir().glob("*.toml"))


def save_state(path: str | os.PathLike[str], clock: TourneyClock, now: float) -> None:
    """Write the state atomically (temp file, fsync, rename) so a power cut leaves the old or the
    new state, never half of one."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    data = json.dumps(clock.to_dict(now), indent=1)
    with tmp.open("w", encoding="utf-8") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def load_state(path: str | os.PathLike[str], structure: Structure) -> TourneyClock | None:
    """The saved clock (paused), ``None`` when there is no file; :class:`ClockStateError` when it
    is unreadable or belongs to another structure."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ClockStateError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ClockStateError(f"{path}: not JSON: {exc.msg}") from None
    try:
        return TourneyClock.from_dict(structure, data)
    except ClockStateError as exc:
        raise ClockStateError(f"{path}: {exc}") from None

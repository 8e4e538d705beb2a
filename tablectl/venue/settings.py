"""The venue's config file for ``tablectl venue serve`` (TOML; docs/venue-console.md).

```toml
[venue]
id = "main"
journal = "venue-journal.jsonl"     # relative to this file

[broker]                            # the venue's broker user (deploy/mosquitto/)
host = "127.0.0.1"
port = 1883
username = "venue"
password = "..."

[web]
host = "0.0.0.0"
port = 8080
session_minutes = 720

[tournament]                        # the venue model's setup (docs/venue.md)
tables = ["T1", "T2", "T3"]
handed = 9
structure = "tda-style"            # a bundled preset, or a path to a TOML file
approve_moves = true

[[staff]]                           # passwords: `tablectl venue passwd`
name = "Dana"
role = "director"                   # director | floor
password = "scrypt$16384$8$1$..."
```

Every problem is one line naming the key (:class:`SettingsError`), never a traceback.
"""

from __future__ import annotations

import secrets
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablectl.files.clock_files import preset_dir, read_toml
from tablectl.venue.web.auth import ROLES, Staff, hash_problem
from tablectl.wire.topics import check_id


class SettingsError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class VenueSettings:
    venue: str
    journal: Path
    broker_host: str
    broker_port: int
    username: str
    password: str | None
    ca_file: str | None
    web_host: str
    web_port: int
    session_minutes: float
    setup: dict[str, Any]  # the venue model's setup event body, structure decoded
    staff: tuple[Staff, ...]


def presets() -> dict[str, dict[str, Any]]:
    """The bundled structures by name (display/structures/NAME.toml), decoded."""
    out = {}
    for path in sorted(preset_dir().glob("*.toml")):
        with path.open("rb") as f:
            out[path.stem] = tomllib.load(f)
    return out


# the keys each section takes: a mistyped one is named, never silently ignored
KEYS: dict[str, tuple[str, ...]] = {
    "": ("venue", "broker", "web", "tournament", "staff"),
    "venue": ("id", "journal"),
    "broker": ("host", "port", "username", "password", "ca_file"),
    "web": ("host", "port", "session_minutes"),
    "staff": ("name", "role", "password"),
}


def _known(section: dict[str, Any], where: str, keys: tuple[str, ...]) -> None:
    for key in section:
        if key not in keys:
            place = f"[{where}] has" if where else "the file has"
            raise SettingsError(f"{place} no key {key!r:.40} (keys: {', '.join(keys)})")


def _table(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise SettingsError(f"[{key}] must be a table")
    if key in KEYS:
        _known(value, key, KEYS[key])
    return value


def _port(section: dict[str, Any], where: str, default: int) -> int:
    port = _get(section, where, "port", int, default)
    if not 1 <= port <= 65535:
        raise SettingsError(f"{where}.port must be 1 to 65535, got {port}")
    return port


def _get(section: dict[str, Any], where: str, key: str, kind: type, default: Any) -> Any:
    value = section.get(key, default)
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise SettingsError(f"{where}.{key} must be {kind.__name__}, got {value!r:.60}")
    return value


def load_structure(value: object, base: Path) -> dict[str, Any]:
    if isinstance(value, dict):
        return value
    if not isinstance(value, str):
        raise SettingsError("tournament.structure: a preset name, a path, or a table")
    bundled = presets()
    if value in bundled:
        return bundled[value]
    path = (base / value).expanduser()
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except OSError as exc:
        names = ", ".join(bundled)
        raise SettingsError(
            f"tournament.structure: {value!r} is no preset ({names}) and {path}: {exc.strerror}"
        ) from None
    except tomllib.TOMLDecodeError as exc:
        raise SettingsError(f"tournament.structure: {path}: not valid TOML: {exc}") from None


def load_settings(path: Path) -> VenueSettings:
    data = read_toml(path, SettingsError)
    base = path.parent
    _known(data, "", KEYS[""])
    venue, broker, web = _table(data, "venue"), _table(data, "broker"), _table(data, "web")
    tournament = dict(_table(data, "tournament"))
    if "tables" not in tournament:
        raise SettingsError("[tournament] needs tables = [...] (the first hosts the final table)")
    tables = tournament["tables"]
    if not isinstance(tables, list) or not tables:
        raise SettingsError("tournament.tables must be a list of table ids")
    for table in tables:
        if not isinstance(table, str):
            raise SettingsError(f"tournament.tables: {table!r:.40} is not a table id (text)")
        try:  # an id is a topic level: never "/", "+" or "#"
            check_id("tournament.tables: table", table)
        except ValueError as exc:
            raise SettingsError(str(exc)) from None
    tournament["structure"] = load_structure(tournament.get("structure", "tda-style"), base)
    tournament.setdefault("seed", secrets.randbelow(2**31))  # journaled with the setup
    raw_staff = data.get("staff", [])
    if not isinstance(raw_staff, list) or not raw_staff:
        raise SettingsError("[[staff]]: at least one director to sign in")
    staff = []
    for i, s in enumerate(raw_staff):
        where = f"staff[{i}]"
        if not isinstance(s, dict):
            raise SettingsError(f"{where} must be a table")
        _known(s, where, KEYS["staff"])
        name = _get(s, where, "name", str, "")
        role = _get(s, where, "role", str, "floor")
        pw = _get(s, where, "password", str, "")
        if not name or role not in ROLES or not pw.startswith("scrypt$"):
            raise SettingsError(
                f"{where}: needs a name, role one of {', '.join(ROLES)}, and a password hash "
                "from `tablectl venue passwd` (scrypt$...)"
            )
        problem = hash_problem(pw)
        if problem is not None:
            raise SettingsError(
                f"{where}.password: {problem}: paste the line `tablectl venue passwd` prints"
            )
        if len(name) > 64 or name != name.strip():
            raise SettingsError(f"{where}.name: at most 64 characters, no spaces around it")
        if any(s.name == name for s in staff):
            raise SettingsError(
                f"{where}.name: {name!r} is given twice (each sign-in is one person)"
            )
        staff.append(Staff(name, role, pw))
    if not any(s.role == "director" for s in staff):
        raise SettingsError('[[staff]]: at least one with role = "director"')
    ca = _get(broker, "broker", "ca_file", str, "")
    minutes = _get(web, "web", "session_minutes", int, 720)
    if not 1 <= minutes <= 7 * 24 * 60:
        raise SettingsError(f"web.session_minutes must be 1 to 10080 (a week), got {minutes}")
    try:
        venue_id = check_id("venue.id", _get(venue, "venue", "id", str, "main"))
    except ValueError as exc:
        raise SettingsError(str(exc)) from None
    return VenueSettings(
        venue=venue_id,
        journal=base / _get(venue, "venue", "journal", str, "venue-journal.jsonl"),
        broker_host=_get(broker, "broker", "host", str, "127.0.0.1"),
        broker_port=_port(broker, "broker", 1883),
        username=_get(broker, "broker", "username", str, "venue"),
        password=_get(broker, "broker", "password", str, "") or None,
        ca_file=str(base / ca) if ca else None,
        web_host=_get(web, "web", "host", str, "0.0.0.0"),
        web_port=_port(web, "web", 8080),
        session_minutes=float(minutes),
        setup=tournament,
        staff=tuple(staff),
    )

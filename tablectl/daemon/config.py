"""The table's configuration: `/etc/tablectl/table.toml` (see docs/table.example.toml).

Every problem is a :class:`ConfigError` whose message names the file and the key
(``table.toml: seats.3.stack: -5 is not a positive whole number of chips``), so `tablectl run`
can print it and exit non-zero before touching any hardware.
"""

from __future__ import annotations

import os
import ssl
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablectl.engine.events import PRESSES, ScenarioError, event_from_obj
from tablectl.files.clock_files import load_structure, preset_dir
from tablectl.tournament.structures import StructureError
from tablectl.wire.topics import check_id

DEFAULT_PATH = Path("/etc/tablectl/table.toml")
HOUSE_PROFILES = ("tda-2025", "wfp", "roberts", "home")
HARDWARE = ("real", "sim")
TAG_MAPPINGS = ("tracker", "instant")
LOG_LEVELS = ("debug", "info", "warning", "error")
# Console outputs beside the buttons (one per PRESSES entry): the buzzer and the alert LED.
GPIO_OUTPUTS = ("buzzer", "alert_led")
# BCM numbers of the 40-pin header's general-purpose pins.
BCM_PINS = range(2, 28)


class ConfigError(ValueError):
    """A bad configuration; the message names the key."""


@dataclass(frozen=True, slots=True)
class VenueConfig:
    """``[venue]``: the table's link to the venue's broker (docs/venue.md, "A table on the
    venue"). Turned into a ``venue_link.LinkConfig`` by `tablectl run` (paho loads only then)."""

    venue: str
    table: str
    host: str = "localhost"
    port: int = 1883
    username: str | None = None  # the table id when left out (the broker ACL's %u)
    password: str | None = None
    ca_file: Path | None = None  # TLS with this CA when given


@dataclass(frozen=True, slots=True)
class SeatConfig:
    seat: int
    name: str
    stack: int


@dataclass(frozen=True, slots=True)
class Config:
    path: Path
    hardware: str  # "real" or "sim"
    journal: Path
    house: str
    serial_device: str
    serial_baud: int
    nfc_reader: str  # nfcpy device path ("usb", "usb:072f:2200", "udp:..."), "" for none
    decks_file: Path  # enrolled decks (tablectl enroll writes it): tag UID -> card
    chips_file: Path  # chip inventory: tag UID -> denomination
    badges_file: Path  # staff badges (NFC): tag UID -> dealer or floor, name
    # "tracker": one confirmed place per tag (firmware_bridge.tracker, issue 27); "instant":
    # each zone's raw reads once stable for 80 ms (firmware_bridge.tags.TagMapper)
    tag_mapping: str
    gpio: dict[str, int]  # console name -> BCM pin
    seats: tuple[SeatConfig, ...]
    button: int
    chips: tuple[int, ...]
    levels: tuple[dict[str, Any], ...]  # setup levels: {"blinds", "ante", "minutes"} or {"break"}
    bb_ante: bool
    structure_file: Path
    display_width: int
    display_height: int
    display_fullscreen: bool
    display_enabled: bool
    log_level: str = "info"
    floor_minutes: float = 5.0  # floor mode stays open this long after a floor badge is read
    venue: VenueConfig | None = None  # [venue]: None, no link (a table on its own)
    extra: dict[str, Any] = field(default_factory=dict)

    def setup_body(self) -> dict[str, Any]:
        """The validated body of the ``setup`` line a new journal starts with."""
        first = next((lv for lv in self.levels if "blinds" in lv), None)
        assert first is not None  # _structure() guarantees a level with blinds
        obj = {
            "setup": {
                "rules": self.house,
                "seats": {str(s.seat): s.stack for s in self.seats},
                "button": self.button,
                "blinds": list(first["blinds"]),
                "ante": int(first.get("ante", 0)),
                "bb_ante": self.bb_ante,
                "chips": list(self.chips),
                "levels": [dict(lv) for lv in self.levels],
                "names": {str(s.seat): s.name for s in self.seats},
            }
        }
        return dict(event_from_obj(obj).body)

    def player_names(self) -> dict[int, str]:
        return {s.seat: s.name for s in self.seats}


def user_state_dir() -> Path:
    """Where a desktop user's table keeps its files: ``$XDG_STATE_HOME/tablectl``, else
    ``~/.local/state/tablectl`` (the XDG base directory default)."""
    base = os.environ.get("XDG_STATE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "state"
    return root / "tablectl"


def desktop_sim_config(state: Path, size: tuple[int, int] = (1280, 720)) -> Config:
    """`tablectl run --sim` on a desktop with no table.toml: six players on the home-003
    structure, a window of ``size``, no NFC reader, and every file under ``state``."""
    raw: dict[str, Any] = {
        "hardware": "sim",
        "journal": str(state / "journal.db"),
        "structure": "home-003",
        "nfc": {"reader": ""},
        "tags": {
            "decks": str(state / "decks.json"),
            "chips": str(state / "chips.json"),
            "badges": str(state / "badges.json"),
        },
        "display": {"width": size[0], "height": size[1], "fullscreen": False},
        "seats": {str(n): {"name": name} for n, name in enumerate(DESKTOP_NAMES, 1)},
    }
    return parse_config(raw, state / "table.toml", hardware="sim", where="desktop defaults")


DESKTOP_NAMES = ("Ann", "Bao", "Carla", "Dev", "Eun", "Farid")


def load_config(path: str | Path = DEFAULT_PATH, *, hardware: str | None = None) -> Config:
    """Read and validate a table.toml; ``hardware`` overrides the file's (``--sim``)."""
    path = Path(path)
    where = path.name
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such file") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    return parse_config(raw, path, hardware=hardware, where=where)


def parse_config(
    raw: dict[str, Any], path: Path, *, hardware: str | None = None, where: str = "table.toml"
) -> Config:
    c = _Checker(raw, where, path.parent)
    known = {
        "hardware",
        "journal",
        "house",
        "log_level",
        "serial",
        "nfc",
        "gpio",
        "seats",
        "table",
        "structure",
        "display",
        "tags",
        "floor",
        "venue",
    }
    c.no_unknown(raw, known, "")
    hw = c.choice(raw, "hardware", HARDWARE, "real")  # checked even when --sim overrides it
    hw = hardware or hw
    serial = c.table(raw, "serial")
    c.no_unknown(serial, {"device", "baud"}, "serial.")
    nfc = c.table(raw, "nfc")
    c.no_unknown(nfc, {"reader"}, "nfc.")
    tags = c.table(raw, "tags")
    c.no_unknown(tags, {"decks", "chips", "badges", "mapping"}, "tags.")
    table = c.table(raw, "table")
    c.no_unknown(table, {"button", "chips"}, "table.")
    floor = c.table(raw, "floor")
    c.no_unknown(floor, {"minutes"}, "floor.")
    floor_minutes = floor.get("minutes", 5)
    if (
        isinstance(floor_minutes, bool)
        or not isinstance(floor_minutes, int | float)
        or not 0.5 <= floor_minutes <= 120
    ):
        raise c.fail(
            "floor.minutes", f"{floor_minutes!r} is not a number of minutes from 0.5 to 120"
        )
    display = c.table(raw, "display")
    c.no_unknown(display, {"width", "height", "fullscreen", "enabled"}, "display.")
    levels, structure_chips, starting_stack, bb_ante, structure_file = _structure(
        c, raw.get("structure")
    )
    seats = _seats(c, raw.get("seats"), starting_stack)
    seat_numbers = [s.seat for s in seats]
    button = c.integer(table, "button", "table.button", default=seat_numbers[0], lo=1, hi=10)
    if button not in seat_numbers:
        raise ConfigError(f"{where}: table.button: seat {button} has no player")
    chips = c.chips(table.get("chips", list(structure_chips) or None), "table.chips")
    if chips is None:
        raise ConfigError(f"{where}: table.chips: give the chip denominations in play")
    config = Config(
        path=path,
        hardware=hw,
        journal=c.path(raw, "journal", "/var/lib/tablectl/journal.db"),
        house=c.choice(raw, "house", HOUSE_PROFILES, "tda-2025"),
        serial_device=c.string(serial, "device", "serial.device", "/dev/tablectl-mcu"),
        serial_baud=c.integer(
            serial, "baud", "serial.baud", default=250_000, lo=1200, hi=4_000_000
        ),
        nfc_reader=c.string(nfc, "reader", "nfc.reader", "usb", empty_ok=True),
        decks_file=c.path(tags, "decks", "/var/lib/tablectl/decks.json", "tags.decks"),
        chips_file=c.path(tags, "chips", "/var/lib/tablectl/chips.json", "tags.chips"),
        badges_file=c.path(tags, "badges", "/var/lib/tablectl/badges.json", "tags.badges"),
        tag_mapping=_mapping(c, tags),
        gpio=_gpio(c, raw.get("gpio", {})),
        seats=tuple(seats),
        button=button,
        chips=tuple(chips),
        levels=tuple(levels),
        bb_ante=bb_ante,
        structure_file=structure_file,
        display_width=c.integer(display, "width", "display.width", default=1280, lo=320, hi=7680),
        display_height=c.integer(display, "height", "display.height", default=720, lo=240, hi=4320),
        display_fullscreen=c.boolean(display, "fullscreen", "display.fullscreen", True),
        display_enabled=c.boolean(display, "enabled", "display.enabled", True),
        log_level=c.choice(raw, "log_level", LOG_LEVELS, "info"),
        floor_minutes=float(floor_minutes),
        venue=_venue(c, raw),
    )
    try:
        config.setup_body()
    except ScenarioError as exc:  # anything the event contract refuses that slipped past
        raise ConfigError(f"{where}: {exc}") from None
    return config


class _Checker:
    """Typed reads with messages that name the file and the key."""

    def __init__(self, raw: dict[str, Any], where: str, base: Path) -> None:
        self.raw = raw
        self.where = where
        self.base = base

    def fail(self, key: str, message: str) -> ConfigError:
        return ConfigError(f"{self.where}: {key}: {message}")

    def no_unknown(self, d: dict[str, Any], known: set[str], prefix: str) -> None:
        unknown = sorted(set(d) - known)
        if unknown:
            key = prefix + unknown[0]
            raise self.fail(key, f"unknown key (known: {', '.join(sorted(known))})")

    def table(self, d: dict[str, Any], key: str) -> dict[str, Any]:
        value = d.get(key, {})
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a table ([{key}]), got {value!r}")
        return value

    def choice(self, d: dict[str, Any], key: str, options: tuple[str, ...], default: str) -> str:
        value = d.get(key, default)
        if value not in options:
            raise self.fail(key, f"{value!r} is not one of {', '.join(options)}")
        return str(value)

    def string(
        self, d: dict[str, Any], key: str, name: str, default: str, *, empty_ok: bool = False
    ) -> str:
        value = d.get(key, default)
        if not isinstance(value, str) or (not value and not empty_ok):
            raise self.fail(name, f"must be a non-empty string, got {value!r}")
        return value

    def integer(
        self, d: dict[str, Any], key: str, name: str, *, default: int, lo: int, hi: int
    ) -> int:
        value = d.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            raise self.fail(name, f"{value!r} is not a whole number from {lo} to {hi}")
        return value

    def boolean(self, d: dict[str, Any], key: str, name: str, default: bool) -> bool:
        value = d.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(name, f"{value!r} is not true or false")
        return value

    def path(self, d: dict[str, Any], key: str, default: str, name: str = "") -> Path:
        value = self.string(d, key, name or key, default)
        p = Path(value)
        return p if p.is_absolute() else self.base / p

    def chips(self, value: object, name: str) -> list[int] | None:
        if value is None:
            return None
        if (
            not isinstance(value, list)
            or not value
            or any(isinstance(v, bool) or not isinstance(v, int) or v <= 0 for v in value)
            or value != sorted(set(value))
        ):
            raise self.fail(name, f"{value!r} is not distinct denominations, lowest first")
        return list(value)


def _seats(c: _Checker, raw: object, starting_stack: int) -> list[SeatConfig]:
    if not isinstance(raw, dict) or not raw:
        raise c.fail("seats", 'give the players, e.g. [seats.1] name = "Ann"')
    seats = []
    for key, value in raw.items():
        # ASCII digits only ("²" is a digit to str.isdigit, not to int), written as the seat
        # number ("01" would be seat 1 twice over beside "1").
        if not (key.isascii() and key.isdigit()) or not 1 <= int(key) <= 10:
            raise c.fail(f"seats.{key}", "seat numbers are 1 to 10")
        if key != str(int(key)):
            raise c.fail(f"seats.{key}", f"write seat {int(key)} as {int(key)}")
        seat = int(key)
        name = f"seats.{key}"
        if isinstance(value, int) and not isinstance(value, bool):
            value = {"stack": value}
        if not isinstance(value, dict):
            raise c.fail(name, f"must be a table with name and stack, got {value!r}")
        c.no_unknown(value, {"name", "stack"}, name + ".")
        stack = value.get("stack", starting_stack)
        if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
            raise c.fail(f"{name}.stack", f"{stack!r} is not a positive whole number of chips")
        player = value.get("name", f"Seat {seat}")
        if not isinstance(player, str) or not player.strip():
            raise c.fail(f"{name}.name", f"{player!r} is not a player name")
        seats.append(SeatConfig(seat, player.strip(), stack))
    if len(seats) < 2:
        raise c.fail("seats", "a table needs at least two players")
    return sorted(seats, key=lambda s: s.seat)


VENUE_KEYS = {"venue", "table", "broker", "username", "password", "password_file", "ca_file"}


def _venue(c: _Checker, raw: dict[str, Any]) -> VenueConfig | None:
    """``[venue]``: venue and table ids, ``broker = "host:port"``, the table's broker user and
    its password (inline or from ``password_file``, the first line), ``ca_file`` for TLS."""
    if "venue" not in raw:
        return None
    v = c.table(raw, "venue")
    try:  # paho-mqtt loads only for a table with a [venue]
        import tablectl.daemon.venue_link  # noqa: F401
    except ImportError as exc:
        raise c.fail("venue", f"the venue link needs paho-mqtt 2.x ({exc})") from None
    c.no_unknown(v, VENUE_KEYS, "venue.")
    ids = {}
    for key in ("venue", "table"):
        if key not in v:
            raise c.fail(f"venue.{key}", f'give the {key} id (e.g. {key} = "main")')
        value = c.string(v, key, f"venue.{key}", "")
        try:
            ids[key] = check_id(key, value)
        except ValueError as exc:
            raise c.fail(f"venue.{key}", str(exc)) from None
    broker = c.string(v, "broker", "venue.broker", "localhost:1883")
    host, sep, port_text = broker.rpartition(":")
    if not sep:
        host, port_text = broker, "1883"
    host = host.strip("[]")  # [::1]:1883
    if not host or not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise c.fail("venue.broker", f"{broker!r} is not host:port (port 1 to 65535)")
    username = c.string(v, "username", "venue.username", ids["table"])
    if "password" in v and "password_file" in v:
        raise c.fail("venue.password_file", "give password or password_file, not both")
    password = None
    if "password" in v:
        password = c.string(v, "password", "venue.password", "")
    elif "password_file" in v:
        pfile = c.path(v, "password_file", "", "venue.password_file")
        try:
            lines = pfile.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            why = getattr(exc, "strerror", None) or "not UTF-8 text"
            raise c.fail("venue.password_file", f"{pfile}: cannot read: {why}") from None
        password = lines[0].strip() if lines else ""
        if not password:
            raise c.fail("venue.password_file", f"{pfile}: the first line is empty")
    ca_file = None
    if "ca_file" in v:
        ca_file = c.path(v, "ca_file", "", "venue.ca_file")
        if not ca_file.is_file():
            raise c.fail("venue.ca_file", f"{ca_file}: no such file")
        try:  # read now, not at the first connect: a traceback there, a line here
            ssl.create_default_context(cafile=str(ca_file))
        except (ssl.SSLError, OSError, ValueError) as exc:
            why = getattr(exc, "reason", None) or getattr(exc, "strerror", None) or exc
            raise c.fail(
                "venue.ca_file", f"{ca_file}: not a PEM certificate the TLS library reads ({why})"
            ) from None
    return VenueConfig(
        ids["venue"], ids["table"], host, int(port_text), username, password, ca_file
    )


def _gpio(c: _Checker, raw: object) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise c.fail("gpio", f"must be a table of console names to BCM pins, got {raw!r}")
    names = (*PRESSES, *GPIO_OUTPUTS)
    c.no_unknown(raw, set(names), "gpio.")
    used: dict[int, str] = {}
    for name, pin in raw.items():
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in BCM_PINS:
            raise c.fail(f"gpio.{name}", f"{pin!r} is not a BCM GPIO number from 2 to 27")
        if pin in used:
            raise c.fail(f"gpio.{name}", f"pin {pin} is already gpio.{used[pin]}")
        used[pin] = name
    missing = [b for b in PRESSES if b not in raw]
    if raw and missing:
        # The console is all or nothing: a dealer cannot run a hand without, say, undo.
        raise c.fail(f"gpio.{missing[0]}", f"no pin for this console button ({', '.join(missing)})")
    return dict(raw)


def _structure(
    c: _Checker, raw: object
) -> tuple[list[dict[str, Any]], tuple[int, ...], int, bool, Path]:
    """The blind structure: the same TOML file the venue clock shows (`tablectl clock
    --structure`), by path or by the name of a bundled preset (display/structures/NAME.toml).
    Returns the setup levels, the chips, the starting stack, whether antes are big blind antes,
    and the file."""
    if not isinstance(raw, str) or not raw:
        presets = ", ".join(p.stem for p in sorted(preset_dir().glob("*.toml")))
        raise c.fail("structure", f"give a structure file path or a preset name ({presets})")
    source = Path(raw)
    if not source.is_absolute():
        preset = preset_dir() / f"{raw}.toml"
        source = preset if "/" not in raw and preset.exists() else c.base / raw
    try:
        structure = load_structure(source)
    except StructureError as exc:
        raise c.fail("structure", str(exc)) from None
    levels: list[dict[str, Any]] = []
    for step in structure.steps:
        minutes = int(step.minutes) if float(step.minutes).is_integer() else step.minutes
        if step.is_break:
            levels.append({"break": minutes})
            continue
        level: dict[str, Any] = {
            "blinds": [step.small_blind, step.big_blind],
            "ante": step.ante,
            "minutes": minutes,
        }
        if step.bb_ante:
            level["bb_ante"] = True
        levels.append(level)
    bb_ante = any(s.bb_ante for s in structure.steps if not s.is_break)
    return levels, structure.chips, structure.starting_stack, bb_ante, source


def _mapping(c: _Checker, tags: dict[str, Any]) -> str:
    value = tags.get("mapping", "tracker")
    if value not in TAG_MAPPINGS:
        raise c.fail("tags.mapping", f"{value!r} is not one of {', '.join(TAG_MAPPINGS)}")
    return str(value)

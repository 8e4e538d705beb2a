"""table.toml: the shipped example loads, and every bad value is refused naming its key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablectl.config import ConfigError, load_config
from tablectl.events import event_from_obj

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "table.example.toml"

MINIMAL = """
journal = "state/j.db"
[seats.2]
name = "Ann"
stack = 5000
[seats.4]
stack = 6000
[table]
button = 4
chips = [25, 100]
[structure]
levels = [{ blinds = [25, 50], minutes = 15 }, { break = 5 }, { blinds = [50, 100], ante = 10 }]
"""


def write(tmp_path: Path, text: str, name: str = "table.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_example_loads_and_builds_a_valid_setup() -> None:
    config = load_config(EXAMPLE)
    assert config.hardware == "real"
    assert config.serial_device == "/dev/tablectl-mcu"
    assert config.gpio["new_hand"] == 19
    assert [s.seat for s in config.seats] == [1, 2, 3, 5, 6]
    body = config.setup_body()
    assert body == event_from_obj({"setup": body}).body
    assert body["blinds"] == [100, 200] and body["button"] == 1
    assert body["players"]["3"] == "Carla"


def test_minimal_config_defaults_and_relative_paths(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, MINIMAL))
    assert config.journal == tmp_path / "state" / "j.db"
    assert config.house == "tda-2025" and config.nfc_reader == "usb"
    assert config.player_names() == {2: "Ann", 4: "Seat 4"}
    body = config.setup_body()
    assert body["seats"] == {"2": 5000, "4": 6000}
    assert body["levels"][1] == {"break": 5}
    assert body["levels"][2] == {"blinds": [50, 100], "ante": 10}


def test_sim_override(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, MINIMAL), hardware="sim").hardware == "sim"


def test_structure_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "levels.json").write_text(
        json.dumps({"chips": [5, 25], "levels": [{"blinds": [5, 10], "minutes": 10}]})
    )
    text = 'structure = "levels.json"\n' + MINIMAL.split("[table]")[0] + "[table]\nbutton = 2\n"
    config = load_config(write(tmp_path, text))
    assert config.chips == (5, 25)
    assert config.structure_file == tmp_path / "levels.json"
    assert config.setup_body()["blinds"] == [5, 10]


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (("journal = ", "hardware = \"pi\"\njournal = "), "hardware"),
        (("journal = ", "house = \"vegas\"\njournal = "), "house"),
        (("journal = ", "colour = 1\njournal = "), "colour"),
        (("stack = 5000", "stack = -5"), "seats.2.stack"),
        (("stack = 5000", "stack = 5000\nchips = 3"), "seats.2.chips"),
        (("[seats.4]", "[seats.11]"), "seats.11"),
        (("button = 4", "button = 3"), "table.button"),
        (("chips = [25, 100]", "chips = [100, 25]"), "table.chips"),
        (("{ break = 5 }", "{ break = 0 }"), "structure.levels[2].break"),
        (("blinds = [25, 50]", "blinds = [50, 25]"), "structure.levels[1].blinds"),
        (("minutes = 15", "minutes = \"15\""), "structure.levels[1].minutes"),
        (("[table]", "[gpio]\ncheck = 5\nundo = 5\n[table]"), "gpio.undo"),
        (("[table]", "[gpio]\ncheck = 40\n[table]"), "gpio.check"),
        (("[table]", "[gpio]\nlaser = 4\n[table]"), "gpio.laser"),
        (("[table]", "[serial]\nbaud = 9\n[table]"), "serial.baud"),
        (("[table]", "[display]\nwidth = \"wide\"\n[table]"), "display.width"),
        (("[table]", "[display]\nfullscreen = 1\n[table]"), "display.fullscreen"),
    ],
)
def test_bad_values_name_their_key(tmp_path: Path, change: tuple[str, str], key: str) -> None:
    old, new = change
    assert old in MINIMAL
    path = write(tmp_path, MINIMAL.replace(old, new, 1))
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert f"table.toml: {key}:" in str(info.value)


def test_missing_sections(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="seats: give the players"):
        load_config(write(tmp_path, "[structure]\nlevels = [{blinds = [1, 2]}]\n"))
    no_structure = MINIMAL.split("[structure]")[0]
    with pytest.raises(ConfigError, match="structure: give the blind structure"):
        load_config(write(tmp_path, no_structure))
    with pytest.raises(ConfigError, match="only breaks"):
        load_config(write(tmp_path, no_structure + "[structure]\nlevels = [{break = 5}]\n"))
    one_seat = MINIMAL.replace("[seats.4]\nstack = 6000\n", "").replace("button = 4", "button = 2")
    with pytest.raises(ConfigError, match="at least two players"):
        load_config(write(tmp_path, one_seat))


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "absent.toml")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(write(tmp_path, "seats = [\n"))
    with pytest.raises(ConfigError, match="cannot read"):
        load_config(write(tmp_path, 'structure = "nope.toml"\n' + MINIMAL.split("[structure]")[0]))

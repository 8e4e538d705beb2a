"""table.toml: the shipped example loads, and every bad value is refused naming its key."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablectl.daemon.config import ConfigError, load_config
from tablectl.engine.events import event_from_obj

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "table.example.toml"

STRUCTURE = """
name = "Test"
starting_stack = 4000
chips = [25, 100]
[[step]]
blinds = [25, 50]
minutes = 15
[[step]]
kind = "break"
minutes = 5
[[step]]
blinds = [50, 100]
ante = 100
bb_ante = true
minutes = 12.5
"""

MINIMAL = """
journal = "state/j.db"
structure = "levels.toml"
[seats.2]
name = "Ann"
stack = 5000
[seats.4]
stack = 6000
[table]
button = 4
chips = [25, 100]
"""


def write(tmp_path: Path, text: str, name: str = "table.toml") -> Path:
    (tmp_path / "levels.toml").write_text(STRUCTURE, encoding="utf-8")
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
    assert config.tag_mapping == "tracker"  # the bridge's tracker, unless "instant" is asked
    assert body["names"]["3"] == "Carla"


def test_minimal_config_defaults_and_relative_paths(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, MINIMAL))
    assert config.journal == tmp_path / "state" / "j.db"
    assert config.decks_file == Path("/var/lib/tablectl/decks.json")
    assert config.structure_file == tmp_path / "levels.toml"
    assert config.house == "tda-2025" and config.nfc_reader == "usb"
    assert config.player_names() == {2: "Ann", 4: "Seat 4"}
    body = config.setup_body()
    assert body["seats"] == {"2": 5000, "4": 6000}
    assert body["blinds"] == [25, 50] and body["ante"] == 0 and body["bb_ante"] is True
    assert body["levels"] == [
        {"blinds": [25, 50], "ante": 0, "minutes": 15},
        {"break": 5},
        {"blinds": [50, 100], "ante": 100, "minutes": 12.5, "bb_ante": True},
    ]


def test_sim_override(tmp_path: Path) -> None:
    assert load_config(write(tmp_path, MINIMAL), hardware="sim").hardware == "sim"
    # --sim overrides the file's value, but a wrong value is still wrong.
    with pytest.raises(ConfigError, match=r"table\.toml: hardware: 'pi' is not one of"):
        load_config(write(tmp_path, 'hardware = "pi"\n' + MINIMAL), hardware="sim")


def test_structure_preset_gives_chips_and_starting_stacks(tmp_path: Path) -> None:
    text = MINIMAL.replace('"levels.toml"', '"home-003"').replace("chips = [25, 100]\n", "")
    text = text.replace("stack = 6000\n", "")
    config = load_config(write(tmp_path, text))
    assert config.structure_file.name == "home-003.toml"
    assert config.chips == (5, 10, 25, 50, 100)
    assert config.setup_body()["seats"] == {"2": 5000, "4": 1000}


@pytest.mark.parametrize(
    ("change", "key"),
    [
        (("journal = ", 'hardware = "pi"\njournal = '), "hardware"),
        (("journal = ", 'house = "vegas"\njournal = '), "house"),
        (("journal = ", "colour = 1\njournal = "), "colour"),
        (("stack = 5000", "stack = -5"), "seats.2.stack"),
        (("stack = 5000", "stack = 5000\nchips = 3"), "seats.2.chips"),
        (("[seats.4]", "[seats.11]"), "seats.11"),
        (("[seats.4]", '[seats."²"]'), "seats.²"),
        (("[seats.4]", "[seats.04]"), "seats.04"),
        (("button = 4", "button = 3"), "table.button"),
        (("chips = [25, 100]", "chips = [100, 25]"), "table.chips"),
        (("levels.toml", "nope.toml"), "structure"),
        (("levels.toml", "table.toml"), "structure"),
        (("[table]", "[gpio]\ncheck = 5\nundo = 5\n[table]"), "gpio.undo"),
        (("[table]", "[gpio]\ncheck = 40\n[table]"), "gpio.check"),
        (("[table]", "[gpio]\ncheck = 5\n[table]"), "gpio.clock"),
        (("[table]", "[gpio]\nlaser = 4\n[table]"), "gpio.laser"),
        (("[table]", "[serial]\nbaud = 9\n[table]"), "serial.baud"),
        (("[table]", "[tags]\ndecks = 5\n[table]"), "tags.decks"),
        (("[table]", '[tags]\nmapping = "raw"\n[table]'), "tags.mapping"),
        (("[table]", '[display]\nwidth = "wide"\n[table]'), "display.width"),
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
        load_config(write(tmp_path, 'structure = "levels.toml"\n'))
    no_structure = MINIMAL.replace('structure = "levels.toml"\n', "")
    with pytest.raises(ConfigError, match="structure: give a structure file path or a preset"):
        load_config(write(tmp_path, no_structure))
    one_seat = MINIMAL.replace("[seats.4]\nstack = 6000\n", "").replace("button = 4", "button = 2")
    with pytest.raises(ConfigError, match="at least two players"):
        load_config(write(tmp_path, one_seat))


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="no such file"):
        load_config(tmp_path / "absent.toml")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(write(tmp_path, "seats = [\n"))
    with pytest.raises(ConfigError, match=r"structure: .*nope\.toml: cannot read"):
        load_config(write(tmp_path, MINIMAL.replace("levels.toml", "nope.toml")))


def test_a_venue_ca_file_that_is_not_a_certificate_is_one_line(tmp_path: Path) -> None:
    """Issue 26, item 12: read at start-up, not at the first connect (an ssl.SSLError
    traceback from paho's thread)."""
    from tablectl.daemon.config import ConfigError, load_config

    ca = tmp_path / "venue-ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\nnot base64 at all\n-----END CERTIFICATE-----\n")
    cfg = tmp_path / "table.toml"
    cfg.write_text(
        'journal = "j.db"\nstructure = "home-003"\n[seats.1]\nname = "Ann"\n'
        '[seats.2]\nname = "Bob"\n[venue]\nvenue = "v1"\ntable = "T1"\n'
        'broker = "127.0.0.1:8883"\npassword = "pw"\n'
        f'ca_file = "{ca}"\n'
    )
    with pytest.raises(ConfigError) as err:
        load_config(cfg, hardware="sim")
    text = str(err.value)
    assert "venue.ca_file" in text and "not a PEM certificate" in text and "\n" not in text

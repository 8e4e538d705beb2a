"""`tablectl doctor`: every check on the simulator, then each broken on purpose (a pty that never
answers, a silent antenna, no reader, a button never pressed, a read-only journal directory, a
broker that refuses, a video driver SDL lacks) and its message read."""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory

from firmware_bridge import protocol as p
from hw_sim.console import DEFAULT_PINS
from hw_sim.mcu import McuEmulator
from hw_sim.nfc_tags import TagField
from tablectl.cli import main
from tablectl.cli.checks.broker import check_broker
from tablectl.cli.checks.display import check_display
from tablectl.cli.checks.gpio import check_gpio
from tablectl.cli.checks.journal_dir import check_journal_dir
from tablectl.cli.checks.nfc_reader import check_nfc
from tablectl.cli.checks.serial_mcu import check_device, check_mcu
from tablectl.cli.checks.unit import check_unit
from tablectl.daemon.config import VenueConfig

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "table.example.toml"


def statuses(found: list) -> list[tuple[str, str]]:
    return [(f.check, f.status) for f in found]


def doctor_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main(["doctor", "--json", *args])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_sim_every_check_passes_with_presses_and_a_tag(capsys: pytest.CaptureFixture[str]) -> None:
    code, report = doctor_json(capsys, "--sim", "--config", str(EXAMPLE), "--timeout", "5")
    by_check = {c["check"]: c for c in report["checks"]}
    assert code == 0 and report["ok"] and report["counts"]["FAIL"] == 0
    for name in ("config", "serial", "mcu", "antennas", "nfc", "nfc tag", "gpio buttons"):
        assert by_check[name]["status"] == "OK", by_check[name]
    assert "firmware 'tablesim 1.0'" in by_check["mcu"]["message"]
    assert by_check["antennas"]["message"] == "all 34 reported"
    assert "read tag 03fe000000000001" in by_check["nfc tag"]["message"]
    assert by_check["gpio buttons"]["message"].startswith("all 8 pressed")
    assert {"gpio floor light", "gpio buzzer", "display", "journal", "clock", "broker"} <= set(
        by_check
    )


def test_text_report_and_exit_status_on_a_fail(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "table.toml"
    bad.write_text(EXAMPLE.read_text().replace('house = "tda-2025"', 'house = "vegas"'))
    code = main(["doctor", "--sim", "--no-interactive", "--config", str(bad)])
    out = capsys.readouterr().out
    assert code == 1
    assert "FAIL config: table.toml: house:" in out
    assert "     fix: fix that key" in out
    assert out.rstrip().endswith("1 FAIL")


def test_a_pty_that_never_answers(tmp_path: Path) -> None:
    master, slave = os.openpty()
    try:
        found = check_mcu(os.ttyname(slave), 250_000, timeout=1.0)
    finally:
        os.close(master)
        os.close(slave)
    assert statuses(found) == [("mcu", "FAIL")]
    assert found[0].message.startswith("no answer to HELLO on /dev/pts/")
    assert "firmware is flashed" in found[0].fix and "baud = 250000" in found[0].fix


def test_an_antenna_that_never_reports(tmp_path: Path) -> None:
    def drop_antenna_7(wire: bytes) -> list[bytes]:
        for frame in p.Decoder().feed(wire):
            msg = p.parse(frame)
            if isinstance(msg, p.ZoneReport) and msg.antenna == 7:
                return []
        return [wire]

    mcu = McuEmulator(str(tmp_path / "tty"), snapshot_every=None)
    mcu.tx_filter = drop_antenna_7
    mcu.start()
    try:
        found = check_mcu(mcu.link_path, 250_000, timeout=3.0)
    finally:
        mcu.stop()
    assert statuses(found) == [("mcu", "OK"), ("antennas", "FAIL")]
    assert found[1].message == "1 of 34 sent no report: 7 (seat:8)"


def test_a_missing_device(tmp_path: Path) -> None:
    found = check_device(str(tmp_path / "tablectl-mcu"))
    assert statuses(found) == [("serial", "FAIL")]
    assert "does not exist" in found[0].message and "99-tablectl.rules" in found[0].fix
    plain = tmp_path / "file"
    plain.write_text("")
    assert "is not a serial device" in check_device(str(plain))[0].message


def test_no_reader_and_no_tag() -> None:
    found = check_nfc("tty:tablectl-no-such-reader", interactive=False, ask=print)
    assert statuses(found) == [("nfc", "FAIL")] and "no reader at" in found[0].message
    field = TagField()
    field.start()
    try:
        asked: list[str] = []
        found = check_nfc(field.path, interactive=True, ask=asked.append, timeout=0.5)
    finally:
        field.stop()
    assert statuses(found) == [("nfc", "OK"), ("nfc tag", "FAIL")]
    assert found[1].message == "no tag read within 0.5 s" and asked


def test_a_button_that_is_not_wired() -> None:
    factory = MockFactory()

    def press(button: str, _text: str) -> None:
        # the undo button is dead: pressing it does nothing; the dealer then tries floor
        pin = factory.pin(DEFAULT_PINS["floor" if button == "undo" else button])
        pin.drive_low()
        pin.drive_high()

    try:
        found = check_gpio(
            DEFAULT_PINS, pin_factory=factory, interactive=True, ask=press, timeout=0.5
        )
    finally:
        factory.close()
    assert found[0].status == "FAIL"
    assert found[0].message == "undo (BCM 20) not pressed within 0.5 s: got floor (BCM 16)"
    assert "between BCM 20 and ground" in found[0].fix
    # the outputs are still driven: the mock pins saw them go high and low
    assert statuses(found[1:]) == [("gpio floor light", "OK"), ("gpio buzzer", "OK")]


def test_a_pin_used_twice() -> None:
    factory = MockFactory()
    try:
        found = check_gpio(
            {**DEFAULT_PINS, "undo": 5}, pin_factory=factory, interactive=False, ask=print
        )
    finally:
        factory.close()
    assert statuses(found) == [("gpio", "FAIL")]
    assert "pin 5 is already used by check" in found[0].message


@pytest.fixture
def read_only_dir(tmp_path: Path) -> Iterator[Path]:
    where = tmp_path / "ro"
    where.mkdir()
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "ro,size=1m", "tmpfs", str(where)],
        capture_output=True,
        text=True,
    )
    if done.returncode:
        pytest.skip(f"cannot mount a read-only file system here: {done.stderr.strip()}")
    yield where
    subprocess.run(["umount", str(where)], check=True)


def test_a_read_only_journal_directory(
    read_only_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    found = check_journal_dir(read_only_dir / "journal.db")
    assert statuses(found) == [("journal", "FAIL")]
    assert found[0].message == f"{read_only_dir} is not writable: Read-only file system"
    assert "remount the file system read-write" in found[0].fix
    code, report = doctor_json(
        capsys,
        "--sim",
        "--no-interactive",
        "--config",
        str(EXAMPLE),
        "--journal",
        str(read_only_dir / "journal.db"),
    )
    assert code == 1 and not report["ok"]


def test_journal_directory_writable_and_emmc_wear(tmp_path: Path) -> None:
    # a /sys laid out as the kernel's for an eMMC whose rated life is 90-100 % used
    st = os.stat(tmp_path)
    disk = tmp_path / "sys/devices/mmc/block/mmcblk0"
    part = disk / "mmcblk0p2"
    part.mkdir(parents=True)
    (part / "partition").write_text("2\n")
    (disk / "device").mkdir()
    (disk / "device/life_time").write_text("0x0a 0x09\n")
    (disk / "device/pre_eol_info").write_text("0x01\n")
    links = tmp_path / "sys/dev/block"
    links.mkdir(parents=True)
    (links / f"{os.major(st.st_dev)}:{os.minor(st.st_dev)}").symlink_to(part)
    found = check_journal_dir(tmp_path / "journal.db", sys_root=tmp_path / "sys")
    assert found[0].status == "OK" and "writable" in found[0].message
    assert found[1] == found[1].__class__(
        "storage wear",
        "WARN",
        "mmcblk0: about 90-100 % of its life used",
        "plan to replace the card; keep journal backups",
    )
    assert not list(tmp_path.glob(".doctor-*"))  # the probe file is gone


def test_a_video_driver_sdl_does_not_have() -> None:
    found = check_display(enabled=True, driver="nosuchdriver", want=(1280, 720), sim=False)
    assert statuses(found) == [("display", "FAIL")]
    assert "SDL_VIDEODRIVER=nosuchdriver: pygame cannot open it" in found[0].message
    assert "SDL_VIDEODRIVER" not in os.environ or os.environ["SDL_VIDEODRIVER"] != "nosuchdriver"


def test_unit_states() -> None:
    base = {"LoadState": "loaded", "SubState": "running", "NRestarts": "0"}
    running = {**base, "ActiveState": "active", "UnitFileState": "enabled"}
    assert check_unit("tablectl.service", running)[0].status == "OK"
    failed = {**base, "ActiveState": "failed", "UnitFileState": "enabled", "SubState": "failed"}
    found = check_unit("tablectl.service", failed)
    assert found[0].status == "FAIL" and "journalctl -u tablectl.service" in found[0].fix
    disabled = {**running, "UnitFileState": "disabled"}
    assert "systemctl enable --now" in check_unit("tablectl.service", disabled)[0].fix
    missing = {"LoadState": "not-found", "ActiveState": "inactive"}
    assert "install the tablectl package" in check_unit("tablectl.service", missing)[0].fix


# --- the venue broker: a real mosquitto (tests/broker.py) ----------------------------------


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[object]:
    from broker import start_broker, throwaway_ca

    b = start_broker(tmp_path, tls=throwaway_ca(tmp_path / "ca"))
    yield b
    b.stop()


def venue(broker: object, **kw: object) -> VenueConfig:
    base: dict[str, object] = {
        "venue": "v1",
        "table": "t1",
        "host": "127.0.0.1",
        "port": broker.port,  # type: ignore[attr-defined]
        "password": "t1-pw",
    }
    return VenueConfig(**{**base, **kw})  # type: ignore[arg-type]


def test_broker_accepts_and_says_tls_is_missing(broker: object) -> None:
    found = check_broker(venue(broker))
    assert statuses(found) == [("broker", "OK"), ("broker tls", "WARN")]
    assert "accepted table t1 as user 't1'" in found[0].message


def test_broker_refuses_a_wrong_password(broker: object) -> None:
    found = check_broker(venue(broker, password="guess"))
    assert statuses(found) == [("broker", "FAIL")]
    assert "refused user 't1': Not authorized" in found[0].message
    assert "mosquitto_passwd" in found[0].fix


def test_broker_over_tls(broker: object, tmp_path: Path) -> None:
    tls_port = broker.tls_port  # type: ignore[attr-defined]
    good = check_broker(venue(broker, port=tls_port, ca_file=tmp_path / "ca" / "ca.crt"))
    assert statuses(good) == [("broker", "OK"), ("broker tls", "OK")]
    from broker import throwaway_ca

    other = throwaway_ca(tmp_path / "other").ca
    found = check_broker(venue(broker, port=tls_port, ca_file=other))
    assert statuses(found) == [("broker", "FAIL")]
    assert found[0].message.startswith(f"TLS to 127.0.0.1:{tls_port} failed:")
    assert "certificate verify failed" in found[0].message


def test_nothing_listens(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    from tablectl.venue.broker import free_port

    port = free_port()
    config = tmp_path / "table.toml"
    config.write_text(
        EXAMPLE.read_text()
        + f'\n[venue]\nvenue = "v1"\ntable = "t1"\nbroker = "127.0.0.1:{port}"\npassword = "x"\n'
    )
    code, report = doctor_json(capsys, "--sim", "--no-interactive", "--config", str(config))
    broker_line = next(c for c in report["checks"] if c["check"] == "broker")
    assert code == 1 and broker_line["status"] == "FAIL"
    assert broker_line["message"].startswith(f"cannot reach 127.0.0.1:{port}:")

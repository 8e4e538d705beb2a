"""`tablectl doctor`: one command a technician runs on a new or failing table.

It checks, in order, the configuration, the systemd unit, the MCU's serial device and handshake
(firmware, antenna map, a report from every antenna), the NFC reader (and a tag read), the dealer
console's GPIO (each button pressed when asked; the floor light and buzzer driven), the screen
pygame will use, the journal's directory (writable, space, storage wear), the clock (NTP) and the
venue broker. Each line is OK, WARN or FAIL with the fix in words; the exit status is 1 when a
line FAILs. ``--json`` prints one JSON object (a fleet's reports are one line a table).

``--sim`` runs the same checks against the simulator: hw_sim's MCU emulator on a pty, the
console on gpiozero's MockFactory (the simulator presses each button when asked), nfcpy's udp
driver on 127.0.0.1 (a simulated tag is tapped when asked) and SDL's dummy video driver.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import socket
import sys
import tempfile
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from tablectl.cli.checks import Finding, fail, ok, warn

UNIT = "tablectl.service"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--config",
        default="/etc/tablectl/table.toml",
        metavar="FILE",
        help="table configuration (default /etc/tablectl/table.toml)",
    )
    parser.add_argument("--sim", action="store_true", help="check against the simulator")
    parser.add_argument(
        "--no-interactive",
        action="store_true",
        help="ask for no button press and no tag (the devices are still opened)",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--journal", metavar="DB", help="journal path (overrides the config)")
    parser.add_argument(
        "--timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds to wait for the MCU, a press or a tag (default 10)",
    )
    parser.add_argument("--unit", default=UNIT, help=f"the unit to check (default {UNIT})")


class Report:
    """Collects findings; prints each as it comes unless the report is JSON."""

    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json
        self.findings: list[Finding] = []

    def add(self, found: list[Finding]) -> None:
        for f in found:
            self.findings.append(f)
            if not self.as_json:
                print(f.line(), flush=True)

    def ask(self, text: str) -> None:
        print(f"  >> {text}", file=sys.stderr, flush=True)

    def counts(self) -> dict[str, int]:
        return {s: sum(f.status == s for f in self.findings) for s in ("OK", "WARN", "FAIL")}


def run(args: argparse.Namespace) -> int:
    # The findings say what went wrong; the libraries' own log lines would say it twice.
    logging.basicConfig(level=logging.CRITICAL)
    report = Report(args.json)
    with ExitStack() as stack:
        _checks(args, report, stack)
    counts = report.counts()
    if args.json:
        obj: dict[str, Any] = {
            "host": socket.gethostname(),
            "config": args.config,
            "sim": args.sim,
            "ok": counts["FAIL"] == 0,
            "counts": counts,
            "checks": [f.to_obj() for f in report.findings],
        }
        print(json.dumps(obj, ensure_ascii=False))
    else:
        print(f"doctor: {counts['OK']} OK, {counts['WARN']} WARN, {counts['FAIL']} FAIL")
    return 1 if counts["FAIL"] else 0


def _checks(args: argparse.Namespace, report: Report, stack: ExitStack) -> None:
    from tablectl.daemon.config import ConfigError, load_config

    interactive = not args.no_interactive
    try:
        config = load_config(args.config, hardware="sim" if args.sim else None)
    except ConfigError as exc:
        config = None
        report.add(
            [fail("config", str(exc), "fix that key (docs/table.example.toml explains each)")]
        )
    else:
        report.add([ok("config", f"{args.config}: {len(config.seats)} seats, {config.house}")])

    held = False
    if args.sim:
        report.add([ok("unit", "not checked under --sim")])
    else:
        from tablectl.cli.checks.unit import check_unit, unit_state

        state = unit_state(args.unit)
        report.add(check_unit(args.unit, state))
        held = state is not None and state.get("ActiveState") in ("active", "activating")

    if config is not None:
        if held:
            report.add(
                [
                    warn(
                        "hardware",
                        f"{args.unit} is running and holds the MCU, the NFC reader and the "
                        "GPIO pins: not tested",
                        f"systemctl stop {args.unit}; tablectl doctor; systemctl start {args.unit}",
                    )
                ]
            )
        else:
            _hardware(args, config, report, stack, interactive)
        from tablectl.cli.checks.display import check_display

        driver = os.environ.get("SDL_VIDEODRIVER") or ("dummy" if args.sim else "kmsdrm")
        report.add(
            check_display(
                enabled=config.display_enabled,
                driver=driver,
                want=(config.display_width, config.display_height),
                sim=args.sim,
            )
        )

    from tablectl.cli.checks.journal_dir import check_journal_dir

    if args.journal:
        journal = Path(args.journal)
    elif args.sim:
        journal = Path(stack.enter_context(tempfile.TemporaryDirectory())) / "journal.db"
    else:
        journal = config.journal if config else Path("/var/lib/tablectl/journal.db")
    report.add(check_journal_dir(journal))

    from tablectl.cli.checks.clock import check_clock

    report.add(check_clock())
    if config is not None:
        from tablectl.cli.checks.broker import check_broker

        report.add(check_broker(config.venue, timeout=min(args.timeout, 10.0)))


def _hardware(
    args: argparse.Namespace, config: Any, report: Report, stack: ExitStack, interactive: bool
) -> None:
    from tablectl.cli.checks.gpio import check_gpio
    from tablectl.cli.checks.nfc_reader import check_nfc
    from tablectl.cli.checks.serial_mcu import check_device, check_mcu

    device, nfc_path = config.serial_device, config.nfc_reader
    pin_factory: Any = None
    tap: Callable[[], None] = lambda: None  # noqa: E731
    press: Callable[[str], None] = lambda _button: None  # noqa: E731
    if args.sim:
        device, nfc_path, pin_factory, tap, press = _simulator(stack, config.gpio)

    found = check_device(device)
    report.add(found)
    if found[-1].status != "FAIL":
        report.add(check_mcu(device, config.serial_baud, timeout=args.timeout))

    def ask_tag(text: str) -> None:
        report.ask(text)
        tap()

    report.add(check_nfc(nfc_path, interactive=interactive, ask=ask_tag, timeout=args.timeout))

    def ask_press(button: str, text: str) -> None:
        report.ask(text)
        press(button)

    report.add(
        check_gpio(
            config.gpio,
            pin_factory=pin_factory,
            interactive=interactive,
            ask=ask_press,
            timeout=args.timeout,
        )
    )


def _simulator(
    stack: ExitStack, pins: dict[str, int]
) -> tuple[str, str, Any, Callable[[], None], Callable[[str], None]]:
    """The MCU emulator on a pty, a tag field on 127.0.0.1 and mock pins (``pins``: the
    console's, by name); stopped on exit."""
    from hw_sim.console import mock_factory
    from hw_sim.nfc_tags import TagField, tag_uid
    from hw_sim.sim_hardware import SimHardware

    hw = SimHardware()
    hw.start()
    stack.callback(hw.stop)
    field = TagField()
    field.start()
    stack.callback(field.stop)
    factory = mock_factory()
    stack.callback(factory.close)

    def tap() -> None:
        field.tap(tag_uid(1), "As")

    def press(button: str) -> None:
        pin = factory.pin(pins[button])
        pin.drive_low()
        pin.drive_high()

    return hw.port, field.path, factory, tap, press

"""The dealer console on GPIO: every button pressed when asked, the floor light and the buzzer
driven (their pins read back). Pins come from table.toml's ``[gpio]`` (BCM numbers)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from firmware_bridge.console import DealerConsole, PinMapError
from tablectl.cli.checks import Finding, fail, ok
from tablectl.engine.events import PRESSES

# ask(button, text): tell the technician which button to press (the simulator presses it).
Ask = Callable[[str, str], None]


def check_gpio(
    pins: dict[str, int],
    *,
    pin_factory: Any = None,
    interactive: bool,
    ask: Ask,
    timeout: float = 10.0,
) -> list[Finding]:
    try:
        console = DealerConsole(pins, pin_factory=pin_factory, debounce=0.0)
    except PinMapError as exc:
        return [fail("gpio", str(exc), "fix [gpio] in /etc/tablectl/table.toml")]
    except Exception as exc:  # gpiozero's BadPinFactory, a pin in use, no /dev/gpiochip*
        return [
            fail(
                "gpio",
                f"cannot drive the GPIO pins: {type(exc).__name__}: {exc}",
                "on a Pi: install python3-lgpio and add the user to group gpio; stop "
                "tablectl.service if it holds the pins",
            )
        ]
    try:
        found = [_buttons(console, interactive, ask, timeout)]
        found += _outputs(console)
        return found
    finally:
        console.close()


def _buttons(console: DealerConsole, interactive: bool, ask: Ask, timeout: float) -> Finding:
    wired = ", ".join(f"{b} {console.pins[b]}" for b in PRESSES)
    if not interactive:
        return ok("gpio buttons", f"{len(PRESSES)} set up (BCM {wired}); not pressed")
    console.poll()
    for button in PRESSES:
        pin = console.pins[button]
        ask(button, f"press the {button.upper()} button (BCM {pin}) within {timeout:g} s")
        got = _wait_press(console, timeout)
        if got != button:
            what = "nothing" if got is None else f"{got} (BCM {console.pins[got]})"
            return fail(
                "gpio buttons",
                f"{button} (BCM {pin}) not pressed within {timeout:g} s: got {what}",
                f"check the {button} button's wiring between BCM {pin} and ground (the inputs "
                "pull up; a press pulls the pin low), or its pin in [gpio]",
            )
    return ok("gpio buttons", f"all {len(PRESSES)} pressed (BCM {wired})")


def _wait_press(console: DealerConsole, timeout: float) -> str | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        presses = console.poll()
        if presses:
            return str(presses[0].body)
        time.sleep(0.02)
    return None


def _outputs(console: DealerConsole) -> list[Finding]:
    found = []
    for name, device in (("floor light", console.floor_light), ("buzzer", console.buzzer)):
        key = "alert_led" if name == "floor light" else "buzzer"
        if device is None:
            found.append(ok(f"gpio {name}", f"none configured ([gpio] {key})"))
            continue
        pin = console.pins[key]
        device.on()
        lit = device.pin.state
        time.sleep(0.3)  # long enough to see or hear
        device.off()
        dark = device.pin.state
        if lit and not dark:
            found.append(ok(f"gpio {name}", f"BCM {pin} driven on and off (it should have shown)"))
        else:
            found.append(
                fail(
                    f"gpio {name}",
                    f"BCM {pin} did not follow: read {lit} after on, {dark} after off",
                    f"another program or an overlay holds BCM {pin}; check [gpio] {key}",
                )
            )
    return found

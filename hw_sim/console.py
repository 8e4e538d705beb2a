"""The dealer console on gpiozero's MockFactory: the simulator presses buttons by driving pins.

:class:`SimConsole` builds the real :class:`firmware_bridge.console.DealerConsole` on mock pins,
so the same gpiozero Button/LED/Buzzer code runs; :meth:`SimConsole.press` drives a button's
pin low and high again, optionally with contact chatter first.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gpiozero.pins.mock import MockFactory

from firmware_bridge.console import DealerConsole

# The pin map of docs/table.example.toml.
DEFAULT_PINS: dict[str, int] = {
    "check": 5,
    "clock": 6,
    "award": 13,
    "new_hand": 19,
    "pause": 26,
    "resume": 21,
    "undo": 20,
    "floor": 16,
    "buzzer": 12,
    "alert_led": 25,
}


class SimConsole:
    def __init__(
        self,
        pins: dict[str, int] | None = None,
        *,
        debounce: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.factory = MockFactory()
        self.console = DealerConsole(
            pins or DEFAULT_PINS, pin_factory=self.factory, debounce=debounce, clock=clock
        )

    def pin(self, name: str) -> Any:
        return self.factory.pin(self.console.pins[name])

    def press(self, name: str, chatter: int = 0) -> None:
        """Press and release ``name``; ``chatter`` extra make/break pairs as a worn switch."""
        pin = self.pin(name)
        for _ in range(chatter):
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        pin.drive_high()
        # MockPin records every change for its assert_states(); nobody asserts on the buttons'
        # own history, and a long run (`tablectl sim --hands 2000`) must not keep it all.
        del pin.states[:-1]

    def close(self) -> None:
        self.console.close()
        self.factory.close()


def mock_factory() -> MockFactory:
    """Mock pins for a console built elsewhere (`tablectl doctor --sim` checks the real
    :class:`DealerConsole` on them and presses its buttons by driving the pins)."""
    return MockFactory()

"""The dealer console on the Pi's GPIO (gpiozero): buttons in, floor light and buzzer out.

Buttons (check, clock, award, new_hand, pause, resume, undo, floor) become ``press`` events of
shared/spec/scenario-format.md. Debouncing is ours, not gpiozero's ``bounce_time``: a press is
accepted when the button was last accepted at least ``debounce`` seconds earlier, so contact
chatter and a nervous double tap give one event (and the clock is injectable for tests).
The ``floor`` button also lights the floor-call LED until :meth:`DealerConsole.floor_answered`;
:meth:`DealerConsole.countdown` drives the buzzer for a player on the clock (002 Rule 29).

The pin map comes from the ``[gpio]`` table of the configuration: BCM pin numbers by name,
``buzzer`` and ``alert_led`` for the outputs.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

from tablectl.engine.events import PRESSES, Event, event_from_obj

log = logging.getLogger(__name__)

OUTPUTS = ("buzzer", "alert_led")
BCM_PINS = range(0, 28)


class PinMapError(ValueError):
    """A pin map that cannot drive the console; the message names the entry."""


def validate_pin_map(pins: dict[str, Any]) -> dict[str, int]:
    """Check a ``[gpio]`` table: known names, BCM pins 0..27, no pin used twice.

    Every button must be wired; the buzzer and the floor light are optional."""
    out: dict[str, int] = {}
    for name, pin in pins.items():
        if name not in PRESSES and name not in OUTPUTS:
            raise PinMapError(f"gpio.{name}: not a console button or output")
        if isinstance(pin, bool) or not isinstance(pin, int) or pin not in BCM_PINS:
            raise PinMapError(f"gpio.{name}: {pin!r} is not a BCM pin number 0..27")
        out[name] = pin
    missing = [b for b in PRESSES if b not in out]
    if missing:
        raise PinMapError(f"gpio: no pin for {', '.join(missing)}")
    seen: dict[int, str] = {}
    for name, pin in out.items():
        if pin in seen:
            raise PinMapError(f"gpio.{name}: pin {pin} is already used by {seen[pin]}")
        seen[pin] = name
    return out


class DealerConsole:
    """The console's devices. ``pin_factory`` None means the Pi's own pins; tests and hw_sim
    pass gpiozero's MockFactory."""

    def __init__(
        self,
        pins: dict[str, Any],
        *,
        pin_factory: Any = None,
        debounce: float = 0.25,
        clock: Callable[[], float] = time.monotonic,
        countdown_from: int = 5,
    ) -> None:
        from gpiozero import LED, Button, Buzzer

        self.pins = validate_pin_map(pins)
        self.debounce = debounce
        self.countdown_from = countdown_from
        self.clock = clock
        self.events: queue.Queue[Event] = queue.Queue()
        self.post: Callable[[Event], None] | None = None  # the daemon's inbox, once bound
        self.ignored = 0  # edges dropped by the debounce
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()
        self.buttons: dict[str, Any] = {}
        for name in PRESSES:
            # bounce_time=None: gpiozero's debounce drops edges in its own thread's timing;
            # ours is deterministic and testable.
            button = Button(
                self.pins[name], pull_up=True, bounce_time=None, pin_factory=pin_factory
            )
            button.when_pressed = self._handler(name)
            self.buttons[name] = button
        self.floor_light = (
            LED(self.pins["alert_led"], pin_factory=pin_factory)
            if "alert_led" in self.pins
            else None
        )
        self.buzzer = (
            Buzzer(self.pins["buzzer"], pin_factory=pin_factory) if "buzzer" in self.pins else None
        )
        self._beeped: int | None = None

    def _handler(self, name: str) -> Callable[[], None]:
        def pressed() -> None:
            self._press(name)

        return pressed

    def _press(self, name: str) -> None:
        now = self.clock()
        with self._lock:
            last = self._last.get(name)
            if last is not None and now - last < self.debounce:
                self.ignored += 1
                return
            self._last[name] = now
        if name == "floor" and self.floor_light is not None:
            self.floor_light.on()
        (self.post or self.events.put)(event_from_obj({"press": name}))

    def poll(self) -> list[Event]:
        """The presses accepted since the last poll, in order."""
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    def floor_answered(self) -> None:
        """The floor person came (their badge was read): the call light goes out."""
        if self.floor_light is not None:
            self.floor_light.off()

    @property
    def floor_called(self) -> bool:
        return bool(self.floor_light is not None and self.floor_light.is_lit)

    def countdown(self, seconds_left: float) -> bool:
        """Call every tick while a player is on the clock: one short beep for each second of the
        final count and a long one at zero (002 Rule 29: 25 seconds plus a 5-second countdown;
        ``countdown_from`` sets the count for houses that use another). True when it beeped."""
        if self.buzzer is None:
            return False
        whole = max(0, int(seconds_left + 0.999))
        if whole > self.countdown_from:
            self._beeped = None
            return False
        if whole == self._beeped:
            return False
        self._beeped = whole
        on_time = 1.0 if whole == 0 else 0.08
        self.buzzer.blink(on_time=on_time, off_time=0.0, n=1, background=True)
        return True

    def close(self) -> None:
        for dev in (*self.buttons.values(), self.floor_light, self.buzzer):
            if dev is not None:
                dev.close()

"""The dealer console on gpiozero's MockFactory: presses, debounce, floor light, buzzer."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from firmware_bridge.console import PinMapError, validate_pin_map
from hw_sim.console import DEFAULT_PINS, SimConsole
from tablectl.engine.events import PRESSES


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def sim() -> Iterator[tuple[SimConsole, Clock]]:
    clock = Clock()
    s = SimConsole(clock=clock, debounce=0.25)
    yield s, clock
    s.close()


def presses(s: SimConsole) -> list[str]:
    return [e.body for e in s.console.poll()]


def test_every_button_gives_its_press_event(sim: tuple[SimConsole, Clock]) -> None:
    s, clock = sim
    for name in PRESSES:
        s.press(name)
        clock.t += 1
    assert presses(s) == list(PRESSES)
    assert all(e.kind == "press" for e in s.console.poll()) and s.console.poll() == []


def test_chatter_and_double_taps_are_debounced(sim: tuple[SimConsole, Clock]) -> None:
    s, clock = sim
    s.press("check", chatter=5)
    assert presses(s) == ["check"]
    assert s.console.ignored == 5
    clock.t += 0.1
    s.press("check")  # a second tap inside the window is the same press
    assert presses(s) == []
    clock.t += 0.3
    s.press("check")
    assert presses(s) == ["check"]
    s.press("award")  # another button is not held up by check's window
    assert presses(s) == ["award"]


def test_floor_call_light(sim: tuple[SimConsole, Clock]) -> None:
    s, _ = sim
    led = s.pin("alert_led")
    assert not s.console.floor_called and led.state == 0
    s.press("floor")
    assert presses(s) == ["floor"]
    assert s.console.floor_called and led.state == 1
    s.console.floor_answered()
    assert not s.console.floor_called and led.state == 0


def test_buzzer_counts_down_the_last_seconds(sim: tuple[SimConsole, Clock]) -> None:
    s, _ = sim
    buzzer = s.pin("buzzer")
    beeps = []
    for tenths in range(300, -1, -1):  # a 30 s clock, ticked every 0.1 s
        if s.console.countdown(tenths / 10):
            beeps.append(tenths / 10)
    # one beep as each of the last five seconds begins, and the long one at zero
    assert beeps == [5.0, 4.0, 3.0, 2.0, 1.0, 0.0]
    # and the pin really sounded: the long beep turns it on, then off after a second
    deadline = time.monotonic() + 5
    while (len(buzzer.states) < 3 or buzzer.state) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert any(state.state for state in buzzer.states) and buzzer.state == 0


def test_pin_map_validation() -> None:
    assert validate_pin_map(DEFAULT_PINS) == DEFAULT_PINS
    with pytest.raises(PinMapError, match="already used by check"):
        validate_pin_map({**DEFAULT_PINS, "clock": 5})
    with pytest.raises(PinMapError, match="no pin for undo"):
        validate_pin_map({k: v for k, v in DEFAULT_PINS.items() if k != "undo"})
    with pytest.raises(PinMapError, match=r"0\.\.27"):
        validate_pin_map({**DEFAULT_PINS, "check": 40})
    with pytest.raises(PinMapError, match="not a console button"):
        validate_pin_map({**DEFAULT_PINS, "coffee": 4})

"""A hand entered by touch (declarations) with cards from the sensors, and the floor flows:
taps posted as SDL finger events on the pygame queue, read by the daemon's loop."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import test_touch_console as tc
from test_floor_mode import BADGES, FLOOR_UID

from tablectl.daemon.badges import FloorGate
from tablectl.engine.events import Event


def run(tmp: Any, build: Any, gate: bool = False) -> tuple[list[str], list[Any], Any]:
    """Build the steps with ``build``, run the daemon; the taps named, the journal, the rig."""
    r = tc.Rig(Path(tmp))
    if gate:
        r.gate = FloorGate(dict(BADGES), minutes=5)
    names: list[str] = []

    def btn(bid: str) -> None:
        def step():
            b = next(b for b in r.console.buttons() if b.id == bid)
            names.append(f"{bid}@{b.rect.center[0]},{b.rect.center[1]}")
            tc.post_tap(b.rect.center, r.size)

        r.steps.append(step)

    def seat(s: int) -> None:
        def step():
            c = r.console.seat_rects[s].center
            names.append(f"seat{s}@{c[0]},{c[1]}")
            tc.post_tap(c, r.size)

        r.steps.append(step)

    def sensed(*evs: Event) -> None:
        def step():
            names.append("SENSORS: " + " ".join(e.to_json() for e in evs))
            return list(evs)

        r.steps.append(step)

    build(r, btn, seat, sensed)
    lines = r.run()
    return names, lines, r


def hand(r: Any, btn: Any, seat: Any, sensed: Any) -> None:
    sensed(tc.DEAL)
    taps: list[tuple[str, ...]] = [
        ("seat:1", "say:call", "enter:"),  # the button (seat 1) acts first 3-handed
        ("say:call", "enter:"),  # the pad follows the action: seat 2 (SB)
        ("say:check", "enter:"),  # seat 3 (BB)
        ("close:",),
        ("board",),
        ("seat:2", "say:check", "enter:"),
        ("say:bet", "key:3", "key:0", "key:0", "enter:"),  # seat 3 bets 300
        ("say:raise", "key:9", "key:0", "key:0", "enter:"),  # seat 1 raises to 900
        ("say:fold", "enter:"),  # seat 2
        ("say:fold", "enter:"),  # seat 3: seat 1 wins the pot
    ]
    for group in taps:
        for t in group:
            if t == "board":
                sensed(
                    *(
                        Event("card", {"card": c, "zone": "board", "face": "up"})
                        for c in ("Ah", "Kc", "2d")
                    )
                )
            elif t.startswith("seat:"):
                seat(int(t[5:]))
            else:
                btn(t)
    btn("close:")


def floor(r: Any, btn: Any, seat: Any, sensed: Any) -> None:
    sensed(tc.DEAL)
    r.steps.append(lambda: r.daemon.post_badge(bytes.fromhex(FLOOR_UID), None))
    r.steps.append(lambda: None)
    btn("bar:floor")
    btn("floor:kill")
    btn("fseat:2")
    btn("fenter:")
    btn("floor:exit")


def test_a_hand_by_touch(tmp_path: Path) -> None:
    _, lines, _ = run(tmp_path, hand)
    assert [json.loads(json.dumps(x)) for x in lines[1:]] == [
        {"declare": {"seat": 1, "say": "call"}},
        {"declare": {"seat": 2, "say": "call"}},
        {"declare": {"seat": 3, "say": "check"}},
        {"card": "Ah", "zone": "board", "face": "up"},
        {"card": "Kc", "zone": "board", "face": "up"},
        {"card": "2d", "zone": "board", "face": "up"},
        {"declare": {"seat": 2, "say": "check"}},
        {"declare": {"seat": 3, "say": "bet", "amount": 300}},
        {"declare": {"seat": 1, "say": "raise", "amount": 900}},
        {"declare": {"seat": 2, "say": "fold"}},
        {"declare": {"seat": 3, "say": "fold"}},
    ]


def test_floor_kill_by_touch_shows_on_the_dealer_screen(tmp_path: Path) -> None:
    _, lines, r = run(tmp_path, floor, gate=True)
    assert lines[1:] == [
        {"badge": {"name": "Sam (floor)", "role": "floor"}},
        {"floor": {"by": "Sam (floor)", "kill": 2}},
        {"badge": {"name": "Sam (floor)", "role": "floor", "left": True}},
    ]
    shown = " ".join(t.text for t in r.display.screen.painter.texts)
    assert "FLOOR (Sam (floor)): seat 2's hand is dead" in shown


if __name__ == "__main__":  # the transcript: python3 tests/test_touch_hand.py hand|floor
    import os
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    with tempfile.TemporaryDirectory() as tmp:
        names, lines, r = run(
            tmp, hand if sys.argv[1] == "hand" else floor, gate=sys.argv[1] != "hand"
        )
        for n in names:
            print("TAP", n)
        for line in lines:
            print("LINE", json.dumps(line))

"""`tablectl run --sim --bots` (issue 25 item 6): bots play real hands through the daemon's
emulated hardware (MCU emulator on a pty, bridge, journal, engine, dealer screen under SDL's
dummy driver), and a tap on the console mid-hand is taken while they play."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pygame = pytest.importorskip("pygame", reason="pygame is not installed")

UNDO = (80, 450)  # the bar's UNDO at 800x480 (display.console.Console's layout)


def _journal(path: Path) -> list[dict[str, Any]]:
    from tablectl.daemon.journal import Journal

    with Journal(path, readonly=True) as j:
        return [json.loads(r.line) for r in j.rows()]


@pytest.mark.skipif(Path("/etc/tablectl/table.toml").exists(), reason="a configured table")
def test_bots_play_three_hands_and_a_tap_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hw_sim.live_bots import LiveBots
    from tablectl.cli import main

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    # The dealer taps UNDO once, in hand 2 right after a player's chips were taken.
    service = LiveBots.service
    tapped: list[int] = []

    def watch(self: LiveBots, view: Any, busy: bool, now: float) -> None:
        last = view.last
        chips = last is not None and last.to > 0 and last.action in ("call", "bet", "raise")
        if not tapped and view.hand_no == 2 and chips:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=UNDO, button=1))
            tapped.append(view.hand_no)
        service(self, view, busy, now)

    monkeypatch.setattr(LiveBots, "service", watch)
    args = ["run", "--sim", "--bots", "--pace", "0.02", "--hands", "3", "--size", "800x480"]
    assert main(args) == 0
    lines = _journal(tmp_path / "state" / "tablectl" / "journal.db")
    bodies = [{k: v for k, v in line.items() if k != "t"} for line in lines]
    assert tapped and {"press": "undo"} in bodies
    # three hands dealt, played to the end: the histories were written
    histories = sorted((tmp_path / "state" / "tablectl" / "histories").glob("hand-*.txt"))
    assert len(histories) >= 3
    assert sum(1 for b in bodies if "card" in b and b.get("zone") == "board") >= 3
    # chips conserved: the engine, replayed from the journal, holds the setup's chips
    from tablectl.engine.events import event_from_obj
    from tablectl.engine.table import Table

    table = Table.from_setup(event_from_obj(lines[0]).body)
    for line in lines[1:]:
        table.apply(event_from_obj(line))
    assert table.chips_total() == 6 * 1000
    assert table.hand_no >= 3 and table.street == "over"

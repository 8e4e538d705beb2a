"""The director's announcements at a real table (issue 31 part 3): the venue's ``note`` command
over a real mosquitto reaches the daemon, is answered on receipt (nothing for the dealer to
confirm) and the dealer screen shows the newest across the screen; the next ``note`` (the
expiry, an empty list) takes it down; a malformed one is refused in one line and changes
nothing. The daemon with a script source and the touch console in a dummy-driver window
(tests/test_table_venue.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from test_table_venue import (
    SETUP,
    SIZE,
    WAIT,
    Steps,
    Venue,
    broker,  # noqa: F401 (the fixture)
    table_venue,
)

from tablectl.daemon.loop import Daemon
from tablectl.venue.broker import Mosquitto


def test_a_note_command_shows_on_the_dealer_screen_until_the_next(
    broker: Mosquitto,  # noqa: F811
    tmp_path: Path,
) -> None:
    from display.window import PygameDisplay

    venue = Venue(broker.port)
    display = PygameDisplay(SIZE, fullscreen=False, console=True)
    ids: dict[str, str] = {}
    seen: list[tuple[str, ...]] = []

    def note(key: str, notes: list[Any]) -> Callable[[], None]:
        def send() -> None:
            body = {"table": "t1", "id": key, "notes": notes, "rule": "", "why": "announcements"}
            ids[key] = venue.client.command("t1", "note", body, by="Dana (director)")

        return send

    def answered(key: str) -> Callable[[], Any]:
        def check() -> Any:
            venue.pump()
            if venue.answer(ids[key]) is None:
                return WAIT
            seen.append(display.screen.notes)
            return None

        return check

    steps: list[Callable[[], Any]] = [
        lambda: None,
        note("c1", ["Dinner break at 20:00", "Bar closes at 23:00"]),
        answered("c1"),
        note("c2", ["x" * 201]),  # refused: nothing on the screen changes
        answered("c2"),
        note("c3", []),  # expired: none left for this table
        answered("c3"),
    ]
    daemon = Daemon(
        tmp_path / "j.db", SETUP, Steps(steps), display=display, venue=table_venue(broker.port)
    )
    try:
        assert daemon.run() == 0
    finally:
        venue.client.stop()
    assert seen == [("Dinner break at 20:00", "Bar closes at 23:00")] * 2 + [()]
    first, bad, last = (venue.answer(ids[k]) for k in ("c1", "c2", "c3"))
    assert first is not None and first["accepted"] is True
    assert bad is not None and bad["accepted"] is False
    assert "command.notes: one line of 1 to 200 printable characters" in bad["note"]
    assert "\n" not in bad["note"]
    assert last is not None and last["accepted"] is True
    assert display.console is not None and display.console.venue_cmds == []  # nothing to confirm

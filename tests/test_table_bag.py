"""End of day at a real table (issue 32 section 3): the venue's ``bag`` command on the dealer
screen's VENUE panel (the player's total and chips by colour), the dealer's CONFIRM makes it an
``unseat`` in the table's journal (the chips leave the table in the bag) and the answer carries
the stack the table held: the bag-and-tag record the venue keeps. A real mosquitto, the daemon
with a script source and the touch console in a dummy-driver window (tests/test_table_venue.py).

``TABLECTL_SCREENSHOTS=DIR`` saves the dealer screen showing the bag."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
from test_table_venue import (
    HAND,
    SETUP,
    SIZE,
    WAIT,
    Steps,
    Venue,
    broker,  # noqa: F401 (the fixture)
    journal_lines,
    table_venue,
    tap,
)

from tablectl.daemon.loop import Daemon
from tablectl.venue.broker import Mosquitto


def test_the_dealer_confirms_a_bag_and_the_chips_leave_the_table(
    broker: Mosquitto,  # noqa: F811
    tmp_path: Path,
) -> None:
    from display.window import PygameDisplay

    venue = Venue(broker.port)
    display = PygameDisplay(SIZE, fullscreen=False, console=True)
    ids: dict[str, str] = {}
    seen: list[str] = []
    bag = {
        "table": "t1",
        "id": "c1",
        "seat": 3,
        "name": "Cy",
        "stack": 10050,
        "chips": [1000] * 10 + [25, 25],
        "day": 1,
        "rule": "",
        "why": "end of day 1: bag and tag",
    }

    def send() -> None:
        ids["bag"] = venue.client.command("t1", "bag", bag, by="Dana (director)")

    def shown() -> Any:
        for cmd_id, what, _why in display.console.venue_cmds:
            if cmd_id == ids.get("bag"):
                seen.append(what)
                return None
        return WAIT

    def shot() -> None:
        where = os.environ.get("TABLECTL_SCREENSHOTS")
        if where:
            pygame.image.save(display.surface, f"{where}/dealer_bag_{SIZE[0]}x{SIZE[1]}.png")

    steps: list[Callable[[], Any]] = [
        lambda: None,
        lambda: list(HAND),  # seat 1 and 2 fold: Cy (big blind) wins the small blind
        venue.until(lambda: venue.state().get("hand") == 1),
        send,
        shown,
        tap(display, "bar:venue"),
        lambda: None,
        shot,
        lambda: tap(display, f"venue:yes:{ids['bag']}")(),
        venue.until(lambda: venue.answer(ids["bag"]) is not None),
        venue.until(lambda: all(s["name"] != "Cy" for s in venue.state().get("seats", []))),
    ]
    journal = tmp_path / "j.db"
    daemon = Daemon(journal, SETUP, Steps(steps), display=display, venue=table_venue(broker.port))
    try:
        assert daemon.run() == 0
    finally:
        venue.client.stop()
    assert seen == ["BAG 3: Cy 10,050 chips (10 x 1,000, 2 x 25)"]
    answer = venue.answer(ids["bag"])
    assert answer is not None and answer["accepted"] is True and answer["stack"] == 10_050
    floors = [line["floor"] for line in journal_lines(journal) if "floor" in line]
    assert floors == [{"by": "Dana (director)", "unseat": 3}]

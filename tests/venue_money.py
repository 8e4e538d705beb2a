"""A director's console taken to three players at the final table, every event through the
console's journaled runner (so a restart replays it): for the deal and results tests.

Ten players at one ten-seat table, $100 each ($1,000: 500 / 300 / 200); the seats confirmed as a
dealer would; seven busted in one report (places 10 to 4); 50,000, 30,000 and 20,000 chips left
in seats 1, 2 and 3. The client is never started: commands wait in paho's queue."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from tablectl.venue.client import VenueClient
from tablectl.venue.console import DirectorConsole
from tablectl.wire.commands import SeatCmd

ROOT = Path(__file__).resolve().parent.parent
STRUCTURE = tomllib.loads((ROOT / "display/structures/tda-style.toml").read_text())
SETUP = {"tables": ["T1"], "handed": 10, "seed": 3, "structure": STRUCTURE, "money_unit": 5}
NAMES = ["Ann", "Bo", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ida", "Jo"]


def open_console(journal: Path, setup: dict[str, Any] | None = None) -> DirectorConsole:
    return DirectorConsole(VenueClient("money", "127.0.0.1", 1), setup or SETUP, journal)


def seat_report(c: DirectorConsole, seq: int, stacks: dict[int, int]) -> dict[str, Any]:
    """The table's report: ``stacks`` by seat for the players in; everyone else seated out."""
    seats = []
    for e in c.venue.entries.values():
        if e.table != "T1" or not e.seat or e.status not in ("seated", "out"):
            continue
        if e.status == "out" and any(
            o.seat == e.seat and o.status == "seated" for o in c.venue.entries.values()
        ):
            continue
        live = e.seat in stacks and e.status == "seated"
        seats.append(
            {
                "seat": e.seat,
                "name": e.name,
                "stack": stacks[e.seat] if live else 0,
                "status": "active" if live else "out",
            }
        )
    return {"table": "T1", "seq": seq, "hand": seq, "button": 1, "sb": 2, "bb": 3, "seats": seats}


def three_left(journal: Path) -> DirectorConsole:
    c = open_console(journal)
    assert c.register("Dana", NAMES).ok
    assert c.act("Dana", {"start": {}}).ok
    for cmd in [o for o in c.runner.said if isinstance(o, SeatCmd)]:
        c.runner.apply({"confirmed": {"table": "T1", "id": cmd.id}})
    c.runner.apply({"report": seat_report(c, 1, {1: 50_000, 2: 30_000, 3: 20_000})})
    assert len(c.venue.remaining()) == 3
    return c


def played_out(journal: Path, setup: dict[str, Any] | None = None) -> DirectorConsole:
    """``three_left``, an ICM deal with $100 played for (recorded by Dana), then seat 3 busts and
    seat 1: seat 2 wins. Ann's name starts with '=' (a spreadsheet formula, for the CSV)."""
    c = open_console(journal, setup)
    names = ["=SUM(A1)", *NAMES[1:]]
    assert c.register("Dana", names).ok
    assert c.act("Dana", {"start": {}}).ok
    for cmd in [o for o in c.runner.said if isinstance(o, SeatCmd)]:
        c.runner.apply({"confirmed": {"table": "T1", "id": cmd.id}})
    c.runner.apply({"report": seat_report(c, 1, {1: 50_000, 2: 30_000, 3: 20_000})})
    view = c.deal_view("100")
    ids = [p["id"] for p in view["players"]]
    assert c.record_deal("Dana", "icm", "100", ids, {}).ok
    c.runner.apply({"report": seat_report(c, 2, {1: 60_000, 2: 40_000})})
    c.runner.apply({"report": seat_report(c, 3, {2: 100_000})})
    assert c.venue.finished
    return c

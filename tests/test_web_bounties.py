"""Bounties on the director's console and the public page in headless Chromium (issue 32
section 1): a real mosquitto, two simulated tables (hw_sim.venue_room), the console served by
uvicorn, set up with a $20 progressive knockout.

A player busted at T1: the table's state carries the hand's award records, the venue pays the
eliminator (half in money, half on their head) and the entrants page, the public page and the
results show it. T2 plays as a table of an older version (no award records in its state): the
console asks the director who eliminated the player and pays the bounty on the answer; floor
staff see the question but not the control.

``TABLECTL_SCREENSHOTS=DIR`` saves the entrants and public pages at desktop and phone width."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import web_shots
from test_web_console import PASSWORD, Room, flash, sign_in
from test_web_h4h import all_in_and_call

from hw_sim.venue_room import SimRoom
from tablectl.venue.broker import free_port
from tablectl.venue.serve import build, demo_settings, serve_in_thread
from tablectl.wire.busts import BustRecords

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


class BountyRoom(Room):
    def __init__(self, tmp: Path) -> None:
        self.sim = SimRoom(tmp / "room", ["T1", "T2"], venue="demo")
        self.sim.open_tables()
        self.sim.wait_connected()
        settings = demo_settings(
            tmp, 0, self.sim.port, self.sim.users["venue"], PASSWORD, ["T1", "T2"]
        )
        setup = {**settings.setup, "bounty": {"kind": "pko", "amount": 20}}
        self.served = serve_in_thread(build(replace(settings, setup=setup)), free_port())
        self.url = self.served.url


class OlderRecords(BustRecords):
    """A table of an older version: its state carries no award records."""

    def see(self, outputs: Any, names: dict[int, str]) -> None:
        return None


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    r = BountyRoom(tmp_path_factory.mktemp("bounty"))
    try:
        yield r
    finally:
        r.close()


def shoot(page: Any, name: str) -> None:
    web_shots.shoot(page, name, {"desktop": DESKTOP, "phone": PHONE})


def row(page: Any, name: str) -> list[str]:
    cells = page.locator("table.entrants tr", has=page.locator("td.name", has_text=name))
    return cells.first.locator("td").all_inner_texts()


def test_bounties_paid_shown_and_asked(room: Room, browser: Any) -> None:
    console = room.served.web.console
    page = sign_in(browser, room)
    page.goto(room.url + "/entrants")
    page.fill("#names", "\n".join(f"Guest {i}" for i in range(1, 9)))
    with page.expect_navigation():
        page.click("button:has-text('Register')")
    with page.expect_navigation():
        page.click("button:has-text('Draw seats and start')")
    room.serve_until(lambda: room.sim.players("T1") + room.sim.players("T2") == 8)
    page.goto(room.url + "/entrants")
    # the bounty pool apart from the prize pool: 8 x $20
    assert "Bounty pool (PKO)\n$160\nBounties paid\n$0" in page.inner_text(".figures")
    assert "Bounty pool $160, apart" in page.inner_text("p.bounty-pool")

    # T1: an all-in and call busts the shorter stack; the state carries the award records
    t1 = room.sim.tables["T1"]
    with room.sim.lock:
        t1._start_engine()  # the table's first hand: every stack the same, the loser busts
        loser = all_in_and_call(t1)
    assert room.sim.play("T1")
    room.serve_until(lambda: console.venue._latest(loser).status == "out")
    out = console.venue._latest(loser)
    (winner_id,) = out.by
    winner = console.venue.entries[winner_id].name
    page.goto(room.url + "/entrants")
    assert row(page, winner)[6:8] == ["$30", "$10"]  # head 20 + 10; won 10
    assert row(page, loser)[6:8] == ["", ""]
    assert "Who eliminated" not in page.inner_text("main")

    # T2 plays as an older table: the director is asked, and answers on the page
    t2 = room.sim.tables["T2"]
    t2.busts = OlderRecords()
    with room.sim.lock:
        t2._start_engine()
        loser2 = all_in_and_call(t2)
    assert room.sim.play("T2")
    room.serve_until(lambda: console.venue._latest(loser2).status == "out")
    page.goto(room.url + "/entrants")
    ask = page.locator("form.knockout")
    assert f"Who eliminated {loser2}?" in ask.inner_text()
    assert "$20 bounty waits" in ask.inner_text()
    floor = sign_in(browser, room, "floor")
    floor.goto(room.url + "/entrants")
    assert f"Who eliminated {loser2}?" in floor.inner_text("form.knockout")
    assert floor.locator("form.knockout select").count() == 0  # the director's answer
    shoot(page, "bounty_asked")
    at_t2 = [e for e in console.venue.remaining() if e.table == "T2"]
    eliminator = max(at_t2, key=lambda e: e.stack)
    page.select_option("form.knockout select[name=by]", eliminator.id)
    with page.expect_navigation():
        page.click("form.knockout button:has-text('Pay the bounty')")
    assert flash(page).startswith(f"Done: named who eliminated {console.venue._latest(loser2).id}")
    assert page.locator("form.knockout").count() == 0
    assert row(page, eliminator.name)[6:8] == ["$30", "$10"]
    shoot(page, "bounty_entrants")

    # the public page: the bounty pool apart from the prize pool, each player's bounty
    public = browser.new_page(bypass_csp=True)
    public.goto(room.url + "/public")
    figures = public.inner_text(".figures")
    assert "Bounty pool" in figures and "$160" in figures
    mine = public.locator("#where li", has_text=winner).inner_text()
    assert "bounty $30" in mine
    shoot(public, "bounty_public")

    # the results carry the bounty money won; the log names who answered
    page.goto(room.url + "/results")
    results = page.inner_text("table.results")
    assert "$10" in results
    page.goto(room.url + "/log")
    assert "named who eliminated" in page.inner_text("table.log")

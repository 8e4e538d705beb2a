"""Day two from the director's console in headless Chromium (issue 32 section 3): a real
mosquitto, two simulated tables (hw_sim.venue_room), the console served by uvicorn.

The director ends day 1 on the entrants page: the tables halt, each dealer confirms the bags its
table read (the sim's dealers), one bag is entered by hand with its chips by colour (as a manual
table's floor person would); the bags print; day 2 starts with a new seat draw (002 Rule 7), the
clock at the time left, every chip back at the tables.

``TABLECTL_SCREENSHOTS=DIR`` saves the entrants page while bagging and the bags' print page."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
import web_shots
from test_web_console import Room, flash, sign_in

playwright = pytest.importorskip("playwright.sync_api")

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
A4 = {"width": 794, "height": 1123}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    r = Room(tmp_path_factory.mktemp("days"))
    try:
        yield r
    finally:
        r.close()


def service(room: Room, table: str) -> None:
    """One table's dealer answers the venue (the other stays away from its screen)."""
    with room.sim.lock:
        t = room.sim.tables[table]
        t.service()
        if t.dirty:
            t.publish_state()


def test_the_director_bags_day_one_and_starts_day_two(room: Room, browser: Any) -> None:
    console = room.served.web.console
    v = console.venue
    page = sign_in(browser, room)
    page.goto(room.url + "/entrants")
    page.fill("#names", "\n".join(f"Guest {i}" for i in range(1, 9)))
    with page.expect_navigation():
        page.click("button:has-text('Register')")
    with page.expect_navigation():
        page.click("button:has-text('Draw seats and start')")
    room.serve_until(lambda: room.sim.players("T1") + room.sim.players("T2") == 8)
    for t in ("T1", "T2"):
        assert room.sim.play(t)
    room.serve_until(lambda: all(t.report and t.report.hand >= 1 for t in v.tables.values()))
    chips = v.chips_issued
    page.goto(room.url + "/entrants")
    with page.expect_navigation():
        page.click("button:has-text('End day 1')")
    assert flash(page).startswith("Done: ended the day: bag and tag")
    assert console.clock.paused
    left = v.days.seconds_left
    assert left is not None and left > 0

    # T1's dealer confirms its bags; T2's dealer is away: one of its bags is entered by hand
    deadline = time.monotonic() + 30
    while any(v.entries[k].table == "T1" for k in v.days.asked) and time.monotonic() < deadline:
        service(room, "T1")
        time.sleep(0.02)
    assert not any(v.entries[k].table == "T1" for k in v.days.asked), (
        v.days.asked,
        list(console.log)[-12:],
        room.sim.tables["T1"].counts,
        [(c.kind, c.table) for c in console.runner.sent.values()],
        room.sim.tables["T1"].link.connected,
    )
    page.goto(room.url + "/entrants")
    waiting = page.locator("table.bags-waiting tbody tr")
    assert waiting.count() == len(v.days.asked) > 0
    first = next(iter(v.days.asked))
    stack = v.days.asked[first]
    shoot(page, "days_bagging")
    fill_bag(page, first, stack)
    form = page.locator(f"form.bag-by-hand:has(input[name=entry][value={first}])")
    form.locator("input[name=stack]").fill(str(stack + 1000))  # miscounted: refused
    with page.expect_navigation():
        form.locator("button").click()
    assert "count again" in flash(page)
    form = fill_bag(page, first, stack)
    with page.expect_navigation():
        form.locator("button").click()
    assert flash(page).startswith("Done: entered the bag")
    assert v.days.bags[first].by == "director" and v.days.bags[first].stack == stack
    room.serve_until(lambda: v.days.over)  # T2's dealer back: the rest confirmed
    assert sum(b.stack for b in v.days.bags.values()) == chips

    # the bags print, one line a bag
    sheet = browser.new_context(viewport=A4, bypass_csp=True)
    sheet.add_cookies(page.context.cookies())
    printout = sheet.new_page()
    printout.goto(room.url + "/print/bags")
    rows = printout.locator("table.sheet-table tbody tr")
    assert rows.count() == 8
    assert "8 bags" in printout.inner_text("header")
    web_shots.shoot(printout, "print_bags", {"a4": A4})

    # day 2: a new draw from the bags, the clock runs on from the time it stopped at
    page.goto(room.url + "/entrants")
    before = {e.id: (e.table, e.seat) for e in v.remaining()}
    with page.expect_navigation():
        page.click("button:has-text('Start day 2')")
    assert flash(page).startswith("Done: started the next day")
    assert not console.clock.paused
    room.serve_until(lambda: not v.pending_moves() and not v.pending)
    assert sum(t.chips() for t in room.sim.tables.values()) == chips  # chips conserved
    assert {e.id: e.stack for e in v.remaining()} == {k: b.stack for k, b in v.days.bags.items()}
    assert {e.id: (e.table, e.seat) for e in v.remaining()} != before
    assert console.clock_view()["seconds_left"] < left + 1  # the time left when it stopped
    page.goto(room.url + "/log")
    assert "started the next day (002 Rule 7)" in page.inner_text("table.log")


def fill_bag(page: Any, entry: str, stack: int) -> Any:
    """Count ``stack`` into the bag form by colour, the largest chips first."""
    form = page.locator(f"form.bag-by-hand:has(input[name=entry][value={entry}])")
    names = form.locator("input[name^=c_]").evaluate_all("els => els.map(e => e.name)")
    left = stack
    for name in sorted(names, key=lambda n: -int(n[2:])):
        value = int(name[2:])
        form.locator(f"input[name={name}]").fill(str(left // value))
        left %= value
    assert left == 0
    return form


def shoot(page: Any, name: str) -> None:
    web_shots.shoot(page, name, {"desktop": DESKTOP, "phone": PHONE})


def test_floor_staff_bag_by_hand_but_do_not_end_the_day(room: Room, browser: Any) -> None:
    page = sign_in(browser, room, "floor")
    page.goto(room.url + "/entrants")
    assert page.locator("button:has-text('End day')").count() == 0

"""Hand-for-hand from the director's console in headless Chromium (issue 31, part 1; 002 RP-8):
a real mosquitto, two simulated tables (hw_sim.venue_room), the console served by uvicorn.

The director starts hand-for-hand on the floor map; each table deals its one hand and holds;
the page says for which table it waits, without a reload; the round over, the clock has lost
its minutes; an all-in and call at a table shows a Release button, and the table deals no card
until the director taps it; the public page says hand for hand is on; floor staff see no
control.

``TABLECTL_SCREENSHOTS=DIR`` saves the floor map at 1920x1080 and phone size, and the public
page, into DIR."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import web_shots
from test_web_console import Room, flash, sign_in

playwright = pytest.importorskip("playwright.sync_api")

from hw_sim.table import make_change  # noqa: E402
from hw_sim.venue_tables import SimTable  # noqa: E402

WIDE = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    r = Room(tmp_path_factory.mktemp("h4h"))
    try:
        yield r
    finally:
        r.close()


def shoot(page: Any, name: str) -> None:
    web_shots.shoot(page, f"h4h_{name}", {"1920x1080": WIDE, "phone": PHONE})


def all_in_and_call(t: SimTable) -> str:
    """Deal a hand at ``t`` whose first player to act goes all in and the next calls, the rest
    fold: an all-in and call with the board to come (002 RP-8 F). The cards are set so that the
    shorter of the two busts (aces against seven-deuce, a board of neither); its name."""
    eng = t.engine
    assert eng is not None and t.can_play()
    pos = eng.positions()  # the next hand's
    live = sorted(eng.live_seats())
    order = [s for s in live if s > pos.bb] + [s for s in live if s <= pos.bb]
    first, second = order[0], order[1]
    stacks = {s: eng.players[s].stack for s in (first, second)}
    loser = first if stacks[first] <= stacks[second] else second
    junk = iter(
        ["3s", "4h", "5c", "6d", "9d", "Th", "3c", "4s", "5s", "6h", "9c", "3h", "5d", "6s"]
    )
    t.hole = {s: [next(junk), next(junk)] for s in live}
    t.hole[loser] = ["7c", "2d"]
    t.hole[first if loser == second else second] = ["As", "Ah"]
    # popped from the end: the flop, a burn, the turn, a burn, the river, a burn
    t.deck = ["8h", "Kd", "Tc", "Qd", "2s", "Jc", "8c", "4d"]
    t._apply({"deal": {str(s): c for s, c in t.hole.items()}})
    assert t.hold.started(eng.hand_no) is None
    pushed = 0
    while (view := eng.view()).to_act is not None:
        me = view.seats[view.to_act - 1]
        if pushed == 0:
            t._apply({"push": {"seat": me.seat, "chips": make_change(me.stack, t.denoms)}})
        elif pushed == 1:
            add = min(view.to_call, me.stack)
            t._apply({"push": {"seat": me.seat, "chips": make_change(add, t.denoms)}})
        else:
            t._apply({"fold": me.seat})
        pushed += 1
    t.dirty = True
    return eng.players[loser].name


def test_the_director_plays_the_bubble_hand_for_hand(room: Room, browser: Any) -> None:
    console = room.served.web.console
    page = sign_in(browser, room)
    page.set_viewport_size(WIDE)
    page.goto(room.url + "/entrants")
    page.fill("#names", "\n".join(f"Guest {i}" for i in range(1, 9)))
    with page.expect_navigation():
        page.click("button:has-text('Register')")
    with page.expect_navigation():
        page.click("button:has-text('Draw seats and start')")
    room.serve_until(lambda: room.sim.players("T1") + room.sim.players("T2") == 8)

    # RP-8 A: the director's word on the floor map; both tables are between hands, so the
    # first hand-for-hand hand is released at once
    page.goto(room.url + "/")
    with page.expect_navigation():
        page.click("button:has-text('Start hand-for-hand')")
    assert flash(page).startswith("Done: hand for hand on (002 RP-8)")
    page.wait_for_function("window.tablectl && window.tablectl.connected")
    page.evaluate("window.__not_reloaded = true")
    assert "round 1" in page.inner_text(".h4h.on")
    assert console.clock_view()["paused"]  # the clock loses its minutes a hand instead
    left = console.clock_view()["seconds_left"]
    room.serve_until(lambda: all(t.hold.on and t.hold.may_deal() for t in room.sim.tables.values()))

    # T1 deals its hand and holds; the page says it waits for T2, without a reload
    assert room.sim.play("T1")
    assert not room.sim.play("T1")  # one hand a round
    room.serve_until(lambda: console.h4h_view()["waiting"] == ["T2"])
    page.wait_for_function(
        "document.querySelector('.h4h-wait').innerText.includes('Waiting for T2: its hand')",
        timeout=15_000,
    )
    assert page.evaluate("window.__not_reloaded") is True

    # T2's hand: the round is over everywhere, the next released, 2 minutes off the clock
    assert room.sim.play("T2")
    room.serve_until(lambda: console.h4h_view()["round"] == 2)
    page.wait_for_function(
        "document.querySelector('.h4h.on h2').innerText.includes('round 2')", timeout=15_000
    )
    assert left - console.clock_view()["seconds_left"] == pytest.approx(120, abs=1)
    room.serve_until(lambda: all(t.hold.may_deal() for t in room.sim.tables.values()))

    # RP-8 F: an all-in and call at T2; its dealer deals no card until the director's release
    t2 = room.sim.tables["T2"]
    with room.sim.lock:
        out2 = all_in_and_call(t2)
    room.serve_until(lambda: console.h4h_view()["allin"] != [])
    page.wait_for_selector("[data-allin=T2] button:has-text('Release T2')", timeout=15_000)
    board = len(t2.engine.view().board)
    assert not room.sim.play("T2") and len(t2.engine.view().board) == board
    floor_staff = sign_in(browser, room, "floor")
    floor_staff.goto(room.url + "/")
    assert floor_staff.is_visible("[data-allin=T2]")
    assert not floor_staff.is_visible("button:has-text('Release T2')")  # the director's tap
    shoot(page, "floor")
    with page.expect_navigation():
        page.click("button:has-text('Release T2')")
    assert "released T2 (002 RP-8 F)" in flash(page)
    room.serve_until(lambda: t2.hold.release == t2.engine.hand_no)
    assert room.sim.play("T2")  # the board runs out now
    assert t2.engine.street == "over"

    # RP-8 A: T1's hand of the same round busts a player too: the two share places 7 and 8
    t1 = room.sim.tables["T1"]
    with room.sim.lock:
        out1 = all_in_and_call(t1)
    room.serve_until(lambda: console.h4h_view()["allin"] != [])
    page.wait_for_selector("[data-allin=T1] button:has-text('Release T1')", timeout=15_000)
    with page.expect_navigation():
        page.click("button:has-text('Release T1')")
    room.serve_until(lambda: t1.hold.release == t1.engine.hand_no)
    assert room.sim.play("T1")
    room.serve_until(lambda: console.h4h_view()["round"] == 3)
    shared = next(line for line in console.h4h_view()["shared"])
    assert "share places 7-8" in shared and out1 in shared and out2 in shared
    page.wait_for_selector(".h4h-shared li", timeout=15_000)
    assert "share places 7-8" in page.inner_text(".h4h-shared")
    public = browser.new_page(bypass_csp=True)
    public.goto(room.url + "/public")
    assert "Hand for hand" in public.inner_text(".h4h-public")
    assert "share places 7-8" in public.inner_text(".h4h-shared")
    page.goto(room.url + "/entrants")
    assert page.inner_text(".entrants").count("(7, shared by 2)") == 2
    page.goto(room.url + "/")
    shoot(page, "shared")
    shoot(public, "public")

    # the director ends it: the tables deal freely again and the clock runs
    with page.expect_navigation():
        page.click("button:has-text('End hand-for-hand')")
    assert "hand for hand off" in flash(page)
    room.serve_until(lambda: not any(t.hold.on for t in room.sim.tables.values()))
    assert not console.clock_view()["paused"]
    page.goto(room.url + "/log")
    log = page.inner_text("table.log")
    assert "hand for hand on (002 RP-8)" in log and "released T2" in log

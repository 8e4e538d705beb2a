"""The director's web console in headless Chromium, used as a director would (issue 16).

A real mosquitto on loopback, two simulated tables (hw_sim.venue_room: the engine played by
bots, each with its venue link and outbox), the console served by uvicorn, and Debian's chromium
driven by Playwright: sign in, register players, draw seats, watch a table's hand reach the
floor map without a reload, approve the balancing move the venue proposes (002 Rule 11-A),
pause the clock; a wrong password refused, a form without its CSRF token refused, floor staff
kept off the clock, the public page open to anyone.

``TABLECTL_SCREENSHOTS=DIR`` also saves every page at desktop and phone width into DIR.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import web_shots

playwright = pytest.importorskip(
    "playwright.sync_api", reason="pip install playwright (test extra)"
)
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
if not Path(CHROMIUM).exists():
    pytest.skip(
        "Debian's chromium is not installed (sh .ci/debian-packages)", allow_module_level=True
    )

from tablectl.venue.broker import find_mosquitto, free_port  # noqa: E402

if find_mosquitto() is None:
    pytest.skip("mosquitto is not installed (sh .ci/debian-packages)", allow_module_level=True)

from hw_sim.venue_room import SimRoom  # noqa: E402
from tablectl.venue.serve import Served, build, demo_settings, serve_in_thread  # noqa: E402

PASSWORD = "correct horse battery"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


class Room:
    def __init__(self, tmp: Path) -> None:
        self.sim = SimRoom(tmp / "room", ["T1", "T2"], venue="demo")
        self.sim.open_tables()
        self.sim.wait_connected()
        settings = demo_settings(
            tmp, 0, self.sim.port, self.sim.users["venue"], PASSWORD, ["T1", "T2"]
        )
        self.served: Served = serve_in_thread(build(settings), free_port())
        self.url = self.served.url

    def serve_until(self, done: Any, timeout: float = 30.0) -> None:
        """Let the tables' dealers answer the venue until ``done()`` holds."""
        deadline = time.monotonic() + timeout
        while not done():
            self.sim.service()
            if time.monotonic() > deadline:
                raise AssertionError("the tables did not get there in time")
            time.sleep(0.02)

    def close(self) -> None:
        self.served.stop()
        self.sim.close()


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    r = Room(tmp_path_factory.mktemp("web"))
    try:
        yield r
    finally:
        r.close()


def sign_in(browser: Any, room: Room, name: str = "director", **ctx: Any) -> Any:
    # bypass_csp: Playwright's waiting predicates are evaluated strings, which the console's
    # Content-Security-Policy (script-src 'self') rightly forbids to any page script
    page = browser.new_context(viewport=DESKTOP, bypass_csp=True, **ctx).new_page()
    page.goto(room.url + "/")
    assert page.url.endswith("/login?next=/")
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert page.url == room.url + "/", page.content()[:500]
    return page


def shoot(page: Any, name: str) -> None:
    web_shots.shoot(page, name, {"desktop": DESKTOP, "phone": PHONE})


def flash(page: Any) -> str:
    return page.inner_text(".flash")


def test_a_wrong_password_is_refused(room: Room, browser: Any) -> None:
    page = browser.new_page()
    page.goto(room.url + "/entrants")
    assert "/login" in page.url  # nothing without signing in
    page.fill("input[name=name]", "director")
    page.fill("input[name=password]", "not the password")
    with page.expect_navigation() as nav:
        page.click("button[type=submit]")
    assert nav.value.status == 401
    assert "wrong name or password" in page.inner_text("[role=alert]")
    assert page.context.cookies() == []
    shoot(page, "login")
    page.close()


def test_the_public_page_needs_no_sign_in(room: Room, browser: Any) -> None:
    page = browser.new_page(bypass_csp=True)
    response = page.goto(room.url + "/public")
    assert response.status == 200 and "/login" not in page.url
    assert "Where do I sit?" in page.content()
    page.wait_for_function("window.tablectl && window.tablectl.connected")
    assert page.context.cookies() == []
    page.close()


def test_a_director_runs_the_room(room: Room, browser: Any) -> None:
    floor = sign_in(browser, room)
    floor.wait_for_function("window.tablectl.connected")
    floor.evaluate("window.__not_reloaded = true")
    desk = floor.context.new_page()

    # register players (one name a line), then the seat draw (002 Rule 7)
    desk.goto(room.url + "/entrants")
    names = [f"Player {i}" for i in range(1, 11)]
    desk.fill("#names", "\n".join(names))
    with desk.expect_navigation():
        desk.click("button:has-text('Register')")
    assert flash(desk).startswith("Done: registered Player 1, Player 2")
    assert desk.inner_text("#entrants-count") == "10"
    shoot(desk, "entrants_registered")
    with desk.expect_navigation():
        desk.click("button:has-text('Draw seats and start')")
    assert "drew the seats (002 Rule 7)" in flash(desk)
    assert "the clock is running" in flash(desk)  # level 1 runs as the tables deal (issue 25)
    assert not desk.is_visible("button:has-text('Draw seats and start')")

    # the tables' dealers confirm the seats; the floor map shows them without a reload
    room.serve_until(lambda: room.sim.players("T1") + room.sim.players("T2") == 10)
    floor.wait_for_selector("#table-T1 .seat-name", timeout=15_000)
    floor.wait_for_function(
        "document.querySelectorAll('.floor .seat-name').length === 10", timeout=15_000
    )
    assert floor.evaluate("window.__not_reloaded") is True

    # a hand at T1: the hand number and the stacks reach the open floor map
    before = floor.get_attribute("#table-T1 .hand-line", "data-hand")
    assert room.sim.play("T1")
    floor.wait_for_function(
        f"document.querySelector('#table-T1 .hand-line').dataset.hand !== '{before}'",
        timeout=15_000,
    )
    assert floor.evaluate("window.__not_reloaded") is True
    assert floor.evaluate("window.tablectl.latencies.length") >= 1
    shoot(floor, "floor")

    # T2 plays on until it is two players short of T1: the venue proposes, nothing moves yet
    for _ in range(400):
        if room.sim.players("T1") - room.sim.players("T2") >= 2:
            break
        room.sim.play("T2")
        room.sim.service()
    else:
        pytest.fail("no imbalance after 400 hands at T2")
    desk.goto(room.url + "/balancing")
    desk.wait_for_selector(".proposal", timeout=15_000)
    proposal = desk.inner_text(".proposal")
    assert "002 Rule 11-A" in proposal or "002 Rule 10-B" in proposal
    pid = desk.get_attribute(".proposal", "data-proposal")
    t1_before = room.sim.players("T1")
    shoot(desk, "balancing")
    with desk.expect_navigation():
        desk.click(f"button:has-text('Approve {pid}')")
    assert f"approved {pid}" in flash(desk)
    room.serve_until(lambda: room.sim.players("T1") < t1_before, timeout=30)
    desk.wait_for_function("!document.querySelector('.proposal')", timeout=15_000)

    # the clock, running since the draw: pause, resume, pause (002 Rule 24's levels run from it)
    desk.goto(room.url + "/clock")
    assert not desk.is_visible(".paused-tag")
    with desk.expect_navigation():
        desk.click("button:has-text('Pause')")
    with desk.expect_navigation():
        desk.click("button:has-text('Resume')")
    assert not desk.is_visible(".paused-tag")
    with desk.expect_navigation():
        desk.click("button:has-text('Pause')")
    assert "clock pause" in flash(desk)
    assert desk.is_visible(".paused-tag")
    floor.wait_for_selector("section[data-live=clock] .paused-tag", timeout=15_000)
    shoot(desk, "clock")

    # the structure edited: level 3 made 25 minutes, a bad row refused with the row named
    desk.fill("input[aria-label='minutes of step 3']", "25")
    desk.fill("input[name=name]", "Tonight's deep stack")
    with desk.expect_navigation():
        desk.click("button:has-text('Save the structure')")
    assert "structure: Tonight's deep stack" in flash(desk)
    assert desk.inner_text("table.levels tbody tr:nth-child(3) td:nth-child(4)") == "25.0"
    desk.fill("input[aria-label='big blind of step 4']", "1")
    with desk.expect_navigation():
        desk.click("button:has-text('Save the structure')")
    assert flash(desk).startswith("Refused: structure") and "step 4" in flash(desk)

    # who did what, in the log
    desk.goto(room.url + "/log")
    log = desk.inner_text("table.log")
    for line in ("registered Player 10", "drew the seats", f"approved {pid}", "clock pause"):
        assert line in log, line
    assert "director" in log
    shoot(desk, "log")

    desk.goto(room.url + "/table/T1")
    assert "Recent hands" in desk.content() and desk.is_visible(".seats")
    # issue 25: the table log's rulings cite their rule, and a player out at T2 has the
    # room's place (of 10 entrants), not the table's count
    rules = desk.locator("table.recent tbody td:nth-child(4)").all_inner_texts()
    assert any(r.startswith(("002 Rule", "000", "001")) for r in rules), rules
    shoot(desk, "table")
    desk.goto(room.url + "/table/T2")
    assert re.search(r"is out in \d+(st|nd|rd|th) place of 10", desk.inner_text("table.recent"))
    desk.goto(room.url + "/seatcards")
    entrants = room.served.web.console.entrants_view()
    in_play = [e for e in entrants if e["status"] in ("seated", "arriving", "leaving")]
    assert desk.locator(".card").count() == len(in_play) < 10  # the busted have none
    assert (
        desk.inner_text(".card .name")
        == min(in_play, key=lambda e: (e["table"], e["seat"]))["name"]
    )
    first = min(in_play, key=lambda e: (e["table"], e["seat"]))
    # the stack the player has now, and said so (it read "starting stack", issue 25)
    assert desk.inner_text(".card .foot") == f"Entry {first['id']} · stack {first['stack']:,}"
    shoot(desk, "seatcards")
    public = browser.new_page(bypass_csp=True)
    public.goto(room.url + "/public")
    someone = in_play[0]
    public.wait_for_function("window.tablectl.connected")
    public.fill("#find", someone["name"].upper())  # any case
    visible = public.locator("#where li:not([hidden])")
    like = [e for e in in_play if someone["name"].lower() in e["name"].lower()]
    assert visible.count() == len(like) >= 1
    where = f"table {someone['table']} seat {someone['seat']}"
    assert any(where in visible.nth(i).inner_text() for i in range(len(like)))
    assert "to approve" not in public.inner_text("section[data-live=moves]")  # staff only
    shoot(public, "public")

    # a name already registered (issue 25): refused until the director ticks "another person"
    desk.goto(room.url + "/entrants")
    desk.fill("#names", "Player 3")
    with desk.expect_navigation():
        desk.click("button:has-text('Register')")
    assert flash(desk).startswith("Refused:") and "registered already" in flash(desk)
    assert [e["name"] for e in room.served.web.console.entrants_view()].count("Player 3") == 1
    desk.fill("#names", "Player 3")
    desk.check("input[name=again]")
    with desk.expect_navigation():
        desk.click("button:has-text('Register')")
    assert flash(desk).startswith("Done: registered Player 3 (2)")  # told apart (002 Rule 68)
    names = [e["name"] for e in room.served.web.console.entrants_view()]
    assert names.count("Player 3") == names.count("Player 3 (2)") == 1
    floor.context.close()
    public.close()


def test_forms_need_their_csrf_token_and_floor_staff_keep_off_the_clock(
    room: Room, browser: Any
) -> None:
    page = sign_in(browser, room, "floor")
    refused = page.request.post(room.url + "/do/clock", form={"op": "pause"})
    assert refused.status == 403  # no CSRF token
    csrf = page.get_attribute("input[name=csrf]", "value")
    page.goto(room.url + "/clock")
    assert not page.is_visible("button:has-text('Pause')")  # not offered to floor staff
    answer = page.request.post(
        room.url + "/do/clock", form={"op": "resume", "csrf": csrf, "back": "/clock"}
    )
    assert answer.ok and "floor staff may not clock" in answer.text()
    assert room.served.web.console.clock.paused
    other_site = page.request.post(
        room.url + "/do/register",
        form={"names": "Mallory", "csrf": csrf},
        headers={"Origin": "http://evil.example"},
    )
    assert other_site.status == 403
    assert "Mallory" not in [e["name"] for e in room.served.web.console.entrants_view()]
    page.context.close()

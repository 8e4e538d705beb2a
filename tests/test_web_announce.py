"""The director's announcements in headless Chromium (issue 31 part 3): a real mosquitto, two
simulated tables, the console served by uvicorn. The director types one on the floor map; the
public page shows it without a reload, and loses it when it expires (the console's tick into
the model); one taken down early goes at once; a bad one is refused in one line; floor staff
see no form.

``TABLECTL_SCREENSHOTS=DIR`` saves the floor map and the public page at desktop and phone size."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import web_shots
from test_web_console import DESKTOP, PHONE, Room, flash, sign_in

playwright = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    r = Room(tmp_path_factory.mktemp("announce"))
    try:
        yield r
    finally:
        r.close()


def announce(page: Any, text: str, minutes: str, tables: tuple[str, ...] = ()) -> None:
    page.fill("#notes input[name=text]", text)
    page.fill("#notes input[name=minutes]", minutes)
    for t in tables:
        page.check(f"#notes input[name=tables][value={t}]")
    with page.expect_navigation():
        page.click("#notes .notes-form button[type=submit]")


def test_the_director_announces_to_the_public_page(room: Room, browser: Any) -> None:
    floor = sign_in(browser, room)
    public = browser.new_page(viewport=DESKTOP, bypass_csp=True)
    public.goto(room.url + "/public")
    public.wait_for_function("window.tablectl && window.tablectl.connected")
    public.evaluate("window.__not_reloaded = true")
    assert public.query_selector(".notes-public") is None

    announce(floor, "Dinner break at 20:00: the buffet is in the bar", "30", ("T2",))
    assert flash(floor) == "Done: announced: Dinner break at 20:00: the buffet is in the bar"
    row = floor.inner_text("#notes .notes-live li")
    assert "Dinner break at 20:00" in row and "30 min left" in row
    assert "dealer screens T2" in row
    announce(floor, "Last orders at the bar", "0.05")  # 3 seconds
    public.wait_for_selector(".notes-public li >> text=Last orders at the bar")
    lines = public.locator(".notes-public li").all_inner_texts()
    assert lines == ["Last orders at the bar", "Dinner break at 20:00: the buffet is in the bar"]
    assert public.evaluate("window.__not_reloaded") is True
    web_shots.shoot(floor, "announce_floor", {"desktop": DESKTOP, "phone": PHONE})
    web_shots.shoot(public, "announce_public", {"desktop": DESKTOP, "phone": PHONE})

    # its minutes run out: the console's tick takes it down, on the page without a reload
    public.wait_for_function(
        "document.querySelectorAll('.notes-public li').length == 1", timeout=15000
    )
    assert public.inner_text(".notes-public") == "Dinner break at 20:00: the buffet is in the bar"
    console = room.served.web.console
    assert [n.text for n in console.venue.notes.live] == [
        "Dinner break at 20:00: the buffet is in the bar"
    ]

    # refused in one line, nothing shown
    announce(floor, "Soon", "-5")
    assert flash(floor) == "Refused: announce: minutes: more than 0, at most 1440, got -5.0"
    assert len(console.venue.notes.live) == 1

    # taken down early
    floor.goto(room.url + "/")
    with floor.expect_navigation():
        floor.click("#notes button[name=clear]")
    assert "took down n1" in flash(floor)
    public.wait_for_function("document.querySelector('.notes-public') === null")
    assert floor.inner_text("#notes").count("No announcement showing") == 1
    floor.context.close()
    public.close()


def test_floor_staff_see_the_announcements_but_no_form(room: Room, browser: Any) -> None:
    page = sign_in(browser, room, "floor")
    assert page.query_selector("#notes .notes-form") is None
    page.context.close()

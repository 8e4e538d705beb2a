"""Several events in one console, in headless Chromium (issue 31 part 3; a real mosquitto and two
simulated sensored tables for the main event, tests/test_web_console.py's Room).

The director opens a satellite from the floor page; an event switcher appears on every page;
each form posts its event, so a tab left on one event registers into that event even after
the session switched to the other; the floor map shows every table with its event; /public
lists the events and /public/EVENT is one event's page; a member id registered in both events
is one person across them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_web_console import Room, flash, sign_in

playwright = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    r = Room(tmp_path_factory.mktemp("webroom"))
    try:
        yield r
    finally:
        r.close()


def post(page: Any, selector: str) -> str:
    with page.expect_navigation():
        page.click(selector)
    return flash(page)


def register(page: Any, names: str, member: str = "") -> str:
    page.fill("#names", names)
    page.fill("#member", member)
    return post(page, "form[action='/do/register'] button[type=submit]")


def test_a_satellite_beside_the_main_event(room: Room, browser: Any) -> None:
    web = room.served.web
    director = sign_in(browser, room)  # type: ignore[arg-type]
    assert director.locator(".switcher").count() == 0  # a room of one: today's pages
    director.click("details.open-event summary")

    def open_event(ident: str, tables: str) -> str:
        director.fill("input[name=id]", ident)
        director.fill("form[action='/do/open_event'] input[name=tables]", tables)
        director.fill("input[name=handed]", "6")
        director.select_option("select[name=preset]", "wfp-sitngo")
        director.fill("input[name=late_until_level]", "2")
        return post(director, "form[action='/do/open_event'] button[type=submit]")

    assert open_event("sat1", "T2 S1") == "Refused: open event: table T2 is in event main"
    assert "sat1" not in web.room.events
    director.click("details.open-event summary")
    assert open_event("sat1", "S1 S2") == "Done: opened event sat1: 2 table(s)"
    assert director.locator(".switcher a").all_inner_texts() == ["main", "sat1"]
    # the floor map: every table of the room with its event
    tags = director.locator(".room-tables [data-room-table]")
    assert {
        tags.nth(i).get_attribute("data-room-table"): tags.nth(i).get_attribute("data-event")
        for i in range(tags.count())
    } == {"T1": "main", "T2": "main", "S1": "sat1", "S2": "sat1"}

    # the director registers the satellite's players, and leaves that tab open
    stale = director.context.new_page()
    stale.goto(room.url + "/entrants?event=sat1")
    assert stale.locator(".switcher a[aria-current]").inner_text() == "sat1"
    assert register(stale, "Sat One\nSat Two\nSat Three") == (
        "Done: registered Sat One, Sat Two, Sat Three"
    )
    # another tab switches the session to the main event
    director.goto(room.url + "/entrants?event=main")
    assert director.locator(".switcher a[aria-current]").inner_text() == "main"
    assert register(director, "Main One", "M-7") == "Done: registered Main One"
    # the stale tab's form posts the event it shows: its name goes to sat1, not to main
    assert register(stale, "Ann Member", "M-7") == "Done: registered Ann Member"
    main, sat = web.room.events["main"], web.room.events["sat1"]
    assert [e.name for e in main.venue.entries.values()] == ["Main One"]
    assert [e.name for e in sat.venue.entries.values()] == [
        "Sat One",
        "Sat Two",
        "Sat Three",
        "Ann Member",
    ]
    # a form of an event the room does not hold (a tab of another console) acts on none
    stale.evaluate(
        "document.querySelector(\"form[action='/do/register'] input[name=event]\").value = 'sat9'"
    )
    assert "no event 'sat9'" in register(stale, "Nobody")
    # one person across the events: the member id (players.across)
    stale.goto(room.url + "/entrants?event=main")
    people = stale.locator("#people tr[data-person]")
    assert people.count() == 1
    assert people.inner_text().split("\t")[1:3] == ["M-7", "main: registered; sat1: registered"]
    # each event's clock: the satellite's structure on its clock page
    director.goto(room.url + "/clock?event=sat1")
    minutes = director.locator("table.levels tbody tr td:nth-child(4)").all_inner_texts()
    assert [float(m) for m in minutes] == [s.minutes for s in sat.clock.structure.steps]
    assert len(minutes) != len(main.clock.structure.steps)  # not the main event's
    # the public pages: every event listed, then one event's page as before
    public = browser.new_page()
    public.goto(room.url + "/public")
    cards = public.locator(".event-card")
    assert cards.count() == 2 and "4 registered · registration open" in cards.nth(1).inner_text()
    with public.expect_navigation():
        public.click(".event-card[data-event=sat1] h2 a")
    assert public.url.endswith("/public/sat1") and "All events" in public.inner_text(".back")
    assert public.locator("section[data-live=payouts]").count() == 1
    assert public.goto(room.url + "/public/sat9").status == 404

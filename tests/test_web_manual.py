"""Tables without sensors in the room (issue 31 part 2) in headless Chromium: a real mosquitto,
two simulated sensored tables (hw_sim.venue_room) and two manual tables whose floor person
works the phone page (/manual/NAME, a phone's viewport), the console served by uvicorn.

The floor person confirms the seat draw and a player moved in; the bubble is played hand for
hand (002 RP-8): the round waits for the manual tables' hand over as for the sensored tables'
reports; a player busts at a sensored table (an all-in and call the director releases, RP-8 F)
and one at a manual table on the same hand, entered on the phone with who eliminated them, and
the two share the places they cover (RP-8 A). The console, the entrants, the public page, the
results and the log say the manual figures were entered, and by whom.

A satellite runs beside it (issue 31 part 3): opened from the floor page before the main event
starts, with its own two tables (without sensors), clock, structure and entrants; after the
bubble, three of its players bust on one hand at S2, S2 breaks (002 Rule 10-B), and the
director hands it to the main event, whose level and balancing it takes. Every page shows which
event it is of; /public lists both; the satellite's venue clock follows its own topic.

``TABLECTL_SCREENSHOTS=DIR`` saves each page, desktop and phone, into DIR."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import web_shots
from test_web_console import PASSWORD, Room, flash, sign_in
from test_web_h4h import all_in_and_call

playwright = pytest.importorskip("playwright.sync_api")

from hw_sim.venue_room import SimRoom  # noqa: E402
from hw_sim.venue_tables import SimTable  # noqa: E402
from tablectl.venue.broker import free_port  # noqa: E402
from tablectl.venue.serve import Served, build, demo_settings, serve_in_thread  # noqa: E402

PHONE = {"width": 390, "height": 844}
# 23 entrants at four 6-handed tables, 20 paid: the bubble at 21 players, four tables in play
PAID = [20, 14, 10, 8, 6, 5, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2]
ENTRANTS = 23


class ManualRoom(Room):
    """Room's serving and closing, with two sensored and two manual tables."""

    def __init__(self, tmp: Path) -> None:
        self.sim = SimRoom(tmp / "room", ["T1", "T2"], venue="demo")
        self.sim.open_tables()
        self.sim.wait_connected()
        tables = ["T1", "T2", "T3", "T4"]
        settings = demo_settings(tmp, 0, self.sim.port, self.sim.users["venue"], PASSWORD, tables)
        setup = copy.deepcopy(settings.setup)
        setup["structure"]["prize"]["payouts"] = [{"entrants": 2, "percent": PAID}]
        setup.update(approve_moves=False, manual=["T3", "T4"])
        settings = dataclasses.replace(settings, setup=setup)
        self.served: Served = serve_in_thread(build(settings), free_port())
        self.url = self.served.url
        self.console = self.served.web.console


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ManualRoom]:
    r = ManualRoom(tmp_path_factory.mktemp("manual"))
    try:
        yield r
    finally:
        r.close()


def shoot(page: Any, name: str) -> None:
    web_shots.shoot(page, f"manual_{name}", {"desktop": web_shots.DESKTOP, "phone": PHONE})


def on_phone(browser: Any, room: ManualRoom, table: str) -> Any:
    """The floor person signs in on a phone (the console's floor role) and opens the table's
    page."""
    page = browser.new_context(viewport=PHONE, bypass_csp=True, is_mobile=True).new_page()
    page.goto(room.url + f"/manual/{table}")
    assert page.url.endswith(f"/login?next=/manual/{table}")
    page.fill("input[name=name]", "floor")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert page.url == room.url + f"/manual/{table}", page.content()[:400]
    return page


def tap(page: Any, selector: str) -> str:
    with page.expect_navigation():
        page.click(selector)
    return flash(page)


def fold_around(t: SimTable) -> None:
    """A hand at a sensored table where everyone folds to the big blind: nobody busts."""
    if t.engine is None:
        t._start_engine()
    eng = t.engine
    assert eng is not None and t.can_play()
    t._deal(eng)
    while (view := eng.view()).to_act is not None:
        t._apply({"fold": view.to_act})
    t.counts.hands += 1
    t.dirty = True


SAT_PLAYERS = 8  # two tables of four


def open_satellite(room: ManualRoom, browser: Any, director: Any) -> dict[str, Any]:
    """The director opens sat1 beside the main event, registers its players and draws its seats;
    its floor person confirms them on the two phone pages. The phones, by table."""
    director.click("details.open-event summary")
    director.fill("input[name=id]", "sat1")
    director.fill("form[action='/do/open_event'] input[name=tables]", "S1 S2")
    director.fill("form[action='/do/open_event'] input[name=manual]", "S1 S2")
    director.fill("input[name=handed]", "4")
    director.select_option("select[name=preset]", "wfp-sitngo")
    assert (
        tap(director, "form[action='/do/open_event'] button")
        == "Done: opened event sat1: 2 table(s)"
    )
    director.goto(room.url + "/entrants?event=sat1")
    director.fill("#names", "\n".join(f"Sat {i}" for i in range(1, SAT_PLAYERS + 1)))
    tap(director, "button:has-text('Register')")
    assert "the clock is running" in tap(director, "button:has-text('Draw seats and start')")
    phones = {t: on_phone(browser, room, t) for t in ("S1", "S2")}
    for t, phone in phones.items():
        assert tap(phone, "button:has-text('Confirm all 4 seats')").startswith(f"Done: {t}")
        assert phone.locator(".switcher a[aria-current]").inner_text() == "sat1"
        assert "Next hand at Level 1: 25/50" in phone.inner_text(".level-line")
    director.goto(room.url + "/entrants?event=main")  # back to the main event
    return phones


def test_two_manual_and_two_sensored_tables_play_the_bubble_hand_for_hand(
    room: ManualRoom, browser: Any
) -> None:
    c = room.console
    v = c.venue
    director = sign_in(browser, room)  # type: ignore[arg-type]
    open_satellite(room, browser, director)
    sat = room.served.web.room.events["sat1"]
    assert not sat.venue.pending and len(sat.venue.remaining()) == SAT_PLAYERS
    director.goto(room.url + "/entrants")
    assert director.locator(".switcher a[aria-current]").inner_text() == "main"
    director.fill("#names", "\n".join(f"Guest {i:02d}" for i in range(1, ENTRANTS + 1)))
    tap(director, "button:has-text('Register')")
    tap(director, "button:has-text('Draw seats and start')")
    room.serve_until(lambda: room.sim.players("T1") + room.sim.players("T2") >= 11)

    with room.sim.lock:  # a first hand at each sensored table
        for t in room.sim.tables.values():
            fold_around(t)
            t.publish_state()

    # the seat draw at the manual tables: one tap on each phone page
    phones = {t: on_phone(browser, room, t) for t in ("T3", "T4")}
    for t, phone in phones.items():
        n = len([e for e in v.entries.values() if e.table == t])
        assert tap(phone, f"button:has-text('Confirm all {n} seats')").startswith("Done: T")
        assert f"Table {t}" in phone.inner_text("h1")
        assert "Next hand at Level 1: 100/200" in phone.inner_text(".level-line")
    shoot(phones["T3"], "phone_seats")
    assert not [cmd for cmd, _r in v.pending.values()]

    # two out before the bubble, entered on the phone: T3 then T4 (a move comes to T4)
    for t in ("T3", "T4"):
        phone = phones[t]
        phone.reload()
        first = phone.locator(".bust-list li").first
        name = first.locator("input[name=out]").get_attribute("value")
        first.locator("input[name=out]").check()
        first.locator("select").first.select_option(index=1)
        said = tap(phone, "button:has-text('Enter the hand')")
        assert f"{name} out in place" in said and "entered by floor" in said
    room.serve_until(lambda: not [cmd for cmd, _r in v.pending.values() if cmd.table != "T4"])
    phone = phones["T4"]
    phone.reload()
    assert "moves from" not in phone.inner_text(".manual")
    order = phone.locator(".order-list li").first
    assert "seat Guest" in order.inner_text()
    shoot(phone, "phone_move")
    said = tap(phone, ".order-list li >> button:has-text('Done')")
    assert said.startswith("Done: T4 (manual): confirmed c")
    assert not v.pending and len(v.remaining()) == ENTRANTS - 2
    assert sorted(v.active_tables()) == ["T1", "T2", "T3", "T4"]

    # the bubble: the model proposes hand-for-hand; the director starts it
    director.goto(room.url + "/")
    assert "next elimination reaches the money" in director.inner_text(".h4h")
    assert "Start hand-for-hand" in tap(director, "button:has-text('Start hand-for-hand')") or True
    # round 0: the sensored tables are between hands, the manual ones are asked for theirs
    assert v.h4h is not None and sorted(v.h4h.waiting) == ["T3", "T4"]
    for phone in phones.values():
        phone.reload()
        assert "finish the hand in progress" in phone.inner_text(".doing")
        assert "hand-for-hand" in phone.inner_text(".panel.asked")
    assert "Done: T4 (manual): entered a chip count" in tap(
        phones["T4"], "button:has-text('Enter the count')"
    )
    for phone in phones.values():
        assert "entered a hand: hand over" in tap(phone, "button:has-text('Hand over')")
    assert v.h4h.round == 1
    room.serve_until(
        lambda: all(t.hold.round == 1 and t.hold.may_deal() for t in room.sim.tables.values())
    )

    # round 1: a player busts at T1 (all-in and call, released by the director) and one at T3,
    # entered on the phone with who eliminated them; T2 and T4 play a hand nobody busts in
    t1, t2 = room.sim.tables["T1"], room.sim.tables["T2"]
    with room.sim.lock:
        out1 = all_in_and_call(t1)
        fold_around(t2)
        t2.publish_state()
    room.serve_until(lambda: c.h4h_view()["allin"] != [])
    director.goto(room.url + "/")
    tap(director, "button:has-text('Release T1')")
    room.serve_until(lambda: t1.hold.release == t1.engine.hand_no)
    assert room.sim.play("T1")
    room.serve_until(lambda: sorted(v.h4h.waiting) == ["T3", "T4"])
    phone = phones["T3"]
    phone.reload()
    row = phone.locator(".bust-list li").nth(1)
    out3 = row.locator("input[name=out]").get_attribute("value")
    by3 = phone.locator(".bust-list li").nth(2).locator("input[name=out]").get_attribute("value")
    row.locator("input[name=out]").check()
    row.locator(f"select[name='by:{out3}']").select_option(by3)
    said = tap(phone, "button:has-text('Hand over')")
    assert f"{out3} out in place 20" in said and "hand for hand: shares" in said
    phone.reload()
    assert "HOLD - hand for hand: waiting for T4" in phone.inner_text(".doing")
    shoot(phone, "phone_hold")
    # a second hand over in the same round is refused in one line
    assert not phone.is_visible("button:has-text('Hand over')")  # no hand while it holds
    assert "entered a hand: hand over" in tap(phones["T4"], "button:has-text('Hand over')")
    (shared,) = c.h4h_view()["shared"]
    assert "share places 20-21" in shared and out1 in shared and out3 in shared

    # every chip accounted for: the sensored tables' own reports, the manual tables' entries
    assert c.runner.chips_in_play() == v.chips_issued == ENTRANTS * 10000

    # the bust entered by hand: who eliminated whom, for the bounty path (money2), and who
    # entered it
    gone = next(e for e in v.entries.values() if e.name == out3)
    winner = next(e for e in v.entries.values() if e.name == by3)
    assert gone.by == {winner.id: 1} and v.manual.busted_by[gone.id] == "floor"
    assert (gone.place, gone.shared) == (20, 2)

    # the console: the manual tables say so; the entrants and results say who entered the bust
    director.goto(room.url + "/")
    assert director.locator("#table-T3 .tag.manual").inner_text() == "MANUAL: no sensors"
    assert "entered by floor" in director.inner_text("#table-T3 .entered-line")
    shoot(director, "floor")
    director.goto(room.url + "/entrants")
    assert "entered by floor" in director.inner_text(".entrants")
    shoot(director, "entrants")
    director.goto(room.url + "/results")
    row = director.locator("table.results tr", has_text=out3)
    assert "floor" in row.inner_text()
    shoot(director, "results")
    director.goto(room.url + "/log")
    assert f"T3 (manual): entered a hand: {out3} out" in director.inner_text("table.log")
    public = browser.new_page(bypass_csp=True)
    public.goto(room.url + "/public/main")  # the satellite beside it: /public lists both
    assert "share places 20-21" in public.inner_text(".h4h-shared")
    assert "(entered by floor at T3)" in public.inner_text("body")
    web_shots.shoot(public, "manual_public", {"desktop": web_shots.DESKTOP, "phone": PHONE})
    shoot(phones["T4"], "phone_t4")
    # the satellite ran beside it, untouched: its players, its clock, its own structure
    assert len(sat.venue.remaining()) == SAT_PLAYERS and not sat.venue.h4h
    assert sat.clock.structure.name == "WFP Sit & Go" != c.clock.structure.name


def room_shot(page: Any, name: str) -> None:
    web_shots.shoot(page, f"room_{name}", {"desktop": web_shots.DESKTOP, "phone": PHONE})


def test_a_table_broken_in_the_satellite_is_handed_to_the_main_event(
    room: ManualRoom, browser: Any
) -> None:
    web = room.served.web
    if web.room is None or "sat1" not in web.room.events or not room.console.venue.started:
        pytest.skip("runs after the bubble test (the module's room, its satellite)")
    main, sat = room.console, web.room.events["sat1"]
    director = sign_in(browser, room)  # type: ignore[arg-type]
    # a table in play is not handed over: refused in one line, nothing changed
    assert "S2 still seats 4" in web.room.hand_over("director", "S2", "main").text

    # three players bust on one hand at S2, entered on its phone: the five left fit S1's final
    # table (002 Rule 12), so S2 breaks and its last player moves to S1 (10-B)
    s2 = on_phone(browser, room, "S2")
    rows = s2.locator(".bust-list li")
    names = [rows.nth(i).locator("input[name=out]").get_attribute("value") for i in range(4)]
    for i in range(3):
        rows.nth(i).locator("input[name=out]").check()
        rows.nth(i).locator(f"select[name='by:{names[i]}']").select_option(names[3])
    said = tap(s2, "button:has-text('Enter the hand')")
    assert all(f"{n} out in place" in said for n in names[:3]), said
    assert sat.venue.tables["S2"].breaking and "S2" in sat.venue.broken
    assert "moves to S1" in s2.inner_text(".order-list")
    assert tap(s2, ".order-list li >> button:has-text('Done')").startswith("Done: S2 (manual)")
    s1 = on_phone(browser, room, "S1")
    assert tap(s1, ".order-list li >> button:has-text('Done')").startswith("Done: S1 (manual)")
    assert not sat.venue.pending and not sat.venue.tables["S2"].active
    assert len(sat.venue.remaining()) == SAT_PLAYERS - 3

    # the main event fills its open seats with late entrants (002 Rule 8-A); the last waits
    v = main.venue
    director.goto(room.url + "/entrants?event=main")
    open_seats = sum(len(v.open_seats(t)) for t in v.active_tables())
    director.fill("#names", "\n".join(f"Late {i}" for i in range(1, open_seats + 2)))
    said = tap(director, "button:has-text('Register')")
    assert said.startswith("Done: registered Late 1") and len(v.waiting()) == 1, said
    settle(room, browser, v)

    # the director hands the broken table to the main event from the floor page
    director.goto(room.url + "/?event=sat1")
    director.select_option("form[action='/do/hand_over'] select[name=table]", "S2")
    director.select_option("form[action='/do/hand_over'] select[name=to]", "main")
    assert tap(director, "form[action='/do/hand_over'] button") == (
        "Done: table S2 handed from sat1 to main"
    )
    assert web.room.event_of("S2") == "main" and "S2" not in sat.venue.cfg.tables
    assert v.cfg.break_order[-1] == "S2"  # it breaks after main's own (11-C)
    tags = director.locator(".room-tables [data-room-table]")
    events = {
        tags.nth(i).get_attribute("data-room-table"): tags.nth(i).get_attribute("data-event")
        for i in range(tags.count())
    }
    assert events == {
        "T1": "main",
        "T2": "main",
        "T3": "main",
        "T4": "main",
        "S2": "main",
        "S1": "sat1",
    }
    # at S2 now: the main event's level (002 Rule 24) and its seat draw: the one waiting sits
    # there (8-A), then balancing brings more (11-A)
    assert not v.waiting() and v.tables["S2"].active
    s2.goto(room.url + "/manual/S2")
    assert s2.locator(".switcher a[aria-current]").inner_text() == "main"
    assert main.clock_view()["blinds"] in s2.inner_text(".level-line")
    assert f"seat Late {open_seats + 1} in seat" in s2.inner_text(".order-list")
    room_shot(s2, "phone_handed")
    settle(room, browser, v)
    assert v.committed("S2") >= 2 and not v.pending
    assert main.runner.chips_in_play() == v.chips_issued

    # the pages: the floor map of the room, the satellite's entrants, /public and /public/sat1
    director.goto(room.url + "/?event=main")
    room_shot(director, "floor")
    director.goto(room.url + "/entrants?event=sat1")
    assert director.locator(".switcher a[aria-current]").inner_text() == "sat1"
    room_shot(director, "sat_entrants")
    director.goto(room.url + "/clock?event=sat1")
    room_shot(director, "sat_clock")
    public = browser.new_page(bypass_csp=True)
    public.goto(room.url + "/public")
    cards = public.locator(".event-card")
    assert cards.count() == 2
    assert f"{SAT_PLAYERS - 3} of {SAT_PLAYERS} players left" in cards.nth(1).inner_text()
    room_shot(public, "public")
    public.goto(room.url + "/public/sat1")
    assert "All events" in public.inner_text(".back")
    room_shot(public, "public_sat1")
    satellite_clock(room, sat)


def settle(room: ManualRoom, browser: Any, v: Any) -> None:
    """Every command of the main event carried out: the sensored tables' dealers answer them,
    each manual table's floor person taps Done on its phone page."""
    phones: dict[str, Any] = {}
    for _ in range(60):
        room.serve_until(
            lambda: not [c for c, _e in v.pending.values() if not v.manual.has(c.table)]
        )
        manual = sorted({c.table for c, _e in v.pending.values() if v.manual.has(c.table)})
        if not manual:
            return
        for t in manual:
            if t not in phones:
                phones[t] = on_phone(browser, room, t)
            phones[t].goto(room.url + f"/manual/{t}")
            done = tap(phones[t], ".order-list li >> button:has-text('Done')")
            assert done.startswith(f"Done: {t} (manual): confirmed"), done
    raise AssertionError(f"commands still waiting: {sorted(v.pending)}")


def satellite_clock(room: ManualRoom, sat: Any) -> None:
    """The satellite's venue clock (``tablectl clock --venue demo --event sat1``) at the two
    kiosk sizes, fed by its own clock topic through the room's broker."""
    import os
    import time
    from datetime import datetime

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

    from display.clock import render_status
    from tablectl.files.clock_files import load_structure, preset_dir
    from tablectl.tournament.clock import TourneyClock
    from tablectl.venue.watch import ClockFeed

    feed = ClockFeed(
        "demo",
        "127.0.0.1",
        room.sim.port,
        username="clock",
        password=room.sim.users["clock"],
        event="sat1",
        log=lambda _line: None,
    )
    feed.start()
    try:
        room.serve_until(lambda: feed.state().live)
        board = feed.board()
        state = feed.clock_state()
        assert board is not None and state is not None
        assert board.players_left == SAT_PLAYERS - 3 and state["structure"] == "WFP Sit & Go"
        clock = TourneyClock(load_structure(preset_dir() / "wfp-sitngo.toml"), entrants=SAT_PLAYERS)
        now = time.monotonic()
        age = time.time() - state["t"]  # the setting is as of its wall time
        clock.follow(state["index"], state["seconds_left"], state["paused"], age, now)
        for size in ((800, 480), (1920, 1080)):
            surface, screen = render_status(
                clock.status(now, datetime(2026, 11, 21, 20, 14)), size, "20:14", board
            )
            texts = [t.text for t in screen.painter.texts]
            assert any("25/50" in t or "25 / 50" in t for t in texts), texts
            where = os.environ.get("TABLECTL_SCREENSHOTS")
            if where:
                import pygame

                pygame.image.save(surface, f"{where}/clock_satellite_{size[0]}x{size[1]}.png")
    finally:
        feed.stop()


def test_a_floor_entry_that_cannot_apply_is_refused_in_one_line(
    room: ManualRoom, browser: Any
) -> None:
    phone = on_phone(browser, room, "T4")
    if not room.console.venue.started:
        pytest.skip("runs after the bubble test (the module's room)")
    first = phone.locator(".count-form input[inputmode=numeric]").first
    first.fill("12x")
    said = tap(phone, "button:has-text('Enter the count')")
    assert said.startswith("Refused: ") and "not a whole number: '12x'" in said
    phone.goto(room.url + "/manual/T1")  # a sensored table has no floor entry page
    assert "no manual table 'T1'" in flash(phone)

"""Tables without sensors in the room (issue 31 part 2) in headless Chromium: a real mosquitto,
two simulated sensored tables (hw_sim.venue_room) and two manual tables whose floor person
works the phone page (/manual/NAME, a phone's viewport), the console served by uvicorn.

The floor person confirms the seat draw and a player moved in; the bubble is played hand for
hand (002 RP-8): the round waits for the manual tables' hand over as for the sensored tables'
reports; a player busts at a sensored table (an all-in and call the director releases, RP-8 F)
and one at a manual table on the same hand, entered on the phone with who eliminated them, and
the two share the places they cover (RP-8 A). The console, the entrants, the public page, the
results and the log say the manual figures were entered, and by whom.

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


def test_two_manual_and_two_sensored_tables_play_the_bubble_hand_for_hand(
    room: ManualRoom, browser: Any
) -> None:
    c = room.console
    v = c.venue
    director = sign_in(browser, room)  # type: ignore[arg-type]
    director.goto(room.url + "/entrants")
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
    public.goto(room.url + "/public")
    assert "share places 20-21" in public.inner_text(".h4h-shared")
    assert "(entered by floor at T3)" in public.inner_text("body")
    web_shots.shoot(public, "manual_public", {"desktop": web_shots.DESKTOP, "phone": PHONE})
    shoot(phones["T4"], "phone_t4")


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

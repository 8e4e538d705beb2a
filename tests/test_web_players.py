"""The player behind the name on the console, in headless Chromium (issue 31 part 3): a real
mosquitto, two simulated tables, the console served by uvicorn. The registration form takes the
optional member id; two people of one name are told apart (``Ann Lee (2)``, each member id shown
beside the name and marked); a member id is one person's; a member id with several names is
refused; the Players table lists one row a person.

``TABLECTL_SCREENSHOTS=DIR`` saves the entrants page at desktop and phone size."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import web_shots
from test_web_console import DESKTOP, PHONE, Room, flash, sign_in

playwright = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    r = Room(tmp_path_factory.mktemp("players"))
    try:
        yield r
    finally:
        r.close()


def register(page: Any, names: str, member: str = "", again: bool = False) -> str:
    page.fill("#names", names)
    page.fill("#member", member)
    if again:
        page.check("input[name=again]")
    with page.expect_navigation():
        page.click("form[action='/do/register'] button[type=submit]")
    return flash(page)


def test_the_director_registers_two_people_of_one_name(room: Room, browser: Any) -> None:
    page = sign_in(browser, room)
    page.goto(room.url + "/entrants")
    assert register(page, "Ann Lee", "M-0042") == "Done: registered Ann Lee"
    # the same name again: refused until it is said to be another person (002 Rule 68)
    assert "registered already" in register(page, "Ann Lee", "M-0077")
    assert register(page, "Ann Lee", "M-0077", again=True) == "Done: registered Ann Lee (2)"
    # a member id is one person's; and goes with one name
    said = register(page, "Ann Lee", "M-0042", again=True)
    assert said == (
        "Refused: registered 0; register: member M-0042 is Ann Lee (e1) already: the same "
        "player re-enters (002 Rule 8-A), another person has another member id"
    )
    said = register(page, "Bo\nCy", "M-0100")
    assert said == "Refused: a member id goes with one name: register them one at a time"
    assert register(page, "Bo\nCy") == "Done: registered Bo, Cy"

    rows = page.locator("table.entrants tbody tr").all_inner_texts()
    assert [r.split("\t")[:2] for r in rows] == [
        ["e1", "Ann Lee M-0042"],
        ["e2", "Ann Lee (2) M-0077"],
        ["e3", "Bo"],
        ["e4", "Cy"],
    ]
    assert page.locator("table.entrants .member.namesake").count() == 2
    players = page.locator("#players tbody tr").all_inner_texts()
    assert [p.split("\t")[:4] for p in players] == [
        ["Ann Lee (name shared)", "M-0042", "e1", "0"],
        ["Ann Lee (2) (name shared)", "M-0077", "e2", "0"],
        ["Bo", "", "e3", "0"],
        ["Cy", "", "e4", "0"],
    ]
    web_shots.shoot(page, "players_entrants", {"desktop": DESKTOP, "phone": PHONE})
    page.context.close()

"""The money pages in headless Chromium (issue 32): the deal at the final table, the results and
the print pages, on a console served by uvicorn over a venue taken to three players left
(tests/venue_money.py: every event through the console's journal; no tables needed, the
broker client never started).

``TABLECTL_SCREENSHOTS=DIR`` saves the pages at desktop and phone width into DIR.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
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

from venue_money import SETUP, played_out, three_left  # noqa: E402

from tablectl.venue.broker import free_port  # noqa: E402
from tablectl.venue.serve import Served, serve_in_thread  # noqa: E402
from tablectl.venue.web.app import WebConsole  # noqa: E402
from tablectl.venue.web.auth import Sessions, Staff, hash_password  # noqa: E402

PASSWORD = "correct horse battery"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
A4 = {"width": 794, "height": 1123}  # an A4 page at 96 dpi, as Chromium prints it


def staff() -> list[Staff]:
    return [
        Staff("Dana", "director", hash_password(PASSWORD)),
        Staff("Flo", "floor", hash_password(PASSWORD)),
    ]


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    console = three_left(tmp_path_factory.mktemp("money") / "venue.jsonl")
    s = serve_in_thread(WebConsole(console, Sessions(staff())), free_port())
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """A tournament played out after a deal, with league points (simple)."""
    journal = tmp_path_factory.mktemp("money") / "venue.jsonl"
    console = played_out(journal, {**SETUP, "league": "simple"})
    s = serve_in_thread(WebConsole(console, Sessions(staff())), free_port())
    try:
        yield s
    finally:
        s.stop()


def sign_in(browser: Any, served: Served, name: str, path: str) -> Any:
    page = browser.new_context(viewport=DESKTOP, bypass_csp=True).new_page()
    page.goto(served.url + path)
    page.fill("input[name=name]", name)
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert page.url == served.url + path, page.content()[:300]
    return page


def shoot(page: Any, name: str) -> None:
    web_shots.shoot(page, name, {"desktop": DESKTOP, "phone": PHONE})


def test_floor_staff_see_the_figures_but_only_the_director_records_a_deal(
    served: Served, browser: Any
) -> None:
    page = sign_in(browser, served, "Flo", "/deal")
    assert page.locator("table.deal tbody tr").count() == 3
    assert "The director records a deal" in page.inner_text("main")
    assert page.locator("button", has_text="Record the deal").count() == 0
    # the form posted anyway (its CSRF token is the floor's own): refused, nothing recorded
    with page.expect_navigation():
        page.locator("form[action='/do/deal']").evaluate("f => f.submit()")
    assert page.inner_text(".flash") == "Refused: floor staff may not deal: ask the director"
    assert served.web.console.venue.deal is None
    page.context.close()


def test_a_live_push_keeps_what_the_director_typed(served: Served, browser: Any) -> None:
    """The deal's form lies in a live section: a push redrawing it (here the first one, held
    back until the director has typed; at a final table every hand's report) kept the amount
    played for the director was typing only by luck (the section's HTML replaced, the field drawn
    again at $0: the figures then shown for nothing played for). What was typed stays, and the
    field keeps the focus."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    held: list[Any] = []
    routes: list[Any] = []

    def hold(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda m: held.append(m))  # the server's pushes wait until released below
        routes.append(ws)

    context.route_web_socket("**/live*", hold)
    page = context.new_page()
    page.goto(served.url + "/deal")
    page.fill("input[name=name]", "Dana")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    page.wait_for_function("window.tablectl && window.tablectl.connected")
    page.wait_for_timeout(50)
    page.click("input[name=held]")
    page.fill("input[name=held]", "100")
    deadline = 100
    while not held and deadline:
        page.wait_for_timeout(50)
        deadline -= 1
    assert held, "the first push never came"
    for message in held:
        routes[-1].send(message)
    page.wait_for_function("window.tablectl.updates > 0")
    assert page.input_value("input[name=held]") == "100"
    assert page.evaluate("document.activeElement.name") == "held"
    with page.expect_navigation():
        page.click("button:has-text('Show the figures')")
    assert "after $100 played for" in page.inner_text("main")
    context.close()


def test_the_director_records_the_deal_the_players_agreed(served: Served, browser: Any) -> None:
    web = served.web
    page = sign_in(browser, served, "Dana", "/deal")
    page.fill("input[name=held]", "100")
    with page.expect_navigation():
        page.click("button:has-text('Show the figures')")
    assert "after $100 played for" in page.inner_text("main")
    assert page.input_value("input[name=held]") == "100"  # as typed, not "100.0"
    rows = page.locator("table.deal tbody tr")
    icm = [float(rows.nth(i).locator("td.icm").inner_text()[1:].replace(",", "")) for i in range(3)]
    assert sum(icm) == 900 and all(x % 5 == 0 for x in icm)
    shoot(page, "deal")

    # one player has not agreed yet: refused, nothing recorded
    page.check("input[name=agreed] >> nth=0")
    page.check("input[name=agreed] >> nth=1")
    with page.expect_navigation():
        page.click("button:has-text('Record the deal')")
    assert page.inner_text(".flash").startswith("Refused: deal: not agreed by")
    assert web.console.venue.deal is None

    assert page.url.endswith("/deal?held=100")  # back where it was, the amount kept
    for i in range(3):
        page.check(f"input[name=agreed] >> nth={i}")
    page.select_option("select[name=method]", "icm")
    with page.expect_navigation():
        page.click("button:has-text('Record the deal')")
    assert page.inner_text(".flash").startswith("Done: recorded a deal (icm)")
    assert "Deal agreed (icm)" in page.inner_text("main")
    deal = web.console.venue.deal
    assert deal is not None and sorted(v / 100 for v in deal.shares.values()) == sorted(icm)
    shoot(page, "deal_made")

    # the public page shows what the players left are paid now: the deal, not the payout table
    page.goto(served.url + "/public")
    shares = page.locator("table.deal-shares tr")
    paid = {
        shares.nth(i).locator("td").first.inner_text(): shares.nth(i).locator("td.num").inner_text()
        for i in range(shares.count())
    }
    assert "Deal agreed (ICM)" in page.inner_text("main")
    assert paid["played for (to the winner)"] == "$100"
    assert sorted(float(v[1:].replace(",", "")) for k, v in paid.items() if "played" not in k) == (
        sorted(icm)
    )
    assert page.locator("ol.payouts").count() == 0
    shoot(page, "public_deal")

    page.goto(served.url + "/log")
    first = page.locator("table.log tbody tr").first.inner_text()
    assert "Dana" in first and "recorded a deal (icm), agreed by" in first
    page.context.close()


def print_shot(page: Any, name: str) -> None:
    """The page as the printer gets it (print media, an A4 page's width) into DIR."""
    where = os.environ.get("TABLECTL_SCREENSHOTS")
    if where:
        page.screenshot(path=str(Path(where) / f"print_{name}.png"), full_page=True)


def test_the_results_page_and_its_downloads_agree(finished: Served, browser: Any) -> None:
    page = sign_in(browser, finished, "Dana", "/results")
    rows = page.locator("table.results tbody tr")
    assert rows.count() == 10
    first = rows.first.inner_text().split("\t")
    # the winner: 10 points (simple); "Entered by" last, empty at a sensored table
    assert first[0] == "1" and first[-2:] == ["10.00", ""]
    assert "=SUM(A1)" in page.inner_text("table.results")  # shown as entered (escaped HTML)
    shoot(page, "results")

    got = page.request.get(finished.url + "/results.csv")
    assert got.ok and got.headers["content-type"].startswith("text/csv")
    assert 'filename="results-money.csv"' in got.headers["content-disposition"]
    table = list(csv.DictReader(io.StringIO(got.text())))
    assert [int(r["place"]) for r in table] == list(range(1, 11))
    assert "'=SUM(A1)" in [r["name"] for r in table]
    body = json.loads(page.request.get(finished.url + "/results.json").text())
    assert [r["prize"] for r in body["results"]] == [float(r["prize"]) for r in table]
    assert round(sum(r["prize"] for r in body["results"]), 2) == body["tournament"]["prize_pool"]
    page.context.close()

    anon = browser.new_context().new_page()
    resp = anon.request.get(finished.url + "/results.csv", max_redirects=0)
    assert resp.status == 303 and "/login" in resp.headers["location"]  # staff only
    anon.context.close()


def test_the_printouts_are_print_ready_pages(
    finished: Served, served: Served, browser: Any
) -> None:
    page = sign_in(browser, finished, "Dana", "/print/results")
    page.set_viewport_size(A4)
    page.emulate_media(media="print")
    assert not page.locator(".noprint").is_visible()  # the link back is not printed
    assert page.locator("table.sheet-table tbody tr").count() == 10
    assert "Results" in page.inner_text("h1")
    assert "as agreed by" in page.inner_text(".sheet-note")
    print_shot(page, "results")

    page.goto(finished.url + "/print/payouts")
    assert not page.locator(".noprint").is_visible()
    assert "Final table deal (icm)" in page.inner_text("body")
    assert page.locator("table.payouts tbody tr").count() == 3  # 500 / 300 / 200
    print_shot(page, "payouts")
    assert page.goto(finished.url + "/print/nothing").status == 404
    page.context.close()

    cards = sign_in(browser, served, "Dana", "/seatcards")
    cards.set_viewport_size(A4)
    cards.emulate_media(media="print")
    assert cards.locator(".card").count() == len(served.web.console.venue.remaining())
    assert not cards.locator(".noprint").is_visible()
    print_shot(cards, "seatcards")
    cards.context.close()

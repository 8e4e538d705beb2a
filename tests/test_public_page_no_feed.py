"""The public page says when its figures are not live (issue 25, item 2), in Chromium.

Players read the public page on their phones as they read the clock on the wall: when the console
cannot hear the tables (its broker refuses it, or goes away) the page says so in large type, since
when and why, and marks the figures stale; when the phone loses the console, the page says that
too. A real mosquitto, uvicorn and Debian's chromium.
"""

from __future__ import annotations

import shutil
import time
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

from hw_sim.venue_room import CHROMIUM_ARGS, SimRoom  # noqa: E402
from tablectl.venue.serve import build, demo_settings, serve_in_thread  # noqa: E402

PHONE = {"width": 390, "height": 844}


def open_public(browser: Any, url: str) -> Any:
    page = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    page.goto(url + "/public")
    page.wait_for_function("window.tablectl && window.tablectl.connected")
    return page


def shoot(page: Any, name: str) -> None:
    """``TABLECTL_SCREENSHOTS=DIR``: the page at phone and desktop width into DIR."""
    web_shots.shoot(page, name, {"phone": PHONE, "desktop": web_shots.DESKTOP})


def banner(page: Any) -> str:
    return page.inner_text("[data-live=feed]").strip()


def test_the_public_page_says_when_its_figures_are_not_live(tmp_path: Path) -> None:
    sim = SimRoom(tmp_path / "room", ["T1", "T2"], venue="demo")
    served = None
    try:
        sim.open_tables()
        sim.wait_connected()
        settings = demo_settings(
            tmp_path, 0, sim.port, sim.users["venue"], "pw pw pw pw", ["T1", "T2"]
        )
        served = serve_in_thread(build(settings), free_port())
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = open_public(browser, served.url)
                page.wait_for_function(
                    "!document.querySelector('[data-live=feed] .nofeed')", timeout=20000
                )
                assert banner(page) == "" and not page.is_visible("#offline")
                sim.broker.stop()  # the console loses the tables
                page.wait_for_selector("[data-live=feed] .nofeed", timeout=30000)
                text = banner(page)
                assert text.startswith("No live feed from the tables since "), text
                assert "lost the broker" in text or "cannot reach" in text, text
                assert page.locator(".figures.stale").count() == 1
                font = page.eval_on_selector(
                    "[data-live=feed] .nofeed strong", "e => getComputedStyle(e).fontSize"
                )
                assert float(font.rstrip("px")) >= 20  # large type, on a phone too
                shoot(page, "public_no_feed")
                served.stop()  # and now the phone loses the console
                served = None
                page.wait_for_selector("#offline", state="visible", timeout=20000)
                assert page.inner_text("#offline").startswith("Not live since ")
                assert page.evaluate("document.body.classList.contains('stale')")
                shoot(page, "public_offline")
            finally:
                browser.close()
    finally:
        if served is not None:
            served.stop()
        sim.close()


def test_a_console_the_broker_refuses_shows_why_on_the_public_page(tmp_path: Path) -> None:
    sim = SimRoom(tmp_path / "room", ["T1"], venue="demo")
    served = None
    try:
        settings = demo_settings(tmp_path, 0, sim.port, "not the password", "pw pw pw pw", ["T1"])
        served = serve_in_thread(build(settings), free_port())
        with playwright.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                page = open_public(browser, served.url)
                deadline = time.monotonic() + 30
                while "refused" not in banner(page):
                    assert time.monotonic() < deadline, banner(page)
                    page.wait_for_timeout(200)
                text = banner(page)
                assert text.startswith("No live feed from the tables since "), text
                assert "No figures from the tables yet." in text
            finally:
                browser.close()
    finally:
        if served is not None:
            served.stop()
        sim.close()

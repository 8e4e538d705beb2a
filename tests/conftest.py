"""Test-wide settings. In CI (``CI`` set, as the CI runner does) hypothesis draws the same
examples every run, so a submission's result does not depend on the draw; locally every run draws
anew, which is where rare cases are found (run with ``CI=`` unset, or ``-m slow`` for more)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, through Playwright: one per test module (the web pages'
    tests; skipped where either is missing, as those modules already are)."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    from hw_sim.venue_room import CHROMIUM_ARGS

    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        pytest.skip("Debian's chromium is not installed (sh .ci/debian-packages)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()

"""Screenshots of the console's pages for docs/screenshots: ``TABLECTL_SCREENSHOTS=DIR`` saves
each page at every width asked into DIR as ``web_<name>_<label>.png``; unset, nothing is taken."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DESKTOP = {"width": 1280, "height": 800}
WIDE = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


def shoot(page: Any, name: str, sizes: Mapping[str, Mapping[str, int]]) -> None:
    """The page at each of ``sizes`` (label -> viewport), then back to the first."""
    where = os.environ.get("TABLECTL_SCREENSHOTS")
    if not where:
        return
    for label, size in sizes.items():
        page.set_viewport_size(dict(size))
        page.wait_for_timeout(150)
        page.screenshot(path=str(Path(where) / f"web_{name}_{label}.png"), full_page=True)
    page.set_viewport_size(dict(next(iter(sizes.values()))))

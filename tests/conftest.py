"""Test-wide settings. In CI (``CI`` set, as the CI runner does) hypothesis draws the same
examples every run, so a submission's result does not depend on the draw; locally every run draws
anew, which is where rare cases are found (run with ``CI=`` unset, or ``-m slow`` for more)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

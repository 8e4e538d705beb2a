"""The venue clock's centre lines keep clear of each other at every size (issue 13: at 1920x1080
the LEVEL line touched the big digits). Rendered, then the ink of each drawn text compared."""

from __future__ import annotations

import itertools
import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
pygame = pytest.importorskip("pygame", reason="pygame is not installed")

from display import theme  # noqa: E402
from display.clock import render_status  # noqa: E402
from display.layout import DrawnText  # noqa: E402
from tablectl.files.clock_files import load_structure, preset_dir  # noqa: E402
from tablectl.tournament.clock import TourneyClock  # noqa: E402

SIZES = [
    (800, 480),
    (1024, 600),
    (1280, 720),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (1280, 1024),
]
ORDER = ("level", "time", "last_minute", "blinds", "ante")


def ink(t: DrawnText) -> pygame.Rect:
    """Where the text's pixels are (the line box has a tall empty top at big sizes)."""
    box = theme.font(t.size).render(t.text, True, t.color).get_bounding_rect()
    return box.move(t.rect.topleft)


@pytest.fixture(scope="module", autouse=True)
def _init() -> None:
    pygame.font.init()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("left", [754.0, 1190.0])  # in play, and in the last minute
def test_level_line_clear_of_the_digits(size: tuple[int, int], left: float) -> None:
    clock = TourneyClock(
        load_structure(preset_dir() / "tda-style.toml"), entrants=48, players_left=31
    )
    clock.goto(4, 0.0)
    clock.resume(0.0)
    _surface, screen = render_status(clock.status(left, None), size, "20:14")
    texts = {t.tag: t for t in screen.painter.texts if t.tag in ORDER}
    lines = [texts[tag] for tag in ORDER if tag in texts]
    assert [t.tag for t in lines][:2] == ["level", "time"]
    for upper, lower in itertools.pairwise(lines):
        a, b = ink(upper), ink(lower)
        assert not a.colliderect(b), (size, upper.text, lower.text)
        # a clear gap: at least 40% of the smaller line's ink height (18 px under a 52 px LEVEL
        # above 196 px digits read as touching at 1920x1080)
        need = 0.4 * min(a.height, b.height)
        assert b.top - a.bottom >= need, (size, upper.text, lower.text, b.top - a.bottom, need)

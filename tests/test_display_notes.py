"""The director's announcements on the dealer screen (issue 31 part 3): the newest across the
screen under the top bar in large type (two lines when long), how many more, and the table's
seats, action and level still drawn in full at 800x480 and 1920x1080.

``TABLECTL_SCREENSHOTS=DIR`` also saves each screen into DIR (docs/screenshots holds them)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from display_checks import shown
from test_display_hold import SIZES, table

from display.dealer import DealerScreen

LONG = (
    "Day 2 starts tomorrow at 12:00 sharp: bag your chips with your dealer and collect your "
    "bag-and-tag slip at the desk before you leave the room"
)


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def draw(notes: tuple[str, ...], size: tuple[int, int], name: str) -> tuple[object, object]:
    surface = pygame.Surface(size)
    screen = DealerScreen(surface)
    screen.set_notes(notes)
    screen.render(table().view())
    where = os.environ.get("TABLECTL_SCREENSHOTS")
    if where:
        pygame.image.save(surface, str(Path(where) / f"dealer_{name}_{size[0]}x{size[1]}.png"))
    return surface, screen


@pytest.mark.parametrize("size", SIZES)
def test_the_newest_announcement_across_the_screen(size: tuple[int, int]) -> None:
    surface, screen = draw(("Dinner break at 20:00", "Bar closes at 23:00"), size, "announce")
    note = shown(screen, surface, "Dinner break at 20:00", "note")
    shown(screen, surface, "+1 more", "notes_more")
    assert note.size * 480 >= 30 * size[1]  # at arm's length: larger than the headlines
    # the table is all there below it
    for name in ("Mara", "Teo", "Ines", "Ruth", "Olaf"):
        assert shown(screen, surface, name).rect.top > note.rect.bottom
    shown(screen, surface, "LEVEL 1", "level")


@pytest.mark.parametrize("size", SIZES)
def test_a_long_announcement_wraps_on_two_lines(size: tuple[int, int]) -> None:
    surface, screen = draw((LONG,), size, "announce_long")
    lines = [t for t in screen.painter.texts if t.tag == "note"]
    assert len(lines) == 2
    for line in lines:
        shown(screen, surface, line.text, "note")
    assert not [t for t in screen.painter.texts if t.tag == "notes_more"]


def test_none_leaves_the_screen_as_it_was() -> None:
    plain = pygame.Surface((800, 480))
    DealerScreen(plain).render(table().view())
    surface, screen = draw((), (800, 480), "none")
    assert pygame.image.tobytes(plain, "RGB") == pygame.image.tobytes(surface, "RGB")
    screen.set_notes(("Dinner",))  # a change redraws
    assert screen.render(table().view())

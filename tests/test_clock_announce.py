"""The director's announcements on the venue clock (issue 31 part 3): newest first in large
type across the screen, a long one wrapped on two lines, gone at its expiry even before the
venue's tick arrives, and nothing of the figures covered."""

from __future__ import annotations

import os

import pygame
import pytest
from display_checks import shown
from test_display_clock import SIZES, WALL, tda_clock

from display.clock import render_status
from tablectl.venue.board import board_from_clock

NOW = 1_790_000_000.0
DINNER = "Dinner break at 20:00: the buffet is in the bar"
LONG = (
    "Day 2 starts tomorrow at 12:00 sharp: bag your chips with your dealer and collect your "
    "bag-and-tag slip at the desk before you leave the room"
)


def payload(*notes: tuple[str, float]) -> dict[str, object]:
    return {
        "summary": {
            "entrants": 48,
            "players_left": 17,
            "chips_in_play": 480_000,
            "average_stack": 28_235,
            "prize_pool": 4_800,
            "payouts": [[1, 2_400], [2, 1_440], [3, 960]],
            "tables": {"T1": {}, "T2": {}},
            "announcements": [
                {"id": f"n{i}", "text": t, "until": until, "tables": []}
                for i, (t, until) in enumerate(notes, 1)
            ],
        }
    }


def save(surface: pygame.Surface, name: str, size: tuple[int, int]) -> None:
    if os.environ.get("TABLECTL_SCREENSHOTS"):
        where = os.environ["TABLECTL_SCREENSHOTS"]
        pygame.image.save(surface, f"{where}/clock_{name}_{size[0]}x{size[1]}.png")


@pytest.mark.parametrize("size", SIZES)
def test_the_newest_announcement_first_and_the_figures_still_shown(size: tuple[int, int]) -> None:
    board = board_from_clock(payload((DINNER, NOW + 900), ("Last orders", NOW + 60)), NOW)
    assert board is not None and board.notes == ("Last orders", DINNER)
    surface, screen = render_status(tda_clock().status(754.0, WALL), size, "20:14", board)
    newest = shown(screen, surface, "Last orders", "note")
    older = shown(screen, surface, DINNER, "note")
    assert newest.rect.top < older.rect.top
    assert newest.size * 480 >= 30 * size[1]  # large type: read across the room
    shown(screen, surface, "7:26")  # the time left in the level is not covered
    shown(screen, surface, "$4,800", "pool")
    ante = shown(screen, surface, "ANTE 600 (big blind ante)", "ante")
    assert ante.rect.bottom <= newest.rect.top
    save(surface, "announce", size)


@pytest.mark.parametrize("size", SIZES)
def test_a_long_announcement_wraps_on_two_lines(size: tuple[int, int]) -> None:
    board = board_from_clock(payload((LONG, NOW + 900)), NOW)
    surface, screen = render_status(tda_clock().status(754.0, WALL), size, "20:14", board)
    lines = [t for t in screen.painter.texts if t.tag == "note"]
    assert len(lines) == 2, [t.text for t in lines]
    for line in lines:
        shown(screen, surface, line.text, "note")
    assert " ".join(t.text for t in lines).replace(" ...", "") in LONG
    save(surface, "announce_long", size)


def test_an_expired_announcement_is_not_shown_before_the_tick_arrives() -> None:
    board = board_from_clock(payload((DINNER, NOW + 900), ("Last orders", NOW + 60)), NOW + 61)
    assert board is not None and board.notes == (DINNER,)
    board = board_from_clock(payload((DINNER, NOW + 900)), NOW + 900)
    assert board is not None and board.notes == ()
    _surface, screen = render_status(tda_clock().status(754.0, WALL), (800, 480), "20:14", board)
    assert not [t for t in screen.painter.texts if t.tag == "note"]


def test_a_bad_announcement_in_the_payload_shows_nothing_and_breaks_nothing() -> None:
    body = payload((DINNER, NOW + 900))
    body["summary"]["announcements"] += [  # type: ignore[index, operator]
        {"text": 7, "until": NOW + 900},
        {"text": "no expiry"},
        {"text": "nan", "until": float("nan")},
        "just text",
    ]
    board = board_from_clock(body, NOW)
    assert board is not None and board.notes == (DINNER,)


@pytest.mark.parametrize("size", SIZES)
def test_announcements_and_seat_moves_together_cover_nothing(size: tuple[int, int]) -> None:
    body = payload((DINNER, NOW + 900), ("Last orders", NOW + 60))
    body["moves"] = {"moves": [{"t": NOW - 5, "text": "Ann: T2 seat 4 to T1 seat 7"}]}
    board = board_from_clock(body, NOW)
    assert board is not None and board.moves and len(board.notes) == 2
    surface, screen = render_status(tda_clock().status(754.0, WALL), size, "20:14", board)
    shown(screen, surface, "Ann: T2 seat 4 to T1 seat 7", "move")
    # the newest alone while a move shows: the room's figures keep their place
    assert [t.text for t in screen.painter.texts if t.tag == "note"] == ["Last orders"]
    newest = shown(screen, surface, "Last orders", "note")
    for text in ("LEVEL 5", "7:26", "BLINDS 300 / 600", "ANTE 600 (big blind ante)"):
        assert shown(screen, surface, text).rect.bottom <= newest.rect.top
    figures = [t for t in screen.painter.texts if t.tag in ("players", "average", "chips")]
    for f in figures:
        shown(screen, surface, f.text, f.tag)
    tables = shown(screen, surface, "2 TABLES", "tables")
    assert all(not tables.rect.colliderect(f.rect) for f in figures)
    save(surface, "announce_moves", size)

"""The dealer screen during hand-for-hand (002 RP-8; issue 31): HOLD and for whom the table
waits, the round's one hand, and after an all-in and call the cards face down until the
director's release. The lines come from ``TableHold`` on a real engine's view; each is asserted
drawn, visible and inside the frame at 800x480 and 1920x1080.

``TABLECTL_SCREENSHOTS=DIR`` also saves each screen into DIR (docs/screenshots holds them)."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest
from display_checks import shown

from display.dealer import DealerScreen
from tablectl.engine.events import event_from_obj
from tablectl.engine.table import Table
from tablectl.tournament.handforhand import TableHold

SIZES = [(800, 480), (1920, 1080)]


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def table() -> Table:
    t = Table.from_setup(
        {
            "rules": "tda-2025",
            "seats": {"1": 42000, "3": 8800, "5": 61000, "6": 23500, "8": 17400},
            "button": 8,
            "blinds": [1000, 2000],
            "ante": 2000,
            "bb_ante": True,
            "chips": [100, 500, 1000, 5000, 25000],
            "names": {"1": "Mara", "3": "Teo", "5": "Ines", "6": "Ruth", "8": "Olaf"},
        }
    )
    return t


def draw(t: Table, hold: TableHold, size: tuple[int, int], name: str) -> tuple[object, object]:
    surface = pygame.Surface(size)
    screen = DealerScreen(surface)
    screen.set_hold(hold.lines(t.view()))
    screen.render(t.view())
    where = os.environ.get("TABLECTL_SCREENSHOTS")
    if where:
        pygame.image.save(surface, str(Path(where) / f"dealer_h4h_{name}_{size[0]}x{size[1]}.png"))
    return surface, screen


@pytest.mark.parametrize("size", SIZES)
def test_hold_says_for_whom_the_table_waits(size: tuple[int, int]) -> None:
    t = table()
    hold = TableHold()
    hold.take({"on": True, "round": 4, "deal": True, "waiting": ["T2", "T5"], "release": 0})
    hold.dealt = 4  # this table's hand of round 4 is over
    surface, screen = draw(t, hold, size, "hold")
    shown(screen, surface, "HOLD \u2014 hand for hand", "hold")
    texts = " ".join(x.text for x in screen.painter.texts if x.tag == "hold_why")
    assert "waiting for T2, T5 to finish the hand" in texts
    assert not [x for x in screen.painter.texts if x.tag == "to_act"]  # nobody acts


@pytest.mark.parametrize("size", SIZES)
def test_an_all_in_and_call_is_held_face_down_until_the_release(size: tuple[int, int]) -> None:
    t = table()
    hold = TableHold()
    hold.take({"on": True, "round": 2, "deal": True, "waiting": ["T3"], "release": 0})
    t.apply(
        event_from_obj(
            {
                "deal": {
                    "1": ["Ah", "Kh"],
                    "3": ["Qs", "Qd"],
                    "5": ["9c", "2d"],
                    "6": ["7s", "7c"],
                    "8": ["Jd", "4c"],
                }
            }
        )
    )
    hold.started(t.hand_no)
    # button 8, small blind 1, big blind 3: seat 5 acts first
    for ev in (
        {"fold": 5},
        {"fold": 6},
        {"push": {"seat": 8, "chips": [5000, 5000, 5000, 1000, 500, 100]}},
        {"fold": 1},
        {"push": {"seat": 3, "chips": [1000, 1000, 1000, 1000, 500, 100, 100, 100]}},
    ):
        t.apply(event_from_obj(ev))
    assert hold.frozen(t.view()), t.view().to_act
    hold.card(t.view(), was_frozen=True)  # the dealer burned and turned a flop too soon
    surface, screen = draw(t, hold, size, "allin")
    shown(screen, surface, "ALL-IN: CARDS DOWN", "hold")
    why = " ".join(x.text for x in screen.painter.texts if x.tag == "hold_why")
    assert "deal no further card until the director" in why
    alert = " ".join(x.text for x in screen.painter.texts if x.tag == "hold_alert")
    assert alert == "a card dealt in hand 1 before the release (002 RP-8 F)"


def test_the_screen_redraws_when_the_hold_changes_and_not_otherwise() -> None:
    t = table()
    surface = pygame.Surface((800, 480))
    screen = DealerScreen(surface)
    assert screen.render(t.view())
    assert not screen.render(t.view())
    screen.set_hold(("HOLD \u2014 hand for hand", "waiting for T4 to finish the hand"))
    assert screen.render(t.view())
    screen.set_hold(("HOLD \u2014 hand for hand", "waiting for T4 to finish the hand"))
    assert not screen.render(t.view())
    screen.set_hold(())
    assert screen.render(t.view())
    assert [x for x in screen.painter.texts if x.tag == "to_act"]

"""The dealer's open questions as the table shows them (issue 34, docs/testing.md).

A mutation run of tablectl/engine/recount.py: the scenarios pin each question's words and how it
closes; the dealer screen also lists the questions still open (``Table.view().recounts``): the
card and where it was seen, a seat's cards read and the deck's cards never read (issue 27).
"""

from __future__ import annotations

from typing import Any

from tablectl.engine.events import event_from_obj
from tablectl.engine.table import Table
from tablectl.engine.view import RecountView

SETUP: dict[str, Any] = {
    "rules": "roberts",
    "seats": {"1": 50000, "2": 50000, "3": 50000, "4": 50000},
    "button": 1,
    "blinds": [100, 200],
    "chips": [25, 100, 500, 1000, 5000],
}


def apply(t: Table, *objs: dict[str, Any]) -> None:
    for obj in objs:
        t.apply(event_from_obj(obj))


def test_a_card_asked_about_shows_where_it_was_seen() -> None:
    """002 Rule 1: the table rules on nothing it cannot trust; the screen shows the card and every
    zone it was read in, or the one zone when only one was."""
    t = Table.from_setup(SETUP)
    apply(
        t,
        {"card": "Qs", "zone": "seat:2"},
        {"recount": {"card": "8s", "zone": "seat:4", "seen": ["seat:4", "seat:1"]}},
        {"recount": {"card": "Kd", "zone": "board"}},
    )
    assert t.view().recounts == (
        RecountView(1, "seat:4", card="8s", seen=("seat:4", "seat:1")),
        RecountView(2, "board", card="Kd", seen=("board",)),
    )


def test_seats_cards_to_count_show_the_cards_read_and_the_deck_s_unread() -> None:
    """002 Rule 36-A(5): seats 3 and 4 hold one card as read and two of the deck were never read:
    each question shows the cards read there and the unread ones (a dead tag may be among them)."""
    t = Table.from_setup(SETUP | {"rules": "tda-2025"})
    apply(t, {"unread": {"cards": ["9s", "7h"]}})
    for card, seat in (("Qs", 2), ("Ts", 3), ("8s", 4), ("As", 1), ("Js", 2), ("Ks", 1)):
        apply(t, {"card": card, "zone": f"seat:{seat}"})
    apply(t, {"push": {"seat": 4, "chips": [100, 100]}})
    unread = ("9s", "7h")
    assert t.view().recounts == (
        RecountView(1, "seat:3", cards=1, unread=unread),
        RecountView(2, "seat:4", cards=1, unread=unread),
    )

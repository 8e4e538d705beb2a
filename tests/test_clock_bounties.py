"""The venue clock with bounties (issue 32 section 1): the bounty pool apart from the prize
pool, and each player's current bounty, largest first, as many as fit (the rest counted)."""

from __future__ import annotations

import os

import pygame
import pytest
from display_checks import shown
from test_display_clock import SIZES, WALL, tda_clock

from display.clock import render_status
from tablectl.venue.board import board_from_clock

HEADS = [["Beatriz", 65.0], ["Kofi", 40.0], ["Wen", 30.0], ["Ana", 20.0], ["Bo", 20.0]]


def summary(heads: list[list[object]]) -> dict[str, object]:
    return {
        "entrants": 48,
        "players_left": len(heads),
        "chips_in_play": 480_000,
        "average_stack": 480_000 // max(1, len(heads)),
        "prize_pool": 4_800,
        "payouts": [[1, 2_400], [2, 1_440], [3, 960]],
        "tables": {"T1": {}},
        "final_table": True,
        "bounty": {"kind": "pko", "amount": 20.0, "pool": 960.0, "paid": 785.0, "heads": heads},
    }


@pytest.mark.parametrize("size", SIZES)
def test_the_clock_shows_the_bounty_pool_and_each_player_s_bounty(size: tuple[int, int]) -> None:
    board = board_from_clock({"summary": summary(HEADS)}, 1_000.0)
    assert board is not None and board.bounty_pool == 960.0
    surface, screen = render_status(tda_clock().status(754.0, WALL), size, "20:14", board)
    shown(screen, surface, "BOUNTY POOL", "bounty_pool_label")
    shown(screen, surface, "$960", "bounty_pool")
    shown(screen, surface, "$4,800", "pool")  # the prize pool apart
    names = [t.text for t in screen.painter.texts if t.tag == "bounty_name"]
    amounts = [t.text for t in screen.painter.texts if t.tag == "bounty"]
    assert names == ["Beatriz", "Kofi", "Wen", "Ana", "Bo"][: len(names)] and names
    assert amounts == ["$65", "$40", "$30", "$20", "$20"][: len(amounts)]
    # the largest first, as many as fit: the rest counted
    assert len(names) >= 2
    if len(names) < len(HEADS):
        shown(screen, surface, f"+{len(HEADS) - len(names)} more", "")
    if os.environ.get("TABLECTL_SCREENSHOTS"):
        where = os.environ["TABLECTL_SCREENSHOTS"]
        pygame.image.save(surface, f"{where}/clock_bounty_{size[0]}x{size[1]}.png")


def test_a_long_list_is_cut_and_counted() -> None:
    heads = [[f"Player {i:02d}", 20.0] for i in range(40)]
    board = board_from_clock({"summary": summary(heads)}, 1_000.0)
    assert board is not None and len(board.bounties) == 40
    _surface, screen = render_status(tda_clock().status(754.0, WALL), (800, 480), "20:14", board)
    names = [t.text for t in screen.painter.texts if t.tag == "bounty_name"]
    more = [t.text for t in screen.painter.texts if t.text.startswith("+")]
    assert names and more == [f"+{40 - len(names)} more"]


def test_bounties_of_the_wrong_shape_show_nothing() -> None:
    for bounty in (None, "x", {"heads": [["Ann", float("nan")], [3, 5.0], ["Bo"]], "pool": -1}):
        board = board_from_clock({"summary": {"bounty": bounty}}, 1_000.0)
        assert board is not None and board.bounties == () and board.bounty_pool == 0.0

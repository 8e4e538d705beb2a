"""The dealer's screens read at arm's length (issue 25): text heights measured on the frame.

Every text the dealer screen and its touch console draw is measured from the drawn glyphs
(:func:`display.probe.glyph_height`, capitals and digits above the baseline) at 800x480 and
1920x1080, with the console bar under the screen as on the panel. No text is under the body
floor (11 px capitals at 800x480: a 14 px font, :data:`display.theme.BODY`); the line that
matters (whose turn, an alert's title, the ruling and what a seat owes or gets back) is at least
as tall as TO CALL's figures. Long alerts and rulings read in full one tap away.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest

from display import examples, theme
from display.console import Console, FloorForm
from display.dealer import DealerScreen
from display.layout import DrawnText, Painter
from display.probe import glyph_height
from tablectl.engine.outputs import Alert, Ruling
from tablectl.engine.view import TableView

SIZES = [(800, 480), (1920, 1080)]
# Drawn inside a shape sized to it: a card's rank, the seat number and position discs.
SHAPES = ("board", "shown", "card", "seat", "marker")
FLOOR = ("FLOOR (Sam): seat 3's call to 200 is ruled raise to 1000 - 002 Rule 1",)
MATTERS = ("to_act", "to_call", "alert_title", "ruling", "owes", "returned")
LONG = (
    "Seat 9 acted out of turn while seat 7 was to act. The action, a call of 1,800, is binding "
    "if the action to seat 9 does not change; if seat 7 bets or raises, seat 9 may take the "
    "chips back and act again. Tell seat 9 not to act before its turn; a repeat is a penalty "
    "under 002 Rule 71 at the floor's discretion."
)


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def long_view() -> TableView:
    """Out of turn with a long alert and a long ruling: more than their panels hold."""
    view = examples.out_of_turn()
    alert = Alert("out_of_turn", "002 Rule 42-A", LONG, 9, id=1)
    last = Ruling(
        "bet",
        1_800,
        owes=300,
        rule="002 Rule 41",
        text="Declared 1,800 and pushed 1,500: the declaration binds, and the seat owes the "
        "300 short before the action moves on; chips beyond a declared amount go back.",
        seat=4,
    )
    return replace(view, alerts=(alert,), last=last)


def recount_view() -> TableView:
    """A chip read the table cannot trust: the console's recount panel asks (issue 27)."""
    from tablectl.engine.events import event_from_obj
    from tablectl.engine.table import Table

    table = Table.from_setup(
        {"rules": "tda-2025", "seats": {"1": 5000, "2": 5000}, "button": 1, "blinds": [50, 100]}
        | {"chips": [25, 100, 500, 1000]}
    )
    table.apply(event_from_obj({"deal": {"2": ["As", "Kd"], "1": ["7c", "7h"]}}))
    held = {"chips": {"bet:2": [1000, 500, 100]}, "ask": "bet:2", "why": "read twice"}
    table.apply(event_from_obj({"recount": held}))
    return table.view()


def frames(size: tuple[int, int]) -> Iterator[tuple[str, pygame.Surface, list[DrawnText]]]:
    """Every dealer screen of the examples above the console bar, and each console panel."""
    views = {name: make() for name, make in examples.EXAMPLES.items()}
    views["long"] = long_view()
    views["recount"] = recount_view()
    for name, view in views.items():
        surface = pygame.Surface(size)
        con = Console(size)
        screen = DealerScreen(surface.subsurface(con.screen_rect), con.layout.s)
        painter = Painter(surface, con.layout, floor=con.layout.px(theme.BODY))
        con.update(view)
        con.set_floor("Sam", 200.0)
        modes: list[tuple[str, object]] = [("table", None)]
        if name == "normal_action":
            modes += [("pad", 7), ("alerts", None), ("floor", None), ("form", "stack")]
            modes += [("keyboard", None)]
        if name == "recount":
            modes += [("recount", None)]
        if name == "long":
            modes += [("alerts", None), ("detail", None)]
        for mode, arg in modes:
            con.mode = mode
            if mode in ("pad", "keyboard"):
                con.seat = 7
            if mode == "form":
                con.form = FloorForm(str(arg), 2)
            screen.draw(view, FLOOR)
            con.seat_rects = dict(screen.seat_rects)
            con.detail_rect, con.floor_lines = screen.detail_rect, FLOOR
            painter.reset()
            con.draw(painter)
            texts = list(painter.texts) if mode != "table" else screen.painter.texts
            texts = texts + (painter.texts if mode == "table" else [])
            yield f"{name}/{mode}", surface, texts


def tall(surface: pygame.Surface, t: DrawnText) -> int | None:
    return glyph_height(surface, t)


@pytest.mark.parametrize("size", SIZES)
def test_no_text_a_dealer_reads_is_under_the_floor(size: tuple[int, int]) -> None:
    scale = min(size[0] / 800, size[1] / 480)
    floor = int(11 * scale)
    small = []
    for where, surface, texts in frames(size):
        for t in texts:
            if t.tag.startswith(SHAPES) or not t.text.strip():
                continue
            h = tall(surface, t)
            if h is not None and h < floor:
                small.append(f"{where} {t.tag} {t.text!r}: {h} px")
    assert small == [], f"{len(small)} texts under {floor} px:\n" + "\n".join(small[:40])


@pytest.mark.parametrize("size", SIZES)
def test_the_line_that_matters_is_as_tall_as_to_call(size: tuple[int, int]) -> None:
    short = []
    reference = None
    for where, surface, texts in frames(size):
        if where.endswith("/table"):
            calls = [t for t in texts if t.tag == "to_call" and t.text[0].isdigit()]
            if calls and reference is None:
                reference = tall(surface, calls[0])
            for t in texts:
                if t.tag in MATTERS:
                    h = tall(surface, t)
                    assert reference is not None
                    # digits stand a pixel above capitals of the same font at 1080p
                    if h is not None and h < reference - 1:
                        short.append(f"{where} {t.tag} {t.text!r}: {h} < {reference}")
    assert reference is not None and reference >= int(14 * min(size[0] / 800, size[1] / 480))
    assert short == [], "\n".join(short)


@pytest.mark.parametrize("size", SIZES)
def test_long_alerts_and_rulings_read_in_full_one_tap_away(size: tuple[int, int]) -> None:
    """The side panels cut a long text and say MORE: TAP; one tap there shows every word."""
    view = long_view()
    surface = pygame.Surface(size)
    con = Console(size)
    screen = DealerScreen(surface.subsurface(con.screen_rect), con.layout.s)
    painter = Painter(surface, con.layout, floor=con.layout.px(theme.BODY))
    con.update(view)
    screen.draw(view, FLOOR)
    assert screen.cut and [t for t in screen.painter.texts if t.text == "MORE: TAP"]
    con.seat_rects, con.detail_rect, con.floor_lines = screen.seat_rects, screen.detail_rect, FLOOR
    assert con.tap(screen.detail_rect.center) == [] and con.mode == "detail"
    words: list[str] = []
    for _ in range(10):
        painter.reset()
        con.draw(painter)
        lines = [t.text for t in painter.texts if t.tag in ("detail", "detail_head")]
        assert not [line for line in lines if line.endswith("...")]
        words += " ".join(lines).split()
        nxt = [b for b in con.buttons() if b.id == "dpage:next"]
        if not nxt[0].enabled:
            break
        con.tap(nxt[0].rect.center)
    text = " ".join(words)
    assert view.last is not None
    for whole in (LONG, view.last.text, FLOOR[0]):
        assert " ".join(whole.split()) in text
    con.tap(con.buttons()[0].rect.center)  # CLOSE
    assert con.mode == "table"


def test_a_stop_play_alert_stops_the_action_panel() -> None:
    """A card of another deck voids the hand (000 Irregularities 3): while that alert is open the
    action panel says STOP PLAY, not the re-dealt hand's first seat to call (issue 25)."""
    from scenario_files import OURS

    from tablectl.engine.events import event_from_obj
    from tablectl.engine.table import Table

    path = next(p for p in OURS if p.name == "cards_foreign_deck_card.jsonl")
    lines = [json.loads(x) for x in path.read_text().splitlines() if x.startswith("{")]
    table = Table.from_setup(lines[0]["setup"])
    for obj in lines[1:]:
        if "expect" not in obj:
            table.apply(event_from_obj(obj))
    view = table.view()
    assert view.to_act is not None and any(a.kind == "foreign_card" for a in view.alerts)
    for size in SIZES:
        surface = pygame.Surface(size)
        screen = DealerScreen(surface)
        screen.draw(view)
        acts = [t.text for t in screen.painter.texts if t.tag == "to_act"]
        assert acts == ["STOP PLAY"], acts
        assert not [t for t in screen.painter.texts if t.tag == "to_call"]
        said = " ".join(t.text for t in screen.painter.texts if t.tag == "stop_play")
        assert "foreign card: re-deal" in said
    table.apply(event_from_obj({"ack": "all"}))
    screen.draw(table.view())
    assert [t.text for t in screen.painter.texts if t.tag == "to_act"] != ["STOP PLAY"]

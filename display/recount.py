"""The recount panel of the dealer's console: the table asks instead of ruling (issue 27).

When the sensors cannot trust a read the engine holds it and asks (tablectl/engine/recount.py):
"count seat 4's bet" or "where is the 9s?". This panel puts the oldest question in front of the
dealer with big targets: CONFIRM the read, or count the chips denomination by denomination and
ENTER the count; for a card, tap the zone where it lies (the zones it was seen in are marked).
Each answer is one ``counted`` event, journaled and ruled by the engine as the read it stands for.
Between hands, a dead chip to take out of play (tablectl/engine/retire.py): RETIRED or ALL
ANSWER, one ``retire`` event.
"""

from __future__ import annotations

from typing import Any

import pygame

from display import theme
from display.layout import Layout, Painter
from display.widgets import DANGER, NORMAL, PRIMARY, Button, grid
from tablectl.engine.events import TRAY
from tablectl.engine.view import RecountView, TableView

CARD_ZONES = (*(f"seat:{n}" for n in range(1, 11)), "board", "burn", "muck")
SEAT_COUNTS = (2, 1, 0)  # the answers to "how many cards?", the likeliest first
SEAT_COUNT_SUBS = {2: "the hand goes on", 1: "dealt short", 0: "dealt out"}


def zone_words(zone: str) -> str:
    """``bet:4`` -> "SEAT 4'S BET"; ``seat:9`` -> "SEAT 9"; ``muck`` -> "MUCK"."""
    if ":" not in zone:
        return zone.upper()
    kind, n = zone.split(":")
    return f"SEAT {n}" if kind == "seat" else f"SEAT {n}'S {kind.upper()}"


def question(q: RecountView) -> str:
    if q.retire is not None:
        return f"A DEAD {theme.chips(q.value)}: OUT OF PLAY"
    if q.cards is not None:
        return f"{zone_words(q.zone)}: HOW MANY CARDS?"
    return f"WHERE IS THE {q.card}?" if q.card else f"COUNT {zone_words(q.zone)}"


def cards_line(q: RecountView) -> str:
    """What the table read of a seat short of cards, and how many of the deck's cards it never
    read (counted, not named: one may be this seat's hole card, and players see the screen)."""
    n, k = q.cards or 0, len(q.unread)
    return (
        f"{n} card{'' if n == 1 else 's'} at {zone_words(q.zone)}; "
        f"{k} card{'' if k == 1 else 's'} of the deck never read"
    )


def chips_line(chips: tuple[int, ...] | list[int]) -> str:
    if not chips:
        return "nothing"
    return f"{' '.join(theme.chips(c) for c in chips)}  =  {theme.chips(sum(chips))}"


class RecountPanel:
    """What the dealer has counted so far for the question on screen."""

    def __init__(self) -> None:
        self.asked: int | None = None  # the alert id of the question being answered
        self.counted: list[int] = []

    def current(self, view: TableView) -> RecountView | None:
        if not view.recounts:
            return None
        q = view.recounts[0]
        if q.id != self.asked:  # a new question: start the count afresh
            self.asked, self.counted = q.id, []
        return q

    def tap(self, view: TableView, arg: str) -> dict[str, Any] | None:
        """A tap on the panel (``confirm``, ``add:500``, ``del``, ``clr``, ``enter``,
        ``zone:seat:9``); the ``counted`` body it answers with, or None."""
        q = self.current(view)
        if q is None:
            return None
        if q.retire is not None:
            # the answer is a ``retire`` (the console sends a body with ``chip`` as one)
            if arg == "retired":
                return {"chip": q.retire}
            return {"chip": q.retire, "found": False} if arg == "answer" else None
        if arg.startswith("cards:") and q.cards is not None:
            return {"zone": q.zone, "cards": int(arg[6:])}
        if q.cards is not None:
            return None  # a seat's cards are counted, never confirmed as read
        if arg == "confirm":
            return {"card": q.card} if q.card else {"zone": q.zone}
        if arg.startswith("zone:") and q.card:
            return {"card": q.card, "zone": arg[5:]}
        if arg.startswith("add:"):
            self.counted.append(int(arg[4:]))
            self.counted.sort(reverse=True)
        elif arg == "del" and self.counted:
            self.counted.pop()
        elif arg == "clr":
            self.counted = []
        elif arg == "enter" and not q.card:
            return {"zone": q.zone, "chips": list(self.counted)}
        return None

    def buttons(self, lay: Layout, view: TableView) -> list[Button]:
        q = self.current(view)
        if q is None:
            return []
        w, h = lay.size
        confirm = pygame.Rect(lay.px(8), lay.px(170), w // 2 - lay.px(16), lay.px(96))
        if q.retire is not None:
            # set aside and replaced first and largest; every chip answering is the other
            area = pygame.Rect(w // 2 + lay.px(4), lay.px(66), w // 2 - lay.px(12), h - lay.px(74))
            top, bottom = grid(area, 1, 2, lay.px(8))
            return [
                Button(
                    top,
                    "recount:retired",
                    "RETIRED",
                    sub="set aside" if q.zone == TRAY else "set aside, replaced",
                    fill=PRIMARY,
                ),
                Button(bottom, "recount:answer", "ALL ANSWER", sub="none dead there"),
            ]
        if q.cards is not None:
            # the count: two (the hand goes on) first and largest; fewer is ruled as dealt short
            area = pygame.Rect(w // 2 + lay.px(4), lay.px(66), w // 2 - lay.px(12), h - lay.px(74))
            cells = grid(area, 1, len(SEAT_COUNTS), lay.px(8))
            return [
                Button(
                    cell,
                    f"recount:cards:{n}",
                    f"{n} CARD{'' if n == 1 else 'S'}" if n else "NO CARD",
                    sub=SEAT_COUNT_SUBS[n],
                    fill=PRIMARY if n == 2 else DANGER,
                )
                for n, cell in zip(SEAT_COUNTS, cells, strict=True)
            ]
        if q.card:
            out = [
                Button(
                    confirm,
                    "recount:confirm",
                    "AS READ",
                    sub=zone_words(q.zone),
                    fill=PRIMARY,
                )
            ]
            area = pygame.Rect(w // 2 + lay.px(4), lay.px(66), w // 2 - lay.px(12), h - lay.px(74))
            for zone, cell in zip(CARD_ZONES, grid(area, 3, 5, lay.px(6)), strict=False):
                seen = zone in q.seen
                out.append(
                    Button(
                        cell,
                        f"recount:zone:{zone}",
                        zone_words(zone),
                        sub="read here" if seen else "",
                        fill=PRIMARY if seen else NORMAL,
                    )
                )
            return out
        out = [
            Button(
                confirm,
                "recount:confirm",
                "CONFIRM READ",
                sub=theme.chips(sum(q.chips)),
                fill=PRIMARY,
            )
        ]
        denoms = sorted(view.chips, reverse=True) or [1]
        cols = 3 if len(denoms) <= 6 else 4
        rows = -(-len(denoms) // cols)
        area = pygame.Rect(w // 2 + lay.px(4), lay.px(66), w // 2 - lay.px(12), lay.px(84) * rows)
        for d, cell in zip(denoms, grid(area, cols, rows, lay.px(6)), strict=False):
            out.append(Button(cell, f"recount:add:{d}", f"+{theme.chips(d)}"))
        row = pygame.Rect(w // 2 + lay.px(4), h - lay.px(82), w // 2 - lay.px(12), lay.px(74))
        cells = grid(row, 3, 1, lay.px(6))
        some = bool(self.counted)
        out += [
            Button(cells[0], "recount:del", "DEL", enabled=some),
            Button(cells[1], "recount:clr", "CLEAR", enabled=some),
            # an empty count is an answer too: the zone holds nothing
            Button(cells[2], "recount:enter", "ENTER COUNT", fill=DANGER),
        ]
        return out

    def draw(self, p: Painter, view: TableView) -> None:
        lay = p.layout
        w = lay.size[0]
        q = self.current(view)
        if q is None:
            p.text("Nothing to count", (lay.px(16), lay.px(80)), lay.px(22), theme.FAINT)
            return
        more = f"  ({len(view.recounts) - 1} more waiting)" if len(view.recounts) > 1 else ""
        p.text(question(q), (lay.px(12), lay.px(8)), lay.px(30), theme.WHITE, tag="recount_q")
        holds = "asked between hands" if q.retire is not None else "play holds until you answer"
        p.text(
            f"#{q.id}  {holds}" + more,
            (lay.px(12), lay.px(44)),
            lay.px(theme.BODY),
            theme.DIM,
            tag="recount_sub",
        )
        box = pygame.Rect(lay.px(8), lay.px(72), w // 2 - lay.px(16), lay.px(90))
        p.panel(box, theme.ALERT_BG, theme.ALERT, lay.px(2))
        p.text(
            "THE TABLE READ",
            (box.left + lay.px(8), box.top + lay.px(6)),
            lay.px(theme.BODY),
            theme.DIM,
        )
        if q.retire is not None:
            value = theme.chips(q.value)
            where = "in the tray" if q.zone == TRAY else f"at {zone_words(q.zone)}"
            read = f"a {value} {where} does not answer: tag {q.retire}"
        elif q.cards is not None:
            read = cards_line(q)
        elif q.card:
            read = ", ".join(zone_words(z) for z in q.seen)
        else:
            read = chips_line(q.chips)
        p.wrap(
            read,
            pygame.Rect(
                box.left + lay.px(8), box.top + lay.px(28), box.width - lay.px(16), lay.px(58)
            ),
            lay.px(theme.BODY),
            theme.WHITE,
            max_lines=2,
            tag="recount_read",
        )
        if q.card or q.cards is not None or q.retire is not None:
            if q.retire is not None:
                who = f"seat {q.zone.split(':')[1]}" if ":" in q.zone else f"the {q.zone}"
                value = theme.chips(q.value)
                # the tray's dead chip has no owner: nothing is given in its place
                give = "" if q.zone == TRAY else f"give {who} a {value} from the tray, "
                hint = (
                    f"Pass {who}'s {value}s over the station's reader. Set aside the one "
                    f"it does not read, {give}tap RETIRED. Every one answers: ALL ANSWER."
                )
            elif q.cards is not None:
                hint = "Count the cards at the seat (a dead tag reads as no card) and tap how many."
            else:
                hint = "Tap the zone where the card lies, or AS READ if it is there."
            p.wrap(
                hint,
                pygame.Rect(lay.px(12), lay.px(280), w // 2 - lay.px(24), lay.px(80)),
                lay.px(theme.BODY),
                theme.TEXT,
                max_lines=4,
            )
            return
        box = pygame.Rect(lay.px(8), lay.px(280), w // 2 - lay.px(16), lay.px(110))
        p.panel(box, theme.PANEL, theme.ACCENT, lay.px(2))
        p.text(
            "YOUR COUNT", (box.left + lay.px(8), box.top + lay.px(6)), lay.px(theme.BODY), theme.DIM
        )
        p.wrap(
            chips_line(self.counted) if self.counted else "tap a chip for each chip counted",
            pygame.Rect(
                box.left + lay.px(8), box.top + lay.px(28), box.width - lay.px(16), lay.px(78)
            ),
            lay.px(theme.BODY),
            theme.TEXT if self.counted else theme.FAINT,
            max_lines=2,
            tag="recount_count",
        )

"""The dealer's touch console: what only people know, entered on the dealer screen.

A bar under the dealer screen (undo, clock, alerts, call the floor, floor mode) and, over it, one
panel at a time: the action pad of a tapped seat (declarations, the amount keypad, seat status,
names), the open alerts to acknowledge one by one, and in floor mode the floor's decisions.
Every tap that means something becomes one event of the contract or its extensions
(docs/scenario-extensions.md, /work/notes/new-events.md) which the daemon journals like any
sensor event; the console itself changes nothing at the table. Floor decisions carry ``by`` = the
name on the floor badge the daemon accepted; the daemon checks them again (tablectl/daemon/badges).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from display import theme
from display.dealer import ACTION_WORDS, alert_title, ruling_detail, ruling_what
from display.keyboard import TextEntry, keyboard_buttons
from display.layout import Layout, Painter, printable
from display.pad import Keypad, allowed, declare_body, describe, seat_of
from display.recount import RecountPanel
from display.widgets import DANGER, NORMAL, PRIMARY, Button, draw_button, grid, hit
from tablectl.engine.events import SAYS, AckEntry, BadgeEntry, Event, NameEntry, event_from_obj
from tablectl.engine.outputs import Alert
from tablectl.engine.view import TableView

BAR_H = 60  # px at 800x480: the console bar under the dealer screen
# Floor decisions (shared/spec/scenario-format.md "floor decisions") and what each asks for.
FLOOR_DECISIONS: dict[str, tuple[str, ...]] = {
    "ruling": ("seat", "action", "amount"),
    "undercall": ("seat", "decide"),
    "kill": ("seat",),
    "award": ("seat", "amount"),
    "stack": ("seat", "amount"),
    "button": ("seat",),
    "misdeal": (),
    "seat": ("seat", "name", "amount"),
    "unseat": ("seat",),
}
FLOOR_WORDS = {
    "ruling": "RULING",
    "undercall": "UNDERCALL",
    "kill": "KILL HAND",
    "award": "AWARD POT",
    "stack": "STACK",
    "button": "BUTTON",
    "misdeal": "MISDEAL",
    "seat": "SEAT PLAYER",
    "unseat": "UNSEAT",
}


def open_alerts(view: TableView) -> list[tuple[int, Alert]]:
    """The open alerts with their ids (``Alert.id``: 1-based over every alert since the setup,
    the number an ``ack`` names). The engine closes acknowledged alerts itself."""
    return [(a.id, a) for a in view.alerts]


class FloorForm:
    """One floor decision being put together."""

    def __init__(self, decision: str, seat: int | None = None) -> None:
        self.decision = decision
        self.seat = seat
        self.choice: str | None = None
        self.keypad = Keypad()
        self.name: str | None = None
        self.awards: dict[str, int] = {}

    @property
    def fields(self) -> tuple[str, ...]:
        return FLOOR_DECISIONS[self.decision]

    def value(self, view: TableView) -> Any | None:
        """The decision's value, or None while something is missing."""
        d, s, amount = self.decision, self.seat, self.keypad.amount
        if d == "misdeal":
            return True
        if s is None:
            return None if d != "award" or not self.awards else dict(self.awards)
        if d in ("kill", "button", "unseat"):
            return s
        if d == "undercall":
            return {"seat": s, "decide": self.choice} if self.choice else None
        if d == "ruling":
            if self.choice is None:
                return None
            if amount is None:
                sv = seat_of(view, s)
                if self.choice not in ("fold", "check") or sv is None:
                    return None
                amount = sv.bet
            return {"seat": s, "action": self.choice, "to": amount}
        if d == "stack":
            return None if amount is None else {str(s): amount}
        if d == "seat":
            if amount is None or not amount or self.name is None:
                return None
            return {"seat": s, "name": self.name, "stack": amount}
        if d == "award":
            awards = dict(self.awards)
            if amount:
                awards[str(s)] = amount
            return awards or None
        return None


class Console:
    """State and drawing of the touch console on a ``size`` screen (see the module docstring)."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.layout = lay = Layout(size)
        self.bar = pygame.Rect(0, size[1] - lay.px(BAR_H), size[0], lay.px(BAR_H))
        self.screen_rect = pygame.Rect(0, 0, size[0], self.bar.top)
        self.view: TableView | None = None
        self.mode = "table"  # table pad keyboard alerts floor form venue recount
        self.seat: int | None = None
        self.say: str | None = None
        self.keypad = Keypad()
        self.entry = TextEntry()
        self.entry_back = "pad"  # where the keyboard returns
        self.alert_page = 0
        self.floor_name: str | None = None
        self.floor_left: float | None = None
        # CALL FLOOR tapped at this time (``now``), until the floor shows a badge
        self.now: Callable[[], float] = time.monotonic
        self.floor_called: float | None = None
        self._wait_shown: int | None = None
        self.form: FloorForm | None = None
        self.entered: str = ""  # what the pad entered last
        self._before: tuple[Any, int] | None = None  # (last ruling, last alert id) at entry
        self.outcome: str = ""  # the ruling after it
        self.seat_rects: dict[int, pygame.Rect] = {}
        # the dealer screen's ruling, floor and alert panels (DealerScreen.detail_rect): a tap
        # there shows them in full (mode "detail"), with the floor's lines the screen shows
        self.detail_rect = pygame.Rect(0, 0, 0, 0)
        self.floor_lines: tuple[str, ...] = ()
        self.detail_page = 0
        # The venue's commands for the dealer (tablectl.daemon.table_venue): (id, what, why);
        # ``venue_on`` once the table has a venue link (the bar gets its VENUE button).
        self.venue_on = False
        self.venue_cmds: list[tuple[str, str, str]] = []
        self.venue_halted: str | None = None
        self.venue_page = 0
        self.venue_answers: list[tuple[str, bool]] = []  # taken by the daemon each turn
        self.recount = RecountPanel()
        self._asked: set[int] = set()  # recount questions already put in front of the dealer
        self.dirty = True

    # --- inputs from the daemon -----------------------------------------------------------
    def update(self, view: TableView) -> None:
        if self._before is not None and view is not self.view:
            last, last_id = self._before
            if view.last is not last or _last_id(view) != last_id:
                self.outcome = _outcome(view, last, last_id)
                self._before = None
                if self.mode == "pad" and view.to_act is not None:
                    self.seat = view.to_act  # the pad follows the action
        self.view = view
        # A new question from the table (issue 27) opens its panel over the table and the alert
        # list: play holds until it is answered. Answered, the panel closes by itself.
        new = [q.id for q in view.recounts if q.id not in self._asked]
        if new and self.mode in ("table", "alerts"):
            self.mode = "recount"
        self._asked.update(new)
        if self.mode == "recount" and not view.recounts:
            self.mode = "table"
        self.dirty = True

    def set_floor(self, name: str | None, seconds_left: float | None) -> None:
        shown = None if seconds_left is None else int(seconds_left + 0.999)
        if (name, shown) != (self.floor_name, self.floor_shown):
            self.dirty = True
        self.floor_name, self.floor_left = name, seconds_left
        if name is not None:
            self.floor_called = None  # the floor came
        if name is None and self.mode in ("floor", "form"):
            self.mode, self.form = "table", None

    def set_venue(self, commands: list[tuple[str, str, str]], halted: str | None) -> None:
        """The venue's commands waiting for the dealer, and who halted play (or None)."""
        self.venue_on = True
        self.venue_cmds, self.venue_halted = list(commands), halted
        self.dirty = True

    @property
    def floor_wait(self) -> int | None:
        """Whole seconds since CALL FLOOR was tapped, while the floor has not come."""
        return None if self.floor_called is None else int(self.now() - self.floor_called)

    def tick(self) -> None:
        """Once a loop turn: redraw when the floor's waiting time shown changed."""
        wait = self.floor_wait
        if wait != self._wait_shown:
            self._wait_shown, self.dirty = wait, True

    @property
    def floor_shown(self) -> int | None:
        return None if self.floor_left is None else int(self.floor_left + 0.999)

    def alerts(self) -> list[tuple[int, Alert]]:
        return [] if self.view is None else open_alerts(self.view)

    # --- taps -------------------------------------------------------------------------------
    def tap(self, pos: tuple[int, int]) -> list[Event]:
        """One tap; the events it enters (often none: a tap that only moves the console)."""
        if self.view is None:
            return []
        b = hit(self.buttons(), pos)
        self.dirty = True
        if b is not None:
            return self._press(b.id)
        if self.mode == "table":
            for seat, rect in self.seat_rects.items():
                if rect.collidepoint(pos):
                    return self._open_seat(seat)
            if self.detail_rect.collidepoint(pos):
                self.mode, self.detail_page = "detail", 0
        elif self.mode == "alerts" and pos[1] > self.layout.px(66):
            # a tap on an alert's row (beside its ACK): the alerts in full
            self.mode, self.detail_page = "detail", 0
        return []

    def _open_seat(self, seat: int) -> list[Event]:
        sv = seat_of(self.view, seat) if self.view else None
        if sv is None:
            return []
        if sv.status == "empty":
            if self.floor_name is not None:
                self.form, self.mode = FloorForm("seat", seat), "form"
            return []
        self.mode, self.seat, self.say = "pad", seat, None
        self.keypad.set(None)
        self.entered = self.outcome = ""
        return []

    def _press(self, bid: str) -> list[Event]:
        kind, _, arg = bid.partition(":")
        handler = getattr(self, f"_on_{kind}")
        return handler(arg) or []

    def _on_bar(self, arg: str) -> list[Event] | None:
        if arg == "undo":
            return [Event("press", "undo")]
        if arg == "clock":
            return [Event("press", "clock")]
        if arg == "floorcall":
            self.floor_called = self.now()  # again: called again, counted from now
            return [Event("press", "floor")]
        if arg == "alerts":
            self.mode, self.alert_page = "alerts", 0
        elif arg == "floor":
            self.mode = "floor"
        elif arg == "venue":
            self.mode, self.venue_page = "venue", 0
        elif arg == "recount":
            self.mode = "recount"
        return None

    def _on_recount(self, arg: str) -> list[Event] | None:
        if self.view is None:
            return None
        body = self.recount.tap(self.view, arg)
        if body is None:
            return None
        return [Event("retire" if "chip" in body else "counted", body)]

    def _on_venue(self, arg: str) -> None:
        """CONFIRM (``yes:ID``) or REFUSE (``no:ID``) a venue command: the daemon answers it."""
        what, _, cmd_id = arg.partition(":")
        if any(c[0] == cmd_id for c in self.venue_cmds):
            self.venue_answers.append((cmd_id, what == "yes"))
            self.venue_cmds = [c for c in self.venue_cmds if c[0] != cmd_id]
        if not self.venue_cmds:
            self.mode = "table"

    def _on_dpage(self, arg: str) -> None:
        self.detail_page = max(0, self.detail_page + (1 if arg == "next" else -1))

    def _on_vpage(self, arg: str) -> None:
        self.venue_page = max(0, self.venue_page + (1 if arg == "next" else -1))

    def _on_close(self, arg: str) -> None:
        self.mode, self.form = "table", None

    def _on_say(self, arg: str) -> None:
        self.say = None if self.say == arg else arg
        if self.say not in ("bet", "raise", "all-in"):
            self.keypad.set(None)
        elif self.say == "all-in" and self.view is not None and self.seat is not None:
            self.keypad.set(allowed(self.view, self.seat).all_in_to)

    def _on_key(self, arg: str) -> None:
        keypad = self.form.keypad if self.mode == "form" and self.form else self.keypad
        view, seat = self.view, self.seat
        if arg == "MIN" and view is not None and seat is not None:
            keypad.set(allowed(view, seat).min_raise_to)
        elif arg == "ALL" and view is not None and seat is not None:
            keypad.set(allowed(view, seat).all_in_to)
            if self.say not in ("bet", "raise", "all-in"):
                self.say = "all-in"
        elif arg == "POT" and view is not None:
            keypad.set(sum(p.amount for p in view.pots) + sum(s.bet for s in view.seats))
        else:
            keypad.key(arg)  # with no action chosen, an amount alone (002 Rule 41-B/C)

    def _on_enter(self, arg: str) -> list[Event] | None:
        if self.seat is None or self.view is None:
            return None
        body = declare_body(self.seat, self.say, self.keypad.amount)
        if body is None:
            return None
        self.entered = describe(body)
        self.outcome = "waiting for the ruling"
        self._before = (self.view.last, _last_id(self.view))
        self.say = None
        self.keypad.set(None)
        return [Event("declare", body)]

    def _on_seatflag(self, arg: str) -> list[Event] | None:
        if self.seat is None:
            return None
        if arg == "name":
            sv = seat_of(self.view, self.seat) if self.view else None
            named = sv is not None and sv.player and sv.player != f"Seat {self.seat}"
            self.entry = TextEntry(sv.player if sv is not None and named else "")
            self.mode, self.entry_back = "keyboard", "pad"
            return None
        if arg == "clock":
            return [Event("press", "clock")]
        return [Event("seat", {"seat": self.seat, "status": arg})]

    def _on_kb(self, arg: str) -> list[Event] | None:
        if arg == "CANCEL":
            self.mode = self.entry_back
            return None
        if arg in ("OK", "CLEARNAME"):
            name = self.entry.value if arg == "OK" else None
            self.mode = self.entry_back
            if self.entry_back == "form" and self.form is not None:
                self.form.name = name
                return None
            if self.seat is not None:
                return [Event("name", NameEntry(self.seat, name))]
            return None
        self.entry.key(arg)
        return None

    def _on_ack(self, arg: str) -> list[Event] | None:
        if arg == "all":
            return [Event("ack", AckEntry(None))] if self.alerts() else None
        return [Event("ack", AckEntry(int(arg)))]

    def _on_page(self, arg: str) -> None:
        self.alert_page = max(0, self.alert_page + (1 if arg == "next" else -1))

    def _on_floor(self, arg: str) -> list[Event] | None:
        if arg == "back":
            self.mode, self.form = "floor", None
            return None
        if arg == "exit":
            name = self.floor_name
            self.mode, self.form = "table", None
            if name is None:
                return None
            return [Event("badge", BadgeEntry(name, "floor", left=True))]
        self.form, self.mode = FloorForm(arg, self.seat if arg != "misdeal" else None), "form"
        return None

    def _on_fseat(self, arg: str) -> None:
        if self.form is not None:
            self.form.seat = int(arg)

    def _on_fchoice(self, arg: str) -> None:
        if self.form is not None:
            self.form.choice = arg

    def _on_fname(self, arg: str) -> None:
        if self.form is not None:
            self.entry = TextEntry(self.form.name or "")
            self.mode, self.entry_back = "keyboard", "form"

    def _on_fadd(self, arg: str) -> None:
        form = self.form
        if form is not None and form.seat is not None and form.keypad.amount:
            form.awards[str(form.seat)] = form.keypad.amount
            form.keypad.set(None)

    def _on_fenter(self, arg: str) -> list[Event] | None:
        form, view = self.form, self.view
        if form is None or view is None or self.floor_name is None:
            return None
        value = form.value(view)
        if value is None:
            return None
        self.mode, self.form = "floor", None
        return [Event("floor", {"by": self.floor_name, form.decision: value})]

    # --- layout -------------------------------------------------------------------------------
    def buttons(self) -> list[Button]:
        if self.view is None:
            return []
        return getattr(self, f"_buttons_{self.mode}")(self.view)

    def _header(self) -> tuple[pygame.Rect, Button]:
        lay = self.layout
        w, _ = lay.size
        close = Button(
            pygame.Rect(w - lay.px(128), lay.px(6), lay.px(120), lay.px(52)), "close:", "CLOSE"
        )
        return pygame.Rect(lay.px(8), lay.px(6), w - lay.px(144), lay.px(52)), close

    def _buttons_table(self, view: TableView) -> list[Button]:
        lay = self.layout
        n = len(self.alerts())
        cells = grid(
            self.bar.inflate(-lay.px(8), -lay.px(8)), 6 if self.venue_on else 5, 1, lay.px(6)
        )
        floor_sub = (
            f"{self.floor_name} {theme.mmss(self.floor_left or 0)}"
            if self.floor_name
            else "show floor badge"
        )
        venue = []
        if self.venue_on:
            k = len(self.venue_cmds)
            venue = [
                Button(
                    cells[5],
                    "bar:venue",
                    f"VENUE {k}",
                    fill=DANGER if k else NORMAL,
                    sub="HALTED" if self.venue_halted else ("to confirm" if k else "nothing to do"),
                )
            ]
        return [
            *venue,
            undo_button(cells[0], view),
            Button(
                cells[1],
                "bar:clock",
                "CLOCK",
                enabled=view.to_act is not None and view.clock is None,
                sub=f"seat {view.to_act}" if view.to_act else "",
            ),
            Button(
                cells[2],
                "bar:recount",
                f"RECOUNT {len(view.recounts)}",
                fill=DANGER,
                sub="answer to go on",
            )
            if view.recounts
            else Button(
                cells[2],
                "bar:alerts",
                f"ALERTS {n}",
                fill=DANGER if n else PRIMARY,
                sub="to acknowledge" if n else "none open",
            ),
            Button(cells[3], "bar:floorcall", "CALL FLOOR", sub="floor light")
            if self.floor_wait is None
            else Button(
                cells[3],
                "bar:floorcall",
                "FLOOR CALLED",
                selected=True,  # inverted: called, by shape too
                sub=f"{theme.mmss(self.floor_wait)} ago",
            ),
            Button(
                cells[4],
                "bar:floor",
                "FLOOR MODE",
                enabled=self.floor_name is not None,
                sub=floor_sub,
            ),
        ]

    def _keypad(self, area: pygame.Rect, one_taps: list[tuple[str, str, bool]]) -> list[Button]:
        lay = self.layout
        keys = ["7", "8", "9", "DEL", "4", "5", "6", "CLR", "1", "2", "3", "000", "0", "00"]
        cells = grid(area, 4, 4, lay.px(6))
        out = [Button(c, f"key:{k}", k) for k, c in zip(keys, cells, strict=False)]
        for (label, sub, ok), c in zip(one_taps, cells[len(keys) :], strict=False):
            out.append(Button(c, f"key:{label}", label, enabled=ok, sub=sub, fill=PRIMARY))
        return out

    def _buttons_pad(self, view: TableView) -> list[Button]:
        lay = self.layout
        w, h = lay.size
        seat = self.seat or 0
        can = allowed(view, seat)
        _, close = self._header()
        out = [close]
        left = pygame.Rect(lay.px(8), lay.px(66), w // 2 - lay.px(16), lay.px(120))
        for say, cell in zip(SAYS, grid(left, 3, 2, lay.px(6)), strict=True):
            sub = ""
            if say == "call" and view.to_call and can.in_turn:
                sub = theme.chips(view.to_call)
            out.append(
                Button(
                    cell,
                    f"say:{say}",
                    say.upper(),
                    enabled=say in can.says,
                    selected=self.say == say,
                    sub=sub,
                )
            )
        body = declare_body(seat, self.say, self.keypad.amount)
        enter = pygame.Rect(lay.px(8), lay.px(256), round(left.width * 0.62), lay.px(60))
        out.append(
            Button(
                enter, "enter:", "ENTER", enabled=body is not None and bool(can.says), fill=PRIMARY
            )
        )
        undo = pygame.Rect(
            enter.right + lay.px(6), enter.top, left.right - enter.right - lay.px(6), enter.height
        )
        out.append(undo_button(undo, view))
        right = pygame.Rect(w // 2 + lay.px(4), lay.px(124), w // 2 - lay.px(12), lay.px(264))
        amount_ok = self.say in (None, "bet", "raise", "all-in") and bool(can.says)
        mr = can.min_raise_to
        keys = self._keypad(
            right,
            [
                ("MIN", theme.chips(mr) if mr else "-", amount_ok and mr is not None),
                (
                    "ALL",
                    theme.chips(can.all_in_to) if can.says else "-",
                    amount_ok and bool(can.says),
                ),
            ],
        )
        out += [replace(b, enabled=b.enabled and amount_ok) for b in keys]
        sv = seat_of(view, seat)
        status = sv.status if sv is not None else "empty"
        row = pygame.Rect(lay.px(8), h - lay.px(62), w - lay.px(16), lay.px(56))
        flags = [
            ("name", "NAME", False, True),
            ("absent", "ABSENT", status == "absent", True),
            ("present", "PRESENT", False, status in ("absent", "penalty")),
            ("penalty", "PENALTY", status == "penalty", True),
            (
                "clock",
                "CLOCK",
                view.clock is not None and view.clock.seat == seat,
                view.to_act == seat and view.clock is None,
            ),
        ]
        for (fid, label, sel, ok), cell in zip(flags, grid(row, 5, 1, lay.px(6)), strict=True):
            out.append(
                Button(
                    cell, f"seatflag:{fid}", label, selected=sel, enabled=ok and status != "empty"
                )
            )
        return out

    def _buttons_keyboard(self, view: TableView) -> list[Button]:
        lay = self.layout
        w, h = lay.size
        area = pygame.Rect(lay.px(8), lay.px(130), w - lay.px(16), h - lay.px(138))
        return keyboard_buttons(area, self.entry, lay.px(5))

    def _alert_rows(self) -> tuple[list[tuple[int, Alert]], int, int]:
        lay = self.layout
        per_page = max(1, (lay.h - lay.px(66) - lay.px(62)) // lay.px(78))
        alerts = self.alerts()
        pages = max(1, -(-len(alerts) // per_page))
        self.alert_page = min(self.alert_page, pages - 1)
        start = self.alert_page * per_page
        return alerts[start : start + per_page], pages, per_page

    def _buttons_recount(self, view: TableView) -> list[Button]:
        _, close = self._header()
        return [close, *self.recount.buttons(self.layout, view)]

    def _draw_recount(self, p: Painter, view: TableView) -> None:
        self.recount.draw(p, view)

    def _buttons_alerts(self, view: TableView) -> list[Button]:
        lay = self.layout
        w, h = lay.size
        _, close = self._header()
        out = [close]
        rows, pages, _ = self._alert_rows()
        y = lay.px(66)
        for aid, _alert in rows:
            out.append(
                Button(
                    pygame.Rect(w - lay.px(148), y + lay.px(8), lay.px(140), lay.px(56)),
                    f"ack:{aid}",
                    "ACK",
                    sub=f"#{aid}",
                )
            )
            y += lay.px(78)
        row = pygame.Rect(lay.px(8), h - lay.px(62), w - lay.px(16), lay.px(56))
        cells = grid(row, 3, 1, lay.px(6))
        out += [
            Button(cells[0], "page:prev", "PREVIOUS", enabled=self.alert_page > 0),
            Button(cells[1], "page:next", "NEXT", enabled=self.alert_page < pages - 1),
            Button(cells[2], "ack:all", "ACK ALL", enabled=bool(rows), fill=DANGER),
        ]
        return out

    def _venue_rows(self) -> tuple[list[tuple[str, str, str]], int]:
        lay = self.layout
        per_page = max(1, (lay.h - lay.px(66) - lay.px(62)) // lay.px(78))
        pages = max(1, -(-len(self.venue_cmds) // per_page))
        self.venue_page = min(self.venue_page, pages - 1)
        start = self.venue_page * per_page
        return self.venue_cmds[start : start + per_page], pages

    def _buttons_venue(self, view: TableView) -> list[Button]:
        lay = self.layout
        w, h = lay.size
        _, close = self._header()
        out = [close]
        rows, pages = self._venue_rows()
        y = lay.px(66)
        for cmd_id, _what, _why in rows:
            out.append(
                Button(
                    pygame.Rect(w - lay.px(300), y + lay.px(8), lay.px(140), lay.px(56)),
                    f"venue:yes:{cmd_id}",
                    "CONFIRM",
                    fill=PRIMARY,
                )
            )
            out.append(
                Button(
                    pygame.Rect(w - lay.px(152), y + lay.px(8), lay.px(144), lay.px(56)),
                    f"venue:no:{cmd_id}",
                    "REFUSE",
                    fill=DANGER,
                )
            )
            y += lay.px(78)
        row = pygame.Rect(lay.px(8), h - lay.px(62), w - lay.px(16), lay.px(56))
        cells = grid(row, 2, 1, lay.px(6))
        out += [
            Button(cells[0], "vpage:prev", "PREVIOUS", enabled=self.venue_page > 0),
            Button(cells[1], "vpage:next", "NEXT", enabled=self.venue_page < pages - 1),
        ]
        return out

    def _draw_venue(self, p: Painter, view: TableView) -> None:
        lay = self.layout
        w, _ = lay.size
        n = len(self.venue_cmds)
        halted = f"  -  PLAY HALTED by {self.venue_halted}" if self.venue_halted else ""
        self._title(
            p,
            f"VENUE: {n} TO CONFIRM",
            "confirm once the player has moved; a "
            "confirmed command is the floor's decision" + halted,
        )
        rows, _ = self._venue_rows()
        y = lay.px(66)
        if not rows:
            p.text("Nothing from the venue", (lay.px(16), y + lay.px(12)), lay.px(22), theme.FAINT)
        for _cmd_id, what, why in rows:
            box = pygame.Rect(lay.px(8), y, w - lay.px(316), lay.px(72))
            p.panel(box, theme.PANEL, theme.ACCENT, lay.px(2))
            p.text(
                what,
                (box.left + lay.px(8), box.top + lay.px(6)),
                lay.px(theme.BODY),
                theme.WHITE,
                max_width=box.width - lay.px(16),
                tag="venue_row",
            )
            p.wrap(
                why,
                pygame.Rect(
                    box.left + lay.px(8), box.top + lay.px(32), box.width - lay.px(16), lay.px(38)
                ),
                lay.px(theme.BODY),
                theme.TEXT,
                max_lines=2,
                tag="venue_row_text",
            )
            y += lay.px(78)

    def _detail_lines(self, view: TableView) -> list[tuple[str, theme.Color, int, str]]:
        """The last ruling, the floor's decisions and the open alerts, word-wrapped in full at
        body size (headings at TO CALL's): (line, colour, size, tag)."""
        lay = self.layout
        width = lay.w - lay.px(24)
        body, head = lay.px(theme.BODY), lay.px(theme.HEADLINE)
        out: list[tuple[str, theme.Color, int, str]] = []

        def para(text: str, color: theme.Color, size: int, tag: str) -> None:
            f = theme.font(size)
            lines: list[str] = []
            for word in printable(text).split():
                if lines and f.size(lines[-1] + " " + word)[0] <= width:
                    lines[-1] += " " + word
                else:
                    lines.append(word)
            out.extend((line, color, size, tag) for line in lines)

        for aid, alert in reversed(open_alerts(view)):  # newest first, as on the screen
            para(f"#{aid}  {alert_title(alert)}", theme.ALERT, head, "detail_head")
            para(" - ".join(t for t in (alert.rule, alert.text) if t), theme.TEXT, body, "detail")
        last = view.last
        if last is not None:
            what = ruling_what(last)
            if last.owes:
                what += f", OWES {theme.chips(last.owes)}"
            if last.returned:
                what += f", RETURN {theme.chips(last.returned)}"
            para(f"LAST RULING: {what}", theme.GOLD, head, "detail_head")
            para(ruling_detail(last), theme.TEXT, body, "detail")
        if self.floor_lines:
            para(f"FLOOR DECISIONS ({len(self.floor_lines)})", theme.GOLD, head, "detail_head")
            for line in reversed(self.floor_lines):
                para(line, theme.TEXT, body, "detail")
        return out

    def _detail_pages(self, view: TableView) -> list[list[tuple[str, theme.Color, int, str]]]:
        lay = self.layout
        room = lay.h - lay.px(66) - lay.px(70)
        pages: list[list[tuple[str, theme.Color, int, str]]] = [[]]
        used = 0
        for line in self._detail_lines(view):
            step = theme.font(line[2]).get_linesize()
            if used + step > room and pages[-1]:
                pages.append([])
                used = 0
            pages[-1].append(line)
            used += step
        self.detail_page = min(self.detail_page, len(pages) - 1)
        return pages

    def _buttons_detail(self, view: TableView) -> list[Button]:
        lay = self.layout
        w, h = lay.size
        _, close = self._header()
        pages = len(self._detail_pages(view))
        row = pygame.Rect(lay.px(8), h - lay.px(62), w - lay.px(16), lay.px(56))
        cells = grid(row, 2, 1, lay.px(6))
        return [
            close,
            Button(cells[0], "dpage:prev", "PREVIOUS", enabled=self.detail_page > 0),
            Button(cells[1], "dpage:next", "NEXT", enabled=self.detail_page < pages - 1),
        ]

    def _draw_detail(self, p: Painter, view: TableView) -> None:
        lay = self.layout
        pages = self._detail_pages(view)
        page = f"page {self.detail_page + 1} of {len(pages)}" if len(pages) > 1 else "in full"
        self._title(p, "ALERTS AND RULINGS", page)
        y = lay.px(66)
        if not pages[0]:
            p.text(
                "No alert, ruling or floor decision yet",
                (lay.px(12), y),
                lay.px(theme.BODY),
                theme.FAINT,
            )
        for text, color, size, tag in pages[self.detail_page]:
            r = p.text(text, (lay.px(12), y), size, color, tag=tag)
            y = r.top + theme.font(size).get_linesize()

    def _buttons_floor(self, view: TableView) -> list[Button]:
        lay = self.layout
        w, h = lay.size
        _, close = self._header()
        out = [close]
        area = pygame.Rect(lay.px(8), lay.px(112), w - lay.px(16), h - lay.px(112 + 70))
        for d, cell in zip(FLOOR_DECISIONS, grid(area, 3, 3, lay.px(8)), strict=True):
            out.append(Button(cell, f"floor:{d}", FLOOR_WORDS[d]))
        out.append(
            Button(
                pygame.Rect(lay.px(8), h - lay.px(62), w - lay.px(16), lay.px(56)),
                "floor:exit",
                "EXIT FLOOR MODE",
                fill=DANGER,
            )
        )
        return out

    def _buttons_form(self, view: TableView) -> list[Button]:
        lay = self.layout
        w, h = lay.size
        form = self.form
        assert form is not None
        _, close = self._header()
        out = [replace(close, id="floor:back", label="BACK")]
        half = w // 2 - lay.px(16)
        y = lay.px(86)
        if "seat" in form.fields:
            cells = grid(pygame.Rect(lay.px(8), y, half, lay.px(118)), 5, 2, lay.px(6))
            for s, cell in enumerate(cells, 1):
                sv = seat_of(view, s)
                taken = sv is not None and sv.status != "empty"
                ok = taken != (form.decision == "seat")  # seat a player only in an empty seat
                out.append(Button(cell, f"fseat:{s}", str(s), selected=form.seat == s, enabled=ok))
            y += lay.px(126)
        choices = {"action": SAYS, "decide": ("call", "fold")}
        for fld, opts in choices.items():
            if fld in form.fields:
                cells = grid(pygame.Rect(lay.px(8), y, half, lay.px(56)), len(opts), 1, lay.px(4))
                for o, cell in zip(opts, cells, strict=True):
                    out.append(Button(cell, f"fchoice:{o}", o.upper(), selected=form.choice == o))
                y += lay.px(62)
        if "name" in form.fields:
            out.append(
                Button(
                    pygame.Rect(lay.px(8), y, half, lay.px(56)),
                    "fname:",
                    "NAME",
                    sub=form.name or "tap to type",
                )
            )
        if "amount" in form.fields:
            right = pygame.Rect(w // 2 + lay.px(4), lay.px(124), w // 2 - lay.px(12), lay.px(264))
            one = [("POT", "pots", form.decision == "award"), ("ALL", "-", False)]
            if form.decision == "award":
                one[1] = ("ADD", "next seat", form.seat is not None and bool(form.keypad.amount))
            keys = self._keypad(right, one)
            out += [replace(b, id="fadd:") if b.id == "key:ADD" else b for b in keys]
        value = form.value(view)
        enter = pygame.Rect(lay.px(8), h - lay.px(62), half, lay.px(56))
        out.append(
            Button(enter, "fenter:", "ENTER DECISION", enabled=value is not None, fill=PRIMARY)
        )
        return out

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, p: Painter) -> None:
        """The bar, and the open panel over the dealer screen."""
        if self.view is None:
            return
        lay, surf = self.layout, p.surface
        if self.mode == "table":
            pygame.draw.rect(surf, theme.BACKGROUND, self.bar)
            pygame.draw.line(surf, theme.PANEL_EDGE, self.bar.topleft, self.bar.topright, lay.px(2))
        else:
            surf.fill(theme.BACKGROUND)
            getattr(self, f"_draw_{self.mode}")(p, self.view)
        for b in self.buttons():
            draw_button(p, b)
        self.dirty = False

    def _title(self, p: Painter, text: str, sub: str = "") -> None:
        lay = self.layout
        rect, _ = self._header()
        p.text(
            text,
            (rect.left, rect.top + lay.px(2)),
            lay.px(26),
            theme.TEXT,
            max_width=rect.width,
            tag="console_title",
        )
        if sub:
            p.text(
                sub,
                (rect.left, rect.bottom - lay.px(2)),
                lay.px(theme.BODY),
                theme.DIM,
                anchor="bottomleft",
                max_width=rect.width,
                tag="console_sub",
            )

    def _draw_pad(self, p: Painter, view: TableView) -> None:
        lay = self.layout
        w, _ = lay.size
        seat = self.seat or 0
        sv = seat_of(view, seat)
        can = allowed(view, seat)
        name = sv.player if sv is not None else ""
        where = (
            "IN TURN"
            if can.in_turn
            else f"NOT IN TURN (seat {view.to_act} is)"
            if view.to_act
            else "NO ONE IN TURN"
        )
        stack = theme.chips(sv.stack) if sv is not None else "-"
        self._title(
            p,
            f"SEAT {seat}  {name}",
            f"{where}  -  stack {stack}"
            + (f", bet {theme.chips(sv.bet)}" if sv is not None and sv.bet else ""),
        )
        # amount display above the keypad
        amount = self.keypad.amount
        self._amount_box(p, "AMOUNT", amount, lay.px(90), "pad_amount")
        # what will be entered, and the ruling after the last entry
        x, width = lay.px(8), w // 2 - lay.px(16)
        box = pygame.Rect(x, lay.px(192), width, lay.px(58))
        p.panel(box, theme.PANEL, theme.ACCENT, lay.px(2))
        body = declare_body(seat, self.say, amount)
        p.text(
            "WILL ENTER", (box.left + lay.px(8), box.top + lay.px(4)), lay.px(theme.BODY), theme.DIM
        )
        p.text(
            describe(body).upper() if body else "tap an action or an amount",
            (box.left + lay.px(8), box.bottom - lay.px(5)),
            lay.px(22),
            theme.TEXT if body else theme.FAINT,
            anchor="bottomleft",
            max_width=box.width - lay.px(16),
            tag="pad_preview",
        )
        box = pygame.Rect(x, lay.px(322), width, h_ruling := lay.px(90))
        p.panel(box, theme.PANEL, theme.PANEL_EDGE)
        label = f"ENTERED: {self.entered.upper()}" if self.entered else "LAST RULING"
        p.text(
            label,
            (box.left + lay.px(8), box.top + lay.px(4)),
            lay.px(theme.BODY),
            theme.DIM,
            max_width=box.width - lay.px(16),
            tag="pad_entered",
        )
        text = self.outcome or _ruling_text(view)
        p.wrap(
            text,
            pygame.Rect(
                box.left + lay.px(8),
                box.top + lay.px(22),
                box.width - lay.px(16),
                h_ruling - lay.px(26),
            ),
            lay.px(theme.BODY),
            theme.TEXT,
            max_lines=3,
            tag="pad_ruling",
        )

    def _draw_keyboard(self, p: Painter, view: TableView) -> None:
        lay = self.layout
        w, _ = lay.size
        what = (
            f"NAME FOR SEAT {self.seat}" if self.entry_back == "pad" else "NAME OF THE NEW PLAYER"
        )
        self._title(p, what, "OK enters it; NO NAME clears it")
        box = pygame.Rect(lay.px(8), lay.px(66), w - lay.px(16), lay.px(56))
        p.panel(box, theme.PANEL, theme.ACCENT, lay.px(2))
        r = p.text(
            self.entry.text or " ",
            (box.left + lay.px(12), box.centery),
            lay.px(30),
            theme.TEXT,
            anchor="midleft",
            max_width=box.width - lay.px(40),
            tag="kb_text",
        )
        pygame.draw.line(
            p.surface,
            theme.ACCENT,
            (r.right + lay.px(3), box.top + lay.px(10)),
            (r.right + lay.px(3), box.bottom - lay.px(10)),
            lay.px(3),
        )

    def _draw_alerts(self, p: Painter, view: TableView) -> None:
        lay = self.layout
        w, _ = lay.size
        rows, pages, _ = self._alert_rows()
        n = len(self.alerts())
        page = f"  -  page {self.alert_page + 1} of {pages}" if pages > 1 else ""
        self._title(
            p, f"ALERTS: {n} OPEN", "tap a row to read it in full; ACK when dealt with" + page
        )
        y = lay.px(66)
        icon = lay.px(22)
        if not rows:
            p.text("No open alerts", (lay.px(16), y + lay.px(12)), lay.px(22), theme.FAINT)
        for aid, alert in rows:
            box = pygame.Rect(lay.px(8), y, w - lay.px(164), lay.px(72))
            p.panel(box, theme.ALERT_BG, theme.ALERT, lay.px(2))
            theme.draw_warning(
                p.surface, (box.left + lay.px(6) + icon / 2, box.top + lay.px(6) + icon / 2), icon
            )
            x = box.left + icon + lay.px(12)
            p.text(
                f"#{aid}  {alert_title(alert)}",
                (x, box.top + lay.px(6)),
                lay.px(theme.BODY),
                theme.WHITE,
                max_width=box.right - x - lay.px(8),
                tag="alert_row",
            )
            top = box.top + lay.px(30)
            p.wrap(
                " - ".join(t for t in (alert.rule, alert.text) if t),
                pygame.Rect(
                    box.left + lay.px(8), top, box.width - lay.px(16), box.bottom - top - lay.px(2)
                ),
                lay.px(theme.BODY),
                theme.TEXT,
                max_lines=2,
                tag="alert_row_text",
            )
            y += lay.px(78)

    def _draw_floor(self, p: Painter, view: TableView) -> None:
        lay = self.layout
        self._title(
            p,
            f"FLOOR MODE - {self.floor_name}",
            f"closes in {theme.mmss(self.floor_left or 0)}; decisions are final (002 Rule 1)",
        )
        p.text(
            "Choose a decision; tapping a seat first preselects it.",
            (lay.px(12), lay.px(72)),
            lay.px(theme.BODY),
            theme.DIM,
            tag="floor_hint",
        )

    def _amount_box(
        self, p: Painter, label: str, amount: int | None, label_room: int, tag: str
    ) -> None:
        """The amount the keypad holds, above the keypad (the pad's and the floor forms')."""
        lay = self.layout
        w = lay.size[0]
        box = pygame.Rect(w // 2 + lay.px(4), lay.px(66), w // 2 - lay.px(12), lay.px(52))
        p.panel(box, theme.PANEL, theme.PANEL_EDGE)
        p.text(
            label,
            (box.left + lay.px(8), box.centery),
            lay.px(theme.BODY),
            theme.DIM,
            anchor="midleft",
        )
        p.text(
            theme.chips(amount) if amount else "none",
            (box.right - lay.px(10), box.centery),
            lay.px(30),
            theme.TEXT if amount else theme.FAINT,
            anchor="midright",
            max_width=box.width - label_room,
            tag=tag,
        )

    def _draw_form(self, p: Painter, view: TableView) -> None:
        lay = self.layout
        w, h = lay.size
        form = self.form
        assert form is not None
        self._title(p, f"FLOOR: {FLOOR_WORDS[form.decision]}", f"by {self.floor_name}")
        if "seat" in form.fields:
            p.text("SEAT", (lay.px(10), lay.px(66)), lay.px(theme.BODY), theme.DIM)
        if "amount" in form.fields:
            label = {"ruling": "TO", "award": "AMOUNT", "stack": "NEW STACK", "seat": "STACK"}[
                form.decision
            ]
            self._amount_box(p, label, form.keypad.amount, lay.px(110), "form_amount")
        value = form.value(view)
        box = pygame.Rect(lay.px(8), h - lay.px(142), w // 2 - lay.px(16), lay.px(74))
        p.panel(box, theme.PANEL, theme.ACCENT, lay.px(2))
        p.text(
            "WILL ENTER", (box.left + lay.px(8), box.top + lay.px(4)), lay.px(theme.BODY), theme.DIM
        )
        text = (
            json.dumps({form.decision: value})
            if value is not None
            else "choose " + ", ".join(form.fields)
            if form.fields
            else ""
        )
        p.wrap(
            text,
            pygame.Rect(
                box.left + lay.px(8),
                box.top + lay.px(22),
                box.width - lay.px(16),
                box.height - lay.px(24),
            ),
            lay.px(theme.BODY),
            theme.TEXT if value is not None else theme.FAINT,
            max_lines=2,
            tag="form_preview",
        )


def undo_button(rect: pygame.Rect, view: TableView) -> Button:
    """UNDO, greyed with a hint when the hand has nothing to take back (the engine would refuse
    it with an alert to acknowledge: a hint is enough)."""
    ok = "undo" in view.allowed.presses
    return Button(rect, "bar:undo", "UNDO", enabled=ok, sub="" if ok else "nothing to undo")


def _ruling_text(view: TableView) -> str:
    last = view.last
    if last is None:
        return "none yet"
    verb = ACTION_WORDS.get(last.action, last.action)
    text = f"Seat {last.seat} {verb}"
    if last.action not in ("fold", "check"):
        text += f" {theme.chips(last.to)}"
    if last.owes:
        text += f", OWES {theme.chips(last.owes)}"
    if last.returned:
        text += f", RETURN {theme.chips(last.returned)}"
    return text + (f" ({last.rule})" if last.rule else "")


def _last_id(view: TableView) -> int:
    return max((a.id for a in view.alerts), default=0)


def _outcome(view: TableView, last: Any, last_id: int) -> str:
    """What the engine said to the entry: the new ruling, and any alert it raised (an id above
    the last one open when it was entered)."""
    parts = []
    if view.last is not last and view.last is not None:
        parts.append(_ruling_text(view))
    new = [a for a in view.alerts if a.id > last_id]
    for a in new[:1]:
        parts.append(f"ALERT {alert_title(a)}: {a.text} ({a.rule})")
    return "; ".join(parts) or "no ruling"


def console_pictures(size: tuple[int, int]) -> list[tuple[str, pygame.Surface]]:
    """The console's screens on a sample hand (tablectl screenshot --what console): the bar,
    the pad with a raise keyed, the keyboard, the alerts, floor mode, a floor form, the dealer
    screen after the floor's decision, the detail view (alerts and rulings in full), the
    action panel while a void hand's alert stops play, the question of a seat read short
    of cards (a dead card tag), and that of a dead chip to take out of play (from a seat's
    stack, and from the tray)."""
    from display.dealer import DealerScreen, floor_line
    from tablectl.engine.notices import FloorDecided
    from tablectl.engine.table import Table

    setup = {
        "rules": "tda-2025",
        "seats": {"1": 12500, "2": 9800, "3": 20000, "5": 15000},
        "button": 1,
        "blinds": [100, 200],
        "chips": [25, 100, 500, 1000],
        "names": {"1": "Ann", "2": "Bao", "3": "Cy", "5": "Dee"},
    }
    table = Table.from_setup(setup)
    table.apply(
        Event("deal", {"2": ["As", "Kd"], "3": ["7c", "7h"], "5": ["Qs", "Qd"], "1": ["2c", "3d"]})
    )
    table.apply(Event("declare", {"seat": 5, "say": "raise", "amount": 600}))
    table.apply(Event("push", {"seat": 1, "chips": [500]}))  # out of turn: an alert
    surface = pygame.Surface(size)
    con = Console(size)
    screen = DealerScreen(surface.subsurface(con.screen_rect), con.layout.s)
    painter = Painter(surface, con.layout, floor=con.layout.px(theme.BODY))
    out: list[tuple[str, pygame.Surface]] = []
    floor: tuple[str, ...] = ()

    def shot(name: str) -> None:
        view = table.view()
        con.update(view)
        screen.draw(view, floor)
        con.seat_rects = dict(screen.seat_rects)
        con.detail_rect, con.floor_lines = screen.detail_rect, floor
        painter.reset()
        con.draw(painter)
        out.append((name, surface.copy()))

    shot("bar")
    con.mode, con.seat, con.say = "pad", 1, "raise"
    con.keypad.set(1800)
    shot("pad")
    con.mode, con.entry, con.entry_back = "keyboard", TextEntry("Ann Lee"), "pad"
    shot("keyboard")
    con.mode = "alerts"
    shot("alerts")
    con.set_floor("Sam (floor)", 287)
    con.mode = "floor"
    shot("floor")
    con.form, con.mode = FloorForm("stack", 2), "form"
    con.form.keypad.set(12500)
    shot("floor_stack")
    decided = table.apply(
        event_from_obj(
            {"floor": {"by": "Sam (floor)", "ruling": {"seat": 5, "action": "raise", "to": 1200}}}
        )
    )
    floor = tuple(floor_line(n) for n in decided if isinstance(n, FloorDecided))
    con.mode, con.form = "table", None
    shot("floor_decided")
    # The table asks instead of ruling (issue 27): a chip read it cannot trust, then a card.
    table.apply(
        event_from_obj(
            {
                "recount": {
                    "chips": {"bet:2": [1000, 500, 100, 100]},
                    "ask": "bet:2",
                    "why": "a 1,000 chip also read by stack:2",
                }
            }
        )
    )
    con.recount.counted = []
    shot("recount_chips")
    con.update(table.view())
    for chip in (500, 100, 100):
        con.recount.tap(table.view(), f"add:{chip}")
    shot("recount_counted")
    table.apply(event_from_obj({"counted": {"zone": "bet:2", "chips": [500, 100, 100]}}))
    table.apply(
        event_from_obj(
            {
                "recount": {
                    "card": "9s",
                    "zone": "seat:3",
                    "seen": ["seat:2", "seat:3"],
                    "why": "read at two seats in flight",
                }
            }
        )
    )
    shot("recount_card")
    con.mode = "detail"
    shot("detail")  # the alerts, the ruling and the floor's decisions in full (one tap)
    # a card of another deck voids the hand (000 Irregularities 3): the action panel stops play
    con.mode, floor = "table", ()
    table = Table.from_setup({**setup, "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000}})
    for obj in (
        {"deal": {"2": ["2c", "2d"], "3": ["3c", "3d"], "4": ["4c", "4d"], "1": ["5c", "5d"]}},
        {"push": {"seat": 4, "chips": [100, 100]}},
        {"card": "Qs", "zone": "board", "face": "up", "deck": "B"},
    ):
        table.apply(event_from_obj(obj))
    shot("stop_play")
    # A dead card tag (issue 27): seat 4 is read holding one card while the deck has a card the
    # table never read: the table asks how many cards seat 4 holds instead of a misdeal.
    table = Table.from_setup({**setup, "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000}})
    for obj in (
        {"unread": {"cards": ["9s"]}},
        {"deal": {"2": ["2c", "2d"], "3": ["3c", "3d"], "4": ["4c"], "1": ["5c", "5d"]}},
        {"push": {"seat": 4, "chips": [100, 100]}},
    ):
        table.apply(event_from_obj(obj))
    con.mode = "table"
    shot("recount_seat_cards")
    # A dead chip found (issue 27): between hands the table asks to take it out of play.
    table = Table.from_setup({**setup, "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000}})
    dead = {"chip": "05c000000000002a", "value": 100, "zone": "stack:4"}
    table.apply(event_from_obj({"unread": {"cards": [], "dead": [dead]}}))
    con.mode = "recount"
    shot("recount_retire")
    # ... and one an exchange took to the tray: set aside from the tray, no seat given a chip
    table = Table.from_setup({**setup, "seats": {"1": 10000, "2": 10000, "3": 10000, "4": 10000}})
    table.apply(event_from_obj({"unread": {"cards": [], "dead": [{**dead, "zone": "tray"}]}}))
    con.mode = "recount"
    shot("recount_retire_tray")
    return out

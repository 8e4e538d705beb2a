"""The dealer screen: a :class:`tablectl.engine.view.TableView` drawn for the dealer's seat.

The seat ring (seat, player, stack, bet this street, button and blinds, folded/all-in/away/out),
the board, the pots with the seats eligible for each, whose turn it is with the amount to call and
the minimum raise, the last ruling with what the seat owes or gets back in large type, the floor's
decisions (002 Rule 1: final; every one shows, newest first), the alerts until the dealer
acknowledges them on the console, a player on the clock (002 Rule 29) and the level.

:meth:`DealerScreen.render` redraws only when something visible changed (a timer counts in whole
seconds), so an idle table costs no CPU: the caller flips the display only when it returns True.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import ClassVar

import pygame

from display import theme
from display.layout import DrawnText, Layout, LiveTexts, Painter
from tablectl.engine.dealing import stops_play
from tablectl.engine.notices import FloorDecided
from tablectl.engine.outputs import Alert, Ruling
from tablectl.engine.pots import carried_words
from tablectl.engine.view import ClockView, LevelView, SeatView, TableView

STREET_NAMES = {
    "idle": "WAITING FOR THE DEAL",
    "preflop": "PRE-FLOP",
    "flop": "FLOP",
    "turn": "TURN",
    "river": "RIVER",
    "showdown": "SHOWDOWN",
    "over": "HAND OVER",
}
ACTION_WORDS = {
    "fold": "folds",
    "check": "checks",
    "call": "calls",
    "bet": "bets to",
    "raise": "raises to",
    "all-in": "all-in to",
}
ORDINALS = {1: "st", 2: "nd", 3: "rd"}


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else ORDINALS.get(n % 10, "th")
    return f"{n}{suffix}"


def alert_title(alert: Alert) -> str:
    """``OUT OF TURN - SEAT 7``: the alert's kind in words, and its seat."""
    title = alert.kind.replace("_", " ").upper()
    return f"{title} - SEAT {alert.seat}" if alert.seat is not None else title


def ruling_what(last: Ruling) -> str:
    """``Seat 4 bets to 1,800``: the ruled action."""
    what = f"Seat {last.seat} {ACTION_WORDS.get(last.action, last.action)}"
    return what if last.action in ("fold", "check") else f"{what} {theme.chips(last.to)}"


def ruling_detail(last: Ruling) -> str:
    """The ruling's rule and its explanation, in one line."""
    return " - ".join(t for t in (last.rule, last.text) if t)


def floor_line(notice: FloorDecided) -> str:
    """``FLOOR (Sam): seat 3's call to 200 is ruled raise to 1000 — 002 Rule 1``: one floor
    decision (the engine's ``floor`` notice) as the dealer screen says it."""
    by, rule = notice.by, notice.rule
    text = notice.text.removeprefix(f"floor ({by}): ").removesuffix(f" ({rule})")
    return f"FLOOR ({by}): {text}" + (f" \u2014 {rule}" if rule else "")


def display_key(view: TableView) -> TableView:
    """The view with timers in whole seconds: two views with equal keys look the same."""
    clock = view.clock
    if clock is not None:
        clock = ClockView(clock.seat, float(math.ceil(clock.seconds_left)))
    level = view.level
    if level is not None and level.seconds_left is not None:
        level = replace(level, seconds_left=float(math.ceil(level.seconds_left)))
    return replace(view, clock=clock, level=level)


class DealerScreen:
    """Draws table views on ``surface`` (any size from 800x480 to 1920x1080 and beyond)."""

    def __init__(self, surface: pygame.Surface, scale: float | None = None) -> None:
        """``scale``: the whole screen's when ``surface`` is a part of it (above the console)."""
        self.surface = surface
        self.layout = Layout(surface.get_size(), scale)
        self.painter = Painter(surface, self.layout, floor=self.layout.px(theme.BODY))
        self._last: TableView | None = None
        self._floor: tuple[str, ...] = ()
        self._static: tuple[object, ...] | None = None
        self.live = LiveTexts(self.painter)
        self.dirty: list[pygame.Rect] | None = None
        self.frames = 0
        self.fast_frames = 0
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.center_rect = pygame.Rect(0, 0, 0, 0)
        # the ruling, floor and alert panels: a tap there opens them in full (display.console)
        self.detail_rect = pygame.Rect(0, 0, 0, 0)
        self.cut = False  # some text in them was cut short
        # hand-for-hand (002 RP-8): the hold's headline, why and for whom it waits, alerts
        self.hold: tuple[str, ...] = ()
        self.notes: tuple[str, ...] = ()  # the director's announcements (issue 31 part 3)

    def set_notes(self, notes: tuple[str, ...]) -> None:
        """The director's announcements for this table, newest first; () for none."""
        if tuple(notes) != self.notes:
            self.notes = tuple(notes)
            self.invalidate()

    def set_hold(self, lines: tuple[str, ...]) -> None:
        """The venue's hand-for-hand lines (``TableHold.lines``); () when it is off."""
        if tuple(lines) != self.hold:
            self.hold = tuple(lines)
            self.invalidate()

    # --- public -----------------------------------------------------------------------------
    def render(self, view: TableView, floor: tuple[str, ...] = ()) -> bool:
        """Draw ``view`` if it looks different from the last one drawn; True if it drew.

        When only the level time or a player's clock moved, only those texts are redrawn and
        :attr:`dirty` lists the regions to show (``pygame.display.update``); after a full redraw
        :attr:`dirty` is None (flip the whole frame). ``floor``: the floor's decisions as
        :func:`floor_line` says them, oldest first.
        """
        key = display_key(view)
        if key == self._last and floor == self._floor:
            self.dirty = []
            return False
        static = (_static_key(view), floor)
        if static == self._static:
            dirty = self.live.update(_live_texts(view))
            if dirty is not None:
                self._last, self.dirty = key, dirty
                self.fast_frames += 1
                return True
        self.draw(view, floor)
        self._last, self._static, self._floor = key, static, floor
        return True

    def invalidate(self) -> None:
        """Force the next :meth:`render` to draw (after the window was exposed or resized)."""
        self._last = self._static = None

    def draw(self, view: TableView, floor: tuple[str, ...] = ()) -> None:
        lay, p = self.layout, self.painter
        p.reset()
        self.live.begin()
        self.surface.fill(theme.BACKGROUND)
        top = lay.rect(0, 0, 1, 0.1)
        below = top.bottom
        if self.notes:  # across the screen under the top bar: read at arm's length
            band = pygame.Rect(0, top.bottom, lay.w, round(lay.h * 0.13))
            self._notes(band)
            below = band.bottom
        table = pygame.Rect(0, below, round(lay.w * 0.64), lay.h - below)
        side = pygame.Rect(table.right, below, lay.w - table.right, lay.h - below)
        self._top_bar(view, top)
        self._table(view, table.inflate(-lay.px(8), -lay.px(8)))
        self._side(view, side.inflate(-lay.px(10), -lay.px(10)), floor)
        self.live.commit()
        self.dirty = None
        self.frames += 1

    # --- top bar ------------------------------------------------------------------------------
    def _top_bar(self, view: TableView, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        pygame.draw.rect(self.surface, theme.PANEL, rect)
        pygame.draw.line(
            self.surface, theme.PANEL_EDGE, rect.bottomleft, rect.bottomright, lay.px(2)
        )
        cy = rect.centery
        x = rect.left + lay.px(12)
        level = view.level
        if level is not None:
            r = p.text(
                f"LEVEL {level.number}",
                (x, cy),
                lay.px(theme.BODY),
                theme.DIM,
                anchor="midleft",
                tag="level",
            )
            p.text(
                _blinds(level),
                (r.right + lay.px(12), cy),
                lay.px(28),
                theme.GOLD,
                anchor="midleft",
                max_width=round(rect.width * 0.36),
                tag="blinds",
            )
            self._level_time(level, rect)
        else:
            p.text("NO LEVEL CLOCK", (x, cy), lay.px(theme.BODY), theme.FAINT, anchor="midleft")
        right = f"HAND {view.hand_no}" if view.hand_no else "FIRST HAND"
        r = p.text(
            right,
            (rect.right - lay.px(12), cy),
            lay.px(theme.BODY),
            theme.TEXT,
            anchor="midright",
            tag="hand",
        )
        # the rules in force, on the hand's line: one row of body text fits the bar
        p.text(
            view.profile,
            (r.left - lay.px(10), cy),
            lay.px(theme.BODY),
            theme.DIM,
            anchor="midright",
            max_width=max(1, r.left - lay.px(10) - round(rect.width * 0.62) - lay.px(110)),
            tag="profile",
        )

    def _level_time(self, level: LevelView, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        cx = round(rect.width * 0.62)
        if level.on_break:
            word, color = "BREAK", theme.BREAK
        elif level.paused:
            word, color = "PAUSED", theme.PAUSED
        else:
            word, color = "LEFT", theme.DIM
        if level.seconds_left is None:
            p.text(
                word if word != "LEFT" else "UNTIMED",
                (cx, rect.centery),
                lay.px(theme.BODY),
                color,
                anchor="center",
                tag="level_time",
            )
            return
        # right-aligned at a fixed point, so the countdown can be redrawn on its own
        right = cx + lay.px(40)
        text = theme.mmss(level.seconds_left)
        self.live.add("level_time", text, (right, rect.centery), lay.px(32), theme.TEXT, "midright")
        if level.paused:
            width = theme.font(lay.px(32)).size(text)[0]
            theme.draw_pause(self.surface, (right - width - lay.px(14), rect.centery), lay.px(16))
        p.text(
            word,
            (right + lay.px(8), rect.centery),
            lay.px(theme.BODY),
            color,
            anchor="midleft",
            tag="level_state",
        )

    # --- the table ----------------------------------------------------------------------------
    # Seat box centres as fractions of the table area: seats 1..10 clockwise from the dealer's
    # left, the dealer at the bottom between seats 10 and 1, four seats across the top.
    SEAT_SPOTS: ClassVar[dict[int, tuple[float, float]]] = {
        1: (0.30, 0.895),
        2: (0.12, 0.655),
        3: (0.12, 0.37),
        4: (0.135, 0.105),
        5: (0.378, 0.105),
        6: (0.622, 0.105),
        7: (0.865, 0.105),
        8: (0.88, 0.37),
        9: (0.88, 0.655),
        10: (0.70, 0.895),
    }

    def _seat_rects(self, area: pygame.Rect) -> dict[int, pygame.Rect]:
        bw = round(area.width * 0.225)
        bh = round(area.height * 0.205)  # three rows of body text (issue 25's text floor)
        rects = {}
        for seat, (fx, fy) in self.SEAT_SPOTS.items():
            x = area.left + fx * area.width
            y = area.top + fy * area.height
            rects[seat] = pygame.Rect(round(x - bw / 2), round(y - bh / 2), bw, bh)
        return rects

    def _table(self, view: TableView, area: pygame.Rect) -> None:
        lay = self.layout
        rects = self.seat_rects = self._seat_rects(area)
        bw, bh = rects[1].size
        felt = pygame.Rect(0, 0, area.width - bw * 0.75, area.height - bh * 0.9)
        felt.center = area.center
        rail = felt.inflate(lay.px(26), lay.px(26))
        pygame.draw.ellipse(self.surface, theme.RAIL, rail)
        pygame.draw.ellipse(self.surface, theme.RAIL_EDGE, rail, lay.px(3))
        pygame.draw.ellipse(self.surface, theme.FELT, felt)
        pygame.draw.ellipse(
            self.surface, theme.FELT_DARK, felt.inflate(-lay.px(18), -lay.px(18)), lay.px(2)
        )
        inner = self.center_rect = pygame.Rect(
            0, 0, round(area.width * 0.52), round(area.height * 0.56)
        )
        inner.center = area.center
        self._center(view, inner)
        # where the dealer sits: the gap between seats 10 and 1
        self.painter.text(
            "DEALER",
            (area.centerx, area.bottom - lay.px(4)),
            lay.px(theme.BODY),
            theme.FAINT,
            anchor="midbottom",
            tag="dealer",
        )
        places = _places(view)
        alerted = {a.seat for a in view.alerts if a.seat is not None}
        for seat in view.seats:
            if 1 <= seat.seat <= 10:
                self._seat(
                    seat, rects[seat.seat], seat.seat in alerted, places.get(seat.seat), area.center
                )
        if view.clock is not None and view.clock.seat in rects:
            # the stopwatch on the seat itself, beside the countdown in the side panel
            r = rects[view.clock.seat]
            size = lay.px(24)
            c = (r.right - lay.px(2), r.bottom - lay.px(2))
            pygame.draw.circle(self.surface, theme.BACKGROUND, c, size * 0.7)
            theme.draw_stopwatch(
                self.surface,
                c,
                size,
                theme.ALERT if view.clock.seconds_left <= 10 else theme.ACCENT,
            )

    def _center(self, view: TableView, inner: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        street = STREET_NAMES.get(view.street, view.street.upper())
        y = inner.top + lay.px(14)  # below the turn pointer of a seat across the top
        p.text(
            street,
            (inner.centerx, y),
            lay.px(theme.BODY),
            theme.TEXT,
            anchor="midtop",
            tag="street",
        )
        card_h = min(lay.px(62), round(inner.height * 0.3))
        card_w = round(card_h * 0.7)
        gap = lay.px(5)
        total = 5 * card_w + 4 * gap
        left = inner.centerx - total // 2
        top = y + lay.px(24)
        for i in range(5):
            r = pygame.Rect(left + i * (card_w + gap), top, card_w, card_h)
            if i < len(view.board):
                self._card(view.board[i], r, tag="board")
            else:
                pygame.draw.rect(
                    self.surface, theme.FELT_DARK, r, lay.px(2), border_radius=lay.px(4)
                )
        y = top + card_h + lay.px(10)
        pots = view.pots
        if not pots and view.carried:
            # odd chips of a split wait in the pot for the next hand (003 Ties 3)
            unit = view.chips[0] if view.chips else 1
            p.text(
                carried_words(view.carried, unit),
                (inner.centerx, y),
                lay.px(theme.BODY),
                theme.GOLD,
                anchor="midtop",
                max_width=inner.width,
                tag="carried",
            )
        if not pots:
            return
        total_pot = sum(pt.amount for pt in pots)
        label = "POT" if len(pots) == 1 else "POTS"
        r = p.text(
            f"{label} {theme.chips(total_pot)}",
            (inner.centerx, y),
            lay.px(30),
            theme.GOLD,
            anchor="midtop",
            max_width=inner.width,
            tag="pot_total",
        )
        y = r.bottom + lay.px(4)
        if len(pots) == 1:
            return
        line_h = theme.font(lay.px(theme.BODY)).get_linesize()
        for i, pot in enumerate(pots):
            if y + line_h > inner.bottom + lay.px(30):
                p.text(
                    f"+{len(pots) - i} more",
                    (inner.centerx, y),
                    lay.px(theme.BODY),
                    theme.DIM,
                    anchor="midtop",
                )
                break
            name = "Main" if i == 0 else f"Side {i}"
            seats = " ".join(str(s) for s in pot.seats)
            p.text(
                f"{name} {theme.chips(pot.amount)}  seats {seats}",
                (inner.centerx, y),
                lay.px(theme.BODY),
                theme.TEXT,
                anchor="midtop",
                max_width=inner.width + lay.px(20),
                tag="pot",
            )
            y += line_h

    def _card(self, card: str, rect: pygame.Rect, tag: str = "card") -> None:
        lay, p = self.layout, self.painter
        radius = max(2, rect.width // 8)
        if len(card) != 2 or card == "??":
            pygame.draw.rect(self.surface, theme.CARD_BACK, rect, border_radius=radius)
            pygame.draw.rect(
                self.surface, theme.CARD, rect, max(1, lay.px(1)), border_radius=radius
            )
            p.text("?", rect.center, round(rect.height * 0.6), theme.CARD, anchor="center", tag=tag)
            return
        rank, suit = card[0], card[1]
        color = theme.SUIT_COLORS.get(suit, theme.BLACK)
        pygame.draw.rect(self.surface, theme.CARD, rect, border_radius=radius)
        p.text(
            theme.RANK_TEXT.get(rank, rank),
            (rect.centerx, rect.top + rect.height * 0.06),
            round(rect.height * 0.5),
            color,
            anchor="midtop",
            max_width=rect.width - 2,
            tag=tag,
        )
        theme.draw_suit(
            self.surface, suit, (rect.centerx, rect.top + rect.height * 0.72), rect.height * 0.36
        )

    def _card_back(self, r: pygame.Rect) -> None:
        lay = self.layout
        pygame.draw.rect(self.surface, theme.CARD, r, border_radius=lay.px(3))
        pygame.draw.rect(
            self.surface,
            theme.CARD_BACK,
            r.inflate(-lay.px(3), -lay.px(3)),
            border_radius=lay.px(2),
        )
        pygame.draw.rect(
            self.surface,
            (190, 60, 70),
            r.inflate(-lay.px(7), -lay.px(7)),
            1,
            border_radius=lay.px(2),
        )

    def _seat(
        self,
        seat: SeatView,
        rect: pygame.Rect,
        alerted: bool,
        place: int | None,
        table_center: tuple[int, int],
    ) -> None:
        lay, p = self.layout, self.painter
        out = seat.status in ("out", "empty")
        dim = seat.status in ("folded", "out", "empty", "dead")
        fill = theme.SEAT_FOLDED if dim else theme.SEAT
        if seat.in_turn:
            fill = (54, 50, 22)
        if seat.status == "empty":
            p.panel(rect, (16, 20, 26), (36, 42, 50), lay.px(1), lay.px(8))
        else:
            p.panel(rect, fill, theme.PANEL_EDGE, lay.px(1), lay.px(8))
        if seat.in_turn:
            pygame.draw.rect(
                self.surface,
                theme.SEAT_TURN,
                rect.inflate(lay.px(4), lay.px(4)),
                lay.px(4),
                border_radius=lay.px(10),
            )
            self._turn_pointer(rect, table_center)
        if alerted:
            pygame.draw.rect(
                self.surface,
                theme.ALERT,
                rect.inflate(lay.px(10), lay.px(10)),
                lay.px(3),
                border_radius=lay.px(12),
            )
            theme.draw_warning(
                self.surface, (rect.left + lay.px(2), rect.top + lay.px(2)), lay.px(20)
            )
        pad = lay.px(6)
        text_color = theme.DIM if dim else theme.TEXT
        # row 1: seat number disc, player name, position markers
        num_r = lay.px(10)
        pad = lay.px(4)
        num_c = (rect.left + pad + num_r, rect.top + pad + num_r)
        self._disc(
            num_c,
            num_r,
            theme.PANEL_EDGE,
            theme.FAINT,
            str(seat.seat),
            theme.TEXT,
            f"seat{seat.seat}",
        )
        markers = [m for m, on in (("D", seat.button), ("SB", seat.sb), ("BB", seat.bb)) if on]
        mx = rect.right - pad
        marker_r = lay.px(11)
        for m in reversed(markers):
            fill_c, ink = {
                "D": (theme.WHITE, theme.BLACK),
                "SB": ((60, 110, 220), theme.WHITE),
                "BB": (theme.GOLD, theme.BLACK),
            }[m]
            c = (mx - marker_r, num_c[1])
            self._disc(c, marker_r, fill_c, theme.BLACK, m, ink, f"marker{seat.seat}")
            mx -= 2 * marker_r + lay.px(3)
        name_x = num_c[0] + num_r + lay.px(5)
        p.text(
            seat.player,
            (name_x, num_c[1]),
            lay.px(theme.BODY),
            text_color,
            anchor="midleft",
            max_width=max(10, mx - name_x - lay.px(2)),
            tag=f"name{seat.seat}",
        )
        # row 2: stack (and tabled or held cards)
        row2 = rect.top + pad + 2 * num_r + lay.px(2)
        card_h = lay.px(26)
        card_w = round(card_h * 0.7)
        # a folded or dead hand's cards are out of play: no backs drawn for them
        backs = 0 if seat.status in ("folded", "dead", "out") else seat.hidden
        cards = (list(seat.shown) + ["??"] * backs)[:4]
        cards_w = len(cards) * (card_w + lay.px(2))
        if seat.status == "empty":
            p.text(
                "empty",
                (rect.left + pad, row2),
                lay.px(theme.BODY),
                theme.FAINT,
                tag=f"status{seat.seat}",
            )
            return
        if not out:
            p.text(
                theme.chips(seat.stack),
                (rect.left + pad, row2),
                lay.px(24),
                text_color,
                max_width=rect.width - 2 * pad - cards_w,
                tag=f"stack{seat.seat}",
            )
        cx = rect.right - pad - cards_w
        for card in cards:
            r = pygame.Rect(cx, row2 - lay.px(2), card_w, card_h)
            if card == "??":
                self._card_back(r)
            else:
                self._card(card, r, tag=f"shown{seat.seat}")
            cx += card_w + lay.px(2)
        # row 3: status word or the bet in front of the seat
        row3 = rect.bottom - pad
        word = theme.STATUS_WORDS.get(seat.status)
        x = rect.left + pad
        if word is not None:
            text, color = word
            if seat.status == "out" and place:
                text = f"OUT - {ordinal(place)}"
            r = p.text(
                text,
                (x, row3),
                lay.px(theme.BODY),
                color,
                anchor="bottomleft",
                tag=f"status{seat.seat}",
            )
            x = r.right + lay.px(8)
        if seat.bet:
            chip_r = lay.px(7)
            cy = row3 - lay.px(8)
            pygame.draw.circle(self.surface, theme.GOLD, (x + chip_r, cy), chip_r)
            pygame.draw.circle(self.surface, theme.BLACK, (x + chip_r, cy), chip_r, 1)
            p.text(
                f"BET {theme.chips(seat.bet)}",
                (x + 2 * chip_r + lay.px(4), row3),
                lay.px(theme.BODY),
                theme.GOLD,
                anchor="bottomleft",
                max_width=rect.right - x - 2 * chip_r - pad,
                tag=f"bet{seat.seat}",
            )

    def _disc(
        self,
        center: tuple[float, float],
        radius: float,
        fill: theme.Color,
        edge: theme.Color,
        label: str,
        ink: theme.Color,
        tag: str,
    ) -> None:
        rect, size = theme.draw_disc(self.surface, center, radius, fill, edge, label, ink)
        self.painter.texts.append(DrawnText(label, rect, ink, size, tag))

    def _turn_pointer(self, rect: pygame.Rect, center: tuple[int, int]) -> None:
        """A triangle from the seat toward the middle: whose turn it is, by shape too."""
        lay = self.layout
        dx, dy = center[0] - rect.centerx, center[1] - rect.centery
        dist = math.hypot(dx, dy) or 1.0
        ux, uy = dx / dist, dy / dist
        # the point where the ray to the centre leaves the box
        tx = rect.width / 2 / abs(ux) if ux else math.inf
        ty = rect.height / 2 / abs(uy) if uy else math.inf
        t = min(tx, ty) + lay.px(6)
        bx, by = rect.centerx + ux * t, rect.centery + uy * t
        size = lay.px(14)
        tip = (bx + ux * size, by + uy * size)
        left = (bx - uy * size * 0.7, by + ux * size * 0.7)
        right = (bx + uy * size * 0.7, by - ux * size * 0.7)
        pygame.draw.polygon(self.surface, theme.SEAT_TURN, [tip, left, right])

    # --- the side panel -------------------------------------------------------------------------
    def _side(self, view: TableView, rect: pygame.Rect, floor: tuple[str, ...] = ()) -> None:
        lay = self.layout
        gap = lay.px(6)
        action = pygame.Rect(rect.left, rect.top, rect.width, round(rect.height * 0.26))
        if self.hold:  # nobody acts while the table holds: the hold in its place, taller
            action.height = round(rect.height * 0.4)
            self._hold(action)
        else:
            self._action(view, action)
        y = action.bottom + gap
        # below the action: what a dealer reads, in full one tap away (the console's detail view)
        self.detail_rect = pygame.Rect(rect.left, y, rect.width, rect.bottom - y)
        self.cut = False
        ruling = pygame.Rect(rect.left, y, rect.width, round(rect.height * 0.23))
        self._ruling(view.last, ruling)
        y = ruling.bottom + gap
        if floor:
            box = pygame.Rect(rect.left, y, rect.width, round(rect.height * 0.19))
            self._floor_panel(floor, box)
            y = box.bottom + gap
        if view.clock is not None:
            clock = pygame.Rect(rect.left, y, rect.width, round(rect.height * 0.15))
            self._clock(view.clock, view, clock)
            y = clock.bottom + gap
        self._alerts(view.alerts, pygame.Rect(rect.left, y, rect.width, rect.bottom - y))

    def _label(self, text: str, rect: pygame.Rect, color: theme.Color = theme.DIM) -> int:
        lay = self.layout
        r = self.painter.text(
            text,
            (rect.left + lay.px(8), rect.top + lay.px(4)),
            lay.px(theme.BODY),
            color,
            max_width=rect.width - lay.px(16),
            tag="label",
        )
        return r.bottom + lay.px(2)

    def _more(self, rect: pygame.Rect) -> None:
        """Say on a panel whose text was cut that the rest is one tap away."""
        lay, p = self.layout, self.painter
        self.cut = True
        p.text(
            "MORE: TAP",
            (rect.right - lay.px(8), rect.top + lay.px(4)),
            lay.px(theme.BODY),
            theme.ACCENT,
            anchor="topright",
            tag="more",
        )

    def _action(self, view: TableView, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        x = rect.left + lay.px(8)
        width = rect.width - lay.px(16)
        stop = next((a for a in reversed(view.alerts) if stops_play(a)), None)
        if stop is not None:
            # play waits for the re-deal: no seat is prompted to act (002 Rule 36-C)
            p.panel(rect, theme.ALERT_BG, theme.ALERT, lay.px(3))
            y = self._label("TO ACT", rect, theme.TEXT)
            r = p.text(
                "STOP PLAY",
                (x, y),
                lay.px(theme.HEADLINE + 4),
                theme.WHITE,
                max_width=width,
                tag="to_act",
            )
            p.wrap(
                f"{stop.kind.replace('_', ' ')}: re-deal, then acknowledge the alert",
                pygame.Rect(x, r.bottom + lay.px(4), width, rect.bottom - r.bottom - lay.px(8)),
                lay.px(theme.BODY),
                theme.TEXT,
                max_lines=2,
                tag="stop_play",
            )
            return
        p.panel(rect, theme.PANEL, theme.PANEL_EDGE)
        y = self._label("TO ACT", rect)
        if view.to_act is None:
            state = {
                "showdown": "Showdown: table the hands",
                "over": "Hand over",
                "idle": "Waiting for the deal",
            }.get(view.street, "Deal the next street")
            if view.street in ("preflop", "flop", "turn", "river") and any(
                s.shown for s in view.seats if s.status == "all-in"
            ):
                state = "All in: deal the board"  # hands tabled at once (002 Rule 17)
            p.wrap(
                state,
                pygame.Rect(x, y + lay.px(4), width, rect.bottom - y - lay.px(8)),
                lay.px(theme.HEADLINE),
                theme.TEXT,
                max_lines=2,
                tag="to_act",
            )
            return
        seat = next((s for s in view.seats if s.seat == view.to_act), None)
        named = seat is not None and seat.player and seat.player != f"Seat {seat.seat}"
        name = f"SEAT {view.to_act}" + (f"  {seat.player}" if named and seat else "")
        r = p.text(name, (x, y), lay.px(30), theme.SEAT_TURN, max_width=width, tag="to_act")
        y = r.bottom + lay.px(4)
        half = width // 2
        p.text("TO CALL", (x, y), lay.px(theme.BODY), theme.DIM, tag="label")
        p.text(
            "MIN RAISE",
            (x + half, y),
            lay.px(theme.BODY),
            theme.DIM,
            max_width=half,
            tag="label",
        )
        y += theme.font(lay.px(theme.BODY)).get_height()
        call = theme.chips(view.to_call) if view.to_call else "CHECK"
        p.text(
            call,
            (x, y),
            lay.px(theme.HEADLINE),
            theme.TEXT,
            max_width=half - lay.px(6),
            tag="to_call",
        )
        if view.can_raise and view.min_raise_to is not None:
            p.text(
                theme.chips(view.min_raise_to),
                (x + half, y),
                lay.px(theme.HEADLINE),
                theme.TEXT,
                max_width=half,
                tag="min_raise",
            )
        else:
            p.text(
                "NO RAISE",
                (x + half, y),
                lay.px(theme.HEADLINE),
                theme.OWES,
                max_width=half,
                tag="min_raise",
            )

    def _notes(self, band: pygame.Rect) -> None:
        """The director's newest announcement in large type (two lines when long), and how
        many more there are."""
        lay, p = self.layout, self.painter
        pygame.draw.rect(self.surface, (20, 50, 59), band)
        pygame.draw.line(self.surface, theme.GOLD, band.bottomleft, band.bottomright, lay.px(2))
        more = f"+{len(self.notes) - 1} more" if len(self.notes) > 1 else ""
        right = band.right - lay.px(10)
        if more:
            r = p.text(
                more,
                (right, band.centery),
                lay.px(theme.BODY),
                theme.GOLD,
                anchor="midright",
                tag="notes_more",
            )
            right = r.left - lay.px(10)
        area = pygame.Rect(band.left + lay.px(10), band.top, right - band.left - lay.px(10), 0)
        size = lay.px(theme.HEADLINE + 6)
        if theme.font(size).size(self.notes[0])[0] <= area.width:
            p.text(
                self.notes[0],
                (area.left, band.centery),
                size,
                theme.WHITE,
                anchor="midleft",
                max_width=area.width,
                tag="note",
            )
            return
        size = lay.px(theme.HEADLINE)
        area.top = band.top + lay.px(4)
        area.height = band.height - lay.px(8)
        p.wrap(self.notes[0], area, size, theme.WHITE, max_lines=2, tag="note", line_gap=1.0)

    def _hold(self, rect: pygame.Rect) -> None:
        """Hand-for-hand (002 RP-8): HOLD and for whom, or deal the round's hand, or, after an
        all-in and call, the cards face down until the director's release (RP-8 F)."""
        lay, p = self.layout, self.painter
        head, why, *warned = self.hold
        urgent = head.startswith("ALL-IN") or bool(warned)
        deal = head == "DEAL ONE HAND"
        edge = theme.ALERT if urgent else (theme.ACCENT if deal else theme.GOLD)
        p.panel(rect, theme.ALERT_BG if urgent else theme.PANEL, edge, lay.px(3))
        x, width = rect.left + lay.px(8), rect.width - lay.px(16)
        y = self._label("HAND FOR HAND - 002 RP-8", rect, edge)
        used = p.wrap(
            head,
            pygame.Rect(x, y, width, rect.bottom - y),
            lay.px(theme.HEADLINE + 2),
            theme.WHITE,
            max_lines=2,
            tag="hold",
        )
        y = used.bottom + lay.px(4)
        used = p.wrap(
            why,
            pygame.Rect(x, y, width, rect.bottom - y - lay.px(4)),
            lay.px(theme.BODY),
            theme.TEXT,
            max_lines=3,
            tag="hold_why",
        )
        y = used.bottom + lay.px(4)
        for line in warned[-1:]:
            p.wrap(
                line,
                pygame.Rect(x, y, width, rect.bottom - y - lay.px(4)),
                lay.px(theme.BODY),
                theme.ALERT,
                max_lines=2,
                tag="hold_alert",
            )

    def _ruling(self, last: Ruling | None, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        p.panel(rect, theme.PANEL, theme.PANEL_EDGE)
        y = self._label("LAST RULING", rect)
        x = rect.left + lay.px(8)
        width = rect.width - lay.px(16)
        if last is None:
            p.text("none yet", (x, y), lay.px(theme.BODY), theme.FAINT, tag="ruling")
            return
        r = p.text(
            ruling_what(last),
            (x, y),
            lay.px(theme.HEADLINE),
            theme.TEXT,
            max_width=width,
            tag="ruling",
        )
        y = r.bottom + lay.px(2)
        bx = x
        big = [(f"OWES {theme.chips(last.owes)}", theme.OWES, "owes")] if last.owes else []
        if last.returned:
            big.append((f"RETURN {theme.chips(last.returned)}", theme.RETURNED, "returned"))
        for text, color, tag in big:
            r = p.text(text, (bx, y), lay.px(32), color, max_width=width // len(big), tag=tag)
            bx = r.right + lay.px(14)
        if big:
            y = r.bottom + lay.px(2)
        detail = ruling_detail(last)
        if detail:
            p.wrap(
                detail,
                pygame.Rect(x, y, width, rect.bottom - y - lay.px(2)),
                lay.px(theme.BODY),
                theme.DIM,
                max_lines=4,
                tag="ruling_rule",
            )
            if p.cut or y + theme.font(lay.px(theme.BODY)).get_height() > rect.bottom:
                self._more(rect)

    def _floor_panel(self, floor: tuple[str, ...], rect: pygame.Rect) -> None:
        """The floor's decisions under the last ruling, newest first (002 Rule 1)."""
        lay, p = self.layout, self.painter
        p.panel(rect, theme.PANEL, theme.GOLD, lay.px(2))
        y = self._label(f"FLOOR DECISIONS ({len(floor)})", rect, theme.GOLD)
        x, width = rect.left + lay.px(8), rect.width - lay.px(16)
        line_h = theme.font(lay.px(theme.BODY)).get_height()
        cut = len(floor) > 1
        for i, line in enumerate(reversed(floor)):
            if y + line_h > rect.bottom - lay.px(2):
                cut = True
                break
            used = p.wrap(
                line,
                pygame.Rect(x, y, width, rect.bottom - y - lay.px(2)),
                lay.px(theme.BODY),
                theme.TEXT if i == 0 else theme.DIM,
                max_lines=3 if i == 0 else 1,
                tag="floor_line",
            )
            cut = cut or p.cut
            y = max(used.bottom, y) + lay.px(4)
        if cut:
            self._more(rect)

    def _clock(self, clock: ClockView, view: TableView, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        urgent = clock.seconds_left <= 10
        p.panel(
            rect,
            theme.ALERT_BG if urgent else theme.PANEL,
            theme.ALERT if urgent else theme.ACCENT,
            lay.px(2),
        )
        icon = lay.px(28)
        theme.draw_stopwatch(
            self.surface,
            (rect.left + lay.px(10) + icon / 2, rect.centery),
            icon,
            theme.ALERT if urgent else theme.ACCENT,
        )
        x = rect.left + lay.px(18) + icon
        p.text(
            f"CLOCK - SEAT {clock.seat}",
            (x, rect.top + lay.px(4)),
            lay.px(theme.BODY),
            theme.TEXT,
            max_width=rect.right - x - lay.px(80),
            tag="clock_seat",
        )
        p.text(
            "act now: 002 Rule 29" if urgent else "002 Rule 29",
            (x, rect.bottom - lay.px(4)),
            lay.px(theme.BODY),
            theme.TEXT if urgent else theme.DIM,
            anchor="bottomleft",
            max_width=rect.right - x - lay.px(80),
            tag="clock_rule",
        )
        self.live.add(
            "clock_time",
            theme.mmss(clock.seconds_left),
            (rect.right - lay.px(10), rect.centery),
            lay.px(40),
            theme.ALERT if urgent else theme.TEXT,
            "midright",
        )

    def _alerts(self, alerts: tuple[Alert, ...], rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        line_h = theme.font(lay.px(theme.BODY)).get_height()
        if rect.height < 2 * line_h:
            if alerts:
                self.cut = True  # not even a title fits: the detail view has them
            return
        if not alerts:
            p.panel(rect, theme.PANEL, theme.PANEL_EDGE)
            y = self._label("ALERTS", rect)
            p.text(
                "No alerts",
                (rect.left + lay.px(8), y),
                lay.px(theme.BODY),
                theme.FAINT,
                tag="no_alerts",
            )
            return
        p.panel(rect, theme.ALERT_BG, theme.ALERT, lay.px(3))
        y = self._label(f"ALERTS ({len(alerts)})", rect, theme.TEXT)
        x = rect.left + lay.px(8)
        width = rect.width - lay.px(16)
        icon = lay.px(24)
        cut = False
        for i, alert in enumerate(reversed(alerts)):  # newest first
            if y + icon > rect.bottom - lay.px(2):
                cut = True
                break
            # the line that matters, at TO CALL's size: never shrunk; the seat goes on a second
            # line when kind and seat do not fit one
            head = lay.px(theme.HEADLINE)
            tx, room = x + icon + lay.px(6), width - icon - lay.px(6)
            title = alert_title(alert)
            lines = [title]
            if theme.font(head).size(title)[0] > room and alert.seat is not None:
                lines = [title.rsplit(" - ", 1)[0], f"SEAT {alert.seat}"]
            if y + theme.font(head).get_height() * len(lines) > rect.bottom - lay.px(2):
                cut = True
                break
            theme.draw_warning(self.surface, (x + icon / 2, y + icon / 2), icon)
            top = y
            for line in lines:
                r = p.text(line, (tx, y), head, theme.WHITE, max_width=room, tag="alert_title")
                y = r.bottom
            y = max(r.bottom, top + icon) + lay.px(2)
            if alert.rule and y + line_h > rect.bottom - lay.px(2):
                cut = True
                break
            if alert.rule:
                r = p.text(
                    alert.rule,
                    (x, y),
                    lay.px(theme.BODY),
                    theme.GOLD,
                    max_width=width,
                    tag="alert_rule",
                )
                y = r.bottom + lay.px(1)
            used = p.wrap(
                alert.text,
                pygame.Rect(x, y, width, rect.bottom - y - lay.px(2)),
                lay.px(theme.BODY),
                theme.TEXT,
                max_lines=8 if i == 0 else 2,
                tag="alert_text",
            )
            cut = cut or p.cut or used.height == 0
            y = max(used.bottom, y) + lay.px(6)
        if cut:
            self._more(rect)


def _static_key(view: TableView) -> tuple[object, ...]:
    """Everything on the dealer screen but the countdowns (the level time, a player's clock)."""
    level = view.level
    if level is not None:
        level = replace(level, seconds_left=None if level.seconds_left is None else -1.0)
    clock = view.clock
    on_clock = None if clock is None else (clock.seat, clock.seconds_left <= 10)
    return (replace(view, level=level, clock=None), on_clock)


def _live_texts(view: TableView) -> dict[str, str]:
    texts = {}
    if view.level is not None and view.level.seconds_left is not None:
        texts["level_time"] = theme.mmss(view.level.seconds_left)
    if view.clock is not None:
        texts["clock_time"] = theme.mmss(view.clock.seconds_left)
    return texts


def _blinds(level: LevelView) -> str:
    text = f"{theme.chips(level.small_blind)}/{theme.chips(level.big_blind)}"
    if level.ante:
        text += f"  ante {theme.chips(level.ante)}" + (" (BB)" if level.bb_ante else "")
    return text


def _places(view: TableView) -> dict[int, int]:
    """Finishing places of eliminated seats: the earliest out finishes last."""
    players = sum(1 for s in view.seats if s.status != "empty")
    return {seat: players - i for i, seat in enumerate(view.eliminated)}


def render_view(view: TableView, size: tuple[int, int]) -> tuple[pygame.Surface, DealerScreen]:
    """Render one view to a new surface (screenshots, tests)."""
    surface = pygame.Surface(size)
    screen = DealerScreen(surface)
    screen.draw(view)
    return surface, screen

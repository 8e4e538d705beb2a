"""The venue clock screen: a :class:`tablectl.tournament.clock.ClockStatus` drawn for the room.

Level, blinds and ante, time left, next level, next break, players left, average stack, chips in
play, prize pool and payouts; on a break the countdown with "back at HH:MM"; the color-up and chip
race notice (002 Rule 25, 000 rule 6, 001 "Blind Structures"). Big type for reading across a
room; every state (paused, break, last minute) is a word and a shape as well as a colour.

:class:`ClockScreen.render` redraws only when the picture changes (once a second while running,
never while paused). :class:`SoundHooks` beeps through pygame.mixer when there is an audio device.
"""

from __future__ import annotations

import itertools
import math
import re
from array import array
from dataclasses import replace
from datetime import datetime

import pygame

from display import theme
from display.layout import Layout, LiveTexts, Painter
from tablectl.tournament.clock import ClockStatus
from tablectl.tournament.structures import Step, short_chips
from tablectl.venue.board import FeedState, VenueBoard

_DIGITS = re.compile(r"\d")


class ClockScreen:
    """Draws clock statuses on ``surface``.

    While the clock runs only the time left and the time to the next break change each second:
    :meth:`render` then restores those two regions from a copy of the frame taken without them
    and draws the new texts, and :attr:`dirty` lists the regions to show
    (``pygame.display.update``); after a full redraw :attr:`dirty` is None (flip the frame).
    """

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.layout = Layout(surface.get_size())
        self.painter = Painter(surface, self.layout)
        self._last: tuple[object, ...] | None = None
        self._static: tuple[object, ...] | None = None
        self.live = LiveTexts(self.painter)
        self.dirty: list[pygame.Rect] | None = None
        self.frames = 0
        self.fast_frames = 0
        # Fed by the venue (`tablectl clock --venue`): seat moves in large type, tables offline.
        self.board: VenueBoard | None = None
        # ... and whether that feed is live: None for a clock not fed by a venue.
        self.feed: FeedState | None = None

    @property
    def no_feed(self) -> bool:
        """A venue-fed clock without a live feed: its figures are stale or none at all."""
        return self.feed is not None and not self.feed.live

    def render(self, status: ClockStatus, wall_text: str = "") -> bool:
        """Draw ``status`` if it looks different from the last drawn; True if it drew."""
        board = (
            self.board.key() if self.board else None,
            self.feed.key() if self.no_feed and self.feed else None,
        )
        key = (*status.display_key(), wall_text, board)
        if key == self._last:
            self.dirty = []
            return False
        static = (*_static_key(status, wall_text), board)
        if static == self._static:
            dirty = self.live.update(_live_texts(status))
            if dirty is not None:
                self._last, self.dirty = key, dirty
                self.fast_frames += 1
                return True
        self.draw(status, wall_text)
        self._last, self._static = key, static
        return True

    def invalidate(self) -> None:
        self._last = self._static = None

    def draw(self, status: ClockStatus, wall_text: str = "") -> None:
        lay, p = self.layout, self.painter
        p.reset()
        self.live.begin()
        on_break = status.on_break
        self.surface.fill((8, 20, 38) if on_break else theme.BACKGROUND)
        top = lay.rect(0, 0, 1, 0.12)
        pygame.draw.rect(self.surface, theme.PANEL, top)
        pygame.draw.line(self.surface, theme.GOLD, top.bottomleft, top.bottomright, lay.px(3))
        p.text(
            status.name.upper(),
            (top.left + lay.px(14), top.centery),
            lay.px(30),
            theme.GOLD,
            anchor="midleft",
            max_width=round(top.width * 0.6),
            tag="name",
        )
        if wall_text:
            p.text(
                wall_text,
                (top.right - lay.px(14), top.centery),
                lay.px(30),
                theme.TEXT,
                anchor="midright",
                tag="wall",
            )
        bottom_h = lay.h * (0.25 if status.notices else 0.16)
        side_w = round(lay.w * 0.24)
        shows_moves = self.board is not None and bool(self.board.moves) and not self.no_feed
        moves_h = round(lay.h * 0.15) if shows_moves or self.no_feed else 0
        notes = self.board.notes if self.board is not None and not self.no_feed else ()
        notes_h = round(lay.h * (0.12 + 0.06 * (len(notes) > 1))) if notes else 0
        if shows_moves and notes:  # the two share the moves' band: the room's figures stay
            notes, notes_h = notes[:1], round(lay.h * 0.07)
            moves_h -= notes_h
        body = pygame.Rect(
            0, top.bottom, lay.w, round(lay.h - top.bottom - bottom_h - moves_h - notes_h)
        )
        left = pygame.Rect(body.left, body.top, side_w, body.height).inflate(
            -lay.px(16), -lay.px(16)
        )
        right = pygame.Rect(body.right - side_w, body.top, side_w, body.height).inflate(
            -lay.px(16), -lay.px(16)
        )
        center = pygame.Rect(left.right, body.top, right.left - left.right, body.height)
        self._center(status, center)
        self._stats(status, left)
        self._prizes(status, right)
        if notes:
            self._notes(notes, pygame.Rect(0, body.bottom, lay.w, notes_h))
        below = body.bottom + notes_h
        self._bottom(status, pygame.Rect(0, below + moves_h, lay.w, lay.h - below - moves_h))
        band = pygame.Rect(0, below, lay.w, moves_h)
        if self.no_feed and self.feed is not None:
            self._no_feed(self.feed, band)
        if self.board is not None:
            self._venue(self.board, left, band if shows_moves else band.inflate(0, -band.height))
        self.live.commit()  # the frame without the per-second texts is kept; then them
        self.dirty = None
        self.frames += 1

    def _center(self, status: ClockStatus, rect: pygame.Rect) -> None:
        """The level, the time left and the blinds (or the break), centred in ``rect``."""
        lay, p = self.layout, self.painter
        step = status.step
        last_minute = not step.is_break and 0 < status.seconds_left <= 60
        if status.paused:
            time_color = theme.PAUSED
        elif last_minute:
            time_color = theme.OWES
        elif step.is_break:
            time_color = theme.BREAK
        else:
            time_color = theme.WHITE
        # (text, size, colour, tag, gap above); laid out once measured, centred vertically
        lines: list[tuple[str, int, theme.Color, str, int]] = []
        if step.is_break:
            lines.append(((step.title or "Break").upper(), lay.px(44), theme.BREAK, "level", 0))
        else:
            lines.append((f"LEVEL {step.number}", lay.px(44), theme.TEXT, "level", 0))
        lines.append((theme.mmss(status.seconds_left), lay.px(170), time_color, "time", 0))
        if status.paused:
            lines.append(("PAUSED", lay.px(34), theme.PAUSED, "paused", 0))
            lines.append(
                ("space: start   arrows: level   - / +: players", lay.px(17), theme.DIM, "keys", 0)
            )
        elif last_minute:
            lines.append(("LAST MINUTE", lay.px(30), theme.OWES, "last_minute", 0))
        if step.is_break:
            if status.back_at:
                lines.append(
                    (f"Back at {status.back_at}", lay.px(52), theme.TEXT, "back_at", lay.px(6))
                )
            if step.color_up:
                chips = ", ".join(short_chips(c) for c in step.color_up)
                lines.append(
                    (
                        f"COLOR-UP: {chips} chips leave play",
                        lay.px(34),
                        theme.GOLD,
                        "color_up",
                        lay.px(12),
                    )
                )
        else:
            blinds = f"BLINDS {short_chips(step.small_blind)} / {short_chips(step.big_blind)}"
            lines.append((blinds, lay.px(60), theme.GOLD, "blinds", lay.px(4)))
            if step.ante:
                ante = f"ANTE {short_chips(step.ante)}" + (
                    " (big blind ante)" if step.bb_ante else ""
                )
                lines.append((ante, lay.px(36), theme.TEXT, "ante", lay.px(4)))
        sizes = [p.fit_size(text, size, rect.width) for text, size, *_ in lines]
        # stack the lines by their ink, not the font's line box (big type has a tall empty top)
        # (the time measured as "00:00": its ink must not move as the digits change)
        inks = [
            theme.font(size)
            .render(_DIGITS.sub("0", text) if tag == "time" else text, True, color)
            .get_bounding_rect()
            for (text, _s, color, tag, _g), size in zip(lines, sizes, strict=True)
        ]
        # The space between two lines grows with the smaller one: a fixed few pixels under a
        # LEVEL line read as touching the big digits at 1920x1080.
        spacing = [0] + [
            max(lay.px(8), round(0.45 * min(a.height, b.height)))
            for a, b in itertools.pairwise(inks)
        ]
        total = sum(i.height for i in inks) + sum(g for *_, g in lines) + sum(spacing)
        y = rect.top + max(lay.px(6), (rect.height - total) // 2)
        for (text, _s, color, tag, gap), size, ink, space in zip(
            lines, sizes, inks, spacing, strict=True
        ):
            y += gap + space
            if tag == "time":
                self.live.add(
                    tag, text, (rect.centerx, y - ink.top), size, color, "midtop", rect.width
                )
                y += ink.height
                continue
            r = p.text(
                text,
                (rect.centerx, y - ink.top),
                size,
                color,
                anchor="midtop",
                max_width=rect.width,
                tag=tag,
            )
            if tag == "paused":
                theme.draw_pause(
                    self.surface, (r.left - lay.px(20), y + ink.height / 2), lay.px(24)
                )
            y += ink.height

    def _stat(self, label: str, value: str, x: int, y: int, width: int, tag: str) -> int:
        lay, p = self.layout, self.painter
        stale = self.no_feed  # the venue's last figures (or none): said on each
        if stale and self.board is None:
            value = NO_FIGURE
        r = p.text(
            f"{label} {self._as_of()}" if stale else label,
            (x, y),
            lay.px(17),
            theme.ALERT if stale else theme.DIM,
            max_width=width,
            tag=f"{tag}_label",
        )
        r = p.text(
            value,
            (x, r.bottom + lay.px(2)),
            lay.px(36),
            theme.FAINT if stale else theme.TEXT,
            max_width=width,
            tag=tag,
        )
        return r.bottom + lay.px(14)

    def _as_of(self) -> str:
        """How old the venue figures shown are: "AS OF 20:41", or "NO FEED" when none came."""
        if self.feed is None or self.feed.as_of is None or self.board is None:
            return "- NO FEED"
        return "AS OF " + _hhmm(self.feed.as_of)

    def _no_feed(self, feed: FeedState, band: pygame.Rect) -> None:
        """The band across the screen that says, in large type, that the venue's figures are not
        live, since when, and why (the room believes a clock on the wall)."""
        lay, p = self.layout, self.painter
        pygame.draw.rect(self.surface, theme.ALERT_BG, band)
        pygame.draw.line(self.surface, theme.ALERT, band.topleft, band.topright, lay.px(3))
        icon = lay.px(34)
        theme.draw_warning(
            self.surface, (lay.px(20) + icon / 2, band.centery), icon, theme.ALERT, theme.WHITE
        )
        left = lay.px(34) + icon
        since = f" SINCE {_hhmm(feed.since)}" if feed.since is not None else ""
        head = p.text(
            f"NO VENUE FEED{since}",
            (left, band.top + lay.px(6)),
            lay.px(40),
            theme.WHITE,
            max_width=band.width - left - lay.px(16),
            tag="no_feed",
        )
        p.text(
            feed.why,
            (left, head.bottom + lay.px(2)),
            lay.px(22),
            theme.TEXT,
            max_width=band.width - left - lay.px(16),
            tag="no_feed_why",
        )

    def _stats(self, status: ClockStatus, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        p.panel(rect, theme.PANEL, theme.PANEL_EDGE)
        x, width = rect.left + lay.px(12), rect.width - lay.px(24)
        y = rect.top + lay.px(12)
        y = self._stat(
            "PLAYERS", f"{status.players_left} / {status.entrants}", x, y, width, "players"
        )
        y = self._stat("AVERAGE STACK", f"{status.average_stack:,}", x, y, width, "average")
        y = self._stat("CHIPS IN PLAY", f"{status.chips_in_play:,}", x, y, width, "chips")
        if self.board is not None and self.board.bounties and not self.no_feed:
            self._bounties(self.board, x, y, rect)

    def _bounties(self, board: VenueBoard, x: int, y: int, rect: pygame.Rect) -> None:
        """Each player's current bounty (issue 32), largest first, as many as fit above the
        venue's own lines at the bottom of the panel (tables, offline)."""
        lay, p = self.layout, self.painter
        r = p.text("BOUNTIES", (x, y), lay.px(17), theme.DIM, tag="bounties_label")
        y = r.bottom + lay.px(4)
        # the tables line at the bottom, and the offline tables above it when there are any
        line, bottom = lay.px(22), rect.bottom - lay.px(66 if board.offline else 36)
        width = rect.width - lay.px(20)
        for i, (name, amount) in enumerate(board.bounties):
            if y + 2 * line > bottom and i < len(board.bounties) - 1:
                p.text(f"+{len(board.bounties) - i} more", (x, y), lay.px(20), theme.DIM)
                break
            shown = p.text(
                theme.money(amount, board.currency),
                (rect.right - lay.px(12), y),
                lay.px(20),
                theme.TEXT,
                anchor="topright",
                tag="bounty",
            )
            p.text(
                name,
                (x, y),
                lay.px(20),
                theme.GOLD,
                max_width=width - shown.width - lay.px(12),
                tag="bounty_name",
            )
            y += line

    def _prizes(self, status: ClockStatus, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        p.panel(rect, theme.PANEL, theme.PANEL_EDGE)
        x, width = rect.left + lay.px(12), rect.width - lay.px(24)
        y = rect.top + lay.px(12)
        if self.no_feed and self.board is None:
            # the structure's own pool and payouts are not the room's: show none
            self._stat("PRIZE POOL", NO_FIGURE, x, y, width, "pool")
            return
        if status.prize_pool > 0:
            y = self._stat(
                "PRIZE POOL", theme.money(status.prize_pool, status.currency), x, y, width, "pool"
            )
        if self.board is not None and self.board.bounty_pool > 0:  # apart from the prize pool
            pool = theme.money(self.board.bounty_pool, status.currency)
            y = self._stat("BOUNTY POOL", pool, x, y, width, "bounty_pool")
        if self.board is not None and self.board.deal:
            self._deal(self.board, x, y, rect)
            return
        r = p.text(
            "PAYOUTS" if status.prize_pool > 0 else "PAYOUT SHARES",
            (x, y),
            lay.px(17),
            theme.DIM,
            tag="payouts_label",
        )
        y = r.bottom + lay.px(4)
        line = lay.px(26)
        for place, amount in status.payouts:
            if y + line > rect.bottom - lay.px(6):
                p.text("...", (x, y), lay.px(20), theme.DIM)
                break
            value = (
                theme.money(amount, status.currency) if status.prize_pool > 0 else f"{amount:g}%"
            )
            p.text(_place(place), (x, y), lay.px(24), theme.GOLD, tag="place")
            p.text(
                value,
                (rect.right - lay.px(12), y),
                lay.px(24),
                theme.TEXT,
                anchor="topright",
                max_width=width - lay.px(50),
                tag="payout",
            )
            y += line
        if not status.payouts:
            p.text("none set", (x, y), lay.px(20), theme.FAINT, tag="payout")

    def _deal(self, board: VenueBoard, x: int, y: int, rect: pygame.Rect) -> None:
        """The deal the players left agreed, in place of the payout table (it is what they are
        paid now): each name and amount, and the amount still played for."""
        lay, p = self.layout, self.painter
        label = "DEAL" + (f" ({_METHODS.get(board.deal_method, board.deal_method)})")
        r = p.text(label, (x, y), lay.px(17), theme.GOLD, tag="deal_label")
        y = r.bottom + lay.px(4)
        line = lay.px(26)
        width = rect.width - lay.px(24)
        rows = [(name, theme.money(amount, board.currency)) for name, amount in board.deal]
        if board.played_for > 0:
            rows.append(("played for", theme.money(board.played_for, board.currency)))
        for name, value in rows:
            if y + line > rect.bottom - lay.px(6):
                p.text("...", (x, y), lay.px(20), theme.DIM)
                break
            shown = p.text(
                value,
                (rect.right - lay.px(12), y),
                lay.px(24),
                theme.TEXT,
                anchor="topright",
                tag="deal_amount",
            )
            p.text(
                name,
                (x, y),
                lay.px(24),
                theme.GOLD if name != "played for" else theme.DIM,
                max_width=width - shown.width - lay.px(12),
                tag="deal_name",
            )
            y += line

    def _notes(self, notes: tuple[str, ...], band: pygame.Rect) -> None:
        """The director's announcements, newest first, in large type across the screen, each
        on one line (two for a lone one): read from the back of the room."""
        lay, p = self.layout, self.painter
        pygame.draw.rect(self.surface, (20, 50, 59), band)
        pygame.draw.line(self.surface, theme.GOLD, band.topleft, band.topright, lay.px(2))
        pad = lay.px(16)
        text = band.inflate(-2 * pad, -lay.px(4))
        if len(notes) == 1 and theme.font(lay.px(40)).size(notes[0])[0] > text.width:
            # a long one wraps on two lines rather than shrinking out of reach
            p.wrap(notes[0], text, lay.px(30), theme.WHITE, max_lines=2, tag="note")
            return
        step = text.height // len(notes)
        for i, note in enumerate(notes):
            p.text(
                note,
                (text.left, text.top + step * i + step // 2),
                min(lay.px(40 if len(notes) == 1 else 32), round(step * 0.85)),
                theme.WHITE if i == 0 else theme.TEXT,
                anchor="midleft",
                max_width=text.width,
                tag="note",
            )

    def _venue(self, board: VenueBoard, stats: pygame.Rect, band: pygame.Rect) -> None:
        """The venue's own lines: tables offline under the figures, and the recent seat moves
        in large type across the screen (a player looking for a new seat reads it from afar)."""
        lay, p = self.layout, self.painter
        x, width = stats.left + lay.px(12), stats.width - lay.px(24)
        y = stats.bottom - lay.px(12)
        if board.offline:
            r = p.text(
                "OFFLINE: " + " ".join(board.offline),
                (x, y),
                lay.px(24),
                theme.ALERT,
                anchor="bottomleft",
                max_width=width,
                tag="offline",
            )
            y = r.top - lay.px(4)
        tables = "FINAL TABLE" if board.final_table else f"{board.tables} TABLES"
        p.text(
            tables,
            (x, y),
            lay.px(20),
            theme.GOLD,
            anchor="bottomleft",
            max_width=width,
            tag="tables",
        )
        if not board.moves or band.height <= 0:
            return
        pygame.draw.rect(self.surface, (16, 48, 36), band)
        pygame.draw.line(self.surface, theme.GOLD, band.topleft, band.topright, lay.px(2))
        label = p.text(
            "SEAT MOVES",
            (lay.px(16), band.centery),
            lay.px(20),
            theme.GOLD,
            anchor="midleft",
            tag="moves_label",
        )
        left = label.right + lay.px(18)
        lines = board.moves[:2]
        size = min(lay.px(44 if len(lines) == 1 else 30), round(band.height * 0.8 / len(lines)))
        step = band.height // (len(lines) + 1)
        for i, text in enumerate(lines):
            p.text(
                text,
                (left, band.top + step * (i + 1)),
                size,
                theme.WHITE,
                anchor="midleft",
                max_width=band.width - left - lay.px(16),
                tag="move",
            )

    def _bottom(self, status: ClockStatus, rect: pygame.Rect) -> None:
        lay, p = self.layout, self.painter
        pygame.draw.rect(self.surface, theme.PANEL, rect)
        pygame.draw.line(self.surface, theme.PANEL_EDGE, rect.topleft, rect.topright, lay.px(2))
        row = pygame.Rect(rect.left, rect.top, rect.width, round(lay.h * 0.16))
        half = rect.width // 2
        nxt = status.next_level
        text = _next_text(nxt) if nxt is not None else "final level"
        p.text(
            "NEXT LEVEL", (lay.px(16), row.top + lay.px(8)), lay.px(17), theme.DIM, tag="next_label"
        )
        p.text(
            text,
            (lay.px(16), row.top + lay.px(30)),
            lay.px(40),
            theme.TEXT,
            max_width=half - lay.px(24),
            tag="next_level",
        )
        p.text(
            "NEXT BREAK",
            (half + lay.px(16), row.top + lay.px(8)),
            lay.px(17),
            theme.DIM,
            tag="break_label",
        )
        brk = _break_text(status)
        self.live.add(
            "next_break",
            brk,
            (half + lay.px(16), row.top + lay.px(30)),
            lay.px(40),
            theme.TEXT,
            "topleft",
            half - lay.px(24),
        )
        if status.notices:
            band = pygame.Rect(rect.left, row.bottom, rect.width, rect.bottom - row.bottom)
            now = status.step.color_up != ()
            pygame.draw.rect(self.surface, theme.GOLD if now else (52, 44, 18), band)
            ink = theme.BLACK if now else theme.GOLD
            icon = lay.px(26)
            theme.draw_warning(
                self.surface,
                (lay.px(16) + icon / 2, band.centery),
                icon,
                theme.BLACK if now else theme.GOLD,
                theme.GOLD if now else theme.BLACK,
            )
            p.wrap(
                status.notices[0],
                pygame.Rect(
                    lay.px(24) + icon,
                    band.top + lay.px(5),
                    band.width - icon - lay.px(40),
                    band.height - lay.px(8),
                ),
                lay.px(20 if now else 22),
                ink,
                max_lines=2,
                tag="notice",
            )


def _break_text(status: ClockStatus) -> str:
    if status.on_break:
        return "on break now"
    if status.next_break is not None and status.seconds_to_break is not None:
        text = f"in {theme.mmss(status.seconds_to_break)}"
        return text + ("  (color-up)" if status.next_break.color_up else "")
    return "none scheduled"


def _live_texts(status: ClockStatus) -> dict[str, str]:
    return {"time": theme.mmss(status.seconds_left), "next_break": _break_text(status)}


def _static_key(status: ClockStatus, wall_text: str) -> tuple[object, ...]:
    """Everything on the clock screen but the two per-second texts."""
    last_minute = not status.on_break and 0 < status.seconds_left <= 60
    return (
        status.index,
        status.paused,
        status.players_left,
        status.entrants,
        status.chips_in_play,
        status.back_at,
        status.notices,
        wall_text,
        last_minute,
        status.next_break is None,
        status.prize_pool,
    )


NO_FIGURE = "--"  # in place of a figure the venue has not sent


def _hhmm(t: float) -> str:
    return datetime.fromtimestamp(t).strftime("%H:%M")


def _place(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _next_text(step: Step) -> str:
    text = f"{short_chips(step.small_blind)} / {short_chips(step.big_blind)}"
    if step.ante:
        text += f"  ante {short_chips(step.ante)}"
    return text


class SoundHooks:
    """Beeps through pygame.mixer: one tone at one minute left, three at a level change.

    Works without an audio device: :attr:`available` is False and the hooks do nothing (the
    daemon's gpiozero buzzer, :class:`tablectl.tournament.clock.BuzzerHooks`, is the sure signal).
    """

    def __init__(self, frequency: int = 880) -> None:
        self.available = False
        self.played: list[str] = []
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            rate, fmt, channels = pygame.mixer.get_init()
        except pygame.error:
            return
        if abs(fmt) != 16:
            return
        self.short = self._tone(rate, channels, frequency, 0.35)
        self.long = self._tone(rate, channels, frequency, 0.9)
        self.available = True

    @staticmethod
    def _tone(rate: int, channels: int, frequency: int, seconds: float) -> pygame.mixer.Sound:
        n = int(rate * seconds)
        samples = array("h")
        for i in range(n):
            fade = min(1.0, i / (rate * 0.01), (n - i) / (rate * 0.01))  # no clicks
            value = int(12000 * fade * math.sin(2 * math.pi * frequency * i / rate))
            samples.extend([value] * channels)
        return pygame.mixer.Sound(buffer=samples.tobytes())

    def one_minute(self, step: Step) -> None:
        self.played.append("one_minute")
        if self.available:
            self.short.play()

    def level_change(self, step: Step) -> None:
        self.played.append("level_change")
        if self.available:
            self.long.play(loops=2)


_METHODS = {"icm": "ICM", "chip_chop": "CHIP CHOP", "custom": "AGREED"}


def with_board(status: ClockStatus, board: VenueBoard | None) -> ClockStatus:
    """The clock's status with the venue's figures (from the tables, not typed at the clock):
    players left, entrants, chips in play, average stack, prize pool and payouts in money."""
    if board is None:
        return status
    return replace(
        status,
        entrants=board.entrants or status.entrants,
        players_left=board.players_left,
        chips_in_play=board.chips_in_play,
        average_stack=board.average_stack,
        prize_pool=board.prize_pool,
        currency=board.currency,
        payouts=board.payouts or status.payouts,
    )


def render_status(
    status: ClockStatus,
    size: tuple[int, int],
    wall_text: str = "",
    board: VenueBoard | None = None,
    feed: FeedState | None = None,
) -> tuple[pygame.Surface, ClockScreen]:
    """Render one status to a new surface (screenshots, tests); ``board``: the venue's,
    ``feed``: whether it is live."""
    surface = pygame.Surface(size)
    screen = ClockScreen(surface)
    screen.board = board
    screen.feed = feed
    status = with_board(status, board)
    screen.draw(status, wall_text)
    return surface, screen

"""One layout for every screen size, and a painter that records what it writes.

Everything is designed on the official Pi touchscreen (800x480) and scaled: sizes go through
:meth:`Layout.px` (the smaller of the two axis ratios, so nothing overflows on a wider or taller
screen) and regions through fractions of the real width and height, so the extra width of a 16:9
screen goes to the regions and not to blank margins.

:class:`Painter` draws text fitted to a width and keeps a list of what it drew and where
(:attr:`Painter.texts`); the tests and :mod:`display.probe` check those regions on the real frame.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

import pygame

from display import theme

BASE_W, BASE_H = 800, 480
MIN_SIZE = (320, 240)


def printable(text: str) -> str:
    """``text`` as the font can draw it: control characters (a NUL stops SDL_ttf) become
    spaces, characters beyond the Basic Multilingual Plane (which pygame refuses) "?", and a
    pile of combining marks on one letter (which would stack out of its line) cut to one."""
    if text.isascii() and text.isprintable():
        return text
    out: list[str] = []
    marks = 0
    for c in text:
        if unicodedata.combining(c):
            marks += 1
            if marks > 1:
                continue
        else:
            marks = 0
        out.append(" " if not c.isprintable() else ("?" if ord(c) > 0xFFFF else c))
    return "".join(out)


@dataclass(frozen=True, slots=True)
class DrawnText:
    """One text drawn: what, where (its bounding rect on the frame), in which colour and size."""

    text: str
    rect: pygame.Rect
    color: theme.Color
    size: int
    tag: str = ""


class Layout:
    """Scale and regions for a ``(width, height)`` screen."""

    def __init__(self, size: tuple[int, int], scale: float | None = None) -> None:
        """``scale``: the whole screen's, for a region of it (the dealer screen above the touch
        console is 800x420 of an 800x480 panel; its text keeps the panel's sizes)."""
        w, h = size
        if scale is None and (w < MIN_SIZE[0] or h < MIN_SIZE[1]):
            raise ValueError(f"screen {w}x{h} is smaller than {MIN_SIZE[0]}x{MIN_SIZE[1]}")
        self.w, self.h = w, h
        self.s = min(w / BASE_W, h / BASE_H) if scale is None else scale

    @property
    def size(self) -> tuple[int, int]:
        return self.w, self.h

    def px(self, n: float) -> int:
        """A length designed at 800x480, scaled to this screen."""
        return max(1, round(n * self.s))

    def rect(self, fx: float, fy: float, fw: float, fh: float) -> pygame.Rect:
        """A region given as fractions of the screen."""
        return pygame.Rect(
            round(fx * self.w), round(fy * self.h), round(fw * self.w), round(fh * self.h)
        )


@dataclass
class Painter:
    """Draws on ``surface`` and records every text it draws (see :class:`DrawnText`)."""

    surface: pygame.Surface
    layout: Layout
    texts: list[DrawnText] = field(default_factory=list)
    # no text fitted to a width shrinks below this size (the dealer's screens: theme.BODY)
    floor: int = 0
    cut: bool = False  # the last :meth:`wrap` left lines out

    def reset(self) -> None:
        self.texts.clear()

    def fit_size(self, text: str, size: int, max_width: int | None, min_ratio: float = 0.6) -> int:
        """The largest size up to ``size`` at which ``text`` fits ``max_width`` (not below
        ``min_ratio`` of ``size`` nor :attr:`floor`; past that the text is cut short by
        :meth:`text`)."""
        if max_width is None:
            return size
        low = max(6, int(size * min_ratio), min(size, self.floor))
        while size > low and theme.font(size).size(text)[0] > max_width:
            size -= max(1, size // 12)
        return max(size, low)

    def text(
        self,
        text: str,
        pos: tuple[int, int],
        size: int,
        color: theme.Color,
        *,
        anchor: str = "topleft",
        max_width: int | None = None,
        tag: str = "",
    ) -> pygame.Rect:
        """Draw one line; shrink to fit ``max_width``, then cut with "..." if still too wide."""
        text = printable(text)
        size = self.fit_size(text, size, max_width)
        f = theme.font(size)
        if max_width is not None and f.size(text)[0] > max_width:
            while text and f.size(text + "...")[0] > max_width:
                text = text[:-1]
            text = text.rstrip() + "..."
        img = f.render(text, True, color)
        rect = img.get_rect(**{anchor: pos})
        self.surface.blit(img, rect)
        self.texts.append(DrawnText(text, rect, color, size, tag))
        return rect

    def wrap(
        self,
        text: str,
        rect: pygame.Rect,
        size: int,
        color: theme.Color,
        *,
        max_lines: int = 3,
        tag: str = "",
        line_gap: float = 1.08,
    ) -> pygame.Rect:
        """Draw ``text`` word-wrapped inside ``rect``; returns the area used."""
        f = theme.font(size)
        lines: list[str] = []
        for word in printable(text).split():
            if lines and f.size(lines[-1] + " " + word)[0] <= rect.width:
                lines[-1] += " " + word
            else:
                lines.append(word)
        step = round(f.get_linesize() * line_gap)
        room = max(1, (rect.height - f.get_height()) // step + 1) if rect.height > 0 else 1
        max_lines = min(max_lines, room)
        # a text cut here must be readable in full elsewhere (the console's detail view)
        self.cut = len(lines) > max_lines
        if self.cut:
            lines = lines[:max_lines]
            lines[-1] = lines[-1] + " ..."
        y = rect.top
        used = pygame.Rect(rect.left, rect.top, 0, 0)
        for line in lines:
            if y + f.get_height() > rect.bottom + 1:
                break
            r = self.text(line, (rect.left, y), size, color, max_width=rect.width, tag=tag)
            used.union_ip(r)
            y += step
        return used

    def panel(
        self,
        rect: pygame.Rect,
        fill: theme.Color,
        edge: theme.Color | None = None,
        width: int = 1,
        radius: int | None = None,
    ) -> None:
        radius = self.layout.px(8) if radius is None else radius
        pygame.draw.rect(self.surface, fill, rect, border_radius=radius)
        if edge is not None:
            pygame.draw.rect(self.surface, edge, rect, max(1, width), border_radius=radius)

    def find(self, needle: str) -> list[DrawnText]:
        """Texts drawn in this frame containing ``needle`` (case-sensitive)."""
        return [t for t in self.texts if needle in t.text]

    def all_text(self) -> str:
        return "\n".join(t.text for t in self.texts)


@dataclass(slots=True)
class _Live:
    text: str
    pos: tuple[int, int]
    anchor: str
    base_size: int  # asked for; the drawn size may be smaller to fit ``max_width``
    size: int
    color: theme.Color
    max_width: int | None
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))


class LiveTexts:
    """Texts that change every second (a countdown) redrawn alone, without the whole frame.

    During a full draw, :meth:`add` queues them; :meth:`commit` copies the frame without them and
    then draws them. Later :meth:`update` restores each changed text's region from that copy and
    draws the new text: the frame is pixel for pixel what a full draw would give, and the
    returned regions are all that need showing (``pygame.display.update``).
    """

    def __init__(self, painter: Painter) -> None:
        self.painter = painter
        self._queued: list[tuple[str, _Live]] = []
        self._live: dict[str, _Live] = {}
        self._background: pygame.Surface | None = None

    def begin(self) -> None:
        """A full draw starts: forget the previous frame's texts."""
        self._queued = []
        self._live = {}
        self._background = None

    def add(
        self,
        tag: str,
        text: str,
        pos: tuple[int, int],
        size: int,
        color: theme.Color,
        anchor: str = "topleft",
        max_width: int | None = None,
    ) -> None:
        self._queued.append((tag, _Live(text, pos, anchor, size, size, color, max_width)))

    def commit(self) -> None:
        """The full draw is done but for the live texts: keep a copy, then draw them."""
        p = self.painter
        self._background = p.surface.copy()
        for tag, live in self._queued:
            live.rect = p.text(
                live.text,
                live.pos,
                live.base_size,
                live.color,
                anchor=live.anchor,
                max_width=live.max_width,
                tag=tag,
            )
            live.size = p.texts[-1].size
            self._live[tag] = live
        self._queued = []

    def update(self, texts: dict[str, str]) -> list[pygame.Rect] | None:
        """Show new ``texts`` (tag -> text); the regions changed, or None when only a full draw
        can show them (a text missing from the frame, or one that no longer fits its size)."""
        if self._background is None or set(texts) != set(self._live):
            return None
        p = self.painter
        for tag, text in texts.items():
            live = self._live[tag]
            if (
                live.text != text
                and p.fit_size(printable(text), live.base_size, live.max_width) != live.size
            ):
                return None
        dirty = []
        for tag, text in texts.items():
            live = self._live[tag]
            if live.text == text:
                continue
            p.surface.blit(self._background, live.rect, live.rect)
            p.texts[:] = [t for t in p.texts if t.tag != tag]
            rect = p.text(
                text,
                live.pos,
                live.base_size,
                live.color,
                anchor=live.anchor,
                max_width=live.max_width,
                tag=tag,
            )
            dirty.append(live.rect.union(rect))
            live.text, live.rect = text, rect
        return dirty

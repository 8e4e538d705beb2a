"""An on-screen keyboard for player names (the ``name`` event: one line, 1-64 characters).

Capitals come by themselves at the start of each word (names are written so); SHIFT flips the
next letter. The buttons are laid out by :func:`keyboard_buttons` and hit-tested by the console.
"""

from __future__ import annotations

import pygame

from display.widgets import NORMAL, PRIMARY, Button, grid
from tablectl.engine.events import MAX_NAME

ROWS = ("1234567890", "QWERTYUIOP", "ASDFGHJKL'", "ZXCVBNM-.")


class TextEntry:
    """The text being typed."""

    def __init__(self, text: str = "") -> None:
        self.text = text
        self.shift = False

    def upper_next(self) -> bool:
        auto = not self.text or self.text.endswith((" ", "-"))
        return auto != self.shift

    def key(self, k: str) -> None:
        if k == "DEL":
            self.text = self.text[:-1]
        elif k == "SHIFT":
            self.shift = not self.shift
            return
        elif k == "SPACE":
            if self.text and not self.text.endswith(" ") and len(self.text) < MAX_NAME:
                self.text += " "
        elif len(k) == 1 and len(self.text) < MAX_NAME:
            self.text += k.upper() if self.upper_next() else k.lower()
        self.shift = False

    @property
    def value(self) -> str | None:
        """The name as entered (None: nothing typed)."""
        text = self.text.strip()
        return text or None


def keyboard_buttons(area: pygame.Rect, entry: TextEntry, gap: int) -> list[Button]:
    """Four rows of keys and a row of SHIFT, SPACE, DEL, CLEAR NAME, CANCEL, OK in ``area``."""
    rows = len(ROWS) + 1
    h = (area.height - gap * (rows - 1)) // rows
    out: list[Button] = []
    upper = entry.upper_next()
    for r, keys in enumerate(ROWS):
        row = pygame.Rect(area.left, area.top + r * (h + gap), area.width, h)
        cells = grid(row, 10, 1, gap)
        if len(keys) < 10:  # the short row is centred
            shift = (cells[1].left - cells[0].left) // 2
            cells = [c.move(shift, 0) for c in cells]
        for k, cell in zip(keys, cells, strict=False):
            label = k if (upper or not k.isalpha()) else k.lower()
            out.append(Button(cell, f"kb:{k}", label))
    last = pygame.Rect(area.left, area.top + len(ROWS) * (h + gap), area.width, h)
    widths = (1.3, 3, 1.3, 1.6, 1.4, 1.4)
    unit = (last.width - gap * (len(widths) - 1)) / sum(widths)
    x = float(last.left)
    specs = (
        ("kb:SHIFT", "SHIFT", "", False),
        ("kb:SPACE", "SPACE", "", False),
        ("kb:DEL", "DEL", "", False),
        ("kb:CLEARNAME", "NO NAME", "", False),
        ("kb:CANCEL", "CANCEL", "", False),
        ("kb:OK", "OK", "", True),
    )
    for (bid, label, sub, primary), w in zip(specs, widths, strict=True):
        rect = pygame.Rect(round(x), last.top, round(unit * w), h)
        out.append(
            Button(
                rect,
                bid,
                label,
                sub=sub,
                selected=bid == "kb:SHIFT" and entry.shift,
                enabled=bid != "kb:OK" or entry.value is not None,
                fill=PRIMARY if primary else NORMAL,
            )
        )
        x += unit * w + gap
    return out

"""The technician's RFID screen (``tablectl diag``; issue 27): one row an antenna — its zone, the
tags lying on it, its read rate, its round time and what is wrong (weak, slow, incomplete
inventories, neighbours reading its tags) — and the tags to check (dead, unread, intermittent).
Built for the dealer screen's 800x480; rows that are fine are drawn dim so the faults stand out.
"""

from __future__ import annotations

from typing import Any

import pygame

from display import theme
from display.layout import Layout, Painter
from firmware_bridge import diag

COLUMNS = (("ANT", 0.0), ("ZONE", 0.05), ("TAGS", 0.17), ("READ", 0.24), ("MS", 0.33))
NOTES_X = 0.40


def draw(p: Painter, snap: dict[str, Any], title: str) -> None:
    lay = p.layout
    p.surface.fill(theme.BACKGROUND)
    pad = lay.px(10)
    p.text(title, (pad, pad), lay.px(22), theme.TEXT, max_width=lay.w - 2 * pad, tag="title")
    ants = [a for a in snap["antennas"] if a["reports"]]
    bad = [a for a in ants if diag.problems(a)]
    summary = f"{len(ants)} antennas reporting, {len(bad)} to check, {len(snap['tags'])} tags"
    p.text(summary, (pad, pad + lay.px(28)), lay.px(14), theme.DIM, tag="summary")
    tags_h = lay.px(18) * min(6, len(snap["tags"]) + 1) + pad
    top = pad + lay.px(52)
    # the faults first, then the antennas holding tags, then the idle ones
    rows = bad + sorted((a for a in ants if a not in bad), key=lambda a: a["tags"] == 0)
    size = lay.px(14)
    line = lay.px(17)
    fit = max(1, (lay.h - top - tags_h - line) // line)
    if len(rows) > fit:
        fit = max(1, fit - 1)  # room for the "more" line
    width = lay.w - 2 * pad
    for name, fx in COLUMNS:
        p.text(name, (pad + round(fx * width), top), size, theme.FAINT, tag="head")
    p.text("NOTES", (pad + round(NOTES_X * width), top), size, theme.FAINT, tag="head")
    y = top + line
    for a in rows[:fit]:
        problems = diag.problems(a)
        color = theme.OWES if problems else theme.DIM
        r = diag.rate(a)
        cells = (
            str(a["antenna"]),
            a["zone"],
            str(a["tags"]),
            "-" if r is None else f"{r:.1%}",
            "-" if a["round_ms"] is None else f"{a['round_ms']:.0f}",
        )
        for (_, fx), cell in zip(COLUMNS, cells, strict=True):
            p.text(cell, (pad + round(fx * width), y), size, color, tag="cell")
        notes = "; ".join(problems) or "ok"
        x = pad + round(NOTES_X * width)
        p.text(notes, (x, y), size, color, max_width=lay.w - pad - x, tag="notes")
        y += line
    if len(rows) > fit:
        p.text(f"... {len(rows) - fit} more fine", (pad, y), size, theme.FAINT, tag="more")
    y = lay.h - tags_h
    pygame.draw.line(p.surface, theme.PANEL_EDGE, (pad, y - pad // 2), (lay.w - pad, y - pad // 2))
    if not snap["tags"]:
        p.text("TAGS TO CHECK: none", (pad, y), lay.px(15), theme.RETURNED, tag="tags")
        return
    p.text("TAGS TO CHECK", (pad, y), lay.px(15), theme.ALERT, tag="tags")
    for t in snap["tags"][:5]:
        y += lay.px(18)
        where = f" in {t['zone']}" if t.get("zone") else ""
        words = f"{t['uid']}  {t['what']}{where}: {t['state'].upper()}"
        p.text(words, (pad, y), lay.px(14), theme.TEXT, max_width=lay.w - 2 * pad, tag="tag")


def render(snap: dict[str, Any], title: str, size: tuple[int, int]) -> Painter:
    """The screen on a surface of ``size`` (a window's, or one saved as a PNG)."""
    surface = pygame.Surface(size)
    painter = Painter(surface, Layout(size))
    draw(painter, snap, title)
    return painter


def show(painter: Painter) -> None:
    """The screen in a window until a key or the window's close."""
    pygame.display.init()
    window = pygame.display.set_mode(painter.surface.get_size())
    window.blit(painter.surface, (0, 0))
    pygame.display.flip()
    while not any(e.type in (pygame.QUIT, pygame.KEYDOWN) for e in pygame.event.get()):
        pygame.time.wait(50)
    pygame.display.quit()

"""Taps from SDL's event queue: each finger or mouse tap taken exactly once.

A touchscreen reaches SDL twice: as FINGERDOWN/FINGERUP (x, y normalised 0..1) and as the mouse
events SDL synthesizes from them (``touch`` true, SDL_TOUCH_MOUSEID). On X11/XWayland the touch
may arrive only as a mouse; a desktop has only the mouse. :class:`TapReader` takes a tap on release
at the press position (a finger that slid further than :attr:`SLOP` is a swipe, not a tap) and
drops the synthesized twin of a finger tap: any mouse event flagged ``touch``, and an unflagged
press landing where a finger tap was just taken (some drivers do not flag their copies).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import pygame

Tap = tuple[int, int]


class TapReader:
    """Turns pygame events into taps (pixel positions on a ``size`` surface)."""

    SLOP = 24  # pixels at 800x480 a finger may slide and still tap (scaled with the screen)
    TWIN_SECONDS = 0.5  # an unflagged mouse tap this soon and this near a finger tap is its twin

    def __init__(self, size: tuple[int, int], clock: Callable[[], float] | None = None) -> None:
        self.size = size
        self.slop = self.SLOP * min(size[0] / 800, size[1] / 480)
        self._clock = clock or (lambda: pygame.time.get_ticks() / 1000)
        self._down: dict[tuple[str, int], Tap] = {}  # (source, finger) -> where it went down
        self._last: tuple[str, float, Tap] | None = None  # the last tap: source, when, where

    def feed(self, events: Iterable[pygame.event.Event]) -> list[Tap]:
        taps: list[Tap] = []
        for ev in events:
            tap = self._one(ev)
            if tap is not None:
                taps.append(tap)
        return taps

    def _finger_pos(self, ev: pygame.event.Event) -> Tap:
        w, h = self.size
        return (min(w - 1, max(0, round(ev.x * w))), min(h - 1, max(0, round(ev.y * h))))

    def _one(self, ev: pygame.event.Event) -> Tap | None:
        if ev.type == pygame.FINGERDOWN:
            self._down[("finger", ev.finger_id)] = self._finger_pos(ev)
        elif ev.type == pygame.FINGERUP:
            return self._release(
                "finger", self._down.pop(("finger", ev.finger_id), None), self._finger_pos(ev)
            )
        elif ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if getattr(ev, "touch", False) or getattr(ev, "button", 1) != 1:
                return None  # SDL's copy of a finger (flagged), or not the primary button
            pos = (int(ev.pos[0]), int(ev.pos[1]))
            if ev.type == pygame.MOUSEBUTTONDOWN:
                self._down[("mouse", 0)] = pos
            else:
                return self._release("mouse", self._down.pop(("mouse", 0), None), pos)
        return None

    def _release(self, source: str, start: Tap | None, end: Tap) -> Tap | None:
        if start is None or not self._near(start, end):
            return None  # a release without its press, or a swipe
        now = self._clock()
        last = self._last
        if (
            last is not None
            and last[0] != source
            and now - last[1] <= self.TWIN_SECONDS
            and self._near(last[2], start)
        ):
            self._last = None  # the other source's copy of the tap just taken
            return None
        self._last = (source, now, start)
        return start

    def _near(self, a: Tap, b: Tap) -> bool:
        return math.dist(a, b) <= self.slop

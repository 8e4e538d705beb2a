"""Shared checks for the display tests: text asserted as really drawn, on screen and uncovered."""

from __future__ import annotations

from typing import Any

import pygame

from display.layout import DrawnText
from display.probe import text_visible


def shown(screen: Any, surface: pygame.Surface, text: str, tag: str | None = None) -> DrawnText:
    """The drawn text equal to ``text`` (and with ``tag``) on a dealer or clock screen, asserted
    fully visible and inside the frame."""
    hits = [t for t in screen.painter.texts if t.text == text and (tag is None or t.tag == tag)]
    assert hits, f"{text!r} not drawn; drawn: {[t.text for t in screen.painter.texts]}"
    for hit in hits:
        assert text_visible(surface, hit) == 1.0, f"{text!r} drawn but covered"
        assert surface.get_rect().contains(hit.rect), f"{text!r} off screen"
    return hits[0]

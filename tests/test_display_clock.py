"""The venue clock screen, rendered headless and read back from the pixels."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from datetime import datetime

import pygame
import pytest
from display_checks import shown

from display import theme
from display.clock import ClockScreen, SoundHooks, render_status
from display.probe import color_share
from tablectl.daemon.clock_files import load_structure, preset_dir, presets
from tablectl.tournament.clock import TourneyClock, dispatch

SIZES = [(800, 480), (1920, 1080)]
WALL = datetime(2026, 11, 21, 20, 14)


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


def tda_clock() -> TourneyClock:
    clock = TourneyClock(
        load_structure(preset_dir() / "tda-style.toml"), entrants=48, players_left=31
    )
    clock.goto(4, 0.0)  # level 5: 300/600, big blind ante 600
    clock.resume(0.0)
    return clock


@pytest.mark.parametrize("size", SIZES)
def test_in_play(size: tuple[int, int]) -> None:
    status = tda_clock().status(754.0, WALL)
    surface, screen = render_status(status, size, "20:14")
    shown(screen, surface, "LEVEL 5", "level")
    time = shown(screen, surface, "7:26", "time")
    assert time.color == theme.WHITE
    assert time.size >= screen.layout.px(140)  # readable across the room
    shown(screen, surface, "BLINDS 300 / 600", "blinds")
    shown(screen, surface, "ANTE 600 (big blind ante)", "ante")
    shown(screen, surface, "31 / 48", "players")
    shown(screen, surface, f"{48 * 10_000 // 31:,}", "average")
    shown(screen, surface, "480,000", "chips")
    shown(screen, surface, "$4,800", "pool")
    shown(screen, surface, "1st", "place")
    shown(screen, surface, "$1,440", "payout")
    shown(screen, surface, "400 / 800  ante 800", "next_level")
    # 446 s left in level 5, then level 6 (20 min): the break starts in 27:26
    shown(screen, surface, "in 27:26", "next_break")
    notice = " ".join(t.text for t in screen.painter.texts if t.tag == "notice")
    assert notice == "Next color-up after level 12: 100 chips come off (002 Rule 25)."
    shown(screen, surface, "20:14", "wall")
    shown(screen, surface, "TDA-STYLE DEEP STACK", "name")
    assert not [t for t in screen.painter.texts if t.tag in ("paused", "back_at")]


@pytest.mark.parametrize("size", SIZES)
def test_on_a_color_up_break(size: tuple[int, int]) -> None:
    clock = TourneyClock(
        load_structure(preset_dir() / "wfp-major.toml"), entrants=36, players_left=22
    )
    clock.goto(2, 0.0)
    clock.resume(0.0)
    status = clock.status(130.0, WALL)
    surface, screen = render_status(status, size, "20:14")
    head = shown(screen, surface, "COLOR UP", "level")
    assert head.color == theme.BREAK
    assert shown(screen, surface, "2:50", "time").color == theme.BREAK
    shown(screen, surface, "Back at 20:17", "back_at")
    shown(screen, surface, "COLOR-UP: 25 chips leave play", "color_up")
    shown(screen, surface, "on break now", "next_break")
    shown(screen, surface, "100 / 200", "next_level")
    notice = " ".join(t.text for t in screen.painter.texts if t.tag == "notice")
    assert notice.startswith("Color-up now: 25 chips leave play.")
    # WFP majors race the odd chips by 000 rule 6, from the seat left of the button
    assert notice.endswith(
        "from the button's left, one chip at most per player, nobody raced out (000 rule 6)."
    )
    # WFP is a points league: shares, not money
    shown(screen, surface, "PAYOUT SHARES", "payouts_label")
    shown(screen, surface, "40%", "payout")
    # the break background is blue-black, not the play background (the gap beside the panel)
    corner = pygame.Rect(round(screen.layout.w * 0.24) - 3, screen.layout.h // 2, 2, 4)
    assert color_share(surface, corner, (8, 20, 38)) == 1.0


def test_paused_and_last_minute_are_words_too() -> None:
    clock = tda_clock()
    clock.pause(700.0)
    surface, screen = render_status(clock.status(900.0, WALL), (800, 480))
    shown(screen, surface, "PAUSED", "paused")
    shown(screen, surface, "space: start   arrows: level   - / +: players", "keys")
    assert shown(screen, surface, "8:20", "time").color == theme.PAUSED
    clock = tda_clock()
    surface, screen = render_status(clock.status(1200.0 - 42.0, WALL), (800, 480))
    shown(screen, surface, "LAST MINUTE", "last_minute")
    assert shown(screen, surface, "0:42", "time").color == theme.OWES


def test_redraws_once_a_second_and_never_while_paused() -> None:
    surface = pygame.Surface((800, 480))
    screen = ClockScreen(surface)
    clock = tda_clock()
    assert screen.render(clock.status(10.2, WALL), "20:14") is True
    assert screen.render(clock.status(10.6, WALL), "20:14") is False  # same whole second
    assert screen.render(clock.status(11.3, WALL), "20:14") is True
    clock.pause(11.3)
    assert screen.render(clock.status(11.3, WALL), "20:14") is True  # now shows PAUSED
    for t in (12.0, 50.0, 500.0):
        assert screen.render(clock.status(t, WALL), "20:14") is False
    assert screen.render(clock.status(500.0, WALL), "20:15") is True  # the wall clock moved
    assert screen.frames + screen.fast_frames == 4


@pytest.mark.parametrize("preset", [p.stem for p in presets()])
@pytest.mark.parametrize("size", SIZES)
def test_every_preset_renders_every_step(preset: str, size: tuple[int, int]) -> None:
    """Every level and break of every preset fits the screen (no text off screen)."""
    clock = TourneyClock(load_structure(preset_dir() / f"{preset}.toml"))
    surface = pygame.Surface(size)
    screen = ClockScreen(surface)
    for index in range(len(clock.structure.steps)):
        clock.goto(index, 0.0)
        screen.draw(clock.status(0.0, WALL), "20:14")
        for t in screen.painter.texts:
            assert surface.get_rect().contains(t.rect), (preset, index, t)
        step = clock.structure.steps[index]
        expect = (step.title or "Break").upper() if step.is_break else f"LEVEL {step.number}"
        assert screen.painter.find(expect)


def test_sound_hooks_play_through_the_mixer() -> None:
    hooks = SoundHooks()
    clock = tda_clock()
    dispatch(clock.tick(1200.0 - 50.0), [hooks])
    dispatch(clock.tick(1201.0), [hooks])
    assert hooks.played == ["one_minute", "level_change"]
    if hooks.available:  # the dummy audio driver plays into nothing, but the sounds are real
        assert hooks.short.get_length() == pytest.approx(0.35, abs=0.01)
        assert hooks.long.get_length() == pytest.approx(0.9, abs=0.01)


def test_per_second_frames_redraw_only_the_time_and_match_a_full_redraw() -> None:
    surface = pygame.Surface((1920, 1080))
    screen = ClockScreen(surface)
    clock = tda_clock()
    assert screen.render(clock.status(10.2, WALL), "20:14") and screen.dirty is None
    status = clock.status(11.4, WALL)
    assert screen.render(status, "20:14") is True
    assert screen.dirty is not None and len(screen.dirty) == 2  # time left, time to the break
    assert screen.fast_frames == 1
    full, full_screen = render_status(status, (1920, 1080), "20:14")
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(full, "RGB")
    shown(screen, surface, "19:49", "time")
    shown(screen, surface, "in 39:49", "next_break")
    assert sorted(t.text for t in screen.painter.texts) == sorted(
        t.text for t in full_screen.painter.texts
    )
    # anything else changing (a player out) redraws the whole frame
    clock.player_out()
    assert screen.render(clock.status(11.5, WALL), "20:14") and screen.dirty is None
    shown(screen, surface, "30 / 48", "players")


@pytest.mark.parametrize("size", SIZES)
def test_a_deal_replaces_the_payout_table(size: tuple[int, int]) -> None:
    """Once the players left agree a deal (issue 32), the clock shows what each is paid and the
    amount still played for, not the payout table by place (no longer what they are paid)."""
    from tablectl.venue.board import board_from_clock

    summary = {
        "entrants": 48,
        "players_left": 3,
        "chips_in_play": 480_000,
        "average_stack": 160_000,
        "prize_pool": 4_800,
        "payouts": [[1, 1_440], [2, 960], [3, 720]],
        "deal": {"method": "icm", "held_back": 300.0},
        "deal_shares": [["Beatriz", 1_320.0], ["Kofi", 1_050.0], ["Wen", 750.0]],
    }
    board = board_from_clock({"summary": summary}, 1_000.0)
    assert board is not None and board.deal_method == "icm" and board.played_for == 300.0
    surface, screen = render_status(tda_clock().status(754.0, WALL), size, "20:14", board)
    shown(screen, surface, "DEAL (ICM)", "deal_label")
    names = [t.text for t in screen.painter.texts if t.tag == "deal_name"]
    amounts = [t.text for t in screen.painter.texts if t.tag == "deal_amount"]
    assert names == ["Beatriz", "Kofi", "Wen", "played for"]
    assert amounts == ["$1,320", "$1,050", "$750", "$300"]
    assert not [t for t in screen.painter.texts if t.tag in ("payout", "payouts_label")]
    if os.environ.get("TABLECTL_SCREENSHOTS"):
        pygame.image.save(surface, f"{os.environ['TABLECTL_SCREENSHOTS']}/clock_deal_{size[0]}.png")


def test_a_deal_of_the_wrong_shape_shows_the_payouts() -> None:
    from tablectl.venue.board import board_from_clock

    for shares, made in (
        ([["Ann", 10.0]], None),  # no method: not a deal the venue made
        ([["Ann", float("nan")], [3, 5.0], ["Bo"], "x"], {"method": "icm"}),
        ([["Ann", 10**400]], {"method": "icm", "held_back": True}),
    ):
        summary = {"payouts": [[1, 100]], "deal_shares": shares, "deal": made}
        board = board_from_clock({"summary": summary}, 1_000.0)
        assert board is not None and board.deal == () and board.played_for == 0.0

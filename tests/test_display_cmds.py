"""`tablectl clock` and `tablectl screenshot`, run headless through the real command line."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import threading
import time
from datetime import datetime
from pathlib import Path

import pygame
import pytest

from display.kiosk import Kiosk
from tablectl import cli
from tablectl.cli.clock import open_clock, resolve_structure
from tablectl.files.clock_files import load_state, save_state
from tablectl.tournament.structures import StructureError


class Recorder:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def one_minute(self, step: object) -> None:
        self.calls.append("one_minute")

    def level_change(self, step: object) -> None:
        self.calls.append("level_change")


def test_kiosk_keys_drive_the_clock_and_save(tmp_path: Path) -> None:
    pygame.font.init()
    state = tmp_path / "clock.json"
    structure = resolve_structure("wfp-major")
    clock = open_clock(structure, state, fresh=False, entrants=30)
    assert clock.paused and clock.entrants == 30
    rec = Recorder()
    kiosk = Kiosk(
        clock, pygame.Surface((800, 480)), [rec], lambda c, now: save_state(state, c, now)
    )
    wall = datetime(2026, 11, 21, 20, 0)
    assert kiosk.frame(100.0, wall) is True
    assert json.loads(state.read_text())["index"] == 0
    kiosk.key(pygame.K_SPACE, " ", 100.0)  # start
    assert not clock.paused
    kiosk.frame(100.0, wall)
    assert kiosk.frame(100.3, wall) is False  # same second: no redraw
    kiosk.key(pygame.K_RIGHT, "", 160.0)  # next level
    assert clock.step.number == 2 and rec.calls == ["level_change"]
    kiosk.key(pygame.K_MINUS, "-", 161.0)
    kiosk.key(pygame.K_MINUS, "-", 161.0)
    kiosk.key(pygame.K_EQUALS, "=", 161.0)
    assert clock.players_left == 29
    kiosk.key(pygame.K_RIGHTBRACKET, "]", 162.0)  # a minute more
    kiosk.frame(162.0, wall)
    saved = json.loads(state.read_text())
    assert saved["index"] == 1 and saved["players_left"] == 29
    assert kiosk.screen.painter.find("15:58")  # 2 s into a 15 min level, plus a minute
    kiosk.frame(162.0 + 958 + 1, wall)  # the level ran out: a color-up break
    assert rec.calls[-1] == "level_change" and clock.step.is_break
    assert kiosk.screen.painter.find("COLOR UP")
    kiosk.key(pygame.K_q, "q", 2000.0)
    assert not kiosk.running


def test_a_damaged_state_file_is_kept_aside(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "clock.json"
    state.write_text('{"version": 1, "structure": "WFP major", "index": "x"')
    clock = open_clock(resolve_structure("wfp-major"), state, fresh=False, entrants=None)
    assert clock.index == 0
    kept = list(tmp_path.glob("clock.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_text().startswith('{"version": 1')
    assert "kept as" in capsys.readouterr().err


def test_structure_by_name_or_path(tmp_path: Path) -> None:
    assert resolve_structure("home-003").name == "Home game (003)"
    with pytest.raises(StructureError, match="cannot read"):
        resolve_structure(str(tmp_path / "nope.toml"))
    assert (
        cli.main(
            [
                "clock",
                "--structure",
                str(tmp_path / "nope.toml"),
                "--state",
                str(tmp_path / "s.json"),
                "--fullscreen",
            ]
        )
        == 2
    )
    with pytest.raises(SystemExit):  # one or the other
        cli.main(["clock", "--structure", "home-003", "--fullscreen", "--windowed"])


@pytest.mark.timeout(60)
def test_clock_command_runs_headless_and_comes_back_paused(tmp_path: Path) -> None:
    state = tmp_path / "clock.json"
    keys = [
        (pygame.K_SPACE, " "),
        (pygame.K_RIGHT, ""),
        (pygame.K_RIGHT, ""),
        (pygame.K_MINUS, "-"),
        (pygame.K_q, "q"),
    ]

    def feed() -> None:
        # wait for the window, then type; a QUIT at the end stops a loop that missed the keys
        for _ in range(2000):
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                break
            time.sleep(0.005)
        for key, uni in keys:
            pygame.event.post(
                pygame.event.Event(pygame.KEYDOWN, key=key, unicode=uni, mod=0, scancode=0)
            )
        time.sleep(2)
        if pygame.display.get_init():
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    feeder = threading.Thread(target=feed, daemon=True)
    feeder.start()
    rc = cli.main(
        [
            "clock",
            "--structure",
            "wfp-sitngo",
            "--state",
            str(state),
            "--windowed",
            "--no-sound",
            "--entrants",
            "9",
        ]
    )
    feeder.join()
    assert rc == 0
    back = load_state(state, resolve_structure("wfp-sitngo"))
    assert back is not None and back.paused
    assert back.step.number == 3 or back.index == 2  # two steps on: the first color-up break
    assert back.index == 2 and back.players_left == 8 and back.entrants == 9


def test_screenshot_command_writes_pngs(tmp_path: Path) -> None:
    out = tmp_path / "shots"
    rc = cli.main(
        [
            "screenshot",
            "--out",
            str(out),
            "--what",
            "examples,clock",
            "--size",
            "800x480",
            "--preset",
            "wfp-nightly",
        ]
    )
    assert rc == 0
    names = sorted(p.name for p in out.glob("*.png"))
    assert names == sorted(
        [
            "dealer_misdeal_800x480.png",
            "dealer_normal_action_800x480.png",
            "dealer_on_the_clock_800x480.png",
            "dealer_out_of_turn_800x480.png",
            "dealer_side_pots_showdown_800x480.png",
            "clock_wfp-nightly_play_800x480.png",
            "clock_wfp-nightly_break_800x480.png",
            "venue_clock_no_feed_800x480.png",
            "venue_clock_stale_800x480.png",
        ]
    )
    img = pygame.image.load(str(out / "dealer_misdeal_800x480.png"))
    assert img.get_size() == (800, 480)
    # the picture is the frame: the alert panel's red border is in the file
    assert tuple(img.get_at((img.get_width() - 8, img.get_height() - 30)))[:3] != (0, 0, 0)


SHARED = Path(__file__).resolve().parents[2] / "shared" / "scenarios"


@pytest.mark.skipif(not SHARED.exists(), reason="shared scenarios not present")
def test_screenshot_replays_scenarios_through_the_engine(tmp_path: Path) -> None:
    pytest.importorskip("tablectl.engine.table")
    out = tmp_path / "shots"
    rc = cli.main(
        [
            "screenshot",
            "--out",
            str(out),
            "--what",
            "scenarios",
            "--size",
            "800x480",
            "--scenario",
            str(SHARED / "side_pot_short_big_blind.jsonl"),
        ]
    )
    assert rc == 0
    names = sorted(p.name for p in out.glob("*.png"))
    assert names and all(n.startswith("scenario_side_pot_short_big_blind_") for n in names)
    assert any("_flop_" in n for n in names) and names[-1].endswith("_800x480.png")


def test_screenshot_rejects_bad_options(tmp_path: Path) -> None:
    assert cli.main(["screenshot", "--out", str(tmp_path), "--what", "nonsense"]) == 2
    assert cli.main(["screenshot", "--out", str(tmp_path), "--size", "big"]) == 2


def test_demo_scenarios_reach_the_documented_moments(tmp_path: Path) -> None:
    """The demos behind docs/screenshots drive the real engine to each state the docs show."""
    pytest.importorskip("tablectl.engine.table")
    from tablectl.cli.screenshot import ROOT, scenario_moments

    demos = ROOT / "display" / "demos"
    moments = {f.stem: dict(scenario_moments(f)) for f in sorted(demos.glob("*.jsonl"))}
    action = moments["normal_action"]["end"]
    assert (action.street, action.to_act, action.to_call, action.min_raise_to) == (
        "flop",
        1,
        1200,
        2400,
    )
    oot = moments["out_of_turn"]["alert-out_of_turn"]
    assert [(a.kind, a.seat) for a in oot.alerts] == [("out_of_turn", 6)]
    misdeal = moments["misdeal"]["alert-misdeal"]
    assert [(a.kind, a.seat) for a in misdeal.alerts] == [("misdeal", 7)]
    pots = moments["side_pots_showdown"]["turn"]
    assert len(pots.pots) == 3 and all(s.shown for s in pots.seats if s.status == "all-in")
    rc = cli.main(
        [
            "screenshot",
            "--out",
            str(tmp_path),
            "--what",
            "scenarios",
            "--size",
            "800x480",
            "--scenario",
            str(demos),
            "--moment",
            "end",
            "--moment",
            "turn",
            "--moment",
            "alert-out_of_turn",
            "--moment",
            "alert-misdeal",
        ]
    )
    assert rc == 0
    assert sorted(p.name for p in tmp_path.glob("*.png")) == [
        "scenario_misdeal_01_alert-misdeal_800x480.png",
        "scenario_normal_action_02_end_800x480.png",
        "scenario_out_of_turn_01_alert-out_of_turn_800x480.png",
        "scenario_side_pots_showdown_06_turn_800x480.png",
    ]


def test_no_display_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pygame.display.quit()
    monkeypatch.setenv("SDL_VIDEODRIVER", "no-such-driver")
    rc = cli.main(["clock", "--structure", "home-003", "--state", str(tmp_path / "s.json")])
    assert rc == 1
    assert "no display" in capsys.readouterr().err

"""The tournament clock model: time from timestamps, pause/resume, signals, state file, presets."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest
from gpiozero import Buzzer, Device
from gpiozero.pins.mock import MockFactory
from hypothesis import given, settings
from hypothesis import strategies as st

from tablectl.files.clock_files import load_state, load_structure, preset_dir, presets, save_state
from tablectl.tournament.chiprace import METHODS
from tablectl.tournament.clock import BuzzerHooks, ClockStateError, TourneyClock, dispatch
from tablectl.tournament.structures import Step, StructureError, parse_structure, short_chips

SMALL = {
    "name": "Test",
    "starting_stack": 1000,
    "chips": [25, 100],
    "entrants": 10,
    "prize": {"per_entry": 20, "payouts": [{"entrants": 2, "percent": [70, 30]}]},
    "step": [
        {"blinds": [25, 50], "minutes": 10},
        {"blinds": [50, 100], "minutes": 10},
        {"kind": "break", "minutes": 5, "color_up": [25], "title": "Color up"},
        {"blinds": [100, 200], "ante": 200, "bb_ante": True, "minutes": 10},
    ],
}


def make_clock(**kwargs: object) -> TourneyClock:
    return TourneyClock(parse_structure(SMALL), **kwargs)  # type: ignore[arg-type]


def test_time_is_kept_from_timestamps_not_ticks() -> None:
    c = make_clock()
    c.resume(1000.0)
    # however often (or rarely) the loop ticks, the time left depends only on now
    assert c.status(1000.0 + 125.5).seconds_left == pytest.approx(600 - 125.5)
    for t in range(1000, 1126, 7):
        c.tick(float(t))
    assert c.status(1125.5).seconds_left == pytest.approx(600 - 125.5)


def test_pause_and_resume_keep_the_time_left() -> None:
    c = make_clock()
    c.resume(0.0)
    c.pause(100.0)
    assert c.paused
    assert c.status(5000.0).seconds_left == pytest.approx(500)  # paused: time stands still
    c.resume(5000.0)
    assert c.status(5050.0).seconds_left == pytest.approx(450)


def test_levels_roll_over_into_the_break_and_signals_sound_once() -> None:
    c = make_clock()
    c.resume(0.0)
    assert c.tick(500.0) == []
    events = c.tick(545.0)  # 55 s left
    assert [e.kind for e in events] == ["one_minute"]
    assert c.tick(546.0) == []  # not twice
    events = c.tick(601.0)
    assert [e.kind for e in events] == ["level"]
    assert c.step.number == 2 and c.status(601.0).seconds_left == pytest.approx(599)
    events = c.tick(1200.0)
    assert [(e.kind, e.step.title) for e in events] == [("break", "Color up")]
    st_ = c.status(1200.0, datetime(2026, 1, 1, 20, 0, 0))
    assert st_.on_break and st_.back_at == "20:05"
    assert "Color-up now" in st_.notices[0] and "002 Rule 25" in st_.notices[0]


def test_a_long_stall_carries_over_every_step_it_missed() -> None:
    c = make_clock()
    c.resume(0.0)
    events = c.tick(600 + 600 + 300 + 30.0)
    assert [e.kind for e in events] == ["level", "break", "level"]
    assert c.step.number == 3 and c.status(1530.0).seconds_left == pytest.approx(570)


def test_last_level_runs_to_zero_and_stays() -> None:
    c = make_clock()
    c.resume(0.0)
    st_ = c.status(10_000.0)
    assert st_.step.number == 3 and st_.seconds_left == 0 and st_.finished


def test_status_figures() -> None:
    c = make_clock(entrants=10, players_left=4)
    st_ = c.status(0.0)
    assert st_.chips_in_play == 10_000 and st_.average_stack == 2_500
    assert st_.prize_pool == 200 and st_.payouts == ((1, 140.0), (2, 60.0))
    assert st_.next_level is not None and st_.next_level.big_blind == 100
    assert st_.next_break is not None and st_.seconds_to_break == pytest.approx(1200)
    assert st_.notices == ("Next color-up after level 2: 25 chips come off (002 Rule 25).",)
    c.player_out()
    assert c.status(0.0).players_left == 3
    for _ in range(20):
        c.player_out()
    assert c.players_left == 1  # never below one


def test_arrow_keys_move_between_steps() -> None:
    c = make_clock()
    c.resume(0.0)
    c.tick(300.0)
    events = c.next_step(300.0)
    assert events[0].kind == "level" and c.step.number == 2
    assert c.status(300.0).seconds_left == pytest.approx(600)
    c.prev_step(302.0)  # within 5 s of the start: back a level
    assert c.step.number == 1
    c.prev_step(400.0)  # later: restart this level
    assert c.step.number == 1 and c.status(400.0).seconds_left == pytest.approx(600)
    c.add_time(-60, 400.0)
    assert c.status(400.0).seconds_left == pytest.approx(540)


def test_state_file_round_trip_comes_back_paused(tmp_path: Path) -> None:
    c = make_clock(entrants=12, players_left=9)
    c.resume(50.0)
    c.tick(50.0 + 700)  # level 2, 100 s in
    path = tmp_path / "clock.json"
    save_state(path, c, 50.0 + 700)
    back = load_state(path, parse_structure(SMALL))
    assert back is not None and back.paused
    assert back.step.number == 2 and back.players_left == 9 and back.entrants == 12
    # a monotonic clock restarts from anything after a reboot: still the same time left
    assert back.status(3.0).seconds_left == pytest.approx(500)
    back.resume(3.0)
    assert back.status(13.0).seconds_left == pytest.approx(490)


def test_bad_state_files_are_clear_errors(tmp_path: Path) -> None:
    structure = parse_structure(SMALL)
    path = tmp_path / "clock.json"
    assert load_state(path, structure) is None
    path.write_text("{not json")
    with pytest.raises(ClockStateError, match="not JSON"):
        load_state(path, structure)
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "structure": "Other",
                "index": 0,
                "elapsed": 0,
                "entrants": 5,
                "players_left": 5,
            }
        )
    )
    with pytest.raises(ClockStateError, match="for structure 'Other'"):
        load_state(path, structure)
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "structure": "Test",
                "index": 99,
                "elapsed": 0,
                "entrants": 5,
                "players_left": 5,
            }
        )
    )
    with pytest.raises(ClockStateError, match="out of range"):
        load_state(path, structure)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"step": []}, "at least one"),
        ({"step": [{"blinds": [50, 25], "minutes": 10}]}, "small <= big"),
        ({"step": [{"blinds": [25, 50], "minutes": 0}]}, "minutes"),
        ({"step": [{"kind": "break", "minutes": 5}]}, "at least one level"),
        ({"step": [{"kind": "lunch", "minutes": 5}]}, "neither"),
        ({"step": [{"blinds": [25, 50], "minutes": 5, "color_up": [5]}]}, "not among chips"),
        ({"chips": [100, 25]}, "lowest first"),
        ({"prize": {"payouts": [{"entrants": 2, "percent": [50, 30]}]}}, "total 100"),
        ({"chip_race": "coin flip"}, "chip_race 'coin flip' is not one of"),
    ],
)
def test_bad_structures_are_clear_errors(change: dict, message: str) -> None:
    with pytest.raises(StructureError, match=message):
        parse_structure({**SMALL, **change})


def test_structure_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [unclosed")
    with pytest.raises(StructureError, match=r"bad\.toml: not valid TOML"):
        load_structure(bad)
    with pytest.raises(StructureError, match="cannot read"):
        load_structure(tmp_path / "missing.toml")


def test_presets_load_and_follow_the_seeds() -> None:
    names = {p.stem: load_structure(p) for p in presets()}
    assert set(names) >= {"wfp-nightly", "wfp-sitngo", "wfp-major", "home-003", "tda-style"}
    for path in presets():
        assert "Source" in path.read_text() or "Sources" in path.read_text()
    # 001 "Blind Structures": nightly and Sit & Go blinds with color-ups between
    nightly = [
        s.blinds_text() if not s.is_break else "color up" for s in names["wfp-nightly"].steps
    ]
    assert nightly == [
        "25/50",
        "50/100",
        "color up",
        "100/200",
        "200/400",
        "300/600",
        "color up",
        "500/1K",
        "color up",
        "1K/2K",
        "2K/4K",
        "3K/6K",
        "color up",
        "5K/10K",
    ]
    sng = names["wfp-sitngo"]
    assert [s.minutes for s in sng.levels()][:2] == [8, 8]
    assert min(s.minutes for s in sng.levels()) >= 4  # "Never have levels less than 4 minutes"
    major = names["wfp-major"]
    assert major.starting_stack == 5000
    assert [s.big_blind for s in major.levels()] == [
        50,
        100,
        200,
        400,
        600,
        800,
        1200,
        1600,
        2000,
        4000,
        6000,
        10000,
        20000,
        30000,
        40000,
    ]
    home = names["home-003"]
    # 003: 5/10 to start, 15-minute levels until level five, then 30 minutes
    assert [s.minutes for s in home.levels()][:6] == [15, 15, 15, 15, 30, 30]
    assert home.starting_stack == 16 * 5 + 12 * 10 + 8 * 25 + 6 * 50 + 3 * 100
    clock = TourneyClock(home, entrants=16)
    assert clock.status(0).payouts == ((1, 450.0), (2, 200.0), (3, 100.0), (4, 50.0))
    assert any(s.bb_ante for s in names["tda-style"].levels())
    assert preset_dir().name == "structures"
    # each preset names a chip race method the chip race helper knows (000 rule 6, 002 Rule 25)
    assert {s.race for s in names.values()} <= set(METHODS)
    assert names["wfp-nightly"].race == "wfp-nightly" and names["tda-style"].race == "tda"


def test_buzzer_hooks_drive_a_gpiozero_buzzer() -> None:
    previous = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        buzzer = Buzzer(17)
        pin = Device.pin_factory.pin(17)
        hooks = BuzzerHooks(buzzer, background=False, beat=0.001)
        c = make_clock()
        c.resume(0.0)
        dispatch(c.tick(545.0), [hooks])  # one minute left: one beep
        ons = [s.state for s in pin.states].count(True)
        assert ons == 1
        dispatch(c.tick(601.0), [hooks])  # new level: three beeps
        assert [s.state for s in pin.states].count(True) == 4
        assert not buzzer.is_active
        buzzer.close()
    finally:
        Device.pin_factory.close()
        Device.pin_factory = previous


def test_short_chips() -> None:
    assert [short_chips(n) for n in (25, 500, 1000, 1500, 2500, 10000, 1_200_000, 1234)] == [
        "25",
        "500",
        "1K",
        "1.5K",
        "2.5K",
        "10K",
        "1.2M",
        "1,234",
    ]
    assert Step("level", 10, 1, 100, 200, 200, True).blinds_text() == "100/200  ante 200 (BB)"


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["pause", "resume", "tick"]), st.floats(0, 400)), max_size=30
    )
)
def test_play_time_equals_the_running_time(ops: list[tuple[str, float]]) -> None:
    """Whatever the pauses, the clock advanced by exactly the time it was running."""
    c = make_clock()
    now, running_total, running = 0.0, 0.0, False
    for op, dt in ops:
        if running:
            running_total += dt
        now += dt
        if op == "pause":
            c.pause(now)
            running = False
        elif op == "resume":
            c.resume(now)
            running = True
        else:
            c.tick(now)
    total = sum(s.seconds for s in c.structure.steps)
    st_ = c.status(now)
    played = sum(s.seconds for s in c.structure.steps[: st_.index]) + (
        st_.step.seconds - st_.seconds_left
    )
    assert played == pytest.approx(min(running_total, total), abs=1e-6)

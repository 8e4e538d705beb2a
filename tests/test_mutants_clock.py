"""The tournament clock's rules a mutation run found untested (issue 34), each from what the clock
must show or sound: through :class:`TourneyClock` and its ``status``, as the kiosk and the
console drive it (tablectl/tournament/clock.py)."""

from __future__ import annotations

from typing import Any

import pytest
from gpiozero import Buzzer, Device
from gpiozero.pins.mock import MockFactory
from test_tourney_clock import SMALL, make_clock

from tablectl.tournament.clock import BuzzerHooks, ClockStateError, TourneyClock, dispatch
from tablectl.tournament.structures import Step, parse_structure


def test_a_clock_told_no_field_counts_the_structures_entrants_all_still_in() -> None:
    """The structure's ``entrants`` is the field until the floor says otherwise, and before anyone
    is out every entrant is still in: the chips in play and the average stack follow."""
    st_ = make_clock().status(0.0)
    assert (st_.entrants, st_.players_left) == (10, 10)
    assert st_.chips_in_play == 10_000 and st_.average_stack == 1_000
    assert st_.prize_pool == 200


def test_a_clock_made_past_its_last_step_stands_on_the_last_step() -> None:
    """The console restores the clock at the venue's step index: an index past the structure's
    end is its last step (a structure shortened since), one below 0 its first."""
    structure = parse_structure(SMALL)
    last = TourneyClock(structure, index=99)
    assert last.index == 3 and last.step.number == 3
    assert last.status(0.0).seconds_left == pytest.approx(600)
    assert TourneyClock(structure, index=-2).index == 0


def test_a_level_whose_time_is_up_has_ended_the_next_level_has_begun() -> None:
    """At the very second a level's time runs out the next level is on the clock with all its
    time (002 Rule 24: the new level applies to the next hand), not the old one at 0:00."""
    c = make_clock()
    c.resume(0.0)
    st_ = c.status(600.0)
    assert st_.step.number == 2 and st_.seconds_left == pytest.approx(600)
    assert [e.kind for e in c.tick(600.0)] == ["level"]


def test_ticking_past_the_last_level_stays_on_it() -> None:
    """The last level runs to zero and stays (nothing comes after it), however late the tick."""
    c = make_clock()
    c.resume(0.0)
    assert [e.kind for e in c.tick(10_000.0)] == ["level", "break", "level"]
    assert c.index == 3 and c.tick(20_000.0) == []
    st_ = c.status(20_000.0)
    assert st_.step.number == 3 and st_.finished and st_.seconds_left == 0


def test_each_level_sounds_its_own_one_minute_warning() -> None:
    """One beep at one minute left in every level, not only the first: the signal of level 1
    does not silence level 2's."""
    c = make_clock()
    c.resume(0.0)
    assert [e.kind for e in c.tick(545.0)] == ["one_minute"]
    assert [e.kind for e in c.tick(601.0)] == ["level"]
    assert c.tick(1100.0) == []  # 100 s left in level 2
    warning = c.tick(1145.0)
    assert [(e.kind, e.step.number) for e in warning] == [("one_minute", 2)]


def test_the_warning_sounds_at_sixty_seconds_left_exactly() -> None:
    """ "One minute left" includes the second the clock reads 1:00."""
    c = make_clock()
    c.resume(0.0)
    assert [e.kind for e in c.tick(540.0)] == ["one_minute"]


def test_a_one_minute_level_sounds_no_one_minute_warning() -> None:
    """A level of one minute has a minute left from its start: its start is signalled as a level
    change, and a one-minute beep on top would say nothing new."""
    c = TourneyClock(
        parse_structure({**SMALL, "step": [{"blinds": [25, 50], "minutes": 1}, *SMALL["step"]]})
    )
    c.resume(0.0)
    assert c.tick(1.0) == [] and c.tick(59.0) == []
    assert [e.kind for e in c.tick(60.0)] == ["level"]


def test_a_level_run_out_sounds_no_one_minute_warning() -> None:
    """The last level, never ticked in its last minute, reaching 0:00: the minute is over, no
    warning sounds late (the clock signals what is still to come)."""
    c = make_clock()
    c.resume(0.0)
    c.goto(3, 0.0)
    assert c.tick(600.0) == []
    assert c.status(600.0).finished


def test_the_arrow_keys_stop_at_the_ends_of_the_structure() -> None:
    """Forward from the last step stays on it; a jump past the end lands on the last step."""
    c = make_clock()
    c.goto(99, 0.0)
    assert c.index == 3 and c.step.number == 3
    c.next_step(0.0)
    assert c.index == 3
    assert c.status(0.0).seconds_left == pytest.approx(600)


def test_a_step_jumped_to_sounds_its_one_minute_warning() -> None:
    """After the floor moves the clock to a step, that step's last minute is still signalled,
    even when the step it left had already sounded its own."""
    c = make_clock()
    c.resume(0.0)
    assert [e.kind for e in c.tick(545.0)] == ["one_minute"]
    c.goto(1, 545.0)
    assert [(e.kind, e.step.number) for e in c.tick(545.0 + 545.0)] == [("one_minute", 2)]


def test_an_arrow_key_keeps_a_paused_clock_paused() -> None:
    """Moving between steps does not start the clock: the floor resumes it (002 Rule 24)."""
    c = make_clock()
    c.next_step(0.0)
    assert c.paused and c.status(500.0).seconds_left == pytest.approx(600)
    c.prev_step(10.0)
    assert c.paused and c.index == 0


def test_five_seconds_into_a_step_the_back_arrow_restarts_it() -> None:
    """The back arrow goes to the previous step only within the first 5 s (a double press);
    from 5 s on it restarts the step the clock is on."""
    c = make_clock()
    c.goto(1, 0.0)
    c.resume(0.0)
    c.prev_step(5.0)
    assert c.index == 1 and c.status(5.0).seconds_left == pytest.approx(600)
    c.prev_step(9.9)
    assert c.index == 0


def test_hand_for_hand_minutes_reach_the_next_level_at_its_exact_start() -> None:
    """002 RP-8 B-D: time taken off the clock hand by hand reaches new levels; a level's whole
    time taken off is the next level with all of its time."""
    c = make_clock()
    events = c.elapse(600.0, 0.0)
    assert [(e.kind, e.step.number) for e in events] == [("level", 2)]
    assert c.status(0.0).seconds_left == pytest.approx(600)


def test_hand_for_hand_minutes_past_the_last_level_stay_on_it() -> None:
    c = make_clock()
    assert [e.kind for e in c.elapse(100_000.0, 0.0)] == ["level", "break", "level"]
    assert c.index == 3 and c.elapse(100_000.0, 0.0) == []
    assert c.status(0.0).finished


def test_a_level_reached_hand_for_hand_sounds_its_one_minute_warning() -> None:
    c = make_clock()
    c.resume(0.0)
    assert [e.kind for e in c.tick(545.0)] == ["one_minute"]
    c.pause(545.0)
    assert [e.kind for e in c.elapse(100.0, 545.0)] == ["level"]  # 45 s into level 2
    c.resume(545.0)
    assert [(e.kind, e.step.number) for e in c.tick(545.0 + 500.0)] == [("one_minute", 2)]


class _Heard:
    """A hook of the room (tablectl.tournament.clock.ClockHooks): what it was told, and of which
    step (the kiosk's screen and sound, the daemon's buzzer implement the same two calls)."""

    def __init__(self) -> None:
        self.heard: list[tuple[str, int]] = []

    def one_minute(self, step: Step) -> None:
        self.heard.append(("one_minute", step.number))

    def level_change(self, step: Step) -> None:
        self.heard.append(("level_change", step.number))


def test_every_hook_hears_each_signal_with_its_step() -> None:
    c = make_clock()
    c.resume(0.0)
    hooks = [_Heard(), _Heard()]
    dispatch(c.tick(545.0) + c.tick(601.0), hooks)
    assert [h.heard for h in hooks] == [[("one_minute", 1), ("level_change", 2)]] * 2


class _BeepsAsked(Buzzer):  # type: ignore[misc]
    """gpiozero's own Buzzer on a mock pin, noting the pattern each beep asks for."""

    asked: list[dict[str, Any]] = []  # noqa: RUF012 (gpiozero refuses new attributes)

    def beep(self, **pattern: Any) -> None:
        self.asked.append(pattern)
        super().beep(**pattern)


def test_the_buzzer_beeps_once_a_beat_for_a_minute_and_three_long_for_a_level() -> None:
    """One short beep (a beat on, a beat off) at one minute left; three beeps of two beats at a
    level change or break; by default in the background, so the daemon's loop goes on while the
    buzzer sounds, and a beat of a quarter second."""
    previous = Device.pin_factory
    Device.pin_factory = MockFactory()
    try:
        buzzer = _BeepsAsked(17)
        buzzer.asked.clear()
        hooks = BuzzerHooks(buzzer)
        step = make_clock().step
        hooks.one_minute(step)
        hooks.level_change(step)
        assert buzzer.asked == [
            {"on_time": 0.25, "off_time": 0.25, "n": 1, "background": True},
            {"on_time": 0.5, "off_time": 0.25, "n": 3, "background": True},
        ]
        buzzer.off()
        buzzer.close()
    finally:
        Device.pin_factory.close()
        Device.pin_factory = previous


def test_a_kiosk_following_the_venue_shows_its_step_and_time_left_now() -> None:
    """``tablectl clock --venue``: the console's clock, sent ``age`` seconds ago, is shown as it
    is now: running, the time left less the age; paused, the time left as sent."""
    c = make_clock()
    events = c.follow(1, 300.0, False, 2.5, 100.0)
    assert [(e.kind, e.step.number) for e in events] == [("level", 2)]
    assert not c.paused and c.index == 1
    assert c.status(100.0).seconds_left == pytest.approx(297.5)
    assert c.status(110.0).seconds_left == pytest.approx(287.5)
    assert c.follow(1, 200.0, True, 30.0, 120.0) == []  # same step: no signal
    assert c.paused and c.status(500.0).seconds_left == pytest.approx(200)
    assert [e.kind for e in c.follow(2, 60.0, True, 0.0, 130.0)] == ["break"]
    assert c.step.is_break and c.status(130.0).seconds_left == pytest.approx(60)


def test_a_kiosk_following_the_venue_reads_an_age_from_the_future_as_none() -> None:
    """A message stamped a little ahead of the kiosk's clock (clocks differ): no time added."""
    c = make_clock()
    c.follow(0, 300.0, False, -4.0, 0.0)
    assert c.status(0.0).seconds_left == pytest.approx(300)


def test_a_kiosk_following_the_venue_keeps_to_its_own_structure() -> None:
    """A step the kiosk's structure does not have stands on its last (or first) step; time left
    is held between none and twice the step (the most the floor may add)."""
    c = make_clock()
    c.follow(9, 100.0, True, 0.0, 0.0)
    assert c.index == 3 and c.status(0.0).seconds_left == pytest.approx(100)
    c.follow(-1, 5_000.0, True, 0.0, 0.0)
    assert c.index == 0 and c.status(0.0).seconds_left == pytest.approx(1200)
    c.follow(3, -50.0, True, 0.0, 0.0)  # the last level, its time run out
    assert c.status(0.0).seconds_left == 0 and c.status(0.0).finished


def test_a_level_the_kiosk_follows_into_sounds_its_one_minute_warning() -> None:
    c = make_clock()
    c.resume(0.0)
    assert [e.kind for e in c.tick(545.0)] == ["one_minute"]
    c.follow(1, 100.0, False, 0.0, 545.0)
    assert [(e.kind, e.step.number) for e in c.tick(590.0)] == [("one_minute", 2)]


def test_a_bust_out_undone_brings_one_player_back_never_more_than_entered() -> None:
    c = make_clock(entrants=10, players_left=5)
    c.player_back()
    assert c.status(0.0).players_left == 6
    c.player_out()
    c.player_out()
    assert c.players_left == 4
    for _ in range(9):
        c.player_back()
    assert c.players_left == 10  # every entrant, no more


def test_entrants_set_at_the_clock_carry_the_field_and_players_left() -> None:
    """Late registration closes with more (or fewer) entrants than the structure's: the chips in
    play, the pool and the players left follow; never fewer than one entrant, never more players
    left than entrants."""
    c = make_clock(entrants=10, players_left=8)
    c.set_entrants(12)
    st_ = c.status(0.0)
    assert (st_.entrants, st_.players_left, st_.chips_in_play) == (12, 8, 12_000)
    c.set_entrants(6)
    assert (c.entrants, c.players_left) == (6, 6)
    c.set_entrants(0)
    assert (c.entrants, c.players_left) == (1, 1)


def test_bonus_chips_and_a_guarantee_count_in_play_and_in_the_pool() -> None:
    """Add-ons and bonus chips are chips in play (and in the average stack); a guarantee is
    prize money on top of the entries."""
    c = TourneyClock(
        parse_structure({**SMALL, "prize": {**SMALL["prize"], "guaranteed": 500}}),
        entrants=10,
        players_left=5,
        extra_chips=2_000,
    )
    st_ = c.status(0.0)
    assert st_.chips_in_play == 12_000 and st_.average_stack == 2_400
    assert st_.prize_pool == 700 and st_.payouts == ((1, 490.0), (2, 210.0))


def test_the_last_level_is_finished_only_when_its_time_is_up() -> None:
    c = make_clock(index=3)
    c.resume(0.0)
    assert not c.status(599.0).finished
    assert c.status(600.0).finished


def test_a_warning_sounded_is_not_sounded_again_after_a_restart() -> None:
    """The state file keeps that this step's one-minute signal has sounded: restored and
    resumed, the clock does not beep again; saved once the next step has begun (not ticked
    since), that step's warning is still to come."""
    structure = parse_structure(SMALL)
    c = make_clock()
    c.resume(0.0)
    assert [e.kind for e in c.tick(545.0)] == ["one_minute"]
    back = TourneyClock.from_dict(structure, c.to_dict(550.0))
    back.resume(0.0)
    assert back.tick(5.0) == []
    later = TourneyClock.from_dict(structure, c.to_dict(700.0))  # 100 s into level 2
    assert later.index == 1 and later.status(0.0).seconds_left == pytest.approx(500)
    later.resume(0.0)
    assert [(e.kind, e.step.number) for e in later.tick(445.0)] == [("one_minute", 2)]


def _state(**change: object) -> dict[str, object]:
    state: dict[str, object] = {
        "version": 1,
        "structure": "Test",
        "index": 1,
        "elapsed": 12.5,
        "entrants": 9,
        "players_left": 4,
    }
    return {**state, **change}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "not a tournament clock state (version 1)"),
        (_state(version=2), "not a tournament clock state (version 1)"),
        (_state(structure="Other"), "state is for structure 'Other', not 'Test'"),
        (_state(index="one"), "state field missing or not a number: invalid literal for int()"),
        (_state(elapsed=None), "state field missing or not a number: float() argument"),
        (_state(extra_chips="x"), "state field missing or not a number: invalid literal"),
        ({"version": 1, "structure": "Test"}, "state field missing or not a number: 'index'"),
        (_state(index=4), "state out of range for this structure"),
        (_state(index=-1), "state out of range for this structure"),
        (_state(elapsed=-600.5), "state out of range for this structure"),
        (_state(players_left=0), "state out of range for this structure"),
        (_state(players_left=10), "state out of range for this structure"),
    ],
)
def test_a_clock_state_that_cannot_be_restored_is_refused_in_words(
    data: object, message: str
) -> None:
    with pytest.raises(ClockStateError) as err:
        TourneyClock.from_dict(parse_structure(SMALL), data)
    assert str(err.value).startswith(message)


def test_a_clock_state_at_its_limits_is_restored() -> None:
    """A step lengthened to twice its time (a negative elapsed), one player left of one entrant,
    bonus chips: all come back as saved, paused."""
    structure = parse_structure(SMALL)
    c = TourneyClock.from_dict(structure, _state(elapsed=-600, entrants=1, players_left=1))
    assert c.paused and c.status(0.0).seconds_left == pytest.approx(1200)
    assert (c.entrants, c.players_left, c.extra_chips, c.warned) == (1, 1, 0, False)
    c = TourneyClock.from_dict(structure, _state(index=3, elapsed=900, extra_chips=500))
    assert c.status(0.0).finished and c.extra_chips == 500
    assert c.status(0.0).chips_in_play == 9_500

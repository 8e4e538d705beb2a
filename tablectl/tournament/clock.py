"""The venue tournament clock as a pure model: time kept from timestamps, pause/resume.

No pygame and no reading of the clock here: every method takes ``now`` (a monotonic timestamp
in seconds) so the kiosk, the daemon and the tests drive the same code. Time in a step is the
seconds banked while running plus ``now - since`` for the current run, so a slow frame or a late
wake-up never makes the clock drift. A new level applies to the next hand (002 Rule 24); this
clock only announces it.

Structures: :mod:`tablectl.tournament.structures`. The state is a small dict
(:meth:`TourneyClock.to_dict`, written to disk by :mod:`tablectl.files.clock_files`): after a
restart the clock comes back on the same step with the same time left, paused, because a monotonic
timestamp means nothing across boots.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Protocol

from tablectl.tournament.structures import Step, Structure, color_up_notices, payouts

STATE_VERSION = 1


class ClockStateError(ValueError):
    """A saved clock state that cannot be restored (corrupt, or for another structure)."""


@dataclass(frozen=True, slots=True)
class ClockEvent:
    """Something the room hears: ``one_minute`` left in a level, ``level`` (a new level started)
    or ``break`` (a break started)."""

    kind: str
    step: Step
    index: int


@dataclass(frozen=True, slots=True)
class ClockStatus:
    """Everything the clock screen shows, computed for one ``now``."""

    name: str
    index: int
    step: Step
    seconds_left: float
    paused: bool
    next_level: Step | None
    next_break: Step | None
    seconds_to_break: float | None  # play time until the next break starts
    back_at: str | None  # "HH:MM" when a break ends (wall clock)
    entrants: int
    players_left: int
    chips_in_play: int
    average_stack: int
    prize_pool: float
    currency: str
    payouts: tuple[tuple[int, float], ...]  # (place, amount) or (place, percent) with no pool
    notices: tuple[str, ...]
    finished: bool  # on the last step with no time left

    @property
    def on_break(self) -> bool:
        return self.step.is_break

    def display_key(self) -> tuple[Any, ...]:
        """What changes the picture: whole seconds, not the float (redraw once a second)."""
        return (
            self.index,
            math.ceil(self.seconds_left),
            self.paused,
            self.players_left,
            self.chips_in_play,
            self.back_at,
            self.entrants,
            self.notices,
        )


class ClockHooks(Protocol):
    """What the room hears: the kiosk plays a sound, the daemon sounds the gpiozero buzzer."""

    def one_minute(self, step: Step) -> None: ...

    def level_change(self, step: Step) -> None: ...


def dispatch(events: Iterable[ClockEvent], hooks: Sequence[ClockHooks]) -> None:
    """Call every hook for every event; a break start sounds like a level change."""
    for event in events:
        for hook in hooks:
            if event.kind == "one_minute":
                hook.one_minute(event.step)
            else:
                hook.level_change(event.step)


class BuzzerHooks:
    """Sound a buzzer: one short beep at one minute left, three at a level change or break.

    ``buzzer`` is anything with gpiozero's ``beep(on_time, off_time, n, background)``, e.g. the
    daemon's ``gpiozero.Buzzer`` (only firmware_bridge imports gpiozero; it hands the device in).
    """

    def __init__(self, buzzer: Any, *, background: bool = True, beat: float = 0.25) -> None:
        self.buzzer = buzzer
        self.background = background
        self.beat = beat

    def one_minute(self, step: Step) -> None:
        self.buzzer.beep(on_time=self.beat, off_time=self.beat, n=1, background=self.background)

    def level_change(self, step: Step) -> None:
        self.buzzer.beep(on_time=self.beat * 2, off_time=self.beat, n=3, background=self.background)


@dataclass
class TourneyClock:
    """The running clock. ``since`` is the monotonic time of the last resume, ``None`` when paused;
    ``banked`` the seconds of the current step played before ``since``."""

    structure: Structure
    index: int = 0
    banked: float = 0.0
    since: float | None = None
    entrants: int = 0
    players_left: int = 0
    extra_chips: int = 0  # bonus chips, add-ons: counted in chips in play
    warned: bool = False  # the one-minute signal of this step has sounded

    def __post_init__(self) -> None:
        if not self.entrants:
            self.entrants = self.structure.entrants
        if not self.players_left:
            self.players_left = self.entrants
        self.index = max(0, min(self.index, len(self.structure.steps) - 1))

    # --- time -------------------------------------------------------------------------------
    @property
    def paused(self) -> bool:
        return self.since is None

    @property
    def step(self) -> Step:
        return self.structure.steps[self.index]

    def elapsed(self, now: float) -> float:
        """Seconds played in the current step (before settling overruns into later steps)."""
        return self.banked + (max(0.0, now - self.since) if self.since is not None else 0.0)

    def _settled(self, now: float) -> tuple[int, float]:
        """(step index, seconds into it) once elapsed time is carried across step ends."""
        index, elapsed = self.index, self.elapsed(now)
        steps = self.structure.steps
        while index < len(steps) - 1 and elapsed >= steps[index].seconds:
            elapsed -= steps[index].seconds
            index += 1
        return index, min(elapsed, steps[index].seconds)

    def tick(self, now: float) -> list[ClockEvent]:
        """Carry the clock to ``now`` and return the signals due since the last tick."""
        events: list[ClockEvent] = []
        steps = self.structure.steps
        if self.since is None:
            return events
        elapsed = self.elapsed(now)
        while self.index < len(steps) - 1 and elapsed >= self.step.seconds:
            # a one-minute signal skipped over (a long stall) is not sounded late
            elapsed -= self.step.seconds
            self.index += 1
            self.warned = False
            events.append(
                ClockEvent("break" if self.step.is_break else "level", self.step, self.index)
            )
        self.banked, self.since = elapsed, now
        left = self.step.seconds - elapsed
        if not self.warned and not self.step.is_break and self.step.seconds > 60 and 0 < left <= 60:
            self.warned = True
            events.append(ClockEvent("one_minute", self.step, self.index))
        return events

    def pause(self, now: float) -> None:
        if self.since is not None:
            self.tick(now)
            self.since = None

    def resume(self, now: float) -> None:
        if self.since is None:
            self.since = now

    def toggle(self, now: float) -> None:
        if self.paused:
            self.resume(now)
        else:
            self.pause(now)

    def goto(self, index: int, now: float) -> list[ClockEvent]:
        """Jump to the start of step ``index`` (the floor's arrow keys); keeps running or paused."""
        self.tick(now)
        self.index = max(0, min(index, len(self.structure.steps) - 1))
        self.banked, self.warned = 0.0, False
        if self.since is not None:
            self.since = now
        return [ClockEvent("break" if self.step.is_break else "level", self.step, self.index)]

    def next_step(self, now: float) -> list[ClockEvent]:
        self.tick(now)
        return self.goto(self.index + 1, now)

    def prev_step(self, now: float) -> list[ClockEvent]:
        """Back to the start of this step, or to the previous one when within 5 s of the start."""
        self.tick(now)
        target = self.index - 1 if self.elapsed(now) < 5 else self.index
        return self.goto(target, now)

    def add_time(self, seconds: float, now: float) -> None:
        """Add (or with a negative number, take) time left in the current step."""
        self.tick(now)
        # a negative bank lengthens the step (at most to twice its length)
        self.banked = max(-self.step.seconds, min(self.step.seconds, self.banked - seconds))

    def elapse(self, seconds: float, now: float) -> list[ClockEvent]:
        """``seconds`` played off the clock at once, running or paused, carried across step
        ends: hand-for-hand takes its minutes a hand (002 RP-8 B-D, "Blinds continue to
        increase as time elapses off the clock ... and new levels are reached"). The new steps
        reached, as :meth:`tick` gives them."""
        self.tick(now)
        steps = self.structure.steps
        elapsed = self.banked + max(0.0, seconds)
        events: list[ClockEvent] = []
        while self.index < len(steps) - 1 and elapsed >= self.step.seconds:
            elapsed -= self.step.seconds
            self.index += 1
            self.warned = False
            events.append(
                ClockEvent("break" if self.step.is_break else "level", self.step, self.index)
            )
        self.banked = min(elapsed, self.step.seconds)
        if self.since is not None:
            self.since = now
        return events

    def follow(
        self, index: int, seconds_left: float, paused: bool, age: float, now: float
    ) -> list[ClockEvent]:
        """Take the venue's clock (``tablectl clock --venue``: the director's console runs it):
        step ``index`` with ``seconds_left`` as it was ``age`` seconds ago, running or paused.
        A new step is signalled as a level change (the buzzer)."""
        index = max(0, min(index, len(self.structure.steps) - 1))
        changed = index != self.index
        self.index = index
        played = self.step.seconds - seconds_left + (0.0 if paused else max(0.0, age))
        self.banked = max(-self.step.seconds, min(self.step.seconds, played))
        self.since = None if paused else now
        if changed:
            self.warned = False
            return [ClockEvent("break" if self.step.is_break else "level", self.step, index)]
        return []

    # --- players ------------------------------------------------------------------------------
    def player_out(self) -> None:
        self.players_left = max(1, self.players_left - 1)

    def player_back(self) -> None:
        self.players_left = min(self.entrants, self.players_left + 1)

    def set_entrants(self, entrants: int) -> None:
        self.entrants = max(1, entrants)
        self.players_left = min(self.players_left, self.entrants)

    # --- status -------------------------------------------------------------------------------
    def status(self, now: float, wall: datetime | None = None) -> ClockStatus:
        """What the screen shows at ``now``; ``wall`` (local wall-clock time at ``now``) gives the
        "back at HH:MM" of a break."""
        steps = self.structure.steps
        index, elapsed = self._settled(now)
        step = steps[index]
        left = max(0.0, step.seconds - elapsed)
        next_level = next((s for s in steps[index + 1 :] if not s.is_break), None)
        next_break, to_break = None, None
        if not step.is_break:
            acc = left
            for s in steps[index + 1 :]:
                if s.is_break:
                    next_break, to_break = s, acc
                    break
                acc += s.seconds
        back_at = None
        if step.is_break and wall is not None:
            # rounded up to the minute: "back at 20:17" for a break ending 20:16:50
            end = wall + timedelta(seconds=math.ceil(left) + 59)
            back_at = end.strftime("%H:%M")
        s = self.structure
        chips = self.entrants * s.starting_stack + self.extra_chips
        pool = self.entrants * s.per_entry + s.guaranteed
        return ClockStatus(
            name=s.name,
            index=index,
            step=step,
            seconds_left=left,
            paused=self.paused,
            next_level=next_level,
            next_break=next_break,
            seconds_to_break=to_break,
            back_at=back_at,
            entrants=self.entrants,
            players_left=self.players_left,
            chips_in_play=chips,
            average_stack=chips // max(1, self.players_left),
            prize_pool=pool,
            currency=s.currency,
            payouts=payouts(s, self.entrants, pool),
            notices=color_up_notices(s, index),
            finished=index == len(steps) - 1 and left <= 0,
        )

    # --- persistence ----------------------------------------------------------------------------
    def to_dict(self, now: float) -> dict[str, Any]:
        index, elapsed = self._settled(now)
        return {
            "version": STATE_VERSION,
            "structure": self.structure.name,
            "index": index,
            "elapsed": round(elapsed, 3),
            "entrants": self.entrants,
            "players_left": self.players_left,
            "extra_chips": self.extra_chips,
            "warned": self.warned and index == self.index,
        }

    @classmethod
    def from_dict(cls, structure: Structure, data: object) -> TourneyClock:
        """Restore a saved state, paused (002 Rule 24: the floor restarts the clock)."""
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise ClockStateError("not a tournament clock state (version 1)")
        if data.get("structure") != structure.name:
            raise ClockStateError(
                f"state is for structure {data.get('structure')!r}, not {structure.name!r}"
            )
        try:
            index = int(data["index"])
            elapsed = float(data["elapsed"])
            entrants = int(data["entrants"])
            left = int(data["players_left"])
            extra = int(data.get("extra_chips", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise ClockStateError(f"state field missing or not a number: {exc}") from None
        if (
            not 0 <= index < len(structure.steps)
            or elapsed < -structure.steps[index].seconds
            or not 1 <= left <= entrants
        ):
            raise ClockStateError("state out of range for this structure")
        return cls(
            structure,
            index=index,
            banked=min(elapsed, structure.steps[index].seconds),
            since=None,
            entrants=entrants,
            players_left=left,
            extra_chips=extra,
            warned=bool(data.get("warned", False)),
        )

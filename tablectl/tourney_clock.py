"""The venue tournament clock as a pure model: structure, time kept from timestamps, pause/resume.

No pygame and no reading of the clock here: every method takes ``now`` (a monotonic timestamp
in seconds) so the kiosk, the daemon and the tests drive the same code. Time in a step is the
seconds banked while running plus ``now - since`` for the current run, so a slow frame or a late
wake-up never makes the clock drift. A new level applies to the next hand (002 Rule 24); this
clock only announces it.

Structures are TOML files (``display/structures/*.toml``, see :func:`load_structure`). The state
is a small JSON file (:func:`save_state`/:func:`load_state`): after a restart the clock comes back
on the same step with the same time left, paused, because a monotonic timestamp means nothing
across boots.
"""

from __future__ import annotations

import json
import math
import os
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Protocol

STATE_VERSION = 1

# How each chip race method (tablectl.chiprace) is announced, and the rule it follows.
RACE_TEXT = {
    "tda": ("Full sets are exchanged; odd chips are raced from seat 1, one chip at most per "
            "player, nobody raced out", "002 Rule 25"),
    "wfp": ("Full sets are exchanged; odd chips are raced from the button's left, one chip at "
            "most per player, nobody raced out", "000 rule 6"),
    "wfp-nightly": ("Two or more odd chips buy one new chip; a single odd chip is raced, nobody "
                    "raced out", "000 rule 6, nightly games"),
}


class StructureError(ValueError):
    """A structure file that cannot be used; the message names the file and the entry."""


class ClockStateError(ValueError):
    """A saved clock state that cannot be restored (corrupt, or for another structure)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a structure: a level (blinds and ante) or a break.

    ``color_up`` lists the denominations removed during this step (a break, usually; 002 Rule 25).
    ``number`` is the level's 1-based number; breaks carry 0.
    """

    kind: str  # "level" or "break"
    minutes: float
    number: int = 0
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bb_ante: bool = False
    color_up: tuple[int, ...] = ()
    title: str = ""
    note: str = ""

    @property
    def seconds(self) -> float:
        return self.minutes * 60.0

    @property
    def is_break(self) -> bool:
        return self.kind == "break"

    def blinds_text(self) -> str:
        """``100/200 ante 200 (BB)``, in the short form a clock shows."""
        if self.is_break:
            return self.title or "Break"
        text = f"{short_chips(self.small_blind)}/{short_chips(self.big_blind)}"
        if self.ante:
            text += f"  ante {short_chips(self.ante)}" + (" (BB)" if self.bb_ante else "")
        return text


@dataclass(frozen=True, slots=True)
class PayoutBracket:
    """Percentages paid (1st first) when at least ``entrants`` started (003 "Prizes" table)."""

    entrants: int
    percent: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Structure:
    name: str
    source: str
    steps: tuple[Step, ...]
    starting_stack: int
    chips: tuple[int, ...] = ()
    entrants: int = 10
    per_entry: float = 0.0  # prize pool money added by each entrant
    guaranteed: float = 0.0
    currency: str = "$"
    payouts: tuple[PayoutBracket, ...] = ()
    notes: tuple[str, ...] = ()
    race: str = "tda"  # chip race method for color-ups (tablectl.chiprace.METHODS)

    def levels(self) -> list[Step]:
        return [s for s in self.steps if not s.is_break]


def short_chips(amount: int | float) -> str:
    """Chip amounts as a clock shows them: 500, 1K, 1.5K, 10K, 1.2M."""
    amount = int(amount)
    if amount >= 1_000_000 and amount % 100_000 == 0:
        return f"{amount / 1_000_000:g}M"
    if amount >= 1000 and amount % 100 == 0:
        return f"{amount / 1000:g}K"
    return f"{amount:,}"


def _need(table: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in table:
        raise StructureError(f"{where}: missing {key!r}")
    value = table[key]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise StructureError(f"{where}: {key!r} = {value!r} has the wrong type")
    return value


def _positive_int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise StructureError(f"{where}: {value!r} is not a whole number of chips >= 0")
    return value


def parse_structure(data: dict[str, Any], origin: str = "structure") -> Structure:
    """Validate a decoded TOML structure (see display/structures/README in docs/kiosk.md)."""
    name = _need(data, "name", str, origin)
    source = str(data.get("source", ""))
    start = _positive_int(_need(data, "starting_stack", int, origin), f"{origin}: starting_stack")
    chips = tuple(_positive_int(c, f"{origin}: chips") for c in data.get("chips", []))
    if list(chips) != sorted(set(chips)):
        raise StructureError(f"{origin}: chips must list distinct denominations, lowest first")
    raw_steps = data.get("step")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise StructureError(f"{origin}: needs at least one [[step]]")
    steps: list[Step] = []
    number = 0
    for i, raw in enumerate(raw_steps, 1):
        where = f"{origin}: step {i}"
        if not isinstance(raw, dict):
            raise StructureError(f"{where}: not a table")
        minutes = raw.get("minutes")
        if isinstance(minutes, bool) or not isinstance(minutes, int | float) or minutes <= 0:
            raise StructureError(f"{where}: minutes must be a positive number")
        color_up = tuple(_positive_int(c, f"{where}: color_up") for c in raw.get("color_up", []))
        unknown = [c for c in color_up if chips and c not in chips]
        if unknown:
            raise StructureError(f"{where}: color_up {unknown} not among chips {list(chips)}")
        kind = raw.get("kind", "level")
        if kind == "break":
            steps.append(Step("break", float(minutes), color_up=color_up,
                              title=str(raw.get("title", "Break")), note=str(raw.get("note", ""))))
            continue
        if kind != "level":
            raise StructureError(f"{where}: kind {kind!r} is neither 'level' nor 'break'")
        blinds = raw.get("blinds")
        if not isinstance(blinds, list) or len(blinds) != 2:
            raise StructureError(f"{where}: blinds must be [small, big]")
        sb, bb = (_positive_int(b, f"{where}: blinds") for b in blinds)
        if sb > bb or bb == 0:
            raise StructureError(f"{where}: blinds {blinds} need 0 < small <= big")
        number += 1
        steps.append(Step("level", float(minutes), number, sb, bb,
                          _positive_int(raw.get("ante", 0), f"{where}: ante"),
                          bool(raw.get("bb_ante", False)), color_up,
                          str(raw.get("title", "")), str(raw.get("note", ""))))
    if not any(not s.is_break for s in steps):
        raise StructureError(f"{origin}: needs at least one level")
    prize = data.get("prize", {})
    if not isinstance(prize, dict):
        raise StructureError(f"{origin}: [prize] must be a table")
    brackets = []
    for raw in prize.get("payouts", []):
        percent = tuple(float(p) for p in raw.get("percent", []))
        if not percent or abs(sum(percent) - 100.0) > 0.05:
            raise StructureError(f"{origin}: payout percentages {list(percent)} must total 100")
        brackets.append(PayoutBracket(int(raw.get("entrants", 0)), percent))
    brackets.sort(key=lambda b: b.entrants)
    race = data.get("chip_race", "tda")
    if race not in RACE_TEXT:
        raise StructureError(f"{origin}: chip_race {race!r} is not one of {', '.join(RACE_TEXT)}")
    entrants = data.get("entrants", 10)
    if isinstance(entrants, bool) or not isinstance(entrants, int) or entrants < 1:
        raise StructureError(f"{origin}: entrants must be a positive whole number")
    return Structure(
        name=name, source=source, steps=tuple(steps), starting_stack=start, chips=chips,
        entrants=entrants, per_entry=float(prize.get("per_entry", 0)),
        guaranteed=float(prize.get("guaranteed", 0)), currency=str(prize.get("currency", "$")),
        payouts=tuple(brackets), notes=tuple(str(n) for n in data.get("notes", [])),
        race=race,
    )


def load_structure(path: str | os.PathLike[str]) -> Structure:
    """Read a structure TOML file; a bad file raises :class:`StructureError` naming it."""
    path = Path(path)
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise StructureError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise StructureError(f"{path}: not valid TOML: {exc}") from None
    return parse_structure(data, str(path))


def preset_dir() -> Path:
    """The bundled presets (display/structures)."""
    return Path(__file__).resolve().parent.parent / "display" / "structures"


def presets() -> list[Path]:
    return sorted(preset_dir().glob("*.toml"))


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
        return (self.index, math.ceil(self.seconds_left), self.paused, self.players_left,
                self.chips_in_play, self.back_at, self.entrants, self.notices)


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
        self.buzzer.beep(on_time=self.beat * 2, off_time=self.beat, n=3,
                         background=self.background)


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
            events.append(ClockEvent("break" if self.step.is_break else "level", self.step,
                                     self.index))
        self.banked, self.since = elapsed, now
        left = self.step.seconds - elapsed
        if (not self.warned and not self.step.is_break and self.step.seconds > 60
                and 0 < left <= 60):
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
        next_level = next((s for s in steps[index + 1:] if not s.is_break), None)
        next_break, to_break = None, None
        if not step.is_break:
            acc = left
            for s in steps[index + 1:]:
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
            name=s.name, index=index, step=step, seconds_left=left, paused=self.paused,
            next_level=next_level, next_break=next_break, seconds_to_break=to_break,
            back_at=back_at, entrants=self.entrants, players_left=self.players_left,
            chips_in_play=chips, average_stack=chips // max(1, self.players_left),
            prize_pool=pool, currency=s.currency, payouts=payouts(s, self.entrants, pool),
            notices=color_up_notices(s, index), finished=index == len(steps) - 1 and left <= 0,
        )

    # --- persistence ----------------------------------------------------------------------------
    def to_dict(self, now: float) -> dict[str, Any]:
        index, elapsed = self._settled(now)
        return {
            "version": STATE_VERSION, "structure": self.structure.name, "index": index,
            "elapsed": round(elapsed, 3), "entrants": self.entrants,
            "players_left": self.players_left, "extra_chips": self.extra_chips,
            "warned": self.warned and index == self.index,
        }

    @classmethod
    def from_dict(cls, structure: Structure, data: object) -> TourneyClock:
        """Restore a saved state, paused (002 Rule 24: the floor restarts the clock)."""
        if not isinstance(data, dict) or data.get("version") != STATE_VERSION:
            raise ClockStateError("not a tournament clock state (version 1)")
        if data.get("structure") != structure.name:
            raise ClockStateError(
                f"state is for structure {data.get('structure')!r}, not {structure.name!r}")
        try:
            index = int(data["index"])
            elapsed = float(data["elapsed"])
            entrants = int(data["entrants"])
            left = int(data["players_left"])
            extra = int(data.get("extra_chips", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise ClockStateError(f"state field missing or not a number: {exc}") from None
        if (not 0 <= index < len(structure.steps) or elapsed < -structure.steps[index].seconds
                or not 1 <= left <= entrants):
            raise ClockStateError("state out of range for this structure")
        return cls(structure, index=index, banked=min(elapsed, structure.steps[index].seconds),
                   since=None, entrants=entrants, players_left=left, extra_chips=extra,
                   warned=bool(data.get("warned", False)))


def payouts(structure: Structure, entrants: int, pool: float) -> tuple[tuple[int, float], ...]:
    """Places paid for this field: the largest bracket not above ``entrants`` (003 "Prizes")."""
    bracket = None
    for b in structure.payouts:
        if b.entrants <= entrants:
            bracket = b
    if bracket is None:
        if not structure.payouts:
            return ()
        bracket = structure.payouts[0]
    if pool <= 0:
        return tuple((i, p) for i, p in enumerate(bracket.percent, 1))
    amounts = [round(pool * p / 100.0, 2) for p in bracket.percent]
    amounts[0] = round(amounts[0] + pool - sum(amounts), 2)  # rounding remainder to 1st (003)
    return tuple((i, a) for i, a in enumerate(amounts, 1))


def color_up_notices(structure: Structure, index: int) -> tuple[str, ...]:
    """Color-up notices for the room: the one in progress, else the next one coming."""
    steps = structure.steps
    step = steps[index]
    if step.color_up:
        chips = ", ".join(short_chips(c) for c in step.color_up)
        how, rule = RACE_TEXT[structure.race]
        return (f"Color-up now: {chips} chips leave play. {how} ({rule}).",)
    last_level = step.number
    for later in steps[index + 1:]:
        if later.color_up:
            chips = ", ".join(short_chips(c) for c in later.color_up)
            when = f"after level {last_level}" if later.is_break else f"at level {later.number}"
            rule = RACE_TEXT[structure.race][1]
            return (f"Next color-up {when}: {chips} chips come off ({rule}).",)
        last_level = later.number or last_level
    return ()


def save_state(path: str | os.PathLike[str], clock: TourneyClock, now: float) -> None:
    """Write the state atomically (temp file, fsync, rename) so a power cut leaves the old or the
    new state, never half of one."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    data = json.dumps(clock.to_dict(now), indent=1)
    with tmp.open("w", encoding="utf-8") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def load_state(path: str | os.PathLike[str], structure: Structure) -> TourneyClock | None:
    """The saved clock (paused), ``None`` when there is no file; :class:`ClockStateError` when it
    is unreadable or belongs to another structure."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ClockStateError(f"{path}: cannot read: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ClockStateError(f"{path}: not JSON: {exc.msg}") from None
    try:
        return TourneyClock.from_dict(structure, data)
    except ClockStateError as exc:
        raise ClockStateError(f"{path}: {exc}") from None

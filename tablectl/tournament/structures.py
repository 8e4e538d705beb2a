"""Tournament structures: levels, breaks, colour-ups and payouts, validated from decoded data.

Pure: :func:`parse_structure` takes the decoded TOML (``display/structures/*.toml``; reading the
file is the shell's, :mod:`tablectl.files.clock_files`). A new level applies to the next hand (002
Rule 24); colour-ups follow 002 Rule 25 and 000 rule 6 (:mod:`tablectl.tournament.chiprace`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# How each chip race method (tablectl.tournament.chiprace) is announced, and the rule it follows.
RACE_TEXT = {
    "tda": (
        "Full sets are exchanged; odd chips are raced from seat 1, one chip at most per "
        "player, nobody raced out",
        "002 Rule 25",
    ),
    "wfp": (
        "Full sets are exchanged; odd chips are raced from the button's left, one chip at "
        "most per player, nobody raced out",
        "000 rule 6",
    ),
    "wfp-nightly": (
        "Two or more odd chips buy one new chip; a single odd chip is raced, nobody raced out",
        "000 rule 6, nightly games",
    ),
}


class StructureError(ValueError):
    """A structure file that cannot be used; the message names the file and the entry."""


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
    race: str = "tda"  # chip race method for color-ups (tablectl.tournament.chiprace.METHODS)

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
    if not isinstance(data, dict):  # missing (a setup without one) or not a table
        raise StructureError(f"{origin}: a structure table is needed (name, starting_stack, steps)")
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
            steps.append(
                Step(
                    "break",
                    float(minutes),
                    color_up=color_up,
                    title=str(raw.get("title", "Break")),
                    note=str(raw.get("note", "")),
                )
            )
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
        steps.append(
            Step(
                "level",
                float(minutes),
                number,
                sb,
                bb,
                _positive_int(raw.get("ante", 0), f"{where}: ante"),
                bool(raw.get("bb_ante", False)),
                color_up,
                str(raw.get("title", "")),
                str(raw.get("note", "")),
            )
        )
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
        name=name,
        source=source,
        steps=tuple(steps),
        starting_stack=start,
        chips=chips,
        entrants=entrants,
        per_entry=float(prize.get("per_entry", 0)),
        guaranteed=float(prize.get("guaranteed", 0)),
        currency=str(prize.get("currency", "$")),
        payouts=tuple(brackets),
        notes=tuple(str(n) for n in data.get("notes", [])),
        race=race,
    )


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
    # on a break, the level before it (a break's own number is 0)
    last_level = next((s.number for s in reversed(steps[: index + 1]) if not s.is_break), 0)
    for later in steps[index + 1 :]:
        if later.color_up:
            chips = ", ".join(short_chips(c) for c in later.color_up)
            when = f"after level {last_level}" if later.is_break else f"at level {later.number}"
            rule = RACE_TEXT[structure.race][1]
            return (f"Next color-up {when}: {chips} chips come off ({rule}).",)
        last_level = later.number or last_level
    return ()

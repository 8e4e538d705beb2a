"""A tournament over several days (issue 32 section 3; pure): end of day, bag and tag, day two.

``{"end_day": {"seconds_left": 1260}}`` (the director, between hands everywhere, nobody moving):
play halts at every table (002 Rule 11-D's ``halt``, why: the end of the day) and each player
still in gets a ``bag`` command (tablectl.wire.commands.BagCmd): the total and the chips by
colour of the last RFID reading of their stack. The dealer counts the bag and confirms it (the
chips leave the table in the bag: an ``unseat``); the answer's stack is the bag's total, the
record the venue keeps: player, table, seat, chips by colour, total, who confirmed it. A manual
table's floor person confirms the bag with the count (``manual`` confirm with ``stack``), or
the director enters a bag by hand (``bagged``) with the chips by colour. The day is over once
every bag is in (a ``day_over`` notice with the bags' total, which must be the chips in play:
else an ``alert``, the bags to count again).

``{"start_day": {}}``: day two (the next day) restarts from the bags: a new random seat draw
(002 Rule 7) over the fewest tables the players left need, each player seated with their bag's
chips, at the structure level play stopped at; the clock's time left is the one ``end_day``
kept (``seconds_left``). The chips issued do not change: every chip bagged comes back to play.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from tablectl.tournament import seating
from tablectl.wire.commands import BagCmd, HaltCmd

# what waits for the next day: nobody enters, moves or deals while the chips are in bags
NOT_AT_NIGHT = (
    "register",
    "reentry",
    "rebuy",
    "addon",
    "approve",
    "break",
    "deal",
    "hand_for_hand",
)


def night(d: Days) -> str:
    return f"day {d.day} is {'over' if d.over else 'being bagged'}: wait for day {d.day + 1}"


class DayError(ValueError):
    """An end of day, bag or day start that cannot apply: the message says why."""


@dataclass
class Bag:
    entry: str
    name: str
    table: str
    seat: int
    stack: int
    chips: dict[int, int] = field(default_factory=dict)  # chip value -> how many
    by: str = ""  # "dealer" (the table confirmed it) or who entered it by hand

    def to_obj(self) -> dict[str, Any]:
        return {
            "entry": self.entry,
            "name": self.name,
            "table": self.table,
            "seat": self.seat,
            "stack": self.stack,
            "chips": {str(v): n for v, n in sorted(self.chips.items(), reverse=True)},
            "by": self.by,
        }


@dataclass
class Days:
    day: int = 1
    bagging: bool = False  # end of day called: the bags are being made
    over: bool = False  # every bag is in: the room waits for the next day
    seconds_left: int | None = None  # the clock's time left in the level when play stopped
    bags: dict[str, Bag] = field(default_factory=dict)  # entry id -> its bag, this day's
    asked: dict[str, int] = field(default_factory=dict)  # entry id -> the bag's RFID total
    reading: dict[str, tuple[int, ...]] = field(default_factory=dict)  # entry id -> chips read
    chips_at_end: int = 0  # the chips in play when the day ended

    @property
    def stopped(self) -> bool:
        """No balancing, no breaking, no finish: the day is being bagged or is over."""
        return self.bagging or self.over

    def copy(self) -> Days:
        """For the venue's snapshot (a refused event restores it): a bag is changed only by
        being replaced, so the mappings are copied, not the bags."""
        return replace(
            self, bags=dict(self.bags), asked=dict(self.asked), reading=dict(self.reading)
        )


def end_day(venue: Any, body: object, out: list[Any], say: Any) -> None:
    """The director ends the day: halt every table, a bag for each player still in."""
    d: Days = venue.days
    if not venue.started or venue.finished:
        raise DayError("a day ends while the tournament plays")
    if d.stopped:
        raise DayError(f"day {d.day} is ended already")
    if venue.pending_moves() or venue.pending:
        raise DayError("players are moving or a command waits: end the day once all is settled")
    busy = [
        t
        for t in venue.active_tables()
        if venue.tables[t].report and venue.tables[t].report.in_hand
    ]
    if busy:
        raise DayError(f"a hand is in play at {', '.join(busy)}: end the day between hands")
    seconds = body.get("seconds_left") if isinstance(body, dict) else None
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, int) or seconds < 0
    ):
        raise DayError(f"end_day.seconds_left must be whole seconds >= 0, got {seconds!r:.20}")
    d.bagging, d.seconds_left, d.bags, d.asked, d.reading = True, seconds, {}, {}, {}
    d.chips_at_end = venue.chips_in_play()
    why = f"end of day {d.day}: bag and tag"
    for t in venue.active_tables():
        out.append(HaltCmd(t, venue._id(), "002 Rule 11-D", why, halt=True))
    for e in sorted(venue.remaining(), key=lambda e: (e.table, e.seat)):
        report = venue.tables[e.table].report
        seen = report.seat(e.seat) if report is not None else None
        chips = seen.chips if seen is not None and seen.chips and sum(seen.chips) == e.stack else ()
        cmd = BagCmd(
            e.table,
            venue._id(),
            "",
            f"{why}: count the chips into the bag, confirm the total and the colours",
            seat=e.seat,
            name=e.name,
            stack=e.stack,
            chips=tuple(chips or ()),
            day=d.day,
        )
        venue.pending[cmd.id] = (cmd, e.id)
        d.asked[e.id], d.reading[e.id] = e.stack, cmd.chips
        out.append(cmd)
    out.append(
        say(
            "day_end",
            f"end of day {d.day}: {len(d.asked)} bags to make at "
            f"{len(venue.active_tables())} tables",
            "",
            {"day": d.day, "bags": len(d.asked), "chips": d.chips_at_end},
        )
    )


def bagged(
    venue: Any, entry: Any, stack: int, chips: dict[int, int], by: str, out: list[Any], say: Any
) -> None:
    """``entry``'s bag is in: kept, the player no longer at the table; the day over once all are."""
    d: Days = venue.days
    if not d.bagging or entry.id not in d.asked:
        raise DayError(f"no bag is asked of {entry.name}")
    if chips and sum(v * n for v, n in chips.items()) != stack:
        raise DayError(
            f"{entry.name}'s chips by colour total {sum(v * n for v, n in chips.items()):,}, "
            f"not the bag's {stack:,}: count again"
        )
    d.bags[entry.id] = Bag(entry.id, entry.name, entry.table, entry.seat, stack, chips, by)
    del d.asked[entry.id]
    entry.stack = stack
    if not d.asked:
        total = sum(b.stack for b in d.bags.values())
        d.bagging, d.over = False, True
        out.append(
            say(
                "day_over",
                f"day {d.day} over: {len(d.bags)} bags, {total:,} chips",
                "",
                {"day": d.day, "bags": len(d.bags), "chips": total},
            )
        )
        if total != venue.chips_issued:
            out.append(
                say(
                    "alert",
                    f"the bags hold {total:,} chips but {venue.chips_issued:,} are in play: "
                    f"count the bags again before day {d.day + 1}",
                    "",
                    {"chips": total, "issued": venue.chips_issued},
                )
            )


def colours(chips: tuple[int, ...]) -> dict[int, int]:
    return {v: chips.count(v) for v in sorted(set(chips), reverse=True)}


def by_hand(venue: Any, body: object, out: list[Any], say: Any, by: str = "by hand") -> None:
    """``{"bagged": {"entry": "e3", "chips": {"5000": 4, "1000": 3}, "stack": 23000}}``: a bag
    entered by hand on the console (a manual table's, or one the dealer could not confirm): the
    chips by colour, and the total counted (``stack``, optional: it must be what the colours
    total); the table's bag command is withdrawn (the chips left the table by hand)."""
    if not isinstance(body, dict) or not isinstance(body.get("entry"), str):
        raise DayError('bagged: {"entry": id, "chips": {"value": how many}}')
    entry = venue.entries.get(body["entry"])
    if entry is None:
        raise DayError(f"no entry {body['entry']!r:.40}")
    raw = body.get("chips")
    if not isinstance(raw, dict) or not raw:
        raise DayError(f"bagged: {entry.name}'s chips by colour, value -> how many")
    chips: dict[int, int] = {}
    for value, n in raw.items():
        if not str(value).isdigit() or int(value) < 1:
            raise DayError(f"bagged: {value!r:.20} is not a chip value")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > 10**6:
            raise DayError(f"bagged: {n!r:.20} {value} chips is not a count")
        if n:
            chips[int(value)] = n
    stack = body.get("stack", sum(v * n for v, n in chips.items()))  # the total counted
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
        raise DayError(f"bagged.stack must be whole chips, got {stack!r:.20}")
    for cid, (cmd, ref) in list(venue.pending.items()):
        if isinstance(cmd, BagCmd) and ref == entry.id:
            del venue.pending[cid]
    who = body.get("by") if isinstance(body.get("by"), str) else ""
    bagged(venue, entry, stack, chips, (who or by)[:64], out, say)


def start_day(venue: Any, out: list[Any], say: Any) -> None:
    """The next day: a new seat draw (002 Rule 7) of the bagged players, each with their bag."""
    d: Days = venue.days
    if not d.over:
        raise DayError("the next day starts once every bag of this one is in")
    players = [b.entry for b in sorted(d.bags.values(), key=lambda b: b.entry)]
    tables = [t for t in venue.cfg.tables if t not in venue.broken] or list(venue.cfg.tables)
    draw = seating.initial_draw(players, tables, venue.cfg.handed, venue.rng)
    used = {p[0] for p in draw.values()}
    for t, vt in venue.tables.items():
        vt.active, vt.breaking, vt.halted = t in used, False, False
        vt.report = None  # a new day: nobody waits for a button of yesterday (002 Rule 10-A)
    d.day, d.over = d.day + 1, False
    for t in sorted(used):
        out.append(HaltCmd(t, venue._id(), "002 Rule 7", f"day {d.day}: play resumes", halt=False))
    for pid in players:
        e = venue.entries[pid]
        e.stack = d.bags[pid].stack
        venue._send_seat(e, draw[pid], out, "002 Rule 7", f"day {d.day}: random seat draw")
    out.append(
        say(
            "day_start",
            f"day {d.day}: {len(players)} players at {len(used)} tables, level of step "
            f"{venue.step_index + 1}"
            + (
                f", {d.seconds_left // 60}:{d.seconds_left % 60:02d} left"
                if d.seconds_left is not None
                else ""
            ),
            "002 Rule 7",
            {"day": d.day, "players": len(players), "seconds_left": d.seconds_left},
        )
    )

"""Tables without sensors ("manual" tables) in the venue's tournament (issue 31 part 2; pure).

A manual table has no Pi: its floor person enters, on the console or the phone page, what a
sensored table reports by itself. Each entry is one venue event, journaled with who made it:

``{"manual": {"table": "T3", "by": "Kim", "hand": {"busts": [...], "button": 4}}}``
    a hand is over: its bust-outs (who, eliminated by whom with their shares, optionally the
    place the floor person expects), the button; during hand-for-hand it is the table's hand over
    (002 RP-8 A: the round waits for it as for a sensored table's report).
``{"manual": {"table": "T3", "by": "Kim", "count": {"Ann": 23500, ...}}}``
    every player's chips, counted when asked: a level over, a colour-up (002 Rule 25: the count
    after the race may change the chips in play), hand-for-hand.
``{"manual": {"table": "T3", "by": "Kim", "confirm": "c17", "stack": 23100}}``
    the floor person carried out a venue command (``confirm`` may list several ids: the seat
    draw); an ``unseat`` says the chips the player took (default: the last count).
``{"manual": {"table": "T3", "by": "Kim", "refuse": "c17", "reason": "..."}}``

From each entry this module makes the events a sensored table would have sent (a ``report`` of
the table's seats, a ``confirmed`` or ``refused``), and the venue folds them on the one path, so
balancing, breaking, seat draws, levels and payouts treat the table as any other.

The stacks of a manual table are the last count; a player busted gives their chips to the
eliminators (by their shares), so the table's chips stay every chip at it. A move carries the
chips the floor person counted; what that differs from the last count stays at the table,
``uncounted``, until the next count, which must account for every chip there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from tablectl.wire.commands import Command, SeatCmd, StackCmd, UnseatCmd

IN_PLAY = ("seated", "leaving")  # at the table (a player moving away sits until confirmed)
MAX_STAFF = 64  # characters of the staff name kept with an entry


class ManualError(ValueError):
    """A manual entry that cannot apply: the message says why, in one line."""


@dataclass
class ManualTable:
    seq: int = 0  # the reports made for it
    hand: int = 0  # hands entered (with bust-outs, or hand-over during hand-for-hand)
    button: int | None = None
    uncounted: int = 0  # chips at the table not in any player's last count (a move's count)
    by: str = ""  # who entered its figures last
    what: str = ""  # and what, in words
    counted_step: int = 0  # the clock step of its last count (the draw's stacks count as one)
    counted_epoch: int = 0  # the hand-for-hand of its last count (0: none)
    done: tuple[int, int] = (0, -1)  # (hand-for-hand, round) of its last hand over


@dataclass
class ManualRoom:
    """Every manual table's own figures, and who entered each elimination."""

    tables: dict[str, ManualTable] = field(default_factory=dict)
    epoch: int = 0  # hand-for-hand started so many times
    busted_by: dict[str, str] = field(default_factory=dict)  # entry id -> staff who entered it

    def copy(self) -> ManualRoom:
        tables = {t: replace(mt) for t, mt in self.tables.items()}
        return ManualRoom(tables, self.epoch, dict(self.busted_by))

    def has(self, table: str) -> bool:
        return table in self.tables

    def h4h_started(self) -> None:
        self.epoch += 1

    def h4h_done(self, table: str, round_no: int) -> bool:
        """002 RP-8 A for a manual table: its floor person said this round's hand is over."""
        return self.tables[table].done >= (self.epoch, round_no)


def setup_tables(body: dict[str, Any], tables: list[str]) -> tuple[str, ...]:
    """The setup's ``manual``: tables of the setup without sensors."""
    manual = body.get("manual", [])
    if not isinstance(manual, list) or not all(isinstance(t, str) for t in manual):
        raise ManualError("setup.manual must be a list of table names")
    strangers = [t for t in manual if t not in tables]
    if strangers:
        raise ManualError(f"setup.manual: {strangers[0]!r:.40} is not one of setup.tables")
    if len(set(manual)) != len(manual):
        raise ManualError("setup.manual names a table twice")
    return tuple(manual)


def seated(venue: Any, table: str) -> list[Any]:
    """The players sitting at ``table`` now (one moving away still sits until confirmed)."""
    return sorted(
        (
            e
            for e in venue.entries.values()
            if e.table == table and e.status in ("seated", "leaving")
        ),
        key=lambda e: e.seat,
    )


def chips_at(venue: Any, table: str) -> int:
    return sum(e.stack for e in seated(venue, table)) + venue.manual.tables[table].uncounted


def asked(venue: Any, table: str) -> list[str]:
    """Why the venue wants this table's chips counted now ([]: it does not)."""
    mt = venue.manual.tables[table]
    why: list[str] = []
    if not venue.tables[table].active or not seated(venue, table):
        return why  # broken, or nobody there yet
    steps = venue.structure.steps
    if mt.counted_step < venue.step_index:
        passed = steps[mt.counted_step + 1 : venue.step_index + 1]
        if any(s.color_up for s in passed):
            why.append("colour-up (002 Rule 25)")
        why.append("end of level")
    if venue.h4h is not None and mt.counted_epoch != venue.manual.epoch:
        why.append("hand-for-hand (002 RP-8)")
    return why


def _colour_up_due(venue: Any, table: str) -> bool:
    mt = venue.manual.tables[table]
    passed = venue.structure.steps[mt.counted_step + 1 : venue.step_index + 1]
    return any(s.color_up for s in passed)


def waiting(venue: Any, table: str) -> list[Command]:
    """The venue's commands this table's floor person has to carry out, oldest first."""
    return [cmd for cmd, _ref in venue.pending.values() if cmd.table == table]


def report(venue: Any, table: str, busted: dict[str, Any] | None = None) -> dict[str, Any]:
    """The table's state in the report shape (docs/venue.md), as a sensored table sends it."""
    mt = venue.manual.tables[table]
    mt.seq += 1
    here = seated(venue, table)
    seats = [
        {
            "seat": e.seat,
            "name": e.name,
            "stack": 0 if busted and e.id in busted else e.stack,
            "status": "out" if busted and e.id in busted else "active",
        }
        for e in here
    ]
    occupied = [e.seat for e in here if not (busted and e.id in busted)]
    sb, bb = _blinds(occupied, mt.button)
    return {
        "table": table,
        "seq": mt.seq,
        "hand": mt.hand,
        "level": None,
        "status": "halted" if venue.tables[table].halted else "between",
        "in_hand": False,
        "button": mt.button,
        "sb": sb,
        "bb": bb,
        "seats": seats,
        "chips": sum(s["stack"] for s in seats) + mt.uncounted,  # a busted stack was paid out
    }


def _blinds(occupied: list[int], button: int | None) -> tuple[int | None, int | None]:
    """The blinds after ``button``: the next two players clockwise (a manual table enters its
    button only; 002 Rule 11-A's "due the big blind next" is read from them)."""
    if button is None or len(occupied) < 2:
        return None, None
    ring = sorted(occupied)
    after = [s for s in ring if s > button] + [s for s in ring if s <= button]
    if len(ring) == 2:  # heads-up: the button is the small blind
        return (button, after[0]) if button in ring else (after[0], after[1])
    return after[0], after[1]


def _staff(body: dict[str, Any]) -> str:
    by = body.get("by")
    if not isinstance(by, str) or not by.strip() or len(by) > MAX_STAFF:
        raise ManualError('needs "by": the staff member who entered it')
    return by.strip()


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**12:
        raise ManualError(f"{what} must be a whole number of chips, got {value!r:.40}")
    return value


def apply(venue: Any, body: object, out: list[Any], say: Callable[..., Any]) -> None:
    """Fold one manual entry into ``venue`` (its ``_on_report``/``_on_confirmed``/
    ``_on_refused``, as a sensored table's events are); ``say`` makes a notice (the venue's
    ``Announcement``)."""
    if not isinstance(body, dict):
        raise ManualError(f"manual needs an object, got {body!r:.80}")
    table = body.get("table")
    if not isinstance(table, str) or not venue.manual.has(table):
        manual = ", ".join(venue.manual.tables) or "none"
        raise ManualError(f"table {table!r:.40} is not a manual table (manual: {manual})")
    if not venue.started:
        raise ManualError("the tournament has not started")
    by = _staff(body)
    kinds = [k for k in ("hand", "count", "confirm", "refuse") if k in body]
    if len(kinds) != 1:
        raise ManualError("manual needs one of hand, count, confirm, refuse")
    kind = kinds[0]
    mt = venue.manual.tables[table]
    if kind == "hand":
        what = _hand(venue, table, body["hand"], by, out)
    elif kind == "count":
        what = _counted(venue, table, body["count"], out, say)
    elif kind == "confirm":
        what = _confirm(venue, table, body, out)
    else:
        what = _refuse(venue, table, body, out)
    mt.by, mt.what = by, what


def _hand(venue: Any, table: str, hand: object, by: str, out: list[Any]) -> str:
    if not isinstance(hand, dict):
        raise ManualError('hand needs {"busts": [...], "button": seat}')
    mt = venue.manual.tables[table]
    here = {e.name: e for e in seated(venue, table)}
    r = venue.h4h
    if r is not None and table in r.start and venue.manual.h4h_done(table, r.round):
        raise ManualError(
            f"{table} has reported round {r.round}'s hand over: hold until the next round "
            "(002 RP-8 A)"
        )
    button = hand.get("button", mt.button)
    if button is not None and (
        isinstance(button, bool) or not isinstance(button, int) or not 1 <= button <= 10
    ):
        raise ManualError(f"hand.button must be a seat 1-10, got {button!r:.20}")
    busts = hand.get("busts", [])
    if not isinstance(busts, list):
        raise ManualError("hand.busts must be a list")
    out_now: dict[str, dict[str, int]] = {}  # entry id -> eliminators (entry id -> share)
    places: dict[str, int] = {}
    for b in busts:
        if not isinstance(b, dict) or b.get("name") not in here:
            name = b.get("name") if isinstance(b, dict) else b
            raise ManualError(f"{name!r:.40} is not playing at {table}")
        e = here[b["name"]]
        if e.id in out_now:
            raise ManualError(f"{e.name} is entered out twice")
        shares = b.get("by")
        if isinstance(shares, str):
            shares = {shares: 1}
        if not isinstance(shares, dict) or not shares:
            raise ManualError(f"{e.name}: eliminated by whom?")
        ids: dict[str, int] = {}
        for name, share in shares.items():
            if name not in here or name == e.name:
                raise ManualError(f"{e.name} cannot be eliminated by {name!r:.40}: not at {table}")
            if isinstance(share, bool) or not isinstance(share, int) or share < 1:
                raise ManualError(f"{name}'s share must be a whole number above 0")
            ids[here[name].id] = share
        out_now[e.id] = ids
        if b.get("place") is not None:
            places[e.id] = _count(b["place"], f"{e.name}'s place")
    busted = {i for i in out_now}
    for ids in out_now.values():
        if busted & set(ids):
            raise ManualError("a player out on this hand eliminated no one on it")
    left = len(venue.remaining())
    # who finished higher, as the floor person saw it (the stacks before the hand)
    first = left - len(out_now) + 1
    if places and sorted(places.values()) != list(range(first, left + 1)):
        expected = f"{left}" if len(out_now) == 1 else f"{first}-{left} (each named)"
        raise ManualError(
            f"{left} players in: a player out now finishes in place "
            f"{expected}, not {', '.join(str(p) for p in sorted(places.values()))}"
        )
    entries = venue.entries
    for bid, ids in out_now.items():
        _pay(entries[bid].stack, {i: entries[i] for i in ids}, ids)
    mt.hand += 1
    mt.button = button
    if r is not None and table in r.start:
        mt.done = (venue.manual.epoch, r.round)
    for bid, ids in out_now.items():
        entries[bid].by = dict(ids)
        venue.manual.busted_by[bid] = by
        if bid in places:  # _eliminate places the smaller stack lower: order as entered
            entries[bid].stack = -places[bid]
    mark = len(out)
    venue._on_report(report(venue, table, out_now), out)
    for i in range(mark, len(out)):  # figures entered by hand say so, and by whom
        o = out[i]
        if getattr(o, "kind", "") == "eliminated" and o.data.get("entry") in out_now:
            out[i] = replace(o, text=f"{o.text} (entered by {by} at {table})")
    names = ", ".join(entries[b].name for b in out_now)
    return f"hand {mt.hand}" + (f": {names} out" if names else ": hand over")


def _pay(chips: int, winners: dict[str, Any], shares: dict[str, int]) -> None:
    """A busted player's last count goes to the eliminators by their shares (the first the
    odd chips), so the table's chips stay every chip at it."""
    total = sum(shares.values())
    given = 0
    for i, e in winners.items():
        part = chips * shares[i] // total
        e.stack += part
        given += part
    next(iter(winners.values())).stack += chips - given


def _counted(venue: Any, table: str, count: object, out: list[Any], say: Callable[..., Any]) -> str:
    here = {e.name: e for e in seated(venue, table)}
    if not isinstance(count, dict) or set(count) != set(here):
        missing = sorted(set(here) - set(count)) if isinstance(count, dict) else sorted(here)
        extra = sorted(set(count) - set(here)) if isinstance(count, dict) else []
        words = ([f"missing {', '.join(missing)}"] if missing else []) + (
            [f"not at {table}: {', '.join(extra)}"] if extra else []
        )
        raise ManualError(f"a count names every player at {table}: " + "; ".join(words))
    stacks = {n: _count(v, f"{n}'s count") for n, v in count.items()}
    mt = venue.manual.tables[table]
    held = chips_at(venue, table)
    total = sum(stacks.values())
    if total != held and not _colour_up_due(venue, table):
        raise ManualError(
            f"the counts sum to {total:,} but {table} holds {held:,} chips: count again"
        )
    if total != held:  # the race changed the chips in play (002 Rule 25)
        venue.chips_issued += total - held
        out.append(
            say(
                "color_up",
                f"{table}: colour-up counted by hand, {total - held:+,} chips",
                "002 Rule 25",
                {"table": table, "chips": total - held},
            )
        )
    for name, stack in stacks.items():
        here[name].stack = stack
    mt.uncounted = 0
    mt.counted_step = venue.step_index
    mt.counted_epoch = venue.manual.epoch if venue.h4h is not None else mt.counted_epoch
    venue._on_report(report(venue, table), out)
    return f"counted {total:,} chips"


def _command(venue: Any, table: str, cid: object) -> Command:
    found = venue.pending.get(cid) if isinstance(cid, str) else None
    if found is None or found[0].table != table:
        raise ManualError(f"no command {cid!r:.40} waits at {table}")
    return found[0]


def _confirm(venue: Any, table: str, body: dict[str, Any], out: list[Any]) -> str:
    ids = body["confirm"] if isinstance(body["confirm"], list) else [body["confirm"]]
    if not ids:
        raise ManualError("confirm names at least one command")
    for cid in ids:
        cmd = _command(venue, table, cid)
        answer: dict[str, Any] = {"table": table, "id": cmd.id}
        entry = venue.entries.get(venue.pending[cmd.id][1].partition(":")[0])
        current = entry.stack if entry is not None else 0
        if isinstance(cmd, UnseatCmd):
            stack = body.get("stack") if len(ids) == 1 else None
            counted = current if stack is None else _count(stack, "the chips taken")
            held = chips_at(venue, table)
            if counted > held:
                raise ManualError(f"{cmd.name} cannot take {counted:,}: {table} holds {held:,}")
            venue.manual.tables[table].uncounted += current - counted
            answer["stack"] = counted
        elif isinstance(cmd, StackCmd):
            was = 0 if entry is None or entry.status == "out" else current
            if cmd.set and body.get("before") is not None and len(ids) == 1:
                counted = _count(body["before"], "the chips replaced")  # leave play (8-B)
                venue.manual.tables[table].uncounted += was - counted
                was = counted
            answer["stack"], answer["before"] = cmd.result(was), was
        elif isinstance(cmd, SeatCmd):
            answer["stack"] = cmd.stack
        venue._on_confirmed(answer, out)
    venue._on_report(report(venue, table), out)
    return "confirmed " + ", ".join(str(i) for i in ids)


def _refuse(venue: Any, table: str, body: dict[str, Any], out: list[Any]) -> str:
    cmd = _command(venue, table, body["refuse"])
    reason = body.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise ManualError("a refusal says why")
    venue._on_refused({"table": table, "id": cmd.id, "reason": reason.strip()[:200]}, out)
    venue._on_report(report(venue, table), out)
    return f"refused {cmd.id}: {reason.strip()[:80]}"


def instruction(venue: Any, table: str) -> tuple[bool, str]:
    """What the floor person does now: whether the table may deal, and why in words (the
    dealer screen's HOLD line at a sensored table)."""
    vt = venue.tables[table]
    if not vt.active:
        return False, "not in play"
    if vt.breaking:
        return False, "the table breaks: move the players as the seat cards say (002 Rule 10-B)"
    if vt.halted:
        return False, "HALTED: hold play until players arrive (002 Rule 11-D)"
    r = venue.h4h
    if r is None:
        return True, "Play on"
    if table in r.start and not venue.manual.h4h_done(table, r.round):
        if r.round == 0:
            return True, "Hand for hand: finish the hand in progress, then enter Hand over"
        return True, f"Hand for hand, round {r.round}: deal one hand, then enter Hand over"
    others = [t for t in r.waiting if t != table]
    return False, "HOLD - hand for hand: waiting for " + (", ".join(others) or "the next round")

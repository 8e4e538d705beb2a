"""A table without sensors in `tablectl venue sim --manual N`: the cards are still played (an
engine and bots, as :class:`hw_sim.venue_tables.SimTable`), but nothing is reported by itself.
A simulated floor person watches the table and makes the entries the phone page makes
(``{"manual": ...}`` venue events, tablectl.tournament.manual): each hand that busted a player
(who, eliminated by whom: the players who took chips on that hand, by what each took), each
hand-for-hand hand over (002 RP-8 A), the chip counts the venue asks for (a level over,
hand-for-hand), and the answers to the venue's seats, moves and stack changes.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hw_sim.venue_tables import SimTable, VenueSim
from tablectl.tournament import manual
from tablectl.wire.commands import SeatCmd, StackCmd, UnseatCmd

FLOOR = "Sim floor"


class ManualSimTable(SimTable):
    """A :class:`SimTable` with no link: its floor person enters what it would report."""

    runner: Any = None  # the venue runner the entries go to (set by the sim)

    # --- no Pi, no link -------------------------------------------------------------------------
    def connect(self) -> None:
        pass

    def disconnect(self) -> None:
        pass

    def publish_state(self) -> None:
        self.dirty = False

    def publish_event(self, kind: str, body: dict[str, Any]) -> None:
        pass  # a table without sensors says nothing by itself

    # --- the floor person -----------------------------------------------------------------------
    def enter(self, **entry: Any) -> list[Any]:
        """One entry, as the phone page posts it (the console's ``manual_entry``)."""
        said = self.runner.apply({"manual": {"table": self.name, "by": FLOOR, **entry}})
        for o in said:
            if getattr(o, "kind", "") == "alert" and self.name in o.text:
                self.counts.problems.append(f"{self.name}: the venue refused {entry}: {o.text}")
        return said

    def service(self) -> None:
        """Between hands: carry out the venue's commands, count when asked, say a hand over that
        was not dealt (hand-for-hand starting between two hands)."""
        v = self.runner.venue
        if self.in_hand() or not v.started:
            return
        self.step_index = max(self.step_index, v.step_index)
        self.halted = v.tables[self.name].halted
        for cmd in manual.waiting(v, self.name):
            order = SimpleNamespace(id=cmd.id, by=FLOOR, kind=cmd.kind)
            if isinstance(cmd, SeatCmd):
                self._seat(order, cmd.seat, cmd.name, cmd.stack)  # type: ignore[arg-type]
            elif isinstance(cmd, UnseatCmd):
                self._unseat(order, cmd.seat, cmd.name)  # type: ignore[arg-type]
            elif isinstance(cmd, StackCmd):
                self._stack(order, cmd)  # type: ignore[arg-type]
            if self.counts.problems:
                return
        if manual.asked(v, self.name) and not manual.waiting(v, self.name):
            self.enter(count=self._stacks())
        r = v.h4h
        if r is not None and r.round == 0 and manual.instruction(v, self.name)[0]:
            self.enter(hand={})  # no hand in progress here when it started: over at once

    def _answer(self, cmd: Any, ok: bool, note: str = "", **extra: Any) -> None:
        self.dirty = True
        if not ok:
            self.counts.refused += 1
            self.enter(refuse=cmd.id, reason=note or "refused")
            return
        entry: dict[str, Any] = {"confirm": cmd.id}
        if cmd.kind in ("unseat", "bag"):
            entry["stack"] = extra["stack"]  # counted as the player picks the chips up
        if cmd.kind == "stack" and "before" in extra:
            entry["before"] = extra["before"]  # the chips an absolute stack replaces
        self.enter(**entry)

    def _stacks(self) -> dict[str, int]:
        if self.engine is None:
            return {n: s for n, s in self.waiting_seats.values()}
        return {p.name: p.stack for p in self.engine.players.values() if not p.out}

    def can_play(self) -> bool:
        if self.in_hand():
            return True  # no RFID: no all-in hold here; the floor person deals it out
        v = self.runner.venue
        deal, _why = manual.instruction(v, self.name)
        r = v.h4h
        if not deal or (r is not None and r.round == 0) or self.on_break():
            return False
        if self.engine is None:
            return len(self.waiting_seats) >= 2
        return len(self.engine.live_seats()) >= 2

    def play_hand(self) -> None:
        before = self._stacks() if self.engine is not None else {}
        super().play_hand()
        if self.in_hand() or self.engine is None:
            return
        after = {p.name: (p.stack, p.out) for p in self.engine.players.values()}
        busts = [n for n, (_s, out) in after.items() if out and n in before]
        # who eliminated them: the players who took chips on the hand, by what each took
        won = {n: s - before[n] for n, (s, out) in after.items() if n in before and s > before[n]}
        if busts or self.runner.venue.h4h is not None:
            hand: dict[str, Any] = {
                "busts": [{"name": n, "by": dict(won)} for n in busts],
                "button": self.engine.positions().button,
            }
            self.enter(hand=hand)


class ManualVenueSim(VenueSim):
    """`tablectl venue sim --manual N`: the N tables after the first have no sensors (they
    break last, the final table's aside, so the bubble is played with them)."""

    def manual_names(self) -> list[str]:
        return self.names[1 : 1 + self.cfg.manual]

    def make_table(self, name: str, *args: Any) -> SimTable:
        if name not in self.manual_names():
            return super().make_table(name, *args)
        table = ManualSimTable(name, *args)
        table.runner = self.runner
        return table

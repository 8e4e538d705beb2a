"""The daemon's side of the venue link (docs/venue.md, "A table on the venue"): the one optional
``venue`` collaborator of :class:`tablectl.daemon.loop.Daemon`.

Everything here runs on the daemon's loop thread. paho's thread posts its items to the daemon's
inbox as ``("venue", item)``; the loop hands them to :meth:`TableVenue.handle_items`. After every
handled event the engine's outputs go on the events stream and the state, when it changed, is
published retained: both are outbox inserts in the journal's database, so a slow or absent
broker never slows the table.

Commands: ``seat``, ``unseat`` and ``stack`` wait on the dealer screen (the console's VENUE
panel) for CONFIRM or REFUSE. Confirmed, each becomes the contract's ``floor`` decision with
``by`` = the director the venue names (the venue's broker identity vouches for it: only the
venue user may write a table's command topic), journaled through :meth:`Daemon.handle` like a
console entry but not through the floor-badge gate. ``level`` (002 Rule 24) and ``halt`` (002
Rule 11-D) need no confirmation and are taken on receipt, and so are ``note`` (the director's
announcements, shown on the dealer screen until the next ``note``) and ``h4h`` (002 RP-8,
hand-for-hand): the dealer screen says HOLD and for whom it waits, or to deal the round's one
hand, or, after an all-in and call, to keep the cards face down and deal no further card until
the director releases the table. A hand dealt against the hold, or a board card dealt before the
release, is an alert on the screen and on the events stream (the engine is not told: the hold is
the venue's, kept here). Unanswered commands are shown again after a restart, and what the
commands taken on receipt left at the table (a halt, the announcements, hand-for-hand and its
rounds dealt, the bust records bounties are paid from) is kept beside the outbox and restored: a
table restarted during a bubble still holds, a halted table is still halted.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import asdict, fields
from typing import Any, Protocol

from tablectl.daemon.outbox import Outbox
from tablectl.daemon.venue_link import LinkConfig, LinkItem, LinkProblem, VenueLink
from tablectl.engine.events import Event, FloorDecision
from tablectl.engine.outputs import Alert, Notice, Output, Ruling
from tablectl.engine.view import TableView
from tablectl.tournament.handforhand import TableHold
from tablectl.wire.busts import BustRecords
from tablectl.wire.commands import (
    BagCmd,
    Command,
    HaltCmd,
    HoldCmd,
    LevelCmd,
    NoteCmd,
    SeatCmd,
    StackCmd,
    UnseatCmd,
)
from tablectl.wire.envelope import Envelope
from tablectl.wire.report import output_event, state_body

log = logging.getLogger("tablectl.venue")


class TablePort(Protocol):
    """What the venue link needs of the table (the daemon gives it: tablectl.daemon.loop)."""

    def handle(self, event: Event) -> list[Output]: ...  # journaled, applied: its outputs

    def view(self) -> TableView: ...

    def positions(self) -> tuple[int | None, int | None, int | None] | None: ...  # this hand's

    def seated(self, seat: int, out_too: bool = False) -> tuple[str, int] | None: ...  # in play

    def show(self, commands: list[tuple[str, str, str]], halted: str | None) -> None: ...

    def show_hold(self, lines: tuple[str, ...]) -> None: ...  # hand-for-hand (002 RP-8)

    def show_notes(self, notes: tuple[str, ...]) -> None: ...  # the director's announcements

    def answers(self) -> list[tuple[str, bool]]: ...  # the dealer's taps since the last call

    def busy(self) -> bool: ...  # more waits in the inbox: hand rows to paho later


class TableVenue:
    """The venue link of a running table daemon."""

    def __init__(self, config: LinkConfig) -> None:
        self.config = config
        self.link: VenueLink | None = None
        self.table: TablePort | None = None
        # waiting for the dealer, in arrival order: the envelope and its command
        self.pending: dict[str, tuple[Envelope, Command]] = {}
        self.halted: str | None = None  # who halted play (002 Rule 11-D), None: not halted
        self.announced: dict[str, Any] | None = None  # the last level announced (002 Rule 24)
        self._state: dict[str, Any] | None = None  # the last state published
        self.hold = TableHold()  # hand-for-hand as the venue's h4h commands say (002 RP-8)
        self._seen: tuple[int, int, bool] = (0, 0, False)  # hand, board cards, held (RP-8 F)
        self.busts = BustRecords()  # the last bust's award records, for bounties (issue 32)
        self.notes: tuple[str, ...] = ()  # the director's announcements on the dealer screen
        self._side: str | None = None  # the side last saved (restart: _restore_side)

    # --- the daemon's hooks ------------------------------------------------------------------

    def attach(self, table: TablePort, db: sqlite3.Connection, post: Callable[[Any], None]) -> None:
        """After the journal is restored: the outbox beside it (``db``, the journal's), commands
        not yet answered shown again, the state queued, the link started (in the background:
        never blocks). ``post``: paho's thread hands its items to the table's loop with it."""
        self.table = table
        self.link = VenueLink(self.config, Outbox(db), post=post)
        for env in self.link.unanswered():
            try:
                cmd = env.command(self.config.table)
            except ValueError:
                continue  # refused when it arrived (and answered then)
            log.info("venue command %s (%s) still waits for the dealer", env.cmd_id, env.kind)
            self.pending[env.cmd_id] = (env, cmd)
        self._restore_side()
        self.publish_state()
        self._show()
        if self.notes:
            table.show_notes(self.notes)
        self.link.start()
        log.info(
            "venue link: table %s of venue %s via %s:%d",
            self.config.table,
            self.config.venue,
            self.config.host,
            self.config.port,
        )

    def stop(self) -> None:
        """Say offline and close (a clean stop; a crash leaves the broker's last will)."""
        if self.link is not None:
            self.link.stop()
            self.link = None

    def after(self, outputs: list[Any]) -> None:
        """After each handled event: its rulings, alerts and notices, and the state if it
        changed (outbox inserts only)."""
        link, table = self.link, self.table
        if link is None or table is None:
            return
        view = table.view()
        self.busts.see(outputs, {s.seat: s.player for s in view.seats})
        for out in outputs:
            if isinstance(out, Ruling | Alert | Notice):
                kind, body = output_event(out, view.hand_no)
                link.publish_event(kind, body)
        self._check_hold(view)
        self.publish_state()
        self._save_side()

    def _check_hold(self, view: Any) -> None:
        """Hand-for-hand (002 RP-8): a hand started counts for the round, or is an alert when
        dealt against the hold; a board card while the hand was held is an alert (RP-8 F)."""
        hand, cards, held = self._seen
        said = None
        if view.hand_no > hand:
            said = self.hold.started(view.hand_no)
        elif len(view.board) > cards:
            said = self.hold.card(view, held)
        self._seen = (view.hand_no, len(view.board), self.hold.frozen(view))
        if said and self.link is not None:
            log.warning("hand for hand: %s", said)
            self.link.publish_event(
                "alert",
                {
                    "hand_no": view.hand_no,
                    "alert": "hand_for_hand",
                    "rule": "002 RP-8",
                    "text": said,
                    "seat": None,
                },
            )
        self._show_hold()

    def handle_items(self, items: list[LinkItem]) -> None:
        """What paho's thread posted (through the daemon's inbox), in order."""
        if self.link is None:
            return
        for item in self.link.handle_all(items):
            if isinstance(item, LinkProblem):
                log.warning("venue link: %s", item.text)
            else:
                self._received(item)
        self._save_side()

    def service(self) -> None:
        """Each loop turn: the dealer's answers from the screen; rows to paho."""
        if self.table is None:
            return
        for cmd_id, accepted in self.table.answers():
            self.decide(cmd_id, accepted)
        if self.link is not None and not self.table.busy():
            self.link.flush()

    def due_in(self) -> float | None:
        """Seconds until the outbox's stall check is due (rows in flight), or None."""
        return self.link.flush_due() if self.link is not None else None

    # --- commands ----------------------------------------------------------------------------

    def _received(self, env: Envelope) -> None:
        try:  # parsed once, strictly: what the dealer sees is what the table will apply
            cmd = env.command(self.config.table)
        except ValueError as exc:
            log.warning("%s: refused", exc)
            self._answer(env, False, str(exc))
            return
        if isinstance(cmd, SeatCmd | UnseatCmd | StackCmd):
            log.info(
                "venue command %s from %s (%s): %s %s, for the dealer to confirm",
                env.cmd_id,
                env.author,
                env.venue,
                env.kind,
                cmd.body(),
            )
            self.pending[env.cmd_id] = (env, cmd)
            self._show()
        elif isinstance(cmd, HaltCmd):
            self.halted = env.author if cmd.halt else None
            log.warning(
                "venue %s: %s (002 Rule 11-D)",
                env.venue,
                f"play halted by {self.halted}" if self.halted else "play resumes",
            )
            self._answer(env, True)
            self._show()
            self.publish_state()
        elif isinstance(cmd, NoteCmd):  # the director's announcements, newest first
            log.info("venue %s: announcements on the dealer screen: %s", env.venue, cmd.notes)
            self._answer(env, True)
            self.notes = tuple(cmd.notes)
            if self.table is not None:
                self.table.show_notes(cmd.notes)
        elif isinstance(cmd, HoldCmd):
            self.hold.take(cmd.body())
            log.info("venue %s: hand for hand: %s", env.venue, cmd.body())
            self._answer(env, True)
            if self.table is not None:
                view = self.table.view()
                self._seen = (view.hand_no, len(view.board), self.hold.frozen(view))
            self._show()
            self.publish_state()
        elif isinstance(cmd, LevelCmd):
            self.announced = cmd.body()
            log.info(
                "venue %s announces level %s (blinds %s, ante %s) from the next hand (002 Rule 24)",
                env.venue,
                cmd.number,
                list(cmd.blinds),
                cmd.ante,
            )
            try:  # journaled as the table's `level` event: the engine applies it next hand
                event = cmd.event()
            except ValueError as exc:
                log.warning("venue level command %s refused: %s", env.cmd_id, exc)
                self._answer(env, False, str(exc))
                return
            outputs = self.table.handle(event)
            void = [o for o in outputs if isinstance(o, Alert)]
            self._answer(env, not void, void[0].text if void else "")

    def decide(self, cmd_id: str, accepted: bool) -> None:
        """The dealer's CONFIRM or REFUSE on the screen."""
        entry = self.pending.pop(cmd_id, None)
        if entry is None:
            return
        env, cmd = entry
        self._show()
        if not accepted:
            log.info("venue command %s (%s) refused by the dealer", cmd_id, env.kind)
            self._answer(env, False, "refused by the dealer")
            return
        try:
            decision, extra = self._floor(env.author, cmd)
        except ValueError as exc:  # validated as a journal line is (ScenarioError)
            log.warning("venue command %s refused: %s", cmd_id, exc)
            self._answer(env, False, str(exc))
            return
        # The venue's identity is the authority here, not a floor badge: logged as such.
        log.info(
            "venue command %s confirmed by the dealer: floor decision by %s (venue %s): %s",
            cmd_id,
            env.author,
            env.venue,
            decision.to_obj(),
        )
        outputs = self.table.handle(Event("floor", decision))
        void = [o for o in outputs if isinstance(o, Alert) and o.kind == "action_void"]
        if void or not outputs:
            why = void[0].text if void else "the table did not take it"
            self._answer(env, False, why)
            return
        self._answer(env, True, extra=extra)

    def _floor(self, by: str, cmd: Command) -> tuple[FloorDecision, dict[str, Any]]:
        """The floor decision and what the answer carries; ValueError when the seat's player is
        not the one the command names (a command for a player who busted since)."""
        if isinstance(cmd, SeatCmd):
            return cmd.floor(by), {}
        assert isinstance(cmd, UnseatCmd | StackCmd) and self.table is not None
        # an absolute stack (``set``) may bring back a player eliminated in this seat: a re-buy
        # keeps the seat (002 Rule 28)
        absolute = isinstance(cmd, StackCmd) and cmd.set
        here = self.table.seated(cmd.seat, out_too=absolute)
        if here is None or here[0] != cmd.name:
            raise ValueError(f"{cmd.name} is not in seat {cmd.seat}")
        stack = here[1]  # 0 for a player eliminated there
        if isinstance(cmd, UnseatCmd):
            return cmd.floor(by), {"stack": stack}
        return cmd.floor(by, stack), {"stack": cmd.result(stack), "before": stack}

    def _answer(
        self, env: Envelope, accepted: bool, note: str = "", extra: dict[str, Any] | None = None
    ) -> None:
        if self.link is not None:
            self.link.answer(env, accepted, note, extra)

    # --- kept across a restart ------------------------------------------------------------------

    def _save_side(self) -> None:
        """The commands' lasting effects, written only when they changed (a row per halt,
        announcement, hand-for-hand round or bust: not per event, for the SD card)."""
        if self.link is None:
            return
        body = json.dumps(
            {
                "halted": self.halted,
                "notes": list(self.notes),
                "hold": asdict(self.hold),
                "seen": list(self._seen),
                "busts": self.busts.record(),
            },
            separators=(",", ":"),
        )
        if body != self._side:
            self._side = body
            self.link.outbox.save_side(body)

    def _restore_side(self) -> None:
        """What :meth:`_save_side` kept, back after a restart; a damaged row is logged and
        the table starts without it (as a table new to the venue would)."""
        assert self.link is not None
        text = self.link.outbox.side()
        if text is None:
            return
        try:
            side = json.loads(text)
            halted, notes, seen = side["halted"], side["notes"], side["seen"]
            if not (halted is None or isinstance(halted, str)) or not isinstance(notes, list):
                raise ValueError("halted or notes")
            hand, cards, held = seen
            hold = side["hold"]
            known = {f.name for f in fields(TableHold)}
            if not isinstance(hold, dict) or set(hold) != known:
                raise ValueError("hold")
            self.hold = TableHold(
                **{**hold, "waiting": tuple(hold["waiting"]), "warned": list(hold["warned"])}
            )
            self.busts = BustRecords.restored(side["busts"])
            self.halted, self.notes = halted, tuple(str(n) for n in notes)
            self._seen = (int(hand), int(cards), bool(held))
            self._side = text
        except (ValueError, TypeError, KeyError) as exc:
            log.error("the venue side kept before the restart is damaged, not restored: %s", exc)
            return
        log.info(
            "venue side restored: %s%s%s",
            f"halted by {self.halted}; " if self.halted else "",
            f"hand for hand round {self.hold.round}; " if self.hold.on else "",
            f"{len(self.busts.kept)} bust hands kept",
        )

    # --- out ----------------------------------------------------------------------------------

    def status(self, view: Any) -> str:
        if self.halted:
            return "halted"
        if view.level is not None and view.level.on_break:
            return "break"
        return "between" if view.street in ("idle", "over") else "playing"

    def publish_state(self) -> None:
        if self.link is None or self.table is None:
            return
        view = self.table.view()
        body = state_body(
            view,
            self.status(view),
            positions=self.table.positions(),
            hold=self.hold.report(view),
            busts=self.busts.last,
        )
        if body != self._state:
            self._state = body
            self.link.publish_state(body)

    def _show(self) -> None:
        if self.table is not None:
            pending = [(e.cmd_id, *describe(e, c)) for e, c in self.pending.values()]
            self.table.show(pending, self.halted)
        self._show_hold()

    def _show_hold(self) -> None:
        """The dealer screen's hand-for-hand lines (002 RP-8), none when it is off."""
        if self.table is not None:
            self.table.show_hold(self.hold.lines(self.table.view()))


def describe(env: Envelope, cmd: Command) -> tuple[str, str]:
    """(what, why) of a command for the dealer screen."""
    if isinstance(cmd, BagCmd):  # end of day: the bag-and-tag record (issue 32 section 3)
        colours = ", ".join(f"{n} x {v:,}" for v, n in cmd.colours())
        what = f"BAG {cmd.seat}: {cmd.name} {cmd.stack:,} chips" + (
            f" ({colours})" if colours else ""
        )
    elif isinstance(cmd, SeatCmd):
        what = f"SEAT {cmd.seat}: {cmd.name} sits down with {cmd.stack}"
        if cmd.waits:
            what += " (dealt in once the button passes)"
    elif isinstance(cmd, UnseatCmd):
        what = f"UNSEAT {cmd.seat}: {cmd.name} leaves with the chips"
        if cmd.to_table:
            what += f" for table {cmd.to_table} seat {cmd.to_seat}"
    else:
        assert isinstance(cmd, StackCmd)
        what = f"STACK {cmd.seat}: {cmd.name} {cmd.add:+d} chips"
    why = " - ".join(x for x in (cmd.rule, cmd.why) if x)
    return what, f"by {env.author}" + (f": {why}" if why else "")

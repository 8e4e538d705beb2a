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
Rule 11-D) need no confirmation and are taken on receipt, and so is ``h4h`` (002 RP-8,
hand-for-hand): the dealer screen says HOLD and for whom it waits, or to deal the round's one
hand, or, after an all-in and call, to keep the cards face down and deal no further card until
the director releases the table. A hand dealt against the hold, or a board card dealt before the
release, is an alert on the screen and on the events stream (the engine is not told: the hold is
the venue's, kept here). Unanswered commands are shown again after a restart.
"""

from __future__ import annotations

import logging
from typing import Any

from tablectl.daemon.outbox import Outbox
from tablectl.daemon.venue_link import (
    LinkConfig,
    LinkItem,
    LinkProblem,
    VenueCommand,
    VenueLink,
    output_event,
    state_body,
)
from tablectl.engine.events import event_from_obj
from tablectl.engine.outputs import Alert, Notice, Ruling
from tablectl.tournament.commands import SeatCmd, StackCmd, UnseatCmd
from tablectl.tournament.handforhand import TableHold

log = logging.getLogger("tablectl.venue")

CONFIRMED_KINDS = ("seat", "unseat", "stack")  # the dealer confirms these (floor decisions)
TAKEN_KINDS = ("level", "halt", "h4h")  # taken on receipt


class TableVenue:
    """The venue link of a running table daemon."""

    def __init__(self, config: LinkConfig) -> None:
        self.config = config
        self.link: VenueLink | None = None
        self.daemon: Any = None
        self.pending: dict[str, VenueCommand] = {}  # waiting for the dealer, in arrival order
        self.halted: str | None = None  # who halted play (002 Rule 11-D), None: not halted
        self.announced: dict[str, Any] | None = None  # the last level announced (002 Rule 24)
        self._state: dict[str, Any] | None = None  # the last state published
        self.hold = TableHold()  # hand-for-hand as the venue's h4h commands say (002 RP-8)
        self._seen: tuple[int, int, bool] = (0, 0, False)  # hand, board cards, held (RP-8 F)

    # --- the daemon's hooks ------------------------------------------------------------------

    def attach(self, daemon: Any) -> None:
        """After the journal is restored: the outbox beside it, commands not yet answered shown
        again, the state queued, the link started (in the background: never blocks)."""
        self.daemon = daemon
        outbox = Outbox(daemon.journal.connection)
        self.link = VenueLink(
            self.config, outbox, post=lambda item: daemon.inbox.put(("venue", item))
        )
        for cmd in self.link.unanswered():
            log.info("venue command %s (%s) still waits for the dealer", cmd.cmd_id, cmd.kind)
            self.pending[cmd.cmd_id] = cmd
        self.publish_state()
        self._show()
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
        link, table = self.link, self.daemon.table if self.daemon else None
        if link is None or table is None:
            return
        for out in outputs:
            if isinstance(out, Ruling | Alert | Notice):
                kind, body = output_event(out, table.hand_no)
                link.publish_event(kind, body)
        self._check_hold(table.view())
        self.publish_state()

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

    def service(self) -> None:
        """Each loop turn: the dealer's answers from the screen; rows to paho."""
        take = getattr(self.daemon.display, "venue_answers", None)
        for cmd_id, accepted in take() if take is not None else []:
            self.decide(cmd_id, accepted)
        if self.link is not None and not self.daemon.inbox.qsize():
            self.link.flush()

    # --- commands ----------------------------------------------------------------------------

    def _received(self, cmd: VenueCommand) -> None:
        if cmd.kind in CONFIRMED_KINDS:
            log.info(
                "venue command %s from %s (%s): %s %s, for the dealer to confirm",
                cmd.cmd_id,
                cmd.by or cmd.venue,
                cmd.venue,
                cmd.kind,
                cmd.body,
            )
            self.pending[cmd.cmd_id] = cmd
            self._show()
        elif cmd.kind == "halt":
            self.halted = (cmd.by or cmd.venue) if cmd.body.get("halt") else None
            log.warning(
                "venue %s: %s (002 Rule 11-D)",
                cmd.venue,
                f"play halted by {self.halted}" if self.halted else "play resumes",
            )
            self._answer(cmd, True)
            self._show()
            self.publish_state()
        elif cmd.kind == "h4h":
            self.hold.take(cmd.body)
            log.info("venue %s: hand for hand: %s", cmd.venue, cmd.body)
            self._answer(cmd, True)
            if self.daemon is not None and self.daemon.table is not None:
                view = self.daemon.table.view()
                self._seen = (view.hand_no, len(view.board), self.hold.frozen(view))
            self._show()
            self.publish_state()
        elif cmd.kind == "level":
            self.announced = dict(cmd.body)
            b = cmd.body
            log.info(
                "venue %s announces level %s (blinds %s, ante %s) from the next hand (002 Rule 24)",
                cmd.venue,
                b.get("number"),
                b.get("blinds"),
                b.get("ante"),
            )
            try:  # journaled as the table's `level` event: the engine applies it next hand
                event = event_from_obj(
                    {
                        "level": {
                            "number": b["number"],
                            "blinds": b["blinds"],
                            "ante": b.get("ante", 0),
                            "bb_ante": bool(b.get("bb_ante", False)),
                            "break": bool(b.get("on_break", False)),
                        }
                    }
                )
            except (KeyError, TypeError, ValueError) as exc:
                log.warning("venue level command %s refused: %s", cmd.cmd_id, exc)
                self._answer(cmd, False, str(exc))
                return
            outputs = self.daemon.handle(event)
            void = [o for o in outputs if isinstance(o, Alert)]
            self._answer(cmd, not void, void[0].text if void else "")
        else:
            log.warning("venue command %s: unknown kind %r, refused", cmd.cmd_id, cmd.kind)
            self._answer(cmd, False, f"unknown command {cmd.kind}")

    def decide(self, cmd_id: str, accepted: bool) -> None:
        """The dealer's CONFIRM or REFUSE on the screen."""
        cmd = self.pending.pop(cmd_id, None)
        if cmd is None:
            return
        self._show()
        if not accepted:
            log.info("venue command %s (%s) refused by the dealer", cmd_id, cmd.kind)
            self._answer(cmd, False, "refused by the dealer")
            return
        by = cmd.by or cmd.venue
        try:
            decision, extra = self._floor(cmd)
            # validated as a journal line is (the engine takes parsed bodies only)
            event = event_from_obj({"floor": {"by": by, **decision}})
        except (KeyError, TypeError, ValueError) as exc:
            log.warning("venue command %s refused: %s", cmd_id, exc)
            self._answer(cmd, False, str(exc))
            return
        # The venue's identity is the authority here, not a floor badge: logged as such.
        log.info(
            "venue command %s confirmed by the dealer: floor decision by %s (venue %s): %s",
            cmd_id,
            by,
            cmd.venue,
            decision,
        )
        outputs = self.daemon.handle(event)
        void = [o for o in outputs if isinstance(o, Alert) and o.kind == "action_void"]
        if void or not outputs:
            why = void[0].text if void else "the table did not take it"
            self._answer(cmd, False, why)
            return
        self._answer(cmd, True, extra=extra)

    def _floor(self, cmd: VenueCommand) -> tuple[dict[str, Any], dict[str, Any]]:
        """The floor decision (tablectl.tournament.commands) and what the answer carries."""
        b, table = cmd.body, self.daemon.table
        seat = int(b["seat"])
        if cmd.kind == "seat":
            return SeatCmd(
                self.config.table, cmd.cmd_id, seat=seat, name=str(b["name"]), stack=int(b["stack"])
            ).floor(), {}
        p = table.players.get(seat)
        name = str(b["name"])
        # an absolute stack (``set``) may bring back a player eliminated in this seat: a re-buy
        # keeps the seat (002 Rule 28)
        absolute = cmd.kind == "stack" and b.get("set") is True
        if p is None or (p.out and not absolute) or p.name != name:
            raise ValueError(f"{name} is not in seat {seat}")
        if cmd.kind == "unseat":
            return UnseatCmd(self.config.table, cmd.cmd_id, seat=seat, name=name).floor(), {
                "stack": p.stack
            }
        stack = StackCmd(
            self.config.table,
            cmd.cmd_id,
            seat=seat,
            name=name,
            stack=int(b["stack"]),
            add=int(b["add"]),
            set=absolute,
        )
        before = 0 if p.out else p.stack
        return stack.floor(p.stack), {"stack": stack.result(p.stack), "before": before}

    def _answer(
        self, cmd: VenueCommand, accepted: bool, note: str = "", extra: dict[str, Any] | None = None
    ) -> None:
        if self.link is not None:
            self.link.answer(cmd, accepted, note, extra)

    # --- out ----------------------------------------------------------------------------------

    def status(self, view: Any) -> str:
        if self.halted:
            return "halted"
        if view.level is not None and view.level.on_break:
            return "break"
        return "between" if view.street in ("idle", "over") else "playing"

    def publish_state(self) -> None:
        if self.link is None:
            return
        table = self.daemon.table
        hand = table.hand
        positions = None
        if hand is not None:
            p = hand.positions
            positions = (p.button, p.sb_seat, p.bb)
        view = table.view()
        body = state_body(view, self.status(view), positions=positions, hold=self.hold.report(view))
        if body != self._state:
            self._state = body
            self.link.publish_state(body)

    def _show(self) -> None:
        show = getattr(self.daemon.display, "set_venue", None) if self.daemon else None
        if show is not None:
            show([(c.cmd_id, *describe(c)) for c in self.pending.values()], self.halted)
        self._show_hold()

    def _show_hold(self) -> None:
        """The dealer screen's hand-for-hand lines (002 RP-8), none when it is off."""
        show = getattr(self.daemon.display, "set_hold", None) if self.daemon else None
        table = self.daemon.table if self.daemon else None
        if show is not None and table is not None:
            show(self.hold.lines(table.view()))


def describe(cmd: VenueCommand) -> tuple[str, str]:
    """(what, why) of a command for the dealer screen."""
    b = cmd.body
    if cmd.kind == "seat":
        what = f"SEAT {b.get('seat')}: {b.get('name')} sits down with {b.get('stack')}"
        if b.get("waits"):
            what += " (dealt in once the button passes)"
    elif cmd.kind == "unseat":
        what = f"UNSEAT {b.get('seat')}: {b.get('name')} leaves with the chips"
        if b.get("to_table"):
            what += f" for table {b.get('to_table')} seat {b.get('to_seat')}"
    else:
        what = f"STACK {b.get('seat')}: {b.get('name')} {int(b.get('add', 0)):+d} chips"
    why = " - ".join(str(x) for x in (b.get("rule"), b.get("why")) if x)
    return what, f"by {cmd.by or cmd.venue}" + (f": {why}" if why else "")

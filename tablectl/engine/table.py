"""The rules engine: a pure fold over table events that returns rulings, alerts and notices.

No I/O, no clock reads, no threads. Time arrives as events (``t`` and ``tick``). The same events
give the same state, so recovery is replay and a bug report is a scenario file. Chips are
conserved by every event: :meth:`Table.chips_total` never changes after setup.

:class:`Table` is the table state (:mod:`tablectl.engine.state`) with the one dispatch from event
kind to handler; the rule modules take the state as their argument and never import this module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from tablectl.engine import (
    actions,
    cards,
    clock,
    dealing,
    deckchange,
    floor,
    flow,
    hands,
    recount,
    retire,
)
from tablectl.engine.events import AckEntry, BadgeEntry, Event, FloorDecision, LevelEntry, NameEntry
from tablectl.engine.notices import (
    Ack,
    AlertsDropped,
    Badge,
    FloorDecided,
    LevelChange,
    NameChange,
    Undone,
)
from tablectl.engine.outputs import UNSET, Alert, Output, Ruling
from tablectl.engine.presses import restore_statuses, verify_press
from tablectl.engine.reading import barred_by
from tablectl.engine.state import Level, Player, SetupError, TableState
from tablectl.engine.turn import void_alert
from tablectl.engine.view import (
    PRESS_NAMES,
    Allowed,
    ClockView,
    LevelView,
    PotView,
    RecountView,
    SeatView,
    TableView,
)

__all__ = ["Level", "Player", "SetupError", "Table", "fold_events"]

MAX_OPEN_ALERTS = 50  # alerts open on the screen; older ones are dropped with a notice (issue 14)
# The events of the hand, kept for undo by replay whatever their body: all but the console's
# acknowledgements, badges and names, the clock's ticks and levels (never part of a hand), and
# presses and floor decisions (some of each are, see Table.apply).
_OF_THE_HAND = frozenset(
    ("setup", "deal", "card", "board", "push", "pull", "chips", "fold", "declare", "seat")
)
# Console buttons that are no part of the hand: undo itself, the clock's pause and resume.
_PRESSES_NOT_IN_HAND = ("undo", "pause", "resume")
# Floor decisions about the table, not the hand: undo never takes them back (the chips they
# bring or take are stated once, in their notice)
_TABLE_DECISIONS = ("seat", "unseat", "stack")


class Table(TableState):
    """One table and the events that change it (:meth:`apply`)."""

    __slots__ = ()  # TableState's slots only

    @classmethod
    def from_setup(cls, setup: dict[str, Any]) -> Table:
        return cls(setup)

    def can_raise(self) -> bool:
        hand = self.hand
        if hand is None or hand.to_act is None:
            return False
        # a check out of turn may bar the next bet or raise (house option oot_check)
        return flow.can_raise(self, hand, hand.to_act) and not barred_by(self, hand, hand.to_act)

    # ------------------------------------------------------------------ applying events

    def apply(self, event: Event) -> list[Output]:
        """Apply one event; return what the dealer is told. Never raises on table nonsense:
        an event that cannot apply is rejected with an alert."""
        out: list[Output] = []
        kind = event.kind
        if event.t is not None and event.t > self.timing.t:
            self._advance_time(event.t - self.timing.t, out)
        answered = ""
        if self.recounts:
            # The dealer's answer to a recount becomes the read it confirms or corrects, ruled
            # below as any trusted read is; a trusted read answers a question about it.
            if kind == "counted":
                zone = event.body.get("zone", "")
                event = recount.resolve(self, event, out)
                kind = event.kind
                answered = zone if kind == "chips" else ""
            elif kind == "chips" or kind == "card":
                recount.supersede(self, event, out)
        handler = _HANDLERS.get(kind)
        if handler is None:
            out.append(Alert("action_void", "002 Rule 1", f"unknown event {kind!r} ignored"))
        else:
            hand = self.hand
            body = event.body
            # a hand in progress (tested once here for the hand log and the screen below)
            live = hand is not None and hand.street != "over"  # live_hand, inline: every event
            # The console's acknowledgements, badges and names, the clock's pause and resume, and
            # the floor's seating, are no part of the hand: undo never takes them back (it would
            # say an action was taken back and change nothing), replaying never repeats them.
            if live and (
                kind in _OF_THE_HAND
                or (kind == "press" and body not in _PRESSES_NOT_IN_HAND)
                # the dealer's count of a seat's cards is the hand's (undo replays it after the
                # question it answers: dealing.counted_cards)
                or (kind == "counted" and "cards" in body)
                or (kind == "floor" and body.decision not in _TABLE_DECISIONS)
            ):
                self.rewind.hand_log.append(event)
            hand_no = self.hand_no
            if kind == "press" and body == "undo":
                self.undo(out)  # undo replays the hand: the fold's own business, not a rule's
            elif not live or not dealing.screen(self, event, out):
                if answered:  # the dealer's count is ruled as it is: nothing asked again
                    self.felt.answered = answered
                    handler(self, body, out)
                    self.felt.answered = ""
                else:
                    handler(self, body, out)
                if (
                    kind == "floor"
                    and self.rewind.hand_log
                    and self.rewind.hand_log[-1] is event
                    and not any(isinstance(o, FloorDecided) for o in out)
                ):
                    # refused (action_void): like an acknowledgement, no part of the hand, or
                    # undo would take back a decision that changed nothing
                    self.rewind.hand_log.pop()
            hand = self.hand
            if self.recounts and hand is not None and hand.folded:
                recount.drop_folded(self, hand.folded, out)
            if self.felt.dead_chips and (hand is None or hand.street == "over"):
                # between hands only: a dead chip's question rules nothing of the hand
                retire.ask(self, out)
            if self.hand_no == hand_no:
                # the usual event: the same hand goes on; after_event has work only while a
                # single card is tabled or the initial deal is not yet checked
                if (
                    hand is not None
                    and hand.street != "over"
                    and (hand.showdown.one_card or not hand.deal.seated_checked)
                ):
                    flow.after_event(self, hand, out)
            else:
                if kind in ("deal", "card") and hand is not None and not hand.deal.redeals:
                    # The hole card that started this hand is part of it (undo replays it).
                    self.rewind.hand_log = [event, *self.rewind.hand_log]
                if hand is not None and hand.street != "over":
                    flow.after_event(self, hand, out)
                self._new_hand()
        if not out:
            return out
        if len(out) == 1:  # the usual event: one ruling or notice, no alert (no loop then)
            cls = type(out[0])
            if cls is Ruling:
                self.last = out[0]
                return out
            if cls is not Alert:
                return out
        alerted = False
        for o in out:
            cls = type(o)
            if cls is Ruling:
                self.last = o
            elif cls is Alert:
                alerted = True
        if alerted:  # numbered as raised, in order (most events raise none: one loop then)
            for i, o in enumerate(out):
                if type(o) is Alert:
                    self.console.alert_seq += 1
                    out[i] = o = Alert(o.kind, o.rule, o.text, o.seat, self.console.alert_seq)
                    self.console.open_alerts.append(o)
        # only the loop above adds to the open alerts (acks and replays take some away)
        if alerted and len(self.console.open_alerts) > MAX_OPEN_ALERTS:
            dropped = self.console.open_alerts[:-MAX_OPEN_ALERTS]
            del self.console.open_alerts[:-MAX_OPEN_ALERTS]
            out.append(
                AlertsDropped(
                    f"{len(dropped)} older alert(s) dropped from the "
                    f"screen unacknowledged: the newest {MAX_OPEN_ALERTS} stay open",
                    dropped=len(dropped),
                    ids=[a.id for a in dropped],
                )
            )
        return out

    def _new_hand(self) -> None:
        """A new hand began: what the floor decided for the last one is spent."""
        self.seating.button_placed = None
        self.book.floor_overrides = {}

    # time ------------------------------------------------------------------

    def _advance_time(self, seconds: float, out: list[Output]) -> None:
        self.timing.t += seconds
        if not self.timing.paused:
            self.timing.level_elapsed += seconds
            lv = self.level()
            while (
                lv.seconds is not None
                and self.timing.level_elapsed >= lv.seconds
                and self.timing.level_index + 1 < len(self.timing.levels)
            ):
                self.timing.level_elapsed -= lv.seconds
                self.timing.level_index += 1
                lv = self.level()
                what = "break" if lv.is_break else f"blinds {lv.small_blind}/{lv.big_blind}"
                out.append(
                    _level_notice(
                        f"level {self.timing.level_index + 1}: {what}", self.timing.level_index + 1
                    )
                )
        if self.timing.clock is not None:
            clock.check_clock(self, out)

    def _on_tick(self, body: float, out: list[Output]) -> None:
        self._advance_time(float(body), out)

    # setup -------------------------------------------------------------------

    def _on_setup(self, body: Any, out: list[Output]) -> None:
        out.append(
            Alert(
                "action_void",
                "002 Rule 1",
                "a second setup line was ignored: the table is already set up",
            )
        )

    # undo ------------------------------------------------------------------------

    # the console and the floor ----------------------------------------------------------

    def _on_ack(self, entry: AckEntry, out: list[Output]) -> None:
        """The dealer acknowledged an open alert on the screen, or all of them."""
        body = entry.id
        if body is None:
            ids = [a.id for a in self.console.open_alerts]
            self.console.open_alerts = []
            out.append(Ack(f"{len(ids)} alert(s) acknowledged", ids=ids))
            return
        if body > self.console.alert_seq:
            out.append(
                Alert(
                    "action_void",
                    "002 Rule 1",
                    f"ack {body} ignored: no alert {body} has been raised (the last is "
                    f"{self.console.alert_seq})",
                )
            )
            return
        kept = [a for a in self.console.open_alerts if a.id != body]
        if len(kept) == len(self.console.open_alerts):
            out.append(Ack(f"alert {body} was already closed", ids=[]))
            return
        self.console.open_alerts = kept
        out.append(Ack(f"alert {body} acknowledged", ids=[body]))

    def _on_badge(self, body: BadgeEntry, out: list[Output]) -> None:
        """A staff badge accepted by the console: who deals, who has floor authority."""
        name, role = body.name, body.role
        if body.left:
            self.console.badges.pop(name, None)
            text = f"{name} ({role}) signed out"
        else:
            self.console.badges[name] = role
            text = f"{name} signed in as {role}"
        out.append(Badge(text, name=name, role=role, left=True if body.left else UNSET))

    def _on_name(self, body: NameEntry, out: list[Output]) -> None:
        seat, name = body.seat, body.name
        player = self.players.get(seat)
        if player is None:
            out.append(
                Alert("action_void", "002 Rule 1", f"name ignored: seat {seat} has no player", seat)
            )
            return
        player.name = name or f"Seat {seat}"
        out.append(NameChange(f"seat {seat} is {player.name}", seat=seat, name=name))

    def _on_level(self, body: LevelEntry, out: list[Output]) -> None:
        """The venue announces a level (002 Rule 24: it applies from the next hand). The venue's
        clock runs the levels then, so the table's own timer stops advancing them."""
        sb, bb, number = body.small_blind, body.big_blind, body.number
        level = Level(sb, bb, body.ante, None, is_break=bool(body.on_break))
        # the level's number is its place in the list: earlier places keep what they were
        while len(self.timing.levels) < number:
            self.timing.levels.append(level)
        self.timing.levels[number - 1] = level
        self.timing.level_index, self.timing.level_elapsed = number - 1, 0.0
        for later in range(number, len(self.timing.levels)):  # no timer runs past the venue's level
            self.timing.levels[later] = replace(self.timing.levels[later], seconds=None)
        if body.bb_ante is not None:
            self.bb_ante = body.bb_ante
        what = (
            "break"
            if level.is_break
            else f"blinds {sb}/{bb}" + (f", ante {body.ante}" if body.ante else "")
        )
        out.append(_level_notice(f"level {number} from the venue: {what}", number, venue=True))

    def _on_floor(self, body: FloorDecision, out: list[Output]) -> None:
        """A floor decision (tablectl/engine/floor.py); a ruling replays the hand with it."""
        outer = self.book.floor_target  # a ruling replayed inside another's replay keeps its own
        if not floor.apply(self, body, out):
            return
        # The hand again from its start, the seat's action ruled as the floor says: the events
        # from that action on are re-read as if the seat had acted so. What they now say is
        # told after the floor's notice (``replayed``: how many events were re-read).
        event = self.rewind.hand_log.pop()
        self.book.floor_ruling = None
        replayed = self._replay_hand(self.rewind.hand_log, collect_from=self.book.floor_target)
        self.rewind.hand_log.append(event)
        ruled = self.book.floor_ruling
        self.book.floor_target, self.book.floor_ruling = outer, None
        notice = out[-1]
        if isinstance(notice, FloorDecided):
            out[-1] = replace(notice, replayed=len(replayed))
        outs = [o for outs in replayed for o in outs if not isinstance(o, Alert)]
        if ruled is not None and ruled not in outs:
            outs.insert(0, ruled)
        out.extend(outs)

    def _replay_hand(
        self, log: list[Event], collect_from: tuple[int, int, int] | None = None
    ) -> list[list[Output]]:
        """Deal this hand again and apply ``log`` (undo, a floor ruling). Replaying raises
        nothing new for the dealer. Returns the outputs of each event from the one that
        recorded the ledger entry ``collect_from`` on (none without it)."""
        assert self.hand is not None and self.rewind.hand_snapshot is not None
        zones, give_back = self.rewind.zones_at_start
        self.felt.zones = {z: list(c) for z, c in zones.items()}
        self.felt.give_back = dict(give_back)
        alerts, seq = list(self.console.open_alerts), self.console.alert_seq
        self.seating.button_placed = None  # placed during this hand: the log places it again
        self.book.ledger_deal, self.book.ledger = None, []
        # The log starts after the last misdeal (002 Rule 36-C): keep the count.
        hands.restart_hand(self, [], self.hand.deal.redeals)
        collected: list[list[Output]] = []
        self.rewind.replaying = True
        try:
            for ev in log:
                outs = self.apply(Event(ev.kind, ev.body, None))
                if collected or (
                    collect_from is not None
                    and self.book.ledger_deal is not None
                    and (*self.book.ledger_deal, len(self.book.ledger) - 1) >= collect_from
                    and self.book.ledger_deal == collect_from[:2]
                ):
                    collected.append(outs)
        finally:
            self.rewind.replaying = False
        self.console.open_alerts, self.console.alert_seq = alerts, seq
        return collected

    def undo(self, out: list[Output]) -> None:
        """Take back the last event of this hand that changed it, by replaying the hand without
        it; events that changed nothing (a seat marked present that was) go with it. When none
        did, the hand is replayed as it was and the dealer told there is nothing to take back."""
        refused = verify_press(self, "undo")
        if refused is not None:
            out.append(refused)
            return
        before = self._undo_mark()
        statuses = self.rewind.statuses_at_start
        whole = list(self.rewind.hand_log)
        log = list(whole)
        while len(log) > 1:  # the deal that started the hand stays (a misdeal undoes it)
            log.pop()
            self.book.floor_overrides = {}  # the log's floor rulings set them again as it replays
            restore_statuses(self, statuses)
            self._replay_hand(log)
            if self._undo_mark() != before:
                out.append(Undone("the last action was taken back"))
                return
        self.book.floor_overrides = {}
        restore_statuses(self, statuses)
        self._replay_hand(whole)
        out.append(void_alert("nothing to undo in this hand: no action changed it"))

    def _undo_mark(self) -> tuple[Any, ...]:
        """What an undo must change: the hand, the chips and the seats' statuses."""
        return (
            self.hand,
            {s: (p.stack, p.out, p.absent, p.penalty) for s, p in self.players.items()},
            self.felt.zones,
            self.felt.give_back,
            self.book.ledger,
            self.seating.button_placed,
        )

    # the view --------------------------------------------------------------------

    def view(self) -> TableView:
        hand = self.hand
        in_hand = self.live_hand is not None
        pos = self.positions()
        seats = []
        for s in range(1, 11):
            p = self.players.get(s)
            if p is None:
                seats.append(SeatView(s, "", 0, 0, "empty", button=pos.button == s))
                continue
            status = "out" if p.out else "active"
            bet = 0
            shown: tuple[str, ...] = ()
            hidden = 0
            if in_hand and hand is not None and s in hand.dealt:
                bet = hand.round.bets.get(s, 0)
                cards = hand.hole.get(s, [])
                if s in hand.showdown.tabled:
                    shown = tuple(cards)
                elif s not in hand.folded:
                    hidden = len(cards)
                if s in hand.showdown.dead:
                    status = "dead"
                elif s in hand.folded:
                    status = "folded"
                elif p.stack == 0:
                    status = "all-in"
            if status == "active" and p.waiting:
                status = "waiting"
            elif status == "active" and p.penalty:
                status = "penalty"
            elif status == "active" and p.absent:
                status = "absent"
            seats.append(
                SeatView(
                    s,
                    p.name,
                    p.stack,
                    bet,
                    status,
                    button=pos.button == s,
                    sb=pos.sb == s,
                    bb=pos.bb == s,
                    in_turn=self.to_act() == s,
                    shown=shown,
                    hidden=hidden,
                )
            )
        lv = self.level()
        level_view = LevelView(
            number=self.timing.level_index + 1,
            small_blind=lv.small_blind,
            big_blind=lv.big_blind,
            ante=lv.ante,
            bb_ante=self.bb_ante,
            seconds_left=None
            if lv.seconds is None
            else max(0.0, lv.seconds - self.timing.level_elapsed),
            on_break=lv.is_break,
            paused=self.timing.paused,
        )
        clock = None
        if self.timing.clock is not None:
            clock = ClockView(self.timing.clock[0], max(0.0, self.timing.clock[1] - self.timing.t))
        return TableView(
            profile=self.profile.name,
            hand_no=self.hand_no,
            street=self.street,
            board=tuple(hand.board) if hand else (),
            seats=tuple(seats),
            pots=tuple(PotView(p.amount, p.seats) for p in self.pots()),
            to_act=self.to_act(),
            to_call=self.to_call(),
            min_raise_to=self.min_raise_to(),
            can_raise=self.can_raise(),
            last=self.last,
            alerts=tuple(self.console.open_alerts),
            clock=clock,
            level=level_view,
            eliminated=tuple(self.seating.eliminated),
            chips=self.chips,
            allowed=self.allowed(),
            recounts=tuple(_recount_view(k, *held) for k, held in self.recounts.items()),
            carried=hand.showdown.carried if hand is not None and not in_hand else 0,
            dead_cards=tuple(sorted(self.felt.deck_alerts)),
        )

    def allowed(self) -> Allowed:
        """The seat in turn's legal declarations now, and the console buttons that apply."""
        presses = tuple(
            p
            for p in PRESS_NAMES
            if verify_press(self, p) is None
            and not (p == "award" and self.live_hand is None)
            and not (p == "pause" and self.timing.paused)
            and not (p == "resume" and not self.timing.paused)
        )
        hand = self.live_hand
        seat = hand.to_act if hand is not None else None
        if hand is None or seat is None:
            return Allowed(None, presses=presses)
        rnd = hand.round
        stack = self.players[seat].stack
        bet = rnd.bets.get(seat, 0)
        to_call = rnd.to_call(seat)
        barred = barred_by(self, hand, seat)
        must_call = bool(to_call) and (
            (barred and self.profile.oot_check == "call_only")
            or bool(hand.betting.pulled.get(seat))
        )  # 003 B&R 9; 002 51-B
        raising = stack > to_call and self.can_raise()
        names = [] if must_call else ["fold"]
        names += ["check"] if to_call == 0 else ["call"]
        if raising:
            names.append("bet" if rnd.current_bet == 0 else "raise")
        if stack > 0:
            names.append("all-in")
        return Allowed(
            seat,
            tuple(names),
            call=min(to_call, stack),
            min_raise_to=min(rnd.min_raise_to(self.profile), bet + stack) if raising else None,
            all_in_to=bet + stack,
            bet=bet,
            stack=stack,
            presses=presses,
        )


def _level_notice(what: str, level: int, venue: bool = UNSET) -> LevelChange:
    """A new level: its blinds apply from the next hand (002 Rule 24)."""
    return LevelChange(
        f"{what}; it applies from the next hand (002 Rule 24)", level=level, venue=venue
    )


def _recount_view(key: str, read: Event, alert_id: int, seen: tuple[str, ...]) -> RecountView:
    if read.kind == "card":
        return RecountView(alert_id, read.body["zone"], card=key, seen=seen)
    if read.kind == "counted":  # a seat's cards to count; seen: the deck's cards unread
        return RecountView(alert_id, key, cards=read.body["cards"], unread=seen)
    if read.kind == "retire":  # a dead chip to take out of play
        body = read.body
        return RecountView(alert_id, body["zone"], retire=body["chip"], value=body["value"])
    return RecountView(alert_id, key, chips=tuple(read.body[key]))


def fold_events(setup: dict[str, Any], events: Iterable[Event]) -> Table:
    """The table after ``events``: the engine as a fold (recovery is replay)."""
    table = Table(setup)
    for ev in events:
        table.apply(ev)
    return table


def _on_counted(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    """A seat's hole cards counted by the dealer are ruled whether a question waits or not (undo
    replays the count); any other answer reaching here found no question waiting."""
    if "cards" in body:
        dealing.counted_cards(table, body, out)
    else:
        recount.on_counted(table, body, out)


def _on_unread(table: Table, body: dict[str, Any], out: list[Output]) -> None:
    """The bridge's lists of what it cannot read: kept for the questions (recount.py), and its
    dead cards told to the dealer (deckchange.py)."""
    recount.on_unread(table, body, out)
    deckchange.on_unread(table, body, out)


_HANDLERS: dict[str, Callable[[Table, Any, list[Output]], None]] = {
    "setup": Table._on_setup,
    "tick": Table._on_tick,
    "deal": cards.on_deal,
    "card": cards.on_card,
    "board": cards.on_board,
    **actions.HANDLERS,
    "floor": Table._on_floor,
    "ack": Table._on_ack,
    "badge": Table._on_badge,
    "name": Table._on_name,
    "level": Table._on_level,
    "recount": recount.on_recount,
    "counted": _on_counted,
    "unread": _on_unread,
    "retire": retire.on_retire,
    "deck_change": deckchange.on_deck_change,
}

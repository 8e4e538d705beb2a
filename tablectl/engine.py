"""The rules engine: a pure fold over table events that returns rulings, alerts and notices.

No I/O, no clock reads, no threads. Time arrives as events (``t`` and ``tick``). The same events
give the same state, so recovery is replay and a bug report is a scenario file. Chips are
conserved by every event: :meth:`Table.chips_total` never changes after setup.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from tablectl import actions as act
from tablectl import cards, dealing, flow
from tablectl.betting import Round, min_bet_for
from tablectl.events import Event
from tablectl.hand import Hand
from tablectl.outputs import Alert, Notice, Output, Ruling
from tablectl.positions import Positions, first_positions, next_positions, next_seat
from tablectl.pots import Pot, build_pots
from tablectl.profiles import HouseProfile, profile_for
from tablectl.view import ClockView, LevelView, PotView, SeatView, TableView


class SetupError(ValueError):
    """A setup line the engine cannot start a table from."""


@dataclass(slots=True)
class Player:
    seat: int
    stack: int
    name: str
    out: bool = False  # eliminated
    absent: bool = False  # away from the table (002 Rule 31)
    penalty: bool = False  # sitting out a penalty (002 Rule 67-C)


@dataclass(frozen=True, slots=True)
class Level:
    small_blind: int
    big_blind: int
    ante: int
    seconds: float | None
    is_break: bool = False


class Table:
    """One table: seats, button, blinds, the hand in progress, and the tournament around it."""

    def __init__(self, setup: dict[str, Any]) -> None:
        try:
            self.profile: HouseProfile = profile_for(setup.get("rules", "tda-2025"),
                                                     setup.get("options"))
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        names = setup.get("names") or {}
        self.players: dict[int, Player] = {
            int(s): Player(int(s), int(stack), str(names.get(s, f"Seat {s}")))
            for s, stack in setup["seats"].items()
        }
        for p in self.players.values():
            p.out = p.stack == 0
        self.chips: tuple[int, ...] = tuple(setup.get("chips", [1]))
        self.unit = self.chips[0]
        self.bb_ante = bool(setup.get("bb_ante", False))
        self.levels: list[Level] = _levels(setup)
        self.level_index = 0
        self.level_elapsed = 0.0
        self.paused = False
        self.t = 0.0
        self.hand_no = 0
        self.hand: Hand | None = None
        self.eliminated: list[int] = []
        live = self._live_seats()
        self.next_positions: Positions = first_positions(live, int(setup.get("button", live[0])))
        self.zones: dict[str, list[int]] = {}  # last raw chip-zone snapshots
        self.sensed_zones: set[str] = set()  # zones a `chips` snapshot has reported
        # Chips lying in a bet zone that are no bet (returned by a ruling, or pushed when no bet
        # was possible): the dealer hands them back, and a pull of them is no action.
        self.give_back: dict[int, int] = {}
        # per seat, what its stack zone last showed wrong: (unknown chips, chips missing) (002 63)
        self.stack_findings: dict[int, tuple[tuple[int, ...], int]] = {}
        self.last: Ruling | None = None
        self.open_alerts: list[Alert] = []
        self.clock: tuple[int, float] | None = None  # (seat, deadline t)
        self._total = self.chips_total()
        self._hand_log: list[Event] = []  # this hand's events, for undo by replay
        self._hand_snapshot: tuple[dict[int, tuple[int, bool]], list[int], Positions] | None = None
        self._zones_at_start: tuple[dict[str, list[int]], dict[int, int]] = ({}, {})

    @classmethod
    def from_setup(cls, setup: dict[str, Any]) -> Table:
        return cls(setup)

    # ------------------------------------------------------------------ reading the state

    @property
    def street(self) -> str:
        return self.hand.street if self.hand else "idle"

    def stacks(self) -> dict[int, int]:
        return {s: p.stack for s, p in self.players.items()}

    def chips_total(self) -> int:
        """Every chip at the table: stacks, bet zones and pots (bets count in ``contributed``)."""
        total = sum(p.stack for p in self.players.values())
        if self.hand and self.hand.street != "over":
            total += sum(self.hand.contributed.values()) + self.hand.dead_money
        return total

    def level(self) -> Level:
        return self.levels[self.level_index]

    def positions(self) -> Positions:
        """Positions of the hand in progress, or of the next hand if none is."""
        if self.hand and self.hand.street != "over":
            return self.hand.positions
        return self.next_positions

    def pots(self) -> list[Pot]:
        hand = self.hand
        if not hand:
            return []
        if hand.street == "over":
            return []
        return build_pots(hand.collected(), set(hand.live()), hand.dead_money)

    def to_act(self) -> int | None:
        return self.hand.to_act if self.hand and self.hand.street != "over" else None

    def to_call(self) -> int:
        seat = self.to_act()
        if seat is None or self.hand is None:
            return 0
        return min(self.hand.round.to_call(seat), self.players[seat].stack)

    def min_raise_to(self) -> int | None:
        hand = self.hand
        if hand is None or hand.to_act is None:
            return None
        return hand.round.min_raise_to(self.profile)

    def can_raise(self) -> bool:
        hand = self.hand
        if hand is None or hand.to_act is None:
            return False
        return act.can_raise(self, hand, hand.to_act)

    def show_first(self) -> int | None:
        """Who must table first at showdown (002 Rule 18-A)."""
        hand = self.hand
        if hand is None or (hand.street not in ("showdown", "over") and not hand.betting_over):
            return None
        live = hand.live()
        if hand.river_aggressor in live:
            return hand.river_aggressor
        return next_seat(hand.positions.button, live) if live else None

    # ------------------------------------------------------------------ applying events

    def apply(self, event: Event) -> list[Output]:
        """Apply one event; return what the dealer is told. Never raises on table nonsense:
        an event that cannot apply is rejected with an alert."""
        out: list[Output] = []
        if event.t is not None and event.t > self.t:
            self._advance_time(event.t - self.t, out)
        handler = _HANDLERS.get(event.kind)
        if handler is None:
            out.append(Alert("action_void", "002 Rule 1", f"unknown event {event.kind!r} ignored"))
        else:
            in_hand = self.hand is not None and self.hand.street != "over"
            if in_hand and event.kind != "tick" and not (event.kind == "press"
                                                         and event.body == "undo"):
                self._hand_log.append(event)
            hand_no = self.hand_no
            if not dealing.screen(self, event, out):
                handler(self, event.body, out)
            if self.hand_no != hand_no and event.kind in ("deal", "card") and \
                    self.hand is not None and not self.hand.redeals:
                # The hole card that started this hand is part of it (undo replays it).
                self._hand_log = [event, *self._hand_log]
            if self.hand is not None and self.hand.street != "over":
                flow.after_event(self, self.hand, out)
        for o in out:
            if isinstance(o, Alert):
                self.open_alerts.append(o)
            elif isinstance(o, Ruling):
                self.last = o
        return out

    def clear_alerts(self) -> None:
        """The dealer acknowledged the alerts on screen."""
        self.open_alerts.clear()

    # time ------------------------------------------------------------------

    def _advance_time(self, seconds: float, out: list[Output]) -> None:
        self.t += seconds
        if not self.paused:
            self.level_elapsed += seconds
            lv = self.level()
            while lv.seconds is not None and self.level_elapsed >= lv.seconds and \
                    self.level_index + 1 < len(self.levels):
                self.level_elapsed -= lv.seconds
                self.level_index += 1
                lv = self.level()
                what = "break" if lv.is_break else f"blinds {lv.small_blind}/{lv.big_blind}"
                out.append(Notice("level", f"level {self.level_index + 1}: {what}; it applies "
                                  "from the next hand (002 Rule 24)",
                                  {"level": self.level_index + 1}))
        if self.clock is not None:
            act.check_clock(self, out)

    def _on_tick(self, body: float, out: list[Output]) -> None:
        self._advance_time(float(body), out)

    # setup -------------------------------------------------------------------

    def _on_setup(self, body: Any, out: list[Output]) -> None:
        out.append(Alert("action_void", "002 Rule 1",
                         "a second setup line was ignored: the table is already set up"))

    # hand start ----------------------------------------------------------------

    def _live_seats(self) -> list[int]:
        return sorted(s for s, p in self.players.items() if not p.out)

    def start_hand(self, out: list[Output]) -> Hand | None:
        """Begin the next hand: move the button, post antes and blinds (002 Rules 33-35, 24)."""
        live = self._live_seats()
        if len(live) < 2:
            out.append(Alert("action_void", "002 Rule 1",
                             "the tournament is over: fewer than two players remain"))
            return None
        pos = self.next_positions
        lv = self.level()
        self.hand_no += 1
        self._hand_snapshot = (
            {s: (p.stack, p.out) for s, p in self.players.items()},
            list(self.eliminated),
            pos,
        )
        self._hand_log = []
        # the chip zones as the hand began: undo replays the hand's events over them
        self._zones_at_start = ({z: list(c) for z, c in self.zones.items()}, dict(self.give_back))
        hand = Hand(
            number=self.hand_no, positions=pos, dealt=tuple(live),
            start_stacks={s: self.players[s].stack for s in live},
            blinds=(lv.small_blind, lv.big_blind), ante=lv.ante, bb_ante=self.bb_ante,
            round=Round.preflop(lv.big_blind, min_bet_for(
                self.profile, (lv.small_blind, lv.big_blind), "preflop", self.unit)),
        )
        hand.hole = {s: [] for s in live}
        self.hand = hand
        self.last = None
        self.clock = None
        flow.post_forced_bets(self, hand)
        out.append(Notice("hand_start", f"hand {hand.number}: button {pos.button}, small blind "
                          f"{pos.sb if pos.sb is not None else 'dead'}, big blind {pos.bb}",
                          {"hand_no": hand.number, "button": pos.button, "sb": pos.sb,
                           "bb": pos.bb, "stacks": dict(hand.start_stacks)}))
        flow.begin_round(self, hand, out)
        return hand

    def hand_over(self) -> None:
        """After the award: the next hand's positions (the dead button moves now, 002 Rule 33)."""
        assert self.hand is not None
        live = self._live_seats()
        if len(live) >= 2:
            self.next_positions = next_positions(self.hand.positions, live, self.profile.button,
                                                 self.profile.dead_button)

    def _hand_for_cards(self, out: list[Output]) -> Hand | None:
        """The hand a hole card belongs to: the one in progress, or a new one."""
        if self.hand is None or self.hand.street == "over":
            return self.start_hand(out)
        return self.hand

    # undo ------------------------------------------------------------------------

    def undo(self, out: list[Output]) -> None:
        """Take back the last event of this hand by replaying the hand without it."""
        if self.hand is None or self.hand.street == "over" or self._hand_snapshot is None:
            out.append(Alert("action_void", "002 Rule 1", "nothing to undo in this hand"))
            return
        log = list(self._hand_log)
        if len(log) <= 1:
            # Only the deal that started the hand: a misdeal is the remedy, not an undo.
            out.append(Alert("action_void", "002 Rule 1", "nothing to undo in this hand"))
            return
        log.pop()
        zones, give_back = self._zones_at_start
        self.zones = {z: list(c) for z, c in zones.items()}
        self.give_back = dict(give_back)
        alerts = list(self.open_alerts)
        # The log starts after the last misdeal (002 Rule 36-C): keep the count.
        self._restart_hand([], self.hand.redeals)
        for ev in log:
            self.apply(Event(ev.kind, ev.body, None))
        self.open_alerts = alerts  # replaying raises nothing new for the dealer
        out.append(Notice("undo", "the last action was taken back"))

    def redeal(self, out: list[Output]) -> Hand | None:
        """A misdeal or a void hand: every chip goes back and the same hand is dealt again, same
        button, same blinds (002 Rules 36-C, 36-E)."""
        if self.hand is None or self._hand_snapshot is None:
            return None
        # Chips lying in bet zones go back to their players: the new hand's first round takes
        # them as gathered (flow.begin_round), so pulling them is no action.
        return self._restart_hand(out, self.hand.redeals + 1)

    def _restart_hand(self, out: list[Output], redeals: int) -> Hand | None:
        """Put the table back as this hand began (stacks, eliminations, positions) and start it
        again, for undo (replayed after) and re-deals."""
        assert self._hand_snapshot is not None
        stacks, eliminated, pos = self._hand_snapshot
        for s, (stack, gone) in stacks.items():
            self.players[s].stack, self.players[s].out = stack, gone
        self.eliminated = eliminated
        self.next_positions = pos
        self.hand = None
        self.hand_no -= 1
        hand = self.start_hand(out)
        if hand is not None:
            hand.redeals = redeals
        return hand

    # the view --------------------------------------------------------------------

    def view(self) -> TableView:
        hand = self.hand
        in_hand = hand is not None and hand.street != "over"
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
                if s in hand.tabled:
                    shown = tuple(cards)
                elif s not in hand.folded:
                    hidden = len(cards)
                if s in hand.dead:
                    status = "dead"
                elif s in hand.folded:
                    status = "folded"
                elif p.stack == 0:
                    status = "all-in"
            if status == "active" and p.penalty:
                status = "penalty"
            elif status == "active" and p.absent:
                status = "absent"
            seats.append(SeatView(
                s, p.name, p.stack, bet, status, button=pos.button == s, sb=pos.sb == s,
                bb=pos.bb == s, in_turn=self.to_act() == s, shown=shown, hidden=hidden))
        lv = self.level()
        level_view = LevelView(
            number=self.level_index + 1, small_blind=lv.small_blind, big_blind=lv.big_blind,
            ante=lv.ante, bb_ante=self.bb_ante,
            seconds_left=None if lv.seconds is None else max(0.0, lv.seconds - self.level_elapsed),
            on_break=lv.is_break, paused=self.paused)
        clock = None
        if self.clock is not None:
            clock = ClockView(self.clock[0], max(0.0, self.clock[1] - self.t))
        return TableView(
            profile=self.profile.name, hand_no=self.hand_no, street=self.street,
            board=tuple(hand.board) if hand else (), seats=tuple(seats),
            pots=tuple(PotView(p.amount, p.seats) for p in self.pots()),
            to_act=self.to_act(), to_call=self.to_call(), min_raise_to=self.min_raise_to(),
            can_raise=self.can_raise(), last=self.last, alerts=tuple(self.open_alerts),
            clock=clock, level=level_view, eliminated=tuple(self.eliminated), chips=self.chips)


def _levels(setup: dict[str, Any]) -> list[Level]:
    sb, bb = setup["blinds"]
    ante = int(setup.get("ante", 0))
    raw = setup.get("levels")
    if not raw:
        return [Level(sb, bb, ante, None)]
    levels: list[Level] = []
    for lv in raw:
        if "break" in lv:
            prev = levels[-1] if levels else Level(sb, bb, ante, None)
            levels.append(Level(prev.small_blind, prev.big_blind, prev.ante,
                                float(lv["break"]) * 60, is_break=True))
        else:
            lsb, lbb = lv["blinds"]
            minutes = lv.get("minutes")
            levels.append(Level(int(lsb), int(lbb), int(lv.get("ante", 0)),
                                None if minutes is None else float(minutes) * 60))
    return levels


def fold_events(setup: dict[str, Any], events: Iterable[Event]) -> Table:
    """The table after ``events``: the engine as a fold (recovery is replay)."""
    table = Table(setup)
    for ev in events:
        table.apply(ev)
    return table


_HANDLERS: dict[str, Callable[[Table, Any, list[Output]], None]] = {
    "setup": Table._on_setup,
    "tick": Table._on_tick,
    "deal": cards.on_deal,
    "card": cards.on_card,
    "board": cards.on_board,
    "push": act.on_push,
    "pull": act.on_pull,
    "chips": act.on_chips,
    "fold": act.on_fold,
    "declare": act.on_declare,
    "press": act.on_press,
    "seat": act.on_seat,
}

"""The table's state: seats, button, blinds, the hand in progress, the tournament levels.

The rule modules (flow, hands, actions, dealing, cards, reading) take a :class:`TableState` as
their argument and change it; none of them imports the dispatch (:mod:`tablectl.engine.table`), so
the engine's modules import one way only. Queries here read the state and never change it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from tablectl.engine.events import Event
from tablectl.engine.hand import Hand
from tablectl.engine.outputs import Alert, Ruling
from tablectl.engine.positions import Positions, first_positions, next_positions, next_seat
from tablectl.engine.pots import Pot, build_pots
from tablectl.engine.profiles import HouseProfile, profile_for
from tablectl.engine.records import record


class _BetZones(dict[int, str]):
    """``f"bet:{seat}"``, the name of a seat's bet zone in ``TableState.zones``, for seats 1-10
    written once (every push looks its zone up; issue 14); any other key is formatted anew."""

    def __missing__(self, seat: int) -> str:
        return f"bet:{seat}"


BET_ZONE = _BetZones({seat: f"bet:{seat}" for seat in range(1, 11)})


class _BetSeats(dict[str, int]):
    """``int(zone[4:])``, the seat of a bet zone's name, for "bet:1" to "bet:10" looked up."""

    def __missing__(self, zone: str) -> int:
        return int(zone[4:])


BET_SEAT = _BetSeats({zone: seat for seat, zone in BET_ZONE.items()})


SEAT_NUMBER = {str(seat): seat for seat in range(1, 11)}  # a setup's seat keys, as int() reads them
_SEAT_NAMES = {str(seat): f"Seat {seat}" for seat in range(1, 11)}  # a seat named by no one


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
    # seated by the floor between the small blind and the button: dealt in once the button has
    # passed the seat (002 Rules 8-A, 10-A)
    waiting: bool = False


class LedgerEntry(NamedTuple):
    """One action recorded for a seat (actions.record_action): what the floor may rule on.
    Immutable; a named tuple because one is built for every action (a third of a frozen
    dataclass's cost)."""

    seat: int
    street: str
    action: str
    bet_before: int  # the seat's bet this street before the action
    stack_before: int  # its chips behind before the action
    to: int
    owes: int
    returned: int


@record
class Level:
    small_blind: int
    big_blind: int
    ante: int
    seconds: float | None
    is_break: bool = False


class TableState:
    """One table: seats, button, blinds, the hand in progress, and the tournament around it."""

    # Slots, not an instance dict: a dict of more than 30 attributes gets keys of its own, and
    # every attribute read and write of the rule modules went through it (issue 14). Every
    # attribute __init__ sets; tests/fast_trace.py reads them all.
    __slots__ = (
        "alert_seq",
        "badges",
        "bb_ante",
        "button_placed",
        "chips",
        "chips_added",
        "clock",
        "eliminated",
        "floor_overrides",
        "floor_ruling",
        "floor_target",
        "give_back",
        "hand",
        "hand_log",
        "hand_no",
        "hand_snapshot",
        "last",
        "ledger",
        "ledger_deal",
        "level_elapsed",
        "level_index",
        "levels",
        "next_positions",
        "open_alerts",
        "paused",
        "players",
        "profile",
        "recounts",
        "sensed_zones",
        "stack_findings",
        "t",
        "unit",
        "zones",
        "zones_at_start",
    )

    def __init__(self, setup: dict[str, Any]) -> None:
        try:
            self.profile: HouseProfile = profile_for(
                setup.get("rules", "tda-2025"), setup.get("options")
            )
        except ValueError as exc:
            raise SetupError(str(exc)) from None
        names = setup.get("names") or {}
        self.players: dict[int, Player] = {}
        players = self.players
        for s, stack in setup["seats"].items():
            # int(s), int(stack) and the default name, for the usual "1"-"10" and int stacks
            # looked up rather than parsed and formatted (every table; issue 14)
            seat = SEAT_NUMBER.get(s)
            if seat is None:
                seat = int(s)
            chips = stack if type(stack) is int else int(stack)
            name = str(names[s]) if s in names else _SEAT_NAMES.get(s) or f"Seat {s}"
            players[seat] = Player(seat, chips, name, chips == 0)  # no chips: out
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
        self.chips_added = 0  # net chips the floor brought in or took out (stack, seat, unseat)
        live = self.live_seats()
        self.next_positions: Positions = first_positions(live, int(setup.get("button", live[0])))
        self.zones: dict[str, list[int]] = {}  # last raw chip-zone snapshots
        self.sensed_zones: set[str] = set()  # zones a `chips` snapshot has reported
        # Chips lying in a bet zone that are no bet (returned by a ruling, or pushed when no bet
        # was possible): the dealer hands them back, and a pull of them is no action.
        self.give_back: dict[int, int] = {}
        # per seat, what its stack zone last showed wrong: (unknown chips, chips missing) (002 63)
        self.stack_findings: dict[int, tuple[tuple[int, ...], int]] = {}
        self.last: Ruling | None = None
        self.open_alerts: list[Alert] = []  # raised and not acknowledged, newest last (bounded)
        self.alert_seq = 0  # alerts raised since setup: the last alert's id
        # Reads the sensors could not trust, held until the dealer answers (recount.py): the
        # zone asked about or the card -> (the read held, its recount alert's id, the zones
        # a card was seen in)
        self.recounts: dict[str, tuple[Event, int, tuple[str, ...]]] = {}
        self.badges: dict[str, str] = {}  # signed-in name -> role (badge events; no play)
        # The floor placed the button for the next hand (002 Rule 35-A): the blinds follow.
        self.button_placed: int | None = None
        # Floor rulings replacing an action of the current deal: ledger index -> (action, to,
        # rule, text); the hand is replayed with them (tablectl/engine/floor.py)
        self.floor_overrides: dict[tuple[int, int, int], tuple[str, int | None, str, str]] = {}
        # Every action recorded in turn this deal, for the floor to rule on (floor.py):
        # (hand_no, redeals) of the deal, and its entries in order
        self.ledger_deal: tuple[int, int] | None = None
        self.ledger: list[LedgerEntry] = []
        self.floor_target: tuple[int, int, int] | None = None  # the override being replayed
        self.floor_ruling: Ruling | None = None  # what the overridden action became
        self.clock: tuple[int, float] | None = None  # (seat, deadline t)
        self.hand_log: list[Event] = []  # this hand's events, for undo by replay
        self.hand_snapshot: tuple[dict[int, tuple[int, bool]], list[int], Positions] | None = None
        self.zones_at_start: tuple[dict[str, list[int]], dict[int, int]] = ({}, {})

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
            total += sum(self.hand.contributed.values()) + self.hand.stakes.dead_money
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
        return build_pots(hand.collected(), set(hand.live()), hand.stakes.dead_money)

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

    def show_first(self) -> int | None:
        """Who must table first at showdown (002 Rule 18-A)."""
        hand = self.hand
        if hand is None or (
            hand.street not in ("showdown", "over") and not hand.betting.betting_over
        ):
            return None
        live = hand.live()
        if hand.betting.river_aggressor in live:
            return hand.betting.river_aggressor
        return next_seat(hand.positions.button, live) if live else None

    @property
    def live_hand(self) -> Hand | None:
        """The hand in progress (None before the first hand and once it is awarded)."""
        return self.hand if self.hand is not None and self.hand.street != "over" else None

    def live_seats(self) -> list[int]:
        return sorted([s for s, p in self.players.items() if not p.out and not p.waiting])

    def hand_over(self) -> None:
        """After the award: the next hand's positions (the dead button moves now, 002 Rule 33),
        or the floor's button placement (002 Rule 35-A). A seat waiting for the button to pass
        it (002 Rule 10-A) is dealt in once it has."""
        assert self.hand is not None
        before = self.hand.positions.button
        live = self.live_seats()  # recompute_positions, inline (every hand)
        if len(live) >= 2:
            self.next_positions = self.upcoming_positions(live)
        after = self.next_positions.button
        for p in self.players.values():
            if p.waiting and 0 < (p.seat - before) % 10 <= (after - before) % 10:
                p.waiting = False

    def change_seat(self, seat: int, player: Player | None) -> None:
        """Seat ``player`` (None: empty the seat). During a hand the hand's snapshot takes the
        change too: a re-deal or an undo restarts the hand from it, and keeps the change."""
        if self.live_hand is not None and self.hand_snapshot is not None:
            if player is None:
                self.hand_snapshot[0].pop(seat, None)
            else:
                self.hand_snapshot[0][seat] = (player.stack, player.out)
        if player is None:
            self.players.pop(seat, None)
        else:
            self.players[seat] = player

    def recompute_positions(self) -> None:
        """The next hand's positions from the last hand's (or the setup's button), the live
        seats and the floor's button placement."""
        live = self.live_seats()
        if len(live) >= 2:
            self.next_positions = self.upcoming_positions(live)

    def upcoming_positions(self, live: list[int]) -> Positions:
        """The next hand's positions were ``live`` the seats dealt in (two at least)."""
        if self.button_placed is not None:
            return first_positions(live, self.button_placed)
        if self.hand is not None:
            return next_positions(
                self.hand.positions,
                live,
                self.profile.button,
                self.profile.dead_button,
                self.profile.moved_sb,
            )
        return first_positions(live, self.next_positions.button)


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
            levels.append(
                Level(
                    prev.small_blind,
                    prev.big_blind,
                    prev.ante,
                    float(lv["break"]) * 60,
                    is_break=True,
                )
            )
        else:
            lsb, lbb = lv["blinds"]
            minutes = lv.get("minutes")
            levels.append(
                Level(
                    int(lsb),
                    int(lbb),
                    int(lv.get("ante", 0)),
                    None if minutes is None else float(minutes) * 60,
                )
            )
    return levels

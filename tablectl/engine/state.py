"""The table's state: seats, button, blinds, the hand in progress, the tournament levels.

The rule modules (flow, hands, actions, dealing, cards, reading) take a :class:`TableState` as
their argument and change it; none of them imports the dispatch (:mod:`tablectl.engine.table`), so
the engine's modules import one way only. Queries here read the state and never change it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    """One action recorded for a seat (turn.record_action): what the floor may rule on.
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


@dataclass(slots=True)
class Felt:
    """The chips as the sensors last showed them, and what the dealer is to hand back. Written
    by chips.py (the zones as read, the stack findings), turn.py and outofturn.py (chips handed
    back), flow.py and dealing.py (bets gathered, chips back), floor.py and table.py (an
    undo), recount.py (the cards the table has not read), shortbet.py (a push read as push()
    would read it, the zone put back at once: whether to ask for a count), retire.py (the dead
    chips asked about), deckchange.py (the dead cards told to change the deck for)."""

    zones: dict[str, list[int]] = field(default_factory=dict)  # last raw chip-zone snapshots
    sensed_zones: set[str] = field(default_factory=set)  # zones a `chips` snapshot has reported
    # Chips lying in a bet zone that are no bet (returned by a ruling, or pushed when no bet
    # was possible): the dealer hands them back, and a pull of them is no action.
    give_back: dict[int, int] = field(default_factory=dict)
    # per seat, what its stack zone last showed wrong: (unknown chips, chips missing) (002 63)
    stack_findings: dict[int, tuple[tuple[int, ...], int]] = field(default_factory=dict)
    # the deck's cards whose tags the table has not read since enrolment (the bridge's
    # ``unread``): a seat short of cards may hold one of them (dealing.check_deal asks)
    unread_cards: tuple[str, ...] = ()
    # the chips the bridge counts where they lie but cannot read (a dead tag, a chip unread past
    # any shadow), by zone: a bet read short by some of them is counted (shortbet.py)
    unread_chips: dict[str, tuple[int, ...]] = field(default_factory=dict)
    answered: str = ""  # the zone whose dealer's count is being ruled: not asked about again
    # dead chips the bridge knows the place of (``unread``'s ``dead``): uid -> (value, zone);
    # the dealer is asked to take each out of play between hands (retire.py), once a place
    dead_chips: dict[str, tuple[int, str]] = field(default_factory=dict)
    retire_asked: dict[str, str] = field(default_factory=dict)  # uid -> the zone asked about
    # the deck in play's cards the bridge found dead (``unread``'s ``deck`` and ``dead_cards``)
    # and the alert telling the dealer to change that deck (deckchange.py): (deck, card) -> id
    unread_deck: str | None = None
    dead_cards: tuple[str, ...] = ()
    deck_alerts: dict[tuple[str, str], int] = field(default_factory=dict)
    decks_out: set[str] = field(default_factory=set)  # decks changed away: out of play


@dataclass(slots=True)
class Book:
    """Every action recorded in turn this deal and the floor's rulings on them (002 Rule 1;
    floor.py), and the chips the floor brought in or took out. Written by turn.py (the ledger),
    floor.py and table.py."""

    # (hand_no, redeals) of the deal the ledger is of, and its entries in order
    ledger_deal: tuple[int, int] | None = None
    ledger: list[LedgerEntry] = field(default_factory=list)
    # Floor rulings replacing an action of the current deal: ledger index -> (action, to,
    # rule, text); the hand is replayed with them (tablectl/engine/floor.py)
    floor_overrides: dict[tuple[int, int, int], tuple[str, int | None, str, str]] = field(
        default_factory=dict
    )
    floor_target: tuple[int, int, int] | None = None  # the override being replayed
    floor_ruling: Ruling | None = None  # what the overridden action became
    chips_added: int = 0  # net chips the floor brought in or took out (stack, seat, unseat)


@dataclass(slots=True)
class Timing:
    """Time as the events bring it: the table's clock, the levels, a pause, the clock on a seat
    (002 Rule 29). Written by table.py (ticks, levels), presses.py (pause), clock.py, and by
    turn.py, flow.py, hands.py and floor.py (the clock stopped: the seat acted, the hand
    ended)."""

    levels: list[Level]
    t: float = 0.0
    paused: bool = False
    level_index: int = 0
    level_elapsed: float = 0.0
    clock: tuple[int, float] | None = None  # (seat, deadline t)


@dataclass(slots=True)
class Rewind:
    """What an undo or a re-deal replays the hand from. Written by hands.py, table.py and
    state.py (a seat changed during the hand)."""

    hand_log: list[Event] = field(default_factory=list)  # this hand's events, for undo by replay
    hand_snapshot: tuple[dict[int, tuple[int, bool]], list[int], Positions] | None = None
    zones_at_start: tuple[dict[str, list[int]], dict[int, int]] = ({}, {})
    # each seat's (absent, penalty) as the hand began: undo replays a seat's status from it
    statuses_at_start: dict[int, tuple[bool, bool]] = field(default_factory=dict)
    replaying: bool = False  # the hand's log is being replayed: its reads were ruled once


@dataclass(slots=True)
class Console:
    """The director's and dealer's side: alerts raised and not acknowledged, newest last
    (bounded), the last alert's id, the badges signed in. Written by table.py, recount.py and
    deckchange.py (the alerts of a deck changed, closed)."""

    open_alerts: list[Alert] = field(default_factory=list)
    alert_seq: int = 0  # alerts raised since setup: the last alert's id
    badges: dict[str, str] = field(default_factory=dict)  # signed-in name -> role (no play)


@dataclass(slots=True)
class Seating:
    """Who sits where next: the next hand's positions, the floor's button placement (002 Rule
    35-A: the blinds follow), the seats eliminated in order. Written by state.py, flow.py,
    hands.py, table.py and floor.py."""

    next_positions: Positions
    button_placed: int | None = None
    eliminated: list[int] = field(default_factory=list)


class TableState:
    """One table: seats, button, blinds, the hand in progress, and the tournament around it.

    Its own fields are the setup and the hand; the rest is kept by concern, one sub-record each
    (felt, book, timing, rewind, console, seating), written by the modules their docstrings name
    (tests/test_ownership.py holds them to it). Written by state.py, table.py, hands.py, flow.py
    (the hand, the players' stacks), turn.py, chips.py, folds.py (the last ruling, stacks),
    presses.py (a seat's status), floor.py, recount.py and retire.py (questions held)."""

    # Slots, not an instance dict (issue 14). Every attribute __init__ sets; tests/fast_trace.py
    # reads them all.
    __slots__ = (
        "bb_ante",
        "book",
        "chips",
        "console",
        "felt",
        "hand",
        "hand_no",
        "last",
        "players",
        "profile",
        "recounts",
        "rewind",
        "seating",
        "timing",
        "unit",
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
        self.timing = Timing(_levels(setup))
        self.hand_no = 0
        self.hand: Hand | None = None
        live = self.live_seats()
        self.seating = Seating(first_positions(live, int(setup.get("button", live[0]))))
        self.felt = Felt()
        self.last: Ruling | None = None
        self.console = Console()
        # Reads the sensors could not trust, held until the dealer answers (recount.py): the
        # zone asked about or the card -> (the read held, its recount alert's id, the zones
        # a card was seen in)
        self.recounts: dict[str, tuple[Event, int, tuple[str, ...]]] = {}
        self.book = Book()
        self.rewind = Rewind()

    # ------------------------------------------------------------------ reading the state

    @property
    def street(self) -> str:
        return self.hand.street if self.hand else "idle"

    def stacks(self) -> dict[int, int]:
        return {s: p.stack for s, p in self.players.items()}

    def chips_total(self) -> int:
        """Every chip at the table: stacks, bet zones and pots (bets count in ``contributed``), and
        odd chips a hand over left in its pot for the next (003 Ties 3)."""
        total = sum(p.stack for p in self.players.values())
        hand = self.hand
        if hand is not None:
            if hand.street == "over":
                total += hand.showdown.carried
            else:
                total += sum(hand.contributed.values()) + hand.stakes.dead_money
        return total

    def level(self) -> Level:
        return self.timing.levels[self.timing.level_index]

    def positions(self) -> Positions:
        """Positions of the hand in progress, or of the next hand if none is."""
        hand = self.live_hand
        return hand.positions if hand is not None else self.seating.next_positions

    def pots(self) -> list[Pot]:
        hand = self.live_hand
        if hand is None:
            return []
        return build_pots(hand.collected(), set(hand.live()), hand.stakes.dead_money)

    def to_act(self) -> int | None:
        hand = self.live_hand
        return hand.to_act if hand is not None else None

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
        if live and self.profile.show_order == "side_pot_first":
            # 004 The Showdown 7: a player all-in for the main pot only shows after the side pot
            top = max(hand.contributed.get(s, 0) for s in live)
            live = [s for s in live if hand.contributed.get(s, 0) == top]
        if hand.betting.river_aggressor in live:
            return hand.betting.river_aggressor
        return next_seat(hand.positions.button, live) if live else None

    @property
    def live_hand(self) -> Hand | None:
        """The hand in progress (None before the first hand and once it is awarded)."""
        return self.hand if self.hand is not None and self.hand.street != "over" else None

    def betting_seats(self) -> frozenset[int] | None:
        """The seats that may put chips in their bet: in a hand, those dealt in that have not
        folded; between hands, the seated players not out of the tournament (the next hand's
        blinds). None: no player seated. The sensors' tracker takes no chip into the bet of
        another seat, nor a card a live seat reads into its place
        (``TagTracker.betting_seats``)."""
        hand = self.live_hand
        if hand is not None:
            return frozenset(hand.live())
        seated = frozenset(s for s, p in self.players.items() if not p.out)
        return seated or None

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
            self.seating.next_positions = self.upcoming_positions(live)
        after = self.seating.next_positions.button
        for p in self.players.values():
            if p.waiting and 0 < (p.seat - before) % 10 <= (after - before) % 10:
                p.waiting = False

    def change_seat(self, seat: int, player: Player | None) -> None:
        """Seat ``player`` (None: empty the seat). During a hand the hand's snapshot takes the
        change too: a re-deal or an undo restarts the hand from it, and keeps the change."""
        if self.live_hand is not None and self.rewind.hand_snapshot is not None:
            if player is None:
                self.rewind.hand_snapshot[0].pop(seat, None)
            else:
                self.rewind.hand_snapshot[0][seat] = (player.stack, player.out)
        if player is None:
            self.players.pop(seat, None)
        else:
            self.players[seat] = player

    def recompute_positions(self) -> None:
        """The next hand's positions from the last hand's (or the setup's button), the live
        seats and the floor's button placement."""
        live = self.live_seats()
        if len(live) >= 2:
            self.seating.next_positions = self.upcoming_positions(live)

    def upcoming_positions(self, live: list[int]) -> Positions:
        """The next hand's positions were ``live`` the seats dealt in (two at least)."""
        if self.seating.button_placed is not None:
            return first_positions(live, self.seating.button_placed)
        if self.hand is not None:
            return next_positions(
                self.hand.positions,
                live,
                self.profile.button,
                self.profile.dead_button,
                self.profile.moved_sb,
            )
        return first_positions(live, self.seating.next_positions.button)


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

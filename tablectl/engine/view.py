"""A read-only snapshot of the table for the displays (and anything else that only looks).

The engine fills it (:meth:`tablectl.engine.Table.view`); display/ renders it and never touches
engine internals, so the screens can be built, tested and screenshotted from a hand-made view.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablectl.engine.outputs import Alert, Ruling

# Seat status values, in the words a dealer uses.
SEAT_STATUSES = (
    "active",
    "folded",
    "all-in",
    "absent",
    "penalty",
    "dead",
    "out",
    "empty",
    "waiting",
)
# Console buttons (the contract's presses); ``Allowed.presses`` lists those that apply now.
PRESS_NAMES = ("check", "clock", "award", "new_hand", "pause", "resume", "undo", "floor")


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int  # 1..10
    player: str  # the player's name, or "Seat N"
    stack: int  # chips behind, not counting the bet this street
    bet: int  # chips in the bet zone this street
    status: str  # one of SEAT_STATUSES
    button: bool = False
    sb: bool = False
    bb: bool = False
    in_turn: bool = False
    shown: tuple[str, ...] = ()  # hole cards tabled face up
    hidden: int = 0  # hole cards held face down


@dataclass(frozen=True, slots=True)
class PotView:
    amount: int
    seats: tuple[int, ...]  # eligible seats


@dataclass(frozen=True, slots=True)
class ClockView:
    """A player on the clock (002 Rule 29)."""

    seat: int
    seconds_left: float


@dataclass(frozen=True, slots=True)
class LevelView:
    number: int  # 1-based
    small_blind: int
    big_blind: int
    ante: int
    bb_ante: bool
    seconds_left: float | None  # None when the structure has no timed levels
    on_break: bool = False
    paused: bool = False


@dataclass(frozen=True, slots=True)
class Allowed:
    """What the console may enter now: the seat in turn's legal declarations (002 Rules 41-52)
    with the amounts a pad offers in one tap, and the buttons whose press applies."""

    seat: int | None  # the seat in turn; None: no one (the declarations below are empty)
    actions: tuple[str, ...] = ()  # of fold check call bet raise all-in, in that order
    call: int = 0  # chips to add to call (all its chips when short)
    min_raise_to: int | None = None  # smallest legal bet or raise total; None: may not raise
    all_in_to: int = 0  # the seat's total bet this street if all in
    bet: int = 0  # the seat's bet this street so far
    stack: int = 0  # chips behind
    presses: tuple[str, ...] = ()  # buttons that apply now (verify_press finds nothing)


@dataclass(frozen=True, slots=True)
class RecountView:
    """A question waiting for the dealer (tablectl/engine/recount.py): the zone to count and the
    chips read there, or the card to place, the zone it was read in and where else it was seen."""

    id: int  # its recount alert's id
    zone: str  # the chip zone to count, or the card's likeliest zone
    chips: tuple[int, ...] = ()  # the read held for that chip zone
    card: str | None = None
    seen: tuple[str, ...] = ()  # card zones the card was seen in
    # a seat's hole cards to count (zone seat:N): the cards read there, and the deck's cards
    # the table has not read (one may be there, its tag dead)
    cards: int | None = None
    unread: tuple[str, ...] = ()
    # a dead chip to take out of play (its tag UID) and its value; zone: where it lies
    retire: str | None = None
    value: int = 0


@dataclass(frozen=True, slots=True)
class TableView:
    profile: str  # house profile name, e.g. "tda-2025"
    hand_no: int
    street: str  # idle preflop flop turn river showdown over
    board: tuple[str, ...]
    seats: tuple[SeatView, ...]  # the ten seats, 1..10, empty ones included
    pots: tuple[PotView, ...]  # main first; chips in bet zones this street not yet included
    to_act: int | None
    to_call: int
    min_raise_to: int | None
    can_raise: bool
    last: Ruling | None
    alerts: tuple[Alert, ...]  # raised and not yet cleared by the dealer
    clock: ClockView | None = None
    level: LevelView | None = None
    eliminated: tuple[int, ...] = ()  # earliest out first
    chips: tuple[int, ...] = field(default=())  # denominations in play
    allowed: Allowed = field(default_factory=lambda: Allowed(None))
    recounts: tuple[RecountView, ...] = ()  # questions for the dealer, oldest first
    carried: int = 0  # odd chips the hand over left in its pot for the next hand (003 Ties 3)
    # (deck, card) of each card tag found dead in a deck not changed yet: change that deck
    # (tablectl/engine/deckchange.py; house option ``deck_change`` says when)
    dead_cards: tuple[tuple[str, str], ...] = ()

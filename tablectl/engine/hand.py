"""The state of one hand in progress: who is in, the cards as read, the chips each seat put in.

The hand's own fields are what every rule reads (who is dealt in and still in, the street, the
betting round, the seat in turn, the cards); the rest is kept by rule area, one sub-record each,
written by the modules its docstring names (tests/test_ownership.py holds them to it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablectl.engine.betting import Round
from tablectl.engine.positions import Positions

BOARD_AT = {"flop": 3, "turn": 4, "river": 5}


@dataclass(slots=True)
class Stakes:
    """What the hand was dealt for: the stacks before the antes and blinds (000 rule 28 ranks
    busts by them), the blinds and antes, and a big blind ante paid for everyone, in the main
    pot. Set by hands.start_hand. Written by flow.py (the forced bets, the award) and floor.py
    (a kill that ends the hand)."""

    start_stacks: dict[int, int]
    blinds: tuple[int, int]
    ante: int
    bb_ante: bool
    dead_money: int = 0  # in the main pot: a big blind ante, a dead small blind, chips carried in
    carried_in: int = 0  # left in the last hand's pot (003 Ties 3), part of ``dead_money``


@dataclass(slots=True)
class Betting:
    """What the betting rules keep beside the round's bets (betting.Round): rulings still owed,
    declarations and pulls waiting for the chips, undercalls, and the counts 002 Rule 37 reads.
    Written by turn.py, chips.py, declarations.py, folds.py, clock.py, flow.py, dealing.py (a
    hand killed) and floor.py (its rulings)."""

    betting_over: bool = False  # no more betting possible: all-ins (002 Rule 17)
    river_aggressor: int | None = None  # last aggressor on the final street (002 Rule 18-A)
    owes: dict[int, int] = field(default_factory=dict)  # chips a ruling still expects from a seat
    declared: dict[int, tuple[str, int | None]] = field(default_factory=dict)  # pending "raise"
    # Chips lying in bet zones when this betting round began: last street's bets, not prior chips
    gathered: dict[int, list[int]] = field(default_factory=dict)
    # Prior-bet chips a seat pulled back since its last action (002 Rule 51-B/C)
    pulled: dict[int, list[int]] = field(default_factory=dict)
    # The seat whose silent chip push was the latest action: a second push is a string bet (56)
    last_push: int | None = None
    # An undercaller the floor may let fold: seat -> chips it leaves in the pot (002 Rule 44-B)
    forfeit: dict[int, int] = field(default_factory=dict)
    # The bets of the round just closed while an undercaller's choice was still the floor's: its
    # fold before the next round takes back what it never owed (002 Rule 44-B)
    closed_bets: dict[int, int] = field(default_factory=dict)
    # Undercalls not yet corrected: seat -> street, first first (002 Rule 44-C)
    undercalls: dict[int, str] = field(default_factory=dict)
    actions: int = 0  # actions in turn this hand (002 Rule 37 substantial action counts these)
    chip_actions: int = 0
    clock_warned: float | None = None  # the clock deadline whose warning was given (003)


@dataclass(slots=True)
class OutOfTurn:
    """Actions out of turn, held until the turn comes (002 Rule 42-A) and counted past a skipped
    seat (42-B, 37). Written by chips.py, declarations.py, folds.py, outofturn.py, actions.py,
    turn.py, flow.py (a new round), dealing.py and floor.py (a hand killed)."""

    # chips put out of turn, held until the turn comes: seat -> (chips, bet faced then) (42-A)
    pending: dict[int, tuple[tuple[int, ...], int]] = field(default_factory=dict)
    # declarations out of turn, held likewise: seat -> (say or None, amount, bet faced then) (42-A)
    pending_say: dict[int, tuple[str | None, int | None, int]] = field(default_factory=dict)
    # Out-of-turn actions since the seat in turn was skipped: (seat, put chips in) (002 Rule 42-B)
    oot_log: list[tuple[int, bool]] = field(default_factory=list)
    # Seats that checked out of turn: seat -> street; barred from betting or raising on their next
    # turn under the house option oot_check (004 Betting and Raising 10; 003 B&R 9)
    no_raise: dict[int, str] = field(default_factory=dict)


@dataclass(slots=True)
class Deal:
    """The deal and its irregularities (002 Rules 36-40; 000 Irregularities): burns, cards
    dealt early or exposed, replacements owed, misdeals. Written by dealing.py, cards.py,
    hands.py and flow.py."""

    burns: list[str] = field(default_factory=list)
    # The cards of board, burns, held, premature, exposed, extra and hole together: a second read
    # of one fouls the deck (36-E). Kept as cards.py and dealing.py put a card in or take it out
    # of play, so the check is one look-up, not a scan of every list.
    in_play: set[str] = field(default_factory=set)
    # Absent and penalized seats were killed when the initial deal ended (002 Rules 31, 67-C)
    seated_checked: bool = False
    deal_log: list[tuple[int, str]] = field(default_factory=list)  # hole cards as first read
    deal_done: bool = False  # every entitled seat has its cards, or action started
    exposed: list[str] = field(default_factory=list)  # dealer-exposed hole cards (000 Irr 17)
    owed_cards: dict[int, int] = field(default_factory=dict)  # replacements a seat is owed
    # hole cards a seat holds that the table did not read (a dead tag): asked of the dealer
    # at the deal's end and counted on the answer (dealing.check_deal, counted_cards)
    unread: dict[int, int] = field(default_factory=dict)
    boxed: int = 0  # boxed cards found on the initial deal (002 Rule 36-A(1))
    burn_pending: int = 0  # burns read since the last street was dealt
    burn_credit: int = 0  # extra burns already taken for later streets (000 Irr 14)
    burn_need: dict[str, int] = field(default_factory=dict)  # streets not needing one burn
    burn_fix: bool = False  # a missed burn may still be corrected from the board (38-B)
    street_mark: int = 0  # ``actions`` when the current street was dealt
    held: list[str] = field(default_factory=list)  # a four-card flop's extra card (38-A)
    premature: list[str] = field(default_factory=list)  # board cards dealt too early (RP-5)
    # A dealer's extra card after the deal, back on the stub to be the burn (000 Irr 10, 18)
    extra: list[str] = field(default_factory=list)
    scrapped: set[int] = field(default_factory=set)  # seats owed a joker's replacement (000 Irr 7)
    redeals: int = 0  # misdeals of this hand: the re-deal replays it (002 Rule 36-C)


@dataclass(slots=True)
class Showdown:
    """How the hands end: killed, mucked, tabled (002 Rules 16-18), and what each seat won.
    Written by flow.py, cards.py, folds.py, clock.py, turn.py, dealing.py and floor.py."""

    dead: set[int] = field(default_factory=set)  # hands killed by a ruling (not folded by choice)
    tabled: set[int] = field(default_factory=set)  # hands read face up
    mucked: list[str] = field(default_factory=list)
    face_up: dict[int, set[str]] = field(default_factory=dict)  # hole cards read face up
    one_card: dict[int, bool] = field(default_factory=dict)  # one card tabled: alerted yet (16-A)
    won: dict[int, int] = field(default_factory=dict)
    # odd chips of a split left in the pot for the next hand (003 Ties 3, ``odd_chip`` "carry")
    carried: int = 0


@dataclass(slots=True)
class Hand:
    """One hand: who is dealt in and still in, the street, the betting round, the seat in turn,
    the cards. Written by flow.py (the turn, the streets, the award), turn.py, folds.py,
    cards.py, dealing.py, hands.py and floor.py."""

    number: int
    positions: Positions
    dealt: tuple[int, ...]  # seats dealt in, ascending
    stakes: Stakes
    street: str = "preflop"  # preflop flop turn river showdown over
    round: Round = field(default_factory=lambda: Round(min_bet=0))
    folded: set[int] = field(default_factory=set)
    contributed: dict[int, int] = field(default_factory=dict)  # chips put in this hand
    hole: dict[int, list[str]] = field(default_factory=dict)
    board: list[str] = field(default_factory=list)
    to_act: int | None = None
    betting: Betting = field(default_factory=Betting)
    oot: OutOfTurn = field(default_factory=OutOfTurn)
    deal: Deal = field(default_factory=Deal)
    showdown: Showdown = field(default_factory=Showdown)

    def live(self) -> list[int]:
        """Seats still contesting the pot."""
        return [s for s in self.dealt if s not in self.folded]

    def collected(self) -> dict[int, int]:
        """Chips already in the pots: put in this hand minus what lies in bet zones this street."""
        bets = self.round.bets
        return {s: c - bets.get(s, 0) for s, c in self.contributed.items()}

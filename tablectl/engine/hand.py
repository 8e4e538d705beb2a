"""The state of one hand in progress: who is in, the cards as read, the chips each seat put in."""

from __future__ import annotations

from dataclasses import dataclass, field

from tablectl.engine.betting import Round
from tablectl.engine.positions import Positions

STREETS = ("preflop", "flop", "turn", "river")
BOARD_AT = {"flop": 3, "turn": 4, "river": 5}


@dataclass(slots=True)
class Hand:
    number: int
    positions: Positions
    dealt: tuple[int, ...]  # seats dealt in, ascending
    start_stacks: dict[int, int]  # stacks before antes and blinds (000 rule 28 ranks busts by them)
    blinds: tuple[int, int]
    ante: int
    bb_ante: bool
    street: str = "preflop"  # preflop flop turn river showdown over
    round: Round = field(default_factory=lambda: Round(min_bet=0))
    folded: set[int] = field(default_factory=set)
    dead: set[int] = field(default_factory=set)  # hands killed by a ruling (not folded by choice)
    contributed: dict[int, int] = field(default_factory=dict)  # chips put in this hand
    dead_money: int = 0  # a big blind ante: paid for everyone, in the main pot
    hole: dict[int, list[str]] = field(default_factory=dict)
    tabled: set[int] = field(default_factory=set)  # hands read face up
    board: list[str] = field(default_factory=list)
    burns: list[str] = field(default_factory=list)
    mucked: list[str] = field(default_factory=list)
    # The cards of board, burns, held, premature, exposed, extra and hole together: a second read
    # of one fouls the deck (36-E). Kept as cards.py and dealing.py put a card in or take it out
    # of play, so the check is one look-up, not a scan of every list.
    in_play: set[str] = field(default_factory=set)
    to_act: int | None = None
    betting_over: bool = False  # no more betting possible: all-ins (002 Rule 17)
    river_aggressor: int | None = None  # last aggressor on the final street (002 Rule 18-A)
    owes: dict[int, int] = field(default_factory=dict)  # chips a ruling still expects from a seat
    declared: dict[int, tuple[str, int | None]] = field(default_factory=dict)  # pending "raise"
    # chips put out of turn, held until the turn comes: seat -> (chips, bet faced then) (42-A)
    pending: dict[int, tuple[tuple[int, ...], int]] = field(default_factory=dict)
    # declarations out of turn, held likewise: seat -> (say or None, amount, bet faced then) (42-A)
    pending_say: dict[int, tuple[str | None, int | None, int]] = field(default_factory=dict)
    # Out-of-turn actions since the seat in turn was skipped: (seat, put chips in) (002 Rule 42-B)
    oot_log: list[tuple[int, bool]] = field(default_factory=list)
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
    # Seats that checked out of turn: seat -> street; barred from betting or raising on their next
    # turn under the house option oot_check (004 Betting and Raising 10; 003 B&R 9)
    no_raise: dict[int, str] = field(default_factory=dict)
    # Absent and penalized seats were killed when the initial deal ended (002 Rules 31, 67-C)
    seated_checked: bool = False
    won: dict[int, int] = field(default_factory=dict)
    actions: int = 0  # actions in turn this hand (002 Rule 37 substantial action counts these)
    chip_actions: int = 0
    # Deal tracking and card irregularities (dealing.py, cards.py; 002 Rules 36-40).
    deal_log: list[tuple[int, str]] = field(default_factory=list)  # hole cards as first read
    deal_done: bool = False  # every entitled seat has its cards, or action started
    exposed: list[str] = field(default_factory=list)  # dealer-exposed hole cards (000 Irr 17)
    owed_cards: dict[int, int] = field(default_factory=dict)  # replacements a seat is owed
    boxed: int = 0  # boxed cards found on the initial deal (002 Rule 36-A(1))
    burn_pending: int = 0  # burns read since the last street was dealt
    burn_credit: int = 0  # extra burns already taken for later streets (000 Irr 14)
    burn_need: dict[str, int] = field(default_factory=dict)  # streets not needing one burn
    burn_fix: bool = False  # a missed burn may still be corrected from the board (38-B)
    street_mark: int = 0  # ``actions`` when the current street was dealt
    held: list[str] = field(default_factory=list)  # a four-card flop's extra card (38-A)
    premature: list[str] = field(default_factory=list)  # board cards dealt too early (RP-5)
    clock_warned: float | None = None  # the clock deadline whose warning was given (003)
    # A dealer's extra card after the deal, back on the stub to be the burn (000 Irr 10, 18)
    extra: list[str] = field(default_factory=list)
    scrapped: set[int] = field(default_factory=set)  # seats owed a joker's replacement (000 Irr 7)
    face_up: dict[int, set[str]] = field(default_factory=dict)  # hole cards read face up
    one_card: dict[int, bool] = field(default_factory=dict)  # one card tabled: alerted yet (16-A)
    redeals: int = 0  # misdeals of this hand: the re-deal replays it (002 Rule 36-C)

    def __init__(
        self,
        number: int,
        positions: Positions,
        dealt: tuple[int, ...],
        start_stacks: dict[int, int],
        blinds: tuple[int, int],
        ante: int,
        bb_ante: bool,
        street: str = "preflop",
        round: Round | None = None,
        folded: set[int] | None = None,
        dead: set[int] | None = None,
        contributed: dict[int, int] | None = None,
        dead_money: int = 0,
        hole: dict[int, list[str]] | None = None,
        tabled: set[int] | None = None,
        board: list[str] | None = None,
        burns: list[str] | None = None,
        mucked: list[str] | None = None,
        in_play: set[str] | None = None,
        to_act: int | None = None,
        betting_over: bool = False,
        river_aggressor: int | None = None,
        owes: dict[int, int] | None = None,
        declared: dict[int, tuple[str, int | None]] | None = None,
        pending: dict[int, tuple[tuple[int, ...], int]] | None = None,
        pending_say: dict[int, tuple[str | None, int | None, int]] | None = None,
        oot_log: list[tuple[int, bool]] | None = None,
        gathered: dict[int, list[int]] | None = None,
        pulled: dict[int, list[int]] | None = None,
        last_push: int | None = None,
        forfeit: dict[int, int] | None = None,
        closed_bets: dict[int, int] | None = None,
        undercalls: dict[int, str] | None = None,
        no_raise: dict[int, str] | None = None,
        seated_checked: bool = False,
        won: dict[int, int] | None = None,
        actions: int = 0,
        chip_actions: int = 0,
        deal_log: list[tuple[int, str]] | None = None,
        deal_done: bool = False,
        exposed: list[str] | None = None,
        owed_cards: dict[int, int] | None = None,
        boxed: int = 0,
        burn_pending: int = 0,
        burn_credit: int = 0,
        burn_need: dict[str, int] | None = None,
        burn_fix: bool = False,
        street_mark: int = 0,
        held: list[str] | None = None,
        premature: list[str] | None = None,
        clock_warned: float | None = None,
        extra: list[str] | None = None,
        scrapped: set[int] | None = None,
        face_up: dict[int, set[str]] | None = None,
        one_card: dict[int, bool] | None = None,
        redeals: int = 0,
    ) -> None:
        # The dataclass's own __init__ written out (one hand a deal, ~60 fields): a factory
        # default is None here, "a new one", built from a literal rather than by calling the
        # factory (tests/test_hand_init.py pins it to the fields and their defaults)
        self.number = number
        self.positions = positions
        self.dealt = dealt
        self.start_stacks = start_stacks
        self.blinds = blinds
        self.ante = ante
        self.bb_ante = bb_ante
        self.street = street
        self.round = Round(min_bet=0) if round is None else round
        self.folded = set() if folded is None else folded
        self.dead = set() if dead is None else dead
        self.contributed = {} if contributed is None else contributed
        self.dead_money = dead_money
        self.hole = {} if hole is None else hole
        self.tabled = set() if tabled is None else tabled
        self.board = [] if board is None else board
        self.burns = [] if burns is None else burns
        self.mucked = [] if mucked is None else mucked
        self.in_play = set() if in_play is None else in_play
        self.to_act = to_act
        self.betting_over = betting_over
        self.river_aggressor = river_aggressor
        self.owes = {} if owes is None else owes
        self.declared = {} if declared is None else declared
        self.pending = {} if pending is None else pending
        self.pending_say = {} if pending_say is None else pending_say
        self.oot_log = [] if oot_log is None else oot_log
        self.gathered = {} if gathered is None else gathered
        self.pulled = {} if pulled is None else pulled
        self.last_push = last_push
        self.forfeit = {} if forfeit is None else forfeit
        self.closed_bets = {} if closed_bets is None else closed_bets
        self.undercalls = {} if undercalls is None else undercalls
        self.no_raise = {} if no_raise is None else no_raise
        self.seated_checked = seated_checked
        self.won = {} if won is None else won
        self.actions = actions
        self.chip_actions = chip_actions
        self.deal_log = [] if deal_log is None else deal_log
        self.deal_done = deal_done
        self.exposed = [] if exposed is None else exposed
        self.owed_cards = {} if owed_cards is None else owed_cards
        self.boxed = boxed
        self.burn_pending = burn_pending
        self.burn_credit = burn_credit
        self.burn_need = {} if burn_need is None else burn_need
        self.burn_fix = burn_fix
        self.street_mark = street_mark
        self.held = [] if held is None else held
        self.premature = [] if premature is None else premature
        self.clock_warned = clock_warned
        self.extra = [] if extra is None else extra
        self.scrapped = set() if scrapped is None else scrapped
        self.face_up = {} if face_up is None else face_up
        self.one_card = {} if one_card is None else one_card
        self.redeals = redeals

    def live(self) -> list[int]:
        """Seats still contesting the pot."""
        return [s for s in self.dealt if s not in self.folded]

    def collected(self) -> dict[int, int]:
        """Chips already in the pots: put in this hand minus what lies in bet zones this street."""
        bets = self.round.bets
        return {s: c - bets.get(s, 0) for s, c in self.contributed.items()}

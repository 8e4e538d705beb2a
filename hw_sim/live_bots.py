"""`tablectl run --sim --bots`: bot players and a bot dealer on the daemon's emulated table.

The daemon's loop calls :meth:`LiveBots.service` with its live :class:`TableView`; at most one
physical motion is made per ``pace`` seconds, on the MCU emulator the daemon's bridge reads
(cards and chips as tags placed in zones, :class:`hw_sim.felt.Felt`) or as a button pressed on
the simulated gpiozero console. Everything then travels the production path (pty, bridge,
journal, engine, dealer screen), so a newcomer watches real hands and may tap the console
meanwhile. The bots wait while an alert stops play (002 Rule 36-C), while a recount is asked,
and while the dealer works the console (a panel open, floor mode).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any

from firmware_bridge.tags import CARD_ORDER, ChipInventory, Deck, DeckRegistry
from hw_sim.bots import decide
from hw_sim.console import SimConsole
from hw_sim.felt import Felt, Mismatch, Move
from hw_sim.mcu import McuEmulator
from hw_sim.nfc_tags import tag_uid
from tablectl.engine.dealing import stops_play
from tablectl.engine.view import TableView

log = logging.getLogger("tablectl.bots")

BETTING = ("preflop", "flop", "turn", "river")
BURNS = {3: 1, 4: 2, 5: 3}  # burn cards placed before the board reaches this many cards


def card_tag(card: str) -> bytes:
    """The tag of ``card`` in the bots' deck (the same tags as `tablectl sim`'s deck A)."""
    return tag_uid(CARD_ORDER.index(card))


def bot_registries() -> tuple[DeckRegistry, ChipInventory]:
    """The bots' deck and chip inventory, for the daemon's bridge (chips join as made)."""
    deck = Deck("A", "red", {card_tag(c).hex(): c for c in CARD_ORDER})
    return DeckRegistry([deck], in_play="A"), ChipInventory()


class LiveBots(Felt):
    """Plays the table in the daemon's loop thread: it reads the view, never the engine."""

    def __init__(
        self,
        mcu: McuEmulator,
        barrier: Callable[[], None],
        settled: Callable[[], bool],
        console: SimConsole,
        chips: tuple[int, ...],
        inventory: ChipInventory,
        *,
        pace: float = 1.0,
        seed: int = 1,
        hands: int | None = None,
        on_done: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(chips, inventory)
        self.mcu = mcu
        self.barrier = barrier  # returns once the motion's reports are queued (link ping)
        self.settled = settled  # the bridge has accepted every report (no zone settling)
        self.console = console
        self.pace = pace
        self.rng = random.Random(seed)
        self.hands = hands
        self.on_done = on_done
        self.played = 0  # hands the bots saw end
        self.due = 0.0  # clock() of the next motion
        self.done = False
        self.waiting = ""  # why the bots wait, logged once per reason
        self.hole: dict[int, list[bytes]] = {}
        self.order: list[int] = []
        self.deck: list[str] = []
        self.burns = 0
        self._hand_no = -1  # the hand the bots dealt
        self._counted = -1  # the last hand counted as played
        self._racked = False  # the starting stacks are on the table
        self._pressed: dict[str, float] = {}
        self._tries: dict[tuple[Any, ...], int] = {}

    # --- the loop's call ----------------------------------------------------------------------

    def service(self, view: TableView, busy: bool, now: float) -> None:
        """One motion when it is due and the table is ready for it."""
        if self.done or now < self.due or not self.settled():
            return
        why = self._wait_reason(view, busy)
        if why:
            if why != self.waiting:
                log.info("bots wait: %s", why)
            self.waiting = why
            return
        self.waiting = ""
        try:
            acted = self._step(view, now)
        except Mismatch as exc:
            log.error("bots stop: %s (the table is the dealer's now)", exc)
            self.done = True
            return
        if acted:
            self.due = now + self.pace

    def _wait_reason(self, view: TableView, busy: bool) -> str:
        if busy:
            return "the dealer is at the console"
        stop = next((a for a in view.alerts if stops_play(a)), None)
        if stop is not None:
            return f"alert {stop.id} stops play until it is acknowledged"
        if view.recounts:
            return "a recount is asked of the dealer"
        if view.level is not None and view.level.on_break and view.street in ("idle", "over"):
            return "a break"
        return ""

    # --- one motion ---------------------------------------------------------------------------

    def _step(self, view: TableView, now: float) -> bool:
        if not self._racked:
            return self._rack_stacks(view)
        in_hand = view.street not in ("idle", "over")
        if not in_hand or view.hand_no != self._hand_no:
            return self._between_hands(view, now)
        if self._post_or_return(view) or self._deal_hole():
            return True
        if view.to_act is not None:  # a player's turn: theirs alone (a press may wait)
            return self._act(view, now)
        return self._board(view) or self._showdown(view, now)

    def _move(self, moves: list[Move]) -> bool:
        self._book(moves)
        self.mcu.motion(moves)
        self.barrier()
        return True

    def _press(self, name: str, now: float) -> bool:
        # the console's debounce drops a second press of a button within its window
        last = self._pressed.get(name)
        if last is not None and now - last < self.console.console.debounce + 0.05:
            return False
        self._pressed[name] = now
        self.console.press(name)
        return True

    def _rack_stacks(self, view: TableView) -> bool:
        """Every seat's chips on its stack antenna, as the engine counts them."""
        self._racked = True
        moves: list[Move] = []
        for s in view.seats:
            if s.status not in ("empty", "out") and s.stack + s.bet > 0:
                moves += [
                    (self._new_chip(v), f"stack:{s.seat}", False) for v in self._change(s.stack)
                ]
        if view.street not in ("idle", "over"):
            log.info("bots: hand %d is in progress; they play from the next hand", view.hand_no)
            self._hand_no = view.hand_no
        return self._move(moves) if moves else False

    def _between_hands(self, view: TableView, now: float) -> bool:
        """Sweep the cards, pay the pots as the engine awarded them, then deal the next hand."""
        if (
            view.street == "over"
            and view.hand_no == self._hand_no
            and self._counted != view.hand_no
        ):
            self._counted = view.hand_no
            self.played += 1
        cards = [u for u in self.where if u not in self.chip_value]
        loose = [u for u in cards if self.where[u] != "muck" or u in self.face_up]
        if loose:
            return self._move([(u, "muck", False) for u in loose])
        if cards:
            return self._move([(u, None, False) for u in cards])
        if view.street not in ("idle", "over"):
            return False  # a hand the bots did not deal: the dealer finishes it
        middle = [
            u for z, us in self.zones.items() if z == "pot" or z.startswith("bet:") for u in us
        ]
        owed = {
            s.seat: s.stack - self._zone_total(f"stack:{s.seat}")
            for s in view.seats
            if s.status != "empty"
        }
        if middle or any(owed.values()):
            on_table = sum(self.chip_value.get(u, 0) for u in middle)
            if any(v < 0 for v in owed.values()) or sum(owed.values()) != on_table:
                raise Mismatch(f"{on_table} chips in the middle, the stacks are owed {owed}")
            moves: list[Move] = [(u, None, False) for u in middle]
            for seat, amount in sorted(owed.items()):
                if amount > 0:
                    moves += [
                        (self._new_chip(v), f"stack:{seat}", False) for v in self._change(amount)
                    ]
            return self._move(moves)
        if self.hands is not None and self.played >= self.hands:
            log.info("bots: %d hands played", self.played)
            self.done = True
            if self.on_done is not None:
                self.on_done()
            return False
        live = sorted(s.seat for s in view.seats if s.status not in ("empty", "out") and s.stack)
        if len(live) < 2:
            log.info("bots: one player left")
            self.done = True
            return False
        button = next((s.seat for s in view.seats if s.button), live[0])
        self.order = sorted(live, key=lambda s: (s <= button, s))
        self.deck = list(CARD_ORDER)
        self.rng.shuffle(self.deck)
        self.hole = {s: [] for s in self.order}
        self.burns = 0
        self._tries = {}
        self._hand_no = view.hand_no + 1  # the first hole card starts it
        return self._deal_hole()

    def _deal_hole(self) -> bool:
        dealt = sum(len(c) for c in self.hole.values())
        if dealt >= 2 * len(self.order):
            return False
        seat = (self.order * 2)[dealt]
        uid = card_tag(self.deck.pop())
        self.hole[seat].append(uid)
        return self._move([(uid, f"seat:{seat}", False)])

    def _post_or_return(self, view: TableView) -> bool:
        """Chips the engine's ledger moved and the felt did not: blinds and antes posted, an
        uncalled bet or chips beyond a call given back. One seat a motion."""
        for s in view.seats:
            if s.status == "empty":
                continue
            stack = self._zone_total(f"stack:{s.seat}")
            bet = self._zone_total(f"bet:{s.seat}")
            if stack > s.stack and s.bet > bet:  # posted: the blind in front, an ante to the pot
                blind = min(s.bet - bet, stack - s.stack)
                posted = stack - s.stack
                z = f"stack:{s.seat}"
                moves = [(u, None, False) for u in self.zones[z] if u in self.chip_value]
                moves += [(self._new_chip(v), z, False) for v in self._change(s.stack)]
                moves += [(self._new_chip(v), f"bet:{s.seat}", False) for v in self._change(blind)]
                ante = self._change(posted - blind)
                moves += [(self._new_chip(v), "pot", False) for v in ante]
                return self._move(moves)
            if s.stack > stack and bet > 0:
                return self._move(self._return_moves(s.seat, min(s.stack - stack, bet)))
        return False

    def _act(self, view: TableView, now: float) -> bool:
        seat = view.to_act
        if seat is None:
            return False
        me = view.seats[seat - 1]
        key = (seat, view.street, view.to_call, tuple(s.bet for s in view.seats))
        self._tries[key] = self._tries.get(key, 0) + 1
        d = decide(view, self.rng)
        if self._tries[key] > 3:  # the engine did not take it: the bot lets its hand go
            d = type(d)(seat, "fold")
        if d.kind == "fold":
            return self._move([(u, "muck", False) for u in self.hole.get(seat, [])])
        amount = d.to - me.bet if d.kind == "chips" else 0
        if amount <= 0:
            return self._press("check", now)
        return self._move(self._push_moves(seat, amount, d.to > me.bet + view.to_call))

    def _board(self, view: TableView) -> bool:
        if view.street not in BETTING:
            return False
        bets = [u for z, us in self.zones.items() if z.startswith("bet:") for u in us]
        if bets:  # the round is over: the dealer gathers the bets into the pot
            return self._move([(u, "pot", False) for u in bets])
        n = len(view.board)
        target = 3 if n < 3 else n + 1
        if n >= 5:
            return False
        if self.burns < BURNS[target]:
            self.burns += 1
            return self._move([(card_tag(self.deck.pop()), "burn", False)])
        return self._move([(card_tag(self.deck.pop()), "board", True)])

    def _showdown(self, view: TableView, now: float) -> bool:
        if view.street != "showdown":
            return False
        bets = [u for z, us in self.zones.items() if z.startswith("bet:") for u in us]
        if bets:
            return self._move([(u, "pot", False) for u in bets])
        # Each live hand tabled one card at a time (the engine awards once all are tabled).
        for seat in self.order:
            if view.seats[seat - 1].hidden > 0:
                down = [u for u in self.hole.get(seat, []) if u not in self.face_up]
                if down:
                    return self._move([(down[0], f"seat:{seat}", True)])
        return self._press("award", now)

"""pokerkit 0.7.7 as an oracle for the rules engine: random tournament hands, played by both.

A :class:`HandScript` is one complete no-limit hold'em hand: who sits where with what, the cards,
and every action. :func:`random_hand` makes one, choosing each action among those pokerkit says are
legal. :func:`pokerkit_final_stacks` plays a script through pokerkit; :func:`script_to_events`
writes the same hand as the table's event stream (shared/spec/scenario-format.md), so the engine
can play it and the final stacks can be compared.

Where pokerkit and the rulebooks differ, the harness says so and bridges it explicitly:

* Odd chips (002 Rule 21, 000 rule 15): pots are split in units of the smallest chip in play and
  the odd chips go *one each* to the winners in seat order from the first seat left of the button.
  pokerkit's ``divmod`` hook fixes the unit (we pass :func:`unit_divmod`), and it gives the whole
  remainder to the first winner in player order (player 0 = first seat left of the button). That
  agrees with Rule 21 whenever at most one odd chip is left, which is always the case for a
  two-way split. With three or more winners and two or more odd chips, pokerkit gives one
  player several odd chips; the harness re-splits by Rule 21 (next point) and counts the pots
  where that changed pokerkit's push (``OracleResult.odd_chip_corrections``).
* Side pots are split separately (002 Rule 22), as formed by the contributions of every live
  hand. pokerkit forms its pots only after losing hands are killed, so a main pot whose all-in
  owner lost merges with the side pot above it, and a tie then splits one pot instead of two
  (one odd chip instead of one a pot). The harness tables every live hand itself, reads
  pokerkit's pots before any hand is killed, and splits those among pokerkit's best hands.
* A big blind short of blind plus big blind ante: the tda-2025 profile posts the blind first and
  antes what is left (``bb_ante_short``); pokerkit posts antes first. With ``blind_first=True``
  the harness lowers that ante to what remains after the full blind, which is exactly
  blind-first posting. Per-player antes are posted first by everyone, in both.
* A big blind short of a full big blind: the rulebooks make callers call the full big blind (001
  "players who call must call for a full big blind"; 000 Betting 2); pokerkit's call amount is
  the short blind actually posted and its first actor may be wrong. No oracle answer exists for
  that case, so :func:`random_hand` never seats a stack below the big blind (below blind + ante
  when posting antes first) in the big blind. Short stacks everywhere else, including a big blind
  that covers the blind but not its ante, are generated.
* Re-opening (002 Rule 52-A): pokerkit counts the first wager of a street as a full one even
  when it is a short all-in, so it lets players who already acted re-raise; the generator only
  raises where the rules allow it too (:class:`_Reopening`).
* Odd chips left in the pot (003 Ties 3, the house option ``odd_chip`` "carry" of the home
  profile): with ``HandScript.odd_chip`` "carry" the harness splits each pot in whole units
  without the odd ones, takes back what pokerkit pushed of them and counts them in
  ``OracleResult.carried``; the engine, set up with that option (and otherwise the tda-2025
  profile: the home profile's other options, its minimum bet and moving button, are no part of
  this difference), must end with the same stacks and leave the same chips in the pot.
* Antes are dead money: per-player antes count as contributions to the pots (a player all-in on
  a partial ante wins only what each opponent matched), pokerkit's ``ante_trimming_status=True``;
  a big blind ante goes wholly into the main pot, ``ante_trimming_status=False``.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pokerkit import Automation, ChipsPushing, NoLimitTexasHoldem, Pot, State

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]
DENOMINATION_SETS = (
    [25, 100, 500, 1000, 5000],
    [5, 25, 100, 500, 1000],
    [1, 5, 25, 100, 500],
    [100, 500, 1000, 5000, 25000],
)
ACTIONS = ("fold", "check", "call", "bet", "raise", "all-in")
_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CHIPS_PULLING,
)
# Not automated, on purpose: card burning and dealing (the script's own cards are dealt, and
# pokerkit's automatic burn would draw from its deck); showing, hand killing and chips pushing,
# so the pots can be read before any hand leaves them (see the module docstring, Rule 22).


class OracleError(RuntimeError):
    """The script is not playable in pokerkit (an illegal action or a malformed script)."""


@dataclass
class HandScript:
    """One hand, complete: the table, the cards and every action.

    ``actions`` are ``(seat, action, to)`` with ``to`` the seat's total bet this street after the
    action. ``board_after[k]`` is how many actions came before board street ``k`` (flop, turn,
    river) was dealt; streets never reached are absent. ``burns`` are three cards used nowhere
    else, one before each board street.
    """

    seats: list[int]
    stacks: dict[int, int]
    button: int
    blinds: tuple[int, int]
    ante: int
    bb_ante: bool
    chips: list[int]
    hole: dict[int, list[str]]
    board: list[str]
    burns: list[str]
    actions: list[tuple[int, str, int]] = field(default_factory=list)
    board_after: list[int] = field(default_factory=list)
    blind_first: bool = True
    # "left_of_button" (002 Rule 21) or "carry" (003 Ties 3): the engine's house option odd_chip
    odd_chip: str = "left_of_button"
    # every n-th action's chips are pushed silently, without a declaration (0: none)
    silent_every: int = 0

    @property
    def order(self) -> list[int]:
        """Seats in pokerkit's player order: first seat left of the button (the small blind)
        first, the button last."""
        return sorted(self.seats, key=lambda s: (s - self.button - 1) % 10)

    @property
    def sb_seat(self) -> int:
        """Heads-up the button is the small blind (002 Rule 35-B; pokerkit reverses the blinds
        of two players itself)."""
        return self.order[1] if len(self.seats) == 2 else self.order[0]

    @property
    def bb_seat(self) -> int:
        return self.order[0] if len(self.seats) == 2 else self.order[1]

    @property
    def short_big_blind(self) -> bool:
        """The big blind posts less than a full big blind: callers still call the full big blind
        (001; 000 Betting 2), which pokerkit plays as completing the bet (module docstring)."""
        return self.posted()[self.bb_seat][0] < self.blinds[1]

    @property
    def unit(self) -> int:
        """The smallest chip in play: every amount is a multiple of it (002 Rule 21)."""
        return self.chips[0]

    @property
    def bb_blind_first(self) -> bool:
        """Whether the big blind posts its blind before its ante: only a big blind ante is paid
        blind first (tda-2025 ``bb_ante_short``); per-player antes are posted first by all."""
        return self.bb_ante and self.blind_first

    def posted(self) -> dict[int, tuple[int, int]]:
        """(blind, ante) each seat posts at the start, in the posting order chosen."""
        sb, bb = self.blinds
        out: dict[int, tuple[int, int]] = {}
        for seat in self.seats:
            stack = self.stacks[seat]
            blind = sb if seat == self.sb_seat else bb if seat == self.bb_seat else 0
            ante = (self.ante if seat == self.bb_seat else 0) if self.bb_ante else self.ante
            if self.bb_blind_first:
                b = min(blind, stack)
                a = min(ante, stack - b)
            else:
                a = min(ante, stack)
                b = min(blind, stack - a)
            out[seat] = (b, a)
        return out

    def to_obj(self) -> dict[str, Any]:
        """The script as plain JSON-able data (for failure reports)."""
        return {
            "seats": self.seats,
            "stacks": self.stacks,
            "button": self.button,
            "blinds": list(self.blinds),
            "ante": self.ante,
            "bb_ante": self.bb_ante,
            "chips": self.chips,
            "hole": self.hole,
            "board": self.board,
            "burns": self.burns,
            "actions": self.actions,
            "board_after": self.board_after,
            "blind_first": self.blind_first,
            "odd_chip": self.odd_chip,
            "silent_every": self.silent_every,
        }


CHIPS = [25, 100, 500, 1000, 5000]


def make_script(
    seats: dict[int, int],
    button: int,
    hole: dict[int, str],
    board: str,
    actions: list[tuple[int, str, int]],
    board_after: list[int],
    *,
    blinds: tuple[int, int] = (25, 50),
    ante: int = 0,
    bb_ante: bool = False,
    blind_first: bool = True,
    chips: list[int] | None = None,
) -> HandScript:
    """A hand written out by hand (cards as space-separated text); burns are the first unused
    cards of the deck."""
    used = set(board.split()) | {c for h in hole.values() for c in h.split()}
    burns = [c for c in DECK if c not in used][:3]
    return HandScript(
        seats=sorted(seats),
        stacks=dict(seats),
        button=button,
        blinds=blinds,
        ante=ante,
        bb_ante=bb_ante,
        chips=list(chips or CHIPS),
        hole={s: h.split() for s, h in hole.items()},
        board=board.split(),
        burns=burns,
        actions=list(actions),
        board_after=list(board_after),
        blind_first=blind_first,
    )


def _checks_to_showdown(seats: list[int], streets: int = 3) -> list[tuple[int, str, int]]:
    return [(s, "check", 0) for _ in range(streets) for s in seats]


CONSTRUCTED: dict[str, Callable[[], HandScript]] = {
    # 002 Rule 21: 175 = 7 chips of 25 split two ways; the odd chip to seat 10, the first winner
    # left of the button (seat 5), not to seat 2.
    "two_way_tie": lambda: make_script(
        {2: 1000, 5: 1000, 8: 1000, 10: 1000},
        5,
        {8: "3c 4c", 10: "Ah Qd", 2: "As Qc", 5: "3s 4d"},
        "2c 7d 9h Jc Ks",
        [
            (2, "call", 50),
            (5, "call", 50),
            (8, "fold", 25),
            (10, "check", 50),
            *_checks_to_showdown([10, 2, 5]),
        ],
        [4, 7, 10],
    ),
    # 002 Rule 21, 000 rule 15: 275 = 11 chips split three ways, odd chips one each to seats 2, 3.
    "three_way_tie": lambda: make_script(
        {1: 1000, 2: 1000, 3: 1000, 4: 1000},
        4,
        {1: "2c 3c", 2: "2d 3d", 3: "2h 3h", 4: "4c 4d"},
        "As Ks Qs Js Ts",
        [
            (3, "call", 50),
            (4, "call", 50),
            (1, "fold", 25),
            (2, "check", 50),
            *_checks_to_showdown([2, 3, 4]),
        ],
        [4, 7, 10],
        ante=25,
    ),
    # 002 Rule 22: main pot 325 and side pot 325, each split 7/6 chips with its own odd chip.
    "side_pots_split_separately": lambda: make_script(
        {1: 1000, 2: 1000, 3: 75, 4: 1000, 5: 1000},
        5,
        {1: "8h 9h", 2: "Jh Th", 3: "3c 4c", 4: "Jd Tc", 5: "5d 6d"},
        "As Ks Qd 7c 2h",
        [
            (3, "all-in", 75),
            (4, "call", 75),
            (5, "call", 75),
            (1, "fold", 25),
            (2, "call", 75),
            (2, "bet", 75),
            (4, "call", 75),
            (5, "call", 75),
            (2, "bet", 50),
            (4, "call", 50),
            (5, "fold", 0),
            (2, "check", 0),
            (4, "check", 0),
        ],
        [5, 8, 11],
    ),
    # Per-player ante 25 posted first: the 40-chip small blind antes 25 and posts 15.
    "short_small_blind_with_antes": lambda: make_script(
        {1: 40, 2: 1000, 3: 1000},
        3,
        {1: "2c 3c", 2: "Ah Ad", 3: "7s 8d"},
        "Kc Qd 9h 5s 4c",
        [(3, "call", 50), (2, "check", 50), *_checks_to_showdown([2, 3])],
        [2, 4, 6],
        ante=25,
    ),
    # Big blind ante 100, big blind with 150: blind 100 first, then a 50 ante (tda-2025).
    "short_big_blind_ante_blind_first": lambda: make_script(
        {1: 1000, 2: 150, 3: 1000},
        3,
        {1: "2c 3c", 2: "Ah Ad", 3: "7s 8d"},
        "Kc Qd 9h 5s 4c",
        [(3, "call", 100), (1, "fold", 50)],
        [2, 2, 2],
        blinds=(50, 100),
        ante=100,
        bb_ante=True,
    ),
}
"""Hands written out to pin down the odd-chip, side-pot and short-posting cases."""


def unit_divmod(unit: int) -> Callable[[int, int], tuple[int, int]]:
    """A pokerkit ``divmod`` hook that splits in whole units of the smallest chip (002 Rule 21)."""

    def split(amount: int, parts: int) -> tuple[int, int]:
        units, rest = divmod(amount, unit)
        if rest:
            raise OracleError(f"pot of {amount} is not a whole number of {unit} chips")
        q, _ = divmod(units, parts)
        return q * unit, amount - q * unit * parts

    return split


def new_state(script: HandScript) -> State:
    """A pokerkit state for the script's table, before any card is dealt."""
    order = script.order
    if len(order) < 2:
        raise OracleError("a hand needs at least two players")
    sb, bb = script.blinds
    posted = script.posted()
    antes = [posted[s][1] for s in order]
    blinds = [0] * len(order)
    blinds[0], blinds[1] = sb, bb
    # pokerkit antes first; blind-first posting is expressed by lowering the ante to what is left.
    # Heads-up pokerkit reverses the antes with the blinds (its player 1, the button, pays the
    # first): reverse them back so the big blind pays a big blind ante.
    antes_raw = antes[::-1] if len(order) == 2 else antes
    return NoLimitTexasHoldem.create_state(
        _AUTOMATIONS,
        not script.bb_ante,
        antes_raw,
        blinds,
        # a short big blind is completed to the full one by the first caller, a completion of
        # less than a big blind; the generator keeps every other bet to the rules' minimum
        script.unit if script.short_big_blind else bb,
        [script.stacks[s] for s in order],
        len(order),
        divmod=unit_divmod(script.unit),
    )


@dataclass
class OracleResult:
    """What pokerkit made of a script: final stacks by seat, and the odd-chip re-splits made."""

    stacks: dict[int, int]
    odd_chip_corrections: int = 0
    carried: int = 0  # odd chips left in the pot for the next hand (odd_chip "carry", 003)
    pushes: list[ChipsPushing] = field(default_factory=list)


def _rule21_split(
    amount: int, winners: list[int], unit: int, carry: bool = False
) -> dict[int, int]:
    """Split in units of the smallest chip; odd units one each in player order (002 Rule 21),
    or to no one with ``carry`` (003 Ties 3: left in the pot)."""
    q, r = divmod(amount // unit, len(winners))
    return {w: (q + (1 if k < r and not carry else 0)) * unit for k, w in enumerate(winners)}


def _push_all(
    state: State, unit: int, result: OracleResult, pots: list[Pot] | None, carry: bool = False
) -> dict[int, int]:
    """Push every pot; return chip corrections by player index where pokerkit's split differs
    from 002 Rules 21-22 applied to the pots as they stood before any hand was killed (with
    ``carry``, 003 Ties 3: the odd chips go to no one and are added to ``result.carried``)."""
    pushed = [0] * state.player_count
    contested = False
    while state.can_push_chips():
        op = state.push_chips()
        result.pushes.append(op)
        contested = contested or op.board_index is not None
        for i, amount in enumerate(op.amounts):
            pushed[i] += amount
    if not contested or pots is None:
        return {}  # uncontested: the last live player takes everything, nothing to split
    hands = list(state.get_up_hands(0, 0))
    fair = [0] * state.player_count
    carried = 0
    for pot in pots:
        live = [i for i in pot.player_indices if hands[i] is not None]
        if not live:
            raise OracleError(f"no live hand for pot {pot}")
        best = max(hands[i] for i in live)
        winners = [i for i in live if hands[i] == best]
        if pot.amount % unit:
            raise OracleError(f"pot of {pot.amount} is not a whole number of {unit} chips")
        split = _rule21_split(pot.amount, winners, unit, carry)
        for i, amount in split.items():
            fair[i] += amount
        carried += pot.amount - sum(split.values())
    result.carried += carried
    if sum(fair) + carried != sum(pushed):
        raise OracleError(f"pots {pots} hold {sum(fair)} but pokerkit pushed {sum(pushed)}")
    if fair != pushed:
        result.odd_chip_corrections += 1
    return {i: fair[i] - pushed[i] for i in range(state.player_count) if fair[i] != pushed[i]}


def _deal_street(state: State, script: HandScript, street: int) -> None:
    cards = script.board[:3] if street == 0 else [script.board[2 + street]]
    state.burn_card(script.burns[street])
    state.deal_board("".join(cards))


def _full_call(state: State, script: HandScript) -> int | None:
    """The full big blind a call must reach over a short one pre-flop (else None)."""
    return script.blinds[1] if script.short_big_blind and state.street_index == 0 else None


def _expected_to(state: State, action: str, to: int, full: int | None) -> int | None:
    """The seat's bet this street after ``action`` by pokerkit's reckoning (None for a fold)."""
    i = state.actor_index
    assert i is not None
    if action == "fold":
        return None
    if _completes(state, action, to, full):
        return to
    if action in ("check", "call") or (action == "all-in" and to <= max(state.bets)):
        amount = state.checking_or_calling_amount
        called = state.bets[i] + (amount or 0)
        # a call of the full big blind where pokerkit cannot complete (everyone else all-in):
        # pokerkit calls the short blind, the table returns the excess uncalled; same stacks
        return to if _calls_full(action, to, full) and to > called else called
    return to


def _calls_full(action: str, to: int, full: int | None) -> bool:
    """A call of the full big blind over a short one (or all-in for at most that)."""
    return action in ("call", "all-in") and full is not None and to <= full


def _completes(state: State, action: str, to: int, full: int | None) -> bool:
    """A call of the full big blind over a short one: pokerkit completes the bet."""
    return (
        _calls_full(action, to, full)
        and to > max(state.bets)
        and state.can_complete_bet_or_raise_to(to)
    )


def _apply_action(state: State, action: str, to: int, full: int | None) -> None:
    if action == "fold":
        state.fold()
    elif _completes(state, action, to, full):
        state.complete_bet_or_raise_to(to)
    elif (
        action in ("check", "call")
        or (action == "all-in" and to <= max(state.bets))
        or _calls_full(action, to, full)
    ):
        state.check_or_call()
    elif action in ("bet", "raise", "all-in"):
        state.complete_bet_or_raise_to(to)
    else:
        raise OracleError(f"unknown action {action!r}")


def play(
    script: HandScript, choose: Callable[[State, int], tuple[str, int]] | None = None
) -> OracleResult:
    """Play the hand through pokerkit. With ``choose`` (generation), each action comes from
    ``choose(state, seat)`` and is recorded into the script; otherwise the script's own actions
    are replayed and must be legal and complete."""
    order = script.order
    unit = script.unit
    result = OracleResult(stacks={})
    corrections: dict[int, int] = {}
    pots_before_showdown: list[Pot] | None = None
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a pokerkit warning means the script is off: fail loudly
        state = new_state(script)
        for seat in order:
            state.deal_hole("".join(script.hole[seat]))
        street = 0
        n = 0
        while state.status:
            if state.actor_index is not None:
                seat = order[state.actor_index]
                if choose is not None:
                    action, to = choose(state, seat)
                    script.actions.append((seat, action, to))
                elif n < len(script.actions):
                    s, action, to = script.actions[n]
                    if s != seat:
                        raise OracleError(f"action {n}: seat {s} acted, but seat {seat} is to act")
                else:
                    raise OracleError(f"script ends with seat {seat} to act")
                if action not in ACTIONS:
                    raise OracleError(f"action {n}: unknown action {action!r}")
                full = _full_call(state, script)
                expected = _expected_to(state, action, to, full)
                if expected is not None and expected != to:
                    raise OracleError(
                        f"action {n} {(seat, action, to)}: pokerkit makes the bet {expected}"
                    )
                try:
                    _apply_action(state, action, to, full)
                except ValueError as exc:
                    raise OracleError(f"action {n} {(seat, action, to)}: {exc}") from exc
                n += 1
            elif state.can_burn_card():
                if choose is not None:
                    script.board_after.append(n)
                elif street >= len(script.board_after) or script.board_after[street] != n:
                    raise OracleError(
                        f"board street {street} dealt after {n} actions, script "
                        f"says {script.board_after}"
                    )
                _deal_street(state, script, street)
                street += 1
            elif state.can_show_or_muck_hole_cards():
                if pots_before_showdown is None:
                    pots_before_showdown = list(state.pots)
                state.show_or_muck_hole_cards(True)  # cards speak: every live hand is tabled
            elif state.can_kill_hand():
                state.kill_hand()
            elif state.can_push_chips():
                carry = script.odd_chip == "carry"
                pushed = _push_all(state, unit, result, pots_before_showdown, carry)
                for i, delta in pushed.items():
                    corrections[i] = corrections.get(i, 0) + delta
            else:
                raise OracleError("pokerkit is stuck: nothing to do and the hand is not over")
        if choose is None and n != len(script.actions):
            raise OracleError(f"hand over after {n} of {len(script.actions)} actions")
    result.stacks = {seat: state.stacks[i] + corrections.get(i, 0) for i, seat in enumerate(order)}
    return result


def pokerkit_final_stacks(script: HandScript) -> dict[int, int]:
    """Final stacks by seat after pokerkit plays the script (odd chips split by 002 Rule 21)."""
    return play(script).stacks


# --- generation -------------------------------------------------------------------------------


def _units(rng: random.Random, lo: int, hi: int, unit: int) -> int:
    """A random multiple of ``unit`` in [lo, hi] (both multiples of unit)."""
    return rng.randrange(lo // unit, hi // unit + 1) * unit


class _Reopening:
    """002 Rule 52-A bookkeeping for the generator: may this seat raise?

    pokerkit counts the first wager of a street as a full one even when it is a short all-in (its
    re-raise size starts at 0, not at the big blind), so after a short all-in opening bet or
    first raise it lets players who already acted raise again. The rules do not: a short all-in,
    alone or with others, re-opens the betting only to a player facing at least a full bet or
    raise since he acted (002 Rule 52-A; 000 "does not reopen the betting to a player who has
    already acted"). The generator only raises where both agree.
    """

    def __init__(self, bb: int) -> None:
        self.bb = bb
        self.street: int | None = None
        self.current = 0
        self.full = bb
        self.acted: dict[int, tuple[int, int]] = {}

    def sync(self, state: State) -> None:
        if state.street_index != self.street:
            self.street = state.street_index
            # pre-flop the bet to call is the full big blind, even over a short one
            self.current = max(max(state.bets), self.bb if self.street == 0 else 0)
            self.full = self.bb
            self.acted = {}

    def min_raise_to(self) -> int:
        """The rules' minimum bet or raise (002 Rule 48): pokerkit's may be lower when it plays
        a short big blind with a smaller minimum (new_state)."""
        return self.current + self.full

    def may_raise(self, seat: int) -> bool:
        if seat not in self.acted:
            return True
        level, increment = self.acted[seat]
        return self.current - level >= increment

    def record(self, seat: int, action: str, to: int) -> None:
        if action == "fold":
            return
        if to > self.current:
            if to - self.current >= self.full:  # a full bet or raise sets the new increment
                self.full = to - self.current
            self.current = to
        self.acted[seat] = (self.current, self.full)


def _chooser(rng: random.Random, script: HandScript) -> Callable[[State, int], tuple[str, int]]:
    unit = script.unit
    bb = script.blinds[1]
    reopening = _Reopening(bb)

    def choose(state: State, seat: int) -> tuple[str, int]:
        reopening.sync(state)
        action, to = pick(state, seat)
        reopening.record(seat, action, to)
        return action, to

    def pick(state: State, seat: int) -> tuple[str, int]:
        i = state.actor_index
        assert i is not None
        bets = state.bets
        stack = state.stacks[i]
        facing = reopening.current - bets[i]
        can_raise = state.can_complete_bet_or_raise_to() and reopening.may_raise(seat)
        raises = state.completion_betting_or_raising_count
        r = rng.random()
        if facing == 0:
            if can_raise and r < 0.35:
                return _aggress(state, rng, unit, bb, reopening.min_raise_to())
            return "check", bets[i]
        fold_p = 0.25 + 0.1 * raises
        if state.can_fold() and r < fold_p:
            return "fold", bets[i]
        if can_raise and r > 0.82 + 0.05 * raises:
            return _aggress(state, rng, unit, bb, reopening.min_raise_to())
        call_to = bets[i] + min(facing, stack)
        return ("all-in" if facing >= stack else "call"), call_to

    return choose


def _aggress(
    state: State, rng: random.Random, unit: int, bb: int, rules_min: int
) -> tuple[str, int]:
    i = state.actor_index
    assert i is not None
    lo = state.min_completion_betting_or_raising_to_amount
    hi = state.max_completion_betting_or_raising_to_amount
    assert lo is not None and hi is not None
    lo = min(max(lo, rules_min), hi)
    r = rng.random()
    if r < 0.4 or lo == hi:
        to = lo
    elif r < 0.55:
        to = hi
    else:
        # Mostly modest sizes in whole units; odd unit counts make odd-chip pots.
        cap = min(hi, lo + max(unit, (lo - max(state.bets)) * 3, bb * 3))
        to = _units(rng, lo, cap, unit)
    word = "bet" if max(state.bets) == 0 else "raise"
    if to == hi:
        word = "all-in"
    return word, to


def random_table(rng: random.Random, *, blind_first: bool = True) -> HandScript:
    """A random table and deal (no actions yet): 2-10 players on seats from 1..10, short stacks
    included (a big blind short of its blind too), a third each with no ante, per-player antes,
    and a big blind ante; some hands push their chips silently (script_to_events)."""
    n = rng.choice((2, 10)) if rng.random() < 0.25 else rng.randint(3, 9)
    seats = sorted(rng.sample(range(1, 11), n))
    button = rng.choice(seats)
    chips = list(rng.choice(DENOMINATION_SETS))
    unit = chips[0]
    k = rng.choice((1, 1, 2, 3, 4, 5, 10, 20))
    sb, bb = unit * k, unit * 2 * k
    if rng.random() < 0.2:
        sb = max(unit, (bb * 2 // 5) // unit * unit)  # e.g. 40-100 style uneven blinds
    mode = rng.randrange(3)
    ante, bb_ante = 0, False
    if mode == 1:
        ante = max(unit, (bb // rng.choice((4, 8, 10))) // unit * unit)
    elif mode == 2:
        ante, bb_ante = bb, True
    stacks: dict[int, int] = {}
    for s in seats:
        r = rng.random()
        if r < 0.12:
            stacks[s] = _units(rng, unit, max(unit, bb - unit), unit)  # below the big blind
        elif r < 0.22:
            stacks[s] = _units(rng, max(unit, bb - unit), bb + ante + unit, unit)  # around bb+ante
        elif r < 0.45:
            stacks[s] = _units(rng, bb, bb * 12, unit)
        else:
            stacks[s] = _units(rng, bb * 10, bb * 150, unit)
    script = HandScript(
        seats=seats,
        stacks=stacks,
        button=button,
        blinds=(sb, bb),
        ante=ante,
        bb_ante=bb_ante,
        chips=chips,
        hole={},
        board=[],
        burns=[],
        blind_first=blind_first,
        silent_every=rng.choice((0, 0, 1, 2, 3)),
    )
    bb_seat = script.bb_seat
    need = bb if script.bb_blind_first else bb + ante
    short = need - stacks[bb_seat]
    # A big blind short of its blind by less than the blind above the small blind: callers call
    # the full big blind (module docstring). Shorter still, no oracle: top it up.
    if short > 0 and not (short < bb - sb and rng.random() < 0.7):
        stacks[bb_seat] = _units(rng, need, need + ante + unit, unit)
    deck = DECK[:]
    rng.shuffle(deck)
    for s in script.order:
        script.hole[s] = [deck.pop(), deck.pop()]
    script.board = [deck.pop() for _ in range(5)]
    script.burns = [deck.pop() for _ in range(3)]
    return script


def random_hand(rng: random.Random, *, blind_first: bool = True) -> HandScript:
    """A random hand played to its end, every action chosen among pokerkit's legal ones."""
    script = random_table(rng, blind_first=blind_first)
    play(script, _chooser(rng, script))
    return script


# --- the same hand as table events ------------------------------------------------------------


def make_change(amount: int, chips: list[int]) -> list[int]:
    """Chips for ``amount``, largest first (greedy; exact since amounts are whole units)."""
    out: list[int] = []
    for chip in sorted(chips, reverse=True):
        count, amount = divmod(amount, chip)
        out.extend([chip] * count)
    if amount:
        raise ValueError(f"{amount} cannot be made from chips {chips}")
    return out


def script_to_events(script: HandScript) -> list[dict[str, Any]]:
    """The hand as scenario-format objects: setup, deal, each action as the console and sensors
    would see it, the board streets with their burns, and the award press."""
    events: list[dict[str, Any]] = [
        {
            "setup": {
                "rules": "tda-2025",
                "seats": {str(s): script.stacks[s] for s in script.seats},
                "button": script.button,
                "blinds": list(script.blinds),
                "ante": script.ante,
                "bb_ante": script.bb_ante,
                "chips": list(script.chips),
                # The house option for a big blind short of blind + ante (profiles.bb_ante_short).
                "options": {
                    "bb_ante_short": "blind_first" if script.blind_first else "ante_first",
                    "odd_chip": script.odd_chip,
                },
            }
        },
        {"deal": {str(s): list(script.hole[s]) for s in script.order}},
    ]
    posted = script.posted()
    in_bet = {s: blind for s, (blind, _) in posted.items()}
    put_in = {s: blind + ante for s, (blind, ante) in posted.items()}
    folded: set[int] = set()
    street = 0

    def deal_board(k: int) -> None:
        cards = script.board[:3] if k == 0 else [script.board[2 + k]]
        events.append({"board": cards, "burn": script.burns[k]})

    for n, (seat, action, to) in enumerate(script.actions):
        while street < len(script.board_after) and script.board_after[street] == n:
            deal_board(street)
            street += 1
            in_bet = dict.fromkeys(script.seats, 0)
        if action == "fold":
            folded.add(seat)
            events.append({"fold": seat})
        elif action == "check":
            others = [s for s in script.seats if s != seat and s not in folded]
            if all(put_in[s] >= script.stacks[s] for s in others):
                # pokerkit asks the one player with chips left to check against all-ins; at the
                # table no one is in turn then (002 Rule 17), so no dealer would press check.
                continue
            events.append({"press": "check"})
        else:
            chips = make_change(to - in_bet[seat], script.chips)
            # pre-flop the big blind is the bet to call, even when posted short
            level = max(*in_bet.values(), script.blinds[1] if street == 0 else 0)
            # Silently pushing exactly the call is a call (002 Rule 46-B), and a bet or raise
            # says the same as declared when it is not one chip facing a bet (a call, 002 Rule
            # 49), no chip is needed to call (every chip needed: a call, 002 Rule 50-A) and no
            # prior chips of the seat lie in its zone (002 Rule 51).
            plain = to <= level or (
                in_bet[seat] == 0 and (level == 0 or (len(chips) > 1 and min(chips) <= to - level))
            )
            silent = (
                script.silent_every and n % script.silent_every == 0 and (action == "call" or plain)
            )
            if not silent:
                declare: dict[str, Any] = {"seat": seat, "say": action}
                if action in ("bet", "raise"):
                    declare["amount"] = to
                events.append({"declare": declare})
            events.append({"push": {"seat": seat, "chips": chips}})
            put_in[seat] += to - in_bet[seat]
            in_bet[seat] = to
    while street < len(script.board_after):
        deal_board(street)
        street += 1
    events.append({"press": "award"})
    return events

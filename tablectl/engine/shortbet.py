"""A bet read short by a chip the table cannot read: counted, not ruled (issue 27).

A dead chip tag (one that never answers) pushed into a bet reads the bet short by its value:
"call to 200 owes 100", an undercall ruled on a read the table cannot trust. The bridge knows
where such a chip is counted (a dead tag that came as change is counted where the change
landed; a chip unread past any shadow where it lay) and lists it by zone (``unread``). When
the seat in turn's push would be ruled short of what it owes and some of the chips unread at
its seat (its stack or its bet) make up the shortfall exactly, the engine asks the dealer to
count the bet (a ``recount`` alert, 002 Rule 26-A) instead of ruling the undercall (002 Rule
44-B); so too for a bet or raise read short while the seat's chips as read come short of what
it owns by exactly dead chips of unknown place (``table``), and for a bet or raise pushed from
a stack that counts a chip the table cannot read, when that chip would make it another action
or amount (the reads cannot tell whether it went along), and for a push out of turn (ruled with
its amount, 002 Rule 42-A) while the seat's chips as read come short by exactly ``table`` chips.
The dealer's ``counted`` answer is the read ruled on (recount.resolve), by the one rule path,
and the bridge then counts the chip where the dealer found it. Any other short read is ruled at
once.
docs/scenario-extensions.md, "A bet read short by a chip the table cannot read".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from tablectl.engine import recount
from tablectl.engine.chipread import ITEM, Reading
from tablectl.engine.outputs import Output
from tablectl.engine.reading import read_chips
from tablectl.engine.zones import multiset_minus, prior_chips

if TYPE_CHECKING:
    from tablectl.engine.state import TableState

MAX_UNREAD = 16  # unread chips weighed for one seat (a subset sum over at most this many)


def ask_short(table: TableState, body: dict[str, list[int]], out: list[Output]) -> bool:
    """Hold the snapshot ``body`` and ask for a count of the bet it reads short, if a bet zone in
    it grew by a push the seat in turn owes more than, and the seat's unread chips can make up
    the difference. True when asked (nothing in ``body`` is applied)."""
    felt = table.felt
    hand = table.live_hand
    if hand is None or table.rewind.replaying:
        return False
    seat = hand.to_act
    zone = f"bet:{seat}"
    if seat is None or zone not in body:
        return _out_of_turn(table, body, out)
    unread = [
        *felt.unread_chips.get(f"stack:{seat}", ()),
        *felt.unread_chips.get(zone, ()),
    ][:MAX_UNREAD]
    if not unread and "table" not in felt.unread_chips:
        return False
    push = _grown(table, seat, body)
    betting = hand.betting
    if (
        push is None
        or betting.owes.get(seat)
        or betting.last_push == seat
        or seat in betting.declared
        or (hand.street == "preflop" and not hand.deal.seated_checked)
    ):
        return False
    reading = _read(table, push)
    short = reading.owes
    if short > 0 and sums_to(unread, short):
        why = (
            f"short of the call by {short:,}, {_cannot_read(unread)} counted at seat {seat}: "
            "a dead tag may lie in the bet"
        )
    elif (taken := _taken_along(table, body, push, reading)) is not None:
        why = (
            f"a {taken:,} chip the table cannot read is counted in seat {seat}'s stack, which "
            "the push came from: it may lie in the bet"
        )
    else:
        # a bet or a raise read short is no undercall, but the seat's chips as read come
        # short of what it owns all the same (a dead tag of unknown place in the change); a
        # bet short of the minimum may be short by less than the dead chip (what it owes is
        # the minimum's, not the chip's), a call only by the chip itself
        lost = _lost_in(table, seat, body, push.added)
        if not lost or (short > 0 and short != lost and reading.action == "call"):
            return False
        why = _unplaced(seat, lost, felt.unread_chips["table"])
    return ask_bet(table, zone, body, why, out)


def _out_of_turn(table: TableState, body: dict[str, list[int]], out: list[Output]) -> bool:
    """A push by a seat not in turn, ruled with its amount (002 Rule 42-A: it binds if the
    action to the seat does not change), read while the seat's stack and push as read come
    short of what it owns by exactly dead chips of unknown place (``table``): the chip may
    have gone along unread (realistic seed 6: a call of 200 out of turn read as 100, a dead
    100 of the change just put in the stack). Counted (002 Rule 26-A), not ruled on the read.
    True when asked."""
    felt = table.felt
    hand = table.live_hand
    if "table" not in felt.unread_chips or hand is None:
        return False
    for zone in sorted(z for z in body if z.startswith("bet:")):
        seat = int(zone[4:])
        push = _grown(table, seat, body)
        if seat not in hand.live() or push is None:
            continue
        lost = _lost_in(table, seat, body, push.added)
        if lost:
            why = _unplaced(seat, lost, felt.unread_chips["table"])
            return ask_bet(table, zone, body, why, out)
    return False


def _unplaced(seat: int, short: int, dead: Iterable[int]) -> str:
    """The words of a seat short by dead chips of unknown place (one text for the push read
    short and the stack confirmed short)."""
    return (
        f"{short_of_owned(seat, short)}, {_cannot_read(dead)} and does not know where: "
        "a dead tag may lie in the bet"
    )


def _cannot_read(values: Iterable[int]) -> str:
    return f"while the table cannot read {' '.join(f'{c:,}' for c in values)}"


def short_of_owned(seat: int, short: int) -> str:
    """The words of a seat's chips as read coming short of what it owns (one text for both
    questions that rest on it: here and potshort.py)."""
    return f"seat {seat}'s chips as read are {short:,} short of what it owns"


def ask_bet(
    table: TableState, zone: str, body: dict[str, list[int]], why: str, out: list[Output]
) -> bool:
    """Hold the snapshot instead of ruling it and ask the dealer to count ``zone`` (002 Rule
    26-A): the count is the read the hand keeps (recount.resolve). Returns True."""
    log = table.rewind.hand_log
    if log and log[-1].kind == "chips":  # this snapshot (a live hand logs every one)
        log.pop()  # held, not ruled: the count is the read the hand keeps
    recount.on_recount(table, {"ask": zone, "chips": dict(body), "why": why}, out)
    return True


class _Push(NamedTuple):
    """A push as a snapshot reads it: the seat, its bet zone before and now, the chips added."""

    seat: int
    before: list[int]
    chips: list[int]
    added: list[int]


def _grown(table: TableState, seat: int, body: dict[str, list[int]]) -> _Push | None:
    """Seat ``seat``'s bet zone in ``body`` grown by a push of chips in play, none taken from
    it (no action item: 002 RP-20), else None."""
    before = table.felt.zones.get(f"bet:{seat}", [])
    chips = list(body[f"bet:{seat}"])
    added = multiset_minus(chips, before)
    if (
        not added
        or multiset_minus(before, chips)
        or ITEM in added
        or any(c not in table.chips for c in added)
    ):
        return None
    return _Push(seat, before, chips, added)


def _read(table: TableState, push: _Push, more: tuple[int, ...] = ()) -> Reading:
    """The push (with the chips ``more`` too) ruled as push() rules it, the bet zone read as
    the snapshot shows it."""
    felt = table.felt
    hand = table.live_hand
    assert hand is not None
    seat, zone, added = push.seat, f"bet:{push.seat}", [*push.added, *more]
    felt.zones[zone] = [*push.chips, *more]  # read as push() reads it
    try:
        prior = prior_chips(table, hand, seat, added)
        if prior is None:
            return read_chips(table, hand, seat, added, None)
        return read_chips(table, hand, seat, added, None, prior)
    finally:
        felt.zones[zone] = push.before


def _taken_along(
    table: TableState, body: dict[str, list[int]], push: _Push, reading: Reading
) -> int | None:
    """A chip counted in the seat's stack that the table cannot read (a dead tag the dealer's
    count placed there), when the push came from that stack (chips left it in this snapshot)
    and the push with that chip would be another action or amount (a bet or raise of 100
    more): its value, else None. The reads cannot tell whether it went along (docs/protocol.md,
    "Chips counted but not read"); a call read in full stays a call with it, and is not asked.
    Asked, not ruled: 002 Rule 26-A (the dealer counts), rather than 50-B on a doubtful read."""
    stack = f"stack:{push.seat}"
    counted = table.felt.unread_chips.get(stack, ())
    if not counted or stack not in body:
        return None
    if not multiset_minus(table.felt.zones.get(stack, []), list(body[stack])):
        return None  # nothing left the stack: the push did not come from it
    for v in sorted(set(counted), reverse=True):
        other = _read(table, push, (v,))
        if (other.action, other.to) != (reading.action, reading.to):
            return v
    return None


def ask_stack(
    table: TableState, seat: int, missing: int, chips: list[int], out: list[Output]
) -> bool:
    """Ask for a count of a stack read ``missing`` short of what the seat owns when chips the
    bridge cannot read and cannot place (``unread``: ``table``, or counted in the pot, which pays
    any seat) make up the difference exactly, instead of
    the forfeit (002 Rule 63): the dealer's count (002 Rule 26-A) is then ruled as the stack's
    read. True when asked."""
    # dead chips of unknown place, or counted in the pot (paid out to any seat since)
    lost = [*table.felt.unread_chips.get("table", ()), *table.felt.unread_chips.get("pot", ())]
    if not lost or table.rewind.replaying or not sums_to(lost, missing):
        return False
    zone = f"stack:{seat}"
    why = (
        f"{missing:,} short of what the seat owns, while the table cannot read "
        f"{' '.join(f'{c:,}' for c in lost)} and does not know where: a dead tag may lie in it"
    )
    recount.on_recount(table, {"ask": zone, "chips": {zone: list(chips)}, "why": why}, out)
    return True


def in_the_stack(table: TableState, seat: int, missing: int) -> bool:
    """The dealer has just counted seat ``seat``'s bet (asked because the seat's chips as read
    came short of what it owns by dead chips of unknown place, ``table``) and the stack as read
    is short by exactly such chips: the bet held none of them, so they lie in the stack, which
    is not asked about again (002 Rule 26-A: one count settles where the dead chip lies; the
    bridge counts it in the stack from then on). True when so: no question, no forfeit."""
    felt = table.felt
    if felt.answered != f"bet:{seat}":
        return False
    return sums_to(list(felt.unread_chips.get("table", ())), missing)


def in_the_bet(
    table: TableState, seat: int, missing: int, chips: list[int], out: list[Output]
) -> bool:
    """The dealer has just confirmed seat ``seat``'s stack (asked by :func:`ask_stack`) and it
    is still short of what the seat owns by exactly dead chips of unknown place (``table``),
    while the seat is in the hand: the dead chip may have gone into the bet unread (a dead tag
    in change pushed at once, or put out of turn), which nothing asked about. Ask for a count
    of the bet (002 Rule 26-A) instead of the forfeit (002 Rule 63); its count is ruled as the
    push it is (recount.resolve). One question per place: a bet counted already is not asked
    again (``in_the_stack`` then holds). True when asked."""
    felt = table.felt
    hand = table.live_hand
    if (
        felt.answered != f"stack:{seat}"
        or hand is None
        or seat not in hand.live()
        or table.rewind.replaying
        or not sums_to(list(felt.unread_chips.get("table", ())), missing)
    ):
        return False
    zone = f"bet:{seat}"
    body = {zone: list(felt.zones.get(zone, [])), f"stack:{seat}": list(chips)}
    why = f"its stack counted as read, {_unplaced(seat, missing, felt.unread_chips['table'])}"
    return ask_bet(table, zone, body, why, out)


def _lost_in(table: TableState, seat: int, body: dict[str, list[int]], added: list[int]) -> int:
    """What the seat's stack and push as read come short of what it owns, when dead chips of
    unknown place (``table``) make it up exactly, else 0: the chip left the stack unread (a
    real undercall leaves the rest of the seat's chips in its stack, read there)."""
    felt = table.felt
    player = table.players.get(seat)
    if player is None:
        return 0
    stack = body.get(f"stack:{seat}", felt.zones.get(f"stack:{seat}", []))
    lost = player.stack - felt.give_back.get(seat, 0) - sum(stack) - sum(added)
    return lost if lost > 0 and sums_to(list(felt.unread_chips.get("table", ())), lost) else 0


def sums_to(values: list[int], total: int) -> bool:
    """Some of ``values`` add up to ``total`` exactly."""
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums if s + v <= total}
    return total in sums

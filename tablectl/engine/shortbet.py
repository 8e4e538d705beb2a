"""A bet read short by chips the table cannot read: counted, not ruled (issue 27).

A dead chip tag (one that never answers) pushed into a bet reads the bet short by its value:
"call to 200 owes 100", an undercall ruled on a read the table cannot trust. The bridge lists
the chips it has not read for long (``unread``, by the zone where each was last placed;
``table``: never read). When the seat in turn's push would be ruled short of what it owes,
some of the chips unread at its seat (or never read) make up the shortfall exactly, and the
seat's stack and push as read come to what it owns less that shortfall (the chip left the
stack unread; a real undercall leaves the rest in the stack, read there), the engine asks the
dealer to count the bet (a ``recount`` alert, 002 Rule 26-A) instead of ruling the undercall
(002 Rule 44-B); the dealer's ``counted`` answer is the read ruled on (recount.resolve), by the
one rule path. Any other short read is ruled at once. docs/scenario-extensions.md, "unread".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablectl.engine import recount
from tablectl.engine.chipread import ITEM
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
    if felt.counted_bets:
        counted = felt.counted_bets & body.keys()
        felt.counted_bets -= counted  # the dealer's count: ruled as it is
        for zone in counted:
            read = felt.short_reads.pop(zone, None)
            extra = multiset_minus(list(body[zone]), read) if read is not None else []
            if extra:
                felt.unseen[zone] = extra
        if counted:
            return False
    hand = table.live_hand
    if hand is None or table.rewind.replaying:
        return False
    seat = hand.to_act
    zone = f"bet:{seat}"
    if seat is None or zone not in body:
        return False
    unread = [
        *felt.unread_chips.get(f"stack:{seat}", ()),
        *felt.unread_chips.get(zone, ()),
        *felt.unread_chips.get("table", ()),
    ][:MAX_UNREAD]
    if not unread:
        return False
    before = felt.zones.get(zone, [])
    chips = list(body[zone])
    added = multiset_minus(chips, before)
    betting = hand.betting
    if (
        not added
        or multiset_minus(before, chips)
        or ITEM in added
        or any(c not in table.chips for c in added)
        or betting.owes.get(seat)
        or betting.last_push == seat
        or seat in betting.declared
        or (hand.street == "preflop" and not hand.deal.seated_checked)
    ):
        return False
    felt.zones[zone] = chips  # read as push() reads it: the zone as the snapshot shows it
    try:
        prior = prior_chips(table, hand, seat, added)
        if prior is None:
            reading = read_chips(table, hand, seat, added, None)
        else:
            reading = read_chips(table, hand, seat, added, None, prior)
    finally:
        felt.zones[zone] = before
    short = reading.owes
    if short <= 0 or not _sums_to(unread, short):
        return False
    # the seat's chips as read, its stack and what it just put out, short of what it owns by
    # the same amount: chips it holds the table cannot read (a real undercall leaves the rest
    # of the seat's chips in its stack, read there)
    player = table.players.get(seat)
    stack = body.get(f"stack:{seat}", felt.zones.get(f"stack:{seat}", []))
    if (
        player is None
        or player.stack - felt.give_back.get(seat, 0) - sum(stack) - sum(added) != short
    ):
        return False
    log = table.rewind.hand_log
    if log and log[-1].kind == "chips":  # this snapshot (a live hand logs every one)
        log.pop()  # held, not ruled: the count is the read the hand keeps
    why = (
        f"short of the call by {short:,}, while the table has not read "
        f"{' '.join(f'{c:,}' for c in unread)} at seat {seat} for long: a dead tag may lie "
        "in the bet"
    )
    felt.short_reads[zone] = chips
    recount.on_recount(table, {"ask": zone, "chips": dict(body), "why": why}, out)
    return True


def with_unseen(table: TableState, body: dict[str, list[int]]) -> dict[str, list[int]]:
    """``body`` with the chips the dealer counted in a bet that the table cannot read added back
    to that bet's later reads (a dead tag reads nothing); a bet read empty is cleared (gathered
    into the pot or handed back), and its unseen chips with it."""
    unseen = table.felt.unseen
    hit = unseen.keys() & body.keys()
    if not hit:
        return body
    body = dict(body)
    for zone in hit:
        if body[zone]:
            body[zone] = [*body[zone], *unseen[zone]]
        else:
            del unseen[zone]
    return body


def _sums_to(values: list[int], total: int) -> bool:
    """Some of ``values`` add up to ``total`` exactly."""
    sums = {0}
    for v in values:
        sums |= {s + v for s in sums if s + v <= total}
    return total in sums

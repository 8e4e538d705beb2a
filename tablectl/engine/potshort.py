"""A bet read short by a chip read in the pot: counted, not ruled (issue 27, rf-stop).

A chip pushed into a bet at the pot's edge is read by both antennas; the pot's slow rounds (a
big pot's inventory) can take it from the bet for a while (docs/rf.md, the bet/pot line). The
push is then ruled a chip short (a call ruled an undercall, a raise of less) and the seat's
stack, read right, is short of what the seat owns by that chip: "chips missing, forfeit" (002
Rule 63), a stop of play for a chip lying in the bet. A pot does not grow while the seats push
(chips go into it when the dealer gathers the bets, or as change), so when the snapshot of the
seat in turn's push also grows the pot, no bet shrinking (no gathering), and the chips the
pot gained make up exactly what the seat's stack and push as read come short of what it owns,
the engine asks the dealer to count the bet (a ``recount``, 002 Rule 26-A) instead of ruling
the push. The count is ruled by the one rule path (recount.resolve); a seat short with no such
chip in the pot (a chip hidden, 002 Rule 63) is ruled as before.
docs/scenario-extensions.md, "A bet read short by a chip read in the pot".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablectl.engine.outputs import Output
from tablectl.engine.shortbet import ask_bet, short_of_owned, sums_to
from tablectl.engine.zones import multiset_minus

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def ask_pot(table: TableState, body: dict[str, list[int]], out: list[Output]) -> bool:
    """Hold the snapshot ``body`` and ask for a count of the bet of the seat in turn when it
    pushed, the pot grew in the same snapshot and what the pot gained makes up the seat's
    shortfall exactly. True when asked (nothing in ``body`` is applied)."""
    felt = table.felt
    hand = table.live_hand
    if hand is None or table.rewind.replaying or "pot" not in body:
        return False
    seat = hand.to_act
    zone = f"bet:{seat}"
    player = table.players.get(seat) if seat is not None else None
    if player is None or zone not in body:
        return False
    gained = multiset_minus(list(body["pot"]), felt.zones.get("pot", []))
    if not gained or any(c not in table.chips for c in gained):
        return False
    for z, chips in body.items():
        if z.startswith("bet:") and multiset_minus(felt.zones.get(z, []), list(chips)):
            return False  # a bet shrank: the dealer gathering, or a chip pulled back
    added = multiset_minus(list(body[zone]), felt.zones.get(zone, []))
    if not added:
        return False
    stack = body.get(f"stack:{seat}", felt.zones.get(f"stack:{seat}", []))
    short = player.stack - felt.give_back.get(seat, 0) - sum(stack) - sum(added)
    if short <= 0 or not sums_to(gained, short):
        return False
    why = (
        f"{short_of_owned(seat, short)} while the pot, "
        f"which no push goes into, read {' '.join(f'{c:,}' for c in gained)} more: a chip of "
        "the bet may lie at the pot's edge"
    )
    return ask_bet(table, zone, body, why, out)

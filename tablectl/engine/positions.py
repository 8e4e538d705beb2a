"""Button and blind positions from hand to hand.

Dead button (002 Rule 33; 001 "Blinds"; 000 rule 25): the big blind always moves one player on;
last hand's big blind posts the small blind (a dead small blind when that player is gone) and the
button goes where last hand's small blind was (an empty seat: a dead button). Heads-up the button
is the small blind (002 Rule 35-B), and since the big blind still moves one player on, nobody has
the big blind twice in a row when heads-up play starts.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablectl.engine.records import record


@record
class Positions:
    button: int  # the button's seat; may be an empty seat (dead button)
    sb_seat: int  # where the small blind is, even when nobody posts it
    sb: int | None  # the seat that posts the small blind; None for a dead small blind
    bb: int
    # The small blind moved on because the upcoming one was eliminated: it posts the small blind
    # (dead) and the big blind (003 Button and blind use 5; profile ``moved_sb``)
    sb_posts_bb: bool = False


def next_seat(seat: int, seats: Sequence[int]) -> int:
    """The first of ``seats`` clockwise after ``seat`` (seats need not contain ``seat``)."""
    ordered = sorted(seats)
    for s in ordered:
        if s > seat:
            return s
    return ordered[0]


def first_positions(live: Sequence[int], button: int) -> Positions:
    """Positions of the first hand with the button where the setup put it (002 Rule 35-B)."""
    if len(live) == 2:
        sb = button if button in live else next_seat(button, live)
        return Positions(button=sb, sb_seat=sb, sb=sb, bb=next_seat(sb, live))
    sb = next_seat(button, live)
    return Positions(button=button, sb_seat=sb, sb=sb, bb=next_seat(sb, live))


def next_positions(
    prev: Positions, live: Sequence[int], button_rule: str, dead_button: str, moved_sb: str = "sb"
) -> Positions:
    """Positions of the next hand, given last hand's and the players still in (``live``).

    ``button_rule`` and ``dead_button`` are the house profile's options (see profiles.py).
    """
    if len(live) == 2:
        # 002 Rule 35-B: heads-up the small blind is the button; the big blind moves on.
        bb = next_seat(prev.bb, live)
        other = next(s for s in live if s != bb)
        return Positions(button=other, sb_seat=other, sb=other, bb=bb)
    if button_rule == "moving":
        # 003 "Moving button": the button always moves forward to the next player.
        button = next_seat(prev.button, live)
        sb = next_seat(button, live)
        # 003 Button and blind use 5: last hand's big blind was the upcoming small blind; gone,
        # the small blind moves to the next player, who posts both blinds so as not to skip one.
        both = moved_sb == "sb_and_bb" and prev.bb not in live
        return Positions(button=button, sb_seat=sb, sb=sb, bb=next_seat(sb, live), sb_posts_bb=both)
    bb = next_seat(prev.bb, live)
    sb = prev.bb if prev.bb in live else None
    button = prev.sb_seat
    if button not in live and dead_button == "stays":
        # 001 "Blinds": if the small blind is eliminated, the button remains in place.
        button = prev.button
    return Positions(button=button, sb_seat=prev.bb, sb=sb, bb=bb)

"""The clock on the seat in turn: called, warned, run out (002 Rule 29; 001 "Clock"; 003
Betting & Raising 15). Writes ``table.timing.clock``, ``hand.betting.clock_warned`` and a
hand killed on time (``hand.showdown.dead``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablectl.engine import flow
from tablectl.engine.citations import cite
from tablectl.engine.hand import Hand
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.turn import take_action, void_alert

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def clock_rule(table: TableState) -> str:
    """The clock rule of the profile's own rulebook (002 Rule 29 where it says nothing)."""
    return cite(table.profile, "clock")


def clock_refused(table: TableState) -> Alert | None:
    """Why the clock cannot be called now, or None: no seat is in turn."""
    if table.hand is None or table.hand.to_act is None:
        return void_alert("clock ignored: no seat is in turn", rule=clock_rule(table))
    return None


def start_clock(table: TableState, out: list[Output]) -> None:
    """Clock on the seat in turn (002 Rule 29; 001 "Clock"; 003 Betting & Raising 15: one
    minute with a ten-second warning; the profile sets the seconds)."""
    hand = table.hand
    assert hand is not None and hand.to_act is not None  # on_press: verify_press found both
    profile = table.profile
    seconds = profile.clock_seconds
    table.timing.clock = (hand.to_act, table.timing.t + seconds)
    if profile.clock == "wfp_dead":
        then = (
            "announce 30 seconds, warn at 20 and 10, count down 5 to 1 and say 'dead': the "
            "hand is dead then, facing a bet or not, even if the player acts at that moment; "
            "'raise' said without an amount by then is a minimum raise"
        )
    else:
        then = "facing a bet the hand is then dead, otherwise it is checked"
    if profile.clock_warning:
        then = f"warn the player {profile.clock_warning} seconds before the end; " + then
    out.append(
        Alert(
            "clock",
            clock_rule(table),
            f"seat {hand.to_act} is on the clock: {seconds} seconds to act; {then}",
            hand.to_act,
        )
    )


def check_clock(table: TableState, out: list[Output]) -> None:
    """The warning, then time up: when it has passed (a tie goes to the player, 002 Rule 29), or
    as it is reached under ``wfp_dead`` (001 "Clock": dead when the dealer says "dead")."""
    if table.timing.clock is None:
        return
    seat, deadline = table.timing.clock
    hand = table.hand
    profile = table.profile
    dead_on_time = profile.clock == "wfp_dead"
    up = table.timing.t >= deadline if dead_on_time else table.timing.t > deadline
    if not up:
        warn_at = deadline - profile.clock_warning
        if (
            profile.clock_warning
            and table.timing.t >= warn_at
            and hand is not None
            and hand.to_act == seat
            and hand.betting.clock_warned != deadline
        ):
            hand.betting.clock_warned = deadline
            out.append(
                Alert(
                    "clock",
                    clock_rule(table),
                    f"seat {seat}: {profile.clock_warning} seconds left on the clock; "
                    "then the hand is dead if it faces a bet",
                    seat,
                )
            )
        return
    table.timing.clock = None
    if hand is None or hand.to_act != seat:
        return
    rule = clock_rule(table)
    if dead_on_time:
        said = hand.betting.declared.get(seat)
        if said is not None and said[1] is None and said[0] in ("bet", "raise"):
            _clock_min_raise(table, hand, seat, said[0], out)
            return
        hand.showdown.dead.add(seat)
        take_action(
            table,
            hand,
            Ruling(
                "fold",
                0,
                0,
                0,
                rule,
                "time ran out: the hand is dead, facing a bet or not",
                seat=seat,
            ),
            out,
        )
    elif hand.round.to_call(seat):
        hand.showdown.dead.add(seat)
        take_action(
            table,
            hand,
            Ruling("fold", 0, 0, 0, rule, "time expired facing a bet: the hand is dead", seat=seat),
            out,
        )
    else:
        # 003 says nothing of a clock not facing a bet: 002 Rule 29 checks the hand
        take_action(
            table,
            hand,
            Ruling(
                "check",
                hand.round.bets.get(seat, 0),
                0,
                0,
                cite(profile, "clock_check"),
                "time expired: checked",
                seat=seat,
            ),
            out,
        )


def _clock_min_raise(table: TableState, hand: Hand, seat: int, say: str, out: list[Output]) -> None:
    """001 "Clock": "raise" said without an amount by the end of the time is a minimum raise
    (a call when the betting is not re-opened to the seat, 002 Rule 52-A; all-in when short)."""
    rnd = hand.round
    bet = rnd.bets.get(seat, 0)
    all_in_to = bet + table.players[seat].stack
    if flow.can_raise(table, hand, seat):
        to = min(rnd.min_raise_to(table.profile), all_in_to)
        action = "bet" if rnd.current_bet == 0 else "raise"
    else:
        to = min(rnd.current_bet, all_in_to)
        action = "call"
    if to == all_in_to:
        action = "all-in"
    said = f"'{say}' said without an amount when the time ran out: a minimum {say}"
    text = f"{said}, {action} to {to}"
    take_action(table, hand, Ruling(action, to, to - bet, 0, "001 Clock", text, seat=seat), out)

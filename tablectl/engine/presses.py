"""The dealer console: its buttons (check, award, new hand, clock, undo's check, pause,
resume, floor) and a seat's status (absent, 002 Rule 31; on penalty, 67-C; present).

Writes ``table.timing.paused`` and the players' ``absent`` and ``penalty``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablectl.engine import flow, hands
from tablectl.engine.clock import clock_refused, start_clock
from tablectl.engine.notices import FloorCalled, Paused, Resumed, SeatStatus
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.turn import no_hand, take_action, void, void_alert

if TYPE_CHECKING:
    from tablectl.engine.state import TableState


def on_press(table: TableState, body: str, out: list[Output]) -> None:
    if body == "check":
        press_check(table, out)
        return
    refused = verify_press(table, body)
    if refused is not None:
        out.append(refused)
        return
    hand = table.hand
    if body == "award":
        if table.live_hand is None:
            return  # nothing if already awarded (scenario-format)
        flow.award(table, hand, out)
    elif body == "new_hand":
        hands.start_hand(table, out)
    elif body == "clock":
        start_clock(table, out)
    elif body == "pause":
        table.timing.paused = True
        out.append(Paused("the tournament clock is paused"))
    elif body == "resume":
        table.timing.paused = False
        out.append(Resumed("the tournament clock runs again"))
    elif body == "floor":
        out.append(FloorCalled("floor called to the table"))


def verify_press(table: TableState, name: str) -> Alert | None:
    """Whether the console button ``name`` applies now: None when it does, else the alert its
    press raises (so the console greys the button before the tap). ``award`` when the pots are
    already awarded is None: the press is answered with nothing (scenario-format)."""
    if name == "check":
        return check_refused(table)
    hand = table.live_hand
    if name == "award" and hand is not None:
        if hand.to_act is not None:
            return void_alert("award ignored: betting is still open", rule="002 Rule 13")
        if len(hand.board) < 5 and len(hand.live()) > 1:
            return void_alert(
                f"award ignored: the board has {len(hand.board)} cards, not 5", rule="002 Rule 13"
            )
    elif name == "new_hand" and hand is not None:
        return void_alert("new hand ignored: this hand has not been awarded")
    elif name == "clock":
        return clock_refused(table)
    elif name == "undo" and (
        hand is None or table.rewind.hand_snapshot is None or len(table.rewind.hand_log) <= 1
    ):
        # only the deal that started the hand: a misdeal is the remedy, not an undo
        return void_alert("nothing to undo in this hand")
    return None


def check_refused(table: TableState) -> Alert | None:
    """Why a check does not apply now, or None: no hand in progress, no seat in turn, or a bet to
    call (002 Rule 3)."""
    hand = table.live_hand
    if hand is None:
        return no_hand("check")
    seat = hand.to_act
    if seat is None:
        return void_alert("check ignored: no seat is in turn")
    owed = hand.round.to_call(seat)
    if owed:
        return void_alert(f"seat {seat} cannot check: it faces {owed} to call", seat, "002 Rule 3")
    return None


def press_check(table: TableState, out: list[Output]) -> None:
    """A check by the seat in turn (002 Rule 43-A), or the alert saying why it does not apply."""
    refused = check_refused(table)
    if refused is not None:
        out.append(refused)
        return
    hand = table.hand
    assert hand is not None and hand.to_act is not None  # check_refused found both
    seat = hand.to_act
    take_action(
        table,
        hand,
        Ruling("check", hand.round.bets.get(seat, 0), 0, 0, "002 Rule 43-A", "check", seat=seat),
        out,
    )


def restore_statuses(table: TableState, statuses: dict[int, tuple[bool, bool]]) -> None:
    """Put every seat's status back as the hand began (``statuses``: the absent and penalized
    seats), for undo: the hand's log marks them again as it replays."""
    for seat, player in table.players.items():
        player.absent, player.penalty = statuses.get(seat, (False, False))


def on_seat(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Dealer console: a seat is absent (002 Rule 31), on penalty (67-C), or present again."""
    seat, status = body["seat"], body["status"]
    player = table.players.get(seat)
    if player is None or player.out:
        void(out, f"seat {seat} has no player")
        return
    player.absent = status == "absent"
    player.penalty = status == "penalty"
    out.append(SeatStatus(f"seat {seat}: {status}", seat=seat, status=status))

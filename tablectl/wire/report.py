"""The table report and the events a table publishes, built from the engine's view
(docs/venue.md, "The table report"): the one shape the venue folds
(:class:`tablectl.wire.commands.TableReport`)."""

from __future__ import annotations

from typing import Any

ALERTS_REPORTED = 10  # open alerts carried in the state for the director's floor map


def state_body(
    view: Any,
    status: str,
    *,
    positions: tuple[int | None, int | None, int | None] | None = None,
    stack_chips: dict[int, list[int]] | None = None,
    hold: dict[str, Any] | None = None,
    busts: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The retained state from a :class:`tablectl.engine.view.TableView`, in the one shape the
    venue folds as a ``report`` (:class:`tablectl.wire.commands.TableReport`; docs/venue.md
    "The table report"): seats with names and stacks (chips behind plus the bet in front),
    button and blinds, hand number, level, status, and ``chips``, every chip on the table
    (stacks, bets and pots) for the venue's chips in play.

    ``positions`` (button, small blind seat, big blind seat) are those of the hand in progress or
    the last one played (the engine's ``Table.hand.positions``); without them the view's, which
    between hands are the next hand's. ``stack_chips``: the RFID reading of each stack zone,
    for a colour-up's chip race (002 Rule 25). ``hold``: during hand-for-hand, the round of the
    last hand dealt and whether an all-in and call waits for its release (002 RP-8;
    ``TableHold.report``). ``busts``: the award records of the last hand that busted a player,
    for bounties (:class:`tablectl.wire.busts.BustRecords`). ``pot``, ``board``, ``to_act`` and
    ``alerts`` (the open alerts, the latest :data:`ALERTS_REPORTED`) are for the director's
    floor map."""
    seats = []
    for s in view.seats:
        if s.status == "empty":
            continue
        seat: dict[str, Any] = {
            "seat": s.seat,
            "name": s.player,
            "stack": s.stack + s.bet,
            "status": s.status,
        }
        if stack_chips and s.seat in stack_chips:
            seat["chips"] = list(stack_chips[s.seat])
        seats.append(seat)
    if positions is None:
        positions = (
            next((s.seat for s in view.seats if s.button), None),
            next((s.seat for s in view.seats if s.sb), None),
            next((s.seat for s in view.seats if s.bb), None),
        )
    level = None
    if view.level is not None:
        lv = view.level
        level = {
            "number": lv.number,
            "small_blind": lv.small_blind,
            "big_blind": lv.big_blind,
            "ante": lv.ante,
            "bb_ante": lv.bb_ante,
            "on_break": lv.on_break,
        }
    pot = sum(p.amount for p in view.pots)
    chips = sum(s["stack"] for s in seats) + pot
    in_hand = view.street not in ("idle", "over")
    alerts = [a.to_obj()["alert"] for a in view.alerts[-ALERTS_REPORTED:]]
    extra: dict[str, Any] = {"hold": hold} if hold is not None else {}
    if busts is not None:
        extra["busts"] = busts
    return {
        **extra,
        "status": status,
        "hand": view.hand_no,
        "in_hand": in_hand,
        "street": view.street,
        "button": positions[0],
        "sb": positions[1],
        "bb": positions[2],
        "level": level,
        "seats": seats,
        "chips": chips,
        # what the director's floor map shows beside the model's figures
        "pot": pot,
        "board": list(view.board),
        "to_act": view.to_act,
        "alerts": alerts,
    }


def output_event(out: Any, hand_no: int) -> tuple[str, dict[str, Any]]:
    """(kind, body) of an engine output for the events stream: ``ruling``, ``alert`` (its own
    kind under ``alert``) or the notice's own kind (``hand_start``, ``eliminated`` ...)."""
    obj = out.to_obj()
    if "ruling" in obj:
        return "ruling", {"hand_no": hand_no, **obj["ruling"]}
    if "notice" in obj:
        notice = dict(obj["notice"])
        return str(notice.pop("kind")), {"hand_no": hand_no, **notice}
    alert = dict(obj["alert"])
    return "alert", {"hand_no": hand_no, "alert": alert.pop("kind"), **alert}

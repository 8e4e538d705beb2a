"""Asking instead of ruling: reads the table's sensors could not trust (issue 27, item 5).

The bridge sends a ``recount`` event instead of a read it cannot trust (a chip at a zone's edge
read by two antennas, a card seen at two seats in flight). The engine rules on nothing in it: it
holds the read and raises a ``recount`` alert, the dealer's prompt ("count seat 4's bet", "where
is the 9s?"). The dealer's answer, a journaled ``counted`` event, turns the held read (confirmed
or corrected) into the ``chips`` or ``card`` event it stands for, and :meth:`Table.apply` rules on
that exactly as on a trusted read: one rule path, no rule copied here. A later trusted read of
the same zone or card supersedes the question. docs/scenario-extensions.md, "recount".
"""

from __future__ import annotations

from typing import Any

from tablectl.engine.events import Event, event_to_obj
from tablectl.engine.notices import RecountClosed
from tablectl.engine.outputs import UNSET, Alert, Output
from tablectl.engine.state import TableState

# Chips: the dealer counts them, as players and dealers are entitled to (002 Rule 26-A). Cards:
# no rule names a card the table lost track of; the dealer's word settles it (002 Rule 1).
CHIPS_RULE = "002 Rule 26-A"
CARD_RULE = "002 Rule 1"
# A seat's cards counted at the deal's end: the count decides a misdeal (wrong number of cards)
CARDS_RULE = "002 Rule 36-A(5)"
HOLD = "Hold the action until it is answered."

_CARD_KEYS = ("card", "zone", "face", "deck")
_ZONE_WORDS = {"bet": "bet", "stack": "stack"}


def zone_words(zone: str) -> str:
    """``bet:4`` -> "seat 4's bet"; ``pot`` -> "the pot"; ``seat:9`` -> "seat 9"."""
    if ":" not in zone:
        return f"the {zone}"
    kind, n = zone.split(":")
    return f"seat {n}'s {_ZONE_WORDS[kind]}" if kind in _ZONE_WORDS else f"seat {n}"


def _seat_of(zone: str) -> int | None:
    return int(zone.split(":")[1]) if ":" in zone else None


def _chips_text(chips: list[int]) -> str:
    return " ".join(f"{c:,}" for c in chips) if chips else "nothing"


def on_recount(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """Hold the read and prompt the dealer; an earlier question about the same zone or card is
    replaced by this one (its alert closes with a notice)."""
    why = f" ({body['why']})" if "why" in body else ""
    if "card" in body:
        key = body["card"]
        read = Event("card", {k: body[k] for k in _CARD_KEYS if k in body})
        seen = body.get("seen") or [body["zone"]]
        where = " and ".join(zone_words(z) for z in seen)
        text = (
            f"where is the {key}? The table read it at {where}{why} and rules on nothing "
            f"until you say where it lies. {HOLD}"
        )
        alert = Alert("recount", CARD_RULE, text, _seat_of(body["zone"]))
    else:
        key = body["ask"]
        read = Event("chips", dict(body["chips"]))
        text = (
            f"count {zone_words(key)}: the table read {_chips_text(body['chips'][key])}{why} "
            f"and cannot trust it. Confirm or enter the count. {HOLD}"
        )
        alert = Alert("recount", CHIPS_RULE, text, _seat_of(key))
    close(table, key, "asked again", out)
    alert_id = next_alert_id(table, out)
    seen = tuple(body.get("seen") or (body.get("zone", key),))
    table.recounts[key] = (read, alert_id, seen)
    out.append(alert)


def next_alert_id(table: TableState, out: list[Output]) -> int:
    """The id Table.apply will give the next alert appended to ``out``: ids count every alert
    raised, in order (a question is answered by its alert's id)."""
    return table.console.alert_seq + sum(1 for o in out if type(o) is Alert) + 1


def on_unread(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """The bridge's list of the deck's cards it has not read since enrolment (a dead tag is
    among them), kept for the deal's end (dealing.check_deal), and of the chips it has not read
    for long, kept for a bet read short (shortbet.py). Nothing to rule now."""
    table.felt.unread_cards = tuple(body["cards"])
    table.felt.unread_chips = {z: tuple(c) for z, c in body.get("chips", {}).items()}
    table.felt.dead_chips = {d["chip"]: (d["value"], d["zone"]) for d in body.get("dead", ())}


def ask_cards(table: TableState, seat: int, read: int, out: list[Output]) -> None:
    """Seat ``seat`` is short of hole cards at the deal's end while the deck has cards the table
    has not read: one may lie there, its tag dead. Ask the dealer to count them instead of
    ruling a misdeal (002 Rule 36-A(4), (5)) on a read the table cannot trust."""
    zone = f"seat:{seat}"
    unread = table.felt.unread_cards
    # the cards are counted, never named: a dead tag's card may be this seat's hole card, and
    # the alert is on the dealer screen and the venue's stream during the hand (002 Rule 1)
    text = (
        f"seat {seat}: how many cards? The table read {read} there and has never read "
        f"{len(unread)} card(s) of the deck: a dead tag, or a card dealt short. "
        f"Count seat {seat}'s cards: two, the hand goes on; fewer, it is a misdeal before "
        f"substantial action (002 Rule 36-A(5)). {HOLD}"
    )
    close(table, zone, "asked again", out)
    alert_id = next_alert_id(table, out)
    read_event = Event("counted", {"zone": zone, "cards": read})
    table.recounts[zone] = (read_event, alert_id, tuple(unread))
    out.append(Alert("recount", CARDS_RULE, text, seat))


def drop_cards(table: TableState, why: str, out: list[Output]) -> None:
    """Questions about seats' cards left open when the hand ends or is dealt again: closed."""
    for key in [k for k, held in table.recounts.items() if held[0].kind == "counted"]:
        close(table, key, why, out)


def drop_folded(table: TableState, folded: set[int], out: list[Output]) -> None:
    """A seat asked to count its cards (:func:`ask_cards`, 002 Rule 36-A(5)) that folds
    meanwhile: its cards went to the muck uncounted and the count rules nothing any more
    (dealing.counted_cards ignores a folded seat's), so the question closes instead of holding
    the action for an answer that would be ignored."""
    for key in [k for k, held in table.recounts.items() if held[0].kind == "counted"]:
        if _seat_of(key) in folded:
            close(table, key, f"seat {_seat_of(key)} folded: its cards are not counted", out)


def resolve(table: TableState, event: Event, out: list[Output]) -> Event:
    """The ``counted`` answer as the ``chips`` or ``card`` event it stands for (with the answer's
    time), the question closed with a notice; the answer itself when nothing waits for it, or
    when it counts a seat's cards (ruled by dealing.counted_cards)."""
    body = event.body
    key = body.get("card") or body["zone"]
    held = table.recounts.get(key)
    if held is None:
        return event
    read = held[0]
    if read.kind == "counted" or "cards" in body:
        if read.kind == "counted" and "cards" in body:
            n = body["cards"]
            close(table, key, f"{zone_words(key)} holds {n} card(s), counted", out)
        return event
    if read.kind == "card":
        answer = {**read.body, **{k: body[k] for k in ("zone", "face") if k in body}}
        said = f"the {key} lies at {zone_words(answer['zone'])}"
        if "zone" not in body:
            said += " as read"
    else:
        answer = dict(read.body)
        if "chips" in body:
            answer[key] = sorted(body["chips"], reverse=True)
            said = f"{zone_words(key)} counted: {_chips_text(answer[key])}"
        else:
            said = f"{zone_words(key)} confirmed as read: {_chips_text(answer[key])}"
    resolved = Event(read.kind, answer, event.t)
    # the notice carries the read ruled on, so a hand history writes it (daemon/history.py)
    close(table, key, said, out, {"read": event_to_obj(Event(read.kind, answer))})
    return resolved


def supersede(table: TableState, event: Event, out: list[Output]) -> None:
    """A trusted read of a zone or card the dealer was asked about answers the question."""
    if event.kind == "card":
        card = event.body["card"]
        if card in table.recounts:
            close(table, card, f"the table read the {card} at {event.body['zone']}", out)
        zone = event.body["zone"]
        if zone in table.recounts and table.recounts[zone][0].kind == "counted":
            # the card the seat was short of, read after all (a tag shadowed, not dead)
            close(table, zone, f"the table read the {card} at {zone_words(zone)}", out)
        return
    for zone in event.body:
        if zone in table.recounts:
            close(table, zone, f"the table read {zone_words(zone)} again", out)


def on_counted(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """An answer no question waits for (answered already, or never asked): nothing changes.
    (A seat's cards counted are ruled whether asked or not: dealing.counted_cards.)"""
    key = body.get("card") or body["zone"]
    out.append(
        Alert(
            "action_void",
            "002 Rule 1",
            f"counted {key} ignored: no recount of {key} is waiting; nothing changed",
        )
    )


def close(
    table: TableState,
    key: str,
    said: str,
    out: list[Output],
    data: dict[str, Any] | None = None,
) -> None:
    held = table.recounts.pop(key, None)
    if held is None:
        return
    alert_id = held[1]
    table.console.open_alerts = [a for a in table.console.open_alerts if a.id != alert_id]
    text = f"recount {alert_id} closed: {said}"
    read = data["read"] if data else UNSET
    out.append(RecountClosed(text, ids=[alert_id], read=read))

"""A dead chip found once and taken out of play (issue 27).

A chip tag that never answers stays in play unread: each time it comes back in change the
table loses its place and asks again. Once the bridge knows where such a chip lies (a dealer's
count found it in a stack, or the change with it went to one seat: ``unread``'s ``dead``), the
engine asks the dealer, between hands only (nothing of the hand is ruled differently), to pass
that seat's chips of its value over the dealer station's reader, set aside the one it does not
read and give the seat a working chip of that value from the tray: what a venue does with a
chip that does not answer. The seat's chips keep their value, so nothing is ruled. A dead chip
an exchange took to the tray (the change made up every chip taken, it too: ``tray``) is set
aside from the tray's chips of its value before it comes back as change. The dealer's
``retire`` answer (journaled) closes the question; the bridge then drops the tag from its books
(firmware_bridge/tracker/dead.py ``retired``). docs/scenario-extensions.md, "retire".
"""

from __future__ import annotations

from typing import Any

from tablectl.engine import recount
from tablectl.engine.events import TRAY, Event
from tablectl.engine.outputs import Alert, Output
from tablectl.engine.state import TableState

# A dead chip is equipment the dealer replaces; the floor's word on it: 002 Rule 1.
RETIRE_RULE = "002 Rule 1"
KEY = "retire:"  # the question's key in table.recounts: retire:<uid>


def ask(table: TableState, out: list[Output]) -> None:
    """Between hands: one question per dead chip of known place not asked about at that place
    yet (a question already open is kept; one about a chip the bridge no longer places there
    is closed)."""
    felt = table.felt
    for key in [k for k in table.recounts if k.startswith(KEY)]:
        uid = key[len(KEY) :]
        if uid not in felt.dead_chips:
            recount.close(table, key, "the table no longer knows where it lies", out)
    for uid, (value, zone) in sorted(felt.dead_chips.items()):
        key = KEY + uid
        if key in table.recounts or felt.retire_asked.get(uid) == zone:
            continue
        felt.retire_asked[uid] = zone
        seat = int(zone.split(":")[1]) if ":" in zone else None
        where = recount.zone_words(zone)
        who = f"seat {seat}" if seat is not None else where
        # a chip in the tray has no owner to give a working chip to: no seat's chips change
        give = "" if zone == TRAY else f", and give {who} a {value:,} from the tray"
        text = (
            f"{where[0].upper()}{where[1:]} holds a {value:,} that does not answer (tag {uid}). "
            f"Pass {who}'s {value:,}s over the station's reader: set aside the one it does not "
            f"read, press Retired{give}."
        )
        alert_id = recount.next_alert_id(table, out)
        read = Event("retire", {"chip": uid, "value": value, "zone": zone})
        table.recounts[key] = (read, alert_id, (zone,))
        out.append(Alert("recount", RETIRE_RULE, text, seat))


def on_retire(table: TableState, body: dict[str, Any], out: list[Output]) -> None:
    """The dealer's answer: the chip set aside and replaced (or not found there): the question
    closes; the chip's value at its seat is unchanged, so nothing is ruled."""
    uid = body["chip"]
    key = KEY + uid
    held = table.recounts.get(key)
    if held is None:
        out.append(
            Alert(
                "action_void",
                RETIRE_RULE,
                f"retire {uid} ignored: no question about that chip is waiting; nothing changed",
            )
        )
        return
    value, zone = held[0].body["value"], held[0].body["zone"]
    table.felt.dead_chips.pop(uid, None)
    if body.get("found", True):
        said = f"the dead {value:,} (tag {uid}) is out of play" + (
            "" if zone == TRAY else ", replaced from the tray"
        )
    else:
        said = f"no {value:,} at {recount.zone_words(zone)} failed the reader: still in play"
    recount.close(table, key, said, out)

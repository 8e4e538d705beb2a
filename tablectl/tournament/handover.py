"""A table joining or leaving one event's venue (pure): the ``table`` venue event.

A room runs several events (:mod:`tablectl.tournament.room`); a table moves between them only
when it is empty: broken in the event it leaves (002 Rule 10-B: its players moved, each seat
confirmed), nobody seated there or on the way, no command to it waiting, never the event's
final table. In the event it joins it is one more table of the setup, last in the break order
(11-C: it breaks after the event's own tables), and hears the event's level at once (24: from its
next hand). Joining a started event it is in play only when the event needs it: players waiting
for a seat (8-A), who draw its seats, then balancing fills it (11-A). Otherwise it joins idle, as
a table the start's draw did not use: in play it would only make the event break another table
at once (11-C: the players left fit the others).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from tablectl.tournament import manual

IN_PLAY = ("seated", "arriving", "leaving")  # as tablectl.tournament.venue's (no import: a cycle)
Venue = Any  # tablectl.tournament.venue.Venue, which calls this module


class HandOverError(ValueError):
    """A table that cannot join or leave the event: refused with an alert, nothing changed."""


def table(
    venue: Venue, body: object, out: list[Any], new_table: Callable[[str, bool], Any]
) -> None:
    """``{"add": NAME, "manual": bool}`` or ``{"remove": NAME}``; ``new_table(name, active)``
    makes the venue's record of a table."""
    if not isinstance(body, dict) or set(body) not in ({"add"}, {"add", "manual"}, {"remove"}):
        raise HandOverError(
            f'needs {{"add": NAME, "manual": true|false}} or {{"remove": NAME}}, got {body!r:.80}'
        )
    name = body.get("add", body.get("remove"))
    if not isinstance(name, str) or not 0 < len(name) <= 64:
        raise HandOverError(f"a table's name, got {name!r:.40}")
    if "add" in body:
        if not isinstance(body.get("manual", False), bool):
            raise HandOverError("table.manual must be true or false")
        _add(venue, name, bool(body.get("manual")), out, new_table)
    else:
        _remove(venue, name)


def why_not_empty(venue: Venue, name: str) -> str:
    """Why ``name`` cannot leave ``venue`` now, or "" when it can."""
    cfg = venue.cfg
    assert cfg is not None
    if name not in cfg.tables:
        return f"table {name} is not in this event"
    if name == cfg.final:
        return f"table {name} hosts this event's final table"
    seated = [
        e.name
        for e in venue.entries.values()
        if (e.table == name and e.status in IN_PLAY)
        or (e.status == "leaving" and e.dest and e.dest[0] == name)
    ]
    if seated:
        return f"table {name} still seats {len(seated)} player(s) ({', '.join(seated[:3])})"
    waiting = [cid for cid, (cmd, _e) in venue.pending.items() if cmd.table == name]
    if waiting:
        return f"table {name} has {len(waiting)} command(s) waiting ({waiting[0]})"
    if venue.tables[name].active and venue.started and not venue.finished:
        return f"table {name} is in play: break it first (002 Rule 10-B)"
    return ""


def _remove(venue: Venue, name: str) -> None:
    why = why_not_empty(venue, name)
    if why:
        raise HandOverError(f"{why}; it stays")
    cfg = venue.cfg
    assert cfg is not None
    venue.cfg = replace(
        cfg,
        tables=tuple(t for t in cfg.tables if t != name),
        break_order=tuple(t for t in cfg.break_order if t != name),
        manual=tuple(t for t in cfg.manual if t != name),
    )
    del venue.tables[name]
    venue.manual.tables.pop(name, None)
    venue.proposals = {
        k: p for k, p in venue.proposals.items() if name not in (p.table, p.to_table)
    }


def _add(
    venue: Venue, name: str, is_manual: bool, out: list[Any], new_table: Callable[[str, bool], Any]
) -> None:
    cfg = venue.cfg
    assert cfg is not None
    if name in cfg.tables:
        raise HandOverError(f"table {name} is in this event already")
    venue.cfg = replace(
        cfg,
        tables=(*cfg.tables, name),
        break_order=(*cfg.break_order, name),
        manual=(*cfg.manual, name) if is_manual else cfg.manual,
    )
    started = venue.started and not venue.finished
    venue.tables[name] = new_table(name, started and bool(venue.waiting()))
    if is_manual:
        venue.manual.tables[name] = manual.ManualTable()
    if started:
        out.append(venue.level_cmd(name, "the event's level, from the next hand"))
        venue._settle(out)

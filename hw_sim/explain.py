"""Why the table got a motion wrong: one :class:`Incident` per false ruling, false alert or
missed call (`bench/rf.py --explain`, `tablectl sim --rf LEVEL --explain`; docs/rf.md).

An incident says what was called (or not), what physically happened (the events a perfect
reader's bridge emits), what the bridge emitted instead, the reads of the zones involved round
by round, and its *cause*: the model's effect at work on those zones in that motion (transit,
edge, crosstalk, a dead or shadowed tag, a missed read), or ``timing`` when every read of them
was perfect (the bridge ruled on zones changing one after another).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from hw_sim.rf import Motion, RfTable, Round

Uid = bytes
CAUSES = ("transit", "edge", "dead", "shadow", "crosstalk", "miss", "timing")


@dataclass(slots=True)
class Incident:
    hand: int
    step: int
    motion: str  # the motion's kind (hw_sim.rf.MOTION_KINDS) and who made it
    what: str  # "false ruling", "false alert", "missed"
    kind: str  # alert kind, or "ruling:<action>"
    text: str  # the alert's text or the ruling
    truth: list[dict[str, Any]]
    bridge: list[dict[str, Any]]
    cause: str
    reads: list[str] = field(default_factory=list)

    def render(self) -> str:
        lines = [
            f"hand {self.hand} step {self.step} ({self.motion}): {self.what} {self.kind} "
            f"[cause: {self.cause}]: {self.text}",
            "  truth:  " + (" ".join(_obj(o) for o in self.truth) or "-"),
            "  bridge: " + (" ".join(_obj(o) for o in self.bridge) or "-"),
        ]
        if self.reads:
            lines.append("  reads (ms from the motion's start; x n identical rounds):")
            lines += [f"    {r}" for r in self.reads]
        return "\n".join(lines)


def _obj(o: dict[str, Any]) -> str:
    return json.dumps(o, separators=(",", ":"), sort_keys=True)


def zones_of(objs: Iterable[dict[str, Any]]) -> set[str]:
    """The zones named by events (a card's zone, a chips event's zones)."""
    out: set[str] = set()
    for o in objs:
        if "zone" in o:
            out.add(str(o["zone"]))
        if "chips" in o:
            out.update(o["chips"])
    return out


def cause(
    rf: RfTable,
    motions: list[Motion],
    rounds: list[Round],
    ants: set[int],
    before: dict[int, set[Uid]],
) -> str:
    """The model's effect behind what the ``ants`` read in this motion, from the evidence: a
    tag read where it neither lay before nor rests now (over it in transit, at its edge, or
    else cross-read), a resting tag unread after the motion (dead, shadowed, at an edge, or
    else missed); the first of :data:`CAUSES` found, ``timing`` when every read was perfect."""
    end = max((m.end for m in motions), default=0.0)
    crossing = {(c.uid, c.antenna) for m in motions for c in m.changes if c.until is not None}
    found: set[str] = set()
    for r in rounds:
        if r.antenna not in ants:
            continue
        ant = r.antenna
        here = set(rf.order[ant])
        read = {u for u, _ in r.tags}
        for u in read - here - before.get(ant, set()):
            if (u, ant) in crossing:
                found.add("transit")
            elif rf.edge.get(u) == ant:
                found.add("edge")
            else:
                found.add("crosstalk")
        if r.t < end:
            continue
        for u in here - read:
            if u in rf.dead:
                found.add("dead")
            elif u in rf.shadow:
                found.add("shadow")
            elif u in rf.edge:
                found.add("edge")
            else:
                found.add("miss")
    return next((c for c in CAUSES if c in found), "timing")


def reads(
    rounds: list[Round],
    ants: Iterable[int],
    zones: dict[int, str],
    name: Callable[[Uid], str],
    start: float,
    resting: dict[int, set[Uid]],
    last: int = 12,
) -> list[str]:
    """Each antenna's last ``last`` distinct reads: ``+ms[xn] [tags]``, a tag not resting there
    at the end marked ``!``, a resting tag unread listed after ``missing``."""
    out = []
    for ant in sorted(ants):
        mine = [r for r in rounds if r.antenna == ant]
        runs: list[tuple[float, int, tuple[Uid, ...], bool]] = []
        for r in mine:
            tags = tuple(u for u, _ in r.tags)
            first = r.t - (r.repeat - 1) * r.period
            if runs and set(runs[-1][2]) == set(tags) and runs[-1][3] == r.incomplete:
                t0, n, _, inc = runs[-1]
                runs[-1] = (t0, n + r.repeat, tags, inc)
            else:
                runs.append((first, r.repeat, tags, r.incomplete))
        here = resting.get(ant, set())
        parts = []
        for t0, n, tags, inc in runs[-last:]:
            names = [name(u) + ("" if u in here else "!") for u in tags]
            lost = [name(u) for u in here if u not in tags]
            s = f"+{(t0 - start) * 1000:.0f}" + (f"x{n}" if n > 1 else "")
            s += " [" + " ".join(names) + "]"
            if lost:
                s += " missing " + " ".join(sorted(lost))
            if inc:
                s += " incomplete"
            parts.append(s)
        out.append(f"{zones[ant]:<8} " + ("; ".join(parts) if parts else "no round"))
    return out


def tally(incidents: Iterable[Incident]) -> list[str]:
    """Incidents counted by what, kind and cause, commonest first."""
    counts: dict[tuple[str, str, str], int] = {}
    for i in incidents:
        k = (i.what, i.kind, i.cause)
        counts[k] = counts.get(k, 0) + 1
    return [
        f"{n:6d}  {what} {kind} (cause: {c})"
        for (what, kind, c), n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]

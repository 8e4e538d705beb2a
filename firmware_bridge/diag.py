"""What the technician needs to know about the table's RFID (``tablectl diag``; issue 27).

:class:`RfCounters` is fed by the tracker (firmware_bridge.tracker) with every zone report: per
antenna the reports and rounds it read, the rounds whose inventory did not finish (slow), how
well it reads the tags that lie on it (the read rate: rounds that read a tag lying there, over
rounds times tags lying there), and which other antennas read its tags (neighbours). The
tracker's :meth:`~firmware_bridge.tracker.TagTracker.snapshot` adds the measured round time, the
tags each zone holds and the tags that are dead or intermittent. A snapshot is a plain JSON
object: the daemon journals one a minute (tablectl/daemon/journal.py, ``Journal.put_diag``), so
``tablectl diag --journal DB`` shows the same for a night's play. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

SLOW_MS = 100.0  # a round time above this is named slow (a dedicated reader takes 10-60 ms)
WEAK = 0.97  # a read rate below this is named weak


@dataclass(slots=True)
class _Antenna:
    zone: str
    reports: int = 0
    rounds: int = 0
    incomplete: int = 0
    lying: int = 0  # rounds x tags lying here
    read: int = 0  # of those, rounds that read the tag
    seen_by: Counter[str] = field(default_factory=Counter)  # other zone -> reads of our tags


class RfCounters:
    def __init__(self) -> None:
        self.antennas: dict[int, _Antenna] = {}
        self._by_zone: dict[str, _Antenna] = {}

    def report(
        self,
        antenna: int,
        zone: str,
        here: dict[bytes, int],
        before: set[bytes],
        lying: dict[bytes, int],
        rounds: int,
        incomplete: bool,
    ) -> None:
        """One report of ``rounds`` rounds (the MCU reports on change: the rounds before this
        one read what it reported last, ``before``)."""
        a = self.antennas.get(antenna)
        if a is None or a.zone != zone:
            a = self.antennas[antenna] = self._by_zone[zone] = _Antenna(zone)
        a.reports += 1
        a.rounds += rounds
        a.incomplete += incomplete
        if lying:
            a.lying += rounds * len(lying)
            a.read += (rounds - 1) * sum(1 for u in lying if u in before)
            a.read += sum(1 for u in lying if u in here)

    def seen(self, home: str, by: str) -> None:
        """A tag lying in ``home`` was read by the antenna of ``by``."""
        a = self._by_zone.get(home)
        if a is not None:
            a.seen_by[by] += 1

    def snapshot(
        self, periods: dict[str, float], held: dict[str, int], tags: list[dict[str, Any]]
    ) -> dict[str, Any]:
        ants = []
        for ant, a in sorted(self.antennas.items()):
            ants.append(
                {
                    "antenna": ant,
                    "zone": a.zone,
                    "tags": held.get(a.zone, 0),
                    "reports": a.reports,
                    "rounds": a.rounds,
                    "incomplete": a.incomplete,
                    "lying": a.lying,
                    "read": a.read,
                    "round_ms": periods.get(a.zone),
                    "seen_by": dict(a.seen_by.most_common(3)),
                }
            )
        return {"antennas": ants, "tags": tags}


def merge(snapshots: list[dict[str, Any]]) -> dict[str, Any]:
    """Several daemon runs' last snapshots as one: counters added, the latest round times and
    holdings, every tag named (the latest state of each)."""
    ants: dict[int, dict[str, Any]] = {}
    tags: dict[str, dict[str, Any]] = {}
    for snap in snapshots:
        for a in snap.get("antennas", []):
            old = ants.get(a["antenna"])
            if old is None or old["zone"] != a["zone"]:
                ants[a["antenna"]] = dict(a, seen_by=dict(a.get("seen_by", {})))
                continue
            for key in ("reports", "rounds", "incomplete", "lying", "read"):
                old[key] += a[key]
            old["tags"], old["round_ms"] = a["tags"], a["round_ms"] or old["round_ms"]
            seen = Counter(old["seen_by"]) + Counter(a.get("seen_by", {}))
            old["seen_by"] = dict(seen.most_common(3))
        for t in snap.get("tags", []):
            tags[t["uid"]] = t
    return {"antennas": [ants[k] for k in sorted(ants)], "tags": list(tags.values())}


def rate(a: dict[str, Any]) -> float | None:
    return a["read"] / a["lying"] if a["lying"] else None


def problems(a: dict[str, Any]) -> list[str]:
    """What is wrong with one antenna, in words (empty: nothing)."""
    out = []
    r = rate(a)
    if r is not None and r < WEAK:
        out.append(f"weak: reads its tags in {r:.1%} of rounds")
    if a["round_ms"] is not None and a["round_ms"] > SLOW_MS:
        out.append(f"slow: {a['round_ms']:.0f} ms a round")
    if a["incomplete"]:
        out.append(f"{a['incomplete']} incomplete inventories")
    if a["seen_by"]:
        near = ", ".join(f"{z} ({n})" for z, n in a["seen_by"].items())
        out.append(f"its tags read by {near}")
    return out


def text(snap: dict[str, Any], title: str = "") -> str:
    """The snapshot as the technician reads it on a terminal: one line an antenna, then the
    tags to look at."""
    lines = [title] if title else []
    lines.append(
        f"{'ant':>3} {'zone':<9} {'tags':>4} {'rounds':>8} {'read rate':>9} {'round ms':>8}  notes"
    )
    for a in snap["antennas"]:
        r = rate(a)
        ms = "-" if a["round_ms"] is None else f"{a['round_ms']:.0f}"
        notes = "; ".join(problems(a)) or "ok"
        lines.append(
            f"{a['antenna']:>3} {a['zone']:<9} {a['tags']:>4} {a['rounds']:>8} "
            f"{'-' if r is None else f'{r:.1%}':>9} {ms:>8}  {notes}"
        )
    if snap["tags"]:
        lines.append("tags to check:")
        for t in snap["tags"]:
            where = f" in {t['zone']}" if t.get("zone") else ""
            misses = f", its antenna lost it {t['misses']} times" if t.get("misses") else ""
            lines.append(f"  {t['uid']} ({t['what']}){where}: {t['state']}{misses}")
    else:
        lines.append("tags to check: none")
    return "\n".join(lines)

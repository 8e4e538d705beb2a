"""The score of a table on real RFID reads (`tablectl sim --rf`; docs/rf.md defines each count).

For every motion, the simulator knows what a perfect reader would have made the bridge emit (its
*truth*). When the bridge emitted something else, the same engine state is ruled on twice: once on
the truth (on a copy), once on what the bridge said. :meth:`RfScore.compare` counts the
difference: rulings and alerts only the real reads produced are false; alerts (and rulings that
make a seat owe chips) only the truth produced are missed calls.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from tablectl.engine.dealing import stops_play
from tablectl.engine.outputs import Alert, Output, Ruling

RECOUNT = "recount"  # the alert or notice kind of a recount prompt (issue 27, item 5)

Key = tuple[object, ...]


def _key(out: Output) -> Key | None:
    if isinstance(out, Ruling):
        return ("ruling", out.seat, out.action, out.to, out.owes, out.returned)
    if isinstance(out, Alert):
        return ("alert", out.kind, out.text)
    return None


@dataclass(frozen=True, slots=True)
class Call:
    """A false or missed call: ``what`` ("false ruling", "false alert", "missed"), the alert's
    kind or ``ruling:<action>``, and what was said."""

    what: str
    kind: str
    text: str


def describe(out: Output) -> str:
    """An output in a line: the alert's text, or the ruling's seat, action and amounts."""
    if isinstance(out, Ruling):
        s = f"seat {out.seat} {out.action}" + (f" to {out.to}" if out.to else "")
        s += f" owes {out.owes}" if out.owes else ""
        s += f" returned {out.returned}" if out.returned else ""
        return s + (f" ({out.rule})" if out.rule else "")
    if isinstance(out, Alert):
        return f"{out.text} ({out.rule})" if out.rule else out.text
    return str(out)


def stops(alert: Alert) -> bool:
    """An alert that stops play: one ordering the hand dealt again (002 Rule 36-C,
    :func:`tablectl.engine.dealing.stops_play`), one telling the dealer to stop (chips missing,
    002 Rule 63), or the bridge's hold (its link or sensors down)."""
    return stops_play(alert) or _STOP.search(alert.text) is not None


_STOP = re.compile(r"\bstop\b|\bhold the action\b", re.IGNORECASE)


def is_recount(out: object) -> bool:
    """A recount prompt: the engine's ``recount`` alert (its ``recount`` notice closes one)."""
    return isinstance(out, Alert) and out.kind == RECOUNT


@dataclass(slots=True)
class RfScore:
    level: str
    hands: int = 0
    false_rulings: int = 0
    false_alerts: int = 0
    false_stops: int = 0  # false alerts that stop play (:func:`stops`)
    missed: int = 0
    recounts: int = 0
    wrong_amount: int = 0  # false rulings on a seat the truth ruled with another amount
    false_kinds: Counter[str] = field(default_factory=Counter)  # false alerts and rulings
    missed_kinds: Counter[str] = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)  # seconds, one per motion ruled on
    bad_hands: int = 0  # hands with at least one false or missed call
    committed: Counter[str] = field(default_factory=Counter)  # irregularities the bots made
    uncalled: Counter[str] = field(default_factory=Counter)  # not called even on the truth
    stops: int = 0  # sessions the simulator had to end (the table and engine disagreed)
    # motions in which the dealer exchanged chips at the tray (chips off the table and others
    # onto it), and the chips that went through the tray in them, both ways
    exchanges: int = 0
    tray_chips: int = 0
    _hand_bad: bool = False

    def compare(self, ideal: Iterable[Output], actual: Iterable[Output]) -> list[Call]:
        """One motion's outputs on the truth against those on the real reads; returns the
        false and missed calls (for --explain)."""
        actual = list(actual)
        ideal = list(ideal)
        text = {k: describe(o) for o in [*ideal, *actual] if (k := _key(o)) is not None}
        stopping = {_key(o): isinstance(o, Alert) and stops(o) for o in actual}
        calls: list[Call] = []
        want = Counter(k for o in ideal if (k := _key(o)) is not None)
        got = Counter(k for o in actual if not is_recount(o) and (k := _key(o)) is not None)
        false = got - want
        missed = want - got
        for k, n in false.items():
            if k[0] == "ruling":
                self.false_rulings += n
                self.false_kinds[f"ruling:{k[2]}"] += n
                if any(m[0] == "ruling" and m[1] == k[1] for m in missed):
                    self.wrong_amount += n
                calls += [Call("false ruling", f"ruling:{k[2]}", text[k])] * n
            else:
                self.false_alerts += n
                self.false_stops += n * stopping[k]
                self.false_kinds[str(k[1])] += n
                calls += [Call("false alert", str(k[1]), text[k])] * n
        for k, n in missed.items():
            if k[0] == "alert" or int(str(k[4])) > 0:
                self.missed += n
                kind = str(k[1] if k[0] == "alert" else "undercall")
                self.missed_kinds[kind] += n
                calls += [Call("missed", kind, text[k])] * n
        if false or missed:
            self._hand_bad = True
        return calls

    def prompts(self, outputs: Iterable[Output]) -> None:
        """Count the recount prompts among a motion's outputs on the real reads: every one the
        dealer is shown, in every motion, whether or not the motion's events differ from a
        perfect reader's (a question can rest on an earlier read, a dead chip's place)."""
        self.recounts += sum(1 for o in outputs if is_recount(o))

    def bridge_alerts(self, alerts: Iterable[Alert]) -> list[Call]:
        """Alerts the bridge raised itself: a perfect reader raises none."""
        calls = []
        for a in alerts:
            if is_recount(a):
                self.recounts += 1
            else:
                self.false_alerts += 1
                self.false_stops += stops(a)
                self.false_kinds[a.kind] += 1
                self._hand_bad = True
                calls.append(Call("false alert", a.kind, describe(a)))
        return calls

    def add(self, other: RfScore) -> None:
        """Another run's counts into these (bench/rf.py: a level's runs of fixed seeds)."""
        for name in ("hands", "false_rulings", "false_alerts", "false_stops", "missed"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("recounts", "wrong_amount", "bad_hands", "stops", "exchanges", "tray_chips"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for name in ("false_kinds", "missed_kinds", "committed", "uncalled"):
            getattr(self, name).update(getattr(other, name))
        self.latencies += other.latencies

    def tray(self, off: int, on: int) -> None:
        """A motion took ``off`` chips off the table and placed ``on`` from off it: an
        exchange at the tray when both."""
        if off and on:
            self.exchanges += 1
            self.tray_chips += off + on

    def hand_over(self) -> None:
        self.hands += 1
        self.bad_hands += self._hand_bad
        self._hand_bad = False

    def latency_p99_ms(self) -> int:
        if not self.latencies:
            return 0
        ordered = sorted(self.latencies)
        return round(1000 * ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)])

    def line(self) -> str:
        return (
            f"rf={self.level} hands={self.hands} false_rulings={self.false_rulings} "
            f"false_alerts={self.false_alerts} missed={self.missed} recounts={self.recounts} "
            f"latency_p99_ms={self.latency_p99_ms()}"
        )

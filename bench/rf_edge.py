"""Drawn read sequences of a chip of change landing at the stack/bet line (issue 27, rf-llr).

Two mirror situations, as hw_sim/rf.py draws an edge placement (shared/spec/rf-model.md: read
by one neighbour in 50% of rounds, missed by its own in 20%): a chip from the tray lands at
round 20 in seat 1's stack at its edge towards the bet (the stack, 40 ms rounds, reads it in
80% of its rounds, the bet, 20 ms rounds, in 50%), or in the bet at its edge towards the stack
(the mirror); for the tracker also a push (rf-push): the chip lies in seat 1's stack from the
start and is pushed at round 60 to the bet's edge towards the stack (read as in "bet", the
stack reading it in every round before; wrong too if the bet is ruled without it). Each
sequence runs through the TagTracker on PYTHONPATH; a sequence is wrong
when a chips event puts the chip in the other zone or it ends there. Beside it, the rules on
the same draws without the tracker: a log-likelihood ratio over both antennas' rounds since
the landing, at a fixed hold's end, and sequential (decide once |LLR| >= a bound, at a cap by
its sign), without and with the geometry's prior (log 4 towards the stack).

    python3 bench/rf_edge.py [--n 200] [--step 0.02]
"""

from __future__ import annotations

import argparse
import math
import random

from firmware_bridge.tags import ChipInventory, DeckRegistry
from firmware_bridge.tracker import TagTracker
from hw_sim.mcu import standard_antennas
from tablectl.engine.events import event_to_obj
from tablectl.engine.outputs import Alert

ANT = {z: a for a, z in standard_antennas().items()}
LAND, ROUNDS, STEP = 20, 150, 0.02  # the landing's round, rounds of 20 ms
PUSH = 60  # the push's round: the chip has lain in the stack for 60 rounds


def _uid(value: int, n: int) -> bytes:
    return bytes([0x05, 0xC0, 0, 0, 0, 0, value % 256, n])


def draws(situation: str, seed: int) -> tuple[list[bool], list[bool]]:
    """Per 20 ms step: the stack's read (its rounds on even steps), the bet's read."""
    own, other = (0.8, 0.5) if situation == "stack" else (0.5, 0.8)  # "bet" and "push"
    rs, rb = random.Random(seed), random.Random(seed + 100_000)
    return [rs.random() < own for _ in range(ROUNDS)], [rb.random() < other for _ in range(ROUNDS)]


def tracked(situation: str, seed: int, step: float = STEP) -> bool:
    """True when the tracker on PYTHONPATH gets the sequence right (the bet's rounds ``step``
    seconds, the stack's twice that)."""
    five, h1, k, b = _uid(50, 1), _uid(100, 2), _uid(10, 3), _uid(101, 4)
    inv = ChipInventory({five.hex(): 5000, h1.hex(): 100, b.hex(): 100})
    pushed = situation == "push"
    land = PUSH if pushed else LAND
    if pushed:
        inv.add(k.hex(), 1000)  # in the stack from the start
    tracker = TagTracker(DeckRegistry([]), inv)
    tracker.set_antennas(standard_antennas())
    stack_r, bet_r = draws(situation, seed)
    right, wrong = ("stack:1", "bet:1") if situation == "stack" else ("bet:1", "stack:1")
    bad = False
    for r in range(ROUNDS + land - LAND):
        t = r * step
        if r == LAND and not pushed:
            inv.add(k.hex(), 1000)  # enrolled as it comes from the rack
        if r % 2 == 0:
            here = stack_r[r - land + LAND] if r >= land else pushed
            stack = [five, h1] + ([k] if here else [])
            tracker.report(ANT["stack:1"], tuple((u, 0) for u in stack), t, r // 2)
        bet = [b] + ([k] if r >= land and bet_r[r - land + LAND] else [])
        tracker.report(ANT["bet:1"], tuple((u, 0) for u in bet), t, r)
        for e in tracker.poll(t + 0.0001):
            if isinstance(e, Alert):
                continue
            o = event_to_obj(e)
            chips = o.get("chips", {}) if r >= land else {}
            if 1000 in chips.get(wrong, []):
                bad = True
            if pushed and "bet:1" in chips and 1000 not in chips["bet:1"]:
                bad = True  # the bet ruled without it: a call short, a string bet
    return not bad and tracker.places().get(k) == right


def llr_rounds(situation: str, seed: int) -> list[tuple[float, float]]:
    """(time since the landing, the LLR's step towards the stack) per round, in time order."""
    stack_r, bet_r = draws(situation, seed)
    up, down = math.log(0.8 / 0.5), math.log(0.2 / 0.5)
    out = []
    for r in range(LAND, ROUNDS):
        t = (r - LAND + 1) * STEP
        if r % 2 == 0:
            out.append((t, up if stack_r[r] else down))
        out.append((t, -up if bet_r[r] else -down))
    return out


def decide(
    steps: list[tuple[float, float]], prior: float, bound: float, cap: float
) -> tuple[str, float]:
    """'stack' or 'bet' and when: the first time |LLR| >= bound (not before 0.15 s, an
    arrival's rest), else at ``cap`` by its sign."""
    llr = prior
    for t, s in steps:
        if t > cap + 1e-9:
            break
        llr += s
        if t >= 0.15 - 1e-9 and abs(llr) >= bound:
            return ("stack" if llr > 0 else "bet"), t
    return ("stack" if llr > 0 else "bet"), cap


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--no-tracker", action="store_true")
    ap.add_argument("--step", type=float, default=STEP, help="the bet's rounds (tracker only), s")
    a = ap.parse_args()
    sits = ("stack", "bet")
    if not a.no_tracker:
        print(
            "tracker on PYTHONPATH, wrong of",
            a.n,
            {s: sum(not tracked(s, i, a.step) for i in range(a.n)) for s in (*sits, "push")},
        )
    rules = [("fixed 0.35 s", math.inf, 0.35), ("fixed 0.5 s", math.inf, 0.5)]
    rules += [
        (f"sequential bound {b}, cap {c} s", b, c)
        for b in (2.0, 3.0, 4.0)
        for c in (0.35, 0.5, 0.7)
    ]
    rules += [(f"sequential bound {b}, cap {c} s", b, c) for b in (5.0, 6.0) for c in (0.5, 0.7)]
    for name, bound, cap in rules:
        for pname, prior in (("even", 0.0), ("log 4", math.log(4))):
            wrong = {}
            waits = []
            for s in sits:
                n = 0
                for i in range(a.n):
                    got, t = decide(llr_rounds(s, i), prior, bound, cap)
                    n += got != s
                    waits.append(t)
                wrong[s] = n
            waits.sort()
            weighted = (4 * wrong["stack"] + wrong["bet"]) / 5 / a.n
            print(
                f"{name:34} prior {pname:5}: wrong stack {wrong['stack']:3} bet {wrong['bet']:3}"
                f" weighted {weighted:.1%}; decided at p50 {waits[len(waits) // 2]:.2f} s,"
                f" p90 {waits[int(len(waits) * 0.9)]:.2f} s"
            )


if __name__ == "__main__":
    main()

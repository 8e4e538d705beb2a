"""Every chip line's verdict against where the chip lay at that moment (issue 27).

    python3 bench/rf_lines.py [--hands 100] [--seed 1] [--seeds 10] [--level realistic]

Plays ``--seeds`` runs of ``--hands`` hands of `tablectl sim --rf LEVEL --tracker` (seeds
``--seed`` on, as bench/rf.py) and takes each contest on a chip line (a seat's stack and bet, two
neighbouring bets, a bet and the pot: docs/protocol.md, "The stack/bet line") the first time the
tracker's sequential test decides it (``_line_sides``). The truth is the simulator's placement of
the chip in force at the verdict's time (``RfTable.placements``: the time each change took
effect, not the simulator's plan, which runs a motion ahead). Printed per line and contest: the
verdicts, those wrong, and how many of each came at the bound or at the cap (0.7 s), with the
LLR of all the contest's rounds at the verdict; a chip placed anew during its contest (moved:
the verdict read the rounds of two places) is counted apart. Then each wrong verdict.
"""

from __future__ import annotations

import argparse
from bisect import bisect_right
from collections import Counter, defaultdict
from typing import Any

from rf import sim_config

from firmware_bridge.tracker.geometry import _line_prior
from hw_sim.table import TableSim

Row = dict[str, Any]


def _kind(a: str, b: str) -> str:
    return "/".join(sorted(z.split(":")[0] for z in (a, b)))


def judge(seed: int, hands: int, level: str) -> list[Row]:
    """One run's line verdicts with the truth at their time."""
    sim = TableSim(sim_config(level, hands, seed))
    rf, tracker = sim.rf, sim.bridge.mapper
    assert rf is not None
    rf.placements = []
    rows: list[Row] = []
    seen: set[tuple[bytes, str, str, float]] = set()
    line_sides = tracker._line_sides

    def judged(uid: bytes, a: str, b: str, since: float, now: float) -> tuple[str, str] | None:
        landing = tracker._landing.get(uid)
        open_before = landing is None or landing.sides is None
        sides = line_sides(uid, a, b, since, now)
        key = (uid, a, b, round(since, 4))
        if sides is None or not open_before or key in seen:
            return sides
        seen.add(key)
        prior = landing.prior if landing is not None else None
        llr = (prior if prior is not None else _line_prior(a, b) or 0.0) + tracker._line_llr(
            uid, a, b, since, now
        )
        rows.append(
            {
                "seed": seed,
                "t": now,
                "uid": uid,
                "a": a,
                "b": b,
                "won": sides[0],
                "llr": llr,
                "since": since,
                "cap": now - since + 1e-6 >= tracker._edge_cap(a, b),
                "alone": bool(landing is not None and landing.alone),
            }
        )
        return sides

    tracker._line_sides = judged  # type: ignore[method-assign]
    sim.run()
    history: dict[bytes, list[tuple[float, str | None]]] = defaultdict(list)
    for t, uid, ant, _ in rf.placements:
        history[uid].append((t, rf.antennas.get(ant) if ant is not None else None))
    for row in rows:
        h = history.get(row["uid"], [])
        i = bisect_right([t for t, _ in h], row["t"]) - 1
        row["truth"] = h[i][1] if i >= 0 else None
        row["moved"] = any(row["since"] < t <= row["t"] for t, _ in h)
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seeds", type=int, default=10)
    ap.add_argument("--level", default="realistic", help="LEVEL or LEVEL+shared")
    args = ap.parse_args()
    rows: list[Row] = []
    for seed in range(args.seed, args.seed + args.seeds):
        rows += judge(seed, args.hands, args.level)
    table: Counter[tuple[str, str, str, bool]] = Counter()
    for r in rows:
        if r["truth"] not in (r["a"], r["b"]):
            continue  # the chip lay elsewhere by then (crossing, in a hand): no line verdict
        contest = "moved" if r["moved"] else "plain arrival" if r["alone"] else "contest"
        how = "cap" if r["cap"] else "bound"
        table[(_kind(r["a"], r["b"]), contest, how, r["won"] == r["truth"])] += 1
    hands = args.hands * args.seeds
    print(f"{args.level}, {hands} hands, seeds {args.seed}-{args.seed + args.seeds - 1}")
    print("| line | contest | verdicts at the bound | wrong | verdicts at the cap | wrong |")
    print("|---|---|---|---|---|---|")
    for line, contest in sorted({(k[0], k[1]) for k in table}):
        b_ok, b_no = table[(line, contest, "bound", True)], table[(line, contest, "bound", False)]
        c_ok, c_no = table[(line, contest, "cap", True)], table[(line, contest, "cap", False)]
        print(f"| {line} | {contest} | {b_ok + b_no} | {b_no} | {c_ok + c_no} | {c_no} |")
    for r in rows:
        if r["truth"] in (r["a"], r["b"]) and r["won"] != r["truth"]:
            print(
                f"seed {r['seed']} t={r['t']:.3f} {r['uid'].hex()} {r['a']}/{r['b']}: "
                f"{r['won']} at LLR {r['llr']:+.2f} ({'cap' if r['cap'] else 'bound'}), "
                f"{r['t'] - r['since']:.2f} s after the contest began; it lay in {r['truth']}"
                f"{' (placed anew during the contest)' if r['moved'] else ''}"
            )


if __name__ == "__main__":
    main()

"""`tablectl sim` without --out keeps nothing per hand (issue 14 item 5): no scenario lines or
outputs, a finite rack of chips (a chip taken off the table is reused, not a new tag
registered each time), no history of every button press. bench/memory.py prints the RSS."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hw_sim.table import SimConfig, TableSim


def test_a_long_sim_without_out_keeps_nothing_per_hand() -> None:
    peak: Counter[int] = Counter()
    sim: TableSim

    def on_view(_view: Any) -> None:
        on_table = Counter(sim.chip_value[u] for u in sim.where if u in sim.chip_value)
        for value, n in on_table.items():
            peak[value] = max(peak[value], n)

    sim = TableSim(SimConfig(hands=25, seed=3, workdir=None, write_scenarios=False), on_view)
    result = sim.run()
    assert result.ok and result.hands == 25
    assert result.outputs == [] and result.scenarios == []
    assert len(sim._lines) <= 1  # the setup line only
    # Chips taken off the table are reused: what was ever registered stays within twice the
    # most the table held at once (a motion may take chips off and put change on together).
    # Minting a chip for every change made registers hundreds more in 25 hands.
    registered = Counter(sim.chip_value.values())
    assert sum(registered.values()) <= 2 * sum(peak.values()), (registered, peak)
    assert all(len(sim.console.pin(name).states) <= 2 for name in sim.console.console.pins)

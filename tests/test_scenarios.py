"""Every scenario file passes: the contract examples (shared/scenarios) and our worked examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from tablectl.cli.replay import replay_file

HERE = Path(__file__).parent
SHARED = HERE.parent.parent / "shared" / "scenarios"
FILES = sorted((HERE / "scenarios").glob("*.jsonl")) + sorted(SHARED.glob("*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_passes(path: Path) -> None:
    result = replay_file(path)
    assert result.ok, "\n".join(result.failures)
    assert result.checks > 0, "a scenario without expectations checks nothing"


def test_contract_scenarios_are_present() -> None:
    names = {p.name for p in SHARED.glob("*.jsonl")}
    assert {"basic_hand.jsonl", "side_pot_short_big_blind.jsonl"} <= names

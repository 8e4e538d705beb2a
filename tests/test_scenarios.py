"""Every scenario file passes: the contract examples (shared/scenarios, or their copies in
tests/contract in a checkout without ../shared) and our worked examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from scenario_files import COPIES_DIR, SHARED_DIR, contract, every, shared

from tablectl.cli.replay import replay_file

FILES = every()


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_scenario_passes(path: Path) -> None:
    result = replay_file(path)
    assert result.ok, "\n".join(result.failures)
    assert result.checks > 0, "a scenario without expectations checks nothing"


def test_contract_scenarios_are_present() -> None:
    names = {p.name for p in contract()}
    assert {
        "basic_hand.jsonl",
        "side_pot_short_big_blind.jsonl",
        "tda50_example2_forced_raise.jsonl",
    } <= names


@pytest.mark.skipif(
    not SHARED_DIR.is_dir(),
    reason="../shared (the contract) is not beside this "
    "checkout: the in-repo copies in tests/contract stand in for it",
)
def test_contract_copies_match_the_contract() -> None:
    """tests/contract mirrors ../shared/scenarios: every example copied, byte for byte."""
    originals = {p.name: p.read_bytes() for p in shared()}
    copies = {p.name: p.read_bytes() for p in COPIES_DIR.glob("*.jsonl")}
    assert originals, f"no scenarios in {SHARED_DIR}"
    missing = sorted(originals.keys() - copies.keys())
    assert not missing, f"copy these from {SHARED_DIR} into {COPIES_DIR}: {missing}"
    stale = sorted(n for n in originals if originals[n] != copies[n])
    assert not stale, f"tests/contract copies differ from {SHARED_DIR}: {stale}"
    assert not copies.keys() - originals.keys(), "a copy the contract no longer has"

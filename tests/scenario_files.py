"""Where the scenario files are, for the tests.

- ours: ``tests/scenarios/*.jsonl``, the worked examples;
- the contract's examples: ``../shared/scenarios/*.jsonl`` when the shared contract sits beside
  the checkout, and always their copies in ``tests/contract/`` (a plain clone has no ``../shared``;
  ``tests/test_scenarios.py`` checks the copies against the originals when both are there).
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
OURS = sorted((HERE / "scenarios").glob("*.jsonl"))
COPIES_DIR = HERE / "contract"
SHARED_DIR = HERE.parent.parent / "shared" / "scenarios"


def shared() -> list[Path]:
    """The contract's own files, when ``../shared`` is present (else none)."""
    return sorted(SHARED_DIR.glob("*.jsonl"))


def contract() -> list[Path]:
    """One file per contract example: the original when present, else the in-repo copy."""
    by_name = {p.name: p for p in sorted(COPIES_DIR.glob("*.jsonl"))}
    by_name.update({p.name: p for p in shared()})
    return [by_name[name] for name in sorted(by_name)]


def contract_file(name: str) -> Path:
    """A contract example by name (``basic_hand.jsonl``): the original or the in-repo copy."""
    original = SHARED_DIR / name
    return original if original.exists() else COPIES_DIR / name


def every() -> list[Path]:
    """Every scenario the tests know: ours, then the contract's."""
    return OURS + contract()

"""The tree is `ruff check` clean and laid out by `ruff format` (pyproject.toml holds both
configurations): CI runs the README's one test command, so the style is checked here."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff() -> list[str]:
    exe = shutil.which("ruff")
    if exe is not None:
        return [exe]
    pytest.importorskip("ruff", reason="ruff is in the test extra: pip install -e '.[test]'")
    return [sys.executable, "-m", "ruff"]


@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]])
def test_ruff(args: list[str]) -> None:
    done = subprocess.run([*_ruff(), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"ruff {' '.join(args)}:\n{done.stdout}{done.stderr}"

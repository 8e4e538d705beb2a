"""Write tablectl/engine/evaluator_tables.py from the evaluator's builders.

    python bench/make_evaluator_tables.py

Run it after changing how the evaluator values hands; tests/test_perf_evaluator.py fails until
the shipped tables match the builders again.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

OUT = ROOT / "tablectl" / "engine" / "evaluator_tables.py"


def main() -> int:
    # The builders only: importing the evaluator would load the very file being replaced.
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_evaluator_builders", ROOT / "tablectl/engine/evaluator.py"
    )
    assert spec and spec.loader
    source = spec.loader.get_source("_evaluator_builders")  # type: ignore[attr-defined]
    assert source is not None
    namespace: dict[str, object] = {"__name__": "_evaluator_builders"}
    # Stop before the tables are loaded: everything above that line is builders and constants.
    exec(
        compile(source.split("\n_FLUSH, _RANK = _load_tables()")[0], "evaluator.py", "exec"),
        namespace,
    )
    text = namespace["tables_source"]()  # type: ignore[operator]
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT} ({len(text):,} characters)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Soak: a 500-hand simulated tournament (`-m slow`; 100 hands by default) through the full
daemon (journal → engine → histories) with faults injected in the stream: torn lines, undo
and redo, clock calls, pauses, floor calls. No unhandled exception, chips conserved after every
event, the journal complete."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from test_daemon_session import write_session

from tablectl.cli.export import histories
from tablectl.daemon.journal import Journal
from tablectl.daemon.loop import Daemon, ScriptSource
from tablectl.engine.events import ScenarioError, parse_line


@pytest.mark.parametrize(
    "hands",
    [
        100,
        # ~13,000 events each synced to disk (synchronous=FULL): about a minute, I/O bound.
        pytest.param(500, marks=pytest.mark.slow),
    ],
)
def test_soak_with_faults(tmp_path: Path, hands: int) -> None:
    script = write_session(tmp_path / "soak.jsonl", 2026, hands, faults=True)
    readable, torn = [], 0
    for line in script.read_text().splitlines():
        try:
            parsed = parse_line(line)
        except ScenarioError:
            torn += 1
            continue
        if parsed.event is not None:
            readable.append(parsed.event.to_json())
    assert torn > 0

    journal = tmp_path / "j.db"
    source = ScriptSource(script, batch=100)
    daemon = Daemon(journal, source.setup, source, histories=tmp_path / "hist")
    daemon.restore()
    start_total = daemon.table.chips_total()
    assert daemon.run() == 0

    assert daemon.stats.engine_errors == 0
    assert daemon.stats.conservation_errors == 0
    assert daemon.table.chips_total() == start_total
    assert daemon.table.hand_no >= hands
    assert len(source.bad_lines) == torn  # every torn line reported, none journaled

    buf = io.StringIO()
    with Journal(journal) as j:
        j.export_scenario(buf)
        assert len(j.hands()) == daemon.table.hand_no
    assert buf.getvalue().splitlines() == readable

    result = histories(journal)
    assert result.problems == []
    assert len(result.hands) >= hands
    assert sum(result.stacks.values()) == start_total
    assert len(list((tmp_path / "hist").iterdir())) == len(result.hands)

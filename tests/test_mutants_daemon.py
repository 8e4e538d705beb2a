"""The daemon's checkpoints (tablectl.daemon.journal, loop) at the edges a mutation run found
untested (issue 34), through the journal's and the daemon's public calls."""

from __future__ import annotations

import io
import logging
import pickle
import re
import shutil
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from test_daemon_session import make_session

import tablectl.engine
from tablectl.daemon import journal
from tablectl.daemon.loop import Daemon, DaemonError, ScriptSource
from tablectl.daemon.owner import LoopGuard, ThreadError, unwrap


def _build_of(monkeypatch: pytest.MonkeyPatch, engine_dir: Path) -> str:
    """The build fingerprint computed afresh for the engine sources in ``engine_dir``."""
    monkeypatch.setattr(journal, "_ENGINE_BUILD", None)
    monkeypatch.setattr(tablectl.engine, "__file__", str(engine_dir / "__init__.py"))
    return journal.engine_build()


def _run(tmp_path: Path, lines: list[str]) -> tuple[Path, Path]:
    """A script of ``lines`` run to its end by the daemon: the script and its journal."""
    script = tmp_path / "session.jsonl"
    script.write_text("\n".join(lines) + "\n")
    journal_path = tmp_path / "journal.db"
    source = ScriptSource(script)
    assert Daemon(journal_path, source.setup, source).run() == 0
    return script, journal_path


def _session(tmp_path: Path, seed: int, hands: int) -> tuple[Path, Path]:
    """A scripted session (``make_session``: ``seed``, ``hands`` hands) run to its end."""
    return _run(tmp_path, make_session(seed, hands, faults=False))


def _restored(journal_path: Path, script: Path) -> Daemon:
    """A daemon restarted on the journal, restored and its journal closed."""
    daemon = Daemon(journal_path, None, ScriptSource(script))
    daemon.restore()
    unwrap(daemon.journal).close()
    return daemon


def test_the_engine_build_names_the_engine_s_sources(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A checkpoint holds the objects of the engine that wrote it: its build id is the same for
    the same sources and differs when any engine source differs, in its text or its name (a
    checkpoint of another build is not used: tests/test_restore_checkpoint.py)."""
    real = Path(tablectl.engine.__file__).parent
    copy = tmp_path / "engine"
    shutil.copytree(real, copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "notes.txt").write_text("not a source")
    build = _build_of(monkeypatch, copy)
    assert re.fullmatch(r"[0-9a-f]+", build)
    assert journal.engine_build() == build  # computed once
    assert _build_of(monkeypatch, real) == build
    pots = copy / "pots.py"
    pots.write_text(pots.read_text() + "\n# one more line\n")
    changed = _build_of(monkeypatch, copy)
    pots.rename(copy / "pots2.py")
    assert len({build, changed, _build_of(monkeypatch, copy)}) == 3


def test_a_journal_that_cannot_start_a_table_is_refused_in_one_line(tmp_path: Path) -> None:
    """The daemon starts from its journal, or from the configured setup when the journal is
    empty; with neither, or with a file that is no journal, it says so in one line and leaves
    the file as it is."""
    script = tmp_path / "s.jsonl"
    script.write_text('{"setup": {"seats": {"1": 100, "2": 100}, "blinds": [1, 2]}}\n')
    empty = tmp_path / "j.db"
    with pytest.raises(DaemonError) as refused:
        Daemon(empty, None, ScriptSource(script)).restore()
    assert str(refused.value) == f"{empty}: empty journal and no setup to start from"
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(DaemonError) as refused:
        Daemon(junk, None, ScriptSource(script)).restore()
    assert str(refused.value).startswith(f"{junk}: not a usable journal: no SQLite header")
    assert junk.read_bytes() == b"this is not sqlite" * 100


def _from_another_thread(read: Callable[[], object]) -> str:
    said: list[str] = []

    def touch() -> None:
        try:
            read()
        except ThreadError as exc:
            said.append(str(exc))

    worker = threading.Thread(target=touch, name="intruder")
    worker.start()
    worker.join()
    return said[0] if said else "no error"


def test_a_restored_journal_and_table_are_the_loop_s_alone(tmp_path: Path) -> None:
    """issue 30: with a guard, the journal and the engine a restore opens (from the setup, and
    from a checkpoint) refuse any thread but the loop's, naming what was touched."""
    script, journal_path = _session(tmp_path, 2, 4)
    with journal.Journal(journal_path) as j:
        assert j.latest_checkpoint() is not None
    guard = LoopGuard()
    guard.claim()
    daemon = Daemon(journal_path, None, ScriptSource(script), guard=guard)
    daemon.restore()
    try:
        assert _from_another_thread(lambda: daemon.journal.rows) == (
            "the journal.rows touched from thread 'intruder'"
        )
        assert _from_another_thread(lambda: daemon.table.view) == (
            "the engine.view touched from thread 'intruder'"
        )
    finally:
        unwrap(daemon.journal).close()


class _Eval:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (eval, ("1 + 1",))


def test_a_checkpoint_loads_plain_values_and_no_other_builtin() -> None:
    """A checkpoint holds the engine's objects and plain values (a set, a complex number, as
    pickle names them by their builtin), nothing that runs code: a builtin function is refused
    by name, as any module outside the engine."""

    def load(value: object, protocol: int) -> object:
        return journal._EngineUnpickler(io.BytesIO(pickle.dumps(value, protocol))).load()

    assert load({1, 2}, 3) == {1, 2} and load(frozenset({3}), 3) == frozenset({3})
    assert load(complex(1, 2), 5) == complex(1, 2)
    with pytest.raises(pickle.UnpicklingError, match=r"^builtins\.eval is not part of a table$"):
        load(_Eval(), 5)
    with pytest.raises(pickle.UnpicklingError, match=r"^pathlib\.PosixPath is not part of a table"):
        load(Path("/"), 5)


def test_a_journal_resumed_under_another_configuration_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The journal's tournament is resumed whatever the configuration says; seats that differ
    from the configuration's are logged (the director may have meant a new tournament)."""
    script, journal_path = _session(tmp_path, 3, 1)
    warning = (
        "the journal's seats differ from the configuration's: resuming the journal's "
        "tournament (move the journal away to start a new one)"
    )
    setup = ScriptSource(script).setup
    for config, warned in ((setup, False), ({**setup, "seats": {"1": 5}}, True)):
        caplog.clear()
        daemon = Daemon(journal_path, config, ScriptSource(script))
        with caplog.at_level(logging.WARNING):
            daemon.restore()
        unwrap(daemon.journal).close()
        assert (warning in caplog.text) == warned, caplog.text


def test_the_players_names_come_back_with_the_journal(tmp_path: Path) -> None:
    """The names journaled with the setup name the seats again after a restart (the hand
    histories' players)."""
    setup = '{"setup": {"seats": {"1": 100, "2": 100}, "blinds": [1, 2], "names": {"1": "Ann"}}}'
    script, journal_path = _run(tmp_path, [setup])
    assert _restored(journal_path, script).builder.names == {1: "Ann"}


def test_a_new_journal_starts_with_its_setup_before_any_hand_and_a_guarded_table(
    tmp_path: Path,
) -> None:
    """An empty journal starts from the configured setup: the setup is its first row, before
    the first hand (hand 0), and with a guard the new table is the loop's alone (issue 30)."""
    script = tmp_path / "s.jsonl"
    script.write_text('{"setup": {"seats": {"1": 100, "2": 100}, "blinds": [1, 2]}}\n')
    guard = LoopGuard()
    guard.claim()
    source = ScriptSource(script)
    daemon = Daemon(tmp_path / "new.db", source.setup, source, guard=guard)
    daemon.restore()
    try:
        assert _from_another_thread(lambda: daemon.table.view) == (
            "the engine.view touched from thread 'intruder'"
        )
        (row,) = unwrap(daemon.journal).rows()
        assert row.hand_no == 0 and row.line.startswith('{"setup"')
    finally:
        unwrap(daemon.journal).close()


def test_the_latest_checkpoint_of_this_build_is_used_and_the_others_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A checkpoint of another build, or one that does not load, is passed over with a line in
    the log; the latest one this build can load is used, with its row and hand."""
    _, journal_path = _session(tmp_path, 6, 6)
    with journal.Journal(journal_path) as j:
        rows = j._db.execute("SELECT row_id, hand_no FROM checkpoints ORDER BY row_id DESC")
        (last, _), (before, hand), (oldest, _) = rows.fetchall()[:3]
        j._db.execute("UPDATE checkpoints SET build = 'another' WHERE row_id = ?", (last,))
        j._db.execute("UPDATE checkpoints SET state = X'00' WHERE row_id = ?", (before,))
        with caplog.at_level(logging.INFO):
            used = j.latest_checkpoint()
    assert used is not None and (used.row_id, used.table.hand_no) == (oldest, used.hand_no)
    assert hand == used.hand_no + 1
    said = [r.getMessage() for r in caplog.records]
    assert f"checkpoint at row {last} is another build's: not used" in said
    assert any(
        m.startswith(f"checkpoint at row {before} unreadable (") and m.endswith("): not used")
        for m in said
    )


def test_a_restore_says_what_it_replayed(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The log says a new journal was started and with how many seats; each restore says how
    many events it replayed after which row, the bad rows, how long it took, and where the
    table stands; a restart that replays a few rows writes no checkpoint of its own."""
    script = tmp_path / "session.jsonl"
    script.write_text("\n".join(make_session(4, 3, faults=False)) + "\n")
    journal_path = tmp_path / "journal.db"
    source = ScriptSource(script)
    with caplog.at_level(logging.INFO, logger="tablectl.daemon"):
        assert Daemon(journal_path, source.setup, source).run() == 0
    said = [r.getMessage() for r in caplog.records]
    seats = len(source.setup["seats"])
    assert f"new journal {journal_path}: {seats} seats" in said
    first = next(m for m in said if m.startswith("journal replayed: "))
    assert re.fullmatch(
        r"journal replayed: 0 events after row 0, 0 bad rows in 0\.\d{3} s; "
        r"hand 0, \w+",
        first,
    ), first
    with journal.Journal(journal_path) as j:
        checkpoints = j._db.execute("SELECT count(*) FROM checkpoints").fetchone()[0]
        after = j.latest_checkpoint()
    assert after is not None
    caplog.clear()
    daemon = Daemon(journal_path, None, ScriptSource(script))
    with caplog.at_level(logging.INFO, logger="tablectl.daemon"):
        daemon.restore()
    unwrap(daemon.journal).close()
    (line,) = [r.getMessage() for r in caplog.records if "journal replayed" in r.getMessage()]
    table = daemon.table
    assert re.fullmatch(
        rf"journal replayed: {daemon.stats.replayed} events after row {after.row_id}, 0 bad "
        rf"rows in \d+\.\d{{3}} s; hand {table.hand_no}, {table.street}",
        line,
    ), line
    assert daemon.stats.bad_rows == 0
    with journal.Journal(journal_path) as j:
        assert j._db.execute("SELECT count(*) FROM checkpoints").fetchone()[0] == checkpoints


def test_floor_decisions_are_kept_for_the_screen_and_move_the_chips_expected(
    tmp_path: Path,
) -> None:
    """Every floor decision shows on the dealer screen (002 Rule 1); the chips the floor
    brought to the table (a seat taken with a stack) move the expected total, a misdeal none
    (002 Rule 36-C): no conservation alarm either way."""
    scenario = Path(__file__).parent / "scenarios" / "cards_redeal_keeps_limits_and_seats.jsonl"
    source = ScriptSource(scenario)
    daemon = Daemon(tmp_path / "journal.db", source.setup, source)
    assert daemon.run() == 0
    assert [d.text.split(":")[1].split()[0] for d in daemon.floor_decisions] == ["Ann", "misdeal"]
    assert daemon.floor_decisions[0].difference == 10000
    assert daemon.stats.conservation_errors == 0


def test_the_dealer_signed_in_deals_again_after_a_restart(tmp_path: Path) -> None:
    """Who deals comes back from the journaled badges (a floor badge is not a dealer's)."""
    script, journal_path = _run(
        tmp_path,
        [
            '{"setup": {"seats": {"1": 100, "2": 100}, "blinds": [1, 2]}}',
            '{"badge": {"name": "Flo", "role": "floor"}}',
            '{"badge": {"name": "Dee", "role": "dealer"}}',
        ],
    )
    assert _restored(journal_path, script).dealer == "Dee"


def test_a_checkpoint_that_cannot_be_written_costs_only_the_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A checkpoint is a cache of the replay: one the journal refuses to store is logged with
    its row and the reason, and the session goes on, every row journaled."""
    journal_path = tmp_path / "journal.db"
    journal.Journal(journal_path).close()
    db = sqlite3.connect(journal_path)
    with db:
        db.execute(
            "CREATE TRIGGER full BEFORE INSERT ON checkpoints "
            "BEGIN SELECT RAISE(ABORT, 'disk full'); END"
        )
    db.close()
    script = tmp_path / "session.jsonl"
    lines = make_session(5, 2, faults=False)
    script.write_text("\n".join(lines) + "\n")
    source = ScriptSource(script)
    daemon = Daemon(journal_path, source.setup, source)
    with caplog.at_level(logging.ERROR, logger="tablectl.daemon"):
        assert daemon.run() == 0
    said = [r.getMessage() for r in caplog.records]
    assert said and all(
        re.fullmatch(r"checkpoint after journal row \d+ not written: disk full", m) for m in said
    ), said
    with journal.Journal(journal_path) as j:
        assert j.latest_checkpoint() is None and len(list(j.rows())) == len(lines)


_REDEAL = Path(__file__).parent / "scenarios" / "cards_redeal_keeps_limits_and_seats.jsonl"


def test_a_restart_mid_hand_shows_the_floor_s_decision_and_expects_its_chips(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A floor decision journaled in the hand in progress (a seat taken with 10,000 chips,
    002 Rule 10-A) is replayed at a restart: the dealer screen shows it again and the chips it
    brought are expected, so the rest of the hand raises no conservation alarm; the daemon's
    view after the restore is the table's."""
    setup, deal, seat_ann, *rest = [
        line for line in _REDEAL.read_text().splitlines() if line.startswith("{")
    ]
    _, journal_path = _run(tmp_path, [setup, deal, seat_ann])
    script = tmp_path / "whole.jsonl"
    script.write_text("\n".join([setup, deal, seat_ann, *rest]) + "\n")
    daemon = Daemon(journal_path, None, ScriptSource(script, skip=2))
    daemon.restore()
    assert daemon.view() == daemon.table.view()
    assert [d.difference for d in daemon.floor_decisions] == [10000]
    with caplog.at_level(logging.ERROR, logger="tablectl.daemon"):
        assert daemon.run() == 0
    assert daemon.stats.conservation_errors == 0 and "not conserved" not in caplog.text
    assert [d.text.split(":")[1].split()[0] for d in daemon.floor_decisions] == ["Ann", "misdeal"]


def _checkpoints(journal_path: Path) -> list[tuple[int, int]]:
    with journal.Journal(journal_path) as j:
        return j._db.execute("SELECT row_id, hand_no FROM checkpoints").fetchall()


@pytest.mark.parametrize(
    ("ticks", "deal", "written"), [(50, False, True), (49, False, False), (50, True, False)]
)
def test_a_first_restart_of_50_events_between_hands_writes_a_checkpoint(
    tmp_path: Path, ticks: int, deal: bool, written: bool
) -> None:
    """A journal with no checkpoint (an old one, or none written) replays every event at
    start: from 50 events on, between hands, the restore writes a checkpoint after the last
    row, so the next restart is fast; fewer events, or a hand in progress, none."""
    lines = ['{"setup": {"seats": {"1": 100, "2": 100}, "blinds": [1, 2]}}']
    if deal:
        lines.append('{"deal": {"1": ["As", "Ad"], "2": ["Kc", "Kd"]}}')
    lines += ['{"tick": 1}'] * (ticks - deal)
    script, journal_path = _run(tmp_path, lines)
    assert _checkpoints(journal_path) == []
    daemon = _restored(journal_path, script)
    assert daemon.stats.replayed == ticks
    rows = len(lines)  # the setup is row 1
    assert _checkpoints(journal_path) == ([(rows, daemon.table.hand_no)] if written else [])
